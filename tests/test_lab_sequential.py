"""Comparisons that stop when decided (issue 34 item 3, §18.4): the confidence sequence holds its error
rate under every look, the figures seed by seed are the lab's, and ``simulate --compare A B
--until-decided`` stops on a planted pair of versions."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj as _hexmj
from tune_support import plant

from tools.lab.metrics import aggregate
from tools.lab.seed_figures import (
    TABLE_FIGURES,
    Figure,
    Sums,
    card_figure,
    figure_sequence,
    paired_fixed,
    paired_sequence,
    session_sums,
)
from tools.lab.sequential import ALPHA, Decision, Interval, decide_difference, fixed_seeds, looks
from tools.lab.session_spec import SessionSpec
from tools.lab.standin import play_session

COMPLETION = card_figure("C-05", "completion")
RUNS = 300
MOST = 600


def _seeds(rng: random.Random, completes: float, most: int) -> list[Sums]:
    """Sessions of a contract held 0–3 rounds (as a contract of a small pool is), each completed with
    probability ``completes``."""
    seeds = []
    for _ in range(most):
        held = rng.choice((0, 0, 1, 1, 2, 3))
        done = sum(rng.random() < completes for _ in range(held))
        seeds.append({"C-05:held": held, "C-05:completed": done})
    return seeds


Reader = Callable[[Figure, Sequence[Sums], Sequence[Sums]], Interval | None]


def _decisions(
    reader: Reader, a: float, b: float, tolerance: float | None, seed: int
) -> list[Decision | None]:
    """How each of :data:`RUNS` synthetic comparisons ended when read after every look."""
    rng = random.Random(seed)
    ends: list[Decision | None] = []
    for _ in range(RUNS):
        first, second = _seeds(rng, a, MOST), _seeds(rng, b, MOST)
        end = None
        for t in looks(MOST):
            interval = reader(COMPLETION, first[:t], second[:t])
            end = None if interval is None else decide_difference(interval, tolerance)
            if end is not None:
                break
        ends.append(end)
    return ends


@pytest.mark.parametrize("completes", [0.05, 0.3, 0.6])
def test_no_difference_is_found_more_than_alpha_under_every_look_s18_4(completes: float) -> None:
    """Two versions that complete alike, looked at after 16 seeds and every quarter more up to 600:
    the always-valid interval calls them different in at most 5 % of runs (within sampling error),
    while the fixed-N 95 % interval read at the same looks does so several times as often."""
    sequential = _decisions(paired_sequence, completes, completes, None, seed=1)
    naive = _decisions(paired_fixed, completes, completes, None, seed=1)
    slack = 2 * (ALPHA * (1 - ALPHA) / RUNS) ** 0.5
    assert sequential.count("different") / RUNS <= ALPHA + slack
    assert naive.count("different") / RUNS >= 3 * ALPHA


def test_a_difference_beyond_the_tolerance_is_never_called_equivalent_s18_4() -> None:
    """Completion 0.40 against 0.55 with a tolerance of ±0.10: no run stops as equivalent, and most
    find the difference."""
    ends = _decisions(paired_sequence, 0.40, 0.55, 0.10, seed=2)
    assert ends.count("equivalent") / RUNS <= ALPHA
    assert ends.count("different") / RUNS >= 0.8


def test_looks_start_at_sixteen_seeds_and_grow_by_a_quarter() -> None:
    assert list(looks(100)) == [16, 32, 48, 64, 80, 100]
    assert list(looks(5)) == [5]
    schedule = list(looks(2000))
    assert schedule[-1] == 2000 and len(schedule) < 30


def test_the_seed_figures_are_the_lab_figures_s18_3() -> None:
    """Over the same records, every figure made from per-seed sums equals the lab's own."""
    spec = SessionSpec(mode="strategy", rounds=4)
    records = [play_session(spec.model_copy(update={"seed": seed})) for seed in range(12)]
    seeds = [session_sums(record) for record in records]
    lab = aggregate(records)
    for card, stats in lab.cards.items():
        if stats.completion is not None:
            found = figure_sequence(card_figure(card, "completion"), seeds)
            assert found is not None and round(found.value, 6) == stats.completion.value
        if stats.score_advantage is not None and stats.score_advantage.diff is not None:
            found = figure_sequence(card_figure(card, "score_advantage"), seeds)
            assert found is not None and abs(found.value - stats.score_advantage.diff) < 1e-5
        if stats.unexecutable is not None and stats.type == "chance":
            found = figure_sequence(card_figure(card, "unexecutable"), seeds)
            assert found is not None and round(found.value, 6) == stats.unexecutable.value
    normal = figure_sequence(TABLE_FIGURES["normal_contract_completion"], seeds)
    assert normal is not None and round(normal.value, 6) == lab.metrics.normal_contract_completion.value


