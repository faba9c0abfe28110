"""The worker-page protocol typed once: TypedDicts in calculator/protocol/_answer.py become
the .d.ts that tsc checks the page's JavaScript against (tools/answer_types.py), so a key renamed on
either side fails a check; and a real answer of ``respond`` has exactly those types.  So do the
features the worker calls (calculator/protocol/features.py, typed in _feature_types.py) and the
messages of the count between the page and the worker (_message_types.py): their declarations,
web/types/features.d.ts and count.d.ts, are what the tool writes from them."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
import textwrap
import typing
from collections.abc import Mapping
from pathlib import Path

import pytest

import build
from calculator import respond
from site_build.modules import script_sources

sys.path.insert(0, str(build.ROOT / "tools"))
answer_types = importlib.import_module("answer_types")

TSC = build.ROOT / "node_modules" / ".bin" / "tsc"
# The answer's types: the answer with its panels, and the sections of plain figures it uses.
PROTOCOL = build.ROOT / "calculator" / "protocol"
ANSWER_FILES = ("_answer.py", "_figures.py")

SAMPLE_MODULE = '''
from __future__ import annotations
from typing import Literal, NotRequired, Required, TypedDict

class Inner(TypedDict):
    """A nested one."""
    count: int
    share: float

class Loose(TypedDict, total=False):
    maybe: str
    surely: Required[bool]

class Outer(TypedDict):
    inner: Inner
    rows: list[Inner]
    by_name: dict[str, list[str]]
    kind: Literal["iec", "si", 3, True]
    either: Inner | None
    optional: NotRequired[Loose]
    pair: tuple[str, int]
'''


def generated(tmp_path: Path, name: str, source: str) -> str:
    (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        text: str = answer_types.declarations(name)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(name, None)
    return text


def test_every_kind_of_annotation_becomes_its_wire_type(tmp_path: Path) -> None:
    text = generated(tmp_path, "sample_answer", SAMPLE_MODULE)
    assert text.split("\n\n", 1)[1] == textwrap.dedent("""\
        /** A nested one. */
        export interface Inner {
          count: string;
          share: string;
        }

        export interface Loose {
          maybe?: string;
          surely: boolean;
        }

        export interface Outer {
          inner: Inner;
          rows: Array<Inner>;
          by_name: Record<string, Array<string>>;
          kind: "iec" | "si" | "3" | true;
          either: Inner | null;
          optional?: Loose;
          pair: [string, string];
        }
        """)


def test_a_type_without_a_wire_form_is_refused(tmp_path: Path) -> None:
    source = "from typing import TypedDict\nclass Bad(TypedDict):\n    when: complex\n"
    with pytest.raises(TypeError, match="no TypeScript type"):
        generated(tmp_path, "bad_answer", source)


def answer_sources(edit_py: tuple[str, str, str] | None = None) -> dict[str, str]:
    """The answer's type modules by file name, with ``edit_py`` (file, old, new) applied."""
    sources = {name: (PROTOCOL / name).read_text(encoding="utf-8") for name in ANSWER_FILES}
    if edit_py:
        name, old, new = edit_py
        assert old in sources[name]
        sources[name] = sources[name].replace(old, new)
    return sources


def generated_answer(folder: Path, sources: dict[str, str]) -> str:
    """The declarations of ``sources`` as a package of their own (their imports are relative)."""
    package = folder / "edited_protocol"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, source in sources.items():
        (package / name).write_text(source, encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        text: str = answer_types.declarations("edited_protocol._answer")
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.startswith("edited_protocol")]:
            sys.modules.pop(name)
    return text


