"""The placeholder an embed is written as: the frame's address and settings for the script
(static/rag-chunk-planner.js) that makes the frame, and a link to the full page."""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from ._bundle import bundle_data, site_folder
from ._options import Embed
from ._strings import FILE_NOTE, START


def page_address(embed: Embed, to_root: str) -> str:
    """The full page for the embed's values, relative to a docs page whose way to the output's
    root is ``to_root`` ("", "../", …).

    >>> from rag_chunk_planner_docs import read_embed
    >>> page_address(read_embed({"lang": "de", "tokens": "9000"}), "../")
    '../_rag_chunk_planner/0.1.0/de/?tokens=9000'
    """
    base = f"{to_root}{site_folder()}/{embed.lang}/"
    return f"{base}?{embed.query}" if embed.query else base


def frame_address(embed: Embed, to_root: str) -> str:
    """The frame's address: the full page's, in embed mode, with the panels it shows.  The
    theme is the script's to add, as it reads the docs' theme when the frame starts.

    >>> from rag_chunk_planner_docs import read_embed
    >>> frame_address(read_embed({"lang": "pl", "panels": "compare, cost"}), "")
    '_rag_chunk_planner/0.1.0/pl/?embed=1&panels=compare%2Ccost'
    """
    extra = [("embed", "1")]
    if embed.panels:
        extra.append(("panels", ",".join(embed.panels)))
    query = "&".join(part for part in (embed.query, urlencode(extra)) if part)
    return f"{to_root}{site_folder()}/{embed.lang}/?{query}"


def placeholder(embed: Embed, to_root: str) -> str:
    """The embed's HTML, for a docs page whose way to the output's root is ``to_root``: the
    frame's settings, and a link to the full page, its only text (the button and the note for
    docs opened as files are the script's to make, so a search index holds neither)."""
    lang = embed.lang
    title = bundle_data().titles.get(lang, bundle_data().titles["en"])
    attributes = {
        "class": "rag-chunk-planner",
        "lang": lang,
        "data-rag-chunk-planner": "",
        "data-src": frame_address(embed, to_root),
        "data-title": title,
        "data-theme": embed.theme,
        "data-height": "auto" if embed.height is None else str(embed.height),
        "data-file-note": FILE_NOTE.get(lang, FILE_NOTE["en"]),
    }
    if embed.prompt is not None:
        attributes["data-prompt"] = embed.prompt or START.get(lang, START["en"])
    opening = " ".join(
        name if name == "data-rag-chunk-planner" else f'{name}="{escape(value)}"'
        for name, value in attributes.items()
    )
    link = escape(page_address(embed, to_root))
    return (
        f'<div {opening}><p class="rag-chunk-planner-link"><a href="{link}">{escape(title)}</a>'
        "</p></div>"
    )
