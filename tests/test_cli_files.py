"""What the command line reads: regular files only, as a stream, and never a traceback.

Each case that once hung, crashed or kept quiet has its test.  The ones that could hang run
the real command in a subprocess with a timeout, so that a regression fails instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import build
from calculator import _reading
from calculator._tokens import RANKS_SUFFIX, Encoding, load_ranks
from calculator.cli import main
from test_cli_count import BY_TIKTOKEN

ROOT = Path(__file__).resolve().parent.parent
RANKS = str(build.TOKEN_RANKS)
PROGRAM = "python3 -m calculator"
# Long enough for a loaded machine to start Python and the tokenizer; a hang fails here.
TIMEOUT_SECONDS = 60
MIB = 1 << 20


def tokens(text: str) -> int:
    encoding = "o200k_base"
    return Encoding(
        encoding, load_ranks(build.TOKEN_RANKS / (encoding + RANKS_SUFFIX), encoding)
    ).count(text)


def command(*arguments: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    """The real ``python3 -m calculator``, stopped (and failed) if it runs too long."""
    completed = subprocess.run(
        [sys.executable, "-m", "calculator", *arguments],
        cwd=ROOT, input=stdin, capture_output=True, timeout=TIMEOUT_SECONDS, check=False,
    )  # fmt: skip
    return subprocess.CompletedProcess(
        completed.args, completed.returncode, completed.stdout.decode(), completed.stderr.decode()
    )


def assert_one_line(completed: subprocess.CompletedProcess[str], message: str) -> None:
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert "Traceback" not in completed.stderr
    assert completed.stderr.count("\n") == 1
    assert message in completed.stderr


def count(*paths: Path | str) -> subprocess.CompletedProcess[str]:
    return command("--count", *map(str, paths), "--chunk-size", "4", "--ranks", RANKS)


@pytest.fixture
def pipe(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    return path


def test_a_named_pipe_in_a_folder_is_listed_and_the_others_count(
    tmp_path: Path, pipe: Path
) -> None:
    (tmp_path / "a.txt").write_text("some text", encoding="utf-8")
    completed = count(tmp_path)
    assert completed.returncode == 1
    assert completed.stderr == f"{PROGRAM}: {pipe.as_posix()}: not a regular file (a named pipe)\n"
    assert completed.stdout.startswith(
        f"counted with o200k_base{BY_TIKTOKEN}: 1 file, {tokens('some text')} "
    )


def test_a_named_pipe_named_directly_is_refused_in_one_line(pipe: Path) -> None:
    assert_one_line(count(pipe), f"--count: {pipe.as_posix()}: not a regular file (a named pipe)")


def test_a_named_pipe_among_the_ranks_is_refused_in_one_line(tmp_path: Path) -> None:
    ranks = tmp_path / "ranks"
    ranks.mkdir()
    os.mkfifo(ranks / ("o200k_base" + RANKS_SUFFIX))
    (tmp_path / "a.txt").write_text("some text", encoding="utf-8")
    completed = command(
        "--count", str(tmp_path / "a.txt"), "--chunk-size", "4", "--ranks", str(ranks)
    )
    assert_one_line(completed, "--ranks: not a regular file (a named pipe)")


def test_a_named_pipe_as_document_tokens_is_refused(pipe: Path) -> None:
    completed = command("--chunk-size", "4", "--document-tokens", str(pipe))
    assert_one_line(completed, f"--document-tokens: {pipe}: not a regular file (a named pipe)")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_is_refused_before_a_byte_is_read() -> None:
    message = "/dev/zero: not a regular file (a character device)"
    assert_one_line(count("/dev/zero"), f"--count: {message}")
    completed = command("--chunk-size", "4", "--document-tokens", "/dev/zero")
    assert_one_line(completed, f"--document-tokens: {message}")


def test_a_folder_as_document_tokens_is_refused(tmp_path: Path) -> None:
    completed = command("--chunk-size", "4", "--document-tokens", str(tmp_path))
    assert_one_line(completed, f"--document-tokens: {tmp_path}: not a regular file (a folder)")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"800\n\xff\n", "not UTF-8 text (byte 0xff at offset 4)"),
        (b"800\n\0\n", "binary file (a NUL byte at offset 4)"),
    ],
)
def test_document_tokens_not_utf8_is_one_line(tmp_path: Path, data: bytes, message: str) -> None:
    listed = tmp_path / "list.txt"
    listed.write_bytes(data)
    completed = command("--chunk-size", "4", "--document-tokens", str(listed))
    assert_one_line(completed, f"--document-tokens: {listed}: {message}")
    from_stdin = command("--chunk-size", "4", "--document-tokens", "-", stdin=data)
    assert_one_line(from_stdin, f"--document-tokens: -: {message}")


def test_document_tokens_in_utf16_are_read(tmp_path: Path) -> None:
    listed = tmp_path / "list.txt"
    listed.write_text("800\n500\n", encoding="utf-16")  # with its byte order mark
    completed = command("--chunk-size", "512", "--document-tokens", str(listed), "--json")
    assert (completed.returncode, completed.stderr) == (0, "")
    assert '"tokens": 1300' in completed.stdout


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main([*argv, "--chunk-size", "4", "--ranks", RANKS])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def locked_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A subfolder that cannot be listed.  The tests run as root, whom chmod 000 does not
    stop, so os.scandir (what os.walk lists a folder with) refuses it as it refuses a
    folder without read permission."""
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "hidden.txt").write_text("never read", encoding="utf-8")
    (tmp_path / "a.txt").write_text("some text", encoding="utf-8")
    real_scandir = os.scandir

    def scandir(path: str) -> Iterator[os.DirEntry[str]]:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return locked


