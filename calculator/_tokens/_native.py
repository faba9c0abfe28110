"""The command line's faster counter: tiktoken itself, where installed.

``tiktoken`` counts OpenAI's encodings (its own pattern and special tokens, the ranks of the
rank files this package checked); each count is the one the pure-Python counter gives
(tests/test_native_counters.py holds the two to each other).  The other counters stay on the
pure-Python path: a tokenizer.json file's work is bounded there whatever the file
(``_hf_limits``), where ``tokenizers`` would run a crafted file's normalizers and regular
expressions for as long and as large as they grow; and bert-base-uncased counted with
``tokenizers`` took longer than in pure Python (674 files of Python's standard library:
3.5-3.8 s against 2.6-2.7 s, three runs each).  The page never imports this module: the
browser has no tiktoken.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .._encodings import ENCODINGS


class NativeCounter:
    """A counter whose ``count`` is a reference library's, ``engine`` naming it."""

    def __init__(self, count: Callable[[str], int], engine: str) -> None:
        self.count = count
        self.engine = engine


def native_counter(name: str, data: Path) -> NativeCounter | None:
    """The library's counter for ``name`` (as ``_counters.load_counter`` names counters), or
    ``None`` where tiktoken is not installed or ``name`` is not an OpenAI encoding."""
    try:
        if name in ENCODINGS:
            return _tiktoken_counter(name, data)
    except ImportError:
        pass
    return None


def _tiktoken_counter(name: str, data: Path) -> NativeCounter:
    import tiktoken  # noqa: PLC0415 (optional)
    from tiktoken_ext import openai_public  # type: ignore[import-untyped]  # noqa: PLC0415

    from . import RANKS_SUFFIX, load_ranks  # noqa: PLC0415

    ranks = load_ranks(data / (name + RANKS_SUFFIX), name)
    original = openai_public.load_tiktoken_bpe
    # tiktoken's own definition of the encoding (its pattern, its special tokens), with the
    # ranks already here instead of a download.
    openai_public.load_tiktoken_bpe = lambda *_, **__: ranks
    try:
        spec = getattr(openai_public, name)()
    finally:
        openai_public.load_tiktoken_bpe = original
    encoding = tiktoken.Encoding(
        name=spec["name"],
        pat_str=spec["pat_str"],
        mergeable_ranks=spec["mergeable_ranks"],
        special_tokens=spec["special_tokens"],
    )
    return NativeCounter(lambda text: len(encoding.encode_ordinary(text)), _engine(tiktoken))


def _engine(module: object) -> str:
    return f"{getattr(module, '__name__', 'library')} {getattr(module, '__version__', '')}".strip()
