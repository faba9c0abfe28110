"""The command line's words, en (English); generated, do not edit.

Written by tools/make_cli_words.py from locales/*.json.
"""

WORDS: dict[str, str | dict[str, str]] = {
    "field.chunk_size.label": "Chunk size",
    "field.overlap.label": "Chunk overlap",
    "field.documents.label": "Number of documents",
    "plural.bytes": {
        "zero": "{count}\u00a0bytes",
        "one": "{count}\u00a0byte",
        "other": "{count}\u00a0bytes",
    },
    "compare.col_chunks": "Chunks",
    "compare.col_tokens_processed": "Tokens processed",
    "compare.col_over_n": "More than N",
    "compare.col_repeated": "Repeated tokens",
    "compare.col_padded": "Padded tokens",
    "compare.col_raw_size": "Raw size",
    "compare.current": "current setting",
    "tradeoff.heading": "The trade-off: chunk size and overlap",
    "tradeoff.breakdown_heading": "Storage by part",
    "tradeoff.over_limit": "cut by the model's limit",
    "tradeoff.part.replicas": "Other replicas",
    "export.plan": "Plan",
    "export.settings": "Settings",
    "export.overlap_share": "Overlap share",
    "export.quantized_copy": "Quantized copy",
    "count.col_tokens": "Tokens",
    "count.splitter_label": "Splitter",
    "cost.heading": "Embedding cost",
    "storage.heading": "Index storage",
    "storage.raw": "Raw vectors",
    "storage.graph": "HNSW graph, base layer",
    "storage.text": "Chunk text",
    "storage.metadata": "Metadata",
    "storage.total": "Total",
    "evaluate.measure.excerpt_survival": "Excerpts whole",
    "evaluate.measure.hit_at_k": "Hit@k",
    "evaluate.measure.recall": "Recall",
    "evaluate.measure.precision": "Precision",
    "evaluate.measure.iou": "IoU",
    "evaluate.measure.mrr": "MRR",
    "evaluate.measure.context_tokens": "Context tokens",
    "cli.number.four_digits": "1,234",
    "cli.number.five_digits": "12,345.6",
    "cli.percent": "{value}%",
    "cli.plural.tokens": {
        "zero": "{count} tokens",
        "one": "{count} token",
        "other": "{count} tokens",
    },
    "cli.plural.chunks": {
        "zero": "{count} chunks",
        "one": "{count} chunk",
        "other": "{count} chunks",
    },
    "cli.plural.documents": {
        "zero": "{count} documents",
        "one": "{count} document",
        "other": "{count} documents",
    },
    "cli.plural.of_chunks": {
        "zero": "{count} chunks",
        "one": "{count} chunk",
        "other": "{count} chunks",
    },
    "cli.plural.of_documents": {
        "zero": "{count} documents",
        "one": "{count} document",
        "other": "{count} documents",
    },
    "cli.plural.files": {
        "zero": "{count} files",
        "one": "{count} file",
        "other": "{count} files",
    },
    "cli.plural.bytes": {
        "zero": "{count}\u00a0bytes",
        "one": "{count}\u00a0byte",
        "other": "{count}\u00a0bytes",
    },
    "cli.plural.bits": {
        "zero": "{count}\u00a0bits",
        "one": "{count}\u00a0bit",
        "other": "{count}\u00a0bits",
    },
    "cli.plural.dimensions": {
        "zero": "{count} dimensions",
        "one": "{count} dimension",
        "other": "{count} dimensions",
    },
    "cli.label.chunks": "chunks",
    "cli.label.tokens_processed": "tokens processed",
    "cli.label.padded": "padded upper bound",
    "cli.label.raw_vector_size": "raw vector size",
    "cli.summary.head": "{corpus}, chunk size {chunk_size}, overlap {overlap}, {window}",
    "cli.summary.step": "step {step}",
    "cli.summary.split_with": "split with {chunker}",
    "cli.summary.corpus_equal": "{documents} of {tokens} ({all})",
    "cli.summary.corpus_listed": "{documents}, {tokens} in all",
    "cli.summary.empty_document": "an empty document makes no chunks",
    "cli.summary.empty_documents": "empty documents make no chunks",
    "cli.summary.lengths": (
        "lengths {least}–{most}: median {median}, 95th percentile {percentile}, most often "
        "{length} ({count} ×); all in --json"
    ),
    "cli.summary.repeated_document": "{repeated} repeated: {share} of the document",
    "cli.summary.repeated_corpus": "{repeated} repeated: {share} of the corpus",
    "cli.summary.own_tokens_more_document": (
        "the chunks' own tokens added up: {tokens} more than the document's"
    ),
    "cli.summary.own_tokens_fewer_document": (
        "the chunks' own tokens added up: {tokens} fewer than the document's"
    ),
    "cli.summary.own_tokens_more_corpus": (
        "the chunks' own tokens added up: {tokens} more than the corpus's"
    ),
    "cli.summary.own_tokens_fewer_corpus": (
        "the chunks' own tokens added up: {tokens} fewer than the corpus's"
    ),
    "cli.summary.last_full_one": "the same as the exact figure: the last chunk is full",
    "cli.summary.last_full_each": "the same as the exact figure: the last chunks are full",
    "cli.summary.last_short_one": "the last chunk is {tokens} short of full size",
    "cli.summary.last_short_each": "the last chunks are {tokens} short of full size",
    "cli.documents.per_document": "{documents} chunked one by one: {chunks}, {tokens} processed",
    "cli.documents.one_stream": "the same {tokens} as one stream: {chunks}, {processed} processed",
    "cli.documents.difference": "difference: {chunks}, {tokens} processed",
    "cli.documents.col_corpus": "Corpus",
    "cli.documents.col_chunks": "Chunks",
    "cli.documents.col_tokens_processed": "Tokens processed",
    "cli.documents.col_raw_size": "Raw size",
    "cli.documents.each": "{documents}, each chunked on its own",
    "cli.documents.stream": "one stream of {tokens}",
    "cli.documents.row_difference": "difference",
    "cli.budget.line": (
        "prompt budget: {top_k} × {chunk_size} = {source} of source text + {reserved} reserved + "
        "{answer} for the answer = {total} of {window}: {verdict}; {fit} would fit"
    ),
    "cli.budget.fits": "fits, {spare} to spare",
    "cli.budget.over_by": "over by {over}",
    "cli.cost.line": "embedding cost at {price} per million tokens: {cost} for {tokens} processed",
    "cli.cost.source": "the price of {model}'s preset, checked {checked}: {addresses}",
    "cli.label.reused": "reused chunks",
    "cli.label.to_embed": "chunks to embed",
    "cli.label.to_delete": "chunks to delete",
    "cli.label.tokens_to_embed": "tokens to embed",
    "cli.label.one_time_cost": "one-time cost",
    "cli.label.versioned_peak": "versioned peak",
    "cli.label.in_place_peak": "in-place peak",
    "cli.reindex.reused": "{reused} of {old} old ({reason})",
    "cli.reindex.to_embed": "{embed} of {new} new ({new} − {reused})",
    "cli.reindex.tokens_to_embed": "{embed} ({processed} processed − {reused} in reused chunks)",
    "cli.reindex.cost": "{cost} ({tokens} × {price} per million)",
    "cli.reindex.versioned_peak": (
        "{size} of raw vectors: old {old} + new {new}, both kept until the switch (blue/green)"
    ),
    "cli.reindex.in_place_peak": (
        "{size} of raw vectors: ({old} + {embed}) × {per_vector}, new vectors added before the "
        "stale ones are deleted"
    ),
    "cli.reindex.and_new_model": ", and a new embedding model",
    "cli.reindex.changed_of": "{changed} of {documents}",
    "cli.reindex.head_settings": (
        "re-indexing: {window} → {new_window}, the same {where} split again{model}"
    ),
    "cli.reindex.inserted": "{tokens} inserted",
    "cli.reindex.deleted": "{tokens} deleted",
    "cli.reindex.head_edit_stream": (
        "re-indexing: {change} at token {at} of {where}, at {window}{model}"
    ),
    "cli.reindex.head_edit_documents": (
        "re-indexing: {change} at token {at} in each of {where}, at {window}{model}"
    ),
    "cli.reindex.head_documents": (
        "re-indexing: {where} changed, at {window}, each embedded again whole{model}"
    ),
    "cli.reindex.head_model": (
        "re-indexing: a new embedding model for {where}: the chunks at {window} are kept"
    ),
    "cli.reindex.reason_new_model": "a new model embeds every chunk again",
    "cli.reindex.reason_new_model_only": (
        "a new model embeds every chunk again; the chunking is reused"
    ),
    "cli.reindex.reason_documents": "the unchanged documents keep theirs",
    "cli.reindex.reason_splitter": (
        "split again with {chunker}: where an old chunk of the document had its text"
    ),
    "cli.reindex.reason_other_size": (
        "another chunk size: only the last chunk if it starts at the same token"
    ),
    "cli.reindex.reason_period": (
        "the same tokens embedded before: full chunks starting every lcm({step}, {new_step}) = "
        "{period}, and the last chunk if it starts at the same token"
    ),
    "cli.reindex.reason_edit_shift": (
        "{kept} end at or before token {at}; the later ones shift by {delta}, not a multiple of "
        "the step"
    ),
    "cli.reindex.reason_edit_shift_each": (
        "{kept} end at or before token {at} in each changed document; the later ones shift by "
        "{delta}, not a multiple of the step"
    ),
    "cli.reindex.reason_edit_aligned": (
        "{kept} end at or before token {at}; the later ones line up again: {delta} is a multiple "
        "of the step"
    ),
    "cli.reindex.reason_edit_aligned_each": (
        "{kept} end at or before token {at} in each changed document; the later ones line up "
        "again: {delta} is a multiple of the step"
    ),
    "cli.storage.heading": "storage: every part of the index, exact unless said",
    "cli.label.raw_vectors": "raw vectors",
    "cli.label.hnsw_graph": "HNSW graph",
    "cli.label.chunk_text": "chunk text",
    "cli.label.metadata": "metadata",
    "cli.label.quantized_copy": "quantized copy",
    "cli.label.one_replica": "one replica",
    "cli.label.total": "total",
    "cli.label.pgvector_values": "pgvector values",
    "cli.label.in_ram": "in RAM",
    "cli.storage.graph": (
        "{size} ({count} × 2·{m} neighbour ids × 4\u00a0bytes, the base layer; estimate: each "
        "vector is on about 1/{m_less_one} upper layers with up to {m} ids, ≈{upper} more, not "
        "added)"
    ),
    "cli.storage.text": "{size} (⌈{tokens} processed × {per_token} per token⌉; estimate)",
    "cli.storage.bytes_fraction": "{value}\u00a0bytes",
    "cli.storage.metadata": "{size} ({count} × {bytes} per chunk)",
    "cli.storage.quantized": "{size} ({count} × {bytes}, {dtype}, kept beside the originals)",
    "cli.storage.replica": "{size} (the sum of the above)",
    "cli.storage.total": "{size} ({replicas} × one replica; estimate)",
    "cli.storage.pgvector": (
        "vector {vector}\u00a0bytes (4·{dimensions} + {header}), halfvec {halfvec} "
        "(2·{dimensions} + {header}), bit {bit} (⌈{dimensions}/8⌉ + {header}) a value; × "
        "{vectors} = {all_vector} / {all_halfvec} / {all_bit}\u00a0bytes, before row overhead"
    ),
    "cli.database.heading": "storage in {name}: every part as it stores it, exact unless said",
    "cli.database.part": "{size} ({formula}; {where}source: {source})",
    "cli.database.part_estimate": "{size} ({formula}; estimate; {where}source: {source})",
    "cli.database.total": "{size} (estimate)",
    "cli.database.total_copies": "{size} ({replicas} × the parts; estimate)",
    "cli.database.in_ram": (
        "{size} (the parts said ram and disk; plan about 20\u00a0% more for both)"
    ),
    "cli.label.model_limit": "model input limit",
    "cli.label.within_limit": "within the limit",
    "cli.label.tokens_embedded": "tokens embedded",
    "cli.plural.tokens_lost": {
        "zero": "so no token is lost",
        "one": "so {count} token is never embedded",
        "other": "so {count} tokens are never embedded",
    },
    "cli.plural.over_limit": {
        "zero": "none of {chunks} is longer: {lost}",
        "one": "{count} of {chunks} is longer; most embedding APIs cut it silently, {lost}",
        "other": "{count} of {chunks} are longer; most embedding APIs cut them silently, {lost}",
    },
    "cli.limit.fits_one": "the one chunk fits",
    "cli.limit.fits_every": "every one of the {chunks} chunks fits",
    "cli.limit.largest": (
        "chunk size {size} at most; at {at_size}/{overlap}: {chunks}, {tokens} processed"
    ),
    "cli.limit.largest_no_plan": (
        "chunk size {size} at most, and an overlap below it (now {overlap})"
    ),
    "cli.limit.head_added": "{limit}, {added} of them the model's own in every chunk",
    "cli.limit.embedded": (
        "{embedded}: {processed} processed + {added_total} added ({chunks} × {added})"
    ),
    "cli.limit.embedded_cut": (
        "{embedded}: {processed} processed + {added_total} added ({chunks} × {added}) − {cut} cut"
    ),
    "cli.fit.reason.unnamed": "no tokenizer of the model is named; name it with --model-tokenizer",
    "cli.fit.reason.unpublished": "its tokenizer is not published",
    "cli.fit.reason.not_built_in": (
        "its tokenizer, {tokenizer}, is not built in; give its tokenizer.json with "
        "--model-tokenizer"
    ),
    "cli.fit.reason.added_unknown": (
        "the tokens it adds to every chunk are not known; give --added-tokens"
    ),
    "cli.fit.reason.no_text": (
        "the window model's chunks of {encoding} have no text to count again; use --splitter, or "
        "--model-tokenizer FILE if it is the model's own"
    ),
    "cli.fit.needs_count": (
        "measures the counted files' chunks; needs --count and --max-input-tokens (or --model)"
    ),
    "cli.fit.whose_given": "the tokenizer named as its own, {tokenizer}",
    "cli.fit.whose_own": "its own tokenizer, {tokenizer}",
    "cli.fit.added": "plus {added} added to every chunk",
    "cli.fit.how_same": "{whose} (the one the chunks were cut with), {added}",
    "cli.fit.how_other": "{whose}, {added}; cut with {encoding}",
    "cli.fit.the_model": "the model",
    "cli.fit.its_limit": "its {limit}-token limit",
    "cli.fit.note_unmeasured": (
        "note: the chunks are not measured in the model's own tokens ({reason}); the input limit "
        "below counts {encoding} tokens"
    ),
    "cli.fit.warning_unmeasured": (
        "warning: {model}'s chunks are not measured in its own tokens ({reason}); the input limit "
        "below counts {encoding} tokens, not its own"
    ),
    "cli.fit.warning_over": (
        "warning: {model} sees {over} of {chunks} over {limit}; {tokens} cut, never embedded"
    ),
    "cli.fit.within": "{model} sees every one of the {chunks} within {limit}",
    "cli.fit.empty": "{model} sees no chunks: the documents are empty",
    "cli.fit.measured_with": "measured with {how}",
    "cli.fit.longest": "longest chunk {tokens} as the model sees it",
    "cli.fit.named_document": "{path} ({chunks} over, {tokens} cut)",
    "cli.fit.most_cut": "most cut: {documents}",
    "cli.counted.line": "counted with {encoding}: {files}, {tokens}",
    "cli.counted.per_token": "{bytes}\u00a0bytes and {characters} characters a token",
    "cli.counted.splitter": (
        "split with {chunker}: {chunks}, {tokens} processed: every figure below is its chunks' "
        "(the window model would make {window_chunks}, {window_tokens} processed)"
    ),
    "cli.settings.model": "Embedding model",
    "cli.settings.custom": "custom",
    "cli.settings.tokenizer": "Tokenizer",
    "cli.settings.splitter": "Splitter",
    "cli.settings.window_model": "window model",
    "cli.settings.database": "Database",
    "cli.settings.generic": "generic",
    "cli.settings.vectors_label": "Vectors",
    "cli.settings.vectors": "{dimensions} dimensions, {dtype}",
    "cli.settings.made_with": "Made with",
    "cli.settings.source": "{field}: {addresses} (checked {checked})",
    "cli.evaluation.wordllama": "{retriever} (WordLlama, {dimensions} dimensions)",
    "cli.evaluation.head_1": "retrieval on your sample: {questions} questions from {path},",
    "cli.evaluation.head_2": (
        "{retriever}, the top {top_k} chunks of each: measured on this sample with"
    ),
    "cli.evaluation.head_3": "this retriever, not a promise about your production model",
    "cli.evaluation.legend_1": "whole: excerpts whole inside some chunk, whatever is retrieved",
    "cli.evaluation.legend_2": (
        "hit@k: questions whose every excerpt is whole inside a retrieved chunk"
    ),
    "cli.evaluation.legend_3": (
        "recall, precision, IoU: Chroma's, of the retrieved characters against the excerpts'"
    ),
    "cli.evaluation.legend_4": (
        "MRR: the mean of 1 / the rank of the first chunk holding an excerpt whole"
    ),
    "cli.evaluation.legend_5": "context: the tokens the top k chunks put into the prompt (mean)",
    "cli.evaluation.col_setting": "setting",
    "cli.evaluation.col_chunks": "chunks",
    "cli.evaluation.col_excerpt_survival": "whole",
    "cli.evaluation.col_hit_at_k": "hit@k",
    "cli.evaluation.col_recall": "recall",
    "cli.evaluation.col_precision": "precision",
    "cli.evaluation.col_iou": "IoU",
    "cli.evaluation.col_mrr": "MRR",
    "cli.evaluation.col_context_tokens": "context",
    "cli.evaluation.plan_row": "{setting} (plan)",
    "cli.evaluation.refused": "refused ({reason})",
    "cli.refusal.tokens_beside": (
        "the documents hold {tokens} in all: leave --tokens out, or give that"
    ),
    "cli.preset.line": "model {model} (its preset, checked {checked}): {parts}",
    "cli.preset.dimensions": "dimensions {dimensions}",
    "cli.preset.limit": "input limit {tokens}",
    "cli.preset.added": "{added} added to every chunk",
    "cli.preset.special": "{tokens} and the prefix {prefix}",
    "cli.preset.prefix": "the prefix {prefix}",
    "cli.preset.added_unknown": "the tokens it adds to every chunk are not known",
    "cli.preset.price": "price {price} {currency} per million",
    "cli.preset.kept": "kept as given: {values}",
    "cli.preset.counted_exact": "counted with {encoding}, its own tokenizer",
    "cli.preset.counted_same_rules": (
        "counted with {encoding}: its tokenizer's rules and vocabulary size, no published "
        "checksum of its vocabulary"
    ),
    "cli.preset.counted_other": (
        "counted with {encoding}, not its tokenizer ({tokenizer}): not its exact counts"
    ),
    "cli.preset.counted_unknown": (
        "counted with {encoding}: its tokenizer is not published, not its exact counts"
    ),
    "cli.refusal.no_tokenizer": (
        "this copy of the package has no tokenizer (the page's wheel): {install}"
    ),
    "cli.refusal.ranks": "{failure}; {command} fetches them",
    "cli.refusal.no_text_file": "no text file could be counted",
    "cli.refusal.evaluates_up_to": "{documents}: evaluates up to {most}",
    "cli.refusal.not_counted": "not counted: {error}",
    "cli.refusal.no_document": "no document could be counted",
    "cli.refusal.part_dataset": "{path} (bytes {start} to {stop})",
    "cli.refusal.part_files": "{first} and the {more} files after it",
    "cli.refusal.not_split": "not split: {error}",
    "cli.refusal.changed": "the documents changed while they were counted",
    "cli.refusal.evaluate_window": (
        "the window model's chunks need an OpenAI encoding's tokens; choose --splitter recursive, "
        "markdown or sentence"
    ),
    "cli.refusal.set_suffix": "{path}: name a JSONL or CSV file by its suffix ({formats})",
    "cli.refusal.cannot_read": "cannot read {path}: {reason}",
    "cli.refusal.not_utf8": "{path} is not UTF-8 text (byte {byte})",
    "cli.progress.splitting": "splitting at {windows} windows",
    "cli.progress.evaluating": "evaluating retrieval: {done}/{total} settings",
    "cli.note.fit_up_to": (
        "{documents}: each one's chunks are measured against the model's input limit up to "
        "{most}; not this time"
    ),
}
