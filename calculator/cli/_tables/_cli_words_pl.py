"""The command line's words, pl (Polski); generated, do not edit.

Written by tools/make_cli_words.py from locales/*.json.
"""

WORDS: dict[str, str | dict[str, str]] = {
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
    "cli.summary.head": "{corpus}, rozmiar fragmentu {chunk_size}, nakładka {overlap}, {window}",
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
        "{size} surowych wektorów: ({old} + {embed}) × {per_vector}, nowe wektory dochodzą przed "
        "usunięciem nieaktualnych"
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
        "ponowne indeksowanie: {change} przy tokenie {at}, całość: {where}, przy {window}{model}"
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
        "podzielone od nowa przez {chunker}: tam, gdzie stary fragment dokumentu miał swój tekst"
    ),
    "cli.reindex.reason_other_size": (
        "inny rozmiar fragmentu: tylko ostatni fragment, jeśli zaczyna się od tego samego tokenu"
    ),
    "cli.reindex.reason_period": (
        "te same tokeny były już osadzone: pełne fragmenty zaczynające się co lcm({step}, "
        "{new_step}) = {period} i ostatni fragment, jeśli zaczyna się od tego samego tokenu"
    ),
    "cli.reindex.reason_edit_shift": (
        "{kept} kończy się najpóźniej na tokenie {at}; późniejsze przesuwają się o {delta}, co "
        "nie jest wielokrotnością kroku"
    ),
    "cli.reindex.reason_edit_shift_each": (
        "{kept} kończy się najpóźniej na tokenie {at} w każdym zmienionym dokumencie; późniejsze "
        "przesuwają się o {delta}, co nie jest wielokrotnością kroku"
    ),
    "cli.reindex.reason_edit_aligned": (
        "{kept} kończy się najpóźniej na tokenie {at}; późniejsze znów się wyrównują: {delta} "
        "jest wielokrotnością kroku"
    ),
    "cli.reindex.reason_edit_aligned_each": (
        "{kept} kończy się najpóźniej na tokenie {at} w każdym zmienionym dokumencie; późniejsze "
        "znów się wyrównują: {delta} jest wielokrotnością kroku"
    ),
    "cli.storage.heading": "rozmiar: każda część indeksu, dokładnie, chyba że zaznaczono inaczej",
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
    "cli.storage.quantized": "{size} ({count} × {bytes}, {dtype}, przechowywana obok oryginałów)",
    "cli.storage.replica": "{size} (suma powyższych)",
    "cli.storage.total": "{size} ({replicas} × jedna replika; szacunek)",
    "cli.storage.pgvector": (
        "vector {vector}\u00a0bajtów (4·{dimensions} + {header}), halfvec {halfvec} "
        "(2·{dimensions} + {header}), bit {bit} (⌈{dimensions}/8⌉ + {header}) na wartość; × "
        "{vectors} = {all_vector} / {all_halfvec} / {all_bit}\u00a0bajtów, bez narzutu wierszy"
    ),
    "cli.database.heading": (
        "rozmiar w {name}: każda część tak, jak ją przechowuje, dokładnie, chyba że zaznaczono "
        "inaczej"
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
            "{count} z {chunks} jest dłuższy; większość API osadzeń obcina go bez ostrzeżenia, "
            "{lost}"
        ),
        "few": (
            "{count} z {chunks} są dłuższe; większość API osadzeń obcina je bez ostrzeżenia, {lost}"
        ),
        "many": (
            "{count} z {chunks} jest dłuższych; większość API osadzeń obcina je bez ostrzeżenia, "
            "{lost}"
        ),
        "other": (
            "{count} z {chunks} jest dłuższe; większość API osadzeń obcina je bez ostrzeżenia, "
            "{lost}"
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
    "cli.fit.reason.unnamed": "nie wskazano tokenizera modelu; wskaż go przez --model-tokenizer",
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
        "mierzy fragmenty policzonych plików; wymaga --count i --max-input-tokens (albo --model)"
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
        "ostrzeżenie: fragmenty dla {model} nie są mierzone w jego własnych tokenach ({reason}); "
        "limit wejścia poniżej liczy tokeny {encoding}, nie jego"
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
        "podział: {chunker}: {chunks}, przetworzone: {tokens}; wszystkie liczby poniżej dotyczą "
        "jego fragmentów (model stałych okien dałby {window_chunks}, przetworzone: "
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
        "kompletność, precyzja, IoU: jak w Chroma, pobranych znaków względem znaków fragmentów "
        "źródłowych"
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
        "policzone przez {encoding}: reguły i rozmiar słownika jego tokenizera, bez opublikowanej "
        "sumy kontrolnej słownika"
    ),
    "cli.preset.counted_other": (
        "policzone przez {encoding}, nie jego tokenizer ({tokenizer}): nie są to jego dokładne "
        "liczby"
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
}
