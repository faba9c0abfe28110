"""``--count FILES --evaluate SET``: every measure of every setting equals the one an
independent pipeline gives: LangChain's splitter (its ``start_index``) or tiktoken's windows
for the chunks, rank_bm25's ``BM25Okapi`` or the wordllama package's ``rank()`` for the
rankings, and each measure computed from its definition over sets of characters.
Bad sets, files and combinations are one line and exit 2."""

from __future__ import annotations

import csv
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from langchain_text_splitters import RecursiveCharacterTextSplitter
from rank_bm25 import BM25Okapi  # type: ignore[import-untyped]
from safetensors import safe_open
from tokenizers import Tokenizer
from wordllama.inference import WordLlamaInference  # type: ignore[import-untyped]

from calculator import plan_chunks
from calculator._retrieval._bm25 import bm25_terms
from calculator._retrieval._wordllama import package_files
from test_cli_count import run_main
from test_splitters import prose, tiktoken_encoding

ENCODING = "o200k_base"

# (document, start, end) of each chunk; each question's excerpts the same.
Span = tuple[int, int, int]


def sample(folder: Path, seed: int) -> tuple[list[Path], list[str], list[dict[str, Any]]]:
    """Three documents of generated prose, and questions each quoting one or two unique
    excerpts of them (the question is a few words of its excerpt, as a user would ask)."""
    rng = random.Random(seed)
    paths, texts = [], []
    for number in range(3):
        path = folder / f"doc-{number}.txt"
        text = prose(rng.randrange(10**6))
        path.write_text(text, encoding="utf-8")
        paths.append(path)
        texts.append(text)
    questions: list[dict[str, Any]] = []
    while len(questions) < 12:
        excerpts = []
        for _ in range(rng.choice((1, 1, 2))):
            document = rng.randrange(len(texts))
            text = texts[document]
            start = rng.randrange(max(1, len(text) - 200))
            excerpt = text[start : start + rng.randrange(20, 160)]
            places = [(n, other.find(excerpt)) for n, other in enumerate(texts)]
            found = [(n, at) for n, at in places if at >= 0]
            unique = len(found) == 1 and texts[found[0][0]].find(excerpt, found[0][1] + 1) < 0
            if unique and excerpt.strip():
                excerpts.append(excerpt)
        if excerpts:
            words = excerpts[0].split()[:6]
            questions.append({"question": " ".join(words) + "?", "excerpts": excerpts})
    return paths, texts, questions


def located(texts: list[str], excerpts: list[str]) -> list[Span]:
    spans = []
    for excerpt in excerpts:
        (document,) = [number for number, text in enumerate(texts) if excerpt in text]
        start = texts[document].index(excerpt)
        spans.append((document, start, start + len(excerpt)))
    return spans


def recursive_chunks(texts: list[str], size: int, overlap: int) -> list[tuple[Span, str]]:
    """LangChain's chunks, each found in its document after the start of the one before
    (LangChain's own ``start_index`` can be -1 when overlapping chunks repeat text)."""
    tiktoken_encoding(ENCODING)  # registered: from_tiktoken_encoder finds it offline
    splitter = RecursiveCharacterTextSplitter.from_tiktoken_encoder(
        encoding_name=ENCODING, chunk_size=size, chunk_overlap=overlap
    )
    chunks = []
    for number, text in enumerate(texts):
        start = -1
        for chunk in splitter.split_text(text):
            start = text.index(chunk, start + 1)
            chunks.append(((number, start, start + len(chunk)), chunk))
    return chunks


def window_chunks(texts: list[str], size: int, overlap: int) -> list[tuple[Span, str]]:
    """tiktoken's windows, each from the first character its first token's bytes touch to
    the last its last token's touch."""
    encoding = tiktoken_encoding(ENCODING)
    chunks = []
    for number, text in enumerate(texts):
        ids = encoding.encode_ordinary(text)
        data = text.encode("utf-8")
        plan = plan_chunks(len(ids), size, overlap)
        for index in range(plan.chunks):
            first, last = plan.window(index)
            before = sum(len(encoding.decode_single_token_bytes(t)) for t in ids[:first])
            inside = sum(len(encoding.decode_single_token_bytes(t)) for t in ids[first:last])
            start = len(data[:before].decode("utf-8", "ignore"))
            end = len(data[: before + inside].decode("utf-8", "replace").rstrip("\ufffd"))
            end += 1 if data[: before + inside].decode("utf-8", "replace").endswith("\ufffd") else 0
            chunks.append(((number, start, end), text[start:end]))
    return chunks


