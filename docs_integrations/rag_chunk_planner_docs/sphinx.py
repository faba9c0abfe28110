"""The Sphinx extension: ``extensions = ["rag_chunk_planner_docs.sphinx"]``.

The ``rag-chunk-planner`` directive (reST, and MyST's ``{rag-chunk-planner}`` fence) embeds
a prefilled planner; its options are those of ``read_embed``.  An unknown option, a bad value,
an option given twice or any content is reported at its file and line, and fails the build (exit
status 1) when it ends: every wrong planner of every document is reported, as Sphinx reports its
own errors.
HTML builders get the calculator copied once into the output (``_rag_chunk_planner/<version>/``)
when the build ends, and the pages with a planner get its script and stylesheet; other
builders leave the planner out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from textwrap import dedent
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxTranslator
from sphinx.util.osutil import relative_uri

from ._bundle import SCRIPT, STYLESHEET, bundle_data, copy_site, static_path
from ._html import placeholder
from ._options import OPTIONS, Embed, OptionsError, docs_language, read_embed

logger = logging.getLogger(__name__)

# What docutils calls with an option's text (None for an option written without one).
Converter = Callable[[str], Any]

DIRECTIVE = "rag-chunk-planner"
# An option line: reST's field (``:tokens: 8000``, also MyST's first form), and a key of MyST's
# other form, a YAML block between two ``---`` lines (``tokens: 8000``).
_FIELD = re.compile(r"^[ \t]*:(?P<name>[^:\s]+):(\s|$)")
_KEY = re.compile(r"^(?P<name>[^:\s#][^:\s]*)[ \t]*:(\s|$)")
# The first line of the directive in reST, as docutils quotes it when it refuses the directive
# (docutils.parsers.rst.states.Body.run_directive: an error with the directive's text).
_RST_DIRECTIVE = re.compile(
    rf"^[ \t]*\.\.[ \t]+(\|[^|]+\|[ \t]+)?{re.escape(DIRECTIVE)}[ \t]*::", re.IGNORECASE
)


class planner_node(nodes.General, nodes.Element):  # noqa: N801 (docutils names nodes so)
    """An embedded planner; its ``embed`` attribute holds what it shows."""


def _text(value: str | None) -> str | None:
    return value


class _AnyOption(dict[str, Converter]):
    """Takes every option name, so that an unknown one reaches the directive, which fails
    the build with its line (docutils and MyST would only warn, and go on without it)."""

    def __missing__(self, name: str) -> Converter:
        return _text


class RagChunkPlannerDirective(SphinxDirective):
    """``.. rag-chunk-planner::`` with one option a line (``:tokens: 8000``)."""

    has_content = True
    option_spec: ClassVar[dict[str, Converter]] = _AnyOption(dict.fromkeys(OPTIONS, _text))

    def run(self) -> list[nodes.Node]:
        if self.content:
            return self._failed(
                [(self.content_offset + 1, "takes options only (one a line, :name: value)")]
            )
        # MyST keeps the last of an option given twice; the author meant one of them.
        problems = [
            (self.lineno + offset, f"{name}: given twice")
            for offset, name in repeated_options(self.block_text)
        ]
        try:
            embed = read_embed(self.options, docs_language(self.config.language))
        except OptionsError as error:
            problems += [
                (self._option_line(problem.option), str(problem)) for problem in error.problems
            ]
        if problems:
            return self._failed(sorted(problems))
        node = planner_node()
        node["embed"] = embed
        self.set_source_info(node)
        return [node]

    def _failed(self, problems: list[tuple[int, str]]) -> list[nodes.Node]:
        """Report each problem at its line; the build fails when it ends, and the document is
        read again by the next build until it is right."""
        for line, message in problems:
            logger.error("rag-chunk-planner: %s", message, location=(self.env.docname, line))
        _failed_documents(self.env).add(self.env.docname)
        return []

    def _option_line(self, option: str) -> int:
        """The line of ``option`` in the directive's text, else the directive's own."""
        pattern = re.compile(rf"^\s*:?{re.escape(option)}:(\s|$)")
        for offset, text in enumerate(self.block_text.splitlines()):
            if offset and pattern.match(text):
                return self.lineno + offset
        return self.lineno


def repeated_options(block_text: str) -> list[tuple[int, str]]:
    r"""The options given again, each by its line's offset in a directive's text (its first line
    the directive's own), in reST's form and MyST's two.

    >>> repeated_options(".. rag-chunk-planner::\n   :lang: de\n   :Lang: pl\n\n   :lang: x")
    [(2, 'lang')]
    >>> repeated_options("```{rag-chunk-planner}\n---\nlang: de\nprompt: |\n  lang: x\nlang: pl")
    [(5, 'lang')]
    """
    lines = dedent("\n".join(block_text.split("\n")[1:])).split("\n")
    as_yaml = lines[0].startswith("---")
    seen: set[str] = set()
    repeated: list[tuple[int, str]] = []
    for offset, text in enumerate(lines[1:] if as_yaml else lines, start=2 if as_yaml else 1):
        # The options end at the YAML block's end, or at reST's and MyST's first blank line;
        # indented lines go on a value.
        if (as_yaml and text.startswith("---")) or not (as_yaml or text.strip()):
            break
        option = (_KEY if as_yaml else _FIELD).match(text)
        if option is None:
            continue
        name = option["name"].lower()  # docutils' option names are case-insensitive
        if name in seen:
            repeated.append((offset, name))
        seen.add(name)
    return repeated


class RefusedPlanners(SphinxTransform):
    """Fails the document of a planner whose options docutils refused (one given twice, a line
    that is no option): docutils reports it once, at the directive's line, and leaves the
    planner out without running the directive, and the build would end with exit status 0."""

    # Before Sphinx's FilterSystemMessages (999) takes the reports out of the document.
    default_priority = 990

    def apply(self, **kwargs: Any) -> None:
        for message in self.document.findall(nodes.system_message):
            if message["level"] < self.document.reporter.ERROR_LEVEL:
                continue
            # The error's quote of the directive tells it apart (its own text is educated by
            # Sphinx's SmartQuotes by now, and is docutils' to word).
            quoted = [
                child.astext()
                for child in message.children
                if isinstance(child, nodes.literal_block)
            ]
            if not (quoted and _RST_DIRECTIVE.match(quoted[0]) and "line" in message):
                continue
            line: int = message["line"]
            source = message.get("source") or self.env.doc2path(self.env.docname)
            for offset, name in repeated_options(quoted[0]):
                logger.error(
                    "%s: %s: given twice", DIRECTIVE, name, location=f"{source}:{line + offset}"
                )
            _failed_documents(self.env).add(self.env.docname)


def _failed_documents(env: BuildEnvironment) -> set[str]:
    """The documents with a wrong planner, kept in the environment between builds."""
    failed: set[str] | None = getattr(env, "rag_chunk_planner_failed", None)
    if failed is None:
        failed = set()
        env.rag_chunk_planner_failed = failed  # type: ignore[attr-defined]
    return failed


def _forget(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _failed_documents(env).discard(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    _failed_documents(env).update(_failed_documents(other) & set(docnames))


def _read_failed_again(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    return sorted(_failed_documents(env) - removed)


def _is_html(app: Sphinx) -> bool:
    """A builder that writes an HTML site to serve (not an e-book: it would carry 30 MB)."""
    builder = app.builder
    return builder.format == "html" and not builder.name.startswith("epub")


def visit_planner_html(translator: SphinxTranslator, node: planner_node) -> None:
    builder = translator.builder
    assert isinstance(builder, StandaloneHTMLBuilder)  # the only builders that keep it
    to_root = relative_uri(builder.get_target_uri(builder.current_docname), "").removeprefix("./")
    embed: Embed = node["embed"]
    translator.body.append(placeholder(embed, to_root))  # type: ignore[attr-defined]
    raise nodes.SkipNode


def _leave_out_elsewhere(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    if not _is_html(app):
        for node in list(doctree.findall(planner_node)):
            node.parent.remove(node)


def _add_static_path(app: Sphinx, config: Config) -> None:
    config.html_static_path = [*config.html_static_path, str(static_path())]


def _add_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if doctree is not None and next(iter(doctree.findall(planner_node)), None) is not None:
        app.add_js_file(SCRIPT, loading_method="defer")
        app.add_css_file(STYLESHEET)


def _finish(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None:
        return
    if _failed_documents(app.env):
        app.statuscode = 1  # each wrong planner was reported at its line
    if _is_html(app):
        folder = copy_site(Path(app.outdir))
        logger.info("rag-chunk-planner: the calculator is in %s", folder)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_node(planner_node, html=(visit_planner_html, None))
    app.add_directive(DIRECTIVE, RagChunkPlannerDirective)
    app.add_transform(RefusedPlanners)
    app.connect("config-inited", _add_static_path)
    app.connect("doctree-resolved", _leave_out_elsewhere)
    app.connect("html-page-context", _add_assets)
    app.connect("env-purge-doc", _forget)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", _read_failed_again)
    app.connect("build-finished", _finish)
    return {
        "version": bundle_data().version,
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
