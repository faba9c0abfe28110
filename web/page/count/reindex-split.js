// Re-indexing a splitter's plan at another chunk size or overlap: which chunks keep their
// embedding is known only by splitting the counted documents again there and comparing each
// document's chunks' texts.  When the answer asks for it (`split_again`, with the reason next
// to the re-indexing's choice until then), the worker does (web/worker/split-again.js), and
// its figures travel with every calculation from then on (calculator.protocol's `resplit`).
import { askFromNowOn, onAnswer, recalculate } from "../requests.js";
import { countedDocuments, counting, post, shownCount } from "./count-shared.js";
import { carriedSplit } from "./corpus-split.js";

let resplitNumber = 0;
/** The split again under way (-1: none). */
let job = -1;
/** What was asked last (the same is not asked twice), and what its answer is for. */
let asked = "";
/** @type {{chunker: string, window: number[], again: number[]} | null} */
let askedFor = null;

/** @param {import("answer-types").Answer} answer */
function follow(answer) {
  const split = carriedSplit();
  const again = answer.split_again?.map(Number);
  const count = shownCount();
  if (!split || !again || !count) {
    return; // nothing to split again (a figure already carried stays until it is not needed)
  }
  const window = [Number(split.chunk_size), Number(split.overlap)];
  const key = JSON.stringify([split.chunker, count.request.count, window, again]);
  if (key === asked) {
    return;
  }
  asked = key;
  askedFor = { chunker: split.chunker, window, again };
  resplitNumber += 1;
  job = resplitNumber;
  /** @type {ResplitRequest} */
  const request = {
    type: "count-resplit",
    count: job,
    encoding: count.request.encoding,
    documents: countedDocuments(count).map((item) => item.document),
    splitter: split.chunker,
    window: /** @type {[number, number]} */ (window),
    again: /** @type {[number, number]} */ (again),
  };
  if (count.request.tokenizer) {
    request.tokenizer = count.request.tokenizer;
  }
  post(request);
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (reply.type !== "resplit-result" || reply.count !== job) {
    return;
  }
  job = -1;
  if (reply.change && askedFor) {
    askFromNowOn({ resplit: { ...askedFor, change: reply.change } });
    recalculate();
  }
}

export function startReindexSplit() {
  counting.onMessage(onReply);
  onAnswer(follow);
}
