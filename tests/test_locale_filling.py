"""What the code fills into the catalogs' sentences reads as the sentence expects.

A placeholder is a slot in a sentence of each language: a name where a name goes (the
database's own "Qdrant", never its id "qdrant"), a noun phrase in the case the sentence
needs ("binären Vektoren", "wektorów binarnych", never an adjective cut from an option's
label), and an amount with its unit wherever the catalog does not write the unit itself.
tests/js/axis.test.js holds the chart's axis to the page's number format the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from calculator._choices import DATABASES
from calculator._databases import DATABASE_NAMES, database_type
from calculator._errors import WORDED_PARAMS, CalculatorError
from calculator._pgvector import INDEX_KINDS, pgvector_size

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "pt", "de", "it", "pl")
DTYPES = ("float32", "float16", "bfloat16", "int8", "binary", "custom")


def catalog(language: str) -> dict[str, object]:
    text = (ROOT / "locales" / f"{language}.json").read_text(encoding="utf-8")
    loaded: dict[str, object] = json.loads(text)
    return loaded


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict[str, object]]:
    return {language: catalog(language) for language in LANGUAGES}


def text(words: Mapping[str, object], key: str) -> str:
    value = words[key]
    assert isinstance(value, str), key
    return value


def worded(words: Mapping[str, object], error: CalculatorError) -> str:
    """The error in one catalog's words, as web/page/results-paint.js words it (the list's
    "or" aside: Intl.ListFormat's, here a comma)."""
    params = dict(error.params)
    for name, prefix in WORDED_PARAMS.get(error.key, {}).items():
        params[name] = ", ".join(text(words, f"{prefix}.{id_}") for id_ in params[name].split(", "))
    return text(words, f"errors.{error.key}").format(**params)


def refusals() -> list[CalculatorError]:
    """Every refusal of a representation by a database, and of too many dimensions."""
    errors = []
    for database in DATABASES[1:]:
        for dtype in DTYPES:
            try:
                database_type(database, dtype)
            except CalculatorError as error:
                errors.append(error)
    for index in INDEX_KINDS:
        for type_name in ("vector", "halfvec"):
            with pytest.raises(CalculatorError) as raised:
                pgvector_size(10, 20_000, type_name, index=index)
            errors.append(raised.value)
    return errors


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_names_the_database_and_the_representation_in_words(
    catalogs: dict[str, dict[str, object]], language: str
) -> None:
    words = catalogs[language]
    for error in refusals():
        message = worded(words, error)
        # The database by its own name, and no id of a database or an index in the sentence.
        assert error.params["database"] in DATABASE_NAMES.values(), message
        assert not re.search(r"\b(qdrant|hnsw|ivfflat|generic)\b", message), message
        if error.key != "dtype_not_stored":
            continue
        # The refused representation as its own noun phrase, the stored ones as the options
        # read: never the label's adjective alone ("binär", "binária").
        value = text(words, f"dtype_vectors.{error.params['value']}")
        assert value in message, message
        for id_ in error.params["supported"].split(", "):
            assert text(words, f"dtype.{id_}") in message, message
        if language != "en":
            assert not re.search(r"\b(binary|custom)\b", message), message


def test_every_representation_has_its_noun_phrase(catalogs: dict[str, dict[str, object]]) -> None:
    for language, words in catalogs.items():
        for dtype in DTYPES:
            phrase = text(words, f"dtype_vectors.{dtype}")
            option = text(words, f"dtype.{dtype}").split(" (")[0]
            # A phrase about vectors, not the option's adjective on its own.
            assert phrase != option, (language, dtype)


def test_the_command_line_words_a_refusal_alike() -> None:
    with pytest.raises(CalculatorError) as raised:
        database_type("qdrant", "binary")
    assert raised.value.message == (
        "Qdrant cannot store binary vectors; choose float32 (4 bytes), float16 (2 bytes), "
        "or int8 (1 byte)."
    )


