"""The worker's one way into Python beside ``respond``: ``calculator.protocol.features``.  It
imports nothing of the features until they are used (the page's start holds none of it), puts a
fetched zip on the package's path once, and answers as the features' own modules do, for the
objects those modules made only."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import build
import calculator
from calculator._splitters import _page as splitters_page
from calculator._tokens import ENCODINGS, RANKS_SUFFIX
from calculator._tokens import _page as tokens_page
from calculator.protocol import features

ROOT = Path(__file__).resolve().parent.parent
TEXT = "Plan the chunks before you embed.\n\nZażółć gęślą jaźń, 中文文本 🙂. " * 40


@pytest.fixture(scope="module", autouse=True)
def counters() -> None:
    for encoding in ENCODINGS:
        features.load_encoding(encoding, str(build.TOKEN_RANKS / (encoding + RANKS_SUFFIX)))


def test_the_features_load_nothing_until_used() -> None:
    script = (
        "import sys, calculator\n"
        "assert 'calculator.protocol.features' not in sys.modules\n"
        "import calculator.protocol.features\n"
        "loaded = [name for name in sys.modules if name.startswith(('calculator._tokens',"
        " 'calculator._splitters', 'calculator._retrieval', 'calculator.protocol._sample'))]\n"
        "assert not loaded and 'typing' not in sys.modules, (loaded, 'typing' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_a_zip_is_put_on_the_package_path_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "extra.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("calculator/_zipped_feature.py", "ANSWER = 42\n")
    monkeypatch.setattr(calculator, "__path__", list(calculator.__path__))
    features.attach(str(archive))
    features.attach(str(archive))
    assert calculator.__path__.count(f"{archive}/calculator") == 1
    zipped_feature = importlib.import_module("calculator._zipped_feature")
    assert zipped_feature.ANSWER == 42
    sys.modules.pop("calculator._zipped_feature")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_count_and_a_split_are_the_modules_own(encoding: str) -> None:
    counting = features.start_text(encoding, TEXT)
    while not counting.step():
        pass
    own = tokens_page.start_text(encoding, TEXT)
    while not own.step():
        pass
    assert json.loads(counting.result()) == json.loads(own.result())
    assert counting.chunks("300", "64", "8") == own.chunks("300", "64", "8")
    cuts = []
    for size in ("64", "32"):
        cut = features.start_split("recursive", encoding, counting, size, "8", True)
        while not cut.step():
            pass
        cuts.append(cut)
    alone = splitters_page.split_text("recursive", encoding, TEXT, 64, 8)
    assert json.loads(cuts[0].result()) == json.loads(alone.result())
    assert cuts[0].view("300") == alone.view("300")
    assert features.split_change(cuts[0], cuts[1]) == splitters_page.change(*cuts)  # type: ignore[arg-type]
    assert json.loads(features.fit_lengths(cuts[0], encoding)) == alone.lengths


def test_an_object_the_features_did_not_make_is_refused() -> None:
    with pytest.raises(TypeError, match="not a counting"):
        features.start_split("recursive", "o200k_base", object(), "64", "8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a splitting"):
        features.fit_lengths(object(), "o200k_base")  # type: ignore[arg-type]


def test_the_sample_is_described_by_the_protocols_own_function() -> None:
    request = {
        "documents": [{"tokens": 683, "characters": 2298, "bytes": 2370, "words": 310}],
        "chunk_size": "200",
        "overlap": "20",
    }
    answer = json.loads(features.describe_sample(json.dumps(request)))
    assert (answer["per_character"], answer["chunks_per_document"]) == ("0.297", "4")
