"""What every build step shares, the engine's too (engine/build/): where the project's files
are, the languages, the one error a step raises for a reason the user can fix, Node.js, and
the pinned npm packages the build fetches (esbuild among them)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tarfile
import tempfile
import tomllib
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
# The pages' Jinja templates (web/templates/), which include each other by file name.
TEMPLATES = WEB / "templates"
LOCALES = ROOT / "locales"
# The catalogs' keys of the command line's own words (its summaries, calculator/cli/_words.py):
# the pages never show them, so the build leaves them out (site_build/render.py).
COMMAND_LINE_KEYS = "cli."
CACHE = ROOT / ".cache"

LANGUAGES = ("pt", "de", "it", "pl", "en")
# The BCP 47 tag each page declares (lang, hreflang): the Portuguese text is Brazilian. The
# directory keeps the short name (pt/), so links already shared keep working.
LANGUAGE_TAGS = {"pt": "pt-BR", "de": "de", "it": "it", "pl": "pl", "en": "en"}


class BuildError(Exception):
    """A build step failed for a reason the user can fix; main() prints it."""


def node_command(purpose: str) -> str:
    """Node.js, which runs Pyodide at build time and compresses; `purpose` completes
    "node is needed ..." in the error when it is missing."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"node is needed {purpose}: install Node.js")
    return node


def load_pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(partial(file.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_sha256(path: Path, expected: str) -> None:
    actual = sha256_of(path)
    if actual != expected:
        raise BuildError(f"{path.name}: sha256 {actual} does not match the recorded {expected}")


def npm_packed(package: str, sha256: str, what: str) -> Path:
    """`npm pack` a pinned package ("name@version") into .cache/ (once) and check its hash."""
    name, _, version = package.rpartition("@")
    # As npm names it: "@scope/name" packs as "scope-name-<version>.tgz".
    tarball = CACHE / f"{name.removeprefix('@').replace('/', '-')}-{version}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError(f"npm is needed once to fetch {what}: install Node.js and npm")
        CACHE.mkdir(exist_ok=True)
        subprocess.run(
            [npm, "pack", "--silent", package], cwd=CACHE, check=True, stdout=subprocess.DEVNULL
        )
    try:
        verify_sha256(tarball, sha256)
    except BuildError:
        tarball.unlink()  # never used, and the next run fetches it anew
        raise
    return tarball


# esbuild bundles the site's scripts (site_build/bundle.py) and minifies Pyodide's
# (engine/build/pyodide.py): esbuild-wasm from its pinned npm package, run by Node, so one tool
# serves every platform the build runs on (0.25.12: later versions' Go runtime crashes Node 20
# while it starts).  Its output is deterministic; a build is reproducible with it.
ESBUILD_PACKAGE = "esbuild-wasm@0.25.12"
# sha256 of the tarball `npm pack esbuild-wasm@0.25.12` downloads; change it only with the
# version, after checking that the new version runs and bundles the same.
ESBUILD_TARBALL_SHA256 = "e0712c0e7a9bcfb53c648f63222b07d6ef052897da093498441b8ac5fcfc5342"
ESBUILD = CACHE / "esbuild-wasm-0.25.12"
# esbuild reads the nearest tsconfig.json above the files it is given (the project's, for a
# build into dist/ or for .cache/): its settings change the output (names in a minified
# file), so a build's bytes would depend on where it runs.  None is read.
NO_TSCONFIG = "--tsconfig-raw={}"


def esbuild() -> Path:
    """esbuild's command-line script in .cache/ (unpacked once from the checked tarball)."""
    script = ESBUILD / "bin" / "esbuild"
    if script.exists():
        return script
    tarball = npm_packed(ESBUILD_PACKAGE, ESBUILD_TARBALL_SHA256, "the JavaScript bundler")
    with tempfile.TemporaryDirectory(dir=CACHE) as staging, tarfile.open(tarball) as archive:
        archive.extractall(staging, filter="data")
        shutil.rmtree(ESBUILD, ignore_errors=True)
        (Path(staging) / "package").rename(ESBUILD)
    return script
