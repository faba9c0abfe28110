"""The static site's build, one module per step; site_build/pipeline.py runs them, and its
docstring gives the order:

    bundle    the page's and the worker's modules as a few files, Pyodide's script minified
              (esbuild)
    compress  a .gz and a .br beside each file that compresses
    manifest  where this build put each file: build-manifest.js and the service worker's list
    render    our scripts and styles, one page per language, the language-choosing root page
    runtime   fetch Pyodide's pinned npm package, check its hash, ship its runtime files
    snapshot  Pyodide's memory with the calculator imported, packed
    stdlib    compile the standard library to bytecode; the start-up zip a first visit boots from

Beside them: project (paths, pins, BuildError), layout (versioned directories), modules (what
a page preloads), wheel (the calculator's wheel), external_urls (the privacy check),
token_ranks (the tokenizer's data for the CLI, the tests and the site), stylesheet (the one
style.css), comments (the shipped scripts without comments), policy (the CSP).  Importing
any of them needs only the standard library.
"""
