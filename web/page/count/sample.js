// The counts into the calculator, and the counted text as a sample of the corpus.
//
// "Use as the corpus" makes the counted documents the collection (a count for each); "use as a
// sample" makes it the size the visitor gives, as the sample estimates it: D documents of the
// sample's average tokens, each split on its own (from a total size in bytes or characters, D is
// that size ÷ the sample's size per document); both say first what they replace, and can be
// undone.
// The sample's figures (its tokens per character, byte and word, its chunks per document, the
// estimate with its formula, and each splitter's figures beside the window model's, applied to
// the corpus) are Python's (calculator/protocol/_sample.py, in the worker): this module only paints them.
/** @typedef {import("./count-shared.js").ShownCount} ShownCount */
import { writeAttribute, writeData, writeHidden, writeText } from "../dom-write.js";
import { syncShownFields } from "../form.js";
import { fill, numberSeparators } from "../../pure/format.js";
import { form as calculatorForm, formatter, PAUSE_MS, strings } from "../page-context.js";
import { lastAnswer, onAnswer, recalculate } from "../requests.js";
import { errorText } from "../results-paint.js";
import {
  $,
  countedDocuments,
  counting,
  currentChunking,
  currentSplits,
  onChunking,
  onCountRunning,
  onShownCount,
  onSplits,
  post,
  sampleKey,
  shownCount,
} from "./count-shared.js";

const use = /** @type {HTMLButtonElement} */ ($("[data-count-use]"));
const useSample = /** @type {HTMLButtonElement} */ ($("[data-count-use-sample]"));
const replaces = $("[data-count-use-replaces]");
const used = $("[data-count-used]");
const usedText = $("[data-count-used-text]");
const undo = /** @type {HTMLButtonElement} */ ($("[data-count-undo]"));
const sampleView = $("[data-count-sample]");
const sizeInput = /** @type {HTMLInputElement} */ ($("input[name=sample_size]"));
const sizeKind = /** @type {HTMLSelectElement} */ ($("select[name=sample_kind]"));
const sizeError = $("[data-count-sample-error]");
const estimate = $("[data-count-estimate]");
const splittersView = $("[data-count-splitters]");

// Ratios come from Python with at most this many decimals (calculator/protocol/_sample.py).
const RATIO_DECIMALS = 3;
// Bytes per token are shown with this many decimals (e.g. 4.21).
const BYTES_PER_TOKEN_DECIMALS = 2;
// Intl's most fraction digits everywhere (ES2020); a size typed past them is shown rounded.
const MAX_SIZE_DECIMALS = 20;

let sampleNumber = 0;
/** The request of the sample shown or asked for (the same one is not sent twice). */
let sampleRequest = "";
/** @type {SampleFigures | null} the sample's figures shown */
let figures = null;
let counting_ = false;
/**
 * The calculator form's controls as they were before the first use of the counts since the
 * last undo or edit: "undo" writes them back (the visitor has changed none of them since).
 * @type {{control: HTMLInputElement, value: string, checked: boolean}[] | null}
 */
let before = null;
let typingTimer = 0;
/**
 * What "Use as the corpus" put into the collection: the list's text, the counter that counted
 * it and its documents, so that a later count (another tokenizer, a model's, other documents)
 * is never left beside it silently: the same documents counted again become the collection,
 * other documents are said to differ from it.
 * @type {{list: string, counter: string, names: string} | null}
 */
let usedCorpus = null;

/** The collection's list as "Use as the corpus" put it there (null when it did not). */
export function usedCorpusList() {
  return usedCorpus?.list ?? null;
}

/** The list of per-document counts, named only while shown (form.js), so found by its id. */
const documentList = () =>
  /** @type {HTMLTextAreaElement | null} */ (document.getElementById("field-document_tokens"));

/** One of the calculator form's controls (a select, or a radio group). */
function control(/** @type {string} */ name) {
  return /** @type {HTMLInputElement | RadioNodeList | null} */ (
    calculatorForm.elements.namedItem(name)
  );
}

/** The splitters' figures summed over the sample, for those that cut every document. */
function splitSums() {
  const splits = currentSplits();
  /** @type {Record<string, {chunks: number, tokens_processed: number}>} */
  const sums = {};
  if (splits.key !== sampleKey()) {
    return sums;
  }
  for (const [splitter, documents] of Object.entries(splits.figures)) {
    if (documents.every((item) => item.error === undefined)) {
      sums[splitter] = {
        chunks: documents.reduce((sum, item) => sum + (item.chunks ?? 0), 0),
        tokens_processed: documents.reduce((sum, item) => sum + (item.tokens_processed ?? 0), 0),
      };
    }
  }
  return sums;
}

