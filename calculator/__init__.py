"""Exact RAG chunk planning: chunks, tokens processed and raw vector size.

One tokenized stream of N tokens is split into windows of C tokens that overlap
by O (0 <= O < C) and move by the step C - O; the last chunk may be shorter and
is never padded.  Every figure is an exact integer, computed in constant time.

>>> plan = plan_chunks(8000, 512, 64)
>>> plan.chunks, plan.tokens_processed, plan.padded_tokens
(18, 9088, 9216)
>>> vector_size(plan.chunks, 384, "float32").raw_bytes
27648

This is the model: plans, vectors, comparisons, documents, budget, cost,
re-indexing, storage and the one error type.  The web page's protocol (its
form, links and JSON entry point) is ``calculator.protocol``; the command line
is ``python3 -m calculator``.
"""

from . import protocol
from ._chunking import ChunkPlan, LengthGroup, plan_chunks
from ._documents import CorpusPlan, plan_documents, plan_equal_documents
from ._errors import MESSAGE_KEYS, CalculatorError
from ._vectors import CUSTOM_DTYPE, DTYPE_BITS, VectorSize, vector_size
from .protocol._report import describe

# The planning panels' API, imported on first use (PEP 562): the page's Python imports this
# package for its first answer, which plans the main form only, and the panels' modules come
# after it, in the calculator's later zip.  Each name is declared once, here.
_ON_FIRST_USE = {
    "._budget": ("PromptBudget", "prompt_budget"),
    "._compare": ("Comparison", "ComparisonRow", "Configuration", "compare_configurations"),
    "._cost": ("embedding_cost",),
    "._databases": ("DatabaseStorage", "StoragePart", "database_storage"),
    "._input_limit": ("InputLimit", "input_limit"),
    "._pgvector": ("PgvectorSize", "pgvector_size"),
    "._qdrant": ("QdrantSize", "qdrant_size"),
    "._reindex": (
        "MigrationSize",
        "ReindexCase",
        "ReindexPlan",
        "documents_change",
        "edit_change",
        "migration_size",
        "settings_change",
    ),
    "._storage": ("StorageSize", "pgvector_value_bytes", "storage_size"),
}
_MODULE_OF = {name: module for module, names in _ON_FIRST_USE.items() for name in names}

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._budget import PromptBudget, prompt_budget
    from ._compare import Comparison, ComparisonRow, Configuration, compare_configurations
    from ._cost import embedding_cost
    from ._databases import DatabaseStorage, StoragePart, database_storage
    from ._input_limit import InputLimit, input_limit
    from ._pgvector import PgvectorSize, pgvector_size
    from ._qdrant import QdrantSize, qdrant_size
    from ._reindex import (
        MigrationSize,
        ReindexCase,
        ReindexPlan,
        documents_change,
        edit_change,
        migration_size,
        settings_change,
    )
    from ._storage import StorageSize, pgvector_value_bytes, storage_size
del TYPE_CHECKING


def __getattr__(name: str) -> object:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module  # noqa: PLC0415 (only when a panel's name is used)

    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_MODULE_OF))


# The page's worker and the build's start-up tools call these on the package itself (the
# worker's Python is started with the package imported); they belong to ``protocol``.
respond = protocol.respond
DEFAULT_FIELDS = protocol.DEFAULT_FIELDS

__all__ = [
    "CUSTOM_DTYPE",
    "DTYPE_BITS",
    "MESSAGE_KEYS",
    "CalculatorError",
    "ChunkPlan",
    "Comparison",
    "ComparisonRow",
    "Configuration",
    "CorpusPlan",
    "DatabaseStorage",
    "InputLimit",
    "LengthGroup",
    "MigrationSize",
    "PgvectorSize",
    "PromptBudget",
    "QdrantSize",
    "ReindexCase",
    "ReindexPlan",
    "StoragePart",
    "StorageSize",
    "VectorSize",
    "compare_configurations",
    "database_storage",
    "describe",
    "documents_change",
    "edit_change",
    "embedding_cost",
    "input_limit",
    "migration_size",
    "pgvector_size",
    "pgvector_value_bytes",
    "plan_chunks",
    "plan_documents",
    "plan_equal_documents",
    "prompt_budget",
    "protocol",
    "qdrant_size",
    "settings_change",
    "storage_size",
    "vector_size",
]
