"""The search agent weighs the answers that run a card's program by imagined rounds (issue 15): the
options of a ``choose one`` (§6, lib 四), ``use … / pass`` of an optional trigger (lib 六–八) and the
card kept of several drawn (§6.4) or the lasting card kept (§6.9).  Each answer's program, read
from the card's compiled steps, is applied to the seat's own position
(:mod:`engine.agents.hextech.imagined_programs`: an extra tidy is one more exchange, a tile put under the
wall and one drawn give up the worst, a look at the top orders the own draws…); the greedy answer
(the program-value table's) is kept unless another is clearly worth more."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from search_support import choose, greedy, library_of, searched, seat

from engine.agents.hextech import choices, imagined, imagined_programs
from engine.agents.search import SearchBot
from engine.core.decisions import Decision
from engine.core.tiles import NUM_KINDS, parse_one
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.scenario import Scenario
from engine.hextech.view import PlayerView, build_view, with_parts
from engine.hextech.vocabulary import ChooseStep, CompiledCard

READY = "123m456m789m23p55s"
"""Thirteen tiles waiting on 1p or 4p: every tile is needed."""
FAR = "13m57m9m2p5p8p1s4s7s1z2z"
"""Thirteen tiles four steps from ready, two lone honours among them."""


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    return library_of()


def labels(card: CompiledCard) -> tuple[str, ...]:
    step = card.resolution[0]
    assert isinstance(step, ChooseStep)
    return tuple(o.label for o in step.options)


def use(card: str) -> Decision:
    return choose((f"use {card}", "pass"), card)


def test_a_ready_hand_does_not_swap_a_tile_for_an_unseen_one_o_c02_o_p09(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-C02 (①look at the top three, order unchanged; ②put a hand tile under the wall and draw one):
    greedy takes ② by the program values (a draw is worth more than a look); with a ready hand
    every tile is needed, so the tile given up breaks the wait and search takes ①, every seed.  O-P09
    (the same swap, or none) alike.  Control: a hand four steps from ready gives up a lone honour,
    and search swaps as greedy does."""
    look, swap = labels(library["O-C02"])
    ready, far = seat(library, READY), seat(library, FAR)
    decision = choose((look, swap), "O-C02")
    assert greedy(ready, decision) == swap and searched(ready, decision, 64, 4) == {look}
    assert greedy(far, decision) == swap and searched(far, decision, 64, 4) == {swap}
    put, keep = labels(library["O-P09"])
    none = choose((put, keep), "O-P09")
    assert greedy(ready, none) == put and searched(ready, none, 64, 4) == {keep}
    assert searched(far, none, 64, 4) == {put}


