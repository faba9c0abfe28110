"""The form's fields' labels and help in English; generated, do not edit.

Written by tools/make_field_words.py from locales/en.json.
"""

FIELD_WORDS: dict[str, tuple[str, str]] = {
    "corpus": (
        "The collection",
        "",
    ),
    "tokens": (
        "Document tokens",
        "The document's length N in tokens, counted with your embedding model's tokenizer.",
    ),
    "documents": (
        "Number of documents",
        "How many documents the collection holds.",
    ),
    "average_tokens": (
        "Average tokens per document",
        "Average document length, in tokens.",
    ),
    "document_tokens": (
        "Tokens per document",
        "One whole number per document, one per line or separated by commas.",
    ),
    "chunk_size": (
        "Chunk size",
        "Width of each window (C), in tokens.",
    ),
    "overlap": (
        "Chunk overlap",
        "Tokens shared by neighbouring chunks (O). Must be smaller than the chunk size; 0 means no"
        " overlap.",
    ),
    "model": (
        "Embedding model",
        "A model's preset fills in its dimensions, its input limit, the tokens it adds to every"
        " chunk and, where one is published, its price, each with its source. Custom: your own"
        " values.",
    ),
    "dimensions": (
        "Dimensions",
        "Number of values in each vector, set by the embedding model. Leave empty to skip the"
        " vector figures.",
    ),
    "dtype": (
        "Representation",
        "How each value is stored. It must be supported by the embedding model and the database.",
    ),
    "bytes_per_dimension": (
        "Bytes per dimension",
        "Used only with the custom representation.",
    ),
    "top_k": (
        "Retrieved chunks (top-k)",
        "How many chunks are placed in the prompt for each question.",
    ),
    "context_window": (
        "Context window",
        "The model's token limit, which the prompt and the answer budget must fit in.",
    ),
    "reserved_tokens": (
        "Reserved prompt tokens",
        "Instructions, question, conversation history, headers and source labels.",
    ),
    "answer_tokens": (
        "Answer budget",
        "Tokens kept free for the model's answer (output).",
    ),
    "price_per_million": (
        "Price per million tokens",
        "Optional. Your embedding price per 1 million tokens, in any currency. A model whose"
        " preset has a published price fills it in (in that price's currency); a value you type"
        " stays.",
    ),
    "reindex_mode": (
        "Change to plan",
        "One change at a time, against the chunking above.",
    ),
    "new_model": (
        "New embedding model as well",
        "A new model reuses no embedding, only the chunking.",
    ),
    "new_chunk_size": (
        "New chunk size",
        "In tokens.",
    ),
    "new_overlap": (
        "New overlap",
        "In tokens, below the new chunk size.",
    ),
    "edit_at": (
        "Edit at token",
        "Where the edit starts, counted from 0.",
    ),
    "edit_tokens": (
        "Tokens inserted or deleted",
        "A positive number inserts, a negative one (−300) deletes.",
    ),
    "changed_documents": (
        "Changed documents",
        "Left empty, the stream above changes; otherwise the change is in this many of the"
        " documents panel's documents.",
    ),
    "database": (
        "Database",
        "Sized as the database lays the vectors out, beside the generic formula.",
    ),
    "index_kind": (
        "pgvector index",
        "HNSW, or IVFFlat with its lists.",
    ),
    "lists": (
        "IVFFlat lists",
        "The index's lists (the lists option of CREATE INDEX); pgvector suggests rows / 1000 for"
        " up to a million rows.",
    ),
    "on_disk": (
        "Kept on disk only",
        "Qdrant's on_disk settings: what leaves RAM.",
    ),
    "hnsw_m": (
        "HNSW links per node (M)",
        "16 is the usual default (hnswlib, pgvector).",
    ),
    "metadata_bytes": (
        "Metadata bytes per chunk",
        "Source id and version, positions, chunker version; 0 means none.",
    ),
    "text_bytes_per_token": (
        "Text bytes per token",
        "Your estimate: about 4 for English prose with common tokenizers; it depends on the"
        " language and the tokenizer. Left empty, the text is not counted.",
    ),
    "replicas": (
        "Replicas",
        "Copies of the whole index.",
    ),
    "max_input_tokens": (
        "Model's input limit",
        "In tokens, the model's own ones included: 256 for all-MiniLM-L6-v2, 512 for bge and e5,"
        " 8,191 for OpenAI's. Choosing a model fills it in.",
    ),
    "added_tokens": (
        "Tokens the model adds to every chunk",
        "Special tokens and a required prefix count against the limit and are embedded too: [CLS]"
        " and [SEP] make 2 in BERT models, e5's “passage: ” 2 more; OpenAI's models add none.",
    ),
}
