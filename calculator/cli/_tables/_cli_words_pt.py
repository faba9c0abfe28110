"""The command line's words, pt (Português); generated, do not edit.

Written by tools/make_cli_words.py from locales/*.json.
"""

WORDS: dict[str, str | dict[str, str]] = {
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
    "cli.summary.head": "{corpus}, tamanho do chunk {chunk_size}, sobreposição {overlap}, {window}",
    "cli.summary.step": "passo {step}",
    "cli.summary.split_with": "dividido com {chunker}",
    "cli.summary.corpus_equal": "{documents} de {tokens} ({all})",
    "cli.summary.corpus_listed": "{documents}, {tokens} no total",
    "cli.summary.empty_document": "um documento vazio não gera chunks",
    "cli.summary.empty_documents": "documentos vazios não geram chunks",
    "cli.summary.lengths": (
        "comprimentos {least}–{most}: mediana {median}, percentil 95 {percentile}, mais frequente "
        "{length} ({count} ×); todos no --json"
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
    "cli.documents.per_document": "{documents} divididos um a um: {chunks}, {tokens} processados",
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
        "orçamento do prompt: {top_k} × {chunk_size} = {source} de texto de origem + {reserved} "
        "reservados + {answer} para a resposta = {total} de {window}: {verdict}; caberiam {fit}"
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
        "reindexação: um novo modelo de embedding para {where}: os chunks em {window} são mantidos"
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
        "{kept} terminam até o token {at}; os seguintes se deslocam {delta}, que não é múltiplo "
        "do passo"
    ),
    "cli.reindex.reason_edit_shift_each": (
        "{kept} terminam até o token {at} em cada documento alterado; os seguintes se deslocam "
        "{delta}, que não é múltiplo do passo"
    ),
    "cli.reindex.reason_edit_aligned": (
        "{kept} terminam até o token {at}; os seguintes voltam a se alinhar: {delta} é múltiplo "
        "do passo"
    ),
    "cli.reindex.reason_edit_aligned_each": (
        "{kept} terminam até o token {at} em cada documento alterado; os seguintes voltam a se "
        "alinhar: {delta} é múltiplo do passo"
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
        "estimativa: cada vetor está em cerca de 1/{m_less_one} das camadas superiores com até "
        "{m} identificadores, ≈{upper} a mais, não somados)"
    ),
    "cli.storage.text": "{size} (⌈{tokens} processados × {per_token} por token⌉; estimativa)",
    "cli.storage.bytes_fraction": "{value}\u00a0bytes",
    "cli.storage.metadata": "{size} ({count} × {bytes} por chunk)",
    "cli.storage.quantized": "{size} ({count} × {bytes}, {dtype}, guardada ao lado dos originais)",
    "cli.storage.replica": "{size} (a soma das partes acima)",
    "cli.storage.total": "{size} ({replicas} × uma réplica; estimativa)",
    "cli.storage.pgvector": (
        "vector {vector}\u00a0bytes (4·{dimensions} + {header}), halfvec {halfvec} "
        "(2·{dimensions} + {header}), bit {bit} (⌈{dimensions}/8⌉ + {header}) por valor; × "
        "{vectors} = {all_vector} / {all_halfvec} / {all_bit}\u00a0bytes, sem o custo das linhas"
    ),
    "cli.database.heading": (
        "armazenamento no {name}: cada parte como ele a guarda, exata salvo indicação"
    ),
    "cli.database.part": "{size} ({formula}; {where}fonte: {source})",
    "cli.database.part_estimate": "{size} ({formula}; estimativa; {where}fonte: {source})",
    "cli.database.total": "{size} (estimativa)",
    "cli.database.total_copies": "{size} ({replicas} × as partes; estimativa)",
    "cli.database.in_ram": (
        "{size} (as partes marcadas como RAM e disco; reserve cerca de 20\u00a0% a mais para as "
        "duas)"
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
            "{count} de {chunks} é maior; a maioria das APIs de embedding o corta sem aviso, {lost}"
        ),
        "other": (
            "{count} de {chunks} são maiores; a maioria das APIs de embedding os corta sem aviso, "
            "{lost}"
        ),
    },
    "cli.limit.fits_one": "o único chunk cabe",
    "cli.limit.fits_every": "todos os {chunks} chunks cabem",
    "cli.limit.largest": (
        "tamanho do chunk de no máximo {size}; em {at_size}/{overlap}: {chunks}, {tokens} "
        "processados"
    ),
    "cli.limit.largest_no_plan": (
        "tamanho do chunk de no máximo {size}, e uma sobreposição menor que ele (agora {overlap})"
    ),
    "cli.limit.head_added": "{limit}, dos quais {added} são do próprio modelo em cada chunk",
    "cli.limit.embedded": (
        "{embedded}: {processed} processados + {added_total} acrescentados ({chunks} × {added})"
    ),
    "cli.limit.embedded_cut": (
        "{embedded}: {processed} processados + {added_total} acrescentados ({chunks} × {added}) − "
        "{cut} cortados"
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
        "mede os chunks dos arquivos contados; precisa de --count e --max-input-tokens (ou --model)"
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
        "dividido com {chunker}: {chunks}, {tokens} processados: todos os números abaixo são dos "
        "seus chunks (o modelo de janela geraria {window_chunks}, {window_tokens} processados)"
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
        "inteiros: trechos inteiros dentro de algum chunk, independentemente do que é recuperado"
    ),
    "cli.evaluation.legend_2": (
        "hit@k: perguntas cujos trechos estão todos inteiros num chunk recuperado"
    ),
    "cli.evaluation.legend_3": (
        "revocação, precisão, IoU: as do Chroma, dos caracteres recuperados contra os dos trechos"
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
        "hash publicado do vocabulário"
    ),
    "cli.preset.counted_other": (
        "contado com {encoding}, que não é o seu tokenizador ({tokenizer}): não são as contagens "
        "exatas dele"
    ),
    "cli.preset.counted_unknown": (
        "contado com {encoding}: o seu tokenizador não é publicado, não são as contagens exatas "
        "dele"
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
        "os chunks do modelo de janela precisam dos tokens de uma codificação da OpenAI; escolha "
        "--splitter recursive, markdown ou sentence"
    ),
    "cli.refusal.set_suffix": "{path}: indique um arquivo JSONL ou CSV pela extensão ({formats})",
    "cli.refusal.cannot_read": "não foi possível ler {path}: {reason}",
    "cli.refusal.not_utf8": "{path} não é texto UTF-8 (byte {byte})",
    "cli.progress.splitting": "dividindo em {windows} janelas",
    "cli.progress.evaluating": "avaliando a recuperação: {done}/{total} configurações",
    "cli.note.fit_up_to": (
        "{documents}: os chunks de cada um são medidos contra o limite de entrada do modelo até "
        "{most}; desta vez não"
    ),
}
