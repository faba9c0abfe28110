"""The tokenizer: a file's added tokens, normalizer, pre-tokenizer and model, in
``tokenizers``' order."""

from __future__ import annotations

import json
import re
from collections.abc import Generator, Iterator
from typing import Any

from .._hf_limits import (
    TokenizerFileError,
    UnsupportedTokenizerError,
)
from ._characters import _CHINESE, _regex
from ._models import STEP, _model
from ._normalizers import Normalizer, _normalizer, _normalizer_kinds, _Precompiled
from ._patterns import SPLIT_AT_SPACE
from ._pre_tokenizers import PreTokenizer, _pre_tokenizer

# What a field of another kind than tokenizers writes raises where it is first used: while
# the file is read, or only as a text meets it (an unknown token that is a list, say).
_BROKEN = (KeyError, TypeError, AttributeError, IndexError, RecursionError, OverflowError)


def _broken(failure: Exception) -> TokenizerFileError:
    if isinstance(failure, RecursionError):
        return _too_deep()
    if isinstance(failure, KeyError):
        field = str(failure.args[0]) if failure.args else ""
        message = f"not a tokenizer.json file (no field {field!r})"
        return TokenizerFileError("missing_field", message, field=field)
    message = f"not a tokenizer.json file (a field of the wrong kind: {failure})"
    return TokenizerFileError("wrong_kind", message)


def _too_deep() -> TokenizerFileError:
    return TokenizerFileError("too_deep", "not a tokenizer.json file (nested too deep)")


_NOTHING = re.compile("(?!)")


class _AddedTokens:
    """Added tokens found in text as tokenizers finds them: leftmost, longest first."""

    def __init__(self, tokens: list[tuple[str, int, dict[str, Any]]]) -> None:
        self.tokens = {content: (token, options) for content, token, options in tokens}
        ordered = sorted(self.tokens, key=len, reverse=True)
        self.pattern = (
            re.compile("|".join(re.escape(content) for content in ordered)) if ordered else None
        )
        # Compiled only for the options that need them (a large class takes a while).
        options = [item for _, item in self.tokens.values()]
        needs_word = any(item.get("single_word") for item in options)
        needs_space = any(item.get("lstrip") or item.get("rstrip") for item in options)
        self.word = _regex("[{WORD}]") if needs_word else _NOTHING
        self.space = _regex("[{SPACE}]") if needs_space else _NOTHING

    def split(self, text: str, at_start: bool) -> list[tuple[str, int | None, bool]]:
        """``text`` cut at the added tokens found: (text, token id or None, at start)."""
        if self.pattern is None or not text:
            return [(text, None, at_start)]
        out: list[tuple[str, int | None, bool]] = []
        done = 0
        for match in self.pattern.finditer(text):
            start, stop = match.span()
            token, options = self.tokens[match.group()]
            if options.get("single_word"):
                before = start == 0 or not self.word.fullmatch(text[start - 1])
                after = stop == len(text) or not self.word.fullmatch(text[stop])
                if not (before and after):
                    continue
            if options.get("lstrip"):
                while start > done and self.space.fullmatch(text[start - 1]):
                    start -= 1
            if options.get("rstrip"):
                while stop < len(text) and self.space.fullmatch(text[stop]):
                    stop += 1
            if done < start:
                out.append((text[done:start], None, at_start and done == 0))
            out.append((text[start:stop], token, at_start and start == 0))
            done = stop
        if done < len(text):
            out.append((text[done:], None, at_start and done == 0))
        return out


# Normalizers that may remove the first characters of a text (so that tokenizers no longer
# sees it as starting the text, for Metaspace's prepend_scheme "first").
_LEADING_REMOVERS = frozenset({"BertNormalizer", "StripAccents", "Strip", "Nmt", "Replace"})


