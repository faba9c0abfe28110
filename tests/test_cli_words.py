"""The command line's summaries speak from the catalogs (``cli.*`` keys): in each of the five
languages (``--lang``), every key filled, none written by hand in the code.

The page's own contract with the catalogs is tests/test_locales.py's; these are the command
line's: its generated table is current, its text modules hold no English sentence of their
own, each key it fills gets exactly its placeholders, every ``cli.*`` key is used, and a real
example's summary in every language leaves nothing unfilled.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from calculator.cli._tables._cli_words import LANGUAGES as DECLARED
from calculator.cli._words import FIGURE_COLUMN, LANGUAGES, Words, table
from locale_contract import COMMAND_LINE_PREFIX
from test_cli import run

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "calculator" / "cli"
ENGLISH = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
CLI_KEYS = [key for key in ENGLISH if key.startswith(COMMAND_LINE_PREFIX)]
EXAMPLES = ROOT / "web" / "examples" / "documents"

# The modules whose every string is the summaries', their refusals' or their layout.  The other
# modules' strings (--help's, and the usage errors argparse prefixes with its own English) stay
# English: argparse speaks English whatever --lang says.
TEXT_MODULES = (
    "_summary.py", "_lifecycle_text.py", "_model_fit_text.py", "_settings_text.py",
    "_counted_text.py", "_preset_text.py", "_words.py", "_counting.py", "_sources.py",
    "_evaluation.py", "_form_fields.py",
)  # fmt: skip
# Words a string of those may hold that are names, not English: the values --json writes
# (it stays English), a file format's name and commands; identifiers in snake_case are names.
TECHNICAL = frozenset(
    {"same rules", "utf-8", "`python3 build.py ranks`", "pip install rag-chunk-planner"}
)
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def _generator_tables() -> dict[Path, str]:
    spec = importlib.util.spec_from_file_location(
        "make_cli_words", ROOT / "tools" / "make_cli_words.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tables: dict[Path, str] = module.tables()
    return tables


def test_the_words_tables_are_current() -> None:
    # Edit locales/*.json, then: python3 tools/make_cli_words.py.
    tables = _generator_tables()
    written = {path: path.read_text(encoding="utf-8") for path in tables if path.exists()}
    assert written == tables
    assert set(CLI.glob("_tables/_cli_words*.py")) == set(tables)


def test_every_label_leaves_its_figure_in_the_column() -> None:
    # A label of FIGURE_COLUMN characters or more would push its figure out of line.
    long = [
        (language, key, text)
        for language in LANGUAGES
        for key, text in table(language).items()
        if key.startswith(COMMAND_LINE_PREFIX + "label.")
        and isinstance(text, str)
        and len(text) >= FIGURE_COLUMN
    ]
    assert long == []


def test_every_language_has_every_key_of_the_command_line() -> None:
    assert list(DECLARED) == list(LANGUAGES) == ["en", "pt", "de", "it", "pl"]
    for language in LANGUAGES:
        keys = [key for key in table(language) if key.startswith(COMMAND_LINE_PREFIX)]
        assert keys == CLI_KEYS, language


# --- No English sentence written by hand ---------------------------------------------------


def _strings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every string constant and f-string part of ``tree`` but the docstrings."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        strings = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if strings and id(node) not in docstrings:
            assert isinstance(node, ast.Constant)
            yield node.lineno, str(node.value)


def english_in(text: str) -> bool:
    """Whether ``text`` holds two or more words of letters once the catalog's keys, options,
    format specs and the allowed technical names are taken out.

    >>> english_in("cli.summary.head"), english_in("--model-tokenizer"), english_in("chunks")
    (False, False, False)
    >>> english_in(" (plan)"), english_in("price_per_million"), english_in("the last chunk is full")
    (False, False, True)
    """
    rest = text.lower()
    for name in sorted(TECHNICAL, key=len, reverse=True):
        rest = rest.replace(name, " ")
    rest = re.sub(r"\b[a-z_]+(?:\.[a-z_0-9]+)+\.?", " ", rest)  # keys: cli.summary.head
    rest = re.sub(r"--[a-z-]+", " ", rest)  # options
    rest = re.sub(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b", " ", rest)  # names: raw_size
    return len(re.findall(r"[^\W\d_]{2,}", rest)) >= 2


def _text_trees() -> Iterator[tuple[str, ast.AST]]:
    for name in TEXT_MODULES:
        yield name, ast.parse((CLI / name).read_text(encoding="utf-8"))


def test_no_text_module_holds_an_english_sentence() -> None:
    written = [
        f"{name}:{line}: {text!r}"
        for name, tree in _text_trees()
        for line, text in _strings(tree)
        if english_in(text)
    ]
    assert written == []


def test_a_sentence_written_by_hand_is_noticed() -> None:
    tree = ast.parse('def f(w):\n    """Docs."""\n    return f"{w} chunks are full"\n')
    assert [text for _, text in _strings(tree) if english_in(text)] == [" chunks are full"]


# --- Each key filled with exactly its placeholders, every key used ---------------------------


def _key_patterns(node: ast.expr) -> list[re.Pattern[str]]:
    """The keys an argument names: a literal, an f-string (its values any name) or either
    branch of a conditional."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [re.compile(re.escape(node.value))]
    if isinstance(node, ast.JoinedStr):
        parts = [
            re.escape(str(part.value)) if isinstance(part, ast.Constant) else "[a-z0-9_]*"
            for part in node.values
        ]
        return [re.compile("".join(parts))]
    if isinstance(node, ast.IfExp):
        return _key_patterns(node.body) + _key_patterns(node.orelse)
    return []


