"""The plan and its trade-off as Markdown and CSV, from one source for the command line
(``--markdown``, ``--csv``) and the page's export buttons.

The words are the command line's English (``EXPORT_WORDS``); the page passes its catalog's,
and its number format for the Markdown's figures.  CSV keeps its figures plain (digits
without grouping, ``.`` before decimals) so that any program reads them; only its headings
are in the page's language.  Byte counts are exact, with their binary size beside them in
Markdown; a figure without its inputs (no dimensions, no price) is left empty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from .._decimals import decimal_text
from .._documents import WINDOW, CorpusPlan
from .._retrievers import MEASURES
from .._text import NumberFormat
from .._tradeoff import Tradeoff, TradeoffPoint
from .._units import size_figure
from .._vectors import VectorSize

#: Every heading and word of an export, in the command line's English.
EXPORT_WORDS: Mapping[str, str] = MappingProxyType(
    {
        # The plan's table (the command line's --markdown table).
        "chunk_size": "Chunk size",
        "overlap": "Overlap",
        "chunks": "Chunks",
        "tokens_processed": "Tokens processed",
        "over_n": "Over N",
        "repeated": "Repeated",
        "padded": "Padded (n × C)",
        "raw_size": "Raw size",
        # A byte count's word by its plural form (Polish's few and many: "2 bajty", "5 bajtów";
        # English has one word for both), and the unit a CSV column is headed with.
        "byte": "byte",
        "bytes": "bytes",
        "bytes_few": "bytes",
        "bytes_many": "bytes",
        "bytes_unit": "bytes",
        # "{value}" is the number: "{value} %" where a language puts a space before the sign.
        "percent": "{value}%",
        # The sections.
        "plan": "Plan",
        "settings": "Settings",
        "documents": "Documents",
        "tokens": "Tokens",
        "tradeoff": "Trade-off",
        "overlap_share": "Overlap share",
        "storage": "Storage",
        "cost": "Cost",
        "current": "current",
        "breakdown": "Storage by part",
        "raw_vectors": "Raw vectors",
        "hnsw_graph": "HNSW graph",
        "text": "Chunk text",
        "metadata": "Metadata",
        "quantized_copy": "Quantized copy",
        "replicas": "Other replicas",
        "total": "Total",
        "over_limit": "cut by the model's limit",
        "splitter": "Splitter",
        # Retrieval measured on the user's sample (calculator/_retrievers.py MEASURES).
        "excerpt_survival": "Excerpts whole",
        "hit_at_k": "Hit@k",
        "recall": "Recall",
        "precision": "Precision",
        "iou": "IoU",
        "mrr": "MRR",
        "context_tokens": "Context tokens",
    }
)
#: The catalog key of each export word the page takes from its catalog (the others: the
#: bytes' plural forms, "B" for a column's unit, the percent sign's place).  The page's
#: panel-tradeoff.js receives it in the page's facts (site_build/render.py), and the command
#: line words its export from the English catalog by it: the English page's CSV and the
#: command line's have the same headings.
EXPORT_WORD_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "chunk_size": "field.chunk_size.label",
        "overlap": "field.overlap.label",
        "chunks": "compare.col_chunks",
        "tokens_processed": "compare.col_tokens_processed",
        "over_n": "compare.col_over_n",
        "repeated": "compare.col_repeated",
        "padded": "compare.col_padded",
        "raw_size": "compare.col_raw_size",
        "plan": "export.plan",
        "settings": "export.settings",
        "documents": "field.documents.label",
        "tokens": "count.col_tokens",
        "tradeoff": "tradeoff.heading",
        "overlap_share": "export.overlap_share",
        "storage": "storage.heading",
        "cost": "cost.heading",
        "current": "compare.current",
        "breakdown": "tradeoff.breakdown_heading",
        "raw_vectors": "storage.raw",
        "hnsw_graph": "storage.graph",
        "text": "storage.text",
        "metadata": "storage.metadata",
        "quantized_copy": "export.quantized_copy",
        "replicas": "tradeoff.part.replicas",
        "total": "storage.total",
        "over_limit": "tradeoff.over_limit",
        "splitter": "count.splitter_label",
        **{measure: f"evaluate.measure.{measure}" for measure in MEASURES},
    }
)
#: A CSV column's unit, as the page heads it.
COLUMN_BYTES_UNIT = "B"


def catalog_export_words(catalog: Mapping[str, object]) -> dict[str, str]:
    """The export's words as the page takes them from ``catalog`` (panel-tradeoff.js
    ``exportWords``), English's percent sign after the number; English where it has none.

    >>> from calculator._errors import english_catalog
    >>> words = catalog_export_words(english_catalog())
    >>> words["documents"], words["bytes_unit"], words["byte"]
    ('Number of documents', 'B', 'byte')
    """
    given: dict[str, str] = {"bytes_unit": COLUMN_BYTES_UNIT}
    plural = catalog.get("plural.bytes")
    if isinstance(plural, dict):
        for word, category in (
            ("byte", "one"),
            ("bytes", "other"),
            ("bytes_few", "few"),
            ("bytes_many", "many"),
        ):
            text = plural.get(category, plural.get("other"))
            if isinstance(text, str):
                given[word] = text.replace("{count}", "").strip()
    for word, key in EXPORT_WORD_KEYS.items():
        text = catalog.get(key)
        if isinstance(text, str):
            given[word] = text
    return export_words(given)


def english_export_words() -> dict[str, str]:
    """The command line's export words: the English page's."""
    from .._errors import english_catalog  # noqa: PLC0415 (the page passes its own words)

    return catalog_export_words(english_catalog())


#: Between a number and its unit, and after "≈", as the page writes them.
NO_BREAK_SPACE = "\u00a0"
#: The command line's figures: "8,000", "13.6".
ENGLISH = NumberFormat(group=",", decimal=".")


def export_words(given: Mapping[str, str] | None = None) -> dict[str, str]:
    """The words to export with: ``given`` ones where they name a word, English for the rest.

    >>> export_words({"chunks": "Abschnitte", "unknown": "x"})["chunks"]
    'Abschnitte'
    >>> export_words({"percent": "no value"})["percent"]
    '{value}%'
    """
    words = dict(EXPORT_WORDS)
    chosen = set()
    for key, text in (given or {}).items():
        if key in words and isinstance(text, str) and text.strip():
            if key == "percent" and "{value}" not in text:
                continue
            words[key] = text
            chosen.add(key)
    # Words given for bytes, without their other forms: the one word for all of them.
    for form in ("bytes_few", "bytes_many", "bytes_unit"):
        if form not in chosen:
            words[form] = words["bytes"]
    return words


class _Numbers:
    """Figures in one number format; ``group_four_digits``: whether 1000 is grouped (Polish
    groups only from 10 000, as CLDR writes it)."""

    def __init__(
        self, number_format: NumberFormat, words: Mapping[str, str], group_four_digits: bool = True
    ) -> None:
        self.format = number_format
        self.words = words
        self.group_four_digits = group_four_digits

    def integer(self, value: int) -> str:
        """A whole number with its digits grouped.

        >>> _Numbers(NumberFormat(".", ","), EXPORT_WORDS).integer(-1234567)
        '-1.234.567'
        >>> _Numbers(NumberFormat(" ", ","), EXPORT_WORDS, False).integer(2048)
        '2048'
        """
        if not self.group_four_digits and abs(value) < 10_000:
            return str(value)
        return f"{value:,}".replace(",", self.format.group)

    def decimal(self, text: str) -> str:
        """A plain decimal text ("1234.5") in this format."""
        whole, dot, fraction = text.partition(".")
        sign = "-" if whole.startswith("-") else ""
        decimals = self.format.decimal + fraction if dot else ""
        return sign + self.integer(abs(int(whole))) + decimals

    def percent(self, share: Fraction, *, signed: bool = False) -> str:
        """A share in per cent, to two places.

        >>> _Numbers(ENGLISH, EXPORT_WORDS).percent(Fraction(17, 125), signed=True)
        '+13.6%'
        """
        value = self.decimal(decimal_text(share * 100, places=2))
        return ("+" if signed else "") + self.words["percent"].replace("{value}", value)

    def byte_count(self, count: int) -> str:
        """Exact bytes, and in binary units where they reach a KiB, spaced as the page spaces
        them: a no-break space before the unit and after "≈".

        >>> numbers = _Numbers(ENGLISH, EXPORT_WORDS)
        >>> [numbers.byte_count(n).replace(NO_BREAK_SPACE, "_") for n in (1, 6144, 1_040_000)]
        ['1_byte', '6,144_bytes (6_KiB)', '1,040,000_bytes (≈_1,016_KiB)']
        """
        exact = f"{self.integer(count)}{NO_BREAK_SPACE}{self.words[_byte_form(count)]}"
        if count < 1024:
            return exact
        figure = size_figure(count, "iec")
        marker = f"≈{NO_BREAK_SPACE}" if figure.approximate else ""
        size = f"{self.decimal(figure.significand)}{NO_BREAK_SPACE}{figure.unit}"
        return f"{exact} ({marker}{size})"


def _byte_form(count: int) -> str:
    """The export word a count of bytes takes: CLDR's integer plural categories, whose few and
    many only Polish words differently (the others give the same word for both).

    >>> [_byte_form(n) for n in (1, 2, 5, 12, 22, 1024)]
    ['byte', 'bytes_few', 'bytes_many', 'bytes_many', 'bytes_few', 'bytes_few']
    """
    if count == 1:
        return "byte"
    if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14):
        return "bytes_few"
    return "bytes_many"


PLAN_COLUMNS = (
    "chunk_size", "overlap", "chunks", "tokens_processed", "over_n", "repeated", "padded",
    "raw_size",
)  # fmt: skip


def plan_rows(
    plan: CorpusPlan,
    vectors: VectorSize | None,
    *,
    words: Mapping[str, str] = EXPORT_WORDS,
    number_format: NumberFormat = ENGLISH,
    group_four_digits: bool = True,
) -> list[list[str]]:
    """The plan's table: its heading row, then its figures (the command line's --markdown).

    >>> from calculator import vector_size
    >>> from calculator._documents import plan_one_document
    >>> plan_rows(plan_one_document(2500, 800, 200), vector_size(4, 384))[1]
    ['800', '200', '4', '3,100', '+24%', '600', '3,200', '6,144\xa0bytes (6\xa0KiB)']
    """
    numbers = _Numbers(number_format, words, group_four_digits)
    figures = [
        numbers.integer(plan.chunk_size),
        numbers.integer(plan.overlap),
        numbers.integer(plan.chunks),
        numbers.integer(plan.tokens_processed),
        numbers.percent(plan.repeated_share, signed=True),
        numbers.integer(plan.repeated_tokens),
        numbers.integer(plan.padded_tokens),
        "–" if vectors is None else numbers.byte_count(vectors.raw_bytes),
    ]
    return [[words[column] for column in PLAN_COLUMNS], figures]


def markdown_table(rows: list[list[str]], *, plain: bool = False) -> list[str]:
    """Markdown table lines, every column right-aligned (``plain``: without the rule line)."""
    lines = ["| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |" for cells in rows]
    if not plain:
        lines.insert(1, "|" + "---:|" * len(rows[0]))
    return lines


def tradeoff_markdown(
    grid: Tradeoff,
    *,
    words: Mapping[str, str] = EXPORT_WORDS,
    number_format: NumberFormat = ENGLISH,
    group_four_digits: bool = True,
) -> list[str]:
    """The trade-off's sections: every point, then the storage by part at the current share.

    >>> from calculator._documents import plan_one_document
    >>> from calculator._tradeoff import tradeoff
    >>> lines = tradeoff_markdown(tradeoff(plan_one_document(8000, 512, 64)))
    >>> lines[0], lines[2]
    ('## Trade-off', '| Chunk size | Overlap | Overlap share | Chunks | Tokens processed |')
    >>> [line for line in lines if "current" in line]
    ['| 512 (current) | 64 | 12.5% | 18 | 9,088 |']
    """
    numbers = _Numbers(number_format, words, group_four_digits)
    current = grid.current
    columns = ["chunk_size", "overlap", "overlap_share", "chunks", "tokens_processed"]
    if grid.chunker != WINDOW:  # a splitter's grid: who cut each point's chunks
        columns.append("splitter")
    if current.vectors is not None:
        columns += ["raw_size", "storage"]
    if current.cost is not None:
        columns.append("cost")
    if any(point.retrieval for point in grid.points):  # an evaluation's, where it measured
        columns += ["recall", "hit_at_k", "mrr"]
    rows = [[words[column] for column in columns]]
    for point in grid.points:
        cells = _point_cells(point, grid.shares[point.series], numbers)
        rows.append([cells[column] for column in columns])
    lines = [f"## {words['tradeoff']}", "", *markdown_table(rows)]
    if current.storage is not None:
        share = numbers.percent(grid.shares[grid.current_series])
        series = grid.series(grid.current_series)
        figures = [_part_bytes(point) for point in series]
        # A part that is zero at every size (no text bytes given, one copy...) is left out;
        # the total (the last) stays.
        total = len(STORAGE_PARTS) - 1
        kept = [i for i in range(total) if any(row[i] for row in figures)] + [total]
        rows = [
            [words["chunk_size"], words["overlap"], *(words[STORAGE_PARTS[i][0]] for i in kept)]
        ]
        for point, parts in zip(series, figures, strict=True):
            cells = _point_cells(point, grid.shares[point.series], numbers)
            rows.append([cells["chunk_size"], cells["overlap"]] + [
                numbers.byte_count(parts[i]) for i in kept
            ])  # fmt: skip
        lines += ["", f"## {words['breakdown']} ({words['overlap']} {share})", ""]
        lines += markdown_table(rows)
    return lines


def export_markdown(
    plan: CorpusPlan,
    vectors: VectorSize | None,
    grid: Tradeoff,
    *,
    words: Mapping[str, str] = EXPORT_WORDS,
    number_format: NumberFormat = ENGLISH,
    group_four_digits: bool = True,
    settings: Sequence[tuple[str, str]] = (),
    notes: Sequence[str] = (),
) -> str:
    """The page's Markdown: what made the plan (``settings``: the model, the tokenizer, the
    splitter, the database, the tool's version, each as (label, value) in the page's words;
    ``notes``: its warnings and sources), the corpus, the plan's table, then the trade-off's
    sections."""
    numbers = _Numbers(number_format, words, group_four_digits)
    corpus = [
        [words["documents"], words["tokens"]],
        [numbers.integer(plan.documents), numbers.integer(plan.tokens)],
    ]
    lines = settings_markdown(words["settings"], settings, notes)
    lines += [f"## {words['plan']}", "", *markdown_table(corpus), ""]
    lines += markdown_table(
        plan_rows(plan, vectors, words=words, number_format=number_format,
                  group_four_digits=group_four_digits)
    )  # fmt: skip
    lines += ["", *tradeoff_markdown(grid, words=words, number_format=number_format,
                                     group_four_digits=group_four_digits)]  # fmt: skip
    return "\n".join(lines) + "\n"


def settings_markdown(
    heading: str, settings: Sequence[tuple[str, str]], notes: Sequence[str]
) -> list[str]:
    """A section of (label, value) rows and notes, each cell on one line with its pipes
    escaped (the texts are the page's, or a file's name); nothing without either.

    >>> print("\\n".join(settings_markdown("Settings", [("Model", "a|b")], ["Cut: 3 chunks"])))
    ## Settings
    <BLANKLINE>
    | Model | a\\|b |
    |---|---|
    <BLANKLINE>
    - Cut: 3 chunks
    <BLANKLINE>
    """
    if not settings and not notes:
        return []

    def cell(text: str) -> str:
        return " ".join(text.split()).replace("|", "\\|")

    lines = [f"## {cell(heading)}", ""]
    if settings:
        lines += [f"| {cell(label)} | {cell(value)} |" for label, value in settings[:1]]
        lines += ["|---|---|"]
        lines += [f"| {cell(label)} | {cell(value)} |" for label, value in settings[1:]]
        lines += [""]
    if notes:
        lines += [f"- {cell(note)}" for note in notes] + [""]
    return lines


#: The storage's parts, in the order they add up to its total: (word, StorageSize property).
STORAGE_PARTS = (
    ("raw_vectors", "raw_vector_bytes"),
    ("hnsw_graph", "hnsw_graph_bytes"),
    ("text", "text_bytes"),
    ("metadata", "metadata_bytes"),
    ("quantized_copy", "quantized_copy_bytes"),
    ("replicas", "replicas_bytes"),
    ("total", "total_bytes"),
)


def _part_bytes(point: TradeoffPoint) -> list[int]:
    """The storage's parts at ``point``, the other replicas being total less one copy."""
    storage = point.storage
    assert storage is not None
    return [
        storage.raw_vector_bytes,
        storage.hnsw_graph_bytes,
        storage.text_bytes,
        storage.metadata_bytes,
        storage.quantized_copy_bytes,
        storage.total_bytes - storage.replica_bytes,
        storage.total_bytes,
    ]


