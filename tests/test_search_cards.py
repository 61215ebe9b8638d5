"""The search agent answers the card decisions by imagined rounds too (issue 15 item 1): a tile given
up, revealed or taken (§14.2, §14.4, lib 二.1), an order of the wall's top (lib 二.1 顶部), the seat
an effect is aimed at (§13.15 standings) and how many tiles to swap for unseen ones (P-04's kind).
Each answer is imagined on from the position it leaves the seat in, as its own view shows it; the
greedy answer is kept unless another is clearly worth more."""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import permutations

import pytest
from search_support import choose, greedy, searched

from engine.agents.hextech import choices, imagined
from engine.agents.hextech.steering import steer_of, steered_playouts
from engine.agents.search import SearchBot
from engine.core.melds import Meld
from engine.core.tiles import format_one, parse, parse_one
from engine.hextech.scenario import Scenario
from engine.hextech.view import BLIND, PlayerView, build_view, with_parts
from engine.hextech.vocabulary import CompiledCard
from tools.hextech_session import session_cards


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    cards, _ = session_cards("all")
    return {card.id: card for card in cards}


def seat(
    library: Mapping[str, CompiledCard],
    hand: str,
    contract: str | None = None,
    seen: str = "",
    scores: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> PlayerView:
    """Player A early in the round (80 drawable tiles) holding ``hand`` and the open ``contract``,
    ``seen`` the wall tiles a card showed it."""
    return with_parts(
        BLIND,
        hand=tuple(sorted(parse(hand))),
        wall_left=80,
        cards=library,
        contracts=(contract, None, None, None),
        contract_open=contract is not None,
        seen=tuple(parse(seen)) if seen else (),
        scores=scores,
    )


def faces_of(view: PlayerView) -> list[str]:
    return sorted({format_one(k) for k in view.hand})


def test_a_tile_passed_on_is_the_one_the_held_contract_rules_out_s14_2_b06(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-X02 (every player passes one hidden tile on, sealed) with 13 tiles, B-06 held (one suit, no
    honours): greedy passes the 1m it least needs by shanten; search passes 3p, a tile B-06 can never
    keep (the hand left a tile short receives an unseen one in every imagined round).  Control: a
    lone honour in the same hand is passed by both, with B-06 or C-01 held."""
    view = seat(library, "123m456m789m1m34p7s", "B-06")
    give = choose(faces_of(view), "O-X02")
    assert len(view.hand) == 13 and imagined.short(imagined.after_give(view, parse_one("3p")))
    assert greedy(view, give) == "1m"
    assert searched(view, give, 256, 4) == {"3p"}
    for contract in ("B-06", "C-01"):
        honour = seat(library, "123m456m789m1m34p5z", contract)
        offer = choose(faces_of(honour), "O-X02")
        assert greedy(honour, offer) == "5z" and searched(honour, offer, 256, 4) == {"5z"}


def test_a_tile_taken_off_the_wall_serves_the_held_contract_lib_2_1_b06(
    library: Mapping[str, CompiledCard],
) -> None:
    """S-11 (look at the top two tiles, take one as the draw) showing 9m and 5p: greedy takes 5p,
    which lowers the shanten most; with B-06 held search takes 9m, its suit.  Control: C-01 held,
    search takes 5p as greedy does."""
    take = choose(["9m", "5p"], "S-11")
    flush = seat(library, "123m456m78m1m34p5s9s", "B-06", seen="9m5p")
    assert imagined.role(flush, library["S-11"], [parse_one("9m"), parse_one("5p")]) is imagined.Role.TAKE
    assert greedy(flush, take) == "5p"
    assert searched(flush, take, 128, 4) == {"9m"}
    plain = with_parts(flush, contracts=("C-01", None, None, None))
    assert searched(plain, take, 128, 4) == {"5p"}


def test_a_wall_top_is_put_back_so_the_own_draw_serves_the_contract_lib_2_1_b06(
    library: Mapping[str, CompiledCard],
) -> None:
    """S-03 (look at the top two tiles, put them back in any order) with 13 tiles, the player's own
    draw next: greedy puts 5p on top (it lowers the shanten most); with B-06 held search puts 9m on
    top, imagining its rounds with the tile it will draw.  Controls: C-01 held, 5p on top as greedy;
    holding its turn's 14th tile the three others draw both tiles first, and search keeps greedy's
    order."""
    order = choose(["9m 5p", "5p 9m"], "S-03")
    flush = seat(library, "123m456m78m1m34p5s9s", "B-06", seen="9m5p")
    assert imagined.own_head(flush, parse("9m5p")) == (parse_one("9m"),)
    assert greedy(flush, order) == "5p 9m"
    assert searched(flush, order, 128, 4) == {"9m 5p"}
    plain = with_parts(flush, contracts=("C-01", None, None, None))
    assert searched(plain, order, 128, 4) == {"5p 9m"}
    three = seat(library, "123m456m78m1m34p5s9s", "B-06", seen="9m5p1z")
    orders = choose(sorted(" ".join(p) for p in permutations(("9m", "5p", "1z"))), "S-08")
    assert greedy(three, orders) == "5p 9m 1z"
    assert {answer.split(" ")[0] for answer in searched(three, orders, 128, 4)} == {"9m"}
    turn = seat(library, "123m456m78m1m34p5s9s7s", "B-06", seen="9m5p")
    assert imagined.own_head(turn, parse("9m5p")) == ()
    assert searched(turn, order, 128, 4) == {greedy(turn, order)} == {"5p 9m"}


def test_the_imagined_rounds_draw_the_known_head_of_the_wall_first_lib_2_1(
    library: Mapping[str, CompiledCard],
) -> None:
    """A hand waiting on 8m/9m with 9m known to be its next draw completes at once in every imagined
    round, played plainly or toward B-06's one suit; without the head, most rounds do not."""
    view = seat(library, "111m234m567m88m99m", "B-06")
    head = (parse_one("9m"),)
    plain = choices.playouts(view, random.Random(1), 10, 32, head)
    assert all(e.complete is not None and e.step == 1 and e.win_tile == head[0] for e in plain)
    steer = steer_of(view, library["B-06"], None, None)
    aimed = steered_playouts(view, random.Random(1), 10, 32, steer, head)
    assert all(e.complete is not None and e.step == 1 for e in aimed)
    unknown = choices.playouts(view, random.Random(1), 10, 32)
    assert sum(e.step == 1 for e in unknown) < 16


def test_a_harmful_effect_is_aimed_at_the_seat_just_above_by_session_standing_s13_15(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-P08 (peek at a chosen player's hidden tile, a step run on the target) by A, third on 20
    behind B's 50 and C's 30: greedy picks the leader B, search C, the place it can take.  Controls:
    A second (35), both pick B; P-13's sealed exchange neither helps nor harms the seat picked, so
    search picks as greedy does; a helpful effect goes to the seat lowest in score."""
    pick = choose(["B", "C", "D"], "O-P08")
    third = seat(library, "123m456m78m1m34p5s9s", scores=(20, 50, 30, 10))
    assert imagined.aimed_effect(library["O-P08"], "target") < 0
    assert greedy(third, pick) == "B" and searched(third, pick, 16, 2) == {"C"}
    second = with_parts(third, scores=(35, 50, 30, 10))
    assert greedy(second, pick) == "B" and searched(second, pick, 16, 2) == {"B"}
    exchange = choose(["B", "C", "D"], "P-13")
    assert imagined.aimed_effect(library["P-13"], "target") == 0
    assert searched(third, exchange, 16, 2) == {greedy(third, exchange)} == {"B"}
    assert imagined.by_standing(third, ["B", "C", "D"], 1.0) == "D"


def test_a_tile_revealed_for_a_card_that_only_shows_is_answered_as_greedy_s14_4(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-C03 (reveal two hand tiles) with no contract that reads revealed tiles: every imagined round
    is the same whichever tile is shown, so search reveals what greedy reveals (the tile the hand
    needs most)."""
    view = seat(library, "123m456m78m1m34p5s9s")
    reveal = choose(faces_of(view), "O-C03")
    shown = [parse_one(o) for o in reveal.options]
    assert imagined.role(view, library["O-C03"], shown) is imagined.Role.REVEAL
    assert searched(view, reveal, 64, 2) == {greedy(view, reveal)}


def two_tables(b_hand: str, draws: str) -> Scenario:
    return Scenario(hands={"A": "123m456m78p1z9p5s55s4s", "B": b_hand}, draws=draws)


def test_card_decisions_are_the_same_whatever_the_seat_cannot_see_s5_4_s14_2() -> None:
    """Two tables that differ only in B's concealed hand and the order of the wall: A's views are
    equal, and the search agent, seeded alike, gives up the same tile (O-X02) and swaps the same
    number of tiles for unseen ones (P-04, the received tiles drawn from what A has not seen) on both."""
    tables = [
        two_tables("1112223334445m", "6s7s8s9s").round.table,
        two_tables("5556667778889p", "9s8s7s6s").round.table,
    ]
    assert tables[0].players[1].hand != tables[1].players[1].hand
    views = [build_view(t, 0, augments=((),) * 4, scores=(0,) * 4) for t in tables]
    assert views[0] == views[1]
    give = choose(faces_of(views[0]), "O-X02")
    count = choose(["0", "1", "2", "3"], "P-04")
    answers = [
        [SearchBot(random.Random(seed), 32).decide(v, d) for seed in range(3) for d in (give, count)]
        for v in views
    ]
    assert answers[0] == answers[1]


def test_the_tiles_swapped_for_unseen_ones_are_as_many_as_the_hand_can_spare_p04(
    library: Mapping[str, CompiledCard],
) -> None:
    """P-04 (swap up to three hidden tiles for as many top tiles): with a hand of 万 one step from
    ready and a lone 7s, greedy swaps two (losing the second keeps the shanten, so it counts as spare);
    search swaps none, every seed: the second tile given up narrows the waits the imagined rounds
    need, and a lone tile swapped for an unseen one gains nothing over the draws to come.  Control: a
    ready hand (every tile needed) swaps none with either."""
    count = choose(["0", "1", "2", "3"], "P-04")
    near = seat(library, "1112345678m99m7s")
    assert greedy(near, count) == "2"
    assert searched(near, count, 256, 4) == {"0"}
    ready = seat(library, "111m234m567m88m99m")
    assert greedy(ready, count) == "0" and searched(ready, count, 64, 2) == {"0"}


def test_a_hand_over_its_turns_size_mid_effect_is_settled_before_it_is_imagined_s6(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-X08 takes a tile and puts the wall's top back in an order before its holder discards: a
    hand of nine tiles and two pungs (15 counted) is weighed as the hand it comes to, its loneliest
    tile thrown (no imagined round scores a hand of the wrong size); holding more than its turn's
    tiles, the three others draw the top tiles first, so the order is greedy's.  A tile taken by a
    hand of 14 is weighed the same way."""
    over = with_parts(
        seat(library, "2m4m5m7p1s5s6s2z4z"),
        melds=((Meld.parse("pon 999s"), Meld.parse("pon 333z")), (), (), ()),
        seen=tuple(parse("7z3p8f")),
    )
    assert imagined.counted(over) == 15 and imagined.counted(imagined.settled(over)) == 14
    orders = choose(sorted(" ".join(p) for p in permutations(("3p", "7z", "8f"))), "O-X08")
    assert searched(over, orders, 32, 2) == {greedy(over, orders)}
    full = seat(library, "123m456m78m1m34p5s9s7s", "B-06", seen="9m5p")
    take = choose(["9m", "5p"], "S-11")
    assert imagined.counted(imagined.settled(imagined.after_take(full, parse_one("9m")))) == 14
    assert searched(full, take, 32, 2) <= {"9m", "5p"}
