"""Hugging Face ``tokenizer.json`` files applied as PyPI ``tokenizers`` applies them.

A file is read into a :class:`HfTokenizer`: its added tokens, normalizer, pre-tokenizer
and model (WordPiece, BPE, Unigram or WordLevel).  Text is encoded as
``Tokenizer.encode(text, add_special_tokens=False)`` encodes it: added tokens written in
the text (``[CLS]``, ``<mask>``, …) are found and count one token each, as tokenizers
finds them (special or not); nothing is added around the text; truncation and padding
settings are not applied (a document is counted whole: the chunks are cut later).

A file with a part this module cannot apply exactly (a normalizer, pre-tokenizer or model
of another kind, a regular expression other than GPT-2's, BPE dropout) is refused with
:class:`UnsupportedTokenizerError`, which names the part: a count is exact or refused,
never approximated.  Character properties come from ``_tables._hf`` (read from tokenizers
itself); the normalization forms from ``unicodedata``, except for characters tokenizers'
older Unicode leaves alone.

>>> vocab = {"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3, ",": 4}
>>> spec = {"normalizer": {"type": "BertNormalizer", "lowercase": True},
...         "pre_tokenizer": {"type": "BertPreTokenizer"},
...         "model": {"type": "WordPiece", "unk_token": "[UNK]", "vocab": vocab}}
>>> HfTokenizer(spec).encode("Unaffable, xyz")
[1, 2, 3, 4, 0]
"""

from __future__ import annotations

import json

from .._hf_limits import TokenizerFileError, UnsupportedTokenizerError
from ._tokenizer import HfTokenizer, _broken, _too_deep

__all__ = ["HfTokenizer", "TokenizerFileError", "UnsupportedTokenizerError", "load_tokenizer_json"]


def load_tokenizer_json(text: str) -> HfTokenizer:
    """The tokenizer a ``tokenizer.json`` file's text describes.

    Raises :class:`TokenizerFileError` (a ``ValueError``), and nothing else, whatever the
    text: ``UnsupportedTokenizerError`` naming what cannot be applied (exactly, or in
    bounded time), or another reason when the text is not such a file.
    """
    try:
        spec = json.loads(text)
    except json.JSONDecodeError as failure:
        raise TokenizerFileError(
            "not_json",
            f"not a tokenizer.json file (not JSON: {failure})",
            line=str(failure.lineno),
            column=str(failure.colno),
        ) from None
    except RecursionError:
        raise _too_deep() from None
    if not isinstance(spec, dict) or not isinstance(spec.get("model"), dict):
        raise TokenizerFileError("no_model", "not a tokenizer.json file (it has no model)")
    try:
        return HfTokenizer(spec)
    except TokenizerFileError:
        raise
    except Exception as failure:  # a field of another kind fails anywhere
        raise _broken(failure) from None