class HfTokenizer:
    """A tokenizer.json's tokenizer (see the module's docstring)."""

    def __init__(self, spec: dict[str, Any], name: str = "tokenizer.json") -> None:
        self.name = name
        model_spec = spec["model"]
        normalizer_spec = spec.get("normalizer")
        pre_spec = spec.get("pre_tokenizer")
        self.normalizer: Normalizer | None = (
            _normalizer(normalizer_spec) if normalizer_spec else None
        )
        self.pre_tokenizer: PreTokenizer | None = _pre_tokenizer(pre_spec) if pre_spec else None
        if '"prepend_scheme": "first"' in json.dumps(pre_spec) and any(
            kind in _LEADING_REMOVERS for kind in _normalizer_kinds(normalizer_spec)
        ):
            raise UnsupportedTokenizerError(
                'Metaspace\'s prepend_scheme "first" after a normalizer that removes characters',
                part='"prepend_scheme": "first"',
            )
        self.model = _model(model_spec)
        raw: list[tuple[str, int, dict[str, Any]]] = []
        normalized: list[tuple[str, int, dict[str, Any]]] = []
        for added in spec.get("added_tokens") or []:
            content = added["content"]
            if not content:
                continue
            if added.get("normalized", not added.get("special", False)):
                if self.normalizer is not None:
                    content = self.normalizer(content)
                normalized.append((content, added["id"], added))
            else:
                raw.append((content, added["id"], added))
        self._raw = _AddedTokens(raw)
        self._normalized = _AddedTokens(normalized)
        self._contents = (
            [content for content, _, _ in raw],
            [content for content, _, _ in normalized],
        )
        longest = max(map(len, self._contents[0] + self._contents[1]), default=0)
        self._window = 4 * longest + 8
        self._cuts = _cuts(normalizer_spec, pre_spec, model_spec)
        continuing = _continuing(normalizer_spec)
        self._continuing: Normalizer | None = (
            self.normalizer
            if continuing == normalizer_spec
            else _normalizer(continuing)
            if continuing
            else None
        )

    def encode(self, text: str, at_start: bool = True) -> list[int]:
        """The ids ``Tokenizer.encode(text, add_special_tokens=False)`` gives (``at_start``
        false: of ``text`` as a later part of a text, cut where :meth:`slice_end` cuts)."""
        try:
            return [token for ids in self._pieces(text, at_start) for token in ids]
        except _BROKEN as failure:
            raise _broken(failure) from None

    def slice_end(self, text: str, start: int, size: int) -> int:
        """Where a slice of ``text`` from ``start`` (a slice's start) ends: the slices'
        tokens are then the whole text's, each slice encoded alone.

        A slice ends where the tokenizer ends a word whatever comes around it: at a space
        between two ASCII letters or digits (or between two Chinese characters, for BERT's
        normalizer), with no added token near, for tokenizers whose normalizers change
        no such character and whose pre-tokenizer splits there.  It is the last such place
        within ``size`` characters, or else the first one after them; a tokenizer that
        splits nowhere for certain (no pre-tokenizer, Strip or Prepend normalizers) takes
        the rest of the text in one slice.
        """
        if start + size >= len(text) or self._cuts is None:
            return len(text)
        cuts = self._cuts
        inside = [match.start() for match in cuts.finditer(text, start + 1, start + size + 1)]
        for place in reversed(inside):
            if self._clear(text, place):
                return place
        for match in cuts.finditer(text, start + size + 1):
            if self._clear(text, match.start()):
                return match.start()
        return len(text)

    def _clear(self, text: str, place: int) -> bool:
        """Whether no added token is found near ``place`` (so none is cut there)."""
        raw, normalized = self._contents
        if not raw and not normalized:
            return True
        around = text[max(0, place - self._window) : place + self._window]
        if any(content in around for content in raw):
            return False
        if normalized and self.normalizer is not None:
            around = self.normalizer(around)
        return not any(content in around for content in normalized)

    def count(self, text: str) -> int:
        """How many tokens ``text`` is."""
        try:
            return sum(len(ids) for ids in self._pieces(text))
        except _BROKEN as failure:
            raise _broken(failure) from None

    def encode_steps(self, text: str, at_start: bool = True) -> Generator[None, None, list[int]]:
        """:meth:`encode` with pauses, so that the page's worker never works long between
        two: after every :data:`STEP` words and inside a long word."""
        ids: list[int] = []
        model = self.model
        try:
            for count, (done, word) in enumerate(self._words(text, at_start), 1):
                if count % STEP == 0:
                    yield
                if done is not None:
                    ids += done
                elif len(word) > STEP:
                    ids += yield from model.tokenize_steps(word)
                else:
                    ids += model.tokenize(word)
        except _BROKEN as failure:
            raise _broken(failure) from None
        return ids

    def _pieces(self, text: str, at_start: bool = True) -> Iterator[list[int]]:
        model = self.model
        for done, word in self._words(text, at_start):
            yield done if done is not None else model.tokenize(word)

    def _words(self, text: str, at_start: bool) -> Iterator[tuple[list[int] | None, str]]:
        """The text's added tokens, as ([id], ""), and words for the model, as (None, word)."""
        text = _without_lone_surrogates(text)
        pre_tokenizer = self.pre_tokenizer
        for index, (raw, token, start) in enumerate(self._raw.split(text, at_start)):
            if token is not None:
                yield [token], ""
                continue
            # A later slice's first part continues a part of the text (slice_end cuts at a
            # space, never at an added token): no Prepend nor left Strip for it.
            continues = index == 0 and not at_start
            normalizer = self._continuing if continues else self.normalizer
            part = normalizer(raw) if normalizer is not None else raw
            for piece, added, first in self._normalized.split(part, start):
                if not piece:
                    continue
                if added is not None:
                    yield [added], ""
                    continue
                splits = [(piece, first)]
                if pre_tokenizer is not None:
                    splits = pre_tokenizer(splits)
                for word, _ in splits:
                    if word:
                        yield None, word


