"""The catalogs as a native reader reads them: plurals rendered the way the page renders them,
no English left in another language's page, and no line break between a number and its unit.

Every check here runs over every catalog key (and every page of the build), so keys added
later are judged the same way. Plurals are rendered by the page's own web/pure/format.js under
Node, the way app.js and the build's prerendering call it.
"""
# The hand-written tables keep one message per line, so that each reads as a row.
# ruff: noqa: E501

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from calculator._record import fields_dict
from calculator._units import size_figure
from locale_contract import COMMAND_LINE_PREFIX
from page_modules import node_runner

if TYPE_CHECKING:
    from calculator._units import UnitSystem

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "pt", "de", "it", "pl")
COUNTS = ("0", "1", "2", "5", "21", "1000000", "2500000")

# ---------------------------------------------------------------------------------------------
# Plurals: every plural message with every count above, in every language, written by hand.
# "~" stands for a no-break space (U+00A0): between a number and its unit, and in Polish
# digit groups, as Intl.NumberFormat writes them. One line per key: the key, then the text
# for each count of COUNTS in order.
EXPECTED_PLURALS: Mapping[str, str] = {
    "en": """
plural.chunks | 0 chunks | 1 chunk | 2 chunks | 5 chunks | 21 chunks | 1,000,000 chunks | 2,500,000 chunks
plural.tokens | 0 tokens | 1 token | 2 tokens | 5 tokens | 21 tokens | 1,000,000 tokens | 2,500,000 tokens
plural.bytes | 0~bytes | 1~byte | 2~bytes | 5~bytes | 21~bytes | 1,000,000~bytes | 2,500,000~bytes
plural.vectors | 0 vectors | 1 vector | 2 vectors | 5 vectors | 21 vectors | 1,000,000 vectors | 2,500,000 vectors
plural.documents | 0 documents | 1 document | 2 documents | 5 documents | 21 documents | 1,000,000 documents | 2,500,000 documents
plural.rows | 0 rows | 1 row | 2 rows | 5 rows | 21 rows | 1,000,000 rows | 2,500,000 rows
plural.pages | 0 pages | 1 page | 2 pages | 5 pages | 21 pages | 1,000,000 pages | 2,500,000 pages
chunkmap.gap | 0 chunks not drawn | 1 chunk not drawn | 2 chunks not drawn | 5 chunks not drawn | 21 chunks not drawn | 1,000,000 chunks not drawn | 2,500,000 chunks not drawn
budget.chunks_that_fit | No chunk of this size fits. | 1 chunk of this size fits. | 2 chunks of this size fit. | 5 chunks of this size fit. | 21 chunks of this size fit. | 1,000,000 chunks of this size fit. | 2,500,000 chunks of this size fit.
""",
    "pt": """
plural.chunks | 0 chunks | 1 chunk | 2 chunks | 5 chunks | 21 chunks | 1.000.000 chunks | 2.500.000 chunks
plural.tokens | 0 tokens | 1 token | 2 tokens | 5 tokens | 21 tokens | 1.000.000 tokens | 2.500.000 tokens
plural.bytes | 0~bytes | 1~byte | 2~bytes | 5~bytes | 21~bytes | 1.000.000~bytes | 2.500.000~bytes
plural.vectors | 0 vetores | 1 vetor | 2 vetores | 5 vetores | 21 vetores | 1.000.000 vetores | 2.500.000 vetores
plural.documents | 0 documentos | 1 documento | 2 documentos | 5 documentos | 21 documentos | 1.000.000 documentos | 2.500.000 documentos
plural.rows | 0 linhas | 1 linha | 2 linhas | 5 linhas | 21 linhas | 1.000.000 linhas | 2.500.000 linhas
plural.pages | 0 páginas | 1 página | 2 páginas | 5 páginas | 21 páginas | 1.000.000 páginas | 2.500.000 páginas
chunkmap.gap | 0 chunks não desenhados | 1 chunk não desenhado | 2 chunks não desenhados | 5 chunks não desenhados | 21 chunks não desenhados | 1.000.000 chunks não desenhados | 2.500.000 chunks não desenhados
budget.chunks_that_fit | Nenhum chunk deste tamanho cabe. | Cabe 1 chunk deste tamanho. | Cabem 2 chunks deste tamanho. | Cabem 5 chunks deste tamanho. | Cabem 21 chunks deste tamanho. | Cabem 1.000.000 chunks deste tamanho. | Cabem 2.500.000 chunks deste tamanho.
""",
    "de": """
plural.chunks | 0 Abschnitte | 1 Abschnitt | 2 Abschnitte | 5 Abschnitte | 21 Abschnitte | 1.000.000 Abschnitte | 2.500.000 Abschnitte
plural.tokens | 0 Tokens | 1 Token | 2 Tokens | 5 Tokens | 21 Tokens | 1.000.000 Tokens | 2.500.000 Tokens
plural.bytes | 0~Bytes | 1~Byte | 2~Bytes | 5~Bytes | 21~Bytes | 1.000.000~Bytes | 2.500.000~Bytes
plural.vectors | 0 Vektoren | 1 Vektor | 2 Vektoren | 5 Vektoren | 21 Vektoren | 1.000.000 Vektoren | 2.500.000 Vektoren
plural.documents | 0 Dokumente | 1 Dokument | 2 Dokumente | 5 Dokumente | 21 Dokumente | 1.000.000 Dokumente | 2.500.000 Dokumente
plural.rows | 0 Zeilen | 1 Zeile | 2 Zeilen | 5 Zeilen | 21 Zeilen | 1.000.000 Zeilen | 2.500.000 Zeilen
plural.pages | 0 Seiten | 1 Seite | 2 Seiten | 5 Seiten | 21 Seiten | 1.000.000 Seiten | 2.500.000 Seiten
chunkmap.gap | 0 Abschnitte nicht gezeichnet | 1 Abschnitt nicht gezeichnet | 2 Abschnitte nicht gezeichnet | 5 Abschnitte nicht gezeichnet | 21 Abschnitte nicht gezeichnet | 1.000.000 Abschnitte nicht gezeichnet | 2.500.000 Abschnitte nicht gezeichnet
budget.chunks_that_fit | Kein Abschnitt dieser Größe passt. | 1 Abschnitt dieser Größe passt. | 2 Abschnitte dieser Größe passen. | 5 Abschnitte dieser Größe passen. | 21 Abschnitte dieser Größe passen. | 1.000.000 Abschnitte dieser Größe passen. | 2.500.000 Abschnitte dieser Größe passen.
""",
    "it": """
plural.chunks | 0 chunk | 1 chunk | 2 chunk | 5 chunk | 21 chunk | 1.000.000 chunk | 2.500.000 chunk
plural.tokens | 0 token | 1 token | 2 token | 5 token | 21 token | 1.000.000 token | 2.500.000 token
plural.bytes | 0~byte | 1~byte | 2~byte | 5~byte | 21~byte | 1.000.000~byte | 2.500.000~byte
plural.vectors | 0 vettori | 1 vettore | 2 vettori | 5 vettori | 21 vettori | 1.000.000 vettori | 2.500.000 vettori
plural.documents | 0 documenti | 1 documento | 2 documenti | 5 documenti | 21 documenti | 1.000.000 documenti | 2.500.000 documenti
plural.rows | 0 righe | 1 riga | 2 righe | 5 righe | 21 righe | 1.000.000 righe | 2.500.000 righe
plural.pages | 0 pagine | 1 pagina | 2 pagine | 5 pagine | 21 pagine | 1.000.000 pagine | 2.500.000 pagine
chunkmap.gap | 0 chunk non disegnati | 1 chunk non disegnato | 2 chunk non disegnati | 5 chunk non disegnati | 21 chunk non disegnati | 1.000.000 chunk non disegnati | 2.500.000 chunk non disegnati
budget.chunks_that_fit | Nella finestra non rientra nessun chunk di questa dimensione. | Nella finestra rientra 1 chunk di questa dimensione. | Nella finestra rientrano 2 chunk di questa dimensione. | Nella finestra rientrano 5 chunk di questa dimensione. | Nella finestra rientrano 21 chunk di questa dimensione. | Nella finestra rientrano 1.000.000 chunk di questa dimensione. | Nella finestra rientrano 2.500.000 chunk di questa dimensione.
""",
    "pl": """
plural.chunks | 0 fragmentów | 1 fragment | 2 fragmenty | 5 fragmentów | 21 fragmentów | 1~000~000 fragmentów | 2~500~000 fragmentów
plural.tokens | 0 tokenów | 1 token | 2 tokeny | 5 tokenów | 21 tokenów | 1~000~000 tokenów | 2~500~000 tokenów
plural.bytes | 0~bajtów | 1~bajt | 2~bajty | 5~bajtów | 21~bajtów | 1~000~000~bajtów | 2~500~000~bajtów
plural.vectors | 0 wektorów | 1 wektor | 2 wektory | 5 wektorów | 21 wektorów | 1~000~000 wektorów | 2~500~000 wektorów
plural.documents | 0 dokumentów | 1 dokument | 2 dokumenty | 5 dokumentów | 21 dokumentów | 1~000~000 dokumentów | 2~500~000 dokumentów
plural.rows | 0 wierszy | 1 wiersz | 2 wiersze | 5 wierszy | 21 wierszy | 1~000~000 wierszy | 2~500~000 wierszy
plural.pages | 0 stron | 1 strona | 2 strony | 5 stron | 21 stron | 1~000~000 stron | 2~500~000 stron
chunkmap.gap | Pominięto na rysunku 0 fragmentów | Pominięto na rysunku 1 fragment | Pominięto na rysunku 2 fragmenty | Pominięto na rysunku 5 fragmentów | Pominięto na rysunku 21 fragmentów | Pominięto na rysunku 1~000~000 fragmentów | Pominięto na rysunku 2~500~000 fragmentów
budget.chunks_that_fit | Nie mieści się żaden fragment tej wielkości. | Mieści się 1 fragment tej wielkości. | Mieszczą się 2 fragmenty tej wielkości. | Mieści się 5 fragmentów tej wielkości. | Mieści się 21 fragmentów tej wielkości. | Mieści się 1~000~000 fragmentów tej wielkości. | Mieści się 2~500~000 fragmentów tej wielkości.
""",
}


