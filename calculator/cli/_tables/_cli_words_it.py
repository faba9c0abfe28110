"""The command line's words, it (Italiano); generated, do not edit.

Written by tools/make_cli_words.py from locales/*.json.
"""

WORDS: dict[str, str | dict[str, str]] = {
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
        "lunghezze {least}–{most}: mediana {median}, 95° percentile {percentile}, più frequente "
        "{length} ({count} ×); tutte in --json"
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
    "cli.documents.per_document": "{documents} suddivisi uno per uno: {chunks}, {tokens} elaborati",
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
        "budget del prompt: {top_k} × {chunk_size} = {source} di testo di origine + {reserved} "
        "riservati + {answer} per la risposta = {total} su {window}: {verdict}; ci starebbero "
        "{fit}"
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
    "cli.reindex.tokens_to_embed": "{embed} ({processed} elaborati − {reused} nei chunk riusati)",
    "cli.reindex.cost": "{cost} ({tokens} × {price} per milione)",
    "cli.reindex.versioned_peak": (
        "{size} di vettori grezzi: vecchi {old} + nuovi {new}, tenuti entrambi fino al passaggio "
        "(blue/green)"
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
        "reindicizzazione: {where} modificati, a {window}, ciascuno ricalcolato per intero{model}"
    ),
    "cli.reindex.head_model": (
        "reindicizzazione: un nuovo modello di embedding per {where}: i chunk a {window} restano"
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
        "{kept} finiscono entro il token {at}; i successivi si spostano di {delta}, che non è un "
        "multiplo del passo"
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
        "{kept} finiscono entro il token {at} in ogni documento modificato; i successivi tornano "
        "allineati: {delta} è un multiplo del passo"
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
        "vettore sta in circa 1/{m_less_one} dei livelli superiori con fino a {m} id, ≈{upper} in "
        "più, non sommati)"
    ),
    "cli.storage.text": "{size} (⌈{tokens} elaborati × {per_token} per token⌉; stima)",
    "cli.storage.bytes_fraction": "{value}\u00a0byte",
    "cli.storage.metadata": "{size} ({count} × {bytes} per chunk)",
    "cli.storage.quantized": "{size} ({count} × {bytes}, {dtype}, tenuta accanto agli originali)",
    "cli.storage.replica": "{size} (la somma delle parti qui sopra)",
    "cli.storage.total": "{size} ({replicas} × una replica; stima)",
    "cli.storage.pgvector": (
        "vector {vector}\u00a0byte (4·{dimensions} + {header}), halfvec {halfvec} (2·{dimensions} "
        "+ {header}), bit {bit} (⌈{dimensions}/8⌉ + {header}) per valore; × {vectors} = "
        "{all_vector} / {all_halfvec} / {all_bit}\u00a0byte, senza il costo delle righe"
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
            "{count} su {chunks} è più lungo; la maggior parte delle API di embedding lo tronca "
            "senza avviso, {lost}"
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
        "{embedded}: {processed} elaborati + {added_total} aggiunti ({chunks} × {added}) − {cut} "
        "troncati"
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
        "i chunk di {encoding} del modello a finestra non hanno testo da contare di nuovo; usa "
        "--splitter, oppure --model-tokenizer FILE se è quello del modello"
    ),
    "cli.fit.needs_count": (
        "misura i chunk dei file contati; richiede --count e --max-input-tokens (oppure --model)"
    ),
    "cli.fit.whose_given": "il tokenizer indicato come suo, {tokenizer}",
    "cli.fit.whose_own": "il suo tokenizer, {tokenizer}",
    "cli.fit.added": "più {added} aggiunti a ogni chunk",
    "cli.fit.how_same": "{whose} (quello con cui sono stati tagliati i chunk), {added}",
    "cli.fit.how_other": "{whose}, {added}; tagliati con {encoding}",
    "cli.fit.the_model": "il modello",
    "cli.fit.its_limit": "il suo limite di {limit} token",
    "cli.fit.note_unmeasured": (
        "nota: i chunk non sono misurati nei token del modello ({reason}); il limite di input qui "
        "sotto conta token di {encoding}"
    ),
    "cli.fit.warning_unmeasured": (
        "attenzione: i chunk di {model} non sono misurati nei suoi token ({reason}); il limite di "
        "input qui sotto conta token di {encoding}, non i suoi"
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
        "richiamo, precisione, IoU: quelli di Chroma, dei caratteri recuperati rispetto a quelli "
        "degli estratti"
    ),
    "cli.evaluation.legend_4": (
        "MRR: la media di 1 / la posizione del primo chunk che contiene un estratto intero"
    ),
    "cli.evaluation.legend_5": "contesto: i token che i primi k chunk mettono nel prompt (media)",
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
        "contato con {encoding}: regole e dimensione del vocabolario del suo tokenizer, nessuna "
        "somma di controllo pubblicata del vocabolario"
    ),
    "cli.preset.counted_other": (
        "contato con {encoding}, che non è il suo tokenizer ({tokenizer}): non sono i suoi "
        "conteggi esatti"
    ),
    "cli.preset.counted_unknown": (
        "contato con {encoding}: il suo tokenizer non è pubblicato, non sono i suoi conteggi esatti"
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
        "{documents}: i chunk di ciascuno sono misurati rispetto al limite di input del modello "
        "fino a {most}; non questa volta"
    ),
}
