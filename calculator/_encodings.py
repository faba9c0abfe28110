"""The tokenizers known by name: declared here once, for the counters, the command line's
choices, the page's form and its scripts (site_build/render.py sends them to the page).

``ENCODINGS`` are OpenAI's, counted exactly as tiktoken counts them (``calculator._tokens``
holds their rank files' registry); ``BERT`` is bert-base-uncased's WordPiece vocabulary.  Any
other tokenizer is a ``tokenizer.json`` file, named by its path.

>>> COUNTERS
('o200k_base', 'cl100k_base', 'bert-base-uncased')
"""

from __future__ import annotations

ENCODINGS = ("o200k_base", "cl100k_base")
BERT = "bert-base-uncased"
# The counters known by name, the first the default.
COUNTERS = (*ENCODINGS, BERT)
#: What counted where no reference library did (``--pure-python``, the page): this package's
#: own tokenizers.
PURE_PYTHON = "pure Python"
