"""The five page catalogs (locales/*.json) agree with each other and with the page's contract.

The page looks every text up by key and fills {placeholders} itself, so a key missing in one
language, a placeholder spelled differently or a missing plural form would only show up as a
broken page in that language.  These checks catch that without a browser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from calculator._databases import FORMULA_PARAMS, PARTS, SOURCES
from locale_contract import (
    COMMAND_LINE_PREFIX,
    DTYPES,
    ERROR_PLACEHOLDERS,
    EXPLAIN_SECTIONS,
    FIELDS,
    KEY_TERMS,
    META_LANGUAGE_NAME,
    META_LOCALE,
    OTHER_KEYS,
    PLACEHOLDERS,
    PLURAL_CATEGORIES,
    PLURAL_KEYS,
    RESULTS,
    Catalog,
    Value,
)

LOCALES = Path(__file__).resolve().parent.parent / "locales"
LANGUAGES = ("en", "pt", "de", "it", "pl")


def required_keys() -> frozenset[str]:
    """Every key the page relies on, built from the contract's tables."""
    keys = set(OTHER_KEYS) | set(PLACEHOLDERS)
    keys |= {f"errors.{key}" for key in ERROR_PLACEHOLDERS}
    keys |= {f"field.{name}.{part}" for name in FIELDS for part in ("label", "help")}
    keys |= {f"dtype.{name}" for name in DTYPES}
    # Each representation as a noun phrase, for the sentences that name it (a refusal).
    keys |= {f"dtype_vectors.{name}" for name in DTYPES}
    keys |= {f"storage.db.part.{name}" for name in PARTS}
    keys |= {f"storage.db.source.{name}" for name in SOURCES}
    keys |= {f"result.{name}.{part}" for name in RESULTS for part in ("label", "explain")}
    keys |= {f"explain.{name}.{part}" for name in EXPLAIN_SECTIONS for part in ("title", "body")}
    keys |= {f"faq.{kind}{number}" for kind in ("q", "a") for number in range(1, 6)}
    return frozenset(keys)


def _reject_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    # json.load would silently keep the last of two equal keys; a duplicate is a mistake.
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _as_value(key: str, raw: object) -> Value:
    """The JSON value as one of the three shapes a catalog may hold, or a clear error."""
    if isinstance(raw, str):
        return raw
    if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        return [str(item) for item in raw]
    if isinstance(raw, dict) and all(isinstance(item, str) for item in raw.values()):
        return {str(category): str(text) for category, text in raw.items()}
    raise TypeError(f"{key}: a value must be a string, a plural object or a list of strings")


def load_catalog(language: str) -> Catalog:
    text = (LOCALES / f"{language}.json").read_text(encoding="utf-8")
    raw = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    assert isinstance(raw, dict), f"{language}.json must hold one JSON object"
    return {key: _as_value(key, value) for key, value in raw.items()}


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {language: load_catalog(language) for language in LANGUAGES}


def texts(value: Value) -> Iterator[str]:
    """Every piece of text in a value: the string, each plural form or each paragraph."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        yield from value.values()
    else:
        yield from value


PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
PLACEHOLDER_NAME = re.compile(r"[a-z][a-z0-9_]*")


def placeholders(text: str) -> frozenset[str]:
    return frozenset(PLACEHOLDER.findall(text))


def value_placeholders(value: Value) -> frozenset[str]:
    return frozenset().union(*(placeholders(text) for text in texts(value)))


def kind(value: Value) -> str:
    if isinstance(value, str):
        return "string"
    return "plural" if isinstance(value, dict) else "paragraphs"


def polish_category(count: int) -> str:
    """CLDR's Polish plural rule for a whole number (v = 0), as Intl.PluralRules applies it."""
    last_digit, last_two = count % 10, count % 100
    if count == 1:
        return "one"
    if 2 <= last_digit <= 4 and not 12 <= last_two <= 14:
        return "few"
    # Every other whole number: endings 0-1 and 5-9 (except a lone 1) and the teens 12-14.
    return "many"


