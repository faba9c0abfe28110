"""One figure for one size: the command line and the page print the same rounded size.

The page's texts come from its own web/pure/results-text.js and web/pure/format.js run under Node
on respond's answer (as site_build/prerender.mjs does for the build); the command line's from
``main``. Both are reduced to (rounded?, digits with "." decimals, unit) and compared.
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout

import pytest

import build
from calculator import respond
from calculator.cli import main
from page_modules import node_runner

LANGUAGES = ("en", "pt", "de", "it", "pl")
SIZES = (
    0,
    1,
    999,
    1000,
    1023,
    1024,
    1025,
    6144,
    9999,
    20_736,
    27_648,
    99_999,
    524_287,
    999_499,
    999_500,
    999_999,
    1_000_000,
    1_040_000,
    1_047_552,
    1_048_575,
    1_048_576,
    1_500_000,
    123_456_789,
    10**9 - 1,
    2**40 - 1,
    123_456_789_012_345,
    10**15,
    2**50,
    999_999_999_999_999_999,
    10**18,
)

RENDERER = """
import { readFileSync } from "node:fs";
import { Formatter, numberSeparators } from "./format.js";
import { resultTexts } from "./results-text.js";
const { locales, results } = JSON.parse(readFileSync(0, "utf-8"));
const out = {};
for (const [lang, { locale, strings }] of Object.entries(locales)) {
  const formatter = new Formatter(locale);
  const texts = results.map((result) => resultTexts(result, formatter, strings).vectors);
  // The exact count beside its sizes, as the index's panels say every size.
  const sentences = results.map((result) =>
    formatter.bytesAndSizes(
      result.raw_vector_bytes, result.raw_vector_size, strings["plural.bytes"]),
  );
  out[lang] = { separators: numberSeparators(locale), texts, sentences };
}
process.stdout.write(JSON.stringify(out));
"""


def answer_for(byte_count: int) -> dict[str, object]:
    """respond's result for a plan whose raw vectors take exactly ``byte_count`` bytes."""
    fields = {
        "tokens": str(byte_count),
        "chunk_size": "1",
        "overlap": "0",
        "dimensions": "1",
        "dtype": "int8",
    }
    result: dict[str, object] = json.loads(respond(json.dumps({"fields": fields})))["result"]
    assert result["raw_vector_bytes"] == str(byte_count)
    return result


def cli_sizes(byte_count: int) -> tuple[str, str]:
    """The command line's binary and decimal figures of the same plan; a figure it leaves
    out, as it says only the byte count again, is that byte count."""
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(
            [
                "--tokens",
                str(byte_count),
                "--chunk-size",
                "1",
                "--dimensions",
                "1",
                "--dtype",
                "int8",
            ]
        )
    assert status == 0
    line = next(line for line in out.getvalue().splitlines() if line.startswith("raw vector"))
    found = re.fullmatch(r"raw vector size +([\d,]+) bytes?((?: = [^=(]+?)*) \(.*", line)
    assert found, line
    said = [figure for figure in found[2].split(" = ") if figure]
    units = {"iec": "KiB MiB GiB TiB PiB EiB ZiB YiB", "si": "kB MB GB TB PB EB ZB YB"}
    iec, si = (
        next((figure for figure in said if figure.split(" ")[-1] in units[system].split()), None)
        for system in ("iec", "si")
    )
    assert len(said) == (iec is not None) + (si is not None), line
    in_bytes = f"{found[1]} bytes"
    return iec or in_bytes, si or in_bytes


def reading(text: str, marker: str, space: str, group: str, decimal: str) -> tuple[bool, str, str]:
    """(rounded?, digits with "." decimals and no grouping, unit) of one written size."""
    approximate = text.startswith(marker)
    number, unit = text.removeprefix(marker).rsplit(space, 1)
    digits = number.replace(group, "").replace(decimal, ".")
    assert re.fullmatch(r"\d+(\.\d{1,2})?", digits), text
    return approximate, digits, unit


@pytest.fixture(scope="module")
def page_sizes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    run = node_runner(tmp_path_factory.mktemp("sizes"), ["format.js", "results-text.js"], RENDERER)
    catalogs = {
        lang: json.loads((build.ROOT / "locales" / f"{lang}.json").read_text("utf-8"))
        for lang in LANGUAGES
    }
    jobs = {
        "locales": {
            lang: {"locale": catalog["meta.locale"], "strings": catalog}
            for lang, catalog in catalogs.items()
        },
        "results": [answer_for(size) for size in SIZES],
    }
    rendered: dict[str, dict[str, object]] = run(jobs)
    for lang, catalog in catalogs.items():
        rendered[lang]["bytes_words"] = {
            str(form).replace("{count}\u00a0", "") for form in catalog["plural.bytes"].values()
        }
    return rendered


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cli_and_the_page_print_the_same_size(
    page_sizes: dict[str, dict[str, object]], language: str
) -> None:
    page = page_sizes[language]
    separators = page["separators"]
    assert isinstance(separators, dict)
    words = page["bytes_words"]
    assert isinstance(words, set)
    differences = []
    for size, texts in zip(SIZES, page["texts"], strict=True):  # type: ignore[call-overload]
        cli = cli_sizes(size)
        for system, cli_text in zip(("iec", "si"), cli, strict=True):
            said = reading(cli_text, "≈", " ", ",", ".")
            shown = reading(
                texts[system], "≈\u00a0", "\u00a0", separators["group"], separators["decimal"]
            )
            if shown[2] in words:
                shown = (shown[0], shown[1], "bytes")
            if said != shown:
                differences.append((size, system, cli_text, texts[system]))
    assert differences == []


def test_the_rule_reads_as_three_significant_digits() -> None:
    assert [cli_sizes(size) for size in (27_648, 10**6, 999_999, 1_048_575, 10**18)] == [
        ("27 KiB", "≈27.6 kB"),
        ("≈977 KiB", "1 MB"),
        ("≈977 KiB", "≈1 MB"),
        ("≈1 MiB", "≈1.05 MB"),
        ("≈888 PiB", "1 EB"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_size_sentence_says_each_figure_and_unit_once(
    page_sizes: dict[str, dict[str, object]], language: str
) -> None:
    # 1000-1023 bytes are "bytes" in binary units too: "1.008 Bytes = ≈ 1,01 kB", never
    # "1.008 Bytes = 1.008 Bytes = ≈ 1,01 kB".
    page = page_sizes[language]
    words = page["bytes_words"]
    assert isinstance(words, set)
    sentences = page["sentences"]
    assert isinstance(sentences, list)
    for size, sentence in zip(SIZES, sentences, strict=True):
        figures = sentence.split(" = ")
        units = [figure.rsplit("\u00a0", 1)[-1] for figure in figures]
        units = ["bytes" if unit in words else unit for unit in units]
        assert len(set(units)) == len(units), sentence
        assert len(set(figures)) == len(figures), sentence
        expected = 1 + (size >= 1024) + (size >= 1000)
        assert len(figures) == expected, (size, sentence)
