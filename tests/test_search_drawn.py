"""The tile a seat has just drawn is its own information (R500): its view names it, no other seat's
does, and the search agent weighs the cards that put that tile under the wall (issue 15):
``put_bottom(drawn)`` in S-07, S-12, P-08, G-18 (``use … / pass``) and G-10 (``choose one``), the
tile out of the hand and under the wall, drawn in no imagined round."""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum

import pytest
from search_support import greedy, searched

from engine.agents.bots import GreedyBot
from engine.agents.search import SearchBot
from engine.core.decisions import Decision, DecisionKind
from engine.core.session import drive
from engine.core.tiles import kind_of_instance, parse, parse_one
from engine.hextech.scenario import Scenario
from engine.hextech.session import Session, SessionConfig
from engine.hextech.view import BLIND, PlayerView, build_view, with_parts
from engine.hextech.vocabulary import ChooseStep, CompiledCard
from tools.hextech_session import new_session, session_cards

WON = "123m456m789m123p55s"
"""Fourteen tiles, a complete hand once 1p is drawn (ready on 1p or 4p before)."""


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    cards, _ = session_cards("all")
    return {card.id: card for card in cards}


def seat(library: Mapping[str, CompiledCard], hand: str, drawn: str | None, wall: int = 80) -> PlayerView:
    """Player A holding ``hand`` with ``wall`` tiles to draw (by default early in the round),
    ``drawn`` the tile its own latest draw gave it."""
    return with_parts(
        BLIND,
        hand=tuple(sorted(parse(hand))),
        wall_left=wall,
        cards=library,
        drawn=None if drawn is None else parse_one(drawn),
    )


def use(card: str) -> Decision:
    return Decision(DecisionKind.CHOOSE, 0, (f"use {card}", "pass"), card)


def b_draws(library: Mapping[str, CompiledCard], tile: str) -> Scenario:
    """A deals and throws its drawn tile; B, holding P-08, draws ``tile`` and is asked to use P-08."""
    sc = Scenario(
        hands={"A": "147m258p369s1234z", "B": "123m456m789m23p5s"},
        draws=tile,
        library=library,
        augments={"B": ["P-08"]},
    )
    sc.choice_about("P-08")
    return sc


def test_a_seat_sees_its_own_drawn_tile_and_no_other_seats_r500(library: Mapping[str, CompiledCard]) -> None:
    """B has just drawn (1z on one table, 2z on the other) and is asked to use P-08: B's view names
    the tile it drew; A's views of the two tables, which differ only in B's drawn tile (its hand and
    the wall), are equal and name none, and the search agent, seeded alike, answers A's decisions the
    same on both."""
    tables = [b_draws(library, tile) for tile in ("1z", "2z")]
    assert [sc.round.win_tile.keys() for sc in tables] == [{1}, {1}]
    assert tables[0].hand("B") != tables[1].hand("B")

    def view(sc: Scenario, me: int) -> PlayerView:
        return build_view(
            sc.round.table, me, augments=((),) * 4, scores=(0,) * 4, cards=library, drawn=sc.round.win_tile
        )

    assert [view(sc, 1).drawn for sc in tables] == [parse_one("1z"), parse_one("2z")]
    seen = [view(sc, 0) for sc in tables]
    assert seen[0] == seen[1] and seen[0].drawn is None
    assert repr(seen[0]) == repr(seen[1]) and seen[0].parts()["drawn"] is None
    kept = Decision(DecisionKind.CHOOSE, 0, ("O-P09", "O-P04"), "keep 1 of chance")
    decisions = [use("S-18"), use("P-08"), kept]

    def answered(view: PlayerView) -> list[str]:
        return [SearchBot(random.Random(s), 16).decide(view, d) for s in (0, 1) for d in decisions]

    assert answered(seen[0]) == answered(seen[1])


