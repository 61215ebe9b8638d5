"""``hexmj simulate`` on the stand-in table: JSON, compare, report, store, bad input (§18.3, §18.4)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from pools_lint_cli import run_hexmj as hexmj
from typer.testing import CliRunner

from tools.cli import app
from tools.lab.records import Cohort
from tools.lab.store import load_sessions, open_store

STANDIN = ["--table", "tools.lab.standin:play_session"]


def simulate(tmp_path: Path, *extra: str) -> list[str]:
    db = f"sqlite:///{tmp_path / 'r.db'}"
    return [
        "simulate",
        "--games",
        "6",
        "--mode",
        "strategy",
        "--rounds",
        "4",
        "--seed",
        "3",
        "--db",
        db,
        *STANDIN,
        *extra,
    ]


def test_json_is_the_same_bytes_whatever_the_workers_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code1, one, _ = hexmj(simulate(tmp_path, "--workers", "1", "--json"), monkeypatch, capsys)
    code2, two, _ = hexmj(simulate(tmp_path, "--workers", "2", "--json"), monkeypatch, capsys)
    assert code1 == code2 == 0
    assert one == two
    doc: dict[str, Any] = json.loads(one)
    assert (doc["games"], doc["seed"], doc["mode"], doc["rounds"]) == (6, 3, "strategy", 4)
    metrics = doc["metrics"]
    for name in (
        "chance_unexecutable",
        "normal_contract_completion",
        "black_contract_completion",
        "exhausted_rounds",
    ):
        assert set(metrics[name]) >= {"value", "low", "high"}
        assert metrics[name]["low"] <= metrics[name]["value"] <= metrics[name]["high"]
    assert len(metrics["wall_left_at_win"]) == 3
    flagged = [card for card, figures in doc["cards"].items() if figures["flags"]]
    assert list(doc["cards"])[: len(flagged)] == flagged
    assert {f["subject"] for f in doc["flags"] if f["subject"] != "table"} == set(flagged)


def test_every_simulated_session_is_stored_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = hexmj(simulate(tmp_path, "--workers", "1", "--json"), monkeypatch, capsys)
    assert code == 0
    cohort = Cohort(versions=json.loads(out)["versions"], rounds=4, mode="strategy")
    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    stored = load_sessions(store, cohort)
    store.dispose()
    assert len(stored) == 6
    assert all(record.rounds == 4 and record.source == "simulate" for record in stored)


def test_compare_plays_the_same_seeds_with_each_version_s18_4(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = simulate(tmp_path, "--compare", "S-08", "S-08-v2", "--json", "--report", str(tmp_path / "out"))
    code, out, _ = hexmj(args, monkeypatch, capsys)
    assert code == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["S-08", "S-08-v2"]
    titles = {
        re.search("<title>(.*?)</title>", (tmp_path / "out" / v / "index.html").read_text("utf-8")).group(1)  # type: ignore[union-attr]
        for v in ("S-08", "S-08-v2")
    }
    assert titles == {
        "hexmj balance report: 6 sessions, strategy mode, 4 rounds, with S-08",
        "hexmj balance report: 6 sessions, strategy mode, 4 rounds, with S-08-v2",
    }
    doc = json.loads(out)
    assert doc["compare"] == ["S-08", "S-08-v2"]
    assert (doc["games"], doc["seed"], doc["mode"], doc["rounds"], doc["pool"]) == (
        6,
        3,
        "strategy",
        4,
        "default",
    )
    assert list(doc["versions"]) == ["S-08", "S-08-v2"] and len(set(doc["versions"].values())) == 2
    wall = doc["metrics"]["wall_left_at_win.1"]
    assert set(wall) == {"a", "b", "diff", "low", "high", "significant"}
    assert isinstance(wall["significant"], bool)
    assert doc["metrics"]["black_contract_completion"]["a"]["n"] > 0


def test_compare_summary_has_a_header_and_a_column_per_version_s18_4(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The terminal comparison says what was run and labels each column with its own version."""
    code, out, _ = hexmj(simulate(tmp_path, "--compare", "S-08", "S-08-v2"), monkeypatch, capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "6 sessions per version, seed 3, strategy mode, 4 rounds, pool default"
    assert re.fullmatch(
        r"versions: S-08 \(card set [0-9a-f]{16}\), S-08-v2 \(card set [0-9a-f]{16}\)", lines[1]
    )
    assert lines[2].split() == ["S-08", "S-08-v2", "S-08-v2", "−", "S-08", "[95", "%]", "(*", "significant)"]
    row = next(line for line in lines if line.split()[0] == "normal_contract_completion")
    share, diff = (
        r"\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]",
        r"[+-]\d\.\d{3} \[[+-]\d\.\d{3}, [+-]\d\.\d{3}\]( \*)?",
    )
    assert re.fullmatch(rf"\s+normal_contract_completion\s+{share}\s+{share}\s+{diff}", row)


def test_report_is_an_html_page_with_its_plots_s18_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = hexmj(simulate(tmp_path, "--report", str(tmp_path / "report")), monkeypatch, capsys)
    assert code == 0
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    alts = [html.unescape(a) for a in re.findall(r"<img alt=\"([^\"]*)\" src='data:image/png;base64,", page)]
    assert len(alts) == 4
    assert alts[0].startswith("Histograms of scores per player: session scores ")
    assert alts[1].startswith("Bar chart of the shares of player-rounds: won first ")
    assert alts[2].startswith("Holders' mean round score minus everyone else's for ")
    assert alts[3].startswith("Completion of ") and "outside the band: " in alts[3]
    assert "Contract completion against the target bands" in page
    assert list((tmp_path / "report").iterdir()) == [tmp_path / "report" / "index.html"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--rounds", "5"], "--rounds: 5 is not 8 or 4"),
        (["--mode", "solo"], "--mode: 'solo'"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--agents", "oracle"], "unknown agent 'oracle'"),
        (["--compare", "S-08", "G-08-v2"], "two versions of one card"),
        (["--db", "nosuchdb://x"], "cannot open the record store"),
        (["--games", "0"], "--games must be at least 1"),
        (["--pool", "no-such-pool.yaml"], "--pool: no such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    extra: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = hexmj([*simulate(tmp_path), *extra], monkeypatch, capsys)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_simulate_db_none_stores_nothing_s18_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--db none`` plays and reports the §18.3 figures without writing any record store."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HEXMJ_DB", raising=False)
    out = CliRunner().invoke(
        app, ["simulate", "--games", "2", "--rounds", "4", "--workers", "1", "--db", "none", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["games"] == 2
    assert list(tmp_path.iterdir()) == []
