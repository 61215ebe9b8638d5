"""Pool files a designer or a fuzzer may write (§18.2, dsl/pool_files.py): what YAML allows and a pool
file never needs is refused at its line and column (exit 2), in time linear in the file; a pool that
leaves a round without a world card or a seat without a contract is refused, one that offers fewer
contracts than a round asks is warned about; ``card new-version --use-in`` writes nothing ``pool``
would refuse."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj


def pool_says(
    tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    path = tmp_path / "pool.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_hexmj(["pool", "--pool", str(path), "--json"], monkeypatch, capsys)
    return code, out, err.replace(str(path), "pool.yaml")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "<<: {mode: strategy}\n",
            "pool.yaml:1:1: merge keys (<<) are not pool file syntax: write each key out",
        ),
        (
            "base: &b {mode: strategy}\n<<: *b\n",
            "pool.yaml:1:7: anchors and aliases (&, *) are not pool file syntax: write the value out",
        ),
        ("mode: !!int x\n", "pool.yaml:1:7: tags (!!int) are not pool file syntax"),
        ("seed: " + "9" * 30 + "\nmode: strategy\n", "pool.yaml:1:7: a number of more than 18 digits"),
        ("seed: " + "9" * 4301 + "\n", "pool.yaml:1: a line of 4307 characters; at most 1000"),
        ("? [a, b]\n: 1\n", "pool.yaml:1:3: a key is a name, not a list or a mapping"),
        (
            "draw: " + "[" * 300 + "]" * 300 + "\n",
            "pool.yaml:1:9: nested more than 3 levels deep (file, draw or versions, a list of ids)",
        ),
        (
            "mode: strategy\ndraw:\n  W: []\n",
            "pool.yaml:3: draw.W: leaves every round without a world card (§6.2)",
        ),
        (
            "mode: strategy\ndraw:\n  C: 1\n  B: [B-01, B-02]\n",
            "pool.yaml:3: draw.C: leaves seats without a contract: 3 contracts for 4 seats (§9.1)",
        ),
    ],
    ids=["merge", "alias", "tag", "long-seed", "4301-digits", "list-key", "nesting", "no-world", "contracts"],
)
def test_what_a_pool_file_never_holds_is_refused_at_its_place(
    text: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each ended in exit 70 (KeyError, ValueError, RecursionError) or was taken silently; now one
    line with the place, exit 2."""
    assert pool_says(tmp_path, text, monkeypatch, capsys) == (2, "", f"hexmj: error: {message}\n")


def test_a_megabyte_comment_line_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 1 MB comment line took YAML 15–19 s; the line is refused before YAML reads it."""
    text = "# " + "x" * 1_000_000 + "\nmode: strategy\n"
    code, _, err = pool_says(tmp_path, text, monkeypatch, capsys)
    assert (code, err) == (2, "hexmj: error: pool.yaml:1: a line of 1000002 characters; at most 1000\n")


def test_a_pool_offering_fewer_contracts_than_a_round_plays_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§9.1: each seat is offered two normal and one black contract; a pool of two black contracts plays,
    and says at its line that some seats are offered fewer; the full pool says nothing."""
    code, out, err = pool_says(tmp_path, "mode: strategy\ndraw:\n  B: [B-01, B-02]\n", monkeypatch, capsys)
    assert code == 0 and "B-02" in out
    assert err == (
        "hexmj: warning: pool.yaml:3: draw.B: 2 black contracts; a round offers 4, so some seats are "
        "offered fewer (§9.1)\n"
    )
    assert pool_says(tmp_path, "mode: strategy\n", monkeypatch, capsys)[2] == ""


def test_new_version_does_not_write_a_pool_file_pool_refuses(
    working_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``card new-version S-08 --use-in`` on a pool file that asks for 99 world cards used to add its
    version and leave a file ``pool`` refuses; now neither file is touched, and the error is pool's."""
    pool = tmp_path / "pool.yaml"
    pool.write_text("mode: strategy\ndraw:\n  W: 99\n", encoding="utf-8")
    silver = working_copy / "silver.hex"
    before = hashlib.sha256(silver.read_bytes()).hexdigest(), pool.read_text(encoding="utf-8")
    argv = ["card", "new-version", "S-08", "--cards", str(working_copy), "--use-in", str(pool)]
    code, out, err = run_hexmj(argv, monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == f"hexmj: error: {pool}:3: draw.W: asks for 99 cards; series W has 14 in mode strategy\n"
    assert (hashlib.sha256(silver.read_bytes()).hexdigest(), pool.read_text(encoding="utf-8")) == before
    pool.write_text("mode: strategy\n", encoding="utf-8")
    assert run_hexmj(argv, monkeypatch, capsys)[0] == 0
    code, out, _ = run_hexmj(
        ["pool", "--cards", str(working_copy), "--pool", str(pool), "--json"], monkeypatch, capsys
    )
    assert code == 0 and "S-08-v2" in out


def test_a_pipe_given_as_a_file_is_refused_not_waited_on(
    working_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A named pipe as the pool file, the log or a card file: reading it waited for ever; each is
    refused at once with its path (exit 2)."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    code, _, err = run_hexmj(["pool", "--mode", "all", "--pool", str(pipe)], monkeypatch, capsys)
    assert (code, err) == (2, f"hexmj: error: {pipe}: not a pool file (a YAML file)\n")
    code, _, err = run_hexmj(["replay", str(pipe)], monkeypatch, capsys)
    assert (code, err) == (5, f"hexmj: error: {pipe}: not a log file\n")
    os.mkfifo(working_copy / "zz.hex")
    code, _, err = run_hexmj(["cards", "--cards", str(working_copy)], monkeypatch, capsys)
    assert (code, err) == (2, f"hexmj: error: {working_copy / 'zz.hex'}: not a card file\n")