# --- Checks written as functions returning problems, so the tests below can also prove that
# --- they notice a broken catalog.


def key_problems(catalogs: Mapping[str, Catalog]) -> list[str]:
    reference = list(catalogs["en"])
    problems = []
    for language, catalog in catalogs.items():
        missing = sorted(set(reference) - set(catalog))
        extra = sorted(set(catalog) - set(reference))
        if missing or extra:
            problems.append(f"{language}: missing {missing}, not in en {extra}")
        elif list(catalog) != reference:
            problems.append(f"{language}: keys are not in en.json's order")
    return problems


def placeholder_problems(catalogs: Mapping[str, Catalog]) -> list[str]:
    problems = []
    for key, english in catalogs["en"].items():
        expected = value_placeholders(english)
        for language, catalog in catalogs.items():
            if key in catalog and value_placeholders(catalog[key]) != expected:
                found = sorted(value_placeholders(catalog[key]))
                problems.append(f"{language} {key}: {found} != en {sorted(expected)}")
    return problems


def plural_problems(language: str, catalog: Catalog) -> list[str]:
    problems = []
    for key, value in catalog.items():
        if not isinstance(value, dict):
            continue
        if set(value) != PLURAL_CATEGORIES[language]:
            problems.append(f"{key}: categories {sorted(value)}")
        # A form may leave out {count} ("one chunk"), but must not lose or gain anything else.
        shared = value_placeholders(value) - {"count"}
        for category, text in value.items():
            if placeholders(text) - {"count"} != shared:
                problems.append(f"{key}.{category}: placeholders {sorted(placeholders(text))}")
    return problems


def test_catalogs_have_the_same_keys_in_the_same_order(catalogs: dict[str, Catalog]) -> None:
    assert key_problems(catalogs) == []


def test_every_key_the_page_uses_is_present(catalogs: dict[str, Catalog]) -> None:
    for language, catalog in catalogs.items():
        assert sorted(required_keys() - set(catalog)) == [], language


def test_the_databases_words_are_exactly_the_calculators(catalogs: dict[str, Catalog]) -> None:
    # No formula, source or part the calculator does not make: a dead key is a wording that
    # no page shows.
    for prefix, names in (
        ("storage.db.formula.", set(FORMULA_PARAMS)),
        ("storage.db.source.", set(SOURCES)),
        ("storage.db.part.", set(PARTS)),
    ):
        worded = {key.removeprefix(prefix) for key in catalogs["en"] if key.startswith(prefix)}
        assert worded == names, prefix


def test_same_placeholders_per_key(catalogs: dict[str, Catalog]) -> None:
    assert placeholder_problems(catalogs) == []


def test_placeholders_are_exactly_the_ones_the_page_fills(catalogs: dict[str, Catalog]) -> None:
    for key, value in catalogs["en"].items():
        if key.startswith(("errors.", COMMAND_LINE_PREFIX)):
            continue
        assert value_placeholders(value) == PLACEHOLDERS.get(key, frozenset()), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_error_messages_match_the_calculator_keys(
    catalogs: dict[str, Catalog], language: str
) -> None:
    catalog = catalogs[language]
    errors = {
        key.removeprefix("errors."): catalog[key] for key in catalog if key.startswith("errors.")
    }
    assert set(errors) == set(ERROR_PLACEHOLDERS)
    for key, value in errors.items():
        assert isinstance(value, str), key
        assert placeholders(value) == ERROR_PLACEHOLDERS[key], key


def test_value_shapes_match_across_catalogs(catalogs: dict[str, Catalog]) -> None:
    for key, english in catalogs["en"].items():
        shapes = {language: kind(catalog[key]) for language, catalog in catalogs.items()}
        assert set(shapes.values()) == {kind(english)}, (key, shapes)


