"""The package's one error type and the catalogue of message keys it can carry."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# Every message key, with the placeholders its localized text receives.  The site's
# catalogs (locales/*.json, key "errors.<key>") must offer exactly these; a test
# checks it, so a new key here cannot ship untranslated.
MESSAGE_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "empty": (),
        "not_a_number": (),
        "not_whole": (),
        "too_small": ("minimum",),
        "too_large": ("maximum",),
        "overlap_not_below_chunk_size": ("overlap", "chunk_size"),
        "unknown_choice": ("value",),
        "not_an_integer": ("type",),
        "list_too_long": ("maximum",),
        "list_item_invalid": ("line", "value"),
        "list_empty": (),
        "too_many_rows": ("maximum",),
        "bad_compare_spec": ("value",),
        "not_a_decimal": (),
        "ambiguous_number": (),
        "too_many_digits": ("maximum",),
        "not_a_size": (),
        "unit_not_bytes": ("unit",),
        "needs_equal_documents": (),
        "needs_split_again": (),
        "bad_list_link": (),
        "dtype_not_stored": ("value", "database", "supported"),
        "too_many_dimensions": ("maximum", "database", "index"),
    }
)

# The params that name the calculator's choices by their ids, with the catalog prefix each id
# is worded by in a sentence: "binary" is "binary vectors" (``dtype_vectors.binary``), in the
# grammar each catalog's sentence needs; a list of ids (", " between them) is worded item by
# item (``dtype.<id>``, the option's own label) and joined with "or".  The page words them
# from its own catalog alike (web/page/results-paint.js ``WORDED_PARAMS``).
WORDED_PARAMS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {"dtype_not_stored": MappingProxyType({"value": "dtype_vectors", "supported": "dtype"})}
)

# The English wording (the command line's and str(error)'s) is the site's English catalog,
# locales/en.json: one wording for both.  A wheel carries that file in the package (en.json,
# read as package data, so a zipped package reads it too); a checkout reads it where it lies.
# The page words errors from its own catalogs and never reads it, so it is opened only when a
# message is first asked for.
_CATALOG = "en.json"


def english_messages() -> Mapping[str, str]:
    """Every message key's English text, from the English catalog (``errors.<key>``).

    >>> english_messages()["too_small"]
    'Enter {minimum} or more.'
    """
    if not _english:
        _english.update(
            (key.removeprefix("errors."), text)
            for key, text in english_catalog().items()
            if key.startswith("errors.") and isinstance(text, str)
        )
    return _english


def english_catalog() -> Mapping[str, object]:
    """The English catalog, every key: the command line's words where the page's are its own
    (error messages, the databases' formulas).  Empty when the package has no catalog.

    >>> english_catalog()["plural.bytes"]["one"]
    '{count}\xa0byte'
    """
    if not _catalog:
        _catalog.update(_read_english())
    return _catalog


_english: dict[str, str] = {}
_catalog: dict[str, object] = {}


def _read_english() -> dict[str, object]:
    # Imported here: the page's Python never gets here.
    import json  # noqa: PLC0415
    from importlib.resources import files  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    packaged = files(__name__.rpartition(".")[0]) / _CATALOG
    checkout = Path(__file__).parent.parent / "locales" / _CATALOG
    for place in (packaged, checkout):
        try:
            catalog = json.loads(place.read_text(encoding="utf-8"))
        except OSError:
            continue
        return dict(catalog)
    return {}


def shortened(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters for quoting in a message.

    >>> shortened("x" * 50, 10)
    'xxxxxxxxx…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _worded(key: str, fallback: str) -> str:
    """The English catalog's text of ``key`` with plain spaces (a terminal's), or ``fallback``
    where it has none.

    >>> _worded("dtype.float32", "float32"), _worded("dtype.none", "none")
    ('float32 (4 bytes)', 'none')
    """
    text = english_catalog().get(key)
    return text.replace("\u00a0", " ") if isinstance(text, str) else fallback


def _alternatives(items: list[str]) -> str:
    """Items joined as English lists alternatives (CLDR's "or" list, as the page's
    Intl.ListFormat writes it).

    >>> _alternatives(["a"]), _alternatives(["a", "b"]), _alternatives(["a", "b", "c"])
    ('a', 'a or b', 'a, b, or c')
    """
    if len(items) < 3:
        return " or ".join(items)
    return ", ".join(items[:-1]) + ", or " + items[-1]


class CalculatorError(ValueError):
    """An input the calculator refuses, said as data so any language can word it.

    ``field`` names the input, ``key`` is one of ``MESSAGE_KEYS`` and ``params``
    fills that key's placeholders (always as text, ready for formatting).

    >>> error = CalculatorError("overlap", "overlap_not_below_chunk_size",
    ...                         overlap=512, chunk_size=512)
    >>> error.params
    {'overlap': '512', 'chunk_size': '512'}
    >>> str(error)
    'overlap: The overlap (512) must be smaller than the chunk size (512).'
    """

    def __init__(self, field: str, key: str, **params: object) -> None:
        expected = MESSAGE_KEYS.get(key)
        if expected is None or set(expected) != set(params):
            raise TypeError(f"message key {key!r} takes {expected}, got {sorted(params)}")
        self.field = field
        self.key = key
        self.params: dict[str, str] = {name: str(value) for name, value in params.items()}
        #: The params given as whole numbers, which a page shows in its own number format.
        self.integer_params: tuple[str, ...] = tuple(
            name for name, value in params.items() if type(value) is int
        )
        super().__init__(field, key)

    @property
    def message(self) -> str:
        """The English wording, for the command line; the site words it from its catalogs.

        >>> CalculatorError("tokens", "too_small", minimum=8000).message
        'Enter 8,000 or more.'
        """
        text = english_messages().get(self.key)
        if text is None:  # a copy of the package without its catalog
            return " ".join([self.key, *(f"{k}={v}" for k, v in self.params.items())])
        shown = {
            name: f"{int(value):,}" if name in self.integer_params else value
            for name, value in self.params.items()
        }
        for name, prefix in WORDED_PARAMS.get(self.key, {}).items():
            shown[name] = _alternatives(
                [_worded(f"{prefix}.{item}", item) for item in self.params[name].split(", ")]
            )
        return text.format(**shown)

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"

    def to_dict(self) -> dict[str, object]:
        """The error as plain data: its key, its params as text and which params are numbers.

        >>> CalculatorError("tokens", "too_small", minimum=0).to_dict()
        {'key': 'too_small', 'params': {'minimum': '0'}, 'integer_params': ['minimum']}
        """
        return {
            "key": self.key,
            "params": dict(self.params),
            "integer_params": list(self.integer_params),
        }
