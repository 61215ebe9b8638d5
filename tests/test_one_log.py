"""One log machinery for every rule set (issue 33 item 1; R191, R593): a logged session of hextech,
standard and 红中 is read by the one reader, its header by its rule set's format, and refused in the
same words wherever it was changed after play — an edited header, a re-spaced line, a line that no
longer comes out on replay, a last line cut short by a kill.

The sessions are the recorded ones of ``tests/data/logs`` (``hexmj play --log``, seed 7)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import LogError
from engine.core.log_lines import EDITED, dumps
from engine.core.log_reader import LogFormat, read_log
from engine.core.table_log import TABLE_LOG, TableHeader
from engine.hextech.log import HEXTECH_LOG, LogHeader

LOGS = Path(__file__).parent / "data" / "logs"
FORMATS: dict[str, LogFormat[Any]] = {"hextech": HEXTECH_LOG, "standard": TABLE_LOG, "hongzhong": TABLE_LOG}
RULE_SETS = sorted(FORMATS)


def recorded(name: str, folder: Path) -> Path:
    """The recorded log of rule set ``name``, written out to ``folder``."""
    log = folder / f"{name}.jsonl"
    log.write_bytes(gzip.decompress((LOGS / f"{name}-seed7.jsonl.gz").read_bytes()))
    return log


def lines_of(log: Path) -> list[dict[str, Any]]:
    return [json.loads(text) for text in log.read_text("utf-8").splitlines()]


def rewrite(log: Path, lines: list[dict[str, Any]]) -> Path:
    log.write_text("".join(dumps(line) + "\n" for line in lines), "utf-8")
    return log


def replay(log: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from tools.cli import main; main()", "replay", str(log)],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_rule_sets_log_is_read_by_the_one_reader_r191(name: str, tmp_path: Path) -> None:
    """The one reader reads each rule set's log with its format: the header its rule set's, the lines
    after it every log's, the session finished; the other rule set's format refuses it at line 1."""
    log = recorded(name, tmp_path)
    read = read_log(log, FORMATS[name])
    assert isinstance(read.header, LogHeader if name == "hextech" else TableHeader)
    assert read.finished and read.complete_bytes == log.stat().st_size
    assert read.lines == lines_of(log)[1:] and read.answers()
    other: LogFormat[Any] = TABLE_LOG if name == "hextech" else HEXTECH_LOG
    with pytest.raises(LogError) as refused:
        read_log(log, other)
    assert str(refused.value).startswith(f"{log}:1: ")


@pytest.mark.parametrize("name", RULE_SETS)
def test_an_edited_header_is_refused_in_the_same_words_for_every_rule_set_r191(
    name: str, tmp_path: Path
) -> None:
    """A header whose seed was changed after play (written compact, so only its digest tells) is
    refused by ``hexmj replay`` at ``file:1`` in the same line for every rule set, exit 5; the
    control: the recorded log as it is reads."""
    log = recorded(name, tmp_path)
    read_log(log, FORMATS[name])
    lines = lines_of(log)
    lines[0]["seed"] = 8
    done = replay(rewrite(log, lines))
    assert (done.returncode, done.stdout) == (5, "")
    assert done.stderr == f"hexmj: error: {log}:1: digest: does not match the session header: {EDITED}\n"


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_respaced_line_is_refused_as_edited_r593(name: str, tmp_path: Path) -> None:
    """A line that reads as the same value but is not the bytes hexmj wrote (a space after a colon)
    is refused at its ``file:line`` and field, in the same words for every rule set."""
    log = recorded(name, tmp_path)
    texts = log.read_text("utf-8").splitlines(keepends=True)
    texts[2] = texts[2].replace('"type":', '"type": ', 1)
    log.write_text("".join(texts), "utf-8")
    with pytest.raises(LogError) as refused:
        read_log(log, FORMATS[name])
    assert str(refused.value) == f"{log}:3: type: {EDITED}"


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_line_that_no_longer_comes_out_is_named_with_both_values_r593(name: str, tmp_path: Path) -> None:
    """An event's data changed after play (compact, so the reader passes it) does not come out on
    replay: one line naming ``file:line``, the event, its field and both values, exit 5, in the same
    words for every rule set."""
    log = recorded(name, tmp_path)
    lines = lines_of(log)
    number, event = next(
        (n, line) for n, line in enumerate(lines) if line["type"] == "event" and line["data"]
    )
    field = next(iter(event["data"]))
    logged = event["data"][field]
    event["data"][field] = "changed"
    done = replay(rewrite(log, lines))
    assert done.returncode == 5
    assert done.stderr == (
        f"hexmj: error: {log}:{number + 1}: replay diverges: {event['name']}: data.{field}: "
        f"logged changed, the session gives {logged if isinstance(logged, str) else json.dumps(logged)}\n"
    )


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_last_line_cut_short_is_no_part_of_the_log_r593(name: str, tmp_path: Path) -> None:
    """A last line without its newline (a kill as it was written) is left out, and the log reads as
    the session cut short before it: whole lines up to ``complete_bytes``, not finished."""
    log = recorded(name, tmp_path)
    whole = log.read_bytes()
    cut = whole[: whole.rstrip(b"\n").rfind(b"\n") + 1]
    log.write_bytes(cut + b'{"type":"end","tot')
    read = read_log(log, FORMATS[name])
    assert read.complete_bytes == len(cut) and not read.finished
    assert read.lines == lines_of(recorded(name, tmp_path))[1:-1]


PLAYED = {
    "hextech": ["--mode", "strategy", "--rounds", "4"],
    "standard": ["--rules", "standard", "--rounds", "2"],
    "hongzhong": ["--rules", "hongzhong", "--rounds", "2"],
}


def hexmj(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from tools.cli import main; main()", *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_session_resumed_from_its_header_alone_is_the_one_never_stopped_r382(
    name: str, tmp_path: Path
) -> None:
    """A log killed as its second line was written (its header whole, the rest cut short) resumes
    with ``hexmj play --resume``: the cut line written over, the header not written again, and the
    log byte for byte the one of the session that never stopped, for every rule set."""
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    args = ["--seed", "3", "--agents", "greedy,random,greedy,random", "--db", "none", *PLAYED[name]]
    assert hexmj("play", *args, "--log", str(whole)).returncode == 0
    written = whole.read_bytes()
    first = written.index(b"\n") + 1
    cut.write_bytes(written[: first + 9])
    done = hexmj("play", "--resume", str(cut), "--db", "none")
    assert done.returncode == 0, done.stderr
    assert cut.read_bytes() == written
