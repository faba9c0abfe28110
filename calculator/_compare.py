"""Several chunking configurations of the same corpus, side by side, each document split on
its own.

Lower is cheaper in every compared figure, so the lowest value of a column is
marked best and the highest worst (only where the rows differ).  Cheaper is not
better retrieval: that needs representative questions on a small collection.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ._choices import MAX_ROWS, ROW_FIELDS
from ._documents import CorpusPlan, Lengths, plan_corpus
from ._errors import CalculatorError, shortened
from ._record import record
from ._vectors import VectorSize, vector_size

COMPARED_FIGURES = (
    "chunks",
    "tokens_processed",
    "repeated_tokens",
    "padded_tokens",
    "raw_vector_bytes",
)
# A row of the comparison as text: chunk_size:overlap[:dimensions[:dtype]].


@record
class Configuration:
    """One setting to compare; no ``dimensions`` means no raw size."""

    chunk_size: int
    overlap: int
    dimensions: int | None = None
    representation: str | int = "float32"


@record
class ComparisonRow:
    configuration: Configuration
    plan: CorpusPlan
    vectors: VectorSize | None

    def figure(self, name: str) -> int | None:
        """One of ``COMPARED_FIGURES``; ``None`` for a raw size without dimensions."""
        if name == "raw_vector_bytes":
            return None if self.vectors is None else self.vectors.raw_bytes
        value = getattr(self.plan, name)
        assert isinstance(value, int)
        return value


@record
class Comparison:
    rows: tuple[ComparisonRow, ...]
    #: Figure name → indexes of the rows holding its lowest value (empty when all agree).
    best: Mapping[str, tuple[int, ...]]
    #: Figure name → indexes of the rows holding its highest value.
    worst: Mapping[str, tuple[int, ...]]


def compare_configurations(
    corpus: int | Lengths, configurations: Sequence[Configuration]
) -> Comparison:
    """Plan a corpus under every configuration and mark each column's extremes; ``corpus``
    is one document's tokens, or (document tokens, number of documents) pairs.

    >>> rows = [Configuration(512, overlap) for overlap in (64, 128, 256)]
    >>> comparison = compare_configurations(200_000, rows)
    >>> [row.plan.chunks for row in comparison.rows]
    [447, 521, 781]
    >>> [row.plan.tokens_processed for row in comparison.rows]
    [228544, 266560, 399680]
    >>> comparison.best["chunks"], comparison.worst["chunks"]
    ((0,), (2,))
    """
    if len(configurations) > MAX_ROWS:
        raise CalculatorError("compare", "too_many_rows", maximum=MAX_ROWS)
    lengths = ((corpus, 1),) if isinstance(corpus, int) else corpus
    rows = tuple(_row(lengths, configuration) for configuration in configurations)
    best: dict[str, tuple[int, ...]] = {}
    worst: dict[str, tuple[int, ...]] = {}
    for name in COMPARED_FIGURES:
        values = {index: row.figure(name) for index, row in enumerate(rows)}
        known = {index: value for index, value in values.items() if value is not None}
        if len(set(known.values())) > 1:
            lowest, highest = min(known.values()), max(known.values())
            best[name] = tuple(i for i, v in known.items() if v == lowest)
            worst[name] = tuple(i for i, v in known.items() if v == highest)
        else:
            best[name] = worst[name] = ()
    return Comparison(rows, best, worst)


def _row(lengths: Lengths, configuration: Configuration) -> ComparisonRow:
    plan = plan_corpus(lengths, configuration.chunk_size, configuration.overlap)
    if configuration.dimensions is None:
        return ComparisonRow(configuration, plan, None)
    vectors = vector_size(plan.chunks, configuration.dimensions, configuration.representation)
    return ComparisonRow(configuration, plan, vectors)


def default_configurations(current: Configuration) -> list[Configuration]:
    """The documents' point in three rows: the setting, no overlap, double the overlap.

    Without overlap the third row tries a tenth of the chunk size instead; rows
    that would repeat another, or break overlap < chunk size, are left out.

    >>> [(row.chunk_size, row.overlap) for row in default_configurations(Configuration(512, 64))]
    [(512, 64), (512, 0), (512, 128)]
    >>> [(row.chunk_size, row.overlap) for row in default_configurations(Configuration(512, 0))]
    [(512, 0), (512, 51)]
    """
    size = current.chunk_size
    candidates = [current.overlap, 0, 2 * current.overlap if current.overlap else size // 10]
    overlaps = [overlap for overlap in dict.fromkeys(candidates) if overlap < size]
    return [
        Configuration(size, overlap, current.dimensions, current.representation)
        for overlap in overlaps
    ]


def default_row_notes(configurations: Sequence[Configuration]) -> list[str]:
    """What each default row shows: the current setting, no overlap, double the overlap.

    >>> default_row_notes(default_configurations(Configuration(512, 64)))
    ['current', 'no_overlap', 'double_overlap']
    >>> default_row_notes(default_configurations(Configuration(512, 0)))
    ['current', '']
    """
    current = configurations[0].overlap if configurations else 0
    notes = []
    for index, row in enumerate(configurations):
        if index == 0:
            notes.append("current")
        elif row.overlap == 0:
            notes.append("no_overlap")
        elif row.overlap == 2 * current:
            notes.append("double_overlap")
        else:
            notes.append("")
    return notes


def split_compare_spec(text: str) -> list[dict[str, str]]:
    """``"512:64,512:0:768:int8"`` → one mapping of field texts per row.

    >>> first, second = split_compare_spec("512:64, 256:0:768:int8")
    >>> first
    {'chunk_size': '512', 'overlap': '64'}
    >>> second
    {'chunk_size': '256', 'overlap': '0', 'dimensions': '768', 'dtype': 'int8'}
    """
    rows: list[dict[str, str]] = []
    for entry in filter(None, (part.strip() for part in text.split(","))):
        cells = [cell.strip() for cell in entry.split(":")]
        # Dimensions and representation may be left empty ("512:64::int8"); the window may not.
        if not 2 <= len(cells) <= len(ROW_FIELDS) or not (cells[0] and cells[1]):
            raise CalculatorError("compare", "bad_compare_spec", value=shortened(entry))
        rows.append(dict(zip(ROW_FIELDS, cells, strict=False)))
        if len(rows) > MAX_ROWS:
            raise CalculatorError("compare", "too_many_rows", maximum=MAX_ROWS)
    return rows


def join_compare_spec(configurations: Sequence[Configuration]) -> str:
    """The inverse of :func:`split_compare_spec` for valid rows.

    >>> join_compare_spec([Configuration(512, 64), Configuration(256, 0, 768, "int8")])
    '512:64,256:0:768:int8'
    """
    return ",".join(_spec(configuration) for configuration in configurations)


def _spec(configuration: Configuration) -> str:
    cells = [str(configuration.chunk_size), str(configuration.overlap)]
    if configuration.dimensions is not None:
        cells.append(str(configuration.dimensions))
        if configuration.representation != "float32":
            cells.append(str(configuration.representation))
    return ":".join(cells)
