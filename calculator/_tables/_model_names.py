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
    "qwen3-embedding-0.6b",
    "qwen3-embedding-4b",
    "qwen3-embedding-8b",
    "bge-m3",
    "embeddinggemma-300m",
    "jina-embeddings-v3",
    "gte-multilingual-base",
    "snowflake-arctic-embed-l-v2.0",
    "snowflake-arctic-embed-m-v2.0",
    "nomic-embed-text-v2-moe",
    "gemini-embedding-001",
    "embed-v4.0",
    "titan-embed-text-v2",
    "voyage-3.5",
)
