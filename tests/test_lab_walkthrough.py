"""``hexmj simulate`` bounds its run and prints only intervals it can estimate (issue 32 item 18;
§18.3, §18.4; R590, R591)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools.lab.runner import MAX_GAMES

STANDIN = ["--table", "tools.lab.standin:play_session"]


def hexmj(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``hexmj`` off a terminal: its standard streams are pipes, as in a script or CI."""
    return subprocess.run(
        [sys.executable, "-c", "from tools.cli import main; main()", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("rules", [[], ["--rules", "standard"]])
def test_a_trillion_games_are_refused_before_play_s18_3(rules: list[str], tmp_path: Path) -> None:
    """``--games 1000000000000`` off a terminal: one line naming the limit, exit 2, nothing played
    or stored (R590); the limit itself is accepted up to the check."""
    done = hexmj("simulate", "--games", "1000000000000", "--db", "none", *rules, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr == (
        f"hexmj: error: --games: 1000000000000 is more than one run plays (at most {MAX_GAMES}, R590); "
        "play a longer study as several runs with different --seed values\n"
    )
    assert list(tmp_path.iterdir()) == []


def compare_lines(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return hexmj(
        "simulate",
        *("--games", "2", "--mode", "strategy", "--rounds", "4", "--seed", "3", "--db", "none"),
        *STANDIN,
        *("--compare", "S-08", "S-08-v2"),
        *extra,
        cwd=tmp_path,
    )


def test_compare_names_the_cards_own_rows_by_figure_not_by_one_version_s18_4(tmp_path: Path) -> None:
    """The card's own figures sit under both columns, each version's under its own: their rows read
    ``card.holder_score``, never ``S-08-v2.holder_score`` beside the S-08 column."""
    done = compare_lines(tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [line.split()[0] for line in done.stdout.splitlines()[3:]]
    card_rows = [row for row in rows if row.startswith("card.")]
    assert card_rows == [
        "card.holder_score",
        "card.holder_win_rate",
        "card.triggers_per_round",
        "card.unexecutable_per_round",
    ]
    assert not any(row.startswith(("S-08.", "S-08-v2.")) for row in rows)


def test_compare_prints_no_zero_width_interval_s18_4(tmp_path: Path) -> None:
    """Two versions that never found a card unexecutable: the difference of the two rates keeps the
    width of their Poisson intervals, not ``+0.000 [+0.000, +0.000]`` (R591); no printed interval
    has zero width, and in the JSON every interval's low is below its high."""
    done = compare_lines(tmp_path)
    assert done.returncode == 0, done.stderr
    row = next(line for line in done.stdout.splitlines() if line.split()[0] == "card.unexecutable_per_round")
    assert row.split()[-3:] == ["+0.000", "[-0.922,", "+0.922]"]
    intervals = re.findall(r"\[([+-]?\d+\.\d{3}), ([+-]?\d+\.\d{3})\]", done.stdout)
    assert intervals and all(low != high for low, high in intervals)
    doc = json.loads(compare_lines(tmp_path, "--json").stdout)
    for figure in [*doc["metrics"].values(), *doc["card"].values()]:
        for e in (figure, figure["a"], figure["b"]):
            assert e["low"] is None or e["low"] < e["high"]
