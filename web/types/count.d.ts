// Counting text in tokens (web/page/count/ on the page, web/worker/count-worker.js in the
// calculator's worker), the messages of the engine's channel for the feature "count".
// Every message carries `count`, the page's number for one count (or split, or sample).

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

/** The worker's loading of a tokenizer.json: its name, or why it cannot count ("unsupported":
 *  a part it cannot apply exactly; "invalid": no tokenizer.json; "too_large"; "read"), with
 *  the reason in English (Python's words, or the file's size in bytes). */
interface TokenizerLoaded {
  name?: string;
  error?: "unsupported" | "invalid" | "too_large" | "read";
  /** The catalog's message count.tokenizer_reason.<reason> and its values (Python's refusal). */
  reason?: string;
  params?: Record<string, string>;
  /** The reason in English (the command line's words). */
  message?: string;
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

/** One setting's measures (calculator/_retrieval/_evaluate.py setting_entries): each measure
 *  as its exact fraction's text and its value, or why the splitter refused the setting. */
interface EvaluatedSetting {
  splitter: string;
  chunk_size: number;
  overlap: number;
  chunks: number;
  refused?: string;
  [measure: string]: string | number | { exact: string; value: number } | undefined;
}

/** An evaluation set's refusal: its line, the catalog's evaluation_set.<key> and its values. */
interface EvaluationSetErrorData {
  line: number;
  key: string;
  params: Record<string, string>;
  integer_params: string[];
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

/** The first chunks of one document (calculator/_tokens/_page.py, Counting.chunks): each
 *  window as [first token, end token, first character, end character] (characters in Unicode
 *  code points), and the drawn text cut at every window's edge as [first character, text,
 *  first chunk, last chunk] (two chunks or more: an overlap). */
interface ChunkView {
  tokens: number;
  chunk_size: number;
  overlap: number;
  chunks: number;
  shown: number;
  windows: [number, number, number, number][];
  segments: [number, string, number, number][];
}

/** The first chunks of one document as a splitter cut it (calculator/_splitters/_page.py,
 *  Splitting.view): each as [first character, end character, its tokens], the text cut at
 *  every chunk's edge as ChunkView's (first chunk -1: white space in no chunk). */
interface SplitView {
  splitter: string;
  chunks: number;
  tokens_processed: number;
  window: { chunks: number; tokens_processed: number };
  chunks_ratio: string | null;
  error: CalculatorErrorData | null;
  shown: number;
  windows: [number, number, number][];
  segments: [number, string, number, number][];
}

/** A calculator error as the answer gives it (its catalog key "errors.<key>"). */
interface CalculatorErrorData {
  key: string;
  params: Record<string, string>;
  integer_params: string[];
}

/** One document as a splitter cut it, or why it could not (LlamaIndex's refusal of a
 *  character longer than the chunk size; "read": the browser could not read the file). */
interface SplitFigures {
  chunks?: number;
  tokens_processed?: number;
  /** Each chunk's tokens, in order. */
  lengths?: number[];
  error?: CalculatorErrorData;
}

/** One document's figures (tokens, Unicode characters, UTF-8 bytes and words of the counted
 *  text), or why it has none: "binary" (NUL bytes), "not_utf8" (with the first bad byte's
 *  offset), "read" (the browser could not read the file). */
interface CountedDocument {
  name: string;
  tokens?: number;
  characters?: number;
  bytes?: number;
  words?: number;
  error?: "binary" | "not_utf8" | "read";
  offset?: number;
}

/** The sample's figures (calculator/protocol/_sample.py describe): every number a decimal string. */
interface SampleFigures {
  documents: string;
  tokens: string;
  characters: string;
  bytes: string;
  words: string;
  per_character: string | null;
  per_byte: string | null;
  per_word: string | null;
  tokens_per_document: string | null;
  chunks: string;
  chunks_per_document: string | null;
  /** D documents like the sample's: given, or a total size ÷ the sample's size per document
   *  (`size` in full, with decimals where a unit gave a fraction of a byte). */
  estimate: {
    kind: "documents" | "bytes" | "characters";
    size: string;
    size_per_document: string | null;
    documents: string;
    ratio: string;
    tokens: string;
    chunks: string;
    chunks_per_document: string;
    use: Record<string, string>;
  } | null;
  error: CalculatorErrorData | null;
  splitters: {
    splitter: string;
    chunks: string;
    tokens_processed: string;
    chunks_ratio: string | null;
    tokens_ratio: string | null;
    corpus_chunks: string | null;
    corpus_tokens_processed: string | null;
  }[];
}

/** Worker -> page: progress (`loading` while the tokenizer loads; `done` a share of 0..1),
 *  then one result: every document, or cancelled, or the tokenizer's failure to load (`error`)
 *  or refusal to count (`tokenizer`, a picked tokenizer.json's). */
type CountReply =
  | { type: "evaluate-progress"; count: number; done: number; loading?: "wordllama" }
  | {
      type: "evaluate-result";
      count: number;
      answer?: { questions: number; settings: EvaluatedSetting[] };
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

/** calculator/_tokens/_page.py as the worker calls it. */
interface TokenCounter {
  load(encoding: string, ranksPath: string): void;
  load_tokenizer(name: string, text: string): string;
  forget_tokenizer(name: string): void;
  start_text(encoding: string, text: string): TokenCounting;
  start_file(encoding: string, path: string, suffix: string): TokenCounting;
}

/** One document being counted (a Python object: destroy() it when done). */
interface TokenCounting {
  step(): boolean;
  result(): string;
  chunks(tokens: string, chunkSize: string, overlap: string): string;
  readonly done: number;
  readonly total: number;
  /** Why the tokenizer.json refused the text as it was counted (a TokenizerLoaded, as JSON). */
  readonly refused: string | undefined;
  destroy(): void;
}

/** calculator/_splitters/_page.py as the worker calls it. */
interface SplitterPage {
  start(
    splitter: string,
    encoding: string,
    counting: TokenCounting,
    chunkSize: string,
    overlap: string,
    keep?: boolean,
  ): TokenSplitting;
  /** What splitting again changes (both kept their texts): a ReindexPlan's fields as JSON,
   *  "null" where either stopped on an error. */
  change(old: TokenSplitting, again: TokenSplitting): string;
  /** Each kept chunk counted by a loaded counter (the model's tokenizer), as JSON. */
  fit_lengths(cut: TokenSplitting, tokenizer: string): string;
}

/** One document being split (a Python object: destroy() it when done). */
interface TokenSplitting {
  step(): boolean;
  result(): string;
  view(tokens: string): string;
  readonly done: number;
  readonly total: number;
  /** Why the tokenizer.json refused the text as it was counted (a TokenizerLoaded, as JSON). */
  readonly refused: string | undefined;
  destroy(): void;
}

/** calculator/protocol/_sample.py as the worker calls it. */
interface SampleModule {
  describe(request: string): string;
}

/** calculator/_retrieval/_page.py, as the worker calls it. */
interface EvaluationModule {
  start(request: string): EvaluationRun;
  use_wordllama(table: string, tokenizer: string, columns: number): void;
  wordllama_loaded(columns: number): boolean;
}

/** One evaluation under way (calculator/_retrieval/_page.py PageEvaluation). */
interface EvaluationRun {
  readonly done: number;
  readonly total: number;
  add(name: string, counting: TokenCounting): void;
  /** JSON: {"questions": n} or {"error": EvaluationSetErrorData}. */
  questions(): string;
  step(): boolean;
  /** JSON: {"questions": n, "settings": EvaluatedSetting[]}. */
  result(): string;
  destroy(): void;
}