def bm25_rankings(chunk_texts: list[str], questions: list[str]) -> list[list[int]]:
    index = BM25Okapi([bm25_terms(text) for text in chunk_texts])
    rankings = []
    for question in questions:
        scores = index.get_scores(bm25_terms(question))
        rankings.append(sorted(range(len(chunk_texts)), key=lambda i: (-scores[i], i)))
    return rankings


def by_definition(
    chunks: list[Span], tokens: list[int], questions: list[list[Span]], rankings: list[list[int]],
    k: int,
) -> dict[str, Fraction]:  # fmt: skip
    """Every measure from its definition, over sets of (document, character)."""

    def chars(span: Span) -> set[tuple[int, int]]:
        return {(span[0], position) for position in range(span[1], span[2])}

    def holds(chunk: Span, excerpt: Span) -> bool:
        return chunk[0] == excerpt[0] and chunk[1] <= excerpt[1] and excerpt[2] <= chunk[2]

    excerpts = [excerpt for spans in questions for excerpt in spans]
    whole = Fraction(sum(any(holds(c, e) for c in chunks) for e in excerpts), len(excerpts))
    hits, recall, precision, iou, mrr, context = [], [], [], [], [], []
    for spans, ranking in zip(questions, rankings, strict=True):
        top = [chunks[index] for index in ranking[:k]]
        hits.append(all(any(holds(c, e) for c in top) for e in spans))
        wanted = set().union(*(chars(e) for e in spans))
        got = set().union(*(chars(c) for c in top))
        common = len(wanted & got)
        retrieved = sum(c[2] - c[1] for c in top)
        recall.append(Fraction(common, sum(e[2] - e[1] for e in spans)))
        precision.append(Fraction(common, retrieved) if retrieved else Fraction(0))
        # Chroma's IoU adds what each excerpt left uncovered (overlapping excerpts twice).
        missed = sum(len(chars(e) - got) for e in spans)
        iou.append(Fraction(common, retrieved + missed) if retrieved + missed else Fraction(0))
        ranks = [r for r, c in enumerate(top, 1) if any(holds(c, e) for e in spans)]
        mrr.append(Fraction(1, ranks[0]) if ranks else Fraction(0))
        context.append(sum(tokens[index] for index in ranking[:k]))

    def mean(values: list[Any]) -> Fraction:
        return Fraction(sum(values), len(values))

    return {
        "excerpt_survival": whole,
        "hit_at_k": mean(hits),
        "recall": mean(recall),
        "precision": mean(precision),
        "iou": mean(iou),
        "mrr": mean(mrr),
        "context_tokens": mean(context),
    }


def measured(setting: dict[str, Any]) -> dict[str, Fraction]:
    return {
        name: Fraction(value["exact"])
        for name, value in setting.items()
        if isinstance(value, dict) and "exact" in value
    }


def write_set(path: Path, questions: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(q) + "\n" for q in questions), encoding="utf-8")