def test_plural_keys_are_plural_objects_and_bodies_are_paragraphs(
    catalogs: dict[str, Catalog],
) -> None:
    english = catalogs["en"]
    for key in PLURAL_KEYS:
        assert kind(english[key]) == "plural", key
    for key, value in english.items():
        # Only explanatory bodies are split into paragraphs.
        assert (kind(value) == "paragraphs") == key.endswith(".body"), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_empty_text(catalogs: dict[str, Catalog], language: str) -> None:
    for key, value in catalogs[language].items():
        assert value, key
        for text in texts(value):
            assert text.strip(), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_text_is_plain_with_well_formed_placeholders(
    catalogs: dict[str, Catalog], language: str
) -> None:
    markup = re.compile(r"<[A-Za-z/!]|&#?\w+;|\*\*|`|\]\(")
    for key, value in catalogs[language].items():
        for text in texts(value):
            # The build escapes everything, so markup would show up as literal tags and stars.
            assert not markup.search(text), (key, text)
            assert all(PLACEHOLDER_NAME.fullmatch(name) for name in placeholders(text)), key
            assert not re.search(r"[{}]", PLACEHOLDER.sub("", text)), (key, "stray brace")
            # Line breaks only where the formulas are shown as lines of plain text.
            assert "\n" not in text or key.endswith(".code"), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_objects_have_this_languages_categories(
    catalogs: dict[str, Catalog], language: str
) -> None:
    assert plural_problems(language, catalogs[language]) == []


@pytest.mark.parametrize(
    ("count", "category", "expected"),
    [
        (1, "one", "1 fragment"),
        (2, "few", "2 fragmenty"),
        (5, "many", "5 fragmentów"),
        (12, "many", "12 fragmentów"),
        (22, "few", "22 fragmenty"),
        (112, "many", "112 fragmentów"),
    ],
)
def test_polish_chunk_counts_take_the_right_form(
    catalogs: dict[str, Catalog], count: int, category: str, expected: str
) -> None:
    forms = catalogs["pl"]["plural.chunks"]
    assert isinstance(forms, dict)
    assert polish_category(count) == category
    assert forms[category].replace("{count}", str(count)) == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_meta_names_the_locale(catalogs: dict[str, Catalog], language: str) -> None:
    assert catalogs[language]["meta.locale"] == META_LOCALE[language]
    assert catalogs[language]["meta.language_name"] == META_LANGUAGE_NAME[language]


@pytest.mark.parametrize("language", sorted(KEY_TERMS))
def test_catalog_uses_its_documents_key_terms(catalogs: dict[str, Catalog], language: str) -> None:
    everything = "\n".join(text for value in catalogs[language].values() for text in texts(value))
    missing = [term for term in KEY_TERMS[language] if term not in everything]
    assert missing == []


# --- The checks above must be able to fail: break a copy of the catalogs and watch them notice.


def test_a_key_missing_in_one_catalog_is_reported(catalogs: dict[str, Catalog]) -> None:
    broken = dict(catalogs)
    broken["de"] = {
        key: value for key, value in catalogs["de"].items() if key != "result.step.label"
    }
    assert key_problems(broken) == [
        "de: missing ['result.step.label'], not in en []",
    ]


def test_a_renamed_placeholder_is_reported(catalogs: dict[str, Catalog]) -> None:
    broken = dict(catalogs)
    broken["it"] = {**catalogs["it"], "budget.fits": "Rientra, con {spared} token di margine."}
    assert placeholder_problems(broken) == ["it budget.fits: ['spared'] != en ['spare']"]


def test_a_missing_plural_form_is_reported(catalogs: dict[str, Catalog]) -> None:
    forms = catalogs["pl"]["plural.rows"]
    assert isinstance(forms, dict)
    broken: Catalog = {"plural.rows": {k: v for k, v in forms.items() if k != "few"}}
    assert plural_problems("pl", broken) == [
        "plural.rows: categories ['many', 'one', 'other', 'zero']"
    ]
