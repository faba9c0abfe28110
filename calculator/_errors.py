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
        "dtype_not_stored": ("value", "database", "supported"),
        "too_many_dimensions": ("maximum", "database", "index"),
    }
)

# English wording for the command line and for str(error); the site uses its catalogs.
_ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "empty": "enter a value",
        "not_a_number": "enter a whole number, for example 8000 or 8,000",
        "not_whole": "enter a whole number, without decimals",
        "too_small": "must be at least {minimum}",
        "too_large": "must be at most {maximum}",
        "overlap_not_below_chunk_size": (
            "overlap ({overlap}) must be smaller than the chunk size ({chunk_size})"
        ),
        "unknown_choice": "unknown value {value!r}",
        "not_an_integer": "must be an integer, not {type}",
        "list_too_long": "at most {maximum} documents",
        "list_item_invalid": "line {line}: {value!r} is not a whole number of tokens",
        "list_empty": "enter at least one document's token count",
        "too_many_rows": "at most {maximum} rows",
        "bad_compare_spec": ("{value!r} is not chunk_size:overlap[:dimensions[:representation]]"),
        "not_a_decimal": "enter a number such as 0.02 or 1500",
        "ambiguous_number": (
            "could be read two ways: write the digits without separators, for example 8000"
        ),
        "too_many_digits": "enter at most {maximum} digits",
        "dtype_not_stored": "{database} cannot store {value} vectors; it stores {supported}",
        "too_many_dimensions": "in {database}, {index} takes at most {maximum} dimensions",
    }
)


def shortened(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters for quoting in a message.

    >>> shortened("x" * 50, 10)
    'xxxxxxxxx…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


class CalculatorError(ValueError):
    """An input the calculator refuses, said as data so any language can word it.

    ``field`` names the input, ``key`` is one of ``MESSAGE_KEYS`` and ``params``
    fills that key's placeholders (always as text, ready for formatting).

    >>> error = CalculatorError("overlap", "overlap_not_below_chunk_size",
    ...                         overlap=512, chunk_size=512)
    >>> error.params
    {'overlap': '512', 'chunk_size': '512'}
    >>> str(error)
    'overlap: overlap (512) must be smaller than the chunk size (512)'
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
        #: The English wording, for the command line; the site words it from its catalogs.
        self.message = _ENGLISH[key].format(**self.params)
        super().__init__(f"{field}: {self.message}")

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
