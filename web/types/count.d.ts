// Counting text in tokens (web/page/count/count.js on the page, web/worker/count-worker.js in
// the calculator's worker), the messages of the engine's channel for the feature "count".
// Every message carries `count`, the page's number for one count.

/** One document to count: pasted text, or a file the worker reads. */
interface CountDocument {
  name: string;
  text?: string;
  file?: File;
}

/** Page -> worker: count these documents with one encoding. */
interface CountRequest {
  type: "count";
  count: number;
  encoding: "o200k_base" | "cl100k_base";
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
  encoding: "o200k_base" | "cl100k_base";
  document: CountDocument;
  tokens: string;
  chunk_size: string;
  overlap: string;
}

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

/** One document's figures (tokens, Unicode characters and UTF-8 bytes of the counted text),
 *  or why it has none: "binary" (NUL bytes), "not_utf8" (with the first bad byte's offset),
 *  "read" (the browser could not read the file). */
interface CountedDocument {
  name: string;
  tokens?: number;
  characters?: number;
  bytes?: number;
  error?: "binary" | "not_utf8" | "read";
  offset?: number;
}

/** Worker -> page: progress (`loading` while the tokenizer loads; `done` a share of 0..1),
 *  then one result: every document, or cancelled, or the tokenizer's failure to load. */
type CountReply =
  | { type: "count-progress"; count: number; done: number; loading?: boolean }
  | {
      type: "count-result";
      count: number;
      documents?: CountedDocument[];
      cancelled?: boolean;
      error?: string;
    }
  | { type: "chunks-result"; count: number; view?: ChunkView; error?: string };

/** calculator/_tokens/_page.py as the worker calls it. */
interface TokenCounter {
  load(encoding: string, ranksPath: string): void;
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
  destroy(): void;
}
