"""The lab's per-agent figures (issue 15 item 4, §18.3): each contract's completion and abandon
share and each augment's win rate and mean round score again for every agent that held the card,
side by side in the report, the summary and the JSON; a single agent gets no per-agent section."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from lab_support import held_by_agent
from pools_lint_cli import run_hexmj

from tools.lab.stats import Estimate, shown

Run = Callable[[list[str]], tuple[int, str, str]]
SEARCH = "search:4"


@pytest.fixture
def hexmj(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    return lambda argv: run_hexmj(argv, monkeypatch, capsys)


def simulate(hexmj: Run, tmp_path: Path, agents: str, *extra: str) -> tuple[dict[str, object], str, str]:
    """Two shortened sessions of mode ``all`` on one worker: the JSON, the summary, the report page
    and the stored records."""
    db = f"sqlite:///{tmp_path / 'records.db'}"
    argv = ["simulate", "--games", "2", "--rounds", "4", "--mode", "all", "--agents", agents]
    argv += ["--workers", "1", "--db", db, *extra]
    code, out, err = hexmj([*argv, "--json"])
    assert code == 0, err
    code, text, err = hexmj([*argv, "--db", "none", "--report", str(tmp_path / "report")])
    assert code == 0, err
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    doc: dict[str, object] = json.loads(out)
    return doc, text, page


def test_search_and_greedy_side_by_side_carry_each_agents_own_figures_s18_3(
    hexmj: Run, tmp_path: Path
) -> None:
    """One search agent (seat A) and three greedy ones: every card held appears once per agent that
    held it, with that agent's rounds, completions, abandons, wins and mean round score as the
    records count them, and the two agents' rounds add up to the card's."""
    doc, text, page = simulate(hexmj, tmp_path, f"{SEARCH},greedy,greedy,greedy")
    agents, by_agent, cards = doc["agents"], doc["by_agent"], doc["cards"]
    assert isinstance(agents, dict) and isinstance(by_agent, dict) and isinstance(cards, dict)
    assert list(agents) == ["greedy", SEARCH]
    held = held_by_agent(tmp_path / "records.db")
    assert {(card, agent) for card, per in by_agent.items() for agent in per} == set(held)
    for (card, agent), rounds in held.items():
        figures = by_agent[card][agent]
        n = len(rounds)
        assert figures["n"] == n
        assert figures["win_rate"]["value"] == pytest.approx(sum(w for _, _, w, _ in rounds) / n, abs=1e-6)
        assert figures["mean_score"]["value"] == pytest.approx(sum(s for *_, s in rounds) / n, abs=1e-6)
        if card[0] in "CB":
            assert figures["completion"]["value"] == pytest.approx(sum(c for c, *_ in rounds) / n, abs=1e-6)
            assert figures["abandoned"]["value"] == pytest.approx(sum(a for _, a, *_ in rounds) / n, abs=1e-6)
        else:
            assert "completion" not in figures and "abandoned" not in figures
    for card, per in by_agent.items():
        assert sum(f["n"] for f in per.values()) == cards[card]["n"]
    search_contracts = [
        r for (card, agent), rs in held.items() if agent == SEARCH and card[0] in "CB" for r in rs
    ]
    assert len(search_contracts) == 2 * 4
    abandoned = agents[SEARCH]["abandoned"]
    assert abandoned["n"] == 8 and abandoned["value"] == pytest.approx(
        sum(a for _, a, *_ in search_contracts) / 8
    )
    assert abandoned["low"] <= abandoned["value"] <= abandoned["high"]

    section = page[page.index("<h2>Per agent (§18.3)") :]
    assert "<th colspan='5'>greedy</th><th colspan='5'>search:4</th>" in section
    card, per = next((c, p) for c, p in by_agent.items() if c[0] in "CB" and len(p) == 2)
    row = re.search(rf"<tr><td(?: class='flag')?>{card}</td>(.*?)</tr>", section)
    assert row is not None
    cells = [html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", row.group(1))]
    for agent, offset in (("greedy", 0), (SEARCH, 5)):
        f = per[agent]
        assert cells[offset] == str(f["n"])
        for i, name in enumerate(("completion", "abandoned", "win_rate", "mean_score"), start=1):
            e = f[name]
            assert cells[offset + i] == shown_json(e)

    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("per agent:"))
    assert lines[head].split() == ["per", "agent:", "greedy", SEARCH]
    assert lines[head + 3].split()[:2] == ["contracts", "abandoned"]
    assert shown_json(abandoned) in lines[head + 3]


def shown_json(e: dict[str, float]) -> str:
    return shown(Estimate(value=e["value"], low=e["low"], high=e["high"], se=None, n=e["n"]))


def test_one_agent_kind_gets_a_single_column_and_no_per_agent_section_control(
    hexmj: Run, tmp_path: Path
) -> None:
    """Four greedy agents: the JSON has one agent whose figures are the cards' own; the report and
    the summary have no per-agent section."""
    doc, text, page = simulate(hexmj, tmp_path, "greedy")
    agents, by_agent, cards = doc["agents"], doc["by_agent"], doc["cards"]
    assert isinstance(agents, dict) and isinstance(by_agent, dict) and isinstance(cards, dict)
    assert list(agents) == ["greedy"]
    metrics = doc["metrics"]
    assert isinstance(metrics, dict)
    assert agents["greedy"]["normal_completion"] == metrics["normal_contract_completion"]
    for card, per in by_agent.items():
        assert list(per) == ["greedy"]
        assert per["greedy"]["n"] == cards[card]["n"]
        assert per["greedy"]["win_rate"] == cards[card]["holder_win_rate"]
        if card[0] in "CB":
            assert per["greedy"]["completion"] == cards[card]["completion"]
    assert "Per agent" not in page and "per agent:" not in text


def test_a_duplicate_run_reports_all_four_rotations_per_agent(hexmj: Run, tmp_path: Path) -> None:
    """``--duplicate --report``: one seed in four seatings; the search agent held 4 rounds' contracts
    in each of its 4 sessions, so its per-agent contract figures count 16."""
    argv = ["simulate", "--games", "1", "--rounds", "4", "--mode", "all", "--agents"]
    argv += [f"{SEARCH},greedy,greedy,greedy", "--duplicate", "--workers", "1", "--db", "none"]
    code, out, err = hexmj([*argv, "--report", str(tmp_path / "report")])
    assert code == 0, err
    assert out.startswith("duplicate sets: 1 seeds × 4 rotations")
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "hexmj balance report: 4 sessions, all mode, 4 rounds" in page
    table = page[page.index("<h2>Per agent (§18.3)") :]
    abandoned = re.search(
        r"<tr><td>contracts abandoned \(§10\)</td><td>[^<]* \((\d+)\)</td><td>[^<]* \((\d+)\)</td>", table
    )
    assert abandoned is not None and abandoned.groups() == ("48", "16")