/** The splitters that refused a document of the sample (LlamaIndex, at this chunk size). */
function refusedSplitters() {
  const splits = currentSplits();
  if (splits.key !== sampleKey()) {
    return [];
  }
  return Object.entries(splits.figures)
    .filter(([, documents]) => documents.some((item) => item.error !== undefined))
    .map(([splitter]) => splitter);
}

/** Ask Python for the sample's figures, unless it answered this very request. */
function requestSample() {
  const counted = countedDocuments(shownCount());
  const chunking = currentChunking();
  if (counted.length === 0 || !chunking) {
    sampleRequest = "";
    sampleNumber += 1; // a reply still coming is for a sample no longer shown
    figures = null;
    writeHidden(sampleView, counted.length === 0);
    syncButtons();
    return;
  }
  writeHidden(sampleView, false);
  const request = JSON.stringify({
    documents: counted.map(({ figures: item }) => ({
      tokens: item.tokens,
      characters: item.characters,
      bytes: item.bytes,
      words: item.words,
    })),
    chunk_size: chunking.chunk_size,
    overlap: chunking.overlap,
    size: { kind: sizeKind.value, text: sizeInput.value },
    number_format: numberSeparators(formatter.tag),
    corpus: { chunks: chunking.chunks, tokens_processed: chunking.tokens_processed },
    splits: splitSums(),
  });
  if (request === sampleRequest) {
    return;
  }
  sampleRequest = request;
  sampleNumber += 1;
  post({ type: "count-sample", count: sampleNumber, request });
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (reply.type !== "sample-result" || reply.count !== sampleNumber) {
    return;
  }
  if (!reply.figures) {
    sampleRequest = ""; // asked again on the next change
    return;
  }
  figures = reply.figures;
  paintSample(reply.figures);
  syncButtons();
}

/** A decimal figure of Python's, or "—" for none. */
const ratio = (/** @type {string | null} */ value) =>
  value === null ? "—" : formatter.decimal(value, RATIO_DECIMALS);

/** @param {SampleFigures} sample */
function paintSample(sample) {
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (
    sampleView.querySelectorAll("[data-sample]")
  )) {
    const key = /** @type {keyof SampleFigures} */ (element.dataset.sample);
    const value = /** @type {string | null} */ (sample[key]);
    writeData(element, "value", value ?? "");
    writeText(element, ratio(value));
  }
  writeText(sizeError, sample.error ? errorText(sample.error) : "");
  writeAttribute(sizeInput, "aria-invalid", sample.error ? "true" : "false");
  paintEstimate(sample.estimate);
  paintSplitters(sample);
}

/** The corpus as the sample says it is, each figure with its formula. */
function paintEstimate(/** @type {SampleFigures["estimate"]} */ figures) {
  writeHidden(estimate, !figures);
  if (!figures) {
    return;
  }
  const figure = (/** @type {string} */ name) =>
    /** @type {HTMLElement} */ (estimate.querySelector(`[data-estimate="${name}"]`));
  const formula = (/** @type {string} */ name) =>
    /** @type {HTMLElement} */ (estimate.querySelector(`[data-estimate-formula="${name}"]`));
  const documents = formatter.integer(figures.documents);
  // From a total size: D documents like the sample's, the size ÷ its size per document.
  const fromTotal = figures.kind !== "documents";
  writeHidden(
    /** @type {HTMLElement} */ (estimate.querySelector('[data-estimate-row="documents"]')),
    !fromTotal,
  );
  writeData(figure("documents"), "value", fromTotal ? figures.documents : "");
  writeText(
    figure("documents"),
    fromTotal ? `≈\u00a0${formatter.count(strings["plural.documents"], figures.documents)}` : "",
  );
  writeText(
    formula("documents"),
    fromTotal
      ? fill(strings[`count.formula.${figures.kind}`], {
          size: exactly(figures.size),
          ratio: ratio(figures.size_per_document),
        })
      : "",
  );
  for (const [name, plural, perDocument] of /** @type {const} */ ([
    ["tokens", "plural.tokens", figures.ratio],
    ["chunks", "plural.chunks", figures.chunks_per_document],
  ])) {
    writeData(figure(name), "value", figures[name]);
    writeText(figure(name), `≈\u00a0${formatter.count(strings[plural], figures[name])}`);
    writeText(
      formula(name),
      fill(strings[`count.formula.documents_${name}`], { documents, ratio: ratio(perDocument) }),
    );
  }
}

/** A size in full: a whole number, or the decimals a unit gave it (1.23 GiB in bytes). */
function exactly(/** @type {string} */ size) {
  const decimals = Math.min(size.split(".")[1]?.length ?? 0, MAX_SIZE_DECIMALS);
  return decimals === 0 ? formatter.integer(size) : formatter.decimal(size, decimals);
}

