"""``--count --text-field``: the same documents as a folder of files, as JSONL, Parquet, CSV
and compressed JSONL give the same counts and plans; each bad record gets its line."""

from __future__ import annotations

import contextlib
import csv
import gzip
import io
import json
from pathlib import Path
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest
import zstandard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import calculator._sources._datasets as datasets
from calculator._sources import Part
from calculator.cli import main
from test_cli_count import RANKS

BAD = b"caf\xe9 au lait"  # Latin-1: not UTF-8
# Text a file can hold as a document: no NUL (a binary file), no lone surrogate (not
# UTF-8), no byte order mark first (a file's is dropped); "\r" alone ends no CSV record.
TEXTS = st.text(
    st.characters(exclude_categories=["Cs"], exclude_characters="\0\r\ufeff"), max_size=60
)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main([*argv, "--ranks", RANKS])
    return status, out.getvalue(), err.getvalue()


def write_all(folder: Path, texts: list[str], bad: bool) -> dict[str, list[str]]:
    """The documents in every format (with ``bad``: a non-UTF-8 one after them, and a bad
    record of the format's own); each format's ``--count`` arguments."""
    folder.mkdir()
    files = folder / "files"
    files.mkdir()
    for index, text in enumerate(texts):
        (files / f"{index:04}.txt").write_text(text, encoding="utf-8", newline="")
    lines = [
        json.dumps({"text": text, "n": {"id": f"d{i}"}}).encode() for i, text in enumerate(texts)
    ]
    rows: list[list[str | bytes]] = [[text] for text in texts]
    if bad:
        (files / "9998.txt").write_bytes(BAD)
        (files / "9999.txt").write_bytes(b"a\0b")  # binary: not counted
        lines += [b'{"text": "' + BAD + b'"}', b'{"text": 12}', b"{not json"]
    jsonl = b"".join(line + b"\n" for line in lines)
    (folder / "d.jsonl").write_bytes(jsonl)
    (folder / "d.jsonl.gz").write_bytes(gzip.compress(jsonl, mtime=0))
    (folder / "d.jsonl.zst").write_bytes(zstandard.ZstdCompressor().compress(jsonl))
    with (folder / "d.csv").open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(["text"])
        writer.writerows(rows)
    if bad:
        with (folder / "d.csv").open("ab") as stream:
            stream.write(BAD + b"\n" + b'"unclosed\n')
    column: list[str | bytes | None] = list(texts)
    if bad:
        column += [BAD, None]
        table = pa.table(
            {
                "text": pa.array(
                    [t.encode() if isinstance(t, str) else t for t in column], pa.binary()
                )
            }
        )
    else:
        table = pa.table({"text": pa.array(column, pa.string())})
    pq.write_table(table, folder / "d.parquet", row_group_size=3)
    dataset = ["--text-field", "text"]
    return {
        "folder": ["--count", str(files)],
        **{
            name: ["--count", str(folder / name), *dataset]
            for name in ("d.jsonl", "d.jsonl.gz", "d.jsonl.zst", "d.csv", "d.parquet")
        },
    }


def figures(out: str) -> dict[str, Any]:
    """The JSON report without the documents' names (a path, or a file and line)."""
    report: dict[str, Any] = json.loads(out)
    for document in report["counted"].get("documents", []):
        document.pop("path")
    return report


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=st.lists(TEXTS, min_size=1, max_size=7).map(lambda texts: [*texts, ""]),
    bad=st.booleans(),
    splitter=st.sampled_from(["window", "recursive"]),
)
def test_every_format_counts_and_plans_as_the_folder(
    tmp_path_factory: pytest.TempPathFactory, texts: list[str], bad: bool, splitter: str
) -> None:
    folder = tmp_path_factory.mktemp("formats") / "corpus"
    formats = write_all(folder, texts, bad)
    plan = ["--chunk-size", "8", "--overlap", "2", "--json", "--splitter", splitter]
    status, out, err = run(*formats.pop("folder"), *plan)
    assert status == (1 if bad else 0)
    assert err.count("\n") == (2 if bad else 0)
    expected = figures(out)
    assert len(expected["counted"]["documents"]) == len(texts)
    for name, argv in formats.items():
        status, out, err = run(*argv, *plan)
        assert (name, status) == (name, 1 if bad else 0), err
        assert figures(out) == expected, name
        bad_lines = err.splitlines()
        assert len(bad_lines) == ((3 if "jsonl" in name else 2) if bad else 0), (name, err)
        assert all(name in line for line in bad_lines), err


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (
            b"{not json",
            "3: invalid JSON (Expecting property name enclosed in double quotes at column 2)",
        ),
        (b'{"meta": {"body": 1}}', '3: "meta.body" is not a string (a number)'),
        (b'{"meta": {}}', '3: no "meta.body" field'),
        (b"[1, 2]", "3: not a JSON object (an array)"),
        (b'{"meta": {"body": "\\ud800"}}', '3: "meta.body" holds a lone surrogate at character 0'),
        (
            b'{"meta": {"body": "' + BAD + b'"}}',
            "3: not UTF-8 text (byte 0xe9 at offset 22 of the line)",
        ),
    ],
)
def test_a_bad_record_is_reported_by_file_and_line(tmp_path: Path, line: bytes, error: str) -> None:
    data = tmp_path / "d.ndjson"
    good = b'{"meta": {"body": "one"}, "id": 7}\n\n'
    data.write_bytes(good + line + b"\n" + b'{"meta.body": "two"}\n')
    status, out, err = run(
        "--count", str(data), "--text-field", "meta.body", "--id-field", "id", "--json"
    )
    assert (status, err) == (1, f"python3 -m calculator: {data}:{error}\n")
    names = [document["path"] for document in json.loads(out)["counted"]["documents"]]
    assert names == ["7", f"{data}:4"]


