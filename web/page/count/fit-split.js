// The model's input limit checked in the model's own tokenizer: once a splitter's chunks are
// the plan (corpus-split.js) and the counter measured them with another tokenizer than the
// chosen model's (LangChain's from_tiktoken_encoder feeding a BERT model, say), the worker
// counts each chunk again with the model's tokenizer (web/worker/split-again.js), and those
// counts travel with every calculation (calculator.protocol's `fit`): the chunks over the
// limit and the tokens cut are then the model's, and the results say which tokenizer.
import { writeData, writeHidden, writeText } from "../dom-write.js";
import { fill } from "../../pure/format.js";
import { strings } from "../page-context.js";
import { askFromNowOn, onAnswer, recalculate } from "../requests.js";
import { countedDocuments, counting, post, shownCount } from "./count-shared.js";
import { carriedSplit } from "./corpus-split.js";

const note = /** @type {HTMLElement} */ (document.querySelector("[data-limit-tokenizer]"));
/** The counters the page has: what the model's tokenizer must be to be counted here. */
const counters = [...document.querySelectorAll("#count-encoding option")].map(
  (option) => /** @type {HTMLOptionElement} */ (option).value,
);

let fitNumber = 0;
/** The count under way (-1: none). */
let job = -1;
/** What was asked last (the same is not asked twice), and what its answer is for. */
let asked = "";
/** @type {{chunker: string, window: number[], tokenizer: string} | null} */
let askedFor = null;

function say(/** @type {string} */ key, /** @type {Record<string, string>} */ params) {
  writeText(note, fill(strings[key], params));
  writeData(note, "state", key.slice("limit.".length));
  writeHidden(note, false);
}

/** @param {import("answer-types").Answer} answer */
function follow(answer) {
  const split = carriedSplit();
  const count = shownCount();
  const tokenizer = answer.model?.tokenizer;
  const counter = count?.request.encoding;
  const limited = answer.model_limit !== null && answer.panels.model_limit === "fresh";
  if (!split || !count || !tokenizer || !limited || tokenizer === counter) {
    writeHidden(note, true);
    if (asked) {
      asked = "";
      askFromNowOn({ fit: undefined }); // another model, splitter or corpus: not its counts
      recalculate();
    }
    return;
  }
  const params = { tokenizer, counter: String(counter) };
  if (answer.model_limit?.measured_with === tokenizer) {
    say("limit.measured_with", params);
    return;
  }
  if (!counters.includes(tokenizer)) {
    say("limit.other_tokenizer", params);
    return;
  }
  const window = [Number(split.chunk_size), Number(split.overlap)];
  const key = JSON.stringify([split.chunker, count.request.count, window, tokenizer]);
  say("limit.measuring", params);
  if (key === asked) {
    return;
  }
  asked = key;
  askedFor = { chunker: split.chunker, window, tokenizer };
  askFromNowOn({ fit: undefined }); // the last counts are of another model or split
  fitNumber += 1;
  job = fitNumber;
  /** @type {FitRequest} */
  const request = {
    type: "count-fit",
    count: job,
    encoding: count.request.encoding,
    documents: countedDocuments(count).map((item) => item.document),
    splitter: split.chunker,
    window: /** @type {[number, number]} */ (window),
    model_tokenizer: tokenizer,
  };
  if (count.request.tokenizer) {
    request.tokenizer = count.request.tokenizer;
  }
  post(request);
}

/** @param {CountReply} reply */
function onReply(reply) {
  if (reply.type !== "fit-result" || reply.count !== job) {
    return;
  }
  job = -1;
  if (reply.documents && askedFor) {
    askFromNowOn({ fit: { ...askedFor, documents: reply.documents } });
    recalculate();
  }
}

export function startFitSplit() {
  counting.onMessage(onReply);
  onAnswer(follow);
}
