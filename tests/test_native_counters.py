"""Where tiktoken is installed the command line counts OpenAI's encodings with it, and the
counts are the pure-Python counter's, text for text; bert-base-uncased and a tokenizer.json file
stay on the pure-Python path.  The first line and ``--json`` say which counted;
``--pure-python`` counts as the page does."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
import tiktoken
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import build
from calculator._encodings import BERT, ENCODINGS, PURE_PYTHON
from calculator._tokens._counters import load_counter
from calculator._tokens._native import native_counter
from hf_references import CASES, ODD, catalog_texts, generated_text
from test_cli_count import run_main

TIKTOKEN = f"tiktoken {tiktoken.__version__}"
TEXTS = [*CASES, *ODD, generated_text(2, 5000), "<|endoftext|> [CLS] [MASK] x", ""]


@pytest.mark.parametrize("name", ENCODINGS)
def test_tiktoken_counts_what_the_pure_counter_counts(name: str) -> None:
    native = native_counter(name, build.TOKEN_RANKS)
    assert native is not None and native.engine == TIKTOKEN
    pure = load_counter(name, build.TOKEN_RANKS)
    texts = [*TEXTS, *catalog_texts()]
    assert [native.count(text) for text in texts] == [pure.count(text) for text in texts]


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ENCODINGS), st.text(max_size=80))
def test_any_text_counts_the_same_with_either(name: str, text: str) -> None:
    native = native_counter(name, build.TOKEN_RANKS)
    assert native is not None
    assert native.count(text) == load_counter(name, build.TOKEN_RANKS).count(text)


def test_bert_and_a_tokenizer_json_stay_pure_python(tmp_path: Path) -> None:
    file = tmp_path / "tokenizer.json"
    file.write_text("{}", encoding="utf-8")
    assert native_counter(str(file), build.TOKEN_RANKS) is None
    assert native_counter(BERT, build.TOKEN_RANKS) is None


@pytest.mark.parametrize("name", ENCODINGS)
def test_the_command_line_says_what_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    text = " ".join(catalog_texts()[:60]) + " <|endoftext|> [CLS] 12345 😀 日本"
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    common = ["--count", str(tmp_path), "--encoding", name, "--chunk-size", "64"]
    status, out, _ = run_main(capsys, *common)
    assert status == 0 and out.startswith(f"counted with {name} ({TIKTOKEN}): 1 file, ")
    status, pure, _ = run_main(capsys, *common, "--pure-python")
    assert status == 0 and pure.startswith(f"counted with {name}: 1 file, ")
    assert pure.split(": ", 1)[1] == out.split(": ", 1)[1]  # the same figures
    status, report, _ = run_main(capsys, *common, "--json", "--pure-python")
    assert json.loads(report)["counted"]["engine"] == PURE_PYTHON


def test_the_page_never_gets_the_libraries_counters(dist: Path) -> None:
    (tokenizer_zip,) = dist.glob("tokens-*/tokenizer.zip")
    with zipfile.ZipFile(tokenizer_zip) as archive:
        names = archive.namelist()
    assert "calculator/_tokens/_count.py" in names
    assert not [name for name in names if name.endswith("_native.py")]
