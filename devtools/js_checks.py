"""The JavaScript checks of `python3 build.py test`: format and lint, types, unit tests.

Run alone: `python3 -m devtools.js_checks`.

The tools are pinned in package.json/package-lock.json and installed into node_modules/ by
`npm ci` when missing or older than the lock. The answer's types are generated from the
calculator's TypedDicts first (tools/answer_types.py), so tsc checks the page against them,
and web/types/features.d.ts and count.d.ts, the worker's types of the features and the count's
messages, must be what that tool writes from Python (``--features``, ``--messages``).
Prints how long each step took; the exit status is non-zero when any step fails.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
LOCK = ROOT / "package-lock.json"
# npm records what it installed here; older than the lock means the pins changed since.
INSTALLED = NODE_MODULES / ".package-lock.json"
ANSWER_TYPES = ROOT / ".cache" / "types" / "answer.d.ts"


def ensure_node_modules() -> int:
    """`npm ci` when node_modules/ is missing or was installed from another lock; non-zero
    when Node.js or npm is missing or npm fails."""
    npm = shutil.which("npm")
    if shutil.which("node") is None or npm is None:
        print("js checks: Node.js and npm are needed", file=sys.stderr)
        return 1
    if INSTALLED.exists() and INSTALLED.stat().st_mtime >= LOCK.stat().st_mtime:
        return 0
    print("js checks: npm ci (the pinned tools into node_modules/)", file=sys.stderr)
    return subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=False).returncode


def steps(node: str) -> list[tuple[str, list[str]]]:
    bin_dir = NODE_MODULES / ".bin"
    return [
        (
            "answer types",
            [
                sys.executable,
                str(ROOT / "tools" / "answer_types.py"),
                "calculator.protocol._answer",
                str(ANSWER_TYPES),
            ],
        ),
        *[
            (
                f"{name} types",
                [
                    sys.executable,
                    str(ROOT / "tools" / "answer_types.py"),
                    option,
                    str(ROOT / "web" / "types" / file),
                    "--check",
                ],
            )
            for name, option, file in (
                ("feature", "--features", "features.d.ts"),
                ("message", "--messages", "count.d.ts"),
            )
        ],
        ("biome", [str(bin_dir / "biome"), "check", "--error-on-warnings"]),
        *[
            (f"tsc -p {config}", [str(bin_dir / "tsc"), "-p", config])
            for config in ("tsconfig.json", "tsconfig.strict.json", "tsconfig.worker.json")
        ],
        (
            "node --test",
            [
                node,
                "--test",
                *sorted(
                    str(path.relative_to(ROOT))
                    for path in (ROOT / "tests" / "js").glob("*.test.js")
                ),
            ],
        ),
    ]


def main() -> int:
    node = shutil.which("node")
    if ensure_node_modules() != 0 or node is None:
        return 1
    failed = []
    started = time.perf_counter()
    for name, command in steps(node):
        begun = time.perf_counter()
        status = subprocess.run(command, cwd=ROOT, check=False).returncode
        print(
            f"js checks: {name}: {'ok' if status == 0 else 'FAILED'} "
            f"({time.perf_counter() - begun:.1f} s)",
            file=sys.stderr,
        )
        if status:
            failed.append(name)
    print(f"js checks: {time.perf_counter() - started:.1f} s in all", file=sys.stderr)
    if failed:
        print(f"js checks: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