def test_a_look_at_four_gives_a_ready_hand_its_best_next_draw_o_c07(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-C07 (①show a hand tile to the next turn's end and reorder the top four; ②reorder the top
    two): greedy takes ② (a shown tile costs by the program values); for a ready hand search takes
    ①: its next draw is the best of four tiles, not of two (the shown tile is hidden again before the
    round can end, so no imagined round reads it).  Control: an option the engine does not offer
    (O-C09's ①, the party module off, its ``when`` guard) is never answered."""
    first, second = labels(library["O-C07"])
    ready = seat(library, READY)
    decision = choose((first, second), "O-C07")
    assert greedy(ready, decision) == second and searched(ready, decision, 64, 4) == {first}
    offered = choose(labels(library["O-C09"])[1:], "O-C09")
    assert searched(ready, offered, 64, 4) == {offered.options[0]}


def test_an_optional_swap_is_passed_by_a_ready_hand_s18_p13(library: Mapping[str, CompiledCard]) -> None:
    """S-18 (may put a number tile under the wall and draw one) and P-13 (may exchange a hidden tile
    with another player, §14.2): greedy always uses an optional trigger; search passes with a ready
    hand, whose every tile is needed.  Controls: the hand four steps from ready uses both; S-05's
    safe discard moves no tile the imagined rounds read, and P-12's normal draw from the tail is as
    unseen as the one from the top it replaces (each sample draws the same tile either way), so
    search answers both as greedy does."""
    ready, far = seat(library, READY), seat(library, FAR)
    for card in ("S-18", "P-13"):
        assert greedy(ready, use(card)) == f"use {card}"
        assert searched(ready, use(card), 64, 4) == {"pass"}
        assert searched(far, use(card), 64, 4) == {f"use {card}"}
    for card in ("S-05", "P-12"):
        assert searched(ready, use(card), 64, 4) == {greedy(ready, use(card))} == {f"use {card}"}
        assert searched(far, use(card), 64, 4) == {f"use {card}"}


def test_the_card_kept_of_two_drawn_is_the_one_whose_program_serves_the_hand_s6_4(
    library: Mapping[str, CompiledCard],
) -> None:
    """G-07/P-07 (draw two chance cards, resolve one, §6.4) offering O-P09 (a swap, or none) and
    O-P04 (reorder the top three): greedy keeps O-P09, the higher program value; a ready hand gains
    nothing from O-P09 (its best way is no swap) and from O-P04 a next draw that is the best of three,
    so search keeps O-P04.  Control: O-P09 against O-P02 (an extra tidy, whose draw cannot win the
    ready hand, H14): the imagined rounds cannot tell them apart and greedy's O-P09 stands."""
    ready = seat(library, READY)
    keep = choose(("O-P09", "O-P04"), "keep 1 of chance")
    assert greedy(ready, keep) == "O-P09" and searched(ready, keep, 64, 4) == {"O-P04"}
    tidy = choose(("O-P09", "O-P02"), "keep 1 of chance")
    assert greedy(ready, tidy) == "O-P09" and searched(ready, tidy, 64, 4) == {"O-P09"}


def test_the_lasting_card_kept_is_the_one_still_to_resolve_when_it_serves_the_hand_s6_9(
    library: Mapping[str, CompiledCard],
) -> None:
    """Holding O-P07 (a choice of the end of the next draw) and drawing O-C07 (§6.9: keep one):
    greedy keeps O-P07 by the card values; a draw from the tail is as unseen as one from the top, so
    nothing of O-P07 moves a tile, while O-C07, resolved, gives the ready hand the best of four tiles
    as its next draw: search takes O-C07.  Control: O-N04 drawn (a number tile shown to the next
    turn's end) changes no imagined round, and O-P07 is kept by both."""
    ready = seat(library, READY)
    lasting = Decision(HextechKind.KEEP_LASTING, 0, ("O-P07", "O-C07"), "chance")
    assert greedy(ready, lasting) == "O-P07" and searched(ready, lasting, 64, 4) == {"O-C07"}
    shown = Decision(HextechKind.KEEP_LASTING, 0, ("O-P07", "O-N04"), "chance")
    assert greedy(ready, shown) == "O-P07" and searched(ready, shown, 64, 4) == {"O-P07"}


def test_a_tile_that_cannot_win_an_extra_draw_stays_on_the_wall_for_the_own_draw_h14_o_x08(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-X08's ② (look at four, take one as an extra draw, reorder three, discard) from the ready
    hand: every imagined start is a hand of thirteen, and whenever one of the three tiles put back
    would complete it, the tile drawn next is one that does (an extra draw cannot win, H14, so such
    a tile is not the one taken, and the reorder puts it where the player draws next)."""
    ready = seat(library, READY)
    step = library["O-X08"].resolution[0]
    assert isinstance(step, ChooseStep)
    program = step.options[1].steps
    starts = imagined_programs.starts(imagined_programs.Position(ready), program, 64, 7)
    assert all(imagined.counted(view) == 13 and len(view.seen) == 3 for view, _ in starts)

    def completes(view: PlayerView, k: int) -> bool:
        vec = [view.hand.count(f) for f in range(NUM_KINDS)]
        return choices.gain(vec, view.n_melds, k)[0] < 0

    waiting = [(view, head) for view, head in starts if any(completes(view, k) for k in view.seen)]
    assert waiting and all(completes(view, head[0]) for view, head in waiting)


def two_tables(b_hand: str, draws: str) -> Scenario:
    return Scenario(hands={"A": "123m456m789m23p55s1z", "B": b_hand}, draws=draws)


def test_program_answers_are_the_same_whatever_the_seat_cannot_see_s5_4(
    library: Mapping[str, CompiledCard],
) -> None:
    """Two tables that differ only in B's concealed hand and the order of the wall: A's views are
    equal, and the search agent, seeded alike, answers O-C02's choice, S-18's ``use … / pass`` and
    the card kept of two (§6.4) the same on both."""
    tables = [
        two_tables("1112223334445m", "6s7s8s9s").round.table,
        two_tables("5556667778889p", "9s8s7s6s").round.table,
    ]
    assert tables[0].players[1].hand != tables[1].players[1].hand
    views = [build_view(t, 0, augments=((),) * 4, scores=(0,) * 4, cards=library) for t in tables]
    assert views[0] == views[1]
    decisions = [
        choose(labels(library["O-C02"]), "O-C02"),
        use("S-18"),
        choose(("O-P09", "O-P04"), "keep 1 of chance"),
    ]
    answers = [
        [SearchBot(random.Random(seed), 32).decide(v, d) for seed in range(3) for d in decisions]
        for v in views
    ]
    assert answers[0] == answers[1]


def g09_after_a_call(library: Mapping[str, CompiledCard]) -> Scenario:
    """A deals and throws 4m, then 5m, which B pons (B then throws 7z); at A's next turn start
    G-09 asks: A's river holds 4m alone and its latest discard, 5m, was called away."""
    sc = Scenario(
        hands={"A": "5m4m7m2p6p8p3s6s9s1z2z3z4z6z", "B": "55m1p4p7p2s5s8s1z2z3z7z"},
        draws="7z7z1s5z5z5z9p",
        library=library,
        augments={"A": ["G-09"]},
    )
    sc.discard("4m")
    sc.turn_of("A")
    sc.advance("discard 5m")
    sc.play_until(lambda d: d.player == 1 and "pon" in d.options)
    sc.advance("pon")
    sc.discard("7z")
    sc.choice_about("G-09")
    return sc


def test_a_river_tile_is_retrieved_once_the_latest_discard_was_called_away_g09_r353(
    library: Mapping[str, CompiledCard],
) -> None:
    """G-09 (at the turn's start take back a number tile that is not the latest discard, throw one,
    then draw) is offered to A with 4m alone in its river, the latest discard 5m called away by B's
    pon (R353).  A's view says its latest discard has left the river and B's is still in it; every
    imagined start of ``use G-09`` takes 4m back and throws one tile (thirteen again before the
    draw), and the search agent answers without fault.  Control: a view reading 4m as the latest
    discard can take nothing back — its starts would leave the hand short — so the search agent
    leaves that decision to the greedy answer."""
    sc = g09_after_a_call(library)
    view = build_view(sc.round.table, 0, augments=(("G-09",), (), (), ()), scores=(0,) * 4, cards=library)
    four = parse_one("4m")
    assert view.rivers[0] == (four,) and view.latest_kept[:2] == (False, True)
    decision = use("G-09")
    found = imagined_programs.answers(view, decision)
    assert found is not None
    starts = imagined_programs.starts(imagined_programs.Position(view), found["use G-09"][0], 8, 1)
    assert all(imagined.counted(v) == 13 and len(v.rivers[0]) == 1 for v, _ in starts)
    assert all(v.latest_kept[0] for v, _ in starts)
    assert searched(view, decision, 16, 3) <= set(decision.options)
    latest = with_parts(view, latest_kept=(True, True, False, False))
    with pytest.raises(imagined_programs.Unimaginable):
        imagined_programs.starts(imagined_programs.Position(latest), found["use G-09"][0], 8, 1)
    assert searched(latest, decision, 16, 3) == {greedy(latest, decision)}
