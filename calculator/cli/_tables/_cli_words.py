"""The command line's words in its five languages; generated, do not edit.

Written by tools/make_cli_words.py from locales/*.json.
"""

CLI_WORDS: dict[str, dict[str, str | dict[str, str]]] = {
    "en": {
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
        "cli.documents.per_document": (
            "{documents} chunked one by one: {chunks}, {tokens} processed"
        ),
        "cli.documents.one_stream": (
            "the same {tokens} as one stream: {chunks}, {processed} processed"
        ),
        "cli.documents.difference": "difference: {chunks}, {tokens} processed",
        "cli.documents.col_corpus": "Corpus",
        "cli.documents.col_chunks": "Chunks",
        "cli.documents.col_tokens_processed": "Tokens processed",
        "cli.documents.col_raw_size": "Raw size",
        "cli.documents.each": "{documents}, each chunked on its own",
        "cli.documents.stream": "one stream of {tokens}",
        "cli.documents.row_difference": "difference",
        "cli.budget.line": (
            "prompt budget: {top_k} × {chunk_size} = {source} of source text + {reserved} "
            "reserved + {answer} for the answer = {total} of {window}: {verdict}; {fit} would fit"
        ),
        "cli.budget.fits": "fits, {spare} to spare",
        "cli.budget.over_by": "over by {over}",
        "cli.cost.line": (
            "embedding cost at {price} per million tokens: {cost} for {tokens} processed"
        ),
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
        "cli.reindex.tokens_to_embed": (
            "{embed} ({processed} processed − {reused} in reused chunks)"
        ),
        "cli.reindex.cost": "{cost} ({tokens} × {price} per million)",
        "cli.reindex.versioned_peak": (
            "{size} of raw vectors: old {old} + new {new}, both kept until the switch (blue/green)"
        ),
        "cli.reindex.in_place_peak": (
            "{size} of raw vectors: ({old} + {embed}) × {per_vector}, new vectors added before "
            "the stale ones are deleted"
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
            "the same tokens embedded before: full chunks starting every lcm({step}, {new_step}) "
            "= {period}, and the last chunk if it starts at the same token"
        ),
        "cli.reindex.reason_edit_shift": (
            "{kept} end at or before token {at}; the later ones shift by {delta}, not a multiple "
            "of the step"
        ),
        "cli.reindex.reason_edit_shift_each": (
            "{kept} end at or before token {at} in each changed document; the later ones shift by "
            "{delta}, not a multiple of the step"
        ),
        "cli.reindex.reason_edit_aligned": (
            "{kept} end at or before token {at}; the later ones line up again: {delta} is a "
            "multiple of the step"
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
            "vector is on about 1/{m_less_one} upper layers with up to {m} ids, ≈{upper} more, "
            "not added)"
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
            "other": (
                "{count} of {chunks} are longer; most embedding APIs cut them silently, {lost}"
            ),
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
            "{embedded}: {processed} processed + {added_total} added ({chunks} × {added}) − {cut} "
            "cut"
        ),
        "cli.fit.reason.unnamed": (
            "no tokenizer of the model is named; name it with --model-tokenizer"
        ),
        "cli.fit.reason.unpublished": "its tokenizer is not published",
        "cli.fit.reason.not_built_in": (
            "its tokenizer, {tokenizer}, is not built in; give its tokenizer.json with "
            "--model-tokenizer"
        ),
        "cli.fit.reason.added_unknown": (
            "the tokens it adds to every chunk are not known; give --added-tokens"
        ),
        "cli.fit.reason.no_text": (
            "the window model's chunks of {encoding} have no text to count again; use --splitter, "
            "or --model-tokenizer FILE if it is the model's own"
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
            "note: the chunks are not measured in the model's own tokens ({reason}); the input "
            "limit below counts {encoding} tokens"
        ),
        "cli.fit.warning_unmeasured": (
            "warning: {model}'s chunks are not measured in its own tokens ({reason}); the input "
            "limit below counts {encoding} tokens, not its own"
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
            "split with {chunker}: {chunks}, {tokens} processed: every figure below is its "
            "chunks' (the window model would make {window_chunks}, {window_tokens} processed)"
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
        "cli.evaluation.legend_5": (
            "context: the tokens the top k chunks put into the prompt (mean)"
        ),
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
            "the window model's chunks need an OpenAI encoding's tokens; choose --splitter "
            "recursive, markdown or sentence"
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
    },
    "pt": {
        "field.chunk_size.label": "Tamanho do chunk",
        "field.overlap.label": "Sobreposição entre chunks",
        "field.documents.label": "Número de documentos",
        "plural.bytes": {
            "zero": "{count}\u00a0bytes",
            "one": "{count}\u00a0byte",
            "other": "{count}\u00a0bytes",
        },
        "compare.col_chunks": "Chunks",
        "compare.col_tokens_processed": "Tokens processados",
        "compare.col_over_n": "Acima de N",
        "compare.col_repeated": "Tokens repetidos",
        "compare.col_padded": "Tokens com preenchimento",
        "compare.col_raw_size": "Tamanho bruto",
        "compare.current": "configuração atual",
        "tradeoff.heading": "Contrapartidas: tamanho do chunk e sobreposição",
        "tradeoff.breakdown_heading": "Armazenamento por parte",
        "tradeoff.over_limit": "cortado pelo limite do modelo",
        "tradeoff.part.replicas": "Demais réplicas",
        "export.plan": "Plano",
        "export.settings": "Configuração",
        "export.overlap_share": "Fração de sobreposição",
        "export.quantized_copy": "Cópia quantizada",
        "count.col_tokens": "Tokens",
        "count.splitter_label": "Divisor",
        "cost.heading": "Custo de embedding",
        "storage.heading": "Armazenamento do índice",
        "storage.raw": "Vetores brutos",
        "storage.graph": "Grafo HNSW, camada base",
        "storage.text": "Texto dos chunks",
        "storage.metadata": "Metadados",
        "storage.total": "Total",
        "evaluate.measure.excerpt_survival": "Inteiros",
        "evaluate.measure.hit_at_k": "Hit@k",
        "evaluate.measure.recall": "Revocação",
        "evaluate.measure.precision": "Precisão",
        "evaluate.measure.iou": "IoU",
        "evaluate.measure.mrr": "MRR",
        "evaluate.measure.context_tokens": "Tokens de contexto",
        "cli.number.four_digits": "1.234",
        "cli.number.five_digits": "12.345,6",
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
            "zero": "{count} documentos",
            "one": "{count} documento",
            "other": "{count} documentos",
        },
        "cli.plural.of_chunks": {
            "zero": "{count} chunks",
            "one": "{count} chunk",
            "other": "{count} chunks",
        },
        "cli.plural.of_documents": {
            "zero": "{count} documentos",
            "one": "{count} documento",
            "other": "{count} documentos",
        },
        "cli.plural.files": {
            "zero": "{count} arquivos",
            "one": "{count} arquivo",
            "other": "{count} arquivos",
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
            "zero": "{count} dimensões",
            "one": "{count} dimensão",
            "other": "{count} dimensões",
        },
        "cli.label.chunks": "chunks",
        "cli.label.tokens_processed": "tokens processados",
        "cli.label.padded": "limite superior",
        "cli.label.raw_vector_size": "tamanho bruto",
        "cli.summary.head": (
            "{corpus}, tamanho do chunk {chunk_size}, sobreposição {overlap}, {window}"
        ),
        "cli.summary.step": "passo {step}",
        "cli.summary.split_with": "dividido com {chunker}",
        "cli.summary.corpus_equal": "{documents} de {tokens} ({all})",
        "cli.summary.corpus_listed": "{documents}, {tokens} no total",
        "cli.summary.empty_document": "um documento vazio não gera chunks",
        "cli.summary.empty_documents": "documentos vazios não geram chunks",
        "cli.summary.lengths": (
            "comprimentos {least}–{most}: mediana {median}, percentil 95 {percentile}, mais "
            "frequente {length} ({count} ×); todos no --json"
        ),
        "cli.summary.repeated_document": "{repeated} repetidos: {share} do documento",
        "cli.summary.repeated_corpus": "{repeated} repetidos: {share} do corpus",
        "cli.summary.own_tokens_more_document": (
            "soma dos tokens de cada chunk: {tokens} a mais que os do documento"
        ),
        "cli.summary.own_tokens_fewer_document": (
            "soma dos tokens de cada chunk: {tokens} a menos que os do documento"
        ),
        "cli.summary.own_tokens_more_corpus": (
            "soma dos tokens de cada chunk: {tokens} a mais que os do corpus"
        ),
        "cli.summary.own_tokens_fewer_corpus": (
            "soma dos tokens de cada chunk: {tokens} a menos que os do corpus"
        ),
        "cli.summary.last_full_one": "igual ao valor exato: o último chunk está cheio",
        "cli.summary.last_full_each": "igual ao valor exato: os últimos chunks estão cheios",
        "cli.summary.last_short_one": "faltam {tokens} para o último chunk ficar cheio",
        "cli.summary.last_short_each": "faltam {tokens} para os últimos chunks ficarem cheios",
        "cli.documents.per_document": (
            "{documents} divididos um a um: {chunks}, {tokens} processados"
        ),
        "cli.documents.one_stream": (
            "os mesmos {tokens} como um fluxo único: {chunks}, {processed} processados"
        ),
        "cli.documents.difference": "diferença: {chunks}, {tokens} processados",
        "cli.documents.col_corpus": "Corpus",
        "cli.documents.col_chunks": "Chunks",
        "cli.documents.col_tokens_processed": "Tokens processados",
        "cli.documents.col_raw_size": "Tamanho bruto",
        "cli.documents.each": "{documents}, cada um dividido separadamente",
        "cli.documents.stream": "um fluxo único de {tokens}",
        "cli.documents.row_difference": "diferença",
        "cli.budget.line": (
            "orçamento do prompt: {top_k} × {chunk_size} = {source} de texto de origem + "
            "{reserved} reservados + {answer} para a resposta = {total} de {window}: {verdict}; "
            "caberiam {fit}"
        ),
        "cli.budget.fits": "cabe, com {spare} de folga",
        "cli.budget.over_by": "excede em {over}",
        "cli.cost.line": (
            "custo de embedding a {price} por milhão de tokens: {cost} por {tokens} processados"
        ),
        "cli.cost.source": "o preço do preset de {model}, verificado em {checked}: {addresses}",
        "cli.label.reused": "reaproveitados",
        "cli.label.to_embed": "a incorporar",
        "cli.label.to_delete": "a remover",
        "cli.label.tokens_to_embed": "tokens a incorporar",
        "cli.label.one_time_cost": "custo único",
        "cli.label.versioned_peak": "pico versionado",
        "cli.label.in_place_peak": "pico no índice",
        "cli.reindex.reused": "{reused} de {old} antigos ({reason})",
        "cli.reindex.to_embed": "{embed} de {new} novos ({new} − {reused})",
        "cli.reindex.tokens_to_embed": (
            "{embed} ({processed} processados − {reused} nos chunks reaproveitados)"
        ),
        "cli.reindex.cost": "{cost} ({tokens} × {price} por milhão)",
        "cli.reindex.versioned_peak": (
            "{size} de vetores brutos: antigos {old} + novos {new}, os dois mantidos até a troca "
            "(blue/green)"
        ),
        "cli.reindex.in_place_peak": (
            "{size} de vetores brutos: ({old} + {embed}) × {per_vector}, os vetores novos entram "
            "antes de os obsoletos serem removidos"
        ),
        "cli.reindex.and_new_model": ", e um novo modelo de embedding",
        "cli.reindex.changed_of": "{changed} de {documents}",
        "cli.reindex.head_settings": (
            "reindexação: {window} → {new_window}, os mesmos {where} divididos de novo{model}"
        ),
        "cli.reindex.inserted": "{tokens} inseridos",
        "cli.reindex.deleted": "{tokens} removidos",
        "cli.reindex.head_edit_stream": (
            "reindexação: {change} no token {at} de {where}, em {window}{model}"
        ),
        "cli.reindex.head_edit_documents": (
            "reindexação: {change} no token {at} em cada um de {where}, em {window}{model}"
        ),
        "cli.reindex.head_documents": (
            "reindexação: {where} alterados, em {window}, cada um incorporado de novo por "
            "inteiro{model}"
        ),
        "cli.reindex.head_model": (
            "reindexação: um novo modelo de embedding para {where}: os chunks em {window} são "
            "mantidos"
        ),
        "cli.reindex.reason_new_model": "um novo modelo incorpora de novo cada chunk",
        "cli.reindex.reason_new_model_only": (
            "um novo modelo incorpora de novo cada chunk; a divisão é reaproveitada"
        ),
        "cli.reindex.reason_documents": "os documentos inalterados mantêm os seus",
        "cli.reindex.reason_splitter": (
            "dividido de novo com {chunker}: onde um chunk antigo do documento tinha o seu texto"
        ),
        "cli.reindex.reason_other_size": (
            "outro tamanho de chunk: apenas o último chunk, se começar no mesmo token"
        ),
        "cli.reindex.reason_period": (
            "os mesmos tokens já incorporados: chunks cheios que começam a cada lcm({step}, "
            "{new_step}) = {period}, e o último chunk, se começar no mesmo token"
        ),
        "cli.reindex.reason_edit_shift": (
            "{kept} terminam até o token {at}; os seguintes se deslocam {delta}, que não é "
            "múltiplo do passo"
        ),
        "cli.reindex.reason_edit_shift_each": (
            "{kept} terminam até o token {at} em cada documento alterado; os seguintes se "
            "deslocam {delta}, que não é múltiplo do passo"
        ),
        "cli.reindex.reason_edit_aligned": (
            "{kept} terminam até o token {at}; os seguintes voltam a se alinhar: {delta} é "
            "múltiplo do passo"
        ),
        "cli.reindex.reason_edit_aligned_each": (
            "{kept} terminam até o token {at} em cada documento alterado; os seguintes voltam a "
            "se alinhar: {delta} é múltiplo do passo"
        ),
        "cli.storage.heading": "armazenamento: cada parte do índice, exata salvo indicação",
        "cli.label.raw_vectors": "vetores brutos",
        "cli.label.hnsw_graph": "grafo HNSW",
        "cli.label.chunk_text": "texto dos chunks",
        "cli.label.metadata": "metadados",
        "cli.label.quantized_copy": "cópia quantizada",
        "cli.label.one_replica": "uma réplica",
        "cli.label.total": "total",
        "cli.label.pgvector_values": "valores pgvector",
        "cli.label.in_ram": "na RAM",
        "cli.storage.graph": (
            "{size} ({count} × 2·{m} identificadores de vizinhos × 4\u00a0bytes, a camada base; "
            "estimativa: cada vetor está em cerca de 1/{m_less_one} das camadas superiores com "
            "até {m} identificadores, ≈{upper} a mais, não somados)"
        ),
        "cli.storage.text": "{size} (⌈{tokens} processados × {per_token} por token⌉; estimativa)",
        "cli.storage.bytes_fraction": "{value}\u00a0bytes",
        "cli.storage.metadata": "{size} ({count} × {bytes} por chunk)",
        "cli.storage.quantized": (
            "{size} ({count} × {bytes}, {dtype}, guardada ao lado dos originais)"
        ),
        "cli.storage.replica": "{size} (a soma das partes acima)",
        "cli.storage.total": "{size} ({replicas} × uma réplica; estimativa)",
        "cli.storage.pgvector": (
            "vector {vector}\u00a0bytes (4·{dimensions} + {header}), halfvec {halfvec} "
            "(2·{dimensions} + {header}), bit {bit} (⌈{dimensions}/8⌉ + {header}) por valor; × "
            "{vectors} = {all_vector} / {all_halfvec} / {all_bit}\u00a0bytes, sem o custo das "
            "linhas"
        ),
        "cli.database.heading": (
            "armazenamento no {name}: cada parte como ele a guarda, exata salvo indicação"
        ),
        "cli.database.part": "{size} ({formula}; {where}fonte: {source})",
        "cli.database.part_estimate": "{size} ({formula}; estimativa; {where}fonte: {source})",
        "cli.database.total": "{size} (estimativa)",
        "cli.database.total_copies": "{size} ({replicas} × as partes; estimativa)",
        "cli.database.in_ram": (
            "{size} (as partes marcadas como RAM e disco; reserve cerca de 20\u00a0% a mais para "
            "as duas)"
        ),
        "cli.label.model_limit": "limite de entrada",
        "cli.label.within_limit": "dentro do limite",
        "cli.label.tokens_embedded": "tokens incorporados",
        "cli.plural.tokens_lost": {
            "zero": "então nenhum token se perde",
            "one": "então {count} token nunca é incorporado",
            "other": "então {count} tokens nunca são incorporados",
        },
        "cli.plural.over_limit": {
            "zero": "nenhum de {chunks} é maior: {lost}",
            "one": (
                "{count} de {chunks} é maior; a maioria das APIs de embedding o corta sem aviso, "
                "{lost}"
            ),
            "other": (
                "{count} de {chunks} são maiores; a maioria das APIs de embedding os corta sem "
                "aviso, {lost}"
            ),
        },
        "cli.limit.fits_one": "o único chunk cabe",
        "cli.limit.fits_every": "todos os {chunks} chunks cabem",
        "cli.limit.largest": (
            "tamanho do chunk de no máximo {size}; em {at_size}/{overlap}: {chunks}, {tokens} "
            "processados"
        ),
        "cli.limit.largest_no_plan": (
            "tamanho do chunk de no máximo {size}, e uma sobreposição menor que ele (agora "
            "{overlap})"
        ),
        "cli.limit.head_added": "{limit}, dos quais {added} são do próprio modelo em cada chunk",
        "cli.limit.embedded": (
            "{embedded}: {processed} processados + {added_total} acrescentados ({chunks} × {added})"
        ),
        "cli.limit.embedded_cut": (
            "{embedded}: {processed} processados + {added_total} acrescentados ({chunks} × "
            "{added}) − {cut} cortados"
        ),
        "cli.fit.reason.unnamed": (
            "nenhum tokenizador do modelo foi indicado; indique-o com --model-tokenizer"
        ),
        "cli.fit.reason.unpublished": "o seu tokenizador não é publicado",
        "cli.fit.reason.not_built_in": (
            "o seu tokenizador, {tokenizer}, não vem embutido; informe o tokenizer.json dele com "
            "--model-tokenizer"
        ),
        "cli.fit.reason.added_unknown": (
            "não se sabe quantos tokens ele acrescenta a cada chunk; informe --added-tokens"
        ),
        "cli.fit.reason.no_text": (
            "os chunks de {encoding} do modelo de janela não têm texto para contar de novo; use "
            "--splitter, ou --model-tokenizer FILE caso seja o do próprio modelo"
        ),
        "cli.fit.needs_count": (
            "mede os chunks dos arquivos contados; precisa de --count e --max-input-tokens (ou "
            "--model)"
        ),
        "cli.fit.whose_given": "o tokenizador indicado como o dele, {tokenizer}",
        "cli.fit.whose_own": "o seu próprio tokenizador, {tokenizer}",
        "cli.fit.added": "mais {added} acrescentados a cada chunk",
        "cli.fit.how_same": "{whose} (o mesmo que cortou os chunks), {added}",
        "cli.fit.how_other": "{whose}, {added}; cortados com {encoding}",
        "cli.fit.the_model": "o modelo",
        "cli.fit.its_limit": "o seu limite de {limit} tokens",
        "cli.fit.note_unmeasured": (
            "nota: os chunks não são medidos nos tokens do próprio modelo ({reason}); o limite de "
            "entrada abaixo conta tokens de {encoding}"
        ),
        "cli.fit.warning_unmeasured": (
            "aviso: os chunks de {model} não são medidos nos seus próprios tokens ({reason}); o "
            "limite de entrada abaixo conta tokens de {encoding}, não os dele"
        ),
        "cli.fit.warning_over": (
            "aviso: {model} vê {over} de {chunks} acima de {limit}; {tokens} cortados, nunca "
            "incorporados"
        ),
        "cli.fit.within": "{model} vê todos os {chunks} dentro de {limit}",
        "cli.fit.empty": "{model} não vê nenhum chunk: os documentos estão vazios",
        "cli.fit.measured_with": "medido com {how}",
        "cli.fit.longest": "chunk mais longo: {tokens}, como o modelo o vê",
        "cli.fit.named_document": "{path} ({chunks} acima, {tokens} cortados)",
        "cli.fit.most_cut": "mais cortados: {documents}",
        "cli.counted.line": "contado com {encoding}: {files}, {tokens}",
        "cli.counted.per_token": "{bytes}\u00a0bytes e {characters} caracteres por token",
        "cli.counted.splitter": (
            "dividido com {chunker}: {chunks}, {tokens} processados: todos os números abaixo são "
            "dos seus chunks (o modelo de janela geraria {window_chunks}, {window_tokens} "
            "processados)"
        ),
        "cli.settings.model": "Modelo de embedding",
        "cli.settings.custom": "personalizado",
        "cli.settings.tokenizer": "Tokenizador",
        "cli.settings.splitter": "Divisor",
        "cli.settings.window_model": "modelo de janela",
        "cli.settings.database": "Banco de dados",
        "cli.settings.generic": "genérico",
        "cli.settings.vectors_label": "Vetores",
        "cli.settings.vectors": "{dimensions} dimensões, {dtype}",
        "cli.settings.made_with": "Feito com",
        "cli.settings.source": "{field}: {addresses} (verificado em {checked})",
        "cli.evaluation.wordllama": "{retriever} (WordLlama, {dimensions} dimensões)",
        "cli.evaluation.head_1": "recuperação na sua amostra: {questions} perguntas de {path},",
        "cli.evaluation.head_2": (
            "{retriever}, os {top_k} primeiros chunks de cada uma: medido nesta amostra com"
        ),
        "cli.evaluation.head_3": (
            "este método de recuperação, não uma promessa sobre o seu modelo em produção"
        ),
        "cli.evaluation.legend_1": (
            "inteiros: trechos inteiros dentro de algum chunk, seja qual for o recuperado"
        ),
        "cli.evaluation.legend_2": (
            "hit@k: perguntas cujos trechos estão todos inteiros num chunk recuperado"
        ),
        "cli.evaluation.legend_3": (
            "revocação, precisão, IoU: as do Chroma, dos caracteres recuperados contra os dos "
            "trechos"
        ),
        "cli.evaluation.legend_4": (
            "MRR: a média de 1 / a posição do primeiro chunk que contém um trecho inteiro"
        ),
        "cli.evaluation.legend_5": (
            "contexto: os tokens que os k primeiros chunks põem no prompt (média)"
        ),
        "cli.evaluation.col_setting": "configuração",
        "cli.evaluation.col_chunks": "chunks",
        "cli.evaluation.col_excerpt_survival": "inteiros",
        "cli.evaluation.col_hit_at_k": "hit@k",
        "cli.evaluation.col_recall": "revocação",
        "cli.evaluation.col_precision": "precisão",
        "cli.evaluation.col_iou": "IoU",
        "cli.evaluation.col_mrr": "MRR",
        "cli.evaluation.col_context_tokens": "contexto",
        "cli.evaluation.plan_row": "{setting} (plano)",
        "cli.evaluation.refused": "recusado ({reason})",
        "cli.refusal.tokens_beside": (
            "os documentos somam {tokens}: omita --tokens ou informe esse total"
        ),
        "cli.preset.line": "modelo {model} (o seu preset, verificado em {checked}): {parts}",
        "cli.preset.dimensions": "dimensões {dimensions}",
        "cli.preset.limit": "limite de entrada {tokens}",
        "cli.preset.added": "{added} acrescentados a cada chunk",
        "cli.preset.special": "{tokens} e o prefixo {prefix}",
        "cli.preset.prefix": "o prefixo {prefix}",
        "cli.preset.added_unknown": "não se sabe quantos tokens ele acrescenta a cada chunk",
        "cli.preset.price": "preço {price} {currency} por milhão",
        "cli.preset.kept": "mantidos como informados: {values}",
        "cli.preset.counted_exact": "contado com {encoding}, o seu próprio tokenizador",
        "cli.preset.counted_same_rules": (
            "contado com {encoding}: as regras e o tamanho do vocabulário do seu tokenizador, sem "
            "checksum publicado do vocabulário"
        ),
        "cli.preset.counted_other": (
            "contado com {encoding}, que não é o seu tokenizador ({tokenizer}): não são as "
            "contagens exatas dele"
        ),
        "cli.preset.counted_unknown": (
            "contado com {encoding}: o seu tokenizador não é publicado, não são as contagens "
            "exatas dele"
        ),
        "cli.refusal.no_tokenizer": (
            "esta cópia do pacote não tem tokenizador (o wheel da página): {install}"
        ),
        "cli.refusal.ranks": "{failure}; {command} os baixa",
        "cli.refusal.no_text_file": "nenhum arquivo de texto pôde ser contado",
        "cli.refusal.evaluates_up_to": "{documents}: avalia no máximo {most}",
        "cli.refusal.not_counted": "não contado: {error}",
        "cli.refusal.no_document": "nenhum documento pôde ser contado",
        "cli.refusal.part_dataset": "{path} (bytes {start} a {stop})",
        "cli.refusal.part_files": "{first} e os {more} arquivos seguintes",
        "cli.refusal.not_split": "não dividido: {error}",
        "cli.refusal.changed": "os documentos mudaram enquanto eram contados",
        "cli.refusal.evaluate_window": (
            "os chunks do modelo de janela precisam dos tokens de uma codificação da OpenAI; "
            "escolha --splitter recursive, markdown ou sentence"
        ),
        "cli.refusal.set_suffix": (
            "{path}: indique um arquivo JSONL ou CSV pela extensão ({formats})"
        ),
        "cli.refusal.cannot_read": "não foi possível ler {path}: {reason}",
        "cli.refusal.not_utf8": "{path} não é texto UTF-8 (byte {byte})",
        "cli.progress.splitting": "dividindo em {windows} janelas",
        "cli.progress.evaluating": "avaliando a recuperação: {done}/{total} configurações",
        "cli.note.fit_up_to": (
            "{documents}: os chunks de cada um são medidos contra o limite de entrada do modelo "
            "até {most}; desta vez não"
        ),
    },
    "de": {
        "field.chunk_size.label": "Fenstergröße",
        "field.overlap.label": "Überlappung",
        "field.documents.label": "Anzahl der Dokumente",
        "plural.bytes": {
            "zero": "{count}\u00a0Bytes",
            "one": "{count}\u00a0Byte",
            "other": "{count}\u00a0Bytes",
        },
        "compare.col_chunks": "Abschnitte",
        "compare.col_tokens_processed": "Verarbeitete Tokens",
        "compare.col_over_n": "Mehr als N",
        "compare.col_repeated": "Wiederholte Tokens",
        "compare.col_padded": "Aufgefüllte Tokens",
        "compare.col_raw_size": "Rohgröße",
        "compare.current": "aktuelle Einstellung",
        "tradeoff.heading": "Abwägung: Fenstergröße und Überlappung",
        "tradeoff.breakdown_heading": "Speicherbedarf nach Teilen",
        "tradeoff.over_limit": "vom Limit des Modells gekürzt",
        "tradeoff.part.replicas": "Weitere Replikate",
        "export.plan": "Plan",
        "export.settings": "Einstellungen",
        "export.overlap_share": "Überlappungsanteil",
        "export.quantized_copy": "Quantisierte Kopie",
        "count.col_tokens": "Tokens",
        "count.splitter_label": "Splitter",
        "cost.heading": "Embedding-Kosten",
        "storage.heading": "Speicherbedarf des Index",
        "storage.raw": "Rohvektoren",
        "storage.graph": "HNSW-Graph, Basisschicht",
        "storage.text": "Text der Abschnitte",
        "storage.metadata": "Metadaten",
        "storage.total": "Gesamt",
        "evaluate.measure.excerpt_survival": "Ganz enthalten",
        "evaluate.measure.hit_at_k": "Hit@k",
        "evaluate.measure.recall": "Trefferquote",
        "evaluate.measure.precision": "Präzision",
        "evaluate.measure.iou": "IoU",
        "evaluate.measure.mrr": "MRR",
        "evaluate.measure.context_tokens": "Kontext-Tokens",
        "cli.number.four_digits": "1.234",
        "cli.number.five_digits": "12.345,6",
        "cli.percent": "{value}\u00a0%",
        "cli.plural.tokens": {
            "zero": "{count} Tokens",
            "one": "{count} Token",
            "other": "{count} Tokens",
        },
        "cli.plural.chunks": {
            "zero": "{count} Abschnitte",
            "one": "{count} Abschnitt",
            "other": "{count} Abschnitte",
        },
        "cli.plural.documents": {
            "zero": "{count} Dokumente",
            "one": "{count} Dokument",
            "other": "{count} Dokumente",
        },
        "cli.plural.of_chunks": {
            "zero": "{count} Abschnitten",
            "one": "{count} Abschnitt",
            "other": "{count} Abschnitten",
        },
        "cli.plural.of_documents": {
            "zero": "{count} Dokumenten",
            "one": "{count} Dokument",
            "other": "{count} Dokumenten",
        },
        "cli.plural.files": {
            "zero": "{count} Dateien",
            "one": "{count} Datei",
            "other": "{count} Dateien",
        },
        "cli.plural.bytes": {
            "zero": "{count}\u00a0Bytes",
            "one": "{count}\u00a0Byte",
            "other": "{count}\u00a0Bytes",
        },
        "cli.plural.bits": {
            "zero": "{count}\u00a0Bits",
            "one": "{count}\u00a0Bit",
            "other": "{count}\u00a0Bits",
        },
        "cli.plural.dimensions": {
            "zero": "{count} Dimensionen",
            "one": "{count} Dimension",
            "other": "{count} Dimensionen",
        },
        "cli.label.chunks": "Abschnitte",
        "cli.label.tokens_processed": "verarbeitete Tokens",
        "cli.label.padded": "Obergrenze",
        "cli.label.raw_vector_size": "Rohgröße Vektoren",
        "cli.summary.head": "{corpus}, Fenstergröße {chunk_size}, Überlappung {overlap}, {window}",
        "cli.summary.step": "Schrittweite {step}",
        "cli.summary.split_with": "geteilt mit {chunker}",
        "cli.summary.corpus_equal": "{documents} mit je {tokens} ({all})",
        "cli.summary.corpus_listed": "{documents}, insgesamt {tokens}",
        "cli.summary.empty_document": "ein leeres Dokument ergibt keine Abschnitte",
        "cli.summary.empty_documents": "leere Dokumente ergeben keine Abschnitte",
        "cli.summary.lengths": (
            "Längen {least}–{most}: Median {median}, 95. Perzentil {percentile}, am häufigsten "
            "{length} ({count} ×); alle in --json"
        ),
        "cli.summary.repeated_document": "{repeated} wiederholt: {share} des Dokuments",
        "cli.summary.repeated_corpus": "{repeated} wiederholt: {share} des Korpus",
        "cli.summary.own_tokens_more_document": (
            "die Tokens der einzelnen Abschnitte zusammengezählt: {tokens} mehr als die des "
            "Dokuments"
        ),
        "cli.summary.own_tokens_fewer_document": (
            "die Tokens der einzelnen Abschnitte zusammengezählt: {tokens} weniger als die des "
            "Dokuments"
        ),
        "cli.summary.own_tokens_more_corpus": (
            "die Tokens der einzelnen Abschnitte zusammengezählt: {tokens} mehr als die des Korpus"
        ),
        "cli.summary.own_tokens_fewer_corpus": (
            "die Tokens der einzelnen Abschnitte zusammengezählt: {tokens} weniger als die des "
            "Korpus"
        ),
        "cli.summary.last_full_one": "gleich dem genauen Wert: Der letzte Abschnitt ist voll",
        "cli.summary.last_full_each": "gleich dem genauen Wert: Die letzten Abschnitte sind voll",
        "cli.summary.last_short_one": "dem letzten Abschnitt fehlen {tokens} bis zur vollen Größe",
        "cli.summary.last_short_each": (
            "den letzten Abschnitten fehlen {tokens} bis zur vollen Größe"
        ),
        "cli.documents.per_document": (
            "{documents} einzeln aufgeteilt: {chunks}, {tokens} verarbeitet"
        ),
        "cli.documents.one_stream": (
            "dieselben {tokens} als ein Strom: {chunks}, {processed} verarbeitet"
        ),
        "cli.documents.difference": "Unterschied: {chunks}, {tokens} verarbeitet",
        "cli.documents.col_corpus": "Korpus",
        "cli.documents.col_chunks": "Abschnitte",
        "cli.documents.col_tokens_processed": "Verarbeitete Tokens",
        "cli.documents.col_raw_size": "Rohgröße",
        "cli.documents.each": "{documents}, jedes einzeln aufgeteilt",
        "cli.documents.stream": "ein Strom von {tokens}",
        "cli.documents.row_difference": "Unterschied",
        "cli.budget.line": (
            "Prompt-Budget: {top_k} × {chunk_size} = {source} Text der Abschnitte + {reserved} "
            "reserviert + {answer} für die Antwort = {total} von {window}: {verdict}; {fit} "
            "würden passen"
        ),
        "cli.budget.fits": "passt, mit {spare} Reserve",
        "cli.budget.over_by": "{over} zu viel",
        "cli.cost.line": (
            "Embedding-Kosten bei {price} je Million Tokens: {cost} für die Verarbeitung von "
            "{tokens}"
        ),
        "cli.cost.source": (
            "der Preis aus dem Preset von {model}, geprüft am {checked}: {addresses}"
        ),
        "cli.label.reused": "wiederverwendet",
        "cli.label.to_embed": "neu einzubetten",
        "cli.label.to_delete": "zu löschen",
        "cli.label.tokens_to_embed": "Tokens einzubetten",
        "cli.label.one_time_cost": "einmalige Kosten",
        "cli.label.versioned_peak": "Spitze versioniert",
        "cli.label.in_place_peak": "Spitze im Index",
        "cli.reindex.reused": "{reused} von {old} alten Abschnitten ({reason})",
        "cli.reindex.to_embed": "{embed} von {new} neuen Abschnitten ({new} − {reused})",
        "cli.reindex.tokens_to_embed": (
            "{embed} ({processed} verarbeitet − {reused} in wiederverwendeten Abschnitten)"
        ),
        "cli.reindex.cost": "{cost} ({tokens} × {price} je Million)",
        "cli.reindex.versioned_peak": (
            "{size} Rohvektoren: alt {old} + neu {new}, beide bis zur Umschaltung behalten "
            "(Blue-Green)"
        ),
        "cli.reindex.in_place_peak": (
            "{size} Rohvektoren: ({old} + {embed}) × {per_vector}, neue Vektoren kommen hinzu, "
            "bevor die veralteten gelöscht werden"
        ),
        "cli.reindex.and_new_model": ", und ein neues Embedding-Modell",
        "cli.reindex.changed_of": "{changed} von {documents}",
        "cli.reindex.head_settings": (
            "Neu indexieren: {window} → {new_window}, dieselben {where} neu geteilt{model}"
        ),
        "cli.reindex.inserted": "{tokens} eingefügt",
        "cli.reindex.deleted": "{tokens} gelöscht",
        "cli.reindex.head_edit_stream": (
            "Neu indexieren: {change} bei Token {at} von {where}, bei {window}{model}"
        ),
        "cli.reindex.head_edit_documents": (
            "Neu indexieren: {change} bei Token {at} in jedem Dokument ({where}), bei "
            "{window}{model}"
        ),
        "cli.reindex.head_documents": (
            "Neu indexieren: {where} geändert, bei {window}, jedes ganz neu eingebettet{model}"
        ),
        "cli.reindex.head_model": (
            "Neu indexieren: ein neues Embedding-Modell für {where}: Die Abschnitte bei {window} "
            "bleiben"
        ),
        "cli.reindex.reason_new_model": "ein neues Modell bettet jeden Abschnitt neu ein",
        "cli.reindex.reason_new_model_only": (
            "ein neues Modell bettet jeden Abschnitt neu ein; die Aufteilung bleibt"
        ),
        "cli.reindex.reason_documents": "die unveränderten Dokumente behalten ihre",
        "cli.reindex.reason_splitter": (
            "neu geteilt mit {chunker}: wo ein alter Abschnitt des Dokuments seinen Text hatte"
        ),
        "cli.reindex.reason_other_size": (
            "eine andere Fenstergröße: nur der letzte Abschnitt, wenn er beim selben Token beginnt"
        ),
        "cli.reindex.reason_period": (
            "dieselben Tokens wurden schon eingebettet: volle Abschnitte, die alle lcm({step}, "
            "{new_step}) = {period} beginnen, und der letzte Abschnitt, wenn er beim selben Token "
            "beginnt"
        ),
        "cli.reindex.reason_edit_shift": (
            "{kept} enden spätestens bei Token {at}; die späteren verschieben sich um {delta}, "
            "kein Vielfaches der Schrittweite"
        ),
        "cli.reindex.reason_edit_shift_each": (
            "{kept} enden in jedem geänderten Dokument spätestens bei Token {at}; die späteren "
            "verschieben sich um {delta}, kein Vielfaches der Schrittweite"
        ),
        "cli.reindex.reason_edit_aligned": (
            "{kept} enden spätestens bei Token {at}; die späteren sind wieder deckungsgleich: "
            "{delta} ist ein Vielfaches der Schrittweite"
        ),
        "cli.reindex.reason_edit_aligned_each": (
            "{kept} enden in jedem geänderten Dokument spätestens bei Token {at}; die späteren "
            "sind wieder deckungsgleich: {delta} ist ein Vielfaches der Schrittweite"
        ),
        "cli.storage.heading": (
            "Speicherbedarf: jeder Teil des Index, genau, wenn nicht anders angegeben"
        ),
        "cli.label.raw_vectors": "Rohvektoren",
        "cli.label.hnsw_graph": "HNSW-Graph",
        "cli.label.chunk_text": "Abschnittstext",
        "cli.label.metadata": "Metadaten",
        "cli.label.quantized_copy": "quantisierte Kopie",
        "cli.label.one_replica": "ein Replikat",
        "cli.label.total": "gesamt",
        "cli.label.pgvector_values": "pgvector-Werte",
        "cli.label.in_ram": "im RAM",
        "cli.storage.graph": (
            "{size} ({count} × 2·{m} Nachbar-IDs × 4\u00a0Bytes, die Basisschicht; Schätzung: "
            "Jeder Vektor liegt auf etwa 1/{m_less_one} oberen Schichten mit bis zu {m} IDs, "
            "≈{upper} mehr, nicht addiert)"
        ),
        "cli.storage.text": "{size} (⌈{tokens} verarbeitet × {per_token} je Token⌉; Schätzung)",
        "cli.storage.bytes_fraction": "{value}\u00a0Bytes",
        "cli.storage.metadata": "{size} ({count} × {bytes} je Abschnitt)",
        "cli.storage.quantized": (
            "{size} ({count} × {bytes}, {dtype}, neben den Originalen gespeichert)"
        ),
        "cli.storage.replica": "{size} (die Summe der Teile oben)",
        "cli.storage.total": "{size} ({replicas} × ein Replikat; Schätzung)",
        "cli.storage.pgvector": (
            "vector {vector}\u00a0Bytes (4·{dimensions} + {header}), halfvec {halfvec} "
            "(2·{dimensions} + {header}), bit {bit} (⌈{dimensions}/8⌉ + {header}) je Wert; × "
            "{vectors} = {all_vector} / {all_halfvec} / {all_bit}\u00a0Bytes, ohne Zeilen-Overhead"
        ),
        "cli.database.heading": (
            "Speicherbedarf in {name}: jeder Teil, wie es ihn speichert, genau, wenn nicht anders "
            "angegeben"
        ),
        "cli.database.part": "{size} ({formula}; {where}Quelle: {source})",
        "cli.database.part_estimate": "{size} ({formula}; Schätzung; {where}Quelle: {source})",
        "cli.database.total": "{size} (Schätzung)",
        "cli.database.total_copies": "{size} ({replicas} × die Teile; Schätzung)",
        "cli.database.in_ram": (
            "{size} (die als RAM und Festplatte genannten Teile; planen Sie für beide etwa "
            "20\u00a0% mehr ein)"
        ),
        "cli.label.model_limit": "Eingabelimit",
        "cli.label.within_limit": "im Limit",
        "cli.label.tokens_embedded": "eingebettet",
        "cli.plural.tokens_lost": {
            "zero": "also geht kein Token verloren",
            "one": "also wird {count} Token nie eingebettet",
            "other": "also werden {count} Tokens nie eingebettet",
        },
        "cli.plural.over_limit": {
            "zero": "keiner von {chunks} ist länger: {lost}",
            "one": (
                "{count} von {chunks} ist länger; die meisten Embedding-APIs kürzen ihn "
                "stillschweigend, {lost}"
            ),
            "other": (
                "{count} von {chunks} sind länger; die meisten Embedding-APIs kürzen sie "
                "stillschweigend, {lost}"
            ),
        },
        "cli.limit.fits_one": "der eine Abschnitt passt",
        "cli.limit.fits_every": "jeder der {chunks} Abschnitte passt",
        "cli.limit.largest": (
            "Fenstergröße höchstens {size}; bei {at_size}/{overlap}: {chunks}, {tokens} verarbeitet"
        ),
        "cli.limit.largest_no_plan": (
            "Fenstergröße höchstens {size}, und eine Überlappung darunter (jetzt {overlap})"
        ),
        "cli.limit.head_added": "{limit}, davon {added} des Modells selbst in jedem Abschnitt",
        "cli.limit.embedded": (
            "{embedded}: {processed} verarbeitet + {added_total} hinzugefügt ({chunks} × {added})"
        ),
        "cli.limit.embedded_cut": (
            "{embedded}: {processed} verarbeitet + {added_total} hinzugefügt ({chunks} × {added}) "
            "− {cut} abgeschnitten"
        ),
        "cli.fit.reason.unnamed": (
            "kein Tokenizer des Modells ist genannt; nennen Sie ihn mit --model-tokenizer"
        ),
        "cli.fit.reason.unpublished": "sein Tokenizer ist nicht veröffentlicht",
        "cli.fit.reason.not_built_in": (
            "sein Tokenizer, {tokenizer}, ist nicht eingebaut; geben Sie seine tokenizer.json mit "
            "--model-tokenizer an"
        ),
        "cli.fit.reason.added_unknown": (
            "die Tokens, die es jedem Abschnitt hinzufügt, sind unbekannt; geben Sie "
            "--added-tokens an"
        ),
        "cli.fit.reason.no_text": (
            "die Abschnitte des Fenstermodells aus {encoding} haben keinen Text, der neu gezählt "
            "werden kann; nutzen Sie --splitter, oder --model-tokenizer FILE, wenn es der des "
            "Modells ist"
        ),
        "cli.fit.needs_count": (
            "misst die Abschnitte der gezählten Dateien; braucht --count und --max-input-tokens "
            "(oder --model)"
        ),
        "cli.fit.whose_given": "dem als seinen genannten Tokenizer, {tokenizer}",
        "cli.fit.whose_own": "seinem eigenen Tokenizer, {tokenizer}",
        "cli.fit.added": "plus {added} in jedem Abschnitt hinzugefügt",
        "cli.fit.how_same": "{whose} (mit dem die Abschnitte geschnitten wurden), {added}",
        "cli.fit.how_other": "{whose}, {added}; geschnitten mit {encoding}",
        "cli.fit.the_model": "das Modell",
        "cli.fit.its_limit": "seinem Limit von {limit} Tokens",
        "cli.fit.note_unmeasured": (
            "Hinweis: Die Abschnitte sind nicht in den Tokens des Modells gemessen ({reason}); "
            "das Eingabelimit unten zählt Tokens von {encoding}"
        ),
        "cli.fit.warning_unmeasured": (
            "Warnung: Die Abschnitte von {model} sind nicht in seinen eigenen Tokens gemessen "
            "({reason}); das Eingabelimit unten zählt Tokens von {encoding}, nicht seine"
        ),
        "cli.fit.warning_over": (
            "Warnung: {model} sieht {over} von {chunks} über {limit}; {tokens} abgeschnitten, nie "
            "eingebettet"
        ),
        "cli.fit.within": "{model} sieht alle {chunks} innerhalb von {limit}",
        "cli.fit.empty": "{model} sieht keine Abschnitte: Die Dokumente sind leer",
        "cli.fit.measured_with": "gemessen mit {how}",
        "cli.fit.longest": "längster Abschnitt {tokens}, wie das Modell ihn sieht",
        "cli.fit.named_document": "{path} ({chunks} darüber, {tokens} abgeschnitten)",
        "cli.fit.most_cut": "am meisten gekürzt: {documents}",
        "cli.counted.line": "gezählt mit {encoding}: {files}, {tokens}",
        "cli.counted.per_token": "{bytes}\u00a0Bytes und {characters} Zeichen je Token",
        "cli.counted.splitter": (
            "geteilt mit {chunker}: {chunks}, {tokens} verarbeitet: Alle Zahlen unten sind die "
            "seiner Abschnitte (das Fenstermodell ergäbe {window_chunks}, {window_tokens} "
            "verarbeitet)"
        ),
        "cli.settings.model": "Embedding-Modell",
        "cli.settings.custom": "eigene Werte",
        "cli.settings.tokenizer": "Tokenizer",
        "cli.settings.splitter": "Splitter",
        "cli.settings.window_model": "Fenstermodell",
        "cli.settings.database": "Datenbank",
        "cli.settings.generic": "allgemein",
        "cli.settings.vectors_label": "Vektoren",
        "cli.settings.vectors": "{dimensions} Dimensionen, {dtype}",
        "cli.settings.made_with": "Erstellt mit",
        "cli.settings.source": "{field}: {addresses} (geprüft am {checked})",
        "cli.evaluation.wordllama": "{retriever} (WordLlama, {dimensions} Dimensionen)",
        "cli.evaluation.head_1": "Suche an Ihrer Stichprobe: {questions} Fragen aus {path},",
        "cli.evaluation.head_2": (
            "{retriever}, je Frage die ersten {top_k} Abschnitte: gemessen an dieser Stichprobe mit"
        ),
        "cli.evaluation.head_3": (
            "diesem Suchverfahren, keine Zusage über Ihr Modell im Produktivbetrieb"
        ),
        "cli.evaluation.legend_1": (
            "ganz: Auszüge ganz in irgendeinem Abschnitt, gleich was gefunden wird"
        ),
        "cli.evaluation.legend_2": (
            "hit@k: Fragen, deren Auszüge alle ganz in einem gefundenen Abschnitt liegen"
        ),
        "cli.evaluation.legend_3": (
            "Trefferquote, Präzision, IoU: wie bei Chroma, der gefundenen Zeichen gegen die der "
            "Auszüge"
        ),
        "cli.evaluation.legend_4": (
            "MRR: der Mittelwert von 1 / Rang des ersten Abschnitts, der einen Auszug ganz enthält"
        ),
        "cli.evaluation.legend_5": (
            "Kontext: die Tokens, die die ersten k Abschnitte in den Prompt bringen (Mittelwert)"
        ),
        "cli.evaluation.col_setting": "Einstellung",
        "cli.evaluation.col_chunks": "Abschnitte",
        "cli.evaluation.col_excerpt_survival": "ganz",
        "cli.evaluation.col_hit_at_k": "hit@k",
        "cli.evaluation.col_recall": "Trefferquote",
        "cli.evaluation.col_precision": "Präzision",
        "cli.evaluation.col_iou": "IoU",
        "cli.evaluation.col_mrr": "MRR",
        "cli.evaluation.col_context_tokens": "Kontext",
        "cli.evaluation.plan_row": "{setting} (Plan)",
        "cli.evaluation.refused": "abgelehnt ({reason})",
        "cli.refusal.tokens_beside": (
            "die Dokumente enthalten insgesamt {tokens}: Lassen Sie --tokens weg oder geben Sie "
            "diese Zahl an"
        ),
        "cli.preset.line": "Modell {model} (sein Preset, geprüft am {checked}): {parts}",
        "cli.preset.dimensions": "Dimensionen {dimensions}",
        "cli.preset.limit": "Eingabelimit {tokens}",
        "cli.preset.added": "{added} in jedem Abschnitt hinzugefügt",
        "cli.preset.special": "{tokens} und das Präfix {prefix}",
        "cli.preset.prefix": "das Präfix {prefix}",
        "cli.preset.added_unknown": "die Tokens, die es jedem Abschnitt hinzufügt, sind unbekannt",
        "cli.preset.price": "Preis {price} {currency} je Million",
        "cli.preset.kept": "wie angegeben behalten: {values}",
        "cli.preset.counted_exact": "gezählt mit {encoding}, seinem eigenen Tokenizer",
        "cli.preset.counted_same_rules": (
            "gezählt mit {encoding}: Regeln und Vokabulargröße seines Tokenizers, keine "
            "veröffentlichte Prüfsumme seines Vokabulars"
        ),
        "cli.preset.counted_other": (
            "gezählt mit {encoding}, nicht seinem Tokenizer ({tokenizer}): nicht seine genauen "
            "Zahlen"
        ),
        "cli.preset.counted_unknown": (
            "gezählt mit {encoding}: sein Tokenizer ist nicht veröffentlicht, nicht seine genauen "
            "Zahlen"
        ),
        "cli.refusal.no_tokenizer": (
            "diese Kopie des Pakets hat keinen Tokenizer (das Wheel der Seite): {install}"
        ),
        "cli.refusal.ranks": "{failure}; {command} lädt sie",
        "cli.refusal.no_text_file": "keine Textdatei konnte gezählt werden",
        "cli.refusal.evaluates_up_to": "{documents}: bewertet höchstens {most}",
        "cli.refusal.not_counted": "nicht gezählt: {error}",
        "cli.refusal.no_document": "kein Dokument konnte gezählt werden",
        "cli.refusal.part_dataset": "{path} (Bytes {start} bis {stop})",
        "cli.refusal.part_files": "{first} und die {more} Dateien danach",
        "cli.refusal.not_split": "nicht geteilt: {error}",
        "cli.refusal.changed": "die Dokumente haben sich beim Zählen geändert",
        "cli.refusal.evaluate_window": (
            "die Abschnitte des Fenstermodells brauchen die Tokens einer OpenAI-Kodierung; wählen "
            "Sie --splitter recursive, markdown oder sentence"
        ),
        "cli.refusal.set_suffix": (
            "{path}: Nennen Sie eine JSONL- oder CSV-Datei mit ihrer Endung ({formats})"
        ),
        "cli.refusal.cannot_read": "{path} kann nicht gelesen werden: {reason}",
        "cli.refusal.not_utf8": "{path} ist kein UTF-8-Text (Byte {byte})",
        "cli.progress.splitting": "Teilen bei {windows} Fenstern",
        "cli.progress.evaluating": "Suche wird bewertet: {done}/{total} Einstellungen",
        "cli.note.fit_up_to": (
            "{documents}: Die Abschnitte jedes Dokuments werden bis {most} am Eingabelimit des "
            "Modells gemessen; diesmal nicht"
        ),
    },
    "it": {
        "field.chunk_size.label": "Dimensione del chunk",
        "field.overlap.label": "Sovrapposizione",
        "field.documents.label": "Numero di documenti",
        "plural.bytes": {
            "zero": "{count}\u00a0byte",
            "one": "{count}\u00a0byte",
            "other": "{count}\u00a0byte",
        },
        "compare.col_chunks": "Chunk",
        "compare.col_tokens_processed": "Token elaborati",
        "compare.col_over_n": "Oltre N",
        "compare.col_repeated": "Token ripetuti",
        "compare.col_padded": "Token con padding",
        "compare.col_raw_size": "Occupazione grezza",
        "compare.current": "impostazione attuale",
        "tradeoff.heading": "Il compromesso: dimensione del chunk e sovrapposizione",
        "tradeoff.breakdown_heading": "Occupazione per componente",
        "tradeoff.over_limit": "tagliato dal limite del modello",
        "tradeoff.part.replicas": "Altre repliche",
        "export.plan": "Piano",
        "export.settings": "Impostazioni",
        "export.overlap_share": "Quota di sovrapposizione",
        "export.quantized_copy": "Copia quantizzata",
        "count.col_tokens": "Token",
        "count.splitter_label": "Splitter",
        "cost.heading": "Costo degli embedding",
        "storage.heading": "Occupazione dell'indice",
        "storage.raw": "Vettori grezzi",
        "storage.graph": "Grafo HNSW, livello base",
        "storage.text": "Testo dei chunk",
        "storage.metadata": "Metadati",
        "storage.total": "Totale",
        "evaluate.measure.excerpt_survival": "Interi",
        "evaluate.measure.hit_at_k": "Hit@k",
        "evaluate.measure.recall": "Richiamo",
        "evaluate.measure.precision": "Precisione",
        "evaluate.measure.iou": "IoU",
        "evaluate.measure.mrr": "MRR",
        "evaluate.measure.context_tokens": "Token di contesto",
        "cli.number.four_digits": "1.234",
        "cli.number.five_digits": "12.345,6",
        "cli.percent": "{value}%",
        "cli.plural.tokens": {
            "zero": "{count} token",
            "one": "{count} token",
            "other": "{count} token",
        },
        "cli.plural.chunks": {
            "zero": "{count} chunk",
            "one": "{count} chunk",
            "other": "{count} chunk",
        },
        "cli.plural.documents": {
            "zero": "{count} documenti",
            "one": "{count} documento",
            "other": "{count} documenti",
        },
        "cli.plural.of_chunks": {
            "zero": "{count} chunk",
            "one": "{count} chunk",
            "other": "{count} chunk",
        },
        "cli.plural.of_documents": {
            "zero": "{count} documenti",
            "one": "{count} documento",
            "other": "{count} documenti",
        },
        "cli.plural.files": {
            "zero": "{count} file",
            "one": "{count} file",
            "other": "{count} file",
        },
        "cli.plural.bytes": {
            "zero": "{count}\u00a0byte",
            "one": "{count}\u00a0byte",
            "other": "{count}\u00a0byte",
        },
        "cli.plural.bits": {
            "zero": "{count}\u00a0bit",
            "one": "{count}\u00a0bit",
            "other": "{count}\u00a0bit",
        },
        "cli.plural.dimensions": {
            "zero": "{count} dimensioni",
            "one": "{count} dimensione",
            "other": "{count} dimensioni",
        },
        "cli.label.chunks": "chunk",
        "cli.label.tokens_processed": "token elaborati",
        "cli.label.padded": "limite superiore",
        "cli.label.raw_vector_size": "occupazione grezza",
        "cli.summary.head": (
            "{corpus}, dimensione del chunk {chunk_size}, sovrapposizione {overlap}, {window}"
        ),
        "cli.summary.step": "passo {step}",
        "cli.summary.split_with": "diviso con {chunker}",
        "cli.summary.corpus_equal": "{documents} da {tokens} ({all})",
        "cli.summary.corpus_listed": "{documents}, {tokens} in tutto",
        "cli.summary.empty_document": "un documento vuoto non produce chunk",
        "cli.summary.empty_documents": "i documenti vuoti non producono chunk",
        "cli.summary.lengths": (
            "lunghezze {least}–{most}: mediana {median}, 95° percentile {percentile}, più "
            "frequente {length} ({count} ×); tutte in --json"
        ),
        "cli.summary.repeated_document": "{repeated} ripetuti: {share} del documento",
        "cli.summary.repeated_corpus": "{repeated} ripetuti: {share} del corpus",
        "cli.summary.own_tokens_more_document": (
            "somma dei token di ciascun chunk: {tokens} in più di quelli del documento"
        ),
        "cli.summary.own_tokens_fewer_document": (
            "somma dei token di ciascun chunk: {tokens} in meno di quelli del documento"
        ),
        "cli.summary.own_tokens_more_corpus": (
            "somma dei token di ciascun chunk: {tokens} in più di quelli del corpus"
        ),
        "cli.summary.own_tokens_fewer_corpus": (
            "somma dei token di ciascun chunk: {tokens} in meno di quelli del corpus"
        ),
        "cli.summary.last_full_one": "uguale al valore esatto: l'ultimo chunk è pieno",
        "cli.summary.last_full_each": "uguale al valore esatto: gli ultimi chunk sono pieni",
        "cli.summary.last_short_one": "all'ultimo chunk mancano {tokens} per la dimensione piena",
        "cli.summary.last_short_each": "agli ultimi chunk mancano {tokens} per la dimensione piena",
        "cli.documents.per_document": (
            "{documents} suddivisi uno per uno: {chunks}, {tokens} elaborati"
        ),
        "cli.documents.one_stream": (
            "gli stessi {tokens} come flusso unico: {chunks}, {processed} elaborati"
        ),
        "cli.documents.difference": "differenza: {chunks}, {tokens} elaborati",
        "cli.documents.col_corpus": "Corpus",
        "cli.documents.col_chunks": "Chunk",
        "cli.documents.col_tokens_processed": "Token elaborati",
        "cli.documents.col_raw_size": "Occupazione grezza",
        "cli.documents.each": "{documents}, ciascuno suddiviso a sé",
        "cli.documents.stream": "un flusso unico di {tokens}",
        "cli.documents.row_difference": "differenza",
        "cli.budget.line": (
            "budget del prompt: {top_k} × {chunk_size} = {source} di testo di origine + "
            "{reserved} riservati + {answer} per la risposta = {total} su {window}: {verdict}; ci "
            "starebbero {fit}"
        ),
        "cli.budget.fits": "rientra, con {spare} di margine",
        "cli.budget.over_by": "supera di {over}",
        "cli.cost.line": (
            "costo degli embedding a {price} per milione di token: {cost} per {tokens} elaborati"
        ),
        "cli.cost.source": "il prezzo del preset di {model}, verificato il {checked}: {addresses}",
        "cli.label.reused": "chunk riusati",
        "cli.label.to_embed": "chunk da calcolare",
        "cli.label.to_delete": "chunk da eliminare",
        "cli.label.tokens_to_embed": "token da calcolare",
        "cli.label.one_time_cost": "costo una tantum",
        "cli.label.versioned_peak": "picco versionato",
        "cli.label.in_place_peak": "picco sul posto",
        "cli.reindex.reused": "{reused} su {old} vecchi ({reason})",
        "cli.reindex.to_embed": "{embed} su {new} nuovi ({new} − {reused})",
        "cli.reindex.tokens_to_embed": (
            "{embed} ({processed} elaborati − {reused} nei chunk riusati)"
        ),
        "cli.reindex.cost": "{cost} ({tokens} × {price} per milione)",
        "cli.reindex.versioned_peak": (
            "{size} di vettori grezzi: vecchi {old} + nuovi {new}, tenuti entrambi fino al "
            "passaggio (blue/green)"
        ),
        "cli.reindex.in_place_peak": (
            "{size} di vettori grezzi: ({old} + {embed}) × {per_vector}, i nuovi vettori aggiunti "
            "prima di eliminare quelli superati"
        ),
        "cli.reindex.and_new_model": ", e un nuovo modello di embedding",
        "cli.reindex.changed_of": "{changed} su {documents}",
        "cli.reindex.head_settings": (
            "reindicizzazione: {window} → {new_window}, gli stessi {where} divisi di nuovo{model}"
        ),
        "cli.reindex.inserted": "{tokens} inseriti",
        "cli.reindex.deleted": "{tokens} eliminati",
        "cli.reindex.head_edit_stream": (
            "reindicizzazione: {change} al token {at} di {where}, a {window}{model}"
        ),
        "cli.reindex.head_edit_documents": (
            "reindicizzazione: {change} al token {at} in ciascuno di {where}, a {window}{model}"
        ),
        "cli.reindex.head_documents": (
            "reindicizzazione: {where} modificati, a {window}, ciascuno ricalcolato per "
            "intero{model}"
        ),
        "cli.reindex.head_model": (
            "reindicizzazione: un nuovo modello di embedding per {where}: i chunk a {window} "
            "restano"
        ),
        "cli.reindex.reason_new_model": "un nuovo modello ricalcola ogni chunk",
        "cli.reindex.reason_new_model_only": (
            "un nuovo modello ricalcola ogni chunk; la suddivisione resta"
        ),
        "cli.reindex.reason_documents": "i documenti invariati conservano i loro",
        "cli.reindex.reason_splitter": (
            "diviso di nuovo con {chunker}: dove un vecchio chunk del documento aveva il suo testo"
        ),
        "cli.reindex.reason_other_size": (
            "un'altra dimensione del chunk: solo l'ultimo chunk, se inizia dallo stesso token"
        ),
        "cli.reindex.reason_period": (
            "gli stessi token avevano già un embedding: chunk pieni che iniziano ogni lcm({step}, "
            "{new_step}) = {period}, e l'ultimo chunk, se inizia dallo stesso token"
        ),
        "cli.reindex.reason_edit_shift": (
            "{kept} finiscono entro il token {at}; i successivi si spostano di {delta}, che non è "
            "un multiplo del passo"
        ),
        "cli.reindex.reason_edit_shift_each": (
            "{kept} finiscono entro il token {at} in ogni documento modificato; i successivi si "
            "spostano di {delta}, che non è un multiplo del passo"
        ),
        "cli.reindex.reason_edit_aligned": (
            "{kept} finiscono entro il token {at}; i successivi tornano allineati: {delta} è un "
            "multiplo del passo"
        ),
        "cli.reindex.reason_edit_aligned_each": (
            "{kept} finiscono entro il token {at} in ogni documento modificato; i successivi "
            "tornano allineati: {delta} è un multiplo del passo"
        ),
        "cli.storage.heading": "occupazione: ogni parte dell'indice, esatta salvo indicazione",
        "cli.label.raw_vectors": "vettori grezzi",
        "cli.label.hnsw_graph": "grafo HNSW",
        "cli.label.chunk_text": "testo dei chunk",
        "cli.label.metadata": "metadati",
        "cli.label.quantized_copy": "copia quantizzata",
        "cli.label.one_replica": "una replica",
        "cli.label.total": "totale",
        "cli.label.pgvector_values": "valori pgvector",
        "cli.label.in_ram": "in RAM",
        "cli.storage.graph": (
            "{size} ({count} × 2·{m} id dei vicini × 4\u00a0byte, il livello base; stima: ogni "
            "vettore sta in circa 1/{m_less_one} dei livelli superiori con fino a {m} id, "
            "≈{upper} in più, non sommati)"
        ),
        "cli.storage.text": "{size} (⌈{tokens} elaborati × {per_token} per token⌉; stima)",
        "cli.storage.bytes_fraction": "{value}\u00a0byte",
        "cli.storage.metadata": "{size} ({count} × {bytes} per chunk)",
        "cli.storage.quantized": (
            "{size} ({count} × {bytes}, {dtype}, tenuta accanto agli originali)"
        ),
        "cli.storage.replica": "{size} (la somma delle parti qui sopra)",
        "cli.storage.total": "{size} ({replicas} × una replica; stima)",
        "cli.storage.pgvector": (
            "vector {vector}\u00a0byte (4·{dimensions} + {header}), halfvec {halfvec} "
            "(2·{dimensions} + {header}), bit {bit} (⌈{dimensions}/8⌉ + {header}) per valore; × "
            "{vectors} = {all_vector} / {all_halfvec} / {all_bit}\u00a0byte, senza il costo delle "
            "righe"
        ),
        "cli.database.heading": (
            "occupazione in {name}: ogni parte come la memorizza, esatta salvo indicazione"
        ),
        "cli.database.part": "{size} ({formula}; {where}fonte: {source})",
        "cli.database.part_estimate": "{size} ({formula}; stima; {where}fonte: {source})",
        "cli.database.total": "{size} (stima)",
        "cli.database.total_copies": "{size} ({replicas} × le parti; stima)",
        "cli.database.in_ram": (
            "{size} (le parti indicate come RAM e disco; prevedi circa il 20\u00a0% in più per "
            "entrambi)"
        ),
        "cli.label.model_limit": "limite di input",
        "cli.label.within_limit": "entro il limite",
        "cli.label.tokens_embedded": "token con embedding",
        "cli.plural.tokens_lost": {
            "zero": "quindi nessun token va perso",
            "one": "quindi {count} token non riceve mai l'embedding",
            "other": "quindi {count} token non ricevono mai l'embedding",
        },
        "cli.plural.over_limit": {
            "zero": "nessuno di {chunks} è più lungo: {lost}",
            "one": (
                "{count} su {chunks} è più lungo; la maggior parte delle API di embedding lo "
                "tronca senza avviso, {lost}"
            ),
            "other": (
                "{count} su {chunks} sono più lunghi; la maggior parte delle API di embedding li "
                "tronca senza avviso, {lost}"
            ),
        },
        "cli.limit.fits_one": "l'unico chunk rientra",
        "cli.limit.fits_every": "tutti i {chunks} chunk rientrano",
        "cli.limit.largest": (
            "dimensione del chunk al massimo {size}; a {at_size}/{overlap}: {chunks}, {tokens} "
            "elaborati"
        ),
        "cli.limit.largest_no_plan": (
            "dimensione del chunk al massimo {size}, e una sovrapposizione minore (ora {overlap})"
        ),
        "cli.limit.head_added": "{limit}, di cui {added} del modello stesso in ogni chunk",
        "cli.limit.embedded": (
            "{embedded}: {processed} elaborati + {added_total} aggiunti ({chunks} × {added})"
        ),
        "cli.limit.embedded_cut": (
            "{embedded}: {processed} elaborati + {added_total} aggiunti ({chunks} × {added}) − "
            "{cut} troncati"
        ),
        "cli.fit.reason.unnamed": (
            "nessun tokenizer del modello è indicato; indicalo con --model-tokenizer"
        ),
        "cli.fit.reason.unpublished": "il suo tokenizer non è pubblicato",
        "cli.fit.reason.not_built_in": (
            "il suo tokenizer, {tokenizer}, non è incluso; indica il suo tokenizer.json con "
            "--model-tokenizer"
        ),
        "cli.fit.reason.added_unknown": (
            "i token che aggiunge a ogni chunk non sono noti; indica --added-tokens"
        ),
        "cli.fit.reason.no_text": (
            "i chunk di {encoding} del modello a finestra non hanno testo da contare di nuovo; "
            "usa --splitter, oppure --model-tokenizer FILE se è quello del modello"
        ),
        "cli.fit.needs_count": (
            "misura i chunk dei file contati; richiede --count e --max-input-tokens (oppure "
            "--model)"
        ),
        "cli.fit.whose_given": "il tokenizer indicato come suo, {tokenizer}",
        "cli.fit.whose_own": "il suo tokenizer, {tokenizer}",
        "cli.fit.added": "più {added} aggiunti a ogni chunk",
        "cli.fit.how_same": "{whose} (quello con cui sono stati tagliati i chunk), {added}",
        "cli.fit.how_other": "{whose}, {added}; tagliati con {encoding}",
        "cli.fit.the_model": "il modello",
        "cli.fit.its_limit": "il suo limite di {limit} token",
        "cli.fit.note_unmeasured": (
            "nota: i chunk non sono misurati nei token del modello ({reason}); il limite di input "
            "qui sotto conta token di {encoding}"
        ),
        "cli.fit.warning_unmeasured": (
            "attenzione: i chunk di {model} non sono misurati nei suoi token ({reason}); il "
            "limite di input qui sotto conta token di {encoding}, non i suoi"
        ),
        "cli.fit.warning_over": (
            "attenzione: {model} vede {over} su {chunks} oltre {limit}; {tokens} troncati, mai "
            "inclusi nell'embedding"
        ),
        "cli.fit.within": "{model} vede tutti i {chunks} entro {limit}",
        "cli.fit.empty": "{model} non vede alcun chunk: i documenti sono vuoti",
        "cli.fit.measured_with": "misurato con {how}",
        "cli.fit.longest": "chunk più lungo: {tokens}, come lo vede il modello",
        "cli.fit.named_document": "{path} ({chunks} oltre, {tokens} troncati)",
        "cli.fit.most_cut": "più troncati: {documents}",
        "cli.counted.line": "contato con {encoding}: {files}, {tokens}",
        "cli.counted.per_token": "{bytes}\u00a0byte e {characters} caratteri per token",
        "cli.counted.splitter": (
            "diviso con {chunker}: {chunks}, {tokens} elaborati: ogni cifra qui sotto è dei suoi "
            "chunk (il modello a finestra darebbe {window_chunks}, {window_tokens} elaborati)"
        ),
        "cli.settings.model": "Modello di embedding",
        "cli.settings.custom": "personalizzato",
        "cli.settings.tokenizer": "Tokenizer",
        "cli.settings.splitter": "Splitter",
        "cli.settings.window_model": "modello a finestra",
        "cli.settings.database": "Database",
        "cli.settings.generic": "generico",
        "cli.settings.vectors_label": "Vettori",
        "cli.settings.vectors": "{dimensions} dimensioni, {dtype}",
        "cli.settings.made_with": "Creato con",
        "cli.settings.source": "{field}: {addresses} (verificato il {checked})",
        "cli.evaluation.wordllama": "{retriever} (WordLlama, {dimensions} dimensioni)",
        "cli.evaluation.head_1": "recupero sul tuo campione: {questions} domande da {path},",
        "cli.evaluation.head_2": (
            "{retriever}, i primi {top_k} chunk per ciascuna: misurato su questo campione con"
        ),
        "cli.evaluation.head_3": (
            "questo metodo di recupero, non una promessa sul tuo modello in produzione"
        ),
        "cli.evaluation.legend_1": (
            "interi: estratti interi dentro un chunk, qualunque cosa venga recuperata"
        ),
        "cli.evaluation.legend_2": (
            "hit@k: domande i cui estratti sono tutti interi in un chunk recuperato"
        ),
        "cli.evaluation.legend_3": (
            "richiamo, precisione, IoU: quelli di Chroma, dei caratteri recuperati rispetto a "
            "quelli degli estratti"
        ),
        "cli.evaluation.legend_4": (
            "MRR: la media di 1 / la posizione del primo chunk che contiene un estratto intero"
        ),
        "cli.evaluation.legend_5": (
            "contesto: i token che i primi k chunk mettono nel prompt (media)"
        ),
        "cli.evaluation.col_setting": "impostazione",
        "cli.evaluation.col_chunks": "chunk",
        "cli.evaluation.col_excerpt_survival": "interi",
        "cli.evaluation.col_hit_at_k": "hit@k",
        "cli.evaluation.col_recall": "richiamo",
        "cli.evaluation.col_precision": "precisione",
        "cli.evaluation.col_iou": "IoU",
        "cli.evaluation.col_mrr": "MRR",
        "cli.evaluation.col_context_tokens": "contesto",
        "cli.evaluation.plan_row": "{setting} (piano)",
        "cli.evaluation.refused": "rifiutato ({reason})",
        "cli.refusal.tokens_beside": (
            "i documenti contengono {tokens} in tutto: ometti --tokens oppure indica quel totale"
        ),
        "cli.preset.line": "modello {model} (il suo preset, verificato il {checked}): {parts}",
        "cli.preset.dimensions": "dimensioni {dimensions}",
        "cli.preset.limit": "limite di input {tokens}",
        "cli.preset.added": "{added} aggiunti a ogni chunk",
        "cli.preset.special": "{tokens} e il prefisso {prefix}",
        "cli.preset.prefix": "il prefisso {prefix}",
        "cli.preset.added_unknown": "i token che aggiunge a ogni chunk non sono noti",
        "cli.preset.price": "prezzo {price} {currency} per milione",
        "cli.preset.kept": "mantenuti come indicati: {values}",
        "cli.preset.counted_exact": "contato con {encoding}, il suo tokenizer",
        "cli.preset.counted_same_rules": (
            "contato con {encoding}: regole e dimensione del vocabolario del suo tokenizer, "
            "nessun checksum pubblicato del vocabolario"
        ),
        "cli.preset.counted_other": (
            "contato con {encoding}, che non è il suo tokenizer ({tokenizer}): non sono i suoi "
            "conteggi esatti"
        ),
        "cli.preset.counted_unknown": (
            "contato con {encoding}: il suo tokenizer non è pubblicato, non sono i suoi conteggi "
            "esatti"
        ),
        "cli.refusal.no_tokenizer": (
            "questa copia del pacchetto non ha un tokenizer (il wheel della pagina): {install}"
        ),
        "cli.refusal.ranks": "{failure}; {command} li scarica",
        "cli.refusal.no_text_file": "non è stato possibile contare nessun file di testo",
        "cli.refusal.evaluates_up_to": "{documents}: valuta al massimo {most}",
        "cli.refusal.not_counted": "non contato: {error}",
        "cli.refusal.no_document": "non è stato possibile contare nessun documento",
        "cli.refusal.part_dataset": "{path} (byte da {start} a {stop})",
        "cli.refusal.part_files": "{first} e i {more} file successivi",
        "cli.refusal.not_split": "non diviso: {error}",
        "cli.refusal.changed": "i documenti sono cambiati mentre venivano contati",
        "cli.refusal.evaluate_window": (
            "i chunk del modello a finestra richiedono i token di una codifica OpenAI; scegli "
            "--splitter recursive, markdown o sentence"
        ),
        "cli.refusal.set_suffix": (
            "{path}: indica un file JSONL o CSV con la sua estensione ({formats})"
        ),
        "cli.refusal.cannot_read": "impossibile leggere {path}: {reason}",
        "cli.refusal.not_utf8": "{path} non è testo UTF-8 (byte {byte})",
        "cli.progress.splitting": "divisione a {windows} finestre",
        "cli.progress.evaluating": "valutazione del recupero: {done}/{total} impostazioni",
        "cli.note.fit_up_to": (
            "{documents}: i chunk di ciascuno sono misurati rispetto al limite di input del "
            "modello fino a {most}; non questa volta"
        ),
    },
    "pl": {
        "field.chunk_size.label": "Rozmiar fragmentu",
        "field.overlap.label": "Nakładka",
        "field.documents.label": "Liczba dokumentów",
        "plural.bytes": {
            "zero": "{count}\u00a0bajtów",
            "one": "{count}\u00a0bajt",
            "few": "{count}\u00a0bajty",
            "many": "{count}\u00a0bajtów",
            "other": "{count}\u00a0bajta",
        },
        "compare.col_chunks": "Fragmenty",
        "compare.col_tokens_processed": "Przetworzone tokeny",
        "compare.col_over_n": "Więcej niż N",
        "compare.col_repeated": "Powtórzone tokeny",
        "compare.col_padded": "Tokeny z dopełnieniem",
        "compare.col_raw_size": "Surowy rozmiar",
        "compare.current": "bieżące ustawienie",
        "tradeoff.heading": "Kompromis: rozmiar fragmentu i nakładka",
        "tradeoff.breakdown_heading": "Rozmiar indeksu według części",
        "tradeoff.over_limit": "obcięte przez limit modelu",
        "tradeoff.part.replicas": "Pozostałe repliki",
        "export.plan": "Plan",
        "export.settings": "Ustawienia",
        "export.overlap_share": "Odsetek nakładki",
        "export.quantized_copy": "Kopia skwantyzowana",
        "count.col_tokens": "Tokeny",
        "count.splitter_label": "Mechanizm podziału",
        "cost.heading": "Koszt osadzania",
        "storage.heading": "Rozmiar indeksu",
        "storage.raw": "Surowe wektory",
        "storage.graph": "Graf HNSW, warstwa bazowa",
        "storage.text": "Tekst fragmentów",
        "storage.metadata": "Metadane",
        "storage.total": "Razem",
        "evaluate.measure.excerpt_survival": "W całości",
        "evaluate.measure.hit_at_k": "Hit@k",
        "evaluate.measure.recall": "Kompletność",
        "evaluate.measure.precision": "Precyzja",
        "evaluate.measure.iou": "IoU",
        "evaluate.measure.mrr": "MRR",
        "evaluate.measure.context_tokens": "Tokeny kontekstu",
        "cli.number.four_digits": "1234",
        "cli.number.five_digits": "12\u00a0345,6",
        "cli.percent": "{value}%",
        "cli.plural.tokens": {
            "zero": "{count} tokenów",
            "one": "{count} token",
            "few": "{count} tokeny",
            "many": "{count} tokenów",
            "other": "{count} tokena",
        },
        "cli.plural.chunks": {
            "zero": "{count} fragmentów",
            "one": "{count} fragment",
            "few": "{count} fragmenty",
            "many": "{count} fragmentów",
            "other": "{count} fragmentu",
        },
        "cli.plural.documents": {
            "zero": "{count} dokumentów",
            "one": "{count} dokument",
            "few": "{count} dokumenty",
            "many": "{count} dokumentów",
            "other": "{count} dokumentu",
        },
        "cli.plural.of_chunks": {
            "zero": "{count} fragmentów",
            "one": "{count} fragmentu",
            "few": "{count} fragmentów",
            "many": "{count} fragmentów",
            "other": "{count} fragmentu",
        },
        "cli.plural.of_documents": {
            "zero": "{count} dokumentów",
            "one": "{count} dokumentu",
            "few": "{count} dokumentów",
            "many": "{count} dokumentów",
            "other": "{count} dokumentu",
        },
        "cli.plural.files": {
            "zero": "{count} plików",
            "one": "{count} plik",
            "few": "{count} pliki",
            "many": "{count} plików",
            "other": "{count} pliku",
        },
        "cli.plural.bytes": {
            "zero": "{count}\u00a0bajtów",
            "one": "{count}\u00a0bajt",
            "few": "{count}\u00a0bajty",
            "many": "{count}\u00a0bajtów",
            "other": "{count}\u00a0bajta",
        },
        "cli.plural.bits": {
            "zero": "{count}\u00a0bitów",
            "one": "{count}\u00a0bit",
            "few": "{count}\u00a0bity",
            "many": "{count}\u00a0bitów",
            "other": "{count}\u00a0bita",
        },
        "cli.plural.dimensions": {
            "zero": "{count} wymiarów",
            "one": "{count} wymiar",
            "few": "{count} wymiary",
            "many": "{count} wymiarów",
            "other": "{count} wymiaru",
        },
        "cli.label.chunks": "fragmenty",
        "cli.label.tokens_processed": "przetworzone tokeny",
        "cli.label.padded": "górna granica",
        "cli.label.raw_vector_size": "surowy rozmiar",
        "cli.summary.head": (
            "{corpus}, rozmiar fragmentu {chunk_size}, nakładka {overlap}, {window}"
        ),
        "cli.summary.step": "krok {step}",
        "cli.summary.split_with": "podział: {chunker}",
        "cli.summary.corpus_equal": "{documents} po {tokens} ({all})",
        "cli.summary.corpus_listed": "{documents}, razem {tokens}",
        "cli.summary.empty_document": "pusty dokument nie daje fragmentów",
        "cli.summary.empty_documents": "puste dokumenty nie dają fragmentów",
        "cli.summary.lengths": (
            "długości {least}–{most}: mediana {median}, 95. percentyl {percentile}, najczęściej "
            "{length} ({count} ×); wszystkie w --json"
        ),
        "cli.summary.repeated_document": "powtórzone: {repeated}, czyli {share} dokumentu",
        "cli.summary.repeated_corpus": "powtórzone: {repeated}, czyli {share} korpusu",
        "cli.summary.own_tokens_more_document": (
            "suma tokenów poszczególnych fragmentów: o {tokens} więcej niż w dokumencie"
        ),
        "cli.summary.own_tokens_fewer_document": (
            "suma tokenów poszczególnych fragmentów: o {tokens} mniej niż w dokumencie"
        ),
        "cli.summary.own_tokens_more_corpus": (
            "suma tokenów poszczególnych fragmentów: o {tokens} więcej niż w korpusie"
        ),
        "cli.summary.own_tokens_fewer_corpus": (
            "suma tokenów poszczególnych fragmentów: o {tokens} mniej niż w korpusie"
        ),
        "cli.summary.last_full_one": "tyle samo co dokładna wartość: ostatni fragment jest pełny",
        "cli.summary.last_full_each": "tyle samo co dokładna wartość: ostatnie fragmenty są pełne",
        "cli.summary.last_short_one": "do pełnego rozmiaru ostatniego fragmentu brakuje: {tokens}",
        "cli.summary.last_short_each": (
            "do pełnego rozmiaru ostatnich fragmentów brakuje łącznie: {tokens}"
        ),
        "cli.documents.per_document": (
            "każdy dokument osobno ({documents}): {chunks}, przetworzone: {tokens}"
        ),
        "cli.documents.one_stream": (
            "te same {tokens} jako jeden strumień: {chunks}, przetworzone: {processed}"
        ),
        "cli.documents.difference": "różnica: {chunks}, przetworzone: {tokens}",
        "cli.documents.col_corpus": "Korpus",
        "cli.documents.col_chunks": "Fragmenty",
        "cli.documents.col_tokens_processed": "Przetworzone tokeny",
        "cli.documents.col_raw_size": "Surowy rozmiar",
        "cli.documents.each": "{documents}, każdy dzielony osobno",
        "cli.documents.stream": "jeden strumień: {tokens}",
        "cli.documents.row_difference": "różnica",
        "cli.budget.line": (
            "budżet promptu: {top_k} × {chunk_size} = {source} tekstu źródłowego + {reserved} "
            "zarezerwowanych + {answer} na odpowiedź = {total} z {window}: {verdict}; zmieściłoby "
            "się: {fit}"
        ),
        "cli.budget.fits": "mieści się, zapas: {spare}",
        "cli.budget.over_by": "nadmiar: {over}",
        "cli.cost.line": (
            "koszt osadzania przy {price} za milion tokenów: {cost} za przetworzone {tokens}"
        ),
        "cli.cost.source": "cena z ustawień modelu {model}, sprawdzona {checked}: {addresses}",
        "cli.label.reused": "ponownie użyte",
        "cli.label.to_embed": "do osadzenia",
        "cli.label.to_delete": "do usunięcia",
        "cli.label.tokens_to_embed": "tokeny do osadzenia",
        "cli.label.one_time_cost": "koszt jednorazowy",
        "cli.label.versioned_peak": "szczyt z wersjami",
        "cli.label.in_place_peak": "szczyt w miejscu",
        "cli.reindex.reused": "{reused} z {old} starych fragmentów ({reason})",
        "cli.reindex.to_embed": "{embed} z {new} nowych fragmentów ({new} − {reused})",
        "cli.reindex.tokens_to_embed": (
            "{embed} (przetworzone: {processed} − {reused} we fragmentach użytych ponownie)"
        ),
        "cli.reindex.cost": "{cost} ({tokens} × {price} za milion)",
        "cli.reindex.versioned_peak": (
            "{size} surowych wektorów: stare {old} + nowe {new}, oba zestawy aż do przełączenia "
            "(blue/green)"
        ),
        "cli.reindex.in_place_peak": (
            "{size} surowych wektorów: ({old} + {embed}) × {per_vector}, nowe wektory dochodzą "
            "przed usunięciem nieaktualnych"
        ),
        "cli.reindex.and_new_model": ", i nowy model osadzeń",
        "cli.reindex.changed_of": "{changed} z {documents}",
        "cli.reindex.head_settings": (
            "ponowne indeksowanie: {window} → {new_window}, te same dane ({where}) podzielone od "
            "nowa{model}"
        ),
        "cli.reindex.inserted": "wstawiono {tokens}",
        "cli.reindex.deleted": "usunięto {tokens}",
        "cli.reindex.head_edit_stream": (
            "ponowne indeksowanie: {change} przy tokenie {at}, całość: {where}, przy "
            "{window}{model}"
        ),
        "cli.reindex.head_edit_documents": (
            "ponowne indeksowanie: {change} przy tokenie {at} w każdym dokumencie ({where}), przy "
            "{window}{model}"
        ),
        "cli.reindex.head_documents": (
            "ponowne indeksowanie: zmienione: {where}, przy {window}, każdy osadzany od nowa w "
            "całości{model}"
        ),
        "cli.reindex.head_model": (
            "ponowne indeksowanie: nowy model osadzeń ({where}): fragmenty przy {window} zostają"
        ),
        "cli.reindex.reason_new_model": "nowy model osadza każdy fragment od nowa",
        "cli.reindex.reason_new_model_only": (
            "nowy model osadza każdy fragment od nowa; podział zostaje"
        ),
        "cli.reindex.reason_documents": "niezmienione dokumenty zachowują swoje",
        "cli.reindex.reason_splitter": (
            "podzielone od nowa przez {chunker}: tam, gdzie stary fragment dokumentu miał swój "
            "tekst"
        ),
        "cli.reindex.reason_other_size": (
            "inny rozmiar fragmentu: tylko ostatni fragment, jeśli zaczyna się od tego samego "
            "tokenu"
        ),
        "cli.reindex.reason_period": (
            "te same tokeny były już osadzone: pełne fragmenty zaczynające się co lcm({step}, "
            "{new_step}) = {period} i ostatni fragment, jeśli zaczyna się od tego samego tokenu"
        ),
        "cli.reindex.reason_edit_shift": (
            "{kept} kończy się najpóźniej na tokenie {at}; późniejsze przesuwają się o {delta}, "
            "co nie jest wielokrotnością kroku"
        ),
        "cli.reindex.reason_edit_shift_each": (
            "{kept} kończy się najpóźniej na tokenie {at} w każdym zmienionym dokumencie; "
            "późniejsze przesuwają się o {delta}, co nie jest wielokrotnością kroku"
        ),
        "cli.reindex.reason_edit_aligned": (
            "{kept} kończy się najpóźniej na tokenie {at}; późniejsze znów się wyrównują: {delta} "
            "jest wielokrotnością kroku"
        ),
        "cli.reindex.reason_edit_aligned_each": (
            "{kept} kończy się najpóźniej na tokenie {at} w każdym zmienionym dokumencie; "
            "późniejsze znów się wyrównują: {delta} jest wielokrotnością kroku"
        ),
        "cli.storage.heading": (
            "rozmiar: każda część indeksu, dokładnie, chyba że zaznaczono inaczej"
        ),
        "cli.label.raw_vectors": "surowe wektory",
        "cli.label.hnsw_graph": "graf HNSW",
        "cli.label.chunk_text": "tekst fragmentów",
        "cli.label.metadata": "metadane",
        "cli.label.quantized_copy": "kopia skwantyzowana",
        "cli.label.one_replica": "jedna replika",
        "cli.label.total": "razem",
        "cli.label.pgvector_values": "wartości pgvector",
        "cli.label.in_ram": "w RAM",
        "cli.storage.graph": (
            "{size} ({count} × 2·{m} identyfikatorów sąsiadów × 4\u00a0bajty, warstwa bazowa; "
            "szacunek: każdy wektor jest na około 1/{m_less_one} wyższych warstw z najwyżej {m} "
            "identyfikatorami, ≈{upper} więcej, niewliczone)"
        ),
        "cli.storage.text": "{size} (⌈przetworzone {tokens} × {per_token} na token⌉; szacunek)",
        "cli.storage.bytes_fraction": "{value}\u00a0bajta",
        "cli.storage.metadata": "{size} ({count} × {bytes} na fragment)",
        "cli.storage.quantized": (
            "{size} ({count} × {bytes}, {dtype}, przechowywana obok oryginałów)"
        ),
        "cli.storage.replica": "{size} (suma powyższych)",
        "cli.storage.total": "{size} ({replicas} × jedna replika; szacunek)",
        "cli.storage.pgvector": (
            "vector {vector}\u00a0bajtów (4·{dimensions} + {header}), halfvec {halfvec} "
            "(2·{dimensions} + {header}), bit {bit} (⌈{dimensions}/8⌉ + {header}) na wartość; × "
            "{vectors} = {all_vector} / {all_halfvec} / {all_bit}\u00a0bajtów, bez narzutu wierszy"
        ),
        "cli.database.heading": (
            "rozmiar w {name}: każda część tak, jak ją przechowuje, dokładnie, chyba że "
            "zaznaczono inaczej"
        ),
        "cli.database.part": "{size} ({formula}; {where}źródło: {source})",
        "cli.database.part_estimate": "{size} ({formula}; szacunek; {where}źródło: {source})",
        "cli.database.total": "{size} (szacunek)",
        "cli.database.total_copies": "{size} ({replicas} × części; szacunek)",
        "cli.database.in_ram": (
            "{size} (części oznaczone jako RAM i dysk; zaplanuj na oba około 20\u00a0% więcej)"
        ),
        "cli.label.model_limit": "limit wejścia",
        "cli.label.within_limit": "w limicie",
        "cli.label.tokens_embedded": "osadzone tokeny",
        "cli.plural.tokens_lost": {
            "zero": "więc żaden token nie przepada",
            "one": "więc {count} token nigdy nie zostaje osadzony",
            "few": "więc {count} tokeny nigdy nie zostają osadzone",
            "many": "więc {count} tokenów nigdy nie zostaje osadzonych",
            "other": "więc {count} tokena nigdy nie zostaje osadzone",
        },
        "cli.plural.over_limit": {
            "zero": "żaden z {chunks} nie jest dłuższy: {lost}",
            "one": (
                "{count} z {chunks} jest dłuższy; większość API osadzeń obcina go bez "
                "ostrzeżenia, {lost}"
            ),
            "few": (
                "{count} z {chunks} są dłuższe; większość API osadzeń obcina je bez ostrzeżenia, "
                "{lost}"
            ),
            "many": (
                "{count} z {chunks} jest dłuższych; większość API osadzeń obcina je bez "
                "ostrzeżenia, {lost}"
            ),
            "other": (
                "{count} z {chunks} jest dłuższe; większość API osadzeń obcina je bez "
                "ostrzeżenia, {lost}"
            ),
        },
        "cli.limit.fits_one": "jedyny fragment się mieści",
        "cli.limit.fits_every": "każdy z {chunks} fragmentów się mieści",
        "cli.limit.largest": (
            "rozmiar fragmentu najwyżej {size}; przy {at_size}/{overlap}: {chunks}, przetworzone: "
            "{tokens}"
        ),
        "cli.limit.largest_no_plan": (
            "rozmiar fragmentu najwyżej {size} i mniejsza od niego nakładka (teraz {overlap})"
        ),
        "cli.limit.head_added": "{limit} (w tym własne tokeny modelu w każdym fragmencie: {added})",
        "cli.limit.embedded": (
            "{embedded}: przetworzone {processed} + dodane {added_total} ({chunks} × {added})"
        ),
        "cli.limit.embedded_cut": (
            "{embedded}: przetworzone {processed} + dodane {added_total} ({chunks} × {added}) − "
            "obcięte {cut}"
        ),
        "cli.fit.reason.unnamed": (
            "nie wskazano tokenizera modelu; wskaż go przez --model-tokenizer"
        ),
        "cli.fit.reason.unpublished": "jego tokenizer nie jest opublikowany",
        "cli.fit.reason.not_built_in": (
            "jego tokenizer, {tokenizer}, nie jest wbudowany; podaj jego tokenizer.json przez "
            "--model-tokenizer"
        ),
        "cli.fit.reason.added_unknown": (
            "nie wiadomo, ile tokenów dodaje do każdego fragmentu; podaj --added-tokens"
        ),
        "cli.fit.reason.no_text": (
            "fragmenty modelu stałych okien z {encoding} nie mają tekstu do ponownego policzenia; "
            "użyj --splitter albo --model-tokenizer FILE, jeśli to tokenizer samego modelu"
        ),
        "cli.fit.needs_count": (
            "mierzy fragmenty policzonych plików; wymaga --count i --max-input-tokens (albo "
            "--model)"
        ),
        "cli.fit.whose_given": "tokenizerem wskazanym jako jego własny, {tokenizer}",
        "cli.fit.whose_own": "jego własnym tokenizerem, {tokenizer}",
        "cli.fit.added": "plus {added} dodane do każdego fragmentu",
        "cli.fit.how_same": "{whose} (tym samym, którym pocięto fragmenty), {added}",
        "cli.fit.how_other": "{whose}, {added}; pocięte przez {encoding}",
        "cli.fit.the_model": "model",
        "cli.fit.its_limit": "jego limit {limit} tokenów",
        "cli.fit.note_unmeasured": (
            "uwaga: fragmenty nie są mierzone w tokenach modelu ({reason}); limit wejścia poniżej "
            "liczy tokeny {encoding}"
        ),
        "cli.fit.warning_unmeasured": (
            "ostrzeżenie: fragmenty dla {model} nie są mierzone w jego własnych tokenach "
            "({reason}); limit wejścia poniżej liczy tokeny {encoding}, nie jego"
        ),
        "cli.fit.warning_over": (
            "ostrzeżenie: {model} widzi {over} z {chunks} ponad {limit}; obcięte {tokens}, nigdy "
            "nieosadzone"
        ),
        "cli.fit.within": "{model} widzi wszystkie {chunks} w granicach, jakie wyznacza {limit}",
        "cli.fit.empty": "{model} nie widzi żadnych fragmentów: dokumenty są puste",
        "cli.fit.measured_with": "zmierzone {how}",
        "cli.fit.longest": "najdłuższy fragment: {tokens} w oczach modelu",
        "cli.fit.named_document": "{path} (ponad limit: {chunks}, obcięte: {tokens})",
        "cli.fit.most_cut": "najwięcej obcięto: {documents}",
        "cli.counted.line": "policzone przez {encoding}: {files}, {tokens}",
        "cli.counted.per_token": "{bytes}\u00a0bajta i {characters} znaku na token",
        "cli.counted.splitter": (
            "podział: {chunker}: {chunks}, przetworzone: {tokens}; wszystkie liczby poniżej "
            "dotyczą jego fragmentów (model stałych okien dałby {window_chunks}, przetworzone: "
            "{window_tokens})"
        ),
        "cli.settings.model": "Model osadzeń",
        "cli.settings.custom": "własny",
        "cli.settings.tokenizer": "Tokenizer",
        "cli.settings.splitter": "Mechanizm podziału",
        "cli.settings.window_model": "model stałych okien",
        "cli.settings.database": "Baza danych",
        "cli.settings.generic": "ogólna",
        "cli.settings.vectors_label": "Wektory",
        "cli.settings.vectors": "wymiary: {dimensions}, {dtype}",
        "cli.settings.made_with": "Utworzono w",
        "cli.settings.source": "{field}: {addresses} (sprawdzono {checked})",
        "cli.evaluation.wordllama": "{retriever} (WordLlama, wymiary: {dimensions})",
        "cli.evaluation.head_1": "wyszukiwanie na Twojej próbce: pytania z {path}: {questions},",
        "cli.evaluation.head_2": (
            "{retriever}, pierwsze {top_k} fragmentów dla każdego: zmierzone na tej próbce tą"
        ),
        "cli.evaluation.head_3": (
            "metodą wyszukiwania, a nie obietnica co do Twojego modelu w produkcji"
        ),
        "cli.evaluation.legend_1": (
            "w całości: fragmenty źródłowe w całości w jakimś fragmencie, niezależnie od wyszukania"
        ),
        "cli.evaluation.legend_2": (
            "hit@k: pytania, których każdy fragment źródłowy jest w całości w pobranym fragmencie"
        ),
        "cli.evaluation.legend_3": (
            "kompletność, precyzja, IoU: jak w Chroma, pobranych znaków względem znaków "
            "fragmentów źródłowych"
        ),
        "cli.evaluation.legend_4": (
            "MRR: średnia z 1 / pozycja pierwszego fragmentu zawierającego cały fragment źródłowy"
        ),
        "cli.evaluation.legend_5": (
            "kontekst: tokeny, które pierwsze k fragmentów wnosi do promptu (średnio)"
        ),
        "cli.evaluation.col_setting": "ustawienie",
        "cli.evaluation.col_chunks": "fragmenty",
        "cli.evaluation.col_excerpt_survival": "w całości",
        "cli.evaluation.col_hit_at_k": "hit@k",
        "cli.evaluation.col_recall": "kompletność",
        "cli.evaluation.col_precision": "precyzja",
        "cli.evaluation.col_iou": "IoU",
        "cli.evaluation.col_mrr": "MRR",
        "cli.evaluation.col_context_tokens": "kontekst",
        "cli.evaluation.plan_row": "{setting} (plan)",
        "cli.evaluation.refused": "odrzucono ({reason})",
        "cli.refusal.tokens_beside": (
            "dokumenty mają łącznie {tokens}: pomiń --tokens albo podaj tę liczbę"
        ),
        "cli.preset.line": "model {model} (jego ustawienia, sprawdzone {checked}): {parts}",
        "cli.preset.dimensions": "wymiary {dimensions}",
        "cli.preset.limit": "limit wejścia {tokens}",
        "cli.preset.added": "dodane do każdego fragmentu: {added}",
        "cli.preset.special": "{tokens} i prefiks {prefix}",
        "cli.preset.prefix": "prefiks {prefix}",
        "cli.preset.added_unknown": "nie wiadomo, ile tokenów dodaje do każdego fragmentu",
        "cli.preset.price": "cena {price} {currency} za milion",
        "cli.preset.kept": "zachowane jak podano: {values}",
        "cli.preset.counted_exact": "policzone przez {encoding}, jego własny tokenizer",
        "cli.preset.counted_same_rules": (
            "policzone przez {encoding}: reguły i rozmiar słownika jego tokenizera, bez "
            "opublikowanej sumy kontrolnej słownika"
        ),
        "cli.preset.counted_other": (
            "policzone przez {encoding}, nie jego tokenizer ({tokenizer}): nie są to jego "
            "dokładne liczby"
        ),
        "cli.preset.counted_unknown": (
            "policzone przez {encoding}: jego tokenizer nie jest opublikowany, nie są to jego "
            "dokładne liczby"
        ),
        "cli.refusal.no_tokenizer": (
            "ta kopia pakietu nie ma tokenizera (pakiet wheel strony): {install}"
        ),
        "cli.refusal.ranks": "{failure}; pobiera je {command}",
        "cli.refusal.no_text_file": "nie udało się policzyć żadnego pliku tekstowego",
        "cli.refusal.evaluates_up_to": "{documents}: ocenia najwyżej {most}",
        "cli.refusal.not_counted": "niepoliczone: {error}",
        "cli.refusal.no_document": "nie udało się policzyć żadnego dokumentu",
        "cli.refusal.part_dataset": "{path} (bajty od {start} do {stop})",
        "cli.refusal.part_files": "{first} i kolejne pliki: {more}",
        "cli.refusal.not_split": "niepodzielone: {error}",
        "cli.refusal.changed": "dokumenty zmieniły się w trakcie liczenia",
        "cli.refusal.evaluate_window": (
            "fragmenty modelu stałych okien wymagają tokenów kodowania OpenAI; wybierz --splitter "
            "recursive, markdown albo sentence"
        ),
        "cli.refusal.set_suffix": "{path}: wskaż plik JSONL lub CSV po rozszerzeniu ({formats})",
        "cli.refusal.cannot_read": "nie można odczytać {path}: {reason}",
        "cli.refusal.not_utf8": "{path} nie jest tekstem UTF-8 (bajt {byte})",
        "cli.progress.splitting": "dzielenie przy oknach: {windows}",
        "cli.progress.evaluating": "ocena wyszukiwania: {done}/{total} ustawień",
        "cli.note.fit_up_to": (
            "{documents}: fragmenty każdego z nich są mierzone względem limitu wejścia modelu do "
            "{most}; tym razem nie"
        ),
    },
}
