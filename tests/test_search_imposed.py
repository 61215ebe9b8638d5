"""The search agent names the suit of another seat's O-N03 (花色限制: "由你的下家指定万、条、筒中的一种
花色。你的下一张弃牌必须属于该花色", lib 四, §6) as the suit that costs the holder most, over hands
imagined from its own view (issue 15).  The greedy agent names the suit its own hand holds most,
which says nothing of the holder's."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from search_support import greedy, library_of, searched

from engine.agents.search import SearchBot
from engine.core.decisions import Decision, DecisionKind
from engine.core.tiles import parse
from engine.hextech.scenario import Scenario
from engine.hextech.view import BLIND, PlayerView, build_view, with_parts
from engine.hextech.vocabulary import CompiledCard

SOU = "1s2s3s4s5s6s7s8s9s1z2z3z4z"
"""The chooser's own thirteen tiles, all 条 but the honours: greedy names 条."""
RUNS_AND_PAIR = "123m456m789m11p5s9s1z"
"""A holder's fourteen tiles: three 万 runs, a 筒 pair, lone 5s, 9s and 1z."""
SUITS = ("m", "p", "s")


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    return library_of()


def names(me: int) -> Decision:
    """Player ``me``'s choice of the suit for O-N03."""
    return Decision(DecisionKind.CHOOSE, me, SUITS, "O-N03")


def chooser(library: Mapping[str, CompiledCard], shown: Mapping[int, str], **parts: object) -> PlayerView:
    """B early in the round, holding :data:`SOU`; ``shown`` the players whose fourteen tiles a card
    has revealed (§14.4), by player."""
    revealed = [tuple(sorted(parse(shown.get(p, "")))) for p in range(4)]
    return with_parts(
        BLIND,
        me=1,
        hand=tuple(sorted(parse(SOU))),
        revealed=tuple(revealed),
        hand_sizes=tuple(14 if p in shown else 13 for p in range(4)),
        wall_left=80,
        cards=library,
        **parts,
    )


def test_the_suit_named_is_the_one_the_upper_seat_can_least_spare_o_n03(
    library: Mapping[str, CompiledCard],
) -> None:
    """B names the suit for A, its upper seat (A's lower seat is B), whose fourteen tiles are known:
    a 条 discard throws a lone 5s or 9s and costs A nothing, a 万 one breaks a run and a 筒 one the
    pair.  Greedy names 条 (B's own suit); search names 万 or 筒, never 条, every seed."""
    view = chooser(library, {0: RUNS_AND_PAIR})
    assert greedy(view, names(1)) == "s"
    answers = searched(view, names(1), 16, 4)
    assert len(answers) == 1 and answers <= {"m", "p"}


def test_a_suit_the_holder_cannot_be_hurt_by_leaves_the_greedy_answer_o_n03(
    library: Mapping[str, CompiledCard],
) -> None:
    """Control: A holds nothing but lone tiles of every suit and honours, so no bar costs it a step
    or a connection it has not lost already: search keeps greedy's 条."""
    view = chooser(library, {0: "1m5m9m1p5p9p1s5s9s1z2z3z4z5z"})
    assert searched(view, names(1), 16, 4) == {greedy(view, names(1))} == {"s"}


def test_the_holder_is_the_seat_before_the_chooser_where_the_players_sit_now_r139(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-X01 moved the players (§14.3, R139): C sits at seat 1 and B at seat 2, so the seat before
    B's is C's, and C's hand is the one weighed.  C's known hand leaves 条 as the only suit with a
    cost (a 条 run broken, the rest lone tiles), A's would never give 条: search names 条 for C.
    Control: with the players in their first seats, A's hand is weighed and 条 is never named."""
    c_hand = "123s456s789s1m9m1p9p1z"
    moved = chooser(library, {0: RUNS_AND_PAIR, 2: c_hand}, seating=(0, 2, 1, 3))
    assert searched(moved, names(1), 16, 4) == {"s"}
    seated = chooser(library, {0: RUNS_AND_PAIR, 2: c_hand})
    assert not searched(seated, names(1), 16, 4) & {"s"}


def test_a_holder_who_has_won_is_passed_over_for_the_seat_before_s12_1(
    library: Mapping[str, CompiledCard],
) -> None:
    """A has won and left the round (§12.1): B's upper in-game seat is D, and D's known hand (a 条
    run broken by any 条 discard, lone tiles else) makes 条 the suit named; A's laid-down hand is not
    read."""
    d_hand = "123s456s789s1m9m1p9p1z"
    view = chooser(library, {0: RUNS_AND_PAIR, 3: d_hand}, won=(True, False, False, False))
    assert searched(view, names(1), 16, 4) == {"s"}


def two_tables(a_hand: str) -> Scenario:
    return Scenario(hands={"A": a_hand, "B": SOU})


def test_the_suit_named_is_the_same_whatever_the_chooser_cannot_see_s5_4_s14_4(
    library: Mapping[str, CompiledCard],
) -> None:
    """Two tables that differ only in A's concealed tiles: B's views are equal, and the search agent,
    seeded alike, names the same suit for A on both (the imagined hands come from B's view alone)."""
    tables = [two_tables(RUNS_AND_PAIR).round.table, two_tables("1m5m9m1p5p9p1s5s9s1z2z3z4z5z").round.table]
    assert tables[0].players[0].hand != tables[1].players[0].hand
    views = [build_view(t, 1, augments=((),) * 4, scores=(0,) * 4, cards=library) for t in tables]
    assert views[0] == views[1]
    answers = [[SearchBot(random.Random(seed), 16).decide(v, names(1)) for seed in range(3)] for v in views]
    assert answers[0] == answers[1]


def test_the_view_shows_where_the_players_sat_when_it_was_taken_r139() -> None:
    """O-X01 moves the players (§14.3, R139): the view taken after the move shows the new seats, and
    keeps them when the table moves on (a snapshot)."""
    table = two_tables(RUNS_AND_PAIR).round.table
    table.seat_of[:] = [0, 2, 1, 3]
    view = build_view(table, 1, augments=((),) * 4, scores=(0,) * 4)
    table.seat_of[:] = [0, 1, 2, 3]
    assert view.seating == (0, 2, 1, 3)
    assert build_view(table, 1, augments=((),) * 4, scores=(0,) * 4).seating == (0, 1, 2, 3)


def test_the_holder_s_hidden_tiles_come_from_what_the_chooser_has_not_seen_o_n03(
    library: Mapping[str, CompiledCard],
) -> None:
    """A's thirteen tiles are all hidden, but B has seen every 筒 and 条 (its own hand and the
    rivers), so A's hand can only be 万 and honours: a bar on 筒 or 条 binds nothing, one on 万 makes
    A throw a 万 where it would throw an honour.  Search names 万, every seed; greedy names 条."""
    seen = parse("1p2p3p4p5p6p7p8p9p" * 4 + "1s2s3s4s5s6s7s8s9s" * 4)
    rest = list(seen)
    for k in parse(SOU):
        if k in rest:
            rest.remove(k)
    rivers = (tuple(rest[:30]), (), tuple(rest[30:]), ())
    view = chooser(library, {}, rivers=rivers)
    assert greedy(view, names(1)) == "s"
    assert searched(view, names(1), 16, 4) == {"m"}