@pytest.mark.parametrize(("splitter", "seed"), [("recursive", 1), ("recursive", 2), ("window", 3)])
def test_every_measure_is_the_reference_pipelines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], splitter: str, seed: int
) -> None:
    paths, texts, questions = sample(tmp_path, seed)
    write_set(tmp_path / "set.jsonl", questions)
    status, out, err = run_main(
        capsys, "--count", *map(str, paths), "--encoding", ENCODING, "--splitter", splitter,
        "--chunk-size", "64", "--overlap", "8", "--evaluate", str(tmp_path / "set.jsonl"),
        "--top-k", "3", "--tradeoff", "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    evaluation = json.loads(out)["evaluation"]
    assert (evaluation["retriever"], evaluation["top_k"]) == ("bm25", 3)
    assert len(evaluation["settings"]) > 20  # the plan's and the trade-off's
    spans = [located(texts, q["excerpts"]) for q in questions]
    encoding = tiktoken_encoding(ENCODING)
    for setting in evaluation["settings"][:6]:
        size, overlap = setting["chunk_size"], setting["overlap"]
        cut = (recursive_chunks if splitter == "recursive" else window_chunks)(texts, size, overlap)
        chunk_spans = [span for span, _ in cut]
        chunk_texts = [text for _, text in cut]
        tokens = [len(encoding.encode_ordinary(text)) for text in chunk_texts]
        if splitter == "window":  # a window's tokens: the window's, not its text's again
            tokens = [
                last - first
                for text in texts
                for first, last in map(
                    plan_chunks(len(encoding.encode_ordinary(text)), size, overlap).window,
                    range(plan_chunks(len(encoding.encode_ordinary(text)), size, overlap).chunks),
                )
            ]
        rankings = bm25_rankings(chunk_texts, [q["question"] for q in questions])
        assert setting["chunks"] == len(cut)
        expected = by_definition(chunk_spans, tokens, spans, rankings, 3)
        assert measured(setting) == expected, (size, overlap)


def test_wordllama_ranks_as_the_package_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths, texts, questions = sample(tmp_path, 4)
    write_set(tmp_path / "set.jsonl", questions)
    status, out, err = run_main(
        capsys, "--count", *map(str, paths), "--encoding", ENCODING, "--splitter", "recursive",
        "--chunk-size", "96", "--overlap", "16", "--evaluate", str(tmp_path / "set.jsonl"),
        "--retriever", "wordllama", "--wordllama-dimensions", "128", "--top-k", "4", "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    (setting,) = json.loads(out)["evaluation"]["settings"]
    cut = recursive_chunks(texts, 96, 16)
    chunk_texts = [text for _, text in cut]
    weights, tokenizer = package_files() or pytest.fail("wordllama is a test dependency")
    with safe_open(str(weights), framework="np", device="cpu") as tensors:
        embedding = tensors.get_tensor("embedding.weight")
    # As WordLlama.load(dim=256, trunc_dim=128) makes it (tests/test_retrieval_wordllama.py).
    reference = WordLlamaInference(embedding[:, :128], Tokenizer.from_file(str(tokenizer)))
    rankings = []
    for question in questions:
        ranked = reference.rank(question["question"], chunk_texts)
        order = {text: [] for text in chunk_texts}  # type: dict[str, list[int]]
        for index, text in enumerate(chunk_texts):
            order[text].append(index)
        rankings.append([order[text].pop(0) for text, _ in ranked])
    encoding = tiktoken_encoding(ENCODING)
    tokens = [len(encoding.encode_ordinary(text)) for text in chunk_texts]
    spans = [located(texts, q["excerpts"]) for q in questions]
    expected = by_definition([span for span, _ in cut], tokens, spans, rankings, 4)
    assert measured(setting) == expected


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ('{"question": "Q", "excerpt": "not in any document"}\n', "line 1"),
        ('{"question": "Q", "excerpt": "cat"}\n{"question": "R"}\n', "line 2"),
        ("not json\n", "line 1"),
        ('{"question": "Q", "excerpt": "two\\nlines"}\n', "two\\nlines"),  # quoted escaped
    ],
)
def test_a_bad_set_is_one_line_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: str, message: str
) -> None:
    (tmp_path / "doc.txt").write_text("The cat sat.", encoding="utf-8")
    (tmp_path / "set.jsonl").write_text(lines, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        run_main(capsys, "--count", str(tmp_path / "doc.txt"), "--evaluate",
                 str(tmp_path / "set.jsonl"))  # fmt: skip
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert err.count("\n") == 1 and "--evaluate" in err and message in err.lower(), err


@pytest.mark.parametrize(
    "argv",
    [
        ["--evaluate", "set.jsonl", "--tokens", "100"],  # no --count
        ["--count", "doc.txt", "--evaluate", "set.txt"],  # no format by its suffix
        ["--count", "doc.txt", "--evaluate", "missing.jsonl"],
        ["--count", "doc.txt", "--evaluate", "set.jsonl", "--encoding", "bert-base-uncased"],
        ["--count", "doc.txt", "--evaluate", "set.jsonl", "--retriever", "other"],
    ],
)
def test_bad_combinations_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    Path("doc.txt").write_text("The cat sat.", encoding="utf-8")
    Path("set.jsonl").write_text('{"question": "Q", "excerpt": "cat"}\n', encoding="utf-8")
    Path("set.txt").write_text("", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        run_main(capsys, *argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert err.count("\n") == 1, err


def test_readable_output_shows_each_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths, _, questions = sample(tmp_path, 5)
    write_set(tmp_path / "set.jsonl", questions)
    status, out, _ = run_main(
        capsys, "--count", *map(str, paths), "--encoding", ENCODING, "--chunk-size", "64",
        "--overlap", "8", "--evaluate", str(tmp_path / "set.jsonl"), "--retriever", "hybrid",
    )  # fmt: skip
    assert status == 0
    assert "retrieval on your sample: 12 questions" in out
    assert "not a promise about your production model" in out
    (row,) = [line for line in out.splitlines() if line.startswith("window 64/8 (plan)")]
    assert len(row.split()) == 2 + 2 + 7  # the setting's name, its chunks, seven measures


def test_the_tradeoff_carries_the_measures_into_json_and_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths, _, questions = sample(tmp_path, 6)
    write_set(tmp_path / "set.jsonl", questions)
    argv = ["--count", *map(str, paths), "--encoding", ENCODING, "--splitter", "recursive",
            "--chunk-size", "64", "--overlap", "8", "--evaluate", str(tmp_path / "set.jsonl"),
            "--tradeoff"]  # fmt: skip
    status, out, _ = run_main(capsys, *argv, "--json")
    assert status == 0
    report = json.loads(out)
    measured = {
        (entry["chunk_size"], entry["overlap"]): Fraction(entry["recall"]["exact"])
        for entry in report["evaluation"]["settings"]
        if "recall" in entry
    }
    points = report["tradeoff"]["points"]
    assert all("retrieval" in point for point in points)  # every window was measured
    for point in points:
        shown = Fraction(point["retrieval"]["recall"])
        exact = measured[point["chunk_size"], point["overlap"]]
        assert abs(shown - exact) <= Fraction(1, 2 * 10**6)  # six places
        assert point["chunker"] == "recursive"  # the splitter's own chunks at every point
    status, out, _ = run_main(capsys, *argv, "--csv")
    assert status == 0
    rows = list(csv.reader(out.splitlines()))
    recall = rows[0].index("Recall")
    for row in rows[1:]:
        window = (int(row[2]), int(row[3]))
        assert abs(Fraction(row[recall]) - measured[window]) <= Fraction(1, 10**12)
    status, out, _ = run_main(capsys, *argv, "--markdown")
    assert status == 0 and "| Recall | Hit@k | MRR |" in out


def test_a_document_is_named_by_its_path_in_the_counted_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "docs"
    (folder / "guide").mkdir(parents=True)
    (folder / "guide" / "setup.md").write_text("Install it. Then run it.", encoding="utf-8")
    (folder / "notes.txt").write_text("Then run it, they said.", encoding="utf-8")
    rows = [{"question": "How?", "excerpt": "Then run it", "document": "guide/setup.md"}]
    write_set(tmp_path / "set.jsonl", rows)
    status, out, err = run_main(
        capsys, "--count", str(folder), "--evaluate", str(tmp_path / "set.jsonl"), "--json"
    )
    assert (status, err) == (0, "")
    assert json.loads(out)["evaluation"]["questions"] == 1
    # Unnamed, the excerpt is in both files: the set's line is refused.
    write_set(tmp_path / "set.jsonl", [{"question": "How?", "excerpt": "Then run it"}])
    with pytest.raises(SystemExit):
        run_main(capsys, "--count", str(folder), "--evaluate", str(tmp_path / "set.jsonl"))
    assert "guide/setup.md" in capsys.readouterr().err


def test_a_bad_set_is_said_before_the_files_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import calculator.cli  # noqa: PLC0415

    (tmp_path / "doc.txt").write_text("The cat sat.", encoding="utf-8")
    write_set(tmp_path / "set.jsonl", [{"question": "Q", "excerpt": "a dog"}])

    def never(*_: object) -> None:
        raise AssertionError("counted before the set was checked")

    monkeypatch.setattr(calculator.cli, "_count", never)
    with pytest.raises(SystemExit) as exit_:
        run_main(capsys, "--count", str(tmp_path), "--evaluate", str(tmp_path / "set.jsonl"))
    assert exit_.value.code == 2
    assert "Line 1" in capsys.readouterr().err


def test_an_excerpt_with_lf_is_measured_in_a_crlf_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A file written on Windows, its excerpt typed with LF (as the page's text box has it).
    (tmp_path / "docs").mkdir()
    lines = ["Chunks are windows of tokens.", "Overlap repeats the end of one chunk",
             "at the start of the next."]  # fmt: skip
    (tmp_path / "docs" / "guide.txt").write_bytes("\r\n".join(lines).encode() + b"\r\n")
    write_set(tmp_path / "set.jsonl", [{"question": "Q", "excerpt": "\n".join(lines[1:])}])
    status, out, err = run_main(
        capsys, "--count", str(tmp_path / "docs"), "--evaluate", str(tmp_path / "set.jsonl"),
        "--splitter", "recursive", "--chunk-size", "512", "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    (setting,) = json.loads(out)["evaluation"]["settings"]
    assert measured(setting)["hit_at_k"] == 1  # the one chunk holds it whole
