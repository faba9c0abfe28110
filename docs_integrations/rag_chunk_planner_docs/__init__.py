"""Embed the RAG chunk & vector-size planner, self-hosted and prefilled, in documentation.

Sphinx: ``extensions = ["rag_chunk_planner_docs.sphinx"]`` and the ``rag-chunk-planner``
directive; MkDocs: ``plugins: [rag-chunk-planner]`` and a ``rag-chunk-planner`` fence.  Both
read the same options (``read_embed``), write the same placeholder (``placeholder``) and copy
the calculator once into the site's output (``copy_site``).
"""

from __future__ import annotations

from ._bundle import OUTPUT_FOLDER, bundle_data, copy_site, site_folder
from ._html import frame_address, page_address, placeholder
from ._options import (
    FIELD_OPTIONS,
    OPTIONS,
    PAGE_OPTIONS,
    PANELS,
    Embed,
    OptionsError,
    Problem,
    docs_language,
    read_embed,
)

__all__ = [
    "FIELD_OPTIONS",
    "OPTIONS",
    "OUTPUT_FOLDER",
    "PAGE_OPTIONS",
    "PANELS",
    "Embed",
    "OptionsError",
    "Problem",
    "__version__",
    "copy_site",
    "docs_language",
    "frame_address",
    "page_address",
    "placeholder",
    "read_embed",
    "site_folder",
]

__version__ = bundle_data().version
