"""The render step: our scripts and styles, one page per language from
web/templates/page.html.j2 (the default results prerendered as the page paints them), and the
root page that picks one."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from site_build.comments import js_without_comments
from site_build.html_indentation import without_indentation
from site_build.lazy_strings import keys_named, lazy_strings_file, split_strings, start_texts
from site_build.modules import flat_imports, script_sources
from site_build.policy import CSP
from site_build.project import (
    COMMAND_LINE_KEYS,
    LANGUAGE_TAGS,
    LANGUAGES,
    ROOT,
    TEMPLATES,
    BuildError,
    load_pyproject,
    node_command,
)
from site_build.stylesheet import write_stylesheet

if TYPE_CHECKING:
    from jinja2 import Environment

Catalog = dict[str, object]
# Runs the page's own modules under Node for the prerendered results.
PRERENDER_SCRIPT = Path(__file__).with_name("prerender.mjs")


def load_catalogs(locales: Path) -> dict[str, Catalog]:
    """Each language's catalog as the pages use it: without the command line's own words."""
    catalogs: dict[str, Catalog] = {}
    for lang in LANGUAGES:
        path = locales / f"{lang}.json"
        if not path.exists():
            raise BuildError(f"missing catalog {path.relative_to(ROOT)}")
        catalog = json.loads(path.read_text(encoding="utf-8"))
        catalogs[lang] = {
            key: value for key, value in catalog.items() if not key.startswith(COMMAND_LINE_KEYS)
        }
    return catalogs


def jinja_environment() -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined  # noqa: PLC0415

    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )


def prerendered_results(result: object, jobs: Mapping[str, Mapping[str, object]]) -> dict[str, Any]:
    """Per language, the texts of `result` as web/pure/results-text.js writes them, run under
    Node (jobs: {lang: {locale, strings}}); so the prerendered page reads as app.js paints it."""
    node = node_command("to prerender the default results")
    sources = script_sources()
    with tempfile.TemporaryDirectory() as staging:
        modules = Path(staging)
        for name in ("format.js", "results-text.js"):
            shutil.copy(sources[name], modules / name)
        # Node reads .js files as ES modules only inside a package that says so.
        (modules / "package.json").write_text('{"type": "module"}', encoding="utf-8")
        listing = modules / "jobs.json"
        listing.write_text(
            json.dumps({lang: {**job, "result": result} for lang, job in jobs.items()}),
            encoding="utf-8",
        )
        done = subprocess.run(
            [node, str(PRERENDER_SCRIPT), str(modules), str(listing)],
            check=True,
            capture_output=True,
            text=True,
        )
    texts: dict[str, Any] = json.loads(done.stdout)
    return texts


def page_facts() -> dict[str, object]:
    """The names the page's templates and scripts share with Python, from their one
    declaration each: who may cut chunks (the window model first), the tokenizers known by
    name, the binary byte units (an axis's ticks), the storage's parts and the export's words.

    >>> page_facts()["chunkers"][0], page_facts()["iec_units"][1]
    ('window', 'KiB')
    """
    from calculator._documents import CHUNKERS  # noqa: PLC0415 (as render_pages' imports)
    from calculator._encodings import COUNTERS, ENCODINGS  # noqa: PLC0415
    from calculator._retrievers import MEASURES, RETRIEVERS, WORDLLAMA_DIMS  # noqa: PLC0415
    from calculator._units import IEC_UNITS  # noqa: PLC0415
    from calculator.protocol import SIZED_KEYS  # noqa: PLC0415
    from calculator.protocol._export import EXPORT_WORD_KEYS, STORAGE_PARTS  # noqa: PLC0415
    from calculator.protocol._fields import FIELDS  # noqa: PLC0415

    return {
        "chunkers": list(CHUNKERS),
        "splitters": list(CHUNKERS[1:]),
        "encodings": list(COUNTERS),
        "iec_units": list(IEC_UNITS),
        # The parts that add up to the storage's total, without the total: each one's byte
        # count's key, its sizes' key and its word's catalog key.
        "storage_parts": [
            [part_bytes, SIZED_KEYS[part_bytes], EXPORT_WORD_KEYS[word]]
            for word, part_bytes in STORAGE_PARTS
            if word != "total"
        ],
        "export_word_keys": dict(EXPORT_WORD_KEYS),
        # The evaluation's choices and measures (calculator/_retrievers.py, _evaluate.py),
        # and the k it starts with: the prompt budget's default.
        "retrievers": list(RETRIEVERS),
        # The window model's chunks are placed in the text by an OpenAI encoding's tokens.
        "window_encodings": list(ENCODINGS),
        "wordllama_dimensions": list(WORDLLAMA_DIMS),
        "measures": list(MEASURES),
        "top_k": FIELDS["top_k"].default,
    }


def render_pages(
    dist: Path,
    catalogs: Mapping[str, Catalog],
    languages: Sequence[str],
    assets: str,
    *,
    preload: Sequence[str] = (),
    modules: Sequence[str] = (),
) -> None:
    """One page per language, dist/<lang>/index.html, from web/templates/page.html.j2, loading
    its scripts and styles from `assets` and preloading the files `preload` names (both
    relative to dist/) and the modules in `assets` its module scripts import.

    The form's defaults are written in each language's own number format, grouped the way
    Intl.NumberFormat groups them (the browser tests compare the two): separator and CLDR
    minimum grouping digits per Intl tag; an unknown tag gets plain digits.
    """
    grouping = {
        "pt-BR": (".", 1),
        "de-DE": (".", 1),
        "it-IT": (".", 1),
        "pl-PL": ("\u00a0", 2),
        "en": (",", 1),
    }
    # The documents' two worked examples, as one-click presets in their explanation sections.
    presets = [
        {
            "section": "example_small",
            "fields": {
                "tokens": 2500,
                "chunk_size": 800,
                "overlap": 200,
                "dimensions": 384,
                "dtype": "float32",
            },
        },
        {
            "section": "example_large",
            "fields": {
                "tokens": 8000,
                "chunk_size": 512,
                "overlap": 64,
                "dimensions": 384,
                "dtype": "float32",
            },
        },
    ]
    # Long prose is in the HTML already; app.js gets every other string (errors, results,
    # plurals, later panels) in the page's JSON island.
    prose = ("explain.", "faq.", "index.", "page.")
    # The planning panels start at the calculator's own defaults, and the comparison at the
    # rows Python derives from them (sent only once the visitor edits the table: panels.js).
    # Imported here, like jinja2, so that importing build.py stays standard library only.
    from calculator.protocol import DEFAULT_FIELDS, evaluate_form, respond  # noqa: PLC0415
    from calculator.protocol._fields import page_fields  # noqa: PLC0415

    fields = page_fields()
    default_outcome = evaluate_form(DEFAULT_FIELDS)

    def localized(value: int, locale: str) -> str:
        separator, minimum = grouping.get(locale, ("", 99))
        digits = str(value)
        if len(digits) < 4 + minimum - 1:
            return digits
        groups = [digits[max(0, end - 3) : end] for end in range(len(digits), 0, -3)]
        return separator.join(reversed(groups))

    # The counting panel's strings wait in their own file for count.js (lazy_strings.py).
    named = keys_named(start_texts(dist / assets))
    js_strings = {
        lang: split_strings(
            {key: value for key, value in catalogs[lang].items() if not key.startswith(prose)},
            named,
        )[0]
        for lang in languages
    }
    # The default results as Python computes them (the same in every language: the default
    # texts have no separators), written into each page as app.js would paint them, so the
    # page shows correct numbers at first paint; it still becomes "ready" only when Python
    # answers in the browser.
    default_request = {
        "fields": dict(DEFAULT_FIELDS),
        "number_format": {"group": ",", "decimal": "."},
    }
    result = json.loads(respond(json.dumps(default_request)))["result"]
    texts = prerendered_results(
        result,
        {
            lang: {"locale": catalogs[lang]["meta.locale"], "strings": js_strings[lang]}
            for lang in languages
        },
    )
    template = jinja_environment().get_template("page.html.j2")
    names = [
        (lang, LANGUAGE_TAGS.get(lang, lang), str(catalogs[lang]["meta.language_name"]))
        for lang in languages
    ]
    for lang in languages:
        catalog = catalogs[lang]
        locale = str(catalog["meta.locale"])
        sections = [
            key.split(".")[1]
            for key in catalog
            if key.startswith("explain.") and key.endswith(".title")
        ]
        faq = [
            (catalog[f"faq.q{n}"], catalog[f"faq.a{n}"])
            for n in range(1, 100)
            if f"faq.q{n}" in catalog
        ]
        html = template.render(
            lang=lang,
            tag=LANGUAGE_TAGS.get(lang, lang),
            catalog=catalog,
            languages=names,
            csp=CSP,
            assets=f"../{assets}",
            preload=[f"../{path}" for path in preload],
            modules=modules,
            fields=fields,
            defaults={
                name: localized(int(text), locale) if text.isdigit() else text
                for name, text in DEFAULT_FIELDS.items()
            },
            presets=presets,
            explain_sections=sections,
            faq=faq,
            js_strings=js_strings[lang],
            panel_strings=lazy_strings_file(lang),
            facts=page_facts(),
            result=result,
            texts=texts[lang],
            compare_rows=[
                {
                    column: localized(int(text), locale) if text.isdigit() else text
                    for column, text in row.items()
                }
                for row in default_outcome.compare_rows
            ],
            compare_notes=default_outcome.compare_notes,
            version=load_pyproject()["project"]["version"],
        )
        page = dist / lang / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(without_indentation(html), encoding="utf-8")


def render_language_redirect(dist: Path, catalogs: Mapping[str, Catalog], assets: str) -> None:
    """dist/index.html: every language greeting in its own words, and redirect.js picks
    the best one."""
    template = jinja_environment().get_template("index.html.j2")
    choices = [
        {
            "path": lang,
            "tag": LANGUAGE_TAGS.get(lang, lang),
            "name": catalogs[lang]["meta.language_name"],
            "heading": catalogs[lang]["index.heading"],
            "choose": catalogs[lang]["index.choose"],
        }
        for lang in LANGUAGES
    ]
    title = " · ".join(str(choice["heading"]) for choice in choices)
    html = template.render(choices=choices, title=title, csp=CSP, assets=assets)
    (dist / "index.html").write_text(html, encoding="utf-8")


def copy_static(target: Path) -> None:
    """The site's scripts, flat in `target` and without their comments, and the stylesheet."""
    target.mkdir(parents=True)
    sources = script_sources()
    for name, path in sorted(sources.items()):
        source = js_without_comments(path.read_text(encoding="utf-8"))
        (target / name).write_text(
            flat_imports(source, path, sources), encoding="utf-8", newline="\n"
        )
    write_stylesheet(target)
