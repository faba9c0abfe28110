// Prints JavaScript modules as TypeScript's printer writes them, with their comments left out
// (and, given --with-comments, kept): two texts print the same when they differ only in
// comments and layout.  tests/test_comments.py compares the scripts the build ships with
// web/'s this way.
//   node printed.mjs [--with-comments] <file> ...   prints a JSON list, one text per file
import { readFileSync } from "node:fs";
import ts from "typescript";

const args = process.argv.slice(2);
const withComments = args[0] === "--with-comments";
const files = withComments ? args.slice(1) : args;
const printer = ts.createPrinter({ removeComments: !withComments });
const printed = files.map((file) => {
  const source = ts.createSourceFile(file, readFileSync(file, "utf-8"), ts.ScriptTarget.Latest);
  return printer.printFile(source);
});
process.stdout.write(JSON.stringify(printed));
