"""The shipped scripts and stylesheet lose their comments and nothing else."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from devtools.js_checks import NODE_MODULES, ensure_node_modules
from engine.build import SERVICE_WORKER_SOURCE
from site_build.comments import css_without_comments, js_without_comments
from site_build.modules import script_sources
from site_build.project import ROOT, node_command
from site_build.stylesheet import stylesheet

PRINTED = ROOT / "tests" / "js" / "printed.mjs"

JS_CASES = [
    ("// a line\nconst a = 1;\n", "const a = 1;\n"),
    ("const a = 1; // why\n", "const a = 1;\n"),
    ("/**\n * A block.\n */\nexport function f() {}\n", "export function f() {}\n"),
    ("const url = 'http://x' + \"//y\";\n", "const url = 'http://x' + \"//y\";\n"),
    ("const r = /\\/\\/[/*]x/g.test(s); // c\n", "const r = /\\/\\/[/*]x/g.test(s);\n"),
    ("if (a) return /b/.test(c); // c\n", "if (a) return /b/.test(c);\n"),
    ("const half = a / 2 / b; // c\n", "const half = a / 2 / b;\n"),
    (
        "const t = `// kept\n${a /* gone */ + `${b}// kept`} /* kept */`;\n",
        "const t = `// kept\n${a  + `${b}// kept`} /* kept */`;\n",
    ),
    ("const o = `${{ a: 1 }.a}`; // c\n", "const o = `${{ a: 1 }.a}`;\n"),
    ("const x = /** @type {A} */ (y);\n", "const x =  (y);\n"),
    ("a();\n\n// alone\n\nb();", "a();\n\n\nb();"),
    ("end(); // no newline at the end", "end();"),
]


@pytest.mark.parametrize(("source", "expected"), JS_CASES)
def test_a_script_loses_its_comments_only(source: str, expected: str) -> None:
    assert js_without_comments(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("/* a */\na { color: red; } /* b */\n", "a { color: red; }\n"),
        ('a::before { content: "/* kept */"; }\n', 'a::before { content: "/* kept */"; }\n'),
        ("a {\n  /* why */\n  margin: 0;\n}\n", "a {\n  margin: 0;\n}\n"),
    ],
)
def test_a_stylesheet_loses_its_comments_only(source: str, expected: str) -> None:
    assert css_without_comments(source) == expected


def printed(files: list[Path], *, with_comments: bool = False) -> list[str]:
    if ensure_node_modules() != 0:
        pytest.fail("node_modules/ could not be installed (npm ci)")
    assert (NODE_MODULES / "typescript").is_dir()
    flags = ["--with-comments"] if with_comments else []
    run = subprocess.run(
        [node_command("TypeScript's printer"), str(PRINTED), *flags, *map(str, files)],
        capture_output=True,
        check=True,
        text=True,
    )
    texts: list[str] = json.loads(run.stdout)
    return texts


@pytest.mark.slow
def test_every_shipped_script_is_its_source_without_comments(tmp_path: Path) -> None:
    sources = sorted([*script_sources().values(), SERVICE_WORKER_SOURCE])
    shipped = []
    for source in sources:
        target = tmp_path / source.name
        target.write_text(js_without_comments(source.read_text(encoding="utf-8")), "utf-8")
        shipped.append(target)
    # The same program, once comments and layout are set aside...
    assert printed(shipped) == printed(sources)
    # ...and no comment left in it.
    assert printed(shipped, with_comments=True) == printed(shipped)


def test_the_shipped_stylesheet_keeps_every_rule() -> None:
    source = stylesheet()
    shipped = css_without_comments(source)
    assert "/*" not in shipped
    assert len(shipped) < len(source)
    rules = [line.strip() for line in source.splitlines() if "{" in line and "/*" not in line]
    assert all(rule in shipped for rule in rules)