def run_tsc(folder: Path, config: Mapping[str, object]) -> subprocess.CompletedProcess[str]:
    """The pinned tsc run over ``config``, written as ``folder``'s tsconfig.json."""
    (folder / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    return subprocess.run(
        [str(TSC), "-p", str(folder / "tsconfig.json")],
        capture_output=True,
        text=True,
        check=False,
    )


def checked(
    tmp_path: Path,
    answer: dict[str, str],
    edit_js: tuple[str, str, str] | None = None,
    extra_ts: str = "",
) -> subprocess.CompletedProcess[str]:
    """tsc over a copy of the pure page modules, against types made from ``answer``'s modules."""
    if not TSC.exists():
        pytest.skip("the pinned TypeScript is installed by python3 build.py test (npm ci)")
    web = tmp_path / "web"
    web.mkdir()
    sources = script_sources()
    for name in ("format.js", "results-text.js"):
        shutil.copy(sources[name], web / name)
    if edit_js:
        name, old, new = edit_js
        text = (web / name).read_text(encoding="utf-8")
        assert old in text
        (web / name).write_text(text.replace(old, new), encoding="utf-8")
    types = tmp_path / "types"
    types.mkdir()
    (types / "answer.d.ts").write_text(generated_answer(types, answer), encoding="utf-8")
    config = {
        "compilerOptions": {
            "allowJs": True,
            "checkJs": True,
            "noEmit": True,
            "strict": True,
            "target": "es2022",
            "module": "es2022",
            "moduleResolution": "bundler",
            "lib": ["es2023"],
            "types": [],
            "paths": {"answer-types": ["./types/answer.d.ts"]},
        },
        "include": ["web/*.js", *(["sample.ts"] if extra_ts else [])],
    }
    if extra_ts:
        (tmp_path / "sample.ts").write_text(extra_ts, encoding="utf-8")
    return run_tsc(tmp_path, config)


def test_a_key_renamed_in_python_fails_the_check(tmp_path: Path) -> None:
    renamed = ("_figures.py", "    significand: str\n", "    digits: str\n")
    done = checked(tmp_path, answer_sources(renamed))
    assert done.returncode != 0
    assert "Property 'significand' does not exist" in done.stdout


def test_a_key_renamed_in_javascript_fails_the_check(tmp_path: Path) -> None:
    done = checked(
        tmp_path,
        answer_sources(),
        ("results-text.js", "result.raw_vector_size", "result.raw_vector_sizes"),
    )
    assert done.returncode != 0
    assert "raw_vector_sizes" in done.stdout


def test_a_real_answer_has_exactly_the_declared_types(tmp_path: Path) -> None:
    answers = [
        json.loads(respond(json.dumps(request)))
        for request in (
            {
                "fields": {
                    "tokens": "8000",
                    "chunk_size": "512",
                    "overlap": "64",
                    "dimensions": "384",
                    "documents": "3",
                    "average_tokens": "100",
                    "top_k": "3",
                    "context_window": "8192",
                    "reserved_tokens": "0",
                    "answer_tokens": "0",
                    "price_per_million": "0.02",
                }
            },
            {"query": "tokens=abc&chunk_size=512"},
            # Storage as each database stores it: its parts and their sizes.
            {"query": "tokens=200000&database=pgvector&index_kind=ivfflat&dimensions=1536"},
            {"query": "tokens=200000&database=qdrant&on_disk=vectors&text_bytes_per_token=4"},
        )
    ]
    sample = "".join(
        f"export const answer{index}: Answer = {json.dumps(answer)};\n"
        for index, answer in enumerate(answers)
    )
    done = checked(
        tmp_path,
        answer_sources(),
        extra_ts=f'import type {{ Answer }} from "answer-types";\n{sample}',
    )
    assert done.returncode == 0, done.stdout


SAMPLE_FEATURES = '''
from __future__ import annotations
from typing import Annotated, Protocol, TypedDict
from sample_feature_types import JsonOf

class Figures(TypedDict):
    """What a step counted."""
    tokens: int
    ratio: str | None

class Stepper(Protocol):
    """One job under way."""
    @property
    def done(self) -> int:
        """Steps done."""
    @property
    def why(self) -> str | None: ...
    def step(self, seconds: float) -> bool: ...
    def result(self) -> Annotated[str, JsonOf(Figures)]: ...

__all__ = ["start", "stop"]

def start(name: str, request: Annotated[str, JsonOf(Figures)], keep: bool = False) -> Stepper:
    """Start it: :func:`stop` ends it."""
    raise NotImplementedError

def stop(job: Stepper) -> None:
    """Stop it."""
'''


def test_the_features_become_proxies_methods_and_json_texts(tmp_path: Path) -> None:
    (tmp_path / "sample_feature_types.py").write_text(
        "class JsonOf:\n    def __init__(self, shape: object) -> None:\n"
        "        self.shape = shape\n",
        encoding="utf-8",
    )
    (tmp_path / "sample_features.py").write_text(SAMPLE_FEATURES, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        text: str = answer_types.feature_declarations("sample_features", "sample_features")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("sample_features", None)
        sys.modules.pop("sample_feature_types", None)
    # A JSON text's int is a number and its None null; a proxy's None is undefined, and a
    # JSON text the worker writes is any string.
    assert text.split("interface JSON {\n  parse<T>(text: JsonText<T>): T;\n}\n\n", 1)[1] == (
        textwrap.dedent("""\
        /** What a step counted. */
        interface Figures {
          tokens: number;
          ratio: string | null;
        }

        /** One job under way. */
        interface Stepper {
          /** Steps done. */
          readonly done: number;
          readonly why: string | undefined;
          step(seconds: number): boolean;
          result(): JsonText<Figures>;
          /** Frees the Python object: the proxy is unusable after. */
          destroy(): void;
        }

        /** sample_features as the worker calls it (pyodide.pyimport). */
        interface Features {
          /** Start it: `stop` ends it. */
          start(name: string, request: string, keep?: boolean): Stepper;
          /** Stop it. */
          stop(job: Stepper): void;
        }
        """)
    )


def test_the_workers_types_are_generated_from_python() -> None:
    # When this fails: python3 tools/answer_types.py --features web/types/features.d.ts
    written = answer_types.FEATURES_FILE.read_text(encoding="utf-8")
    assert written == answer_types.feature_declarations(), (
        "web/types/features.d.ts is stale: python3 tools/answer_types.py --features "
        "web/types/features.d.ts"
    )


def worker_checked(folder: Path, types: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    """tsc over the worker's scripts, against web/types/'s declarations with ``types`` (file
    name: text) in the place of those of the same name."""
    if not TSC.exists():
        pytest.skip("the pinned TypeScript is installed by python3 build.py test (npm ci)")
    for name, text in types.items():
        (folder / name).write_text(text, encoding="utf-8")
    root = build.ROOT
    kept = sorted(
        str(path) for path in (root / "web" / "types").glob("*.d.ts") if path.name not in types
    )
    config = {
        "extends": str(root / "tsconfig.worker.json"),
        "compilerOptions": {
            "tsBuildInfoFile": str(folder / "worker.tsbuildinfo"),
            "rootDirs": [
                str(root / part) for part in ("engine/worker", "web/worker", "engine/types")
            ],
        },
        "include": [
            str(root / "engine" / "worker" / "*.js"),
            str(root / "web" / "worker" / "*.js"),
            str(root / "engine" / "types" / "*.d.ts"),
            *kept,
            *(str(folder / name) for name in types),
        ],
    }
    return run_tsc(folder, config)


def test_a_feature_renamed_in_python_fails_the_workers_check(tmp_path: Path) -> None:
    source = (PROTOCOL / "features.py").read_text(encoding="utf-8")
    assert "def describe_sample(" in source
    (tmp_path / "edited_features.py").write_text(
        source.replace("def describe_sample(", "def describe_figures("), encoding="utf-8"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        text = answer_types.feature_declarations("edited_features", answer_types.FEATURE_TYPES)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("edited_features", None)
    done = worker_checked(tmp_path, {"features.d.ts": text})
    assert done.returncode != 0
    assert "Property 'describe_sample' does not exist on type 'Features'" in done.stdout, (
        done.stdout
    )


SAMPLE_SHARED = """
from typing import TypedDict

class Shared(TypedDict):
    size: int

class _Base(TypedDict, total=False):
    size: int
"""

SAMPLE_MESSAGES = '''
"""What the sample's messages are for.

Not in the header: the module's first paragraph only."""

from __future__ import annotations
from typing import Literal, NewType, NotRequired, Required, TypedDict
from sample_shared import Shared, _Base

class File:
    """The browser's."""

#: A name the page gives.
Name = NewType("Name", str)

class Ask(TypedDict):
    """Page -> worker: do it."""
    type: Literal["ask"]
    #: which one
    name: Name
    file: NotRequired[File]
    pairs: list[tuple[int, int]]
    grid: list[tuple[int, float] | None]
    shared: Shared

class Told(_Base, total=False):
    type: Required[Literal["told"]]

#: Every message.
Message = Ask | Told
Again = Ask
'''


def test_the_messages_become_interfaces_and_named_types(tmp_path: Path) -> None:
    (tmp_path / "sample_shared.py").write_text(SAMPLE_SHARED, encoding="utf-8")
    (tmp_path / "sample_messages.py").write_text(SAMPLE_MESSAGES, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        text: str = answer_types.message_declarations("sample_messages")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("sample_messages", None)
        sys.modules.pop("sample_shared", None)
    # The header's description is the module's first paragraph; a type of another module
    # (Shared) is named, not declared; a private base's fields are written out; another name
    # for a class (Again) is no declaration.
    assert text.split("; do not edit,\n", 1)[1] == textwrap.dedent("""\
        // but run python3 tools/answer_types.py --messages web/types/count.d.ts
        // What the sample's messages are for.

        /** A name the page gives. */
        type Name = string;

        /** Page -> worker: do it. */
        interface Ask {
          type: "ask";
          /** which one */
          name: Name;
          file?: File;
          pairs: Array<[number, number]>;
          grid: Array<[number, number] | null>;
          shared: Shared;
        }

        interface Told {
          size?: number;
          type: "told";
        }

        /** Every message. */
        type Message = Ask | Told;
        """)


def test_the_messages_types_are_generated_from_python() -> None:
    # When this fails: python3 tools/answer_types.py --messages web/types/count.d.ts
    written = answer_types.MESSAGES_FILE.read_text(encoding="utf-8")
    assert written == answer_types.message_declarations(), (
        "web/types/count.d.ts is stale: python3 tools/answer_types.py --messages "
        "web/types/count.d.ts"
    )


def test_a_message_key_renamed_in_python_fails_the_workers_check(tmp_path: Path) -> None:
    sources = {
        name: (PROTOCOL / name).read_text(encoding="utf-8")
        for name in ("_feature_types.py", "_message_types.py")
    }
    field = "    model_tokenizer: Encoding\n"
    assert field in sources["_message_types.py"]
    sources["_message_types.py"] = sources["_message_types.py"].replace(
        field, "    model_counter: Encoding\n"
    )
    package = tmp_path / "edited_messages"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, source in sources.items():
        (package / name).write_text(source, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        text = answer_types.message_declarations("edited_messages._message_types")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.startswith("edited_messages")]:
            sys.modules.pop(name)
    done = worker_checked(tmp_path, {"count.d.ts": text})
    assert done.returncode != 0
    assert "Property 'model_tokenizer' does not exist on type 'FitRequest'" in done.stdout, (
        done.stdout
    )


def features_answers(folder: Path) -> list[tuple[str, object]]:
    """Real answers of the worker's features, each with the type features.d.ts declares."""
    from calculator._tokens import ENCODINGS, RANKS_SUFFIX  # noqa: PLC0415
    from calculator.protocol import features  # noqa: PLC0415
    from test_cli_evaluate import sample, write_set  # noqa: PLC0415

    for name in ENCODINGS:
        features.load_encoding(name, str(build.TOKEN_RANKS / (name + RANKS_SUFFIX)))
    paths, texts, questions = sample(folder, 7)
    counting = features.start_text("o200k_base", texts[0])
    while not counting.step():
        pass
    answers: list[tuple[str, object]] = [
        ("TokenizerLoaded", json.loads(features.load_tokenizer("picked.json", "{}"))),
        ("CountFigures", json.loads(counting.result())),
        ("ChunkView", json.loads(counting.chunks("500", "64", "8"))),
    ]
    for name, data in (("binary.txt", b"a\0b"), ("latin1.txt", "café".encode("latin-1"))):
        (folder / name).write_bytes(data)
        unread = features.start_file("o200k_base", str(folder / name), ".txt")
        answers.append(("CountFigures", json.loads(unread.result())))
    cut = features.start_split("recursive", "o200k_base", counting, "64", "8", True)
    while not cut.step():
        pass
    answers += [
        ("SplitFigures", json.loads(cut.result())),
        ("SplitView", json.loads(cut.view("500"))),
        ("ReindexChange", json.loads(features.split_change(cut, cut))),
        ("ChunkLengths", json.loads(features.fit_lengths(cut, "cl100k_base"))),
    ]
    document = {"tokens": 683, "characters": 2298, "bytes": 2370, "words": 310}
    for size in ({"kind": "bytes", "text": "5 GB"}, {"kind": "documents", "text": "x"}):
        request = {"documents": [document], "chunk_size": "200", "overlap": "20", "size": size}
        request["splits"] = {"recursive": {"chunks": 5, "tokens_processed": 700}}
        answers.append(("SampleFigures", json.loads(features.describe_sample(json.dumps(request)))))
    write_set(folder / "set.jsonl", questions)
    runs = []
    for questions_text in ((folder / "set.jsonl").read_text(encoding="utf-8"), '{"q": 1}'):
        asked = {"set": questions_text, "format": "jsonl", "retriever": "bm25", "top_k": 3,
                 "encoding": "o200k_base", "splitter": "recursive", "chunk_size": 64,
                 "overlap": 8, "tradeoff": False}  # fmt: skip
        answers.append(("EvaluationRequest", asked))
        run = features.start_evaluation(json.dumps(asked))
        for path, text in zip(paths, texts, strict=True):
            run.add(path.name, features.start_text("o200k_base", text))
        answers.append(("EvaluationQuestions", json.loads(run.questions())))
        runs.append(run)
    while not runs[0].step():  # the set whose every question is found
        pass
    answers.append(("EvaluationAnswer", json.loads(runs[0].result())))
    return answers


def test_the_features_real_answers_have_exactly_the_declared_types(tmp_path: Path) -> None:
    if not TSC.exists():
        pytest.skip("the pinned TypeScript is installed by python3 build.py test (npm ci)")
    answers = features_answers(tmp_path)
    assert {kind for kind, _ in answers} >= {"TokenizerLoaded", "SampleFigures", "SplitView"}
    sample = "".join(
        f"const answer{index}: {kind} = {json.dumps(answer)};\n"
        for index, (kind, answer) in enumerate(answers)
    )
    sample += (
        "type ReindexChange = Array<number> | null;\ntype ChunkLengths = Array<number> | null;\n"
    )
    (tmp_path / "sample.ts").write_text(sample, encoding="utf-8")
    config = {
        "compilerOptions": {"noEmit": True, "strict": True, "target": "es2022", "lib": ["es2023"],
                            "types": []},
        "files": [str(answer_types.FEATURES_FILE), str(tmp_path / "sample.ts")],
    }  # fmt: skip
    done = run_tsc(tmp_path, config)
    assert done.returncode == 0, done.stdout


def test_the_evaluated_settings_measures_are_the_evaluations() -> None:
    from calculator._retrievers import MEASURES  # noqa: PLC0415
    from calculator.protocol._feature_types import EvaluatedSetting, Measure  # noqa: PLC0415

    hints = typing.get_type_hints(EvaluatedSetting, include_extras=True)
    measures = [key for key, hint in hints.items() if typing.get_args(hint) == (Measure,)]
    assert measures == list(MEASURES)
