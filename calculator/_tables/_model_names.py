"""The presets' names in calculator/models.json's order; generated, do not edit.

Written by tools/make_model_names.py from calculator/models.json.
"""

MODEL_NAMES = (
    "all-MiniLM-L6-v2",
    "bge-small-en-v1.5",
    "bge-base-en-v1.5",
    "bge-large-en-v1.5",
    "e5-small-v2",
    "e5-base-v2",
    "e5-large-v2",
    "multilingual-e5-small",
    "multilingual-e5-base",
    "multilingual-e5-large",
    "nomic-embed-text-v1.5",
    "text-embedding-3-small",
    "text-embedding-3-large",
    "text-embedding-ada-002",
    "embed-english-v3.0",
    "embed-multilingual-v3.0",
)
