// The trade-off with a splitter's plan: once the chosen splitter's chunks are the plan
// (corpus-split.js) and the trade-off's grid is shown, the counted documents are split again
// at every window of the grid in the worker (web/worker/split-again.js), progress said in the
// panel and cancellable; its figures then travel with every calculation, and every point is
// the splitter's chunks (calculator.protocol), not the window model's.
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { fill } from "../../pure/format.js";
import { formatter, strings } from "../page-context.js";
import { askFromNowOn, onAnswer, recalculate } from "../requests.js";
import { countedDocuments, counting, post, shownCount } from "./count-shared.js";
import { carriedSplit } from "./corpus-split.js";

const box = /** @type {HTMLElement} */ (document.querySelector("[data-tradeoff-split]"));
const text = document.querySelector("[data-tradeoff-split-text]");
const cancel = /** @type {HTMLButtonElement} */ (
  document.querySelector("[data-tradeoff-split-cancel]")
);

let gridNumber = 0;
/** The grid split under way (-1: none). */
let job = -1;
/** What was asked last: the splitter, the documents and the windows (the same is not asked
 *  twice). */
let asked = "";
/** The splitter's name as the page words it. */
let splitterName = "";

/** @param {import("answer-types").Answer} answer */
function follow(answer) {
  const split = carriedSplit();
  const points = answer.tradeoff?.points;
  if (!split || answer.result?.chunker !== split.chunker) {
    stop();
    writeHidden(box, true);
    if (asked) {
      asked = "";
      askFromNowOn({ tradeoff_split: undefined });
    }
    return;
  }
  if (!points) {
    return; // the grid is not shown (yet): nothing to split for
  }
  const windows = points
    .filter((point) => !point.current)
    .map((point) => [Number(point.chunk_size), Number(point.overlap)]);
  const count = shownCount();
  const key = JSON.stringify([split.chunker, count?.request.count, windows]);
  if (key === asked || !count) {
    return;
  }
  stop();
  asked = key;
  askFromNowOn({ tradeoff_split: undefined }); // the last grid's figures are of other windows
  splitterName = strings[`count.splitter.${split.chunker}`] ?? split.chunker;
  gridNumber += 1;
  job = gridNumber;
  /** @type {GridRequest} */
  const request = {
    type: "count-grid",
    count: job,
    encoding: count.request.encoding,
    documents: countedDocuments(count).map((item) => item.document),
    splitter: split.chunker,
    windows: /** @type {[number, number][]} */ (windows),
  };
  if (count.request.tokenizer) {
    request.tokenizer = count.request.tokenizer;
  }
  post(request);
  say("tradeoff.split_progress", formatter.percent("0"));
  writeHidden(cancel, false);
}

/** The grid split under way, if any, is dropped. */
function stop() {
  if (job >= 0) {
    post({ type: "grid-cancel", count: job });
    job = -1;
  }
  writeHidden(cancel, true);
}

function say(/** @type {string} */ key, percent = "") {
  writeText(text, fill(strings[key], { splitter: splitterName, percent }));
  writeData(box, "state", key.slice("tradeoff.split_".length));
  writeHidden(box, false);
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (!reply.type.startsWith("grid-") || reply.count !== job) {
    return; // another feature's, or a grid the visitor has moved on from
  }
  if (reply.type === "grid-progress") {
    say("tradeoff.split_progress", formatter.percent(String(Math.floor(reply.done * 100) / 100)));
    return;
  }
  if (reply.type !== "grid-result") {
    return;
  }
  job = -1;
  writeHidden(cancel, true);
  const windows = reply.windows?.filter((window) => window !== null) ?? [];
  const every = reply.windows !== undefined && windows.length === reply.windows.length;
  say(every ? "tradeoff.split_done" : "tradeoff.split_window");
  if (windows.length) {
    askFromNowOn({ tradeoff_split: { chunker: carriedSplit()?.chunker, windows } });
    recalculate();
  }
}

export function startTradeoffSplit() {
  counting.onMessage(onReply);
  onAnswer(follow);
  cancel.addEventListener("click", () => {
    stop();
    say("tradeoff.split_window");
  });
}