# Normalizers that leave a space and ASCII letters and digits to the pre-tokenizer as they
# are, and change each character whatever the text around it (or a few around it); Strip and
# Prepend change a text's ends only, and a later slice is normalized without them.
_LOCAL_NORMALIZERS = frozenset(
    {
        "BertNormalizer",
        "NFC",
        "NFD",
        "NFKC",
        "NFKD",
        "Lowercase",
        "StripAccents",
        "Nmt",
        "Strip",
        "Prepend",
    }
)
_SPACE_CUT = "(?<=[A-Za-z0-9]) (?=[A-Za-z0-9])"
_CHINESE_CLASS = _CHINESE.pattern[1:-1]
_CHINESE_CUT = f"(?<={_CHINESE_CLASS})(?={_CHINESE_CLASS})"


def _space_becomes(spec: dict[str, Any] | None) -> str | None:  # noqa: PLR0911
    """What the normalizer makes of a space between ASCII letters or digits: itself, one
    other character (``Replace`` of the string " "), or None when it is not local."""
    if spec is None:
        return " "
    kind = spec.get("type")
    if kind == "Sequence":
        space: str | None = " "
        for item in spec.get("normalizers", []):
            after = _space_becomes(item)
            if after is None:
                return None
            if space == " ":
                space = after
            elif after != " ":  # a later Replace of a space meets no space any more
                return None
        return space
    if kind == "Replace":
        pattern = spec.get("pattern") or {}
        text = str(pattern.get("String", pattern.get("Regex", "")))
        if pattern.get("String") == " ":
            content = str(spec.get("content", ""))
            return content if len(content) == 1 and not content.isalnum() else None
        if re.fullmatch("[ {},0-9+*]*", text) and "Regex" in pattern:  # runs of spaces
            return " " if re.fullmatch(text, " ") is None else None
        return None if re.search("[A-Za-z0-9 ]", text) else " "
    if kind == "Precompiled":
        return " " if _Precompiled(spec).keeps_cuts() else None
    return " " if kind in _LOCAL_NORMALIZERS else None


