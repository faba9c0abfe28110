// Counting text in tokens (web/page/count/ on the page, web/worker/count-worker.js in the
// calculator's worker), the messages of the engine's channel for the feature "count".
// Every message carries `count`, the page's number for one count (or split, or sample).
//
// Written by hand: these travel between the page's thread and the worker's (a File among
// them), never into Python.  What Python gives the worker, and what the messages carry of
// it (TokenizerLoaded, CountFigures, ChunkView, SplitView, SplitFigures, SampleFigures,
// EvaluatedSetting, ...), is typed in Python: features.d.ts, generated from
// calculator/protocol/_feature_types.py by tools/answer_types.py.

/** One document to count: pasted text, or a file the worker reads. */
interface CountDocument {
  name: string;
  text?: string;
  file?: File;
}

/** A tokenizer.json the visitor picked, under the page's name for it (the encoding that
 *  names it in a request): read and kept by the worker until the page forgets it. */
interface TokenizerFile {
  name: string;
  file: File;
}

/** A counter the page offers by name (calculator/_encodings.py's COUNTERS, in the page's
 *  facts); a tokenizer.json goes by the page's name for it. */
type Encoding = string;

/** Page -> worker: count these documents with one encoding (a picked tokenizer.json's name,
 *  with `tokenizer`, the file). */
interface CountRequest {
  type: "count";
  count: number;
  encoding: Encoding;
  tokenizer?: TokenizerFile;
  documents: CountDocument[];
}

/** Page -> worker: stop the count of that number. */
interface CountCancel {
  type: "count-cancel";
  count: number;
}

/** Page -> worker: split one counted document (with the encoding and the count it got) into
 *  the calculator's chunks; the figures are the integer strings of the calculator's answer. */
interface CountChunksRequest {
  type: "count-chunks";
  count: number;
  encoding: Encoding;
  tokenizer?: TokenizerFile;
  document: CountDocument;
  tokens: string;
  chunk_size: string;
  overlap: string;
}

/** Page -> worker: cut every document of the sample with each splitter in turn (the first is
 *  the one chosen, whose cut of document `drawn` the page draws). */
interface SplitRequest {
  type: "count-split";
  count: number;
  encoding: Encoding;
  tokenizer?: TokenizerFile;
  documents: CountDocument[];
  drawn: number;
  /** the drawn document's count, for the window model's figures beside the splitter's */
  tokens: string;
  splitters: string[];
  chunk_size: string;
  overlap: string;
}

/** Page -> worker: split every document with `splitter` at each window of the trade-off's
 *  grid (chunk size, overlap), for the splitter's figures at every point. */
interface GridRequest {
  type: "count-grid";
  count: number;
  encoding: Encoding;
  tokenizer?: TokenizerFile;
  documents: CountDocument[];
  splitter: string;
  windows: [number, number][];
}

/** Page -> worker: split every document with `splitter` at the plan's `window` and at the
 *  re-indexing's `again` (chunk size, overlap), for what re-indexing there changes. */
interface ResplitRequest {
  type: "count-resplit";
  count: number;
  encoding: Encoding;
  tokenizer?: TokenizerFile;
  documents: CountDocument[];
  splitter: string;
  window: [number, number];
  again: [number, number];
}

/** Page -> worker: split every document with `splitter` at the plan's `window`, each chunk
 *  then counted by `model_tokenizer` (a built-in counter: the model's own). */
interface FitRequest {
  type: "count-fit";
  count: number;
  encoding: Encoding;
  tokenizer?: TokenizerFile;
  documents: CountDocument[];
  splitter: string;
  window: [number, number];
  model_tokenizer: Encoding;
}

/** Page -> worker: stop the grid split of that number. */
interface GridCancel {
  type: "grid-cancel";
  count: number;
}

/** Page -> worker: stop the split of that number. */
interface SplitCancel {
  type: "split-cancel";
  count: number;
}

/** Page -> worker: the sample's figures for this request (calculator/protocol/_sample.py describe's
 *  JSON text). */
