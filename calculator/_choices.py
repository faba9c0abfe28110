"""The planning panels' choices and limits, which the form declares (``protocol._fields``)
and a link reads (``protocol._query``) before any panel is planned.

Declared here once: each panel's module takes its own from this one, so a page's first
answer, which reads the form and the link but plans no panel, imports none of those modules.
"""

from __future__ import annotations

# The page's Python never imports typing (one more module at start): the types are the checkers'.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .protocol._figures import ReindexKind

#: The comparison's most rows, and each row's fields (``_compare``).
MAX_ROWS = 12
ROW_FIELDS = ("chunk_size", "overlap", "dimensions", "dtype")
#: The storage's databases and pgvector's index kinds (``_databases``).
DATABASES = ("generic", "pgvector", "qdrant")
INDEX_KINDS = ("hnsw", "ivfflat")
#: What Qdrant may keep on disk (``_qdrant``).
ON_DISK_CHOICES = ("none", "vectors", "vectors_hnsw")
#: Every re-indexing question, the form's choices in their order (``_reindex``).
REINDEX_KINDS: tuple[ReindexKind, ...] = ("settings", "edit", "documents", "model")