def expected_plurals(language: str) -> dict[str, tuple[str, ...]]:
    table = {}
    for line in EXPECTED_PLURALS[language].strip().splitlines():
        key, *texts = (cell.strip() for cell in line.split("|"))
        assert len(texts) == len(COUNTS), (language, key)
        table[key] = tuple(text.replace("~", "\u00a0") for text in texts)
    return table


# ---------------------------------------------------------------------------------------------
# Leftover English: words no page but the English one may show. Loanwords the catalogs and
# the seed documents use on purpose (chunk, token, embedding, prompt, ...) are not on it.
ENGLISH_WORDS = frozenset(
    {
        "the",
        "and",
        "of",
        "with",
        "for",
        "from",
        "this",
        "or",
        "your",
        "you",
        "only",
        "not",
        "binary",
        "custom",
        "overlap",
        "size",
        "step",
        "window",
        "embed",
        "copy",
        "fits",
        "raw",
        "upper",
        "bound",
        "padded",
        "chunker",
        "checksum",
        "loading",
        "results",
        "error",
    }
)
LOANWORDS = frozenset(
    {
        "chunk",
        "chunks",
        "chunking",
        "token",
        "tokens",
        "embedding",
        "embeddings",
        "prompt",
        "tokenizer",
        "top-k",
        "link",
        "padding",
        "splitter",
        "cache",
        "hosting",
        "budget",
        "script",
    }
)
# Text that cites English sources by their titles ("Microsoft — Chunking strategies and
# overlap trade-offs"): a title is quoted as published, not translated.
CITATION_KEYS = frozenset({"explain.references"})
CITATION_CLASSES = frozenset({"references"})

