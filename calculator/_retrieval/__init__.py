"""Measuring retrieval on the user's own sample: an evaluation set of questions and the
excerpts that answer them, retrievers that need no key (BM25, WordLlama, their fusion), and
the measures of each chunking setting.  Loaded only when an evaluation runs."""