/** Each splitter's figures of the sample beside the window model's, and in the corpus. */
function paintSplitters(/** @type {SampleFigures} */ sample) {
  const refused = refusedSplitters();
  writeHidden(splittersView, sample.splitters.length < 2 && refused.length === 0);
  const rows = new Map(sample.splitters.map((row) => [row.splitter, row]));
  for (const tr of /** @type {NodeListOf<HTMLElement>} */ (
    splittersView.querySelectorAll("tr[data-splitter]")
  )) {
    const splitter = tr.dataset.splitter ?? "";
    const row = rows.get(splitter);
    const chunks = /** @type {HTMLElement} */ (tr.querySelector("[data-splitter-chunks]"));
    const tokens = /** @type {HTMLElement} */ (tr.querySelector("[data-splitter-tokens]"));
    const corpus = /** @type {HTMLElement} */ (tr.querySelector("[data-splitter-corpus]"));
    writeData(chunks, "value", row?.chunks ?? "");
    writeData(chunks, "ratio", row?.chunks_ratio ?? "");
    writeData(tokens, "value", row?.tokens_processed ?? "");
    writeData(tokens, "ratio", row?.tokens_ratio ?? "");
    writeData(corpus, "chunks", row?.corpus_chunks ?? "");
    writeData(corpus, "tokens", row?.corpus_tokens_processed ?? "");
    if (!row) {
      const said = refused.includes(splitter) ? strings["count.splitters_refused"] : "—";
      writeText(chunks, said);
      writeText(tokens, "—");
      writeText(corpus, "—");
      continue;
    }
    const withRatio = (/** @type {string} */ value, /** @type {string | null} */ share) =>
      fill(strings["count.splitters_with_ratio"], {
        value: formatter.integer(value),
        ratio: ratio(share),
      });
    writeText(chunks, withRatio(row.chunks, row.chunks_ratio));
    writeText(tokens, withRatio(row.tokens_processed, row.tokens_ratio));
    writeText(
      corpus,
      row.corpus_chunks === null || row.corpus_tokens_processed === null
        ? "—"
        : fill(strings["count.splitters_corpus"], {
            chunks: formatter.count(strings["plural.chunks"], row.corpus_chunks),
            tokens: formatter.integer(row.corpus_tokens_processed),
          }),
    );
  }
}

/** The buttons: usable once there are counts (a sample needs its estimate), not while a new
 *  count runs; and what they would replace, said beside them. */
function syncButtons() {
  const counted = countedDocuments(shownCount()).length > 0;
  use.disabled = counting_ || !counted;
  useSample.disabled = counting_ || !counted || !figures?.estimate;
  writeHidden(replaces, !counted);
  const result = lastAnswer()?.result;
  if (!result) {
    writeText(replaces, "");
    return;
  }
  const tokens = formatter.count(strings["plural.tokens"], result.tokens);
  const collection = result.document_count
    ? fill(strings["count.collection_many"], {
        documents: formatter.count(strings["plural.documents"], result.document_count),
        tokens,
      })
    : fill(strings["count.collection_one"], { tokens });
  writeText(replaces, fill(strings["count.use_replaces"], { collection }));
}

/** The calculator form's controls as they are now (the list of counts too, named or not). */
function snapshot() {
  const controls = [...calculatorForm.elements].filter(
    (control) => /** @type {HTMLInputElement} */ (control).name,
  );
  const list = documentList();
  if (list && !controls.includes(list)) {
    controls.push(list);
  }
  return controls.map((element) => {
    const control = /** @type {HTMLInputElement} */ (element);
    return { control, value: control.value, checked: control.checked };
  });
}

/** Set one of the calculator form's controls to `value`. */
function setField(/** @type {string} */ name, /** @type {string} */ value) {
  const found = control(name);
  if (found) {
    found.value = value;
  }
}

/** The measured text bytes a token, into the storage panel's field where the page has it. */
function setBytesPerToken() {
  const counted = countedDocuments(shownCount()).map((item) => item.figures);
  const tokens = counted.reduce((sum, item) => sum + (item.tokens ?? 0), 0);
  const bytes = counted.reduce((sum, item) => sum + (item.bytes ?? 0), 0);
  if (tokens > 0 && control("text_bytes_per_token")) {
    setField(
      "text_bytes_per_token",
      formatter.decimal(
        (bytes / tokens).toFixed(BYTES_PER_TOKEN_DECIMALS),
        BYTES_PER_TOKEN_DECIMALS,
      ),
    );
  }
}

/** After a use: what it did, the undo beside it, and the calculator recalculates. */
function used_(/** @type {string} */ said) {
  syncShownFields();
  writeText(usedText, said);
  writeHidden(undo, false);
  writeHidden(used, false);
  recalculate();
}

/** The counter a count was made with: the tokenizer file's name, or the encoding's. */
const counterName = (/** @type {ShownCount} */ count) =>
  count.request.tokenizer?.file.name ?? count.request.encoding;