def _point_cells(point: TradeoffPoint, share: Fraction, numbers: _Numbers) -> dict[str, str]:
    size = numbers.integer(point.chunk_size)
    marks = [numbers.words["current"]] if point.current else []
    marks += [numbers.words["over_limit"]] if point.over_limit else []
    cells = {
        "chunk_size": f"{size} ({'; '.join(marks)})" if marks else size,
        "overlap": numbers.integer(point.overlap),
        "overlap_share": numbers.percent(share),
        "chunks": numbers.integer(point.chunks),
        "tokens_processed": numbers.integer(point.tokens_processed),
        "raw_size": "",
        "storage": "",
        "cost": "",
        "splitter": point.chunker,
    }
    if point.vectors is not None:
        cells["raw_size"] = numbers.byte_count(point.vectors.raw_bytes)
    if point.storage_bytes is not None:
        cells["storage"] = numbers.byte_count(point.storage_bytes)
    if point.cost is not None:
        cells["cost"] = numbers.decimal(decimal_text(point.cost, places=12))
    measures = dict(point.retrieval)
    for name in MEASURES:
        value = measures.get(name)
        cells[name] = (
            ""
            if value is None
            else numbers.decimal(decimal_text(value, places=1))
            if name == "context_tokens"
            else numbers.percent(value)
        )
    return cells


