"""The static site's build, one module per step; site_build/pipeline.py runs them with the
start-up engine's (engine/build/), and its docstring gives the order:

    bundle    the page's and the worker's modules as a few files (esbuild)
    compress  a .gz and a .br beside each file that compresses
    render    our scripts and styles, one page per language, the language-choosing root page
    wheel     the calculator's wheel
    token_ranks  the tokenizer's data for the CLI, the tests and the site

Beside them: project (paths, the npm pins and esbuild, BuildError), versioned (directories
named after their contents), layout (where a build put them), app (the calculator as the
engine runs it), modules (the scripts' sources, flat in the assets, and what a page
preloads), external_urls (the privacy check), stylesheet (the one style.css), comments (the
shipped scripts without comments), policy (the CSP).  Importing any of them needs only the
standard library.
"""