def test_a_share_interval_stays_where_a_share_can_lie() -> None:
    seeds = [{"C-05:held": 1, "C-05:completed": 1}] * 16
    found = figure_sequence(COMPLETION, seeds)
    assert found is not None and found.value == 1.0 and found.high == 1.0 and 0 < found.low < 1


def test_the_fixed_run_of_the_same_power_shrinks_as_the_difference_grows_s18_4() -> None:
    small = fixed_seeds("different", 0.1, 1.0, 2000)
    large = fixed_seeds("different", 0.5, 1.0, 2000)
    assert 0 < small.power <= 1 and 0 < large.power <= 1
    assert small.fixed_seeds is not None and large.fixed_seeds is not None
    assert large.fixed_seeds < small.fixed_seeds
    assert large.expected_seeds < small.expected_seeds
    assert fixed_seeds("different", 0.1, 1.0, 2000) == small


def _compare(folder: Path, *extra: str) -> list[str]:
    return [
        "simulate",
        "--cards",
        str(folder),
        "--mode",
        "strategy",
        "--rounds",
        "4",
        "--workers",
        "1",
        "--db",
        "none",
        "--json",
        *extra,
    ]


def test_a_contract_made_nearly_impossible_is_found_different_early_s18_4(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """C-14 asks for 6 tiles of one suit; its planted version for 12. The comparison stops at its
    first look, long before its most seeds, and says what a fixed-N run of the same power needs."""
    version = plant(working_copy, "C-14", "max_suit_tiles >= 6", "max_suit_tiles >= 12")
    args = _compare(working_copy, "--compare", "C-14", version, "--until-decided", "--games", "400")
    code, out, err = _hexmj(args, monkeypatch, capsys)
    assert code == 0, err
    doc = json.loads(out)
    found = doc["sequential"]
    assert found["figure"] == "C-14.completion" and found["decision"] == "different"
    assert found["seeds"] < found["most"] == 400 and found["games"] == 2 * found["seeds"]
    assert found["high"] < 0 and found["low"] <= found["diff"] <= found["high"]
    assert doc["games"] == found["seeds"]
    assert (
        found["fixed_seeds"] >= 2
        and 0 < found["power"] <= 1
        and found["fixed_games"] == 2 * found["fixed_seeds"]
    )
    assert doc["card"]["completion"]["b"]["value"] < doc["card"]["completion"]["a"]["value"]


def test_two_versions_that_play_alike_are_found_equivalent_s18_4(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new version that changes nothing: with a tolerance of ±0.25 the comparison stops as
    equivalent; the terminal says so with the seeds it took."""
    version = plant(working_copy, "C-14", "max_suit_tiles >= 6", "max_suit_tiles >= 6")
    args = _compare(working_copy, "--compare", "C-14", version, "--until-decided", "--tolerance", "0.25")
    args.remove("--json")
    code, out, err = _hexmj(args, monkeypatch, capsys)
    assert code == 0, err
    lines = out.splitlines()
    head = lines.index(
        "until decided: C-14.completion, tolerance ±0.250 (always-valid 95 % intervals, any number of looks)"
    )
    assert lines[head + 1].startswith(f"  equivalent after 16 seeds (32 games): {version} − C-14 +0.000 [")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--until-decided"], "--until-decided: compare two versions with --compare A B"),
        (["--tolerance", "0.1"], "--tolerance: a flag of --until-decided"),
        (["--compare", "C-14", "C-14-v2", "--figure", "completion"], "--figure: a flag of --until-decided"),
        (
            ["--compare", "C-14", "C-14-v2", "--until-decided", "--tolerance", "-1"],
            "is not a positive number",
        ),
        (
            ["--compare", "C-14", "C-14-v2", "--until-decided", "--figure", "speed"],
            "--figure: 'speed' is not",
        ),
        (["--compare", "S-08", "S-08-v2", "--until-decided", "--figure", "completion"], "S-08 has no figure"),
    ],
)
def test_bad_sequential_input_is_one_line_and_exit_2(
    extra: list[str],
    message: str,
    working_copy: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = _hexmj(_compare(working_copy, *extra), monkeypatch, capsys)
    assert code == 2
    assert message in err and err.count("\n") == 1


def test_the_same_run_gives_the_same_bytes_whatever_the_workers_s18_4(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On the stand-in table, one worker and two give the same decision and the same JSON."""
    args = [
        "simulate", "--table", "tools.lab.standin:play_session", "--mode", "strategy", "--rounds", "4",
        "--db", "none", "--json", "--compare", "S-08", "S-08-v2", "--until-decided", "--games", "200",
        "--tolerance", "3",
    ]  # fmt: skip
    one = _hexmj([*args, "--workers", "1"], monkeypatch, capsys)
    two = _hexmj([*args, "--workers", "2"], monkeypatch, capsys)
    assert one[0] == two[0] == 0
    assert one[1] == two[1]
    assert json.loads(one[1])["sequential"]["decision"] in ("different", "equivalent", None)
