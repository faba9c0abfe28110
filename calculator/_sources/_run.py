"""Where the parts are counted and split: in this process, in a pool of this machine's
processes, or as Dask tasks (``--dask``) on a local cluster or an existing one.

Every way gives the parts' results in the parts' order, so the plan is the same whoever
did the work.  A Dask task is retried (:data:`RETRIES`) when it fails or its worker dies; a
task that fails every time comes back as :class:`TaskFailed` for the caller to report.
Dask is an optional package, imported only here and only for ``--dask``.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, TypeVar

from .._errors import CalculatorError
from .._tokens._files import PARALLEL_BYTES, Progress, free_cores
from . import Part

#: How many times Dask runs a failed task again before it is reported.
RETRIES = 3
#: Tasks submitted ahead of the one whose result is awaited, per worker process (thread):
#: enough to keep every worker busy while results are taken in order, few enough that the
#: results waiting for an earlier one stay a few parts' worth, whatever the corpus's size.
IN_FLIGHT = 4
#: What installs Dask for ``--dask``.
DASK_EXTRA = "pip install 'rag-chunk-planner[dask]'"

Result = TypeVar("Result")
#: A task's set-up (a function that loads a tokenizer once per process) and its arguments.
Setup = tuple[Callable[..., None], tuple[Any, ...]]


@dataclass(frozen=True, slots=True)
class TaskFailed:
    """A part whose task failed every time it ran: the part and why."""

    part: Part
    error: str


class DaskMissingError(Exception):
    """``--dask`` without Dask installed."""


# The set-up this process last ran: a worker runs many tasks of one set-up, loading once.
_set_up: tuple[Callable[..., None], tuple[Any, ...]] | None = None


def run_task(task: Callable[[Part], Result], setup: Setup, part: Part) -> Result:
    """``task`` of ``part`` in this process, after ``setup`` (once per process): a Dask task."""
    global _set_up  # noqa: PLW0603 (one tokenizer per process, loaded once)
    if _set_up != setup:
        function, args = setup
        if len(args) > 1 and isinstance(args[1], Path):  # the ranks: this machine's
            args = (args[0], worker_ranks(args[1]), *args[2:])
        function(*args)
        _set_up = setup
    return task(part)


def worker_ranks(ranks: Path) -> Path:
    """The token ranks a worker reads: the folder the command named where this machine has
    it, else those installed with this machine's package (a remote worker's own copy)."""
    if ranks.is_dir():
        return ranks
    packaged = Path(__file__).resolve().parents[1] / "_tokens" / "ranks"
    return packaged if packaged.is_dir() else ranks


class Engine:
    """Runs a task on every part, in this machine's processes or on a Dask cluster (made
    on first use, kept for the run's next task, closed by :meth:`close`)."""

    def __init__(
        self, *, dask: bool = False, workers: int | None = None, scheduler: str | None = None
    ) -> None:
        self.dask, self.workers, self.scheduler = dask, workers, scheduler
        self._client: Any = None
        self._cluster: Any = None

    def run(
        self,
        task: Callable[[Part], Result],
        setup: Setup,
        parts: Sequence[Part],
        progress: TextIO | None = None,
        doing: str = "counting",
    ) -> Iterator[Result | TaskFailed]:
        """Each part's result (or failure, on Dask), in the parts' order."""
        shown = Progress(progress, len(parts), sum(part.size for part in parts), doing, "parts")
        results = self._dask(task, setup, parts) if self.dask else self._local(task, setup, parts)
        for part, result in zip(parts, results, strict=True):
            shown.advance(1, part.size)
            yield result
        shown.close()

    def _local(
        self, task: Callable[[Part], Result], setup: Setup, parts: Sequence[Part]
    ) -> Iterator[Result]:
        size = sum(part.size for part in parts)
        workers = self.workers
        if workers is None:
            workers = min(free_cores(), len(parts)) if size > PARALLEL_BYTES else 1
        if workers <= 1:
            for part in parts:
                yield run_task(task, setup, part)
            return
        # Imported here: a browser has no processes.
        from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

        with ProcessPoolExecutor(workers, initializer=setup[0], initargs=setup[1]) as pool:
            ahead = deque(pool.submit(task, part) for part in parts[: IN_FLIGHT * workers])
            for part in parts[IN_FLIGHT * workers :]:
                yield ahead.popleft().result()
                ahead.append(pool.submit(task, part))
            while ahead:
                yield ahead.popleft().result()

    def client(self) -> Any:
        """The Dask client (its cluster started first, when none is named)."""
        if self._client is not None:
            return self._client
        try:
            from distributed import Client, LocalCluster  # noqa: PLC0415 (--dask only)
        except ModuleNotFoundError:
            raise DaskMissingError(f"Dask is not installed: {DASK_EXTRA}") from None
        if self.scheduler is not None:
            self._client = Client(self.scheduler, timeout="30s")  # type: ignore[no-untyped-call]
        else:
            # One thread a worker: the tokenizer holds the GIL, so a worker is a process.
            self._cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=self.workers or max(1, os.cpu_count() or 1),
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # a free port: another cluster may hold 8787,
            )
            self._client = Client(self._cluster)  # type: ignore[no-untyped-call]
        return self._client

    def _dask(
        self, task: Callable[[Part], Result], setup: Setup, parts: Sequence[Part]
    ) -> Iterator[Result | TaskFailed]:
        client = self.client()
        threads = sum(client.nthreads().values()) or 1

        def submit(part: Part) -> Any:
            # pure=False: a part read twice is two tasks (its files may have changed between).
            return client.submit(run_task, task, setup, part, retries=RETRIES, pure=False)

        window = IN_FLIGHT * threads
        ahead = deque((part, submit(part)) for part in parts[:window])
        later = iter(parts[window:])
        while ahead:
            part, future = ahead.popleft()
            try:
                yield future.result()
            except CalculatorError:
                raise  # a size the splitter refuses: the input's, not the task's
            except Exception as failure:  # a task's own, after its retries
                yield TaskFailed(part, f"{type(failure).__name__}: {failure}")
            future.release()  # its result is taken: the worker may forget it
            if (following := next(later, None)) is not None:
                ahead.append((following, submit(following)))

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
        if self._cluster is not None:
            self._cluster.close()
        self._client = self._cluster = None