# ---------------------------------------------------------------------------------------------
# Units a number is never broken from: byte and bit units, their spelled-out words in the five
# languages, and the percent sign; and "≈" is never broken from the number after it.
UNITS = r"(?:[KMGTPE]iB|[kMGTPE]B|B|%|[Bb]ytes?|bajt\w*|[Bb]its?|bity|bitów)"
# A space a line may break at: any white space but U+00A0 and U+202F.
BREAKING_SPACE = r"[^\S\u00a0\u202f]"
NUMBER_THEN_UNIT = re.compile(rf"(?:\d|\}}|⌉){BREAKING_SPACE}+{UNITS}(?!\w)")
APPROX_THEN_SPACE = re.compile(rf"≈{BREAKING_SPACE}")


def breaking_space_problems(text: str) -> list[str]:
    return [
        match.group()
        for pattern in (NUMBER_THEN_UNIT, APPROX_THEN_SPACE)
        for match in pattern.finditer(text)
    ]


def english_words_in(text: str) -> list[str]:
    """The deny-listed words of a text; {placeholder} names are the page's, not words."""
    words = re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", re.sub(r"\{[a-z_]+\}", " ", text))
    return [word for word in words if word.lower() in ENGLISH_WORDS]


def load_catalog(language: str) -> dict[str, object]:
    path = ROOT / "locales" / f"{language}.json"
    catalog: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return catalog


