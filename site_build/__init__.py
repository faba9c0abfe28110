"""The static site's build, one module per step (site_build.pipeline runs them in order):

    runtime   fetch Pyodide's pinned npm package, check its hash, ship its runtime files
    stdlib    compile the standard library to bytecode; the start-up zip a first visit boots from
    snapshot  Pyodide's memory with the calculator imported, packed
    render    our scripts and styles, one page per language, the language-choosing root page
    manifest  where this build put each file: build-manifest.js and the service worker's list
    bundle    the page's and the worker's modules as a few files (esbuild), the page's preloads
    compress  a .gz and a .br beside each file that compresses

Beside them: project (paths, pins, BuildError), layout (versioned directories), wheel (the
calculator's wheel), external_urls (the privacy check), token_ranks (the tokenizer's data
for the CLI and the tests).  Importing any of them needs only the standard library.
"""
