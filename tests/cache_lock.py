"""One test process at a time fills a cache in .cache/: the whole suite runs two pytest
processes at once (devtools/testing.py), and both may find the same download missing."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager

import build


@contextmanager
def cache_lock(name: str) -> Iterator[None]:
    """Hold .cache/<name>.lock while the block checks and fills that cache."""
    build.CACHE.mkdir(exist_ok=True)
    with (build.CACHE / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
