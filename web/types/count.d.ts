// Counting text in tokens (web/count.js on the page, web/count-worker.js in the calculator's
// worker).  Every message carries `count`, the page's number for one count, never `id`: the
// calculator's own replies are matched by `id`.

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
    };