def texts_of(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        yield from (str(text) for text in value.values())
    elif isinstance(value, list):
        yield from (str(text) for text in value)


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict[str, object]]:
    return {language: load_catalog(language) for language in LANGUAGES}


# ---------------------------------------------------------------------------------------------
# web/pure/format.js under Node.

RENDERER = """
import { readFileSync } from "node:fs";
import { Formatter } from "./format.js";
const jobs = JSON.parse(readFileSync(0, "utf-8"));
const formatters = new Map();
const formatter = (tag) => formatters.get(tag) ?? formatters.set(tag, new Formatter(tag)).get(tag);
const out = jobs.map(({ tag, call, args }) => formatter(tag)[call](...args));
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def render(tmp_path_factory: pytest.TempPathFactory) -> object:
    return node_runner(tmp_path_factory.mktemp("format"), ["format.js"], RENDERER)


def rendered_plurals(
    render: object, catalogs: Mapping[str, Mapping[str, object]], language: str
) -> dict[str, tuple[str, ...]]:
    """Every plural message of the page's catalog with every count, as the page's
    Formatter.count (the command line's own keys it never shows: tests/test_cli_words.py)."""
    catalog = catalogs[language]
    tag = str(catalog["meta.locale"])
    keys = [
        key
        for key, value in catalog.items()
        if isinstance(value, dict) and not key.startswith(COMMAND_LINE_PREFIX)
    ]
    jobs = [
        {"tag": tag, "call": "count", "args": [catalog[key], count]}
        for key in keys
        for count in COUNTS
    ]
    texts = render(jobs)  # type: ignore[operator]
    return {
        key: tuple(texts[n * len(COUNTS) : (n + 1) * len(COUNTS)]) for n, key in enumerate(keys)
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_message_reads_as_written_by_hand(
    render: object, catalogs: dict[str, dict[str, object]], language: str
) -> None:
    rendered = rendered_plurals(render, catalogs, language)
    expected = expected_plurals(language)
    # A plural key added to the catalogs needs its renderings written above, too.
    assert sorted(set(rendered) - set(expected)) == [], "plural keys without expected texts"
    assert rendered == {key: expected[key] for key in rendered}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_count_in_digits_takes_the_form_for_millions_in_words(
    render: object, catalogs: dict[str, dict[str, object]], language: str
) -> None:
    # "1.000.000 de tokens", "1.000.000 di token": digits followed by the preposition that
    # only a spelled-out "milhão"/"milione" takes.
    digits_then_preposition = re.compile(r"\d[\s\u00a0]+(?:de|di|des|del)\s")
    for key, texts in rendered_plurals(render, catalogs, language).items():
        for count, text in zip(COUNTS, texts, strict=True):
            assert not digits_then_preposition.search(text), (key, count, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_zero_has_its_own_wording(
    render: object, catalogs: dict[str, dict[str, object]], language: str
) -> None:
    catalog = catalogs[language]
    rendered = rendered_plurals(render, catalogs, language)
    for key, texts in rendered.items():
        forms = catalog[key]
        assert isinstance(forms, dict)
        # format.js shows the "zero" text for 0 whatever CLDR's category for 0 is.
        assert texts[0] == str(forms["zero"]).replace("{count}", "0"), key
        if language != "en":
            # The zero wording is not a "one" form used for nothing ("0 chunk", "0 byte").
            assert forms["zero"] != forms["one"] or forms["one"] == forms["other"], key


# The CLDR category each count of CATEGORY_COUNTS takes before digits, per language: Polish
# 2 and 22 "few", 5 and 21 "many" (21 is no "one": only 1 is), 0 the catalog's own "zero".
CATEGORY_COUNTS = ("0", "1", "2", "5", "21", "22", "1000000")
EXPECTED_CATEGORIES: Mapping[str, tuple[str, ...]] = {
    "en": ("zero", "one", "other", "other", "other", "other", "other"),
    "pt": ("zero", "one", "other", "other", "other", "other", "other"),
    "de": ("zero", "one", "other", "other", "other", "other", "other"),
    "it": ("zero", "one", "other", "other", "other", "other", "other"),
    "pl": ("zero", "one", "few", "many", "many", "few", "many"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_counts_take_their_plural_category_through_the_formatter(
    render: object, catalogs: dict[str, dict[str, object]], language: str
) -> None:
    # Each form of every plural message tagged with its category: the text the formatter
    # picks for a count then says which category it chose.
    catalog = catalogs[language]
    tag = str(catalog["meta.locale"])
    entries = {key: value for key, value in catalog.items() if isinstance(value, dict)}
    keys = list(entries)
    jobs = [
        {
            "tag": tag,
            "call": "count",
            "args": [
                {category: f"{category}:{text}" for category, text in entries[key].items()},
                count,
            ],
        }
        for key in keys
        for count in CATEGORY_COUNTS
    ]
    texts = render(jobs)  # type: ignore[operator]
    chosen = {
        key: tuple(
            text.split(":", 1)[0]
            for text in texts[n * len(CATEGORY_COUNTS) : (n + 1) * len(CATEGORY_COUNTS)]
        )
        for n, key in enumerate(keys)
    }
    assert chosen == dict.fromkeys(keys, EXPECTED_CATEGORIES[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_negative_numbers_take_the_minus_sign_not_a_hyphen(
    render: object, catalogs: dict[str, dict[str, object]], language: str
) -> None:
    tag = str(catalogs[language]["meta.locale"])
    calls = [
        ("integer", ["-1088"]),
        ("integer", ["-12345678901234567890"]),
        ("signed", ["-1088"]),
        ("signed", ["6616"]),
        ("signed", ["0"]),
        ("decimal", ["-2.5", 2]),
        ("percent", ["-0.136"]),
        ("count", [catalogs[language]["plural.tokens"], "-300"]),
    ]
    texts = render([{"tag": tag, "call": call, "args": args} for call, args in calls])  # type: ignore[operator]
    for text in texts:
        assert not re.search(r"[-\u2010\u2011\u2012]\s*\d", text), text
    assert [text.startswith("\u2212") for text in texts] == [
        True,
        True,
        True,
        False,
        False,
        True,
        True,
        True,
    ]
    assert texts[3].startswith("+"), texts[3]
    assert texts[4] == "0"


@pytest.mark.parametrize("language", LANGUAGES)
def test_four_digit_numbers_are_grouped_as_the_languages_documents_group_them(
    render: object, catalogs: dict[str, dict[str, object]], language: str
) -> None:
    # The documents: "8.000" (pt 002, it 003), "8000" and "200 000" (pl 004); de and en group.
    tag = str(catalogs[language]["meta.locale"])
    texts = render([{"tag": tag, "call": "integer", "args": [n]} for n in ("8000", "200000")])  # type: ignore[operator]
    assert (
        texts
        == {
            "en": ["8,000", "200,000"],
            "pt": ["8.000", "200.000"],
            "de": ["8.000", "200.000"],
            "it": ["8.000", "200.000"],
            "pl": ["8000", "200\u00a0000"],
        }[language]
    )


def test_millions_take_the_form_for_digits_in_every_language_with_a_millions_form(
    render: object,
) -> None:
    # The mechanism, apart from the catalogs: a "many" only millions take reads as "other";
    # Polish "many" (5 fragmentów) stays, and so would it in any language that has one.
    entry = {"zero": "z", "one": "one", "few": "few", "many": "many", "other": "other"}
    tags = ("pt-BR", "pt-PT", "it-IT", "es-ES", "fr-FR", "pl-PL", "ru-RU", "de-DE")
    jobs = [
        {"tag": tag, "call": "plural", "args": [entry, count]}
        for tag in tags
        for count in ("5", "1000000", "2000000000000000000000")
    ]
    texts = render(jobs)  # type: ignore[operator]
    by_tag = {tag: texts[n * 3 : (n + 1) * 3] for n, tag in enumerate(tags)}
    assert by_tag == {
        "pt-BR": ["other", "other", "other"],
        "pt-PT": ["other", "other", "other"],
        "it-IT": ["other", "other", "other"],
        "es-ES": ["other", "other", "other"],
        "fr-FR": ["other", "other", "other"],
        "pl-PL": ["many", "many", "many"],
        "ru-RU": ["many", "many", "many"],
        "de-DE": ["other", "other", "other"],
    }


# ---------------------------------------------------------------------------------------------
# No-break spaces.


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalog_text_breaks_a_number_from_its_unit(
    catalogs: dict[str, dict[str, object]], language: str
) -> None:
    problems = [
        (key, found)
        for key, value in catalogs[language].items()
        for text in texts_of(value)
        for found in breaking_space_problems(text)
    ]
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_formatting_keeps_numbers_and_units_together(
    render: object, catalogs: dict[str, dict[str, object]], language: str
) -> None:
    catalog = catalogs[language]
    tag = str(catalog["meta.locale"])
    sizes = (
        "0",
        "1",
        "1023",
        "1024",
        "6144",
        "9999",
        "27648",
        "1500000",
        "123456789012",
        "10" + "0" * 30,
    )
    systems: tuple[UnitSystem, ...] = ("iec", "si")
    jobs = [
        {
            "tag": tag,
            "call": "size",
            "args": [fields_dict(size_figure(int(size), system)), catalog["plural.bytes"]],
        }
        for size in sizes
        for system in systems
    ]
    jobs += [
        {"tag": tag, "call": "percent", "args": [share]} for share in ("0", "0.136", "1", "12.5")
    ]
    texts = render(jobs)  # type: ignore[operator]
    assert [text for text in texts if breaking_space_problems(text)] == []
    # The checks see every unit the formatter writes: each text ends in a unit or percent.
    assert all(re.search(rf"{UNITS}$", text) for text in texts), texts


def test_breaking_spaces_are_noticed() -> None:
    assert breaking_space_problems("27 KiB, ≈ 9,76\u00a0KiB, 13,6 %, {count} bytes") == [
        "7 KiB",
        "6 %",
        "} bytes",
        "≈ ",
    ]
    assert breaking_space_problems("27\u00a0KiB, ≈\u00a09,76\u00a0KiB, 13,6\u202f%") == []
