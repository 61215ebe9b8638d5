"""Duplicate sets (issue 15 item 2): every seed played with the agents rotated through the four
seats, and per-agent figures with intervals (§18.3)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from lab_support import held_by_agent
from pools_lint_cli import run_hexmj

from tools.lab.duplicate import figures, rotate

Run = Callable[[list[str]], tuple[int, str, str]]


@pytest.fixture
def hexmj(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    return lambda argv: run_hexmj(argv, monkeypatch, capsys)


def test_a_rotation_moves_every_agent_one_seat_on() -> None:
    agents = ("s", "g1", "g2", "g3")
    assert [rotate(agents, r) for r in range(4)] == [
        ("s", "g1", "g2", "g3"),
        ("g3", "s", "g1", "g2"),
        ("g2", "g3", "s", "g1"),
        ("g1", "g2", "g3", "s"),
    ]


def test_figures_average_a_set_and_compare_with_the_other_seats() -> None:
    """Two seeds.  Seed 1: the lone agent S scores 30, 20, 40, 30 over its four seats (mean 30) and is
    first twice (a tie at the top counts); seed 2: 20, 20, 20, 30 (mean 22.5), first once.  Its
    mean is 26.25, its lead the mean of each seed's lead over the other twelve seats, first 3 of 8."""
    s, g = "S", "G"
    seed_1 = [
        ((s, g, g, g), (30, 30, 20, 20)),
        ((g, s, g, g), (25, 20, 30, 25)),
        ((g, g, s, g), (20, 25, 40, 15)),
        ((g, g, g, s), (30, 25, 35, 30)),
    ]
    seed_2 = [
        ((s, g, g, g), (20, 30, 20, 16)),
        ((g, s, g, g), (22, 20, 24, 22)),
        ((g, g, s, g), (20, 25, 20, 15)),
        ((g, g, g, s), (25, 25, 15, 30)),
    ]
    found = figures([seed_1, seed_2])
    lead_1 = 30 - (30 + 20 + 20 + 25 + 30 + 25 + 20 + 25 + 15 + 30 + 25 + 35) / 12
    lead_2 = 22.5 - (30 + 20 + 16 + 22 + 24 + 22 + 20 + 25 + 15 + 25 + 25 + 15) / 12
    assert found[s]["score"].value == 26.25 and found[s]["score"].n == 2
    assert found[s]["versus"].value == pytest.approx((lead_1 + lead_2) / 2, abs=1e-6)
    assert found[s]["first"].n == 8 and found[s]["first"].value == pytest.approx(3 / 8, abs=1e-6)
    assert found[g]["first"].n == 24
    low, high = found[s]["first"].low, found[s]["first"].high
    assert low is not None and high is not None and 0.0 <= low < 3 / 8 < high <= 1.0


def duplicate_json(hexmj: Run, workers: str, db: str = "none") -> dict[str, object]:
    argv = [
        "simulate",
        "--games",
        "2",
        "--rounds",
        "4",
        "--mode",
        "all",
        "--agents",
        "search:4,greedy,greedy,greedy",
    ]
    code, out, err = hexmj([*argv, "--duplicate", "--json", "--db", db, "--workers", workers])
    assert code == 0, err
    doc: dict[str, object] = json.loads(out)["duplicate"]
    return doc


def test_simulate_duplicate_prints_each_agents_figures_the_same_on_one_worker_or_two(hexmj: Run) -> None:
    """``hexmj simulate --duplicate``: 2 seeds × 4 rotations; the search agent holds 8 seat-sessions,
    greedy 24; the figures are byte-identical whatever the workers."""
    one = duplicate_json(hexmj, "1")
    assert one == duplicate_json(hexmj, "2")
    agents = one["agents"]
    assert isinstance(agents, dict) and set(agents) == {"search:4", "greedy"}
    assert agents["search:4"]["first"]["n"] == 8 and agents["greedy"]["first"]["n"] == 24
    assert agents["search:4"]["versus"]["value"] == pytest.approx(-agents["greedy"]["versus"]["value"])
    contracts = one["contracts"]
    assert isinstance(contracts, dict)
    held = sum(per["search:4"]["completion"]["n"] for per in contracts.values() if "search:4" in per)
    assert 0 < held <= 8 * 4


def test_card_figures_are_kept_apart_by_the_agent_that_held_the_card_s18_3(
    hexmj: Run, tmp_path: Path
) -> None:
    """Every contract's completion and abandon share and every augment's win share and mean round
    score, per agent, are those the four rotations' stored records give for that agent's seats."""
    doc = duplicate_json(hexmj, "1", f"sqlite:///{tmp_path / 'records.db'}")
    contracts, augments = doc["contracts"], doc["augments"]
    assert isinstance(contracts, dict) and isinstance(augments, dict)
    held = held_by_agent(tmp_path / "records.db")
    assert {(c, a) for per in (contracts, augments) for c, agents in per.items() for a in agents} == set(held)
    for (card, agent), rounds in held.items():
        n = len(rounds)
        if card[0] in "CB":
            figures = contracts[card][agent]
            assert figures["completion"]["n"] == n
            assert figures["completion"]["value"] == pytest.approx(sum(c for c, *_ in rounds) / n, abs=1e-6)
            assert figures["abandoned"]["value"] == pytest.approx(sum(a for _, a, *_ in rounds) / n, abs=1e-6)
        else:
            figures = augments[card][agent]
            assert figures["win"]["n"] == n
            assert figures["win"]["value"] == pytest.approx(sum(w for *_, w, _ in rounds) / n, abs=1e-6)
            assert figures["score"]["value"] == pytest.approx(sum(s for *_, s in rounds) / n, abs=1e-6)


def test_duplicate_and_compare_do_not_go_together(hexmj: Run) -> None:
    code, _, err = hexmj(
        ["simulate", "--games", "2", "--duplicate", "--compare", "S-08", "S-08", "--db", "none"]
    )
    assert code == 2 and "--duplicate" in err and len(err.splitlines()) == 1