/** The names of a count's counted documents, in order. */
const documentNames = (/** @type {ShownCount} */ count) =>
  countedDocuments(count)
    .map(({ document }) => document.name)
    .join("\n");

/** The shown count's documents into the collection: a count for each (and their total as the
 *  one document's tokens, should the visitor go back to one document); whether there were. */
function putCountsInCollection() {
  const count = shownCount();
  const counted = countedDocuments(count).map((item) => item.figures);
  if (!count || counted.length === 0) {
    return false;
  }
  const sum = counted.reduce((tokens, item) => tokens + (item.tokens ?? 0), 0);
  setField("tokens", formatter.integer(String(sum)));
  setField("corpus", "list");
  syncShownFields(); // names the list, so that it is sent
  const list = documentList();
  if (list) {
    list.value = counted.map((item) => String(item.tokens)).join("\n");
  }
  setBytesPerToken();
  usedCorpus = {
    list: list?.value ?? "",
    counter: counterName(count),
    names: documentNames(count),
  };
  return true;
}

/** The counted documents become the collection. */
function useAsCorpus() {
  if (countedDocuments(shownCount()).length === 0) {
    return;
  }
  before ??= snapshot();
  putCountsInCollection();
  writeData(used, "countUsed", "corpus");
  used_(strings["count.used_corpus"]);
}

/** A new count shown after "Use as the corpus", the collection unchanged since: the same
 *  documents counted again (with another tokenizer, say) become the collection, said so;
 *  other documents are said not to be the collection, its counts kept until used. */
function followUsedCorpus(/** @type {ShownCount | null} */ count) {
  const list = documentList();
  if (!usedCorpus || !count || !list || list.value !== usedCorpus.list) {
    usedCorpus = null; // nothing used, or the visitor has changed the collection since
    return;
  }
  const counted = countedDocuments(count);
  if (counted.length === 0) {
    return; // still counting, or nothing counted: the collection stays as used
  }
  const counter = counterName(count);
  const same = documentNames(count) === usedCorpus.names;
  const counts = counted.map(({ figures: item }) => String(item.tokens)).join("\n");
  if (same && counts === usedCorpus.list && counter === usedCorpus.counter) {
    return;
  }
  if (same) {
    putCountsInCollection();
    writeData(used, "countUsed", "recounted");
    used_(fill(strings["count.used_corpus_recounted"], { counter }));
    return;
  }
  writeData(used, "countUsed", "stale");
  writeText(usedText, fill(strings["count.used_corpus_stale"], { counter }));
  writeHidden(used, false);
}

/** The collection becomes the size given, as the sample estimates it. */
function useAsSample() {
  const use = figures?.estimate?.use;
  if (!use) {
    return;
  }
  before ??= snapshot();
  usedCorpus = null; // the collection is the sample's estimate now, not the counts
  for (const [name, value] of Object.entries(use)) {
    setField(name, name === "corpus" ? value : formatter.integer(value));
  }
  setBytesPerToken();
  used_(strings["count.used_sample"]);
}

/** The form back as it was before the first use since the last undo or edit. */
function undoUse() {
  if (!before) {
    return;
  }
  for (const { control, value, checked } of before) {
    control.value = value;
    control.checked = checked;
  }
  syncShownFields();
  before = null;
  usedCorpus = null;
  writeText(usedText, strings["count.undone"]);
  writeHidden(undo, true);
  recalculate();
}

/** A size in bytes takes its unit (50 GB): letters, so the full keyboard; a count digits. */
function syncSizeKeyboard() {
  writeAttribute(sizeInput, "inputmode", sizeKind.value === "bytes" ? "text" : "numeric");
}

/** Wire the buttons and the sample's size; follow the count, the splits and the results. */
export function startSample() {
  counting.onMessage(onReply);
  use.addEventListener("click", useAsCorpus);
  useSample.addEventListener("click", useAsSample);
  undo.addEventListener("click", undoUse);
  sizeInput.addEventListener("input", () => {
    clearTimeout(typingTimer);
    typingTimer = setTimeout(requestSample, PAUSE_MS.input);
  });
  sizeKind.addEventListener("change", () => {
    syncSizeKeyboard();
    requestSample();
  });
  syncSizeKeyboard();
  // An edit of the calculator's own fields is the visitor's: an undo would overwrite it.
  calculatorForm.addEventListener("input", (event) => {
    if (event.isTrusted && before) {
      before = null;
      writeHidden(used, true);
    }
  });
  onShownCount((count) => {
    figures = null;
    followUsedCorpus(count);
    requestSample();
    syncButtons();
  });
  onCountRunning((running) => {
    counting_ = running;
    syncButtons();
  });
  onSplits(requestSample);
  onChunking(requestSample);
  onAnswer(syncButtons);
  requestSample();
  syncButtons();
}
