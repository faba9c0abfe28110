"""Times the tokenizer in this Python: ranks loading and counting 1 MB of English.

    python3 tools/token_speed.py [RUNS]

The English is the README, repeated to 1,000,000 characters; every run starts from a new
tokenizer (nothing remembered) and the ranks converted by ``python3 build.py ranks``.
Prints the median and the spread (min-max) over the runs.
"""

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from calculator._tokens import ENCODINGS, RANKS_SUFFIX, Encoding, load_ranks  # noqa: E402

RANKS = ROOT / ".cache" / "token-ranks"


def timed(runs: int, work: Callable[[], object]) -> str:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return (f"median {statistics.median(times) * 1000:.0f} ms "
            f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}, {runs} runs)")  # fmt: skip


def count_anew(name: str, ranks: dict[bytes, int], text: str) -> int:
    return Encoding(name, ranks).count(text)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    english = (ROOT / "README.md").read_text(encoding="utf-8")
    english = (english * (1_000_000 // len(english) + 1))[:1_000_000]
    for name in ENCODINGS:
        converted = RANKS / (name + RANKS_SUFFIX)
        original = RANKS / f"{name}.tiktoken"
        print(f"{name} ranks, converted: {timed(runs, partial(load_ranks, converted, name))}")
        print(f"{name} ranks, .tiktoken:  {timed(runs, partial(load_ranks, original, name))}")
        ranks = load_ranks(converted, name)
        tokens = Encoding(name, ranks).count(english)
        print(f"{name} 1 MB of English ({tokens:,} tokens): "
              f"{timed(runs, partial(count_anew, name, ranks, english))}")  # fmt: skip


if __name__ == "__main__":
    main()