class Recorder:
    """A greedy agent that notes, for each decision, its kind, the view's drawn tile, its hand and
    the tile the round records as the seat's latest draw (kind), if it still holds it."""

    name = "recorder"
    sees = True
    person = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self.greedy = GreedyBot(random.Random(3))
        self.noted: list[tuple[StrEnum, int | None, tuple[int, ...], int | None]] = []

    def decide(self, view: PlayerView, decision: Decision) -> str:
        rnd = self.session.round
        tile = None if rnd is None else rnd.win_tile.get(view.me)
        held = tile is not None and rnd is not None and tile in rnd.table.players[view.me].hand
        own = kind_of_instance(tile) if held and tile is not None else None
        self.noted.append((decision.kind, view.drawn, view.hand, own))
        return self.greedy.decide(view, decision)


def test_a_session_hands_each_seat_its_own_drawn_tile_r500() -> None:
    """Through a whole session of greedy seats (§11): every view names the tile the seat's own
    latest draw gave it while it holds it (the round's record), and on most turns that is a tile of
    its hand; a seat that has thrown since its draw, as when it answers another's discard, is named
    none."""
    session = new_session(SessionConfig(4, "all", 4))
    recorder = Recorder(session)
    drive(session, [recorder] * 4)
    assert all(drawn == own for _, drawn, _, own in recorder.noted)
    turns = [(drawn, hand) for kind, drawn, hand, _ in recorder.noted if kind is DecisionKind.TURN]
    named = [(drawn, hand) for drawn, hand in turns if drawn is not None]
    assert len(named) > len(turns) // 2 and all(drawn in hand for drawn, hand in named)
    calls = [drawn for kind, drawn, _, _ in recorder.noted if kind is DecisionKind.CALL]
    assert calls.count(None) > len(calls) * 3 // 4


def test_a_drawn_tile_that_wins_is_not_sent_under_the_wall_s07_s12_p08_g18(
    library: Mapping[str, CompiledCard],
) -> None:
    """S-07, S-12, P-08 (may put the tile just drawn under the wall and draw again) and G-18 (the
    same for a flower's replacement, redrawn from the tail): greedy always uses an optional trigger;
    when the drawn tile completes the hand (1p, a self-drawn win, or 5z for S-07's honour) search
    passes, every seed.  Controls: late in the round (16 tiles to draw) a drawn honour the ready
    hand cannot use (7z) is sent under and the draw made again, as greedy does — with few draws
    left one more of its own is worth having; a view that names no drawn tile cannot put it under
    the wall, and the answer is greedy's."""
    won = seat(library, WON, "1p")
    honour = seat(library, "123m456m789m11p555z", "5z")
    junk = seat(library, "123m456m789m23p55s7z", "7z", wall=16)
    for card, view in (("S-07", honour), ("S-12", won), ("P-08", won), ("G-18", won)):
        assert greedy(view, use(card)) == f"use {card}"
        assert searched(view, use(card), 64, 3) == {"pass"}
        assert searched(junk, use(card), 64, 3) == {f"use {card}"}
        blind = with_parts(view, drawn=None)
        assert searched(blind, use(card), 16, 1) == {greedy(blind, use(card))} == {f"use {card}"}


def test_a_seat_wind_drawn_that_completes_the_hand_stays_in_it_g10(
    library: Mapping[str, CompiledCard],
) -> None:
    """G-10 (the first own seat wind drawn: put it under the wall, look at the top two and take one
    as an extra draw; or keep it): greedy takes the first option by the program values; with 1z, A's
    seat wind, completing a pung of a complete hand, search keeps it.  Control: a lone 1z is put
    under the wall as greedy does (an extra draw of the best of two for a tile the hand cannot use)."""
    hook = library["G-10"].hooks[0].steps[0]
    assert isinstance(hook, ChooseStep)
    under, keep = (o.label for o in hook.options)
    decision = Decision(DecisionKind.CHOOSE, 0, (under, keep), "G-10")
    pung = seat(library, "123m456m789m55s111z", "1z")
    assert greedy(pung, decision) == under
    assert searched(pung, decision, 64, 3) == {keep}
    lone = seat(library, "13m46m79m24p5p9s2z3z4z1z", "1z")
    assert greedy(lone, decision) == under and searched(lone, decision, 64, 3) == {under}
