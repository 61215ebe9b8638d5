"""Sessions (§4, §5, §16, §18.1): dealer order, augment drafts, ranking, determinism."""

from __future__ import annotations

from functools import cache

from dsl.compiler import compile_cards
from dsl.pools import pool_cards
from engine.agents.roster import make_bots
from engine.core.decisions import Decision
from engine.core.seats import seat_wind
from engine.core.session import drive
from engine.core.tiles import parse_one
from engine.hextech.bus import Event
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.plugins import Modules
from engine.hextech.session import Session, SessionConfig, SessionResult
from engine.hextech.state import Deck
from engine.hextech.vocabulary import CompiledCard
from modules.treasure.faces import reveal
from modules.treasure.play import order_for, state_of

MODULES = ("party", "treasure")


@cache
def _cards(mode: str) -> tuple[CompiledCard, ...]:
    return tuple(compile_cards(pool_cards(mode)))


def _play(seed: int, mode: str = "strategy", rounds: int = 8, agents: str = "greedy") -> SessionResult:
    session = Session(SessionConfig(seed, mode, rounds), cards=_cards(mode))
    return drive(session, make_bots([agents] * 4, seed))


def test_dealer_order_is_a_b_c_d_twice_without_repeat_dealer_s4() -> None:
    result = _play(5)
    assert [r.dealer for r in result.rounds] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_augments_drafted_before_rounds_1_3_5_one_per_tier_s5_2() -> None:
    result = _play(6)
    held = [len(r.augments[0]) for r in result.rounds]
    assert held == [1, 1, 2, 2, 3, 3, 3, 3]
    last = result.rounds[-1].augments
    tiers = [[a[0] for a in player] for player in last]
    assert all(t == ["S", "G", "P"] for t in tiers)
    every = [a for player in last for a in player]
    assert len(set(every)) == 12


def test_test_session_drafts_in_rounds_1_2_3_and_is_marked_s18_1() -> None:
    result = _play(7, rounds=4)
    assert [len(r.augments[1]) for r in result.rounds] == [1, 2, 3, 3]
    assert result.test and len(result.rounds) == 4


def test_ties_share_a_rank_with_no_tie_break_s16() -> None:
    result = SessionResult(SessionConfig(1), totals=[5, 9, 5, 1])
    assert [(s.player, s.rank) for s in result.standings()] == [(1, 1), (0, 2), (2, 2), (3, 4)]


def test_totals_are_the_sum_of_round_scores_and_same_seed_same_session_s13_1() -> None:
    first, again = _play(11, agents="random"), _play(11, agents="random")
    assert first.totals == [sum(r.result.scores[p] for r in first.rounds) for p in range(4)]
    assert first.totals == again.totals
    assert [r.world for r in first.rounds] == [r.world for r in again.rounds]


def test_one_world_card_per_round_never_repeated_in_a_session_s6_2() -> None:
    worlds = [r.world for r in _play(12).rounds]
    assert None not in worlds and len(set(worlds)) == 8


def test_every_round_offers_two_normal_and_one_black_contract_to_each_player_s9_1() -> None:
    """§9.1: each round, each player is offered two normal and one black contract; the contracts of a
    round go back to their decks at its end (§11 phase 6), so round 8 is offered as fully as round 1
    although 8 rounds × 4 players choose more than the 24 normal contracts."""
    session = Session(SessionConfig(3, "strategy", 8), cards=_cards("strategy"))
    offers: list[tuple[str, ...]] = []

    def record(decision: Decision, answer: str) -> None:
        if decision.kind is HextechKind.CONTRACT:
            offers.append(decision.options)

    drive(session, make_bots(["greedy"] * 4, 3), on_answer=record)
    assert len(offers) == 32
    for options in offers:
        assert sorted(o[0] for o in options) == ["B", "C", "C"]


def test_a_view_in_all_mode_under_t01_marks_red_dragon_as_treasure_s8_3() -> None:
    """§8.3, T-01: the deciding player sees the treasure faces in force for him (红中), through the
    modules' tile marks; the strategy mode marks nothing."""
    events: list[Event] = []
    session = Session(
        SessionConfig(4, "all", 4),
        modules=frozenset(MODULES),
        plugins=Modules.enable(MODULES),
        sinks=[events.append],
    )
    session.decks["treasure"] = Deck(["T-01"], session.rng)
    steps = session.steps()
    decision = next(steps)
    while not any(e.name == "treasure.revealed" for e in events):
        decision = steps.send(decision.options[0])
    assert session.view(decision.player).treasure == frozenset({parse_one("7z")})
    plain = Session(SessionConfig(4, "strategy", 4))
    first = next(plain.steps())
    assert plain.view(first.player).treasure == frozenset()


def test_the_treasure_faces_are_asked_again_after_a_module_primitive_s8_3() -> None:
    """P-14, §8.3: the session keeps a player's treasure faces only until the treasure module's code
    runs again; after P-14's primitive the holder's face is his own, the others keep 红中 (T-01)."""
    session = Session(SessionConfig(1, "all"), cards=_cards("all"), plugins=Modules.for_mode("all"))
    state_of(session).start_round(reveal(order_for("T-01"), seat_wind(0, 0)), 0)
    assert session.tile_marks(0, 0)[TREASURE] == frozenset({parse_one("7z")})
    step = session.primitives["set_personal_treasure"](session, 0, {"face": "9p"})
    assert list(step) == []
    assert session.tile_marks(0, 0)[TREASURE] == frozenset({parse_one("9p")})
    assert session.tile_marks(1, 1)[TREASURE] == frozenset({parse_one("7z")})
