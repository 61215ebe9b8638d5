"""The §18.3 metrics on hand-made session records: each figure, its interval, the flags, the cohorts."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.core.errors import InputError
from tools.lab.metrics import aggregate, summarize
from tools.lab.records import (
    ContractRecord,
    DrawnCard,
    HeldCard,
    PlayerRound,
    RoundRecord,
    SessionRecord,
    WinRecord,
    WorldRecord,
)
from tools.lab.stats import difference, share
from tools.lab.tally import tally

CARDS = ("W-01", "O-P01", "O-N01", "S-01", "S-02", "S-03", "S-04", "C-01", "C-02", "B-01", "B-02")


def seat(score: int, augment: str, contract: str, completed: bool, abandoned: bool = False) -> PlayerRound:
    kind = "black" if contract.startswith("B") else "normal"
    return PlayerRound(
        augments=(HeldCard(card=augment, triggered=1),),
        contract=ContractRecord(card=contract, kind=kind, completed=completed, abandoned=abandoned),
        score=score,
    )


def round_one(exhausted: bool = False) -> RoundRecord:
    """A wins first (wall 50), B second (30), C third (10) unless the wall ran out after B."""
    wins = [
        WinRecord(player=0, order=1, wall_left=50, self_drawn=True),
        WinRecord(player=1, order=2, wall_left=30, self_drawn=False),
    ]
    if not exhausted:
        wins.append(WinRecord(player=2, order=3, wall_left=10, self_drawn=False))
    return RoundRecord(
        number=1,
        dealer=0,
        world=WorldRecord(card="W-01", triggered=2),
        players=(
            seat(6, "S-01", "C-01", True),
            seat(3, "S-02", "C-02", False, abandoned=True),
            seat(0 if exhausted else 2, "S-03", "B-01", False, abandoned=True),
            seat(-1, "S-04", "B-02", False, abandoned=True),
        ),
        drawn=(
            DrawnCard(card="O-P01", deck="chance", player=0, triggered=False, unexecutable=True),
            DrawnCard(card="O-N01", deck="chance", player=0, triggered=True, unexecutable=False),
            DrawnCard(card="O-N01", deck="chance", player=1, triggered=True, unexecutable=False),
            DrawnCard(card="O-N01", deck="chance", player=2, triggered=True, unexecutable=False),
        ),
        wins=tuple(wins),
        exhausted=exhausted,
        turns=60,
    )


def session(*rounds: RoundRecord, cards: tuple[str, ...] = CARDS, seed: int = 1) -> SessionRecord:
    renumbered = tuple(r.model_copy(update={"number": i + 1}) for i, r in enumerate(rounds))
    finals = tuple(sum(r.players[p].score for r in renumbered) for p in range(4))
    return SessionRecord(
        cards=cards,
        mode="strategy",
        pool="default",
        seed=seed,
        rounds=4 if len(rounds) == 4 else 8,
        agents=("greedy",) * 4,
        played=renumbered,
        final_scores=finals,
    )


def test_table_metrics_s18_3() -> None:
    rounds = [round_one(), round_one(exhausted=True), round_one(), round_one()]
    m = aggregate([session(*rounds)]).metrics
    assert m.chance_unexecutable.value == 0.25
    assert m.normal_contract_completion.value == 0.5
    assert m.black_contract_completion.value == 0.0
    assert [w.value for w in m.wall_left_at_win] == [50, 30, 10]
    assert m.wall_left_at_win[2].n == 3
    assert m.exhausted_rounds.value == 0.25
    assert m.round_turns.value == 60
    assert m.win_order[3].value == pytest.approx(5 / 16)


def test_intervals_contain_the_value_s18_3() -> None:
    m = aggregate([session(round_one(), round_one(True), round_one(), round_one())]).metrics
    for e in (m.chance_unexecutable, m.normal_contract_completion, m.exhausted_rounds):
        assert e.low is not None and e.high is not None and e.value is not None
        assert e.low <= e.value <= e.high
        assert e.low >= 0.0 and e.high <= 1.0


def test_table_flags_warning_lines_s18_3() -> None:
    a = aggregate([session(round_one(), round_one(), round_one(), round_one())])
    table = {f.metric for f in a.flags if f.subject == "table"}
    assert table == {"chance_unexecutable", "normal_contract_completion", "black_contract_completion"}


def test_per_card_figures_and_flagged_first_s18_3() -> None:
    a = aggregate([session(round_one(), round_one(), round_one(), round_one())])
    s1 = a.cards["S-01"]
    assert s1.holder_score is not None and s1.holder_score.value == 6
    assert s1.holder_win_rate is not None and s1.holder_win_rate.value == 1
    assert s1.score_advantage is not None and s1.score_advantage.diff == pytest.approx(6 - 4 / 3, abs=1e-6)
    assert a.cards["S-04"].win_advantage is not None and a.cards["S-04"].win_advantage.diff == -1
    world = a.cards["W-01"]
    assert world.triggers_per_round is not None and world.triggers_per_round.value == 2
    assert world.triggers_per_round.kind == "rate" and world.triggered is None
    assert a.cards["O-P01"].unexecutable is not None and a.cards["O-P01"].unexecutable.value == 1.0
    assert a.cards["O-N01"].unexecutable is not None and a.cards["O-N01"].unexecutable.value == 0.0
    assert a.cards["O-N01"].unexecutable.kind == "share" and a.cards["O-N01"].triggers_per_round is None
    assert "unexecutable" in a.cards["O-P01"].flags
    assert a.cards["C-01"].completion is not None and a.cards["C-01"].completion.value == 1.0
    assert "completion" in a.cards["C-01"].flags
    flagged = [c.card for c in a.cards.values() if c.flags]
    assert list(a.cards)[: len(flagged)] == flagged


def test_card_versions_never_mix_s18_4() -> None:
    old = session(round_one(), round_one(), round_one(), round_one())
    new = session(
        round_one(), round_one(), round_one(), round_one(), cards=(*CARDS[:3], "S-01-v2", *CARDS[4:])
    )
    with pytest.raises(InputError, match="never mix"):
        aggregate([old, new])


def test_shortened_sessions_never_mix_with_full_ones_s16() -> None:
    short = session(round_one(), round_one(), round_one(), round_one())
    full = session(*[round_one()] * 8)
    assert short.cohort != full.cohort
    with pytest.raises(InputError, match="never mix"):
        aggregate([short, full])


def test_tallies_merge_in_any_order_to_the_same_figures_s18_3() -> None:
    records = [
        session(round_one(), round_one(k % 2 == 0), round_one(), round_one(), seed=k) for k in range(4)
    ]
    forward = tally(records[:2])
    forward.merge(tally(records[2:]))
    backward = tally(records[2:])
    backward.merge(tally(records[:2]))
    assert summarize(forward).model_dump_json() == summarize(backward).model_dump_json()
    assert summarize(forward) == aggregate(records)


def test_record_refuses_a_round_with_neither_three_wins_nor_exhaustion_s11() -> None:
    with pytest.raises(ValidationError, match="3rd win or an exhausted wall"):
        RoundRecord.model_validate({**round_one().model_dump(), "wins": round_one().model_dump()["wins"][:2]})


def test_record_refuses_final_scores_that_are_not_the_sum_s13_1() -> None:
    good = session(round_one(), round_one(), round_one(), round_one())
    data = {**good.model_dump(), "final_scores": [0, 0, 0, 0]}
    with pytest.raises(ValidationError, match="not the sum"):
        SessionRecord.model_validate(data)


def test_record_refuses_an_abandoned_completed_contract_s10_3() -> None:
    with pytest.raises(ValidationError, match="cannot be abandoned"):
        ContractRecord(card="C-01", kind="normal", completed=True, abandoned=True)


def test_wilson_interval_and_significance_s18_3() -> None:
    e = share(3, 10)
    assert (e.value, e.low, e.high) == (0.3, 0.107791, 0.603222)
    assert not difference(share(3, 10), share(7, 10)).significant
    assert difference(share(30, 100), share(70, 100)).significant
    assert share(0, 0).value is None
