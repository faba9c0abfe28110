"""The token counts equal tiktoken's, for both encodings and every input tried.

tiktoken is the oracle, built offline from the same rank files build.py fetched, with its
own patterns and special tokens (its download function replaced by a local read, so it
never reaches the network).  Extra folders of text to compare, such as the project's
source documents, can be given in the TOKEN_TEXTS environment variable (paths separated
by the system's path separator); unset, that one test is skipped.
"""

from __future__ import annotations

import ast
import json
import os
import random
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st
from tiktoken.load import load_tiktoken_bpe
from tiktoken_ext import openai_public  # type: ignore[import-untyped]

import build
from calculator._tokens import (
    ENCODINGS,
    RANK_FILES,
    RANKS_SUFFIX,
    Encoding,
    load_ranks,
    parse_tiktoken,
)
from site_build.token_ranks import COMMAND_LINE_ONLY

ROOT = Path(__file__).resolve().parent.parent
STANDARD = set(sys.stdlib_module_names) | {"__future__"}


@cache
def oracle(encoding: str) -> tiktoken.Encoding:
    """tiktoken's own encoding, its ranks read from the local rank file."""

    def local(url: str, expected_hash: str) -> dict[bytes, int]:
        return load_tiktoken_bpe(str(build.TOKEN_RANKS / url.rsplit("/", 1)[1]), expected_hash)

    original = openai_public.load_tiktoken_bpe
    openai_public.load_tiktoken_bpe = local
    try:
        spec = getattr(openai_public, encoding)()
    finally:
        openai_public.load_tiktoken_bpe = original
    return tiktoken.Encoding(
        name=spec["name"],
        pat_str=spec["pat_str"],
        mergeable_ranks=spec["mergeable_ranks"],
        special_tokens=spec["special_tokens"],
    )


@cache
def ours(encoding: str) -> Encoding:
    return Encoding(encoding, load_ranks(build.TOKEN_RANKS / (encoding + RANKS_SUFFIX), encoding))


def mismatches(texts: list[str]) -> list[tuple[str, str]]:
    """The (encoding, text) pairs whose token ids differ from tiktoken's."""
    return [
        (encoding, text)
        for encoding in ENCODINGS
        for text in texts
        if ours(encoding).encode(text) != oracle(encoding).encode_ordinary(text)
    ]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_converted_ranks_are_tiktokens(encoding: str) -> None:
    path = build.TOKEN_RANKS / f"{encoding}.tiktoken"
    expected = oracle(encoding)._mergeable_ranks
    assert ours(encoding)._ranks == expected
    assert parse_tiktoken(path.read_bytes(), encoding) == expected
    assert path.stat().st_size == RANK_FILES[encoding].size


def test_a_changed_rank_file_is_refused(tmp_path: Path) -> None:
    data = (build.TOKEN_RANKS / "cl100k_base.tiktoken").read_bytes()
    changed = tmp_path / "cl100k_base.tiktoken"
    changed.write_bytes(data.replace(b" 100\n", b" 101\n", 1))
    with pytest.raises(ValueError, match="sha256"):
        load_ranks(changed, "cl100k_base")
    with pytest.raises(ValueError, match="converted"):
        load_ranks(build.TOKEN_RANKS / ("cl100k_base" + RANKS_SUFFIX), "o200k_base")


def catalog_strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from catalog_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from catalog_strings(item)


def test_every_catalog_string() -> None:
    texts = [
        text
        for catalog in sorted((ROOT / "locales").glob("*.json"))
        for text in catalog_strings(json.loads(catalog.read_text(encoding="utf-8")))
    ]
    assert len(texts) > 500
    assert mismatches(texts) == []
    assert mismatches(["\n".join(texts)]) == []


def test_folders_of_text_from_the_environment() -> None:
    folders = [Path(item) for item in os.environ.get("TOKEN_TEXTS", "").split(os.pathsep) if item]
    if not folders:
        pytest.skip("TOKEN_TEXTS names no folder of texts to compare")
    files = sorted(path for folder in folders for path in folder.rglob("*") if path.is_file())
    assert files
    texts = [path.read_text(encoding="utf-8") for path in files]
    assert mismatches(texts) == []


