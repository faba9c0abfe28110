"""The MkDocs plugin: ``plugins: [rag-chunk-planner]``.

A fenced block whose info string is ``rag-chunk-planner`` holds one ``name: value`` a line
(the options of ``read_embed``; blank lines and ``#`` comments are skipped) and becomes an
embedded planner.  A fence inside another fence (an example in the docs) stays code.  An
unknown option or a bad value fails the build, naming the file and line.  The calculator is
copied once into the site (``_rag_chunk_planner/<version>/``) after each build, with the
embed's script and stylesheet, which every page loads (Material's instant navigation swaps
pages without loading them: the script starts the planners of each page it is shown).
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

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


class RagChunkPlannerPlugin(BasePlugin[PluginConfig]):  # type: ignore[no-untyped-call]
    """Embeds planners written as ``rag-chunk-planner`` fences."""

    def __init__(self) -> None:
        self._lang = "en"
        # Each page's placeholders, by the token that stands for them until its HTML exists.
        self._pending: dict[str, dict[str, str]] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        theme_language = config.theme.get("language") or config.theme.get("locale")
        self._lang = docs_language(str(theme_language) if theme_language else None)
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
        slots: dict[str, str] = {}
        seed = hashlib.sha256(source.encode()).hexdigest()[:10]
        # From the last: a fence replaced leaves the lines before it where they were.
        for index, (start, end, fence) in reversed(list(enumerate(fences))):
            try:
                embed = read_embed(fence.options, self._lang)
            except OptionsError as error:
                problems += [
                    (fence.option_lines.get(problem.option, fence.line), str(problem))
                    for problem in error.problems
                ]
                continue
            token = f"ragchunkplanner{index}x{seed}"
            slots[token] = placeholder(embed, to_root)
            # A paragraph of its own, at the fence's indentation (in a list or an admonition).
            lines[start : end + 1] = ["", fence.indent + token, ""]
        if problems:
            raise PluginError(
                "\n".join(f"{source}:{line}: {message}" for line, message in sorted(problems))
            )
        self._pending[source] = slots
        return "\n".join(lines)

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        for token, embed_html in self._pending.pop(page.file.src_uri, {}).items():
            if token not in html:  # a Markdown extension took the planner's paragraph away
                log.warning("%s: a rag-chunk-planner fence left no trace", page.file.src_uri)
            html = html.replace(f"<p>{token}</p>", embed_html).replace(token, embed_html)
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