interface SampleRequest {
  type: "count-sample";
  count: number;
  request: string;
}

/** Page -> worker: drop the tokenizer.json kept under this name. */
interface TokenizerForget {
  type: "count-forget";
  count: number;
  name: string;
}

/** Page -> worker: measure retrieval on these documents (counted with `encoding`) with the
 *  evaluation set's questions, retrieving `top_k` chunks with `retriever` (WordLlama of
 *  `dimensions`). */
interface EvaluateRequest {
  type: "count-evaluate";
  count: number;
  encoding: Encoding;
  tokenizer?: TokenizerFile;
  documents: CountDocument[];
  /** The evaluation set's text and its format ("jsonl", "csv" or "tsv"). */
  set: string;
  format: string;
  retriever: string;
  top_k: number;
  dimensions: number;
  /** The plan's setting, measured first, and whether each window of the trade-off's grid
   *  is measured too (cut by the same splitter). */
  splitter: string;
  chunk_size: number;
  overlap: number;
  tradeoff: boolean;
  /** The built-in example instead (its questions in this language, e.g. "de"): the worker
   *  fetches its documents and set, and sends the set back with the result. */
  example?: string;
}

/** Page -> worker: stop the evaluation of that number. */
interface EvaluateCancel {
  type: "evaluate-cancel";
  count: number;
}

type CountMessage =
  | EvaluateRequest
  | EvaluateCancel
  | CountRequest
  | CountCancel
  | CountChunksRequest
  | SplitRequest
  | SplitCancel
  | GridRequest
  | GridCancel
  | ResplitRequest
  | FitRequest
  | SampleRequest
  | TokenizerForget;

/** One document's figures under its name, or why it has none: Python's (CountFigures), or
 *  "read" (the browser could not read the file). */
interface CountedDocument extends Omit<CountFigures, "error"> {
  name: string;
  error?: CountFigures["error"] | "read";
}

/** Worker -> page: progress (`loading` while the tokenizer loads; `done` a share of 0..1),
 *  then one result: every document, or cancelled, or the tokenizer's failure to load (`error`)
 *  or refusal to count (`tokenizer`, a picked tokenizer.json's). */
type CountReply =
  | { type: "evaluate-progress"; count: number; done: number; loading?: "wordllama" }
  | {
      type: "evaluate-result";
      count: number;
      answer?: EvaluationAnswer;
      setError?: EvaluationSetErrorData;
      error?: string;
      cancelled?: boolean;
      /** The example's evaluation set, when the example was measured. */
      example?: { set: string };
    }
  | { type: "count-progress"; count: number; done: number; loading?: boolean }
  | {
      type: "count-result";
      count: number;
      documents?: CountedDocument[];
      cancelled?: boolean;
      error?: string;
      tokenizer?: TokenizerLoaded;
    }
  | { type: "chunks-result"; count: number; view?: ChunkView; error?: string }
  | { type: "split-progress"; count: number; done: number }
  | { type: "split-view"; count: number; view: SplitView }
  | { type: "split-figures"; count: number; splitter: string; documents: SplitFigures[] }
  | { type: "split-result"; count: number; cancelled?: boolean; error?: string }
  | { type: "grid-progress"; count: number; done: number }
  | {
      type: "fit-result";
      count: number;
      /** per document, each chunk's tokens in the model's tokenizer */
      documents?: number[][];
      cancelled?: boolean;
      error?: string;
    }
  | {
      type: "resplit-result";
      count: number;
      /** a ReindexPlan's fields, summed over the documents */
      change?: number[];
      cancelled?: boolean;
      error?: string;
    }
  | {
      type: "grid-result";
      count: number;
      /** per window: [chunk size, overlap, chunks, tokens processed], null where refused */
      windows?: ([number, number, number, number] | null)[];
      cancelled?: boolean;
      error?: string;
    }
  | { type: "sample-result"; count: number; figures?: SampleFigures; error?: string };