def test_a_plain_count_keeps_a_jsonl_file_one_document(tmp_path: Path) -> None:
    (tmp_path / "d.jsonl").write_text('{"text": "a"}\n{"text": "b"}\n', encoding="utf-8")
    status, out, _ = run("--count", str(tmp_path), "--json")
    assert status == 0
    assert [d["path"] for d in json.loads(out)["counted"]["documents"]] == [
        (tmp_path / "d.jsonl").as_posix()
    ]


@pytest.mark.parametrize(
    "more",
    [
        ["--splitter", "recursive", "--json"],
        ["--tradeoff", "--splitter", "recursive"],
        ["--new-chunk-size", "16", "--splitter", "sentence"],
        ["--new-overlap", "2", "--dimensions", "384", "--json"],
        ["--markdown"],
        ["--csv"],
    ],
)
def test_a_large_dataset_is_planned_from_its_lengths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, more: list[str]
) -> None:
    """Past MAX_DOCUMENTS the documents are not listed, and every figure is the same."""
    import calculator.cli._sources as sources  # noqa: PLC0415

    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps({"text": "word. " * (i % 37)}) + "\n" for i in range(400)))
    argv = ["--count", str(data), "--text-field", "text", "--chunk-size", "8", *more]
    listed = run(*argv)
    monkeypatch.setattr(sources, "MAX_DOCUMENTS", 100)
    big = run(*argv)
    assert (listed[0], big[0]) == (0, 0)
    if "--json" not in more:
        assert big == listed
        return
    in_all, in_sums = json.loads(listed[1]), json.loads(big[1])
    assert in_sums["counted"].pop("document_count") == 400
    assert len(in_all["counted"].pop("documents")) == 400
    assert in_sums == in_all


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--tokens", "10", "--text-field", "t"], "--text-field: reads what --count names"),
        (["--tokens", "10", "--dask"], "--dask: reads what --count names; needs --count"),
        (["--count", ".", "--text-field", " "], "--text-field: names a field; empty"),
        (["--count", ".", "--id-field", "id"], "--id-field: names dataset records"),
        (["--count", ".", "--dask-workers", "0"], "--dask-workers: at least 1"),
        (
            ["--count", ".", "--dask-workers", "2", "--dask-scheduler", "tcp://h:1"],
            "--dask-workers: not allowed",
        ),
        (["--count", ".", "--text-field", "t", "--evaluate", "q.jsonl"], "--evaluate: finds"),
    ],
)
def test_a_dataset_or_dask_option_that_asks_nothing_is_refused(
    argv: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"error: argument {error}" in err


def test_a_missing_column_is_the_files_line(tmp_path: Path) -> None:
    (tmp_path / "a.csv").write_text("body\nx\n", encoding="utf-8")
    (tmp_path / "b.tsv").write_text('id\ttext\n7\t"two\nlines"\n', encoding="utf-8")
    status, out, err = run("--count", str(tmp_path), "--text-field", "text", "--id-field", "id")
    assert status == 1
    assert (
        err == f'python3 -m calculator: {tmp_path / "a.csv"}: no "text" column in the header line\n'
    )
    assert out.startswith("counted with o200k_base")
    assert out.endswith("")


def test_a_pool_of_processes_gives_the_parts_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from calculator._sources import Part, PartCount, count_part, plan_parts  # noqa: PLC0415
    from calculator._sources._datasets import Fields  # noqa: PLC0415
    from calculator._sources._run import Engine  # noqa: PLC0415
    from calculator._tokens._files import _load  # noqa: PLC0415

    monkeypatch.setattr(datasets, "PART_BYTES", 1 << 10)
    data = tmp_path / "d.csv"
    data.write_text("text\n" + "".join(f'"line {i}\nof {"x" * i}"\n' for i in range(300)))
    parts = [part for part in plan_parts([str(data)], Fields("text")) if isinstance(part, Part)]
    setup = (_load, ("o200k_base", Path(RANKS), False))
    one = [r for r in Engine(workers=1).run(count_part, setup, parts) if isinstance(r, PartCount)]
    two = list(Engine(workers=2).run(count_part, setup, parts))
    assert len(parts) > 8 and one == two
    assert sum(len(result.names) for result in one) == 300
    assert one[1].names[0] == f"{data}:{2 + 2 * len(one[0].names)}"  # each record two lines


def test_an_unclosed_quote_ends_its_part_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(datasets, "MAX_RECORD_BYTES", 64)
    data = tmp_path / "d.csv"
    data.write_text('text\none\n"two, never closed\n' + "three\n" * 40, encoding="utf-8")
    status, out, err = run("--count", str(data), "--text-field", "text", "--json")
    assert status == 1
    assert (
        err
        == f"python3 -m calculator: {data}:3: a record of more than 0 MiB (an unclosed quote?)\n"
    )
    assert [d["path"] for d in json.loads(out)["counted"]["documents"]] == [f"{data}:2"]


def test_a_dataset_gone_before_it_is_read_is_one_line(tmp_path: Path) -> None:
    from calculator._sources import count_part, plan_parts  # noqa: PLC0415
    from calculator._sources._datasets import Fields  # noqa: PLC0415
    from calculator._tokens._files import _load  # noqa: PLC0415

    data = tmp_path / "d.jsonl.gz"
    data.write_bytes(gzip.compress(b'{"t": "a"}\n'))
    [part] = list(plan_parts([str(data)], Fields("t")))
    data.unlink()
    _load("o200k_base", Path(RANKS))
    assert isinstance(part, Part)
    result = count_part(part)
    assert (result.names, result.failures) == (
        (),
        ((f"{data} (from byte 0)", "cannot be read: No such file or directory"),),
    )