def test_the_page_words_the_same_params_as_python() -> None:
    script = (ROOT / "web" / "page" / "results-paint.js").read_text(encoding="utf-8")
    table = re.search(r"const WORDED_PARAMS = (\{.*?\});\n", script, re.S)
    assert table, "results-paint.js: WORDED_PARAMS"
    as_json = re.sub(r"(\w+):", r'"\1":', table.group(1))
    assert json.loads(as_json) == {key: dict(names) for key, names in WORDED_PARAMS.items()}


# The formulas' figures that are byte counts, filled as bare whole numbers: each catalog must
# write the unit beside every one ("8192 bytes", "24-byte header", "(8192 − 24) B").
BYTE_FIGURES: Mapping[str, frozenset[str]] = {
    "storage.db.formula.heap": frozenset({"page", "row", "header", "id", "value"}),
    "storage.db.formula.heap_toasted": frozenset(
        {"page", "row", "header", "id", "value", "pointer", "threshold"}
    ),
}
BYTE_UNIT = r"(?: − \d+\))?(?:\u00a0|-)(?:[Bb]ytes?|B|byte)\b"


@pytest.mark.parametrize("language", LANGUAGES)
def test_byte_figures_carry_their_unit(
    catalogs: dict[str, dict[str, object]], language: str
) -> None:
    for key, names in BYTE_FIGURES.items():
        formula = text(catalogs[language], key)
        for name in names:
            for found in re.finditer(rf"\{{{name}\}}", formula):
                after = formula[found.end() :]
                assert re.match(BYTE_UNIT, after), (key, name, formula[found.start() :][:40])


# Placeholders the page fills with a count and its noun ("510 tokens", "18 vectors",
# "27.648 Bytes", "18 chunks"): the catalog must not add a noun of its own after them, nor
# a pronoun standing for it ("ne fa 18 chunk").
FILLED_WITH_UNIT: Mapping[str, tuple[str, ...]] = {
    "limit.field": ("largest",),
    "derivation.raw": ("vectors", "raw"),
    "derivation.raw_binary": ("vectors", "raw"),
    "count.split_summary": ("window_chunks",),
}
NOUNS = (
    r"(?:[Tt]okens?|tokenów|tokeny|vectors?|vetor\w*|Vektor\w*|vettor\w*|wektor\w*"
    r"|[Bb]ytes?|bajt\w*|B\b|chunks?|Abschnitt\w*|fragment\w*)"
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_count_with_its_noun_is_not_named_twice(
    catalogs: dict[str, dict[str, object]], language: str
) -> None:
    for key, names in FILLED_WITH_UNIT.items():
        sentence = text(catalogs[language], key)
        for name in names:
            assert not re.search(rf"\{{{name}\}}[\s\u00a0]*{NOUNS}", sentence), (key, sentence)
        assert not re.search(r"\bne (fa|dà|danno) \{", sentence), (key, sentence)


def test_the_page_fills_those_counts_with_their_nouns() -> None:
    """The scripts that fill the keys above pass a plural form, not a bare integer."""
    model = (ROOT / "web" / "page" / "model.js").read_text(encoding="utf-8")
    assert re.search(r'largest: formatter\.count\(\s*strings\["plural\.tokens"\]', model)
    derivation = (ROOT / "web" / "pure" / "derivation.js").read_text(encoding="utf-8")
    assert re.search(r'vectors: formatter\.count\(\s*strings\["plural\.vectors"\]', derivation)
    assert re.search(r'raw: formatter\.count\(\s*strings\["plural\.bytes"\]', derivation)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_kept_values_put_the_value_where_the_language_does(
    catalogs: dict[str, dict[str, object]], language: str
) -> None:
    """ "tokens acrescentados a cada chunk 3" was a label with a number stuck on its end."""
    for field in ("dimensions", "max_input_tokens", "added_tokens"):
        phrase = text(catalogs[language], f"model.field.{field}")
        assert "{value}" in phrase, (language, field)
    added = text(catalogs[language], "model.field.added_tokens")
    assert not added.endswith("chunk {value}"), added
