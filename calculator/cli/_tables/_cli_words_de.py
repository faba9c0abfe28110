"""The command line's words, de (Deutsch); generated, do not edit.

Written by tools/make_cli_words.py from locales/*.json.
"""

WORDS: dict[str, str | dict[str, str]] = {
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
        "die Tokens der einzelnen Abschnitte zusammengezählt: {tokens} mehr als die des Dokuments"
    ),
    "cli.summary.own_tokens_fewer_document": (
        "die Tokens der einzelnen Abschnitte zusammengezählt: {tokens} weniger als die des "
        "Dokuments"
    ),
    "cli.summary.own_tokens_more_corpus": (
        "die Tokens der einzelnen Abschnitte zusammengezählt: {tokens} mehr als die des Korpus"
    ),
    "cli.summary.own_tokens_fewer_corpus": (
        "die Tokens der einzelnen Abschnitte zusammengezählt: {tokens} weniger als die des Korpus"
    ),
    "cli.summary.last_full_one": "gleich dem genauen Wert: Der letzte Abschnitt ist voll",
    "cli.summary.last_full_each": "gleich dem genauen Wert: Die letzten Abschnitte sind voll",
    "cli.summary.last_short_one": "dem letzten Abschnitt fehlen {tokens} bis zur vollen Größe",
    "cli.summary.last_short_each": "den letzten Abschnitten fehlen {tokens} bis zur vollen Größe",
    "cli.documents.per_document": "{documents} einzeln aufgeteilt: {chunks}, {tokens} verarbeitet",
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
        "reserviert + {answer} für die Antwort = {total} von {window}: {verdict}; {fit} würden "
        "passen"
    ),
    "cli.budget.fits": "passt, mit {spare} Reserve",
    "cli.budget.over_by": "{over} zu viel",
    "cli.cost.line": (
        "Embedding-Kosten bei {price} je Million Tokens: {cost} für die Verarbeitung von {tokens}"
    ),
    "cli.cost.source": "der Preis aus dem Preset von {model}, geprüft am {checked}: {addresses}",
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
        "{size} Rohvektoren: alt {old} + neu {new}, beide bis zur Umschaltung behalten (Blue-Green)"
    ),
    "cli.reindex.in_place_peak": (
        "{size} Rohvektoren: ({old} + {embed}) × {per_vector}, neue Vektoren kommen hinzu, bevor "
        "die veralteten gelöscht werden"
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
        "Neu indexieren: {change} bei Token {at} in jedem Dokument ({where}), bei {window}{model}"
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
        "{kept} enden spätestens bei Token {at}; die späteren verschieben sich um {delta}, kein "
        "Vielfaches der Schrittweite"
    ),
    "cli.reindex.reason_edit_shift_each": (
        "{kept} enden in jedem geänderten Dokument spätestens bei Token {at}; die späteren "
        "verschieben sich um {delta}, kein Vielfaches der Schrittweite"
    ),
    "cli.reindex.reason_edit_aligned": (
        "{kept} enden spätestens bei Token {at}; die späteren sind wieder deckungsgleich: {delta} "
        "ist ein Vielfaches der Schrittweite"
    ),
    "cli.reindex.reason_edit_aligned_each": (
        "{kept} enden in jedem geänderten Dokument spätestens bei Token {at}; die späteren sind "
        "wieder deckungsgleich: {delta} ist ein Vielfaches der Schrittweite"
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
        "{size} ({count} × 2·{m} Nachbar-IDs × 4\u00a0Bytes, die Basisschicht; Schätzung: Jeder "
        "Vektor liegt auf etwa 1/{m_less_one} oberen Schichten mit bis zu {m} IDs, ≈{upper} mehr, "
        "nicht addiert)"
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
        "{size} (die als RAM und Festplatte genannten Teile; planen Sie für beide etwa 20\u00a0% "
        "mehr ein)"
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
        "{embedded}: {processed} verarbeitet + {added_total} hinzugefügt ({chunks} × {added}) − "
        "{cut} abgeschnitten"
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
        "die Tokens, die es jedem Abschnitt hinzufügt, sind unbekannt; geben Sie --added-tokens an"
    ),
    "cli.fit.reason.no_text": (
        "die Abschnitte des Fenstermodells aus {encoding} haben keinen Text, der neu gezählt "
        "werden kann; nutzen Sie --splitter, oder --model-tokenizer FILE, wenn es der des Modells "
        "ist"
    ),
    "cli.fit.needs_count": (
        "misst die Abschnitte der gezählten Dateien; braucht --count und --max-input-tokens (oder "
        "--model)"
    ),
    "cli.fit.whose_given": "dem als seinen genannten Tokenizer, {tokenizer}",
    "cli.fit.whose_own": "seinem eigenen Tokenizer, {tokenizer}",
    "cli.fit.added": "plus {added} in jedem Abschnitt hinzugefügt",
    "cli.fit.how_same": "{whose} (mit dem die Abschnitte geschnitten wurden), {added}",
    "cli.fit.how_other": "{whose}, {added}; geschnitten mit {encoding}",
    "cli.fit.the_model": "das Modell",
    "cli.fit.its_limit": "seinem Limit von {limit} Tokens",
    "cli.fit.note_unmeasured": (
        "Hinweis: Die Abschnitte sind nicht in den Tokens des Modells gemessen ({reason}); das "
        "Eingabelimit unten zählt Tokens von {encoding}"
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
        "geteilt mit {chunker}: {chunks}, {tokens} verarbeitet: Alle Zahlen unten sind die seiner "
        "Abschnitte (das Fenstermodell ergäbe {window_chunks}, {window_tokens} verarbeitet)"
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
        "Trefferquote, Präzision, IoU: wie bei Chroma, der gefundenen Zeichen gegen die der Auszüge"
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
        "die Dokumente enthalten insgesamt {tokens}: Lassen Sie --tokens weg oder geben Sie diese "
        "Zahl an"
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
        "gezählt mit {encoding}, nicht seinem Tokenizer ({tokenizer}): nicht seine genauen Zahlen"
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
        "die Abschnitte des Fenstermodells brauchen die Tokens einer OpenAI-Kodierung; wählen Sie "
        "--splitter recursive, markdown oder sentence"
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
}
