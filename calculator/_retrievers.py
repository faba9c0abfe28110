"""The evaluation's choices, declared once where the command line's options and the page's
fields read them without loading the retrieval code (``calculator._retrieval``, shipped and
imported only when an evaluation runs)."""

from __future__ import annotations

#: Who ranks the chunks for a question: BM25 over words, WordLlama's embeddings, or the two
#: fused by their ranks.
RETRIEVERS = ("bm25", "wordllama", "hybrid")
#: WordLlama's Matryoshka truncations its wheel holds, smallest first.
WORDLLAMA_DIMS = (64, 128, 256)
#: The measures of a setting, in the order they are shown (the fields of
#: ``calculator._retrieval._measures.SettingMeasures``, a test checks).
MEASURES = (
    "excerpt_survival",
    "hit_at_k",
    "recall",
    "precision",
    "iou",
    "mrr",
    "context_tokens",
)
