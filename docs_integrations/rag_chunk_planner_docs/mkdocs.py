"""The MkDocs plugin: ``plugins: [rag-chunk-planner]``.

A fenced block whose info string is ``rag-chunk-planner`` holds one ``name: value`` a line
(the options of ``read_embed``; blank lines and ``#`` comments are skipped) and becomes an
embedded planner.  A fence inside another fence (an example in the docs) stays code.  An
unknown option or a bad value fails the build, naming the file and line.  The calculator is
copied once into the site (``_rag_chunk_planner/<version>/``) after each build, with the
embed's script and stylesheet, which every page loads (Material's instant navigation swaps
pages without loading them: the script starts the planners of each page it is shown).

A planner's HTML reaches the page through Markdown's own stash of raw HTML: the fence becomes a
line that no page can write (a random marker), which a preprocessor of the plugin's Markdown
extension turns into Markdown's placeholder, and Markdown puts the HTML in its place, the whole
paragraph.  Text that looks like a placeholder, in code, in an attribute or in prose, stays as
the page wrote it.
"""

from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

# Python-Markdown has no types (no py.typed marker, no stubs in our environment).
from markdown import Markdown  # type: ignore[import-untyped]
from markdown.extensions import Extension  # type: ignore[import-untyped]
from markdown.preprocessors import Preprocessor  # type: ignore[import-untyped]
from mkdocs.config.base import Config
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from ._bundle import ASSETS_FOLDER, SCRIPT, STYLESHEET, copy_site, site_folder
from ._html import placeholder
from ._options import OptionsError, docs_language, read_embed

log = logging.getLogger(f"mkdocs.plugins.{__name__}")

FENCE_NAME = "rag-chunk-planner"
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*?)\s*$")
_OPTION = re.compile(r"^(?P<name>[A-Za-z_][\w-]*)[ \t]*:(?P<value>.*)$")
# Where the preprocessor runs among Markdown's: right after NormalizeWhitespace (30), which
# deletes every STX and ETX of the page's text (markdown/preprocessors.py), so that the
# placeholders it makes with them can only be Markdown's, and after pymdownx's bypass of it
# (29.9), which makes its own stand-ins STX and ETX again; before meta (27), the fenced code
# blocks (25) and raw HTML (20).
_PRIORITY = 29


@dataclass
class _Fence:
    """A planner fence found in a page: its first line (1-based, in the file) and options."""

    line: int
    indent: str
    options: dict[str, str | None] = field(default_factory=dict)
    option_lines: dict[str, int] = field(default_factory=dict)


# MkDocs' Config.__init_subclass__ and BasePlugin.__init_subclass__ have no annotations.
class PluginConfig(Config):  # type: ignore[no-untyped-call]
    """The plugin has no settings: each planner says all it needs."""


@dataclass
class _Embeds:
    """The planners of a build: each one's HTML by the marker its fence became, the markers
    the preprocessor put in Markdown's stash, and each page's markers."""

    html: dict[str, str] = field(default_factory=dict)
    placed: set[str] = field(default_factory=set)
    pages: dict[str, list[str]] = field(default_factory=dict)


class _StashPlanners(Preprocessor):  # type: ignore[misc]
    """Makes each line that is a planner's marker Markdown's placeholder for the planner's HTML
    (``STX wzxhzdk:N ETX``, markdown/util.py), at the line's indentation (in a list, an
    admonition); Markdown's RawHtmlPostprocessor puts the HTML in place of the paragraph."""

    def __init__(self, md: Markdown, embeds: _Embeds) -> None:
        super().__init__(md)
        self._embeds = embeds

    def run(self, lines: list[str]) -> list[str]:
        html = self._embeds.html
        for index, line in enumerate(lines):
            marker = line.strip()
            if marker in html:
                self._embeds.placed.add(marker)
                indent = line[: len(line) - len(line.lstrip())]
                lines[index] = indent + self.md.htmlStash.store(html[marker])
        return lines


class _PlannerExtension(Extension):  # type: ignore[misc]
    def __init__(self, embeds: _Embeds) -> None:
        super().__init__()
        self._embeds = embeds

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Markdown's name)
        md.preprocessors.register(_StashPlanners(md, self._embeds), FENCE_NAME, _PRIORITY)