def export_csv(grid: Tradeoff, words: Mapping[str, str] = EXPORT_WORDS) -> str:
    """Every point of the trade-off, one row each, the plan's marked 1 in the last column.

    Figures are plain: whole numbers in digits, the share and the cost with ``.``.

    >>> from calculator import vector_size
    >>> from calculator._documents import plan_one_document
    >>> from calculator._tradeoff import tradeoff
    >>> grid = tradeoff(plan_one_document(8000, 512, 64), vectors=vector_size(1, 384))
    >>> lines = export_csv(grid).splitlines()
    >>> lines[0]  # doctest: +NORMALIZE_WHITESPACE
    'Documents,Tokens,Chunk size,Overlap,Overlap share,Chunks,Tokens processed,Repeated,Padded
    (n × C),Raw vectors (bytes),HNSW graph (bytes),Chunk text (bytes),Metadata (bytes),Quantized
    copy (bytes),Other replicas (bytes),Total (bytes),Cost,current'
    >>> [line for line in lines if line.endswith(",1")]
    ['1,8000,512,64,0.125,18,9088,1088,9216,27648,2304,0,0,0,0,29952,,1']
    """
    unit = words["bytes_unit"]
    headings = [words[key] for key in ("documents", "tokens", "chunk_size", "overlap")]
    headings += [words[key] for key in ("overlap_share", "chunks", "tokens_processed")]
    headings += [words["repeated"], words["padded"]]
    headings += [f"{words[part]} ({unit})" for part, _ in STORAGE_PARTS]
    limited = any(point.over_limit is not None for point in grid.points)
    if grid.database is not None:
        headings.append(f"{words['storage']}: {grid.database} ({unit})")
    headings += [words["cost"], words["current"]]
    if limited:
        headings.append(words["over_limit"])
    if grid.chunker != WINDOW:
        headings.append(words["splitter"])
    measured = any(point.retrieval for point in grid.points)
    if measured:  # an evaluation's measures, exact to 12 places, empty where not measured
        headings += [words[name] for name in MEASURES]
    lines = [_csv_line(headings)]
    for point in grid.points:
        figures = [grid.documents, grid.tokens, point.chunk_size, point.overlap]
        share = decimal_text(grid.shares[point.series], places=12)
        figures += [point.chunks, point.tokens_processed, point.repeated_tokens]
        figures += [point.padded_tokens]
        parts = [""] * len(STORAGE_PARTS) if point.storage is None else map(str, _part_bytes(point))
        cost = "" if point.cost is None else decimal_text(point.cost, places=12)
        stored = [] if grid.database is None else [str(point.database_bytes or "")]
        cells = [*map(str, figures[:4]), share, *map(str, figures[4:]), *parts, *stored, cost]
        cells.append("1" if point.current else "0")
        if limited:
            cells.append("1" if point.over_limit else "0")
        if grid.chunker != WINDOW:
            cells.append(point.chunker)
        if measured:
            values = dict(point.retrieval)
            cells += [
                "" if name not in values else decimal_text(values[name], places=12)
                for name in MEASURES
            ]
        lines.append(_csv_line(cells))
    return "\n".join(lines) + "\n"


def _csv_line(cells: list[str]) -> str:
    """One CSV record: a cell with a comma, a quote or a line break is quoted (RFC 4180).

    >>> _csv_line(['a', 'HNSW-Graph, Basisschicht', 'say "x" once'])
    'a,"HNSW-Graph, Basisschicht","say ""x"" once"'
    """
    return ",".join(
        f'"{cell.replace(chr(34), chr(34) * 2)}"' if any(c in cell for c in ',"\r\n') else cell
        for cell in cells
    )