def _continuing(spec: dict[str, Any] | None) -> dict[str, Any] | None:
    """The normalizer for a slice that continues a text: without Prepend and left Strip."""
    if spec is None:
        return None
    kind = spec.get("type")
    if kind == "Sequence":
        parts = [_continuing(item) for item in spec.get("normalizers", [])]
        return {**spec, "normalizers": [part for part in parts if part is not None]}
    if kind == "Prepend":
        return None
    if kind == "Strip":
        return {**spec, "strip_left": False}
    return spec


def _splits_at(spec: dict[str, Any] | None, space: str) -> bool:  # noqa: PLR0911
    """Whether the pre-tokenizer always splits at ``space`` (what the normalizer made of a
    space) between two ASCII letters or digits, that character starting the second piece
    (if it keeps it)."""
    if spec is None:
        return False
    kind = spec.get("type")
    if kind in ("BertPreTokenizer", "Whitespace", "WhitespaceSplit"):
        return space == " "
    if kind == "Metaspace":
        return bool(spec.get("split", True)) and space in (" ", spec.get("replacement", "\u2581"))
    if kind == "ByteLevel":
        return bool(spec.get("use_regex", True)) and space == " "
    if kind == "Split":
        pattern = spec.get("pattern") or {}
        known = pattern.get("Regex") in SPLIT_AT_SPACE and not spec.get("invert", False)
        return known and spec.get("behavior") in ("Isolated", "MergedWithNext") and space == " "
    if kind == "Sequence":
        for item in spec.get("pretokenizers", []):
            if _splits_at(item, space):
                return True
            if item.get("type") in ("Metaspace", "ByteLevel"):  # the space is gone
                return False
    return False


def _model_splits_at(
    model: dict[str, Any], pre_tokenizer: dict[str, Any] | None, space: str
) -> bool:
    """Whether the model, given the whole text as one word (no pre-tokenizer, or Metaspace
    without its split), never makes a token across what a space became: no token has that
    character after another one, and the character is a token itself (so it is never
    unknown, never fused)."""
    if pre_tokenizer is not None:
        if pre_tokenizer.get("type") != "Metaspace" or pre_tokenizer.get("split", True):
            return False
        if space == " ":
            space = pre_tokenizer.get("replacement", "\u2581")
    kind = model.get("type")
    if kind == "BPE":
        if model.get("ignore_merges") or model.get("continuing_subword_prefix"):
            return False
        if model.get("end_of_word_suffix"):
            return False
        tokens = list(model.get("vocab", {}))
    elif kind == "Unigram":
        tokens = [piece for piece, _ in model.get("vocab", [])]
    else:
        return False
    return space in tokens and not any(space in token.lstrip(space) for token in tokens)


def _cuts(
    normalizer: dict[str, Any] | None,
    pre_tokenizer: dict[str, Any] | None,
    model: dict[str, Any],
) -> re.Pattern[str] | None:
    """Where a text can be cut for :meth:`HfTokenizer.slice_end`, or None (nowhere)."""
    space = _space_becomes(normalizer)
    if space is None:
        return None
    if not _splits_at(pre_tokenizer, space) and not _model_splits_at(model, pre_tokenizer, space):
        return None
    chinese = (
        normalizer is not None
        and pre_tokenizer is not None
        and normalizer.get("type") == "BertNormalizer"
        and normalizer.get("handle_chinese_chars", True)
        and pre_tokenizer.get("type") in ("BertPreTokenizer", "Whitespace", "WhitespaceSplit")
    )
    return re.compile(f"{_SPACE_CUT}|{_CHINESE_CUT}" if chinese else _SPACE_CUT)


def _without_lone_surrogates(text: str) -> str:
    """Lone surrogates (which a JavaScript string may hold) as U+FFFD, as UTF-8 encoders
    write them: tokenizers takes only well-formed text."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text