def _uses() -> Iterator[tuple[str, list[str], frozenset[str] | None]]:
    """Each call of the command line's words: where, the keys it may fill, and the names it
    fills them with (None for a key read as written)."""
    for path in sorted(CLI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            if any(keyword.arg is None for keyword in node.keywords):
                continue  # the words' own plumbing passes its values on
            method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
            names: frozenset[str] | None = frozenset(
                keyword.arg for keyword in node.keywords if keyword.arg
            )
            if method == "count" and len(node.args) == 2:
                prefix = re.escape(COMMAND_LINE_PREFIX + "plural.")
                patterns = [re.compile(prefix + p.pattern) for p in _key_patterns(node.args[1])]
                names = (names or frozenset()) - {"signed"} | {"count"}
            else:
                patterns = [
                    pattern
                    for pattern in _key_patterns(node.args[0])
                    if pattern.pattern.startswith(re.escape(COMMAND_LINE_PREFIX))
                ]
                names = None if method == "text" else names
            if patterns:
                keys = [key for key in CLI_KEYS if any(p.fullmatch(key) for p in patterns)]
                where = f"{path.name}:{node.lineno}"
                assert keys, (where, [pattern.pattern for pattern in patterns])
                yield where, keys, names


def _placeholders(key: str) -> frozenset[str]:
    value = ENGLISH[key]
    texts = value.values() if isinstance(value, dict) else [value]
    return frozenset(name for text in texts for name in PLACEHOLDER.findall(text))


def test_each_key_is_filled_with_exactly_its_placeholders() -> None:
    problems = []
    for where, keys, names in _uses():
        for key in keys:
            wanted = _placeholders(key) | ({"count"} if key.startswith("cli.plural.") else set())
            if names is None and wanted:
                problems.append(f"{where}: {key} read as written has {sorted(wanted)}")
            elif names is not None and not wanted <= names:
                problems.append(f"{where}: {key} unfilled {sorted(wanted - names)}")
        if names is not None:
            unused = names - frozenset().union(*map(_placeholders, keys)) - {"count"}
            if unused:
                problems.append(f"{where}: {sorted(unused)} fill nothing in {keys}")
    assert problems == []


def test_every_key_of_the_command_line_is_used() -> None:
    named = {key for _, keys, _ in _uses() for key in keys}
    # Nouns passed on to count() by the caller ("files" or "documents").
    constants = {
        text
        for path in CLI.glob("*.py")
        for _, text in _strings(ast.parse(path.read_text(encoding="utf-8")))
    }
    named |= {f"cli.plural.{noun}" for noun in constants}
    assert [key for key in CLI_KEYS if key not in named] == []


# --- Every language on real examples ----------------------------------------------------------

RUNS = {
    "stream": [
        "--tokens", "200000", "--chunk-size", "1024", "--overlap", "128", "--dimensions", "384",
        "--max-input-tokens", "512", "--added-tokens", "2", "--top-k", "8",
        "--context-window", "8192", "--price-per-million", "0.02",
    ],
    "documents": [
        "--documents", "1200", "--average-tokens", "900", "--chunk-size", "512",
        "--overlap", "64", "--dimensions", "768", "--database", "pgvector", "--replicas", "2",
        "--new-chunk-size", "512", "--new-overlap", "128",
    ],
    "edit": [
        "--tokens", "8000", "--chunk-size", "256", "--overlap", "32", "--edit-at", "1000",
        "--edit-tokens", "100", "--dimensions", "1536", "--dtype", "int8",
    ],
    "compare": ["--tokens", "200000", "--chunk-size", "512", "--compare", "512:64,256:32"],
    "tradeoff": ["--tokens", "50000", "--chunk-size", "512", "--overlap", "64", "--tradeoff"],
    "count": [
        "--count", str(EXAMPLES), "--chunk-size", "256", "--overlap", "32",
        "--splitter", "recursive", "--model", "all-MiniLM-L6-v2",
    ],
}  # fmt: skip
# Each example as the summary and as Markdown; the trade-off as CSV too.
OUTPUTS = [
    *((example, []) for example in RUNS),
    *((example, ["--markdown"]) for example in RUNS),
    ("tradeoff", ["--csv"]),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("example", "output"), OUTPUTS)
def test_each_language_words_a_real_example_whole(
    language: str, example: str, output: list[str]
) -> None:
    completed = run(*RUNS[example], *output, "--lang", language)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip()
    assert PLACEHOLDER.findall(completed.stdout) == []
    assert COMMAND_LINE_PREFIX not in completed.stdout
    english = run(*RUNS[example], *output).stdout
    assert (completed.stdout == english) == (language == "en")


@pytest.mark.parametrize(
    ("language", "first_line"),
    [
        ("en", "200,000 tokens, chunk size 1,024, overlap 128, step 896"),
        ("pt", "200.000 tokens, tamanho do chunk 1.024, sobreposição 128, passo 896"),
        ("de", "200.000 Tokens, Fenstergröße 1.024, Überlappung 128, Schrittweite 896"),
        ("it", "200.000 token, dimensione del chunk 1.024, sovrapposizione 128, passo 896"),
        ("pl", "200\u00a0000 tokenów, rozmiar fragmentu 1024, nakładka 128, krok 896"),
    ],
)
def test_the_figures_take_the_languages_number_format(language: str, first_line: str) -> None:
    completed = run(*RUNS["stream"], "--lang", language)
    lines = completed.stdout.splitlines()
    assert lines[0] == first_line
    percent = {"en": "14.27%", "pt": "14,27%", "de": "14,27 %", "it": "14,27%", "pl": "14,27%"}
    assert percent[language] in lines[2]


def test_json_stays_english() -> None:
    arguments = [*RUNS["count"], "--json"]
    assert run(*arguments, "--lang", "de").stdout == run(*arguments).stdout


def test_an_unknown_language_is_refused() -> None:
    completed = run("--tokens", "8000", "--lang", "fr")
    assert completed.returncode == 2
    assert "--lang" in completed.stderr


@pytest.mark.parametrize(
    ("language", "counts"),
    [
        ("en", {0: "0 chunks", 1: "1 chunk", 2: "2 chunks", 1_000_000: "1,000,000 chunks"}),
        ("pt", {0: "0 chunks", 1: "1 chunk", 2: "2 chunks", 1_000_000: "1.000.000 chunks"}),
        ("de", {1: "1 Abschnitt", 21: "21 Abschnitte", 1234: "1.234 Abschnitte"}),
        ("it", {1: "1 chunk", 1_000_000: "1.000.000 chunk"}),
        (
            "pl",
            {
                1: "1 fragment", 2: "2 fragmenty", 5: "5 fragmentów", 12: "12 fragmentów",
                22: "22 fragmenty", 1234: "1234 fragmenty", 12_345: "12\u00a0345 fragmentów",
            },
        ),
    ],
)  # fmt: skip
def test_counts_take_the_languages_plural_forms(language: str, counts: dict[int, str]) -> None:
    # As the page's Formatter chooses them (tests/test_locale_reading.py): CLDR's categories,
    # "zero" for nothing, and pt's and it's "many" (millions in words) read as "other".
    words = Words(language)
    assert {n: words.count(n, "chunks") for n in counts} == counts
