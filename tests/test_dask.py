"""``--dask``: the counting and splitting as Dask tasks give the local run's plan, also when
a worker dies while its tasks run."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster, WorkerPlugin

import build
import calculator._sources._datasets as datasets
from test_datasets import run

DOCUMENTS = 3000
EXAMPLES = build.ROOT / "web" / "examples" / "documents"
WORDS = [
    "the",
    "a",
    "of",
    "plan",
    "chunk",
    "token",
    "vector",
    "worker",
    "cluster",
    "overlap",
    "window",
    "splitter",
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """3,000 generated records, and their dataset's part size small enough for many tasks."""
    folder = tmp_path_factory.mktemp("dask")
    rng = random.Random(51)
    lines = []
    for index in range(DOCUMENTS):
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(0, 120)))
        lines.append(json.dumps({"id": f"r{index}", "body": {"text": words + "."}}))
    lines.insert(1234, "{broken")
    (folder / "corpus.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder / "corpus.jsonl"


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as local:
        yield local


@pytest.fixture(autouse=True)
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(datasets, "PART_BYTES", 16 << 10)  # about 40 tasks


ARGV = ["--text-field", "body.text", "--id-field", "id", "--chunk-size", "64", "--json"]


def test_dask_gives_the_local_plan(corpus: Path, cluster: LocalCluster) -> None:
    # The trade-off's windows with the window model (a splitter splits at every one of them).
    for more in (["--tradeoff"], ["--splitter", "recursive"]):
        argv = ["--count", str(corpus), *ARGV, *more]
        local = run(*argv)
        assert local[0] == 1  # the broken record, reported
        assert local[2].count("\n") == 1
        assert run(*argv, "--dask-scheduler", cluster.scheduler_address) == local
    report = json.loads(local[1])
    assert len(report["counted"]["documents"]) == DOCUMENTS


def test_dask_on_its_own_local_cluster(tmp_path: Path) -> None:
    for index in range(40):
        (tmp_path / f"{index:03}.md").write_text(f"# Note {index}\n\n" + "word " * index)
    argv = ["--count", str(tmp_path), "--chunk-size", "16", "--json"]
    assert run(*argv, "--dask", "--dask-workers", "2") == run(*argv)


def test_a_killed_worker_changes_nothing(
    corpus: Path, cluster: LocalCluster, tmp_path: Path
) -> None:
    marker = tmp_path / "killed"

    class KillOnce(WorkerPlugin):  # pickled by value: the workers need not import tests/
        """The first task that starts anywhere ends its worker's process (its nanny starts
        another); the marker file keeps the next ones alive."""

        def __init__(self, path: str) -> None:
            self.path = path

        def transition(self, key: Any, start: str, finish: str, **kwargs: Any) -> None:
            if finish != "executing":
                return
            try:
                os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                return
            os._exit(1)

    argv = ["--count", str(corpus), *ARGV, "--splitter", "recursive"]
    local = run(*argv)
    with Client(cluster.scheduler_address) as client:  # type: ignore[no-untyped-call]
        client.register_plugin(KillOnce(str(marker)), name="kill-once")
        try:
            assert run(*argv, "--dask-scheduler", cluster.scheduler_address) == local
        finally:
            client.unregister_worker_plugin("kill-once")
    assert marker.exists()  # a worker did die


def test_a_task_that_fails_every_time_is_reported(cluster: LocalCluster) -> None:
    from calculator._sources import Part  # noqa: PLC0415
    from calculator._sources._run import Engine, TaskFailed  # noqa: PLC0415

    parts = [Part(files=(f"{index}.txt",), size=1) for index in range(3)]

    def nothing() -> None:
        """No tokenizer to load."""

    def fails_on_the_second(part: Part) -> str:  # pickled by value, as the plugin above
        if part.files == ("1.txt",):
            raise ValueError("no luck")
        return part.files[0]

    engine = Engine(dask=True, scheduler=cluster.scheduler_address)
    try:
        runs = list(engine.run(fails_on_the_second, (nothing, ()), parts))
    finally:
        engine.close()
    assert runs == ["0.txt", TaskFailed(parts[1], "ValueError: no luck"), "2.txt"]


@pytest.mark.parametrize(
    "more",
    [
        ["--max-input-tokens", "8", "--model-tokenizer", "bert-base-uncased"],  # windows read
        ["--model", "all-MiniLM-L6-v2", "--splitter", "recursive", "--encoding", "cl100k_base"],
    ],
)
def test_the_models_measure_on_dask_is_the_local_one(
    cluster: LocalCluster, more: list[str]
) -> None:
    argv = ["--count", str(EXAMPLES), "--chunk-size", "64", "--json", *more]
    local = run(*argv)
    assert local[0] == 0 and '"model_fit"' in local[1]
    assert run(*argv, "--dask-scheduler", cluster.scheduler_address) == local