def test_an_unreadable_subfolder_is_listed_not_skipped(
    tmp_path: Path, locked_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, "--count", str(tmp_path))
    assert status == 1
    assert err == (f"{PROGRAM}: {locked_folder.as_posix()}: cannot list the folder: "
                   "Permission denied\n")  # fmt: skip
    assert out.startswith(f"counted with o200k_base{BY_TIKTOKEN}: 1 file, ")


def test_an_unreadable_folder_named_directly_is_bad_input(
    locked_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(capsys, "--count", str(locked_folder))
    assert (status, out) == (2, "")
    assert err == (f"{PROGRAM}: error: --count: {locked_folder.as_posix()}: cannot list the "
                   "folder: Permission denied\n")  # fmt: skip


@pytest.mark.skipif(os.geteuid() == 0, reason="root lists a folder whatever its mode")
def test_a_folder_without_read_permission_is_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (tmp_path / "a.txt").write_text("some text", encoding="utf-8")
    locked.chmod(0)
    try:
        status, _, err = run_main(capsys, "--count", str(tmp_path))
    finally:
        locked.chmod(0o755)
    assert status == 1
    assert "locked: cannot list the folder: Permission denied" in err


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_with_its_byte_order_mark_is_counted(
    tmp_path: Path, codec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "Zażółć gęślą jaźń, 𝄞 and façade\n"
    (tmp_path / "utf16.txt").write_bytes(("\ufeff" + text).encode(codec))
    status, out, err = run_main(capsys, "--count", str(tmp_path / "utf16.txt"))
    assert (status, err) == (0, "")
    assert out.startswith(f"counted with o200k_base{BY_TIKTOKEN}: 1 file, {tokens(text)} tokens; ")


def test_utf16_not_well_formed_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "odd.txt").write_bytes(b"\xff\xfea\x00\x00\xd8b\x00")  # a lone high surrogate
    status, _, err = run_main(capsys, "--count", str(tmp_path / "odd.txt"))
    assert status == 2
    assert err.endswith("odd.txt: not UTF-16 text (offset 4)\n")


class _Reads:
    """os.read, counting the bytes it returns from one file (the ranks are read too)."""

    def __init__(self, path: Path) -> None:
        self.total = 0
        self._path = path
        self._read = os.read

    def __call__(self, descriptor: int, size: int) -> bytes:
        data = self._read(descriptor, size)
        if Path(os.readlink(f"/proc/self/fd/{descriptor}")) == self._path:
            self.total += len(data)
        return data


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (b"\0", f"binary file (a NUL byte at offset {MIB + 10:,})"),
        (b"\xe9", f"not UTF-8 text (byte 0xe9 at offset {MIB + 10:,})"),
    ],
)
def test_a_bad_byte_after_the_first_mib_stops_the_reading(
    tmp_path: Path, bad: bytes, message: str,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    path = tmp_path / "late.txt"
    path.write_bytes(b"a" * (MIB + 10) + bad + b"b" * (3 * MIB))
    reads = _Reads(path)
    monkeypatch.setattr(os, "read", reads)
    status, _, err = run_main(capsys, "--count", str(path))
    assert status == 2
    assert err.endswith(f"{path.as_posix()}: {message}\n")
    assert reads.total == 2 * MIB  # the second MiB holds it: the last 2 MiB are never read


def test_a_multibyte_character_across_chunks_is_read(tmp_path: Path) -> None:
    text = "a" * (MIB - 1) + "é" + "b"
    path = tmp_path / "across.txt"
    path.write_text(text, encoding="utf-8")
    assert _reading.read_text(path) == text