class RagChunkPlannerPlugin(BasePlugin[PluginConfig]):  # type: ignore[no-untyped-call]
    """Embeds planners written as ``rag-chunk-planner`` fences."""

    def __init__(self) -> None:
        self._lang = "en"
        self._embeds = _Embeds()
        # The markers' common part: a page cannot write what it cannot know.
        self._nonce = secrets.token_hex(16)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        theme_language = config.theme.get("language") or config.theme.get("locale")
        self._lang = docs_language(str(theme_language) if theme_language else None)
        # `mkdocs serve` keeps the plugin for each build of a new configuration.
        self._embeds = _Embeds()
        config.markdown_extensions.append(_PlannerExtension(self._embeds))
        assets = f"{site_folder()}/{ASSETS_FOLDER}"
        if f"{assets}/{STYLESHEET}" not in config.extra_css:
            config.extra_css.append(f"{assets}/{STYLESHEET}")
        if all(str(script) != f"{assets}/{SCRIPT}" for script in config.extra_javascript):
            script = ExtraScriptValue(f"{assets}/{SCRIPT}")
            script.defer = True
            config.extra_javascript.append(script)
        return config

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        source = page.file.src_uri
        first_line = _first_line(page, markdown)
        lines = markdown.split("\n")
        fences, problems = _find_fences(lines, first_line)
        if not fences and not problems:
            return markdown
        to_root = _to_root(page.url)
        markers: list[str] = []
        # From the last: a fence replaced leaves the lines before it where they were.
        for start, end, fence in reversed(fences):
            try:
                embed = read_embed(fence.options, self._lang)
            except OptionsError as error:
                problems += [
                    (fence.option_lines.get(problem.option, fence.line), str(problem))
                    for problem in error.problems
                ]
                continue
            marker = f"rag-chunk-planner-{self._nonce}-{len(self._embeds.html)}"
            self._embeds.html[marker] = placeholder(embed, to_root)
            markers.append(marker)
            # A paragraph of its own, at the fence's indentation (in a list or an admonition).
            lines[start : end + 1] = ["", fence.indent + marker, ""]
        if problems:
            raise PluginError(
                "\n".join(f"{source}:{line}: {message}" for line, message in sorted(problems))
            )
        self._embeds.pages[source] = markers
        return "\n".join(lines)

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        for marker in self._embeds.pages.pop(page.file.src_uri, []):
            # Another plugin's hook or a Markdown extension took the marker's line away.
            if marker not in self._embeds.placed:
                log.warning("%s: a rag-chunk-planner fence left no trace", page.file.src_uri)
        return html

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        copy_site(Path(config.site_dir), assets=True)


def _first_line(page: Page, markdown: str) -> int:
    """The file's line number of the markdown's first line: the front matter is gone from it."""
    try:
        raw = page.file.content_string.replace("\r\n", "\n").replace("\r", "\n")
    except (OSError, TypeError):
        return 1
    if markdown and raw.endswith(markdown):
        return raw[: len(raw) - len(markdown)].count("\n") + 1
    return 1


def _find_fences(
    lines: list[str], first_line: int
) -> tuple[list[tuple[int, int, _Fence]], list[tuple[int, str]]]:
    """The planner fences of a page (first and last line index, options) and the problems of
    their lines; fences inside other fences are content, not planners."""
    fences: list[tuple[int, int, _Fence]] = []
    problems: list[tuple[int, str]] = []
    index = 0
    while index < len(lines):
        opening = _FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        marker = opening["fence"]
        closing = re.compile(rf"^[ \t]*{re.escape(marker[0])}{{{len(marker)},}}\s*$")
        end = index + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        if opening["info"] == FENCE_NAME:
            fence = _Fence(line=first_line + index, indent=opening["indent"])
            if end == len(lines):
                problems.append((fence.line, f"the {FENCE_NAME} fence is not closed"))
            for offset in range(index + 1, min(end, len(lines))):
                _read_option(lines[offset], first_line + offset, fence, problems)
            fences.append((index, min(end, len(lines) - 1), fence))
        index = end + 1
    return fences, problems


def _read_option(text: str, line: int, fence: _Fence, problems: list[tuple[int, str]]) -> None:
    text = text.strip()
    if not text or text.startswith("#"):
        return
    option = _OPTION.match(text)
    if option is None:
        problems.append((line, f"{text!r}: write one option a line, as name: value"))
        return
    name = option["name"]
    if name in fence.options:
        problems.append((line, f"{name}: given twice"))
        return
    fence.options[name] = option["value"].strip()
    fence.option_lines[name] = line


def _to_root(url: str) -> str:
    """The way from a page's address to the site's root.

    >>> _to_root(""), _to_root("guide/"), _to_root("guide/setup.html"), _to_root("a/b/")
    ('', '../', '../', '../../')
    """
    directory = url if url.endswith("/") else url.rpartition("/")[0]
    return "../" * len([part for part in directory.split("/") if part])
