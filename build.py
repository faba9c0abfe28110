"""Build, serve and test the RAG chunk planner's static site.

    python3 build.py                  build dist/
    python3 build.py serve [--port N] build, then serve dist/ at http://127.0.0.1:N
    python3 build.py docs-wheel       build, then the docs tools' wheel into dist-docs/
    python3 build.py test [ARGS...]   ruff, mypy, JS checks and pytest (ARGS go to pytest)
    python3 build.py test --quick     the same without the browser tests and the slow tests
    python3 build.py bench            build, then time our page against a stock Pyodide page
    python3 build.py screenshots      build, then write PNGs of the pages into screenshots/
    python3 build.py ranks            fetch the token ranks --count needs into .cache/

The script needs only the standard library to start: it creates the project's
virtual environment .venv/ with the pinned [dependency-groups] of pyproject.toml
and re-executes itself inside it.  Pyodide comes from its npm package, checked
against a recorded hash and cached in .cache/ so rebuilds need no network.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from devtools.browsers import (
    BROWSER_ENGINES,
    BROWSER_PACKAGES,
    CHROMIUM_ARGS,
    FirefoxPref,
    browser_executable,
    ensure_browsers,
    launch_browser,
)
from devtools.screenshots import take_screenshots
from devtools.serve import (
    DEFAULT_PORT,
    ENCODINGS,
    SiteRequestHandler,
    make_server,
    serve,
    serving_in_background,
)
from devtools.testing import run_bench, run_checks
from devtools.venv import ensure_venv, group_requirements, in_project_venv, reexec_in_venv
from engine.build import (
    FIRST_VISIT_RUNTIME_FILES,
    PYODIDE_LOCK_FILE,
    PYODIDE_RUNTIME_FILES,
    PYODIDE_TARBALL_SHA256,
    PYODIDE_VERSION,
    SERVICE_WORKER,
    SNAPSHOT_NAME,
    START_STDLIB,
    ensure_pyodide,
)
from engine.build.pyodide import fetch_pyodide_tarball
from engine.build.snapshot import SNAPSHOT_BLOCK, fresh_memory, packed_snapshot
from engine.build.stdlib import make_start_stdlib
from site_build.app import CALCULATOR, CALCULATOR_ZIP
from site_build.compress import compressible_files, write_precompressed
from site_build.docs_wheel import DIST_DOCS, build_docs_wheel
from site_build.external_urls import check_no_external_urls
from site_build.layout import Layout, layout_of
from site_build.pipeline import build, write_service_worker
from site_build.policy import CSP
from site_build.project import (
    CACHE,
    DIST,
    LANGUAGE_TAGS,
    LANGUAGES,
    LOCALES,
    ROOT,
    WEB,
    BuildError,
    load_pyproject,
    npm_packed,
    verify_sha256,
)
from site_build.token_ranks import TOKEN_RANKS, ensure_token_ranks
from site_build.versioned import IMMUTABLE_CACHING, content_hash, is_versioned, versioned

# Where `python3 build.py screenshots` writes its pictures (not kept in git).
SCREENSHOTS = ROOT / "screenshots"

# What the tests and the benchmark use of the build and the developer's tools, by one name.
__all__ = [
    "BROWSER_ENGINES",
    "BROWSER_PACKAGES",
    "CACHE",
    "CALCULATOR",
    "CALCULATOR_ZIP",
    "CHROMIUM_ARGS",
    "CSP",
    "DIST",
    "DIST_DOCS",
    "ENCODINGS",
    "FIRST_VISIT_RUNTIME_FILES",
    "IMMUTABLE_CACHING",
    "LANGUAGES",
    "LANGUAGE_TAGS",
    "LOCALES",
    "PYODIDE_LOCK_FILE",
    "PYODIDE_RUNTIME_FILES",
    "PYODIDE_TARBALL_SHA256",
    "PYODIDE_VERSION",
    "ROOT",
    "SERVICE_WORKER",
    "SNAPSHOT_BLOCK",
    "SNAPSHOT_NAME",
    "START_STDLIB",
    "TOKEN_RANKS",
    "WEB",
    "BuildError",
    "FirefoxPref",
    "Layout",
    "SiteRequestHandler",
    "browser_executable",
    "build",
    "build_docs_wheel",
    "check_no_external_urls",
    "compressible_files",
    "content_hash",
    "ensure_pyodide",
    "fetch_pyodide_tarball",
    "fresh_memory",
    "group_requirements",
    "is_versioned",
    "launch_browser",
    "layout_of",
    "load_pyproject",
    "main",
    "make_server",
    "make_start_stdlib",
    "npm_packed",
    "packed_snapshot",
    "serving_in_background",
    "verify_sha256",
    "versioned",
    "write_precompressed",
    "write_service_worker",
]


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    commands.add_parser(
        "docs-wheel",
        help="build, then the wheel of rag-chunk-planner-docs (Sphinx and MkDocs) into dist-docs/",
    )
    commands.add_parser(
        "test",
        help="run ruff, mypy, the JavaScript checks and pytest (later arguments go to pytest); "
        "--quick leaves out the browser tests and the tests marked slow",
    )
    commands.add_parser(
        "bench",
        help="build, then time our page against a stock Pyodide page "
        "(later arguments go to tests/bench.py: --runs N, --only-networks, "
        "--only-loopback, --only-counting, --only-cli-counting, --only-large-corpus, "
        "--only-tokenizer-json, --only-evaluation, --only-scaling)",
    )
    commands.add_parser(
        "screenshots", help="build, then write PNGs of the pages into screenshots/ to look at"
    )
    commands.add_parser("ranks", help="fetch and convert the token ranks into .cache/token-ranks/")
    if argv[:1] in (["test"], ["bench"]):
        # Verbatim: argparse would take pytest's own options (-k EXPR) for ours.
        rest = list(argv[1:])
        quick = argv[0] == "test" and "--quick" in rest
        return argparse.Namespace(
            command=argv[0], pytest_args=[arg for arg in rest if arg != "--quick"], quick=quick
        )
    return parser.parse_args(argv)


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    # The command line's counting speed needs neither the page nor a browser.
    cli_only = args.command == "bench" and bool(
        {"--only-cli-counting", "--only-scaling"} & set(args.pytest_args)
    )
    if not in_project_venv():
        needs_tests = args.command in {"test", "bench", "screenshots"}
        if needs_tests and not (args.command == "test" and args.quick) and not cli_only:
            ensure_browsers()
        ensure_venv("test" if needs_tests else "build")
        reexec_in_venv(Path(__file__), argv)
    try:
        if args.command in {"test", "ranks"} or cli_only:
            ensure_token_ranks()  # the token counting tests and the CLI's --count need them
        if args.command == "ranks":
            return 0
        if cli_only:
            return run_bench(args.pytest_args)
        if args.command == "test":
            return run_checks(args.pytest_args, quick=args.quick)
        build()
        if args.command == "serve":
            serve(DIST, args.port)
        if args.command == "docs-wheel":
            print(build_docs_wheel(DIST).relative_to(ROOT))
        if args.command == "bench":
            return run_bench(args.pytest_args)
        if args.command == "screenshots":
            for path in take_screenshots(DIST, SCREENSHOTS):
                print(path.relative_to(ROOT))
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