SCRIPTS = [
    "The quick brown fox doesn't jump; it's THE FOX'S choice, isn't it? We'll see, they've said.",
    "Não é possível: ação, coração, pão — “aspas” e \u2018apóstrofos\u2019 d’água.",
    "Größe, Straße, ÄÖÜ äöü ß ẞ; Fußgängerübergänge",
    "Perché così? Città, più, però: l’acqua dell’isola.",
    "Zażółć gęślą jaźń. ŻÓŁW, źdźbło",
    "Русский текст, Ελληνικά, עברית, العربية, हिन्दी, বাংলা, ไทย, 한국어, 日本語のテキスト, 中文文本",
    "emoji 😀😃🇧🇷🇩🇪 👩‍👩‍👧‍👦 👍🏽 ❤️ ©®™ 1️⃣ 🏳️‍🌈",
    "numbers 1234567890 3.14159 1,000,000 ١٢٣ ४५६ ½ Ⅻ ²³",
    "code: def f(x):\r\n\treturn x**2  # comment\r\n\r\n\t\tif a/b//c: pass",
    "path/to/file.txt https://example.org/a/b?c=d&e=f#g",
    "<|endoftext|> <|fim_prefix|><|endofprompt|> special tokens are ordinary text here",
    "\u017f'\u017f 'S 'LL X'VE 'RE 'M 'D 'T ǅ's ᾈ'll µ'd İ'M",
    "combining: e\u0301 a\u0300\u0301 \u0301\u0302x Ǆ ǅ ǆ ʰʲ ᵃ 〆 ー",
    "new letters of Unicode 15 and 16: \U00011f04's \U00010d50's \U0001e5d0's \U000323b0's",
    "whitespace:\u00a0\u2003\u3000\u200b\u2028\u2029\u0085\x0b\x0c\x1c end",
]


def generated_texts() -> list[str]:
    rng = random.Random(15)
    texts = list(SCRIPTS)
    for _ in range(300):
        parts = rng.choices(SCRIPTS, k=rng.randint(1, 6))
        glue = rng.choice([" ", "\n", "\r\n", "\t", " " * rng.randint(2, 40), "\n\n\n", "\r"])
        texts.append(glue.join(parts))
    return texts


def test_generated_multi_script_text() -> None:
    assert mismatches(generated_texts()) == []


def test_long_runs_and_long_pieces() -> None:
    """Pieces long enough to take the heap's path through the merging."""
    texts = [
        " " * 5000,
        " " * 3000 + "x",
        "\t" * 700 + "\n",
        "\r\n" * 400,
        "a" * 4000,
        "ab" * 1500,
        "".join(chr(0x4E00 + i % 300) for i in range(2000)),
        "=" * 1000 + "-" * 999,
        "Supercalifragilistic" * 60,
        "😀" * 500,
        "x" + " \t" * 800 + "y",
    ]
    assert mismatches(texts) == []


def test_lone_surrogates_are_encoded_as_tiktoken_does() -> None:
    assert mismatches(["a\ud800b", "\udfff", "x\ud83d\ude00y"]) == []


ALPHABET = st.one_of(
    st.characters(codec="utf-8"),
    st.sampled_from(list(" \t\r\n'/sStTdDmMlLvVrReE\u017f0123456789.,!?-_")),
    st.characters(min_codepoint=0x1F300, max_codepoint=0x1FAFF),
)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=2500)
@given(text=st.text(ALPHABET, max_size=80))
def test_random_strings(encoding: str, text: str) -> None:
    assert ours(encoding).encode(text) == oracle(encoding).encode_ordinary(text)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=1000)
@given(text=st.text(max_size=300))
def test_random_strings_of_any_character(encoding: str, text: str) -> None:
    assert ours(encoding).count(text) == len(oracle(encoding).encode_ordinary(text))


def test_the_tokenizer_is_standard_library_only_and_imported_only_when_counting() -> None:
    package = ROOT / "calculator" / "_tokens"
    # What the page loads: every module but the command line's own (tiktoken's counter).
    for source in package.rglob("*.py"):
        if source.name in COMMAND_LINE_ONLY:
            continue
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert {alias.name.partition(".")[0] for alias in node.names} <= STANDARD
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert node.module.partition(".")[0] in STANDARD
    script = (
        "import sys, calculator, calculator.cli as cli\n"
        "cli.main(['--tokens', '9', '--chunk-size', '4'])\n"
        "assert not [name for name in sys.modules if name.startswith('calculator._tokens')]\n"
    )
    completed = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=False,
                               capture_output=True, text=True)  # fmt: skip
    assert completed.returncode == 0, completed.stderr


def test_the_wheel_the_page_starts_from_leaves_the_tokenizer_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from site_build.wheel import build_wheel  # noqa: PLC0415 (the page's wheel)

    monkeypatch.chdir(ROOT)
    with zipfile.ZipFile(tmp_path / build_wheel(tmp_path)) as archive:
        names = archive.namelist()
    assert "calculator/cli/__init__.py" in names
    assert not [name for name in names if name.startswith("calculator/_tokens")]
