// The chosen splitter's chunks as the plan: once the counted documents are the collection
// ("Use as the corpus") and the splitter chosen in "Your text in chunks" has cut every one of
// them at the results' chunk size and overlap, every calculation carries each document's chunk
// lengths, and Python plans those chunks (calculator.protocol: storage, cost, re-indexing and
// the rest), not the window model's.  Python checks that the split is of the collection's very
// documents and window, and plans with the window model otherwise; the results say which.
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { fill } from "../../pure/format.js";
import { formatter, strings } from "../page-context.js";
import { askFromNowOn, onAnswer, recalculate } from "../requests.js";
import {
  $,
  countedDocuments,
  currentChunking,
  currentSplits,
  onSplits,
  sampleKey,
  shownCount,
} from "./count-shared.js";
import { usedCorpusList } from "./sample.js";

const splitterChoice = /** @type {HTMLSelectElement} */ ($("[data-count-splitter]"));
const limitDocuments = /** @type {HTMLElement} */ (
  document.querySelector("[data-limit-documents]")
);
const documentList = () =>
  /** @type {HTMLTextAreaElement | null} */ (document.getElementById("field-document_tokens"));

/** What the calculations carry now (JSON), so that a change is sent once. */
let carried = "null";
/** @type {ReturnType<typeof chosenSplit>} the split carried now */
let carriedObject;

/** The chosen splitter's chunks the calculations carry now (undefined: none). */
export function carriedSplit() {
  return carriedObject;
}

/** The chosen splitter's chunks of the collection, if it is the counted documents and the
 *  splitter has cut them all at the results' chunking. */
function chosenSplit() {
  const splitter = splitterChoice.value;
  const used = usedCorpusList();
  const chunking = currentChunking();
  const splits = currentSplits();
  const cut = splits.figures[splitter];
  const counted = countedDocuments(shownCount());
  if (
    used === null ||
    documentList()?.value !== used ||
    !chunking ||
    splits.key !== sampleKey() ||
    !cut ||
    cut.length !== counted.length ||
    !cut.every((figures) => figures.lengths !== undefined)
  ) {
    return undefined;
  }
  return {
    chunker: splitter,
    chunk_size: chunking.chunk_size,
    overlap: chunking.overlap,
    documents: counted.map(({ figures }, index) => [figures.tokens, cut[index].lengths]),
  };
}

function sync() {
  const split = chosenSplit();
  const now = JSON.stringify(split ?? null);
  if (now === carried) {
    return;
  }
  carried = now;
  carriedObject = split;
  askFromNowOn({ split });
  recalculate();
}

/** The limit's figures per document of a splitter's plan: in how many, and which most.
 * @param {import("answer-types").Answer} answer */
function paintLimitDocuments(answer) {
  const limit = answer.model_limit;
  const most = limit?.most_over_limit;
  const counted = countedDocuments(shownCount());
  const name = most ? counted[Number(most.document)]?.document.name : undefined;
  writeHidden(limitDocuments, !carriedObject || !most || name === undefined);
  if (!carriedObject || !most || !limit || name === undefined) {
    return;
  }
  writeText(
    limitDocuments,
    fill(strings["limit.documents"], {
      documents: formatter.integer(String(limit.documents_over_limit)),
      all: formatter.integer(String(counted.length)),
      name, // in the catalog's own quotation marks
      chunks: formatter.count(strings["plural.chunks"], String(most.chunks)),
      tokens: formatter.count(strings["plural.tokens"], String(most.truncated_tokens)),
    }),
  );
  writeData(limitDocuments, "document", name);
}

/** Follow the splits, the choice of splitter and every answer (the collection, the chunking). */
export function startCorpusSplit() {
  onSplits(sync);
  onAnswer(sync);
  onAnswer(paintLimitDocuments);
  splitterChoice.addEventListener("change", sync);
}
