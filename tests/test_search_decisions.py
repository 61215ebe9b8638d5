"""The search agent weighs the card decisions whose answer the card's program carries beyond the
hand it leaves (issue 15): a route (G-08), a suit staked on the wall's top tile (O-C04), an order of
the wall's tail (§12, R395), a tile put on top of a looked-at wall (G-17) and a flower among the
tiles to take (§12 补花, R21).  Each answer is imagined from its own seat's view with the same
random draws; the greedy answer is kept unless another is clearly worth more."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from search_support import choose, greedy, searched

from dsl import compile_cards, parse_text
from engine.agents.hextech import imagined
from engine.core.decisions import PASS
from engine.core.tiles import parse, parse_one
from engine.hextech.view import BLIND, PlayerView, with_parts
from engine.hextech.vocabulary import CompiledCard
from tools.hextech_session import session_cards

TAIL_CARD = """
card O-P90 "尾部整理" chance positive {
  时机: "立即"
  卡面正文: "查看牌墙尾部2张牌，按任意顺序放回。"

  resolve do look_and_reorder(2, end: tail)
}
"""
"""A designer's card that puts the wall's tail back in an order (lib 二.1 尾部): no card of the
library does, so it is written here."""


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    cards, _ = session_cards("all")
    [tail] = compile_cards(parse_text(TAIL_CARD, "designer.hex"))
    return {**{card.id: card for card in cards}, tail.id: tail}


def seat(
    library: Mapping[str, CompiledCard],
    hand: str,
    contract: str | None = None,
    seen: str = "",
    rivers: str = "",
) -> PlayerView:
    """Player A early in the round (80 drawable tiles) holding ``hand`` and the open ``contract``,
    ``seen`` the wall tiles a card showed it, ``rivers`` the tiles B has thrown."""
    return with_parts(
        BLIND,
        hand=tuple(sorted(parse(hand))) if hand else (),
        wall_left=80,
        cards=library,
        contracts=(contract, None, None, None),
        contract_open=contract is not None,
        seen=tuple(parse(seen)) if seen else (),
        rivers=((), tuple(parse(rivers)) if rivers else (), (), ()),
    )


def test_a_route_is_the_kind_of_set_the_imagined_hands_complete_g08(
    library: Mapping[str, CompiledCard],
) -> None:
    """G-08 (choose the chow or the pung route; two declared sets of it give an extra tidy, read
    from the card's hooks: ``routed_melds(holder) == 2``) with three pairs and four gapped shapes:
    greedy counts more pairs than runs and takes pungs; search takes chows, every seed — a complete
    hand keeps one pair as its pair and fills the gaps into runs, so the imagined wins hold two runs
    and almost never two pungs.  Controls: two pungs held, both take pungs; before the deal (G-08
    chooses at the round's start, §11) the imagined deals complete runs, and both take chows."""
    route = choose(["chow", "pung"], "G-08")
    assert imagined.route_reward(library["G-08"]) == (2, 0.5)
    gapped = seat(library, "22m46m55p88s13s57s9s")
    assert greedy(gapped, route) == "pung"
    assert searched(gapped, route, 256, 4) == {"chow"}
    pungs = seat(library, "111m555p99s13s7s1z2z")
    assert greedy(pungs, route) == "pung" and searched(pungs, route, 64, 2) == {"pung"}
    dealt = seat(library, "")
    assert greedy(dealt, route) == "chow" and searched(dealt, route, 64, 2) == {"chow"}


def test_a_suit_staked_on_the_wall_top_is_the_one_likeliest_to_match_o_c04(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-C04 (choose a suit; the wall's top tile is shown and taken if of that suit, then a
    discard; else it stays on top, R20) with 13 tiles, the player's own draw next, its hand mostly
    万 and 24 of the 36 万 on view in B's river: greedy names 万, the suit it holds most; search
    names 筒 or 条, every seed — a tile left on top is its own next draw anyway, so a match is an
    extra draw, likeliest in a suit with many tiles unseen.  Control: holding its turn's tile
    with every set of the hand to fill in 万 (a tile left on top goes to the next seat), both name 万."""
    stake = choose(["m", "p", "s"], "O-C04")
    assert imagined.staked(library["O-C04"], stake.options) is not None
    assert imagined.staked(library["O-P06"], stake.options) is None
    spent = seat(library, "111m999m567m13p59s", rivers="2233445566778888m2244668m")
    assert greedy(spent, stake) == "m"
    assert searched(spent, stake, 256, 4) <= {"p", "s"}
    shapes = seat(library, "13m46m79m24m5m9p1z2z3z4z")
    assert greedy(shapes, stake) == "m" and searched(shapes, stake, 256, 4) == {"m"}


def test_a_tail_order_is_judged_by_the_first_replacement_drawn_s12_r395(
    library: Mapping[str, CompiledCard],
) -> None:
    """A designer's card that puts the wall's tail back in any order (lib 二.1 尾部), showing 9m
    and 5p, B-06 held (one suit, no honours): greedy puts 5p first (it lowers the shanten most);
    search puts 9m first, the tile its next replacement draws (§12) imagined taken into the hand.
    Controls: C-01 held, 5p first as greedy; a flower before 9m is replaced by it, one answer
    with 9m first."""
    order = choose(["9m 5p", "5p 9m"], "O-P90")
    assert imagined.reorder_end(library["O-P90"]) == "tail"
    assert imagined.tail_draw(parse("3f9m5p")) == ((parse_one("3f"),), parse_one("9m"))
    flush = seat(library, "123m456m78m1m34p5s9s", "B-06", seen="9m5p")
    assert greedy(flush, order) == "5p 9m"
    assert searched(flush, order, 128, 4) == {"9m 5p"}
    plain = with_parts(flush, contracts=("C-01", None, None, None))
    assert searched(plain, order, 128, 4) == {"5p 9m"}


def test_the_tile_put_on_top_is_the_draw_worth_most_g17(
    library: Mapping[str, CompiledCard],
) -> None:
    """G-17 (look at the top three tiles, put a chosen one on top, the rest under it) showing 1m, 4m
    and 5z, with 13 tiles ready on 1m or 4m: greedy puts 4m on top (both complete the hand; 4m
    connects more); search puts 1m, its next draw, every seed — 123m 456m 789m is 一条龙 (a point
    more, §13).  Controls: holding its turn's tile the three others draw the top first, so every
    answer is the same and search keeps greedy's; O-P06 (a tile of the chosen suit on top, or
    pass): 1m on top and ``pass`` leave the player the same draw (the tiles lie with 1m on top), one
    answer, and search keeps greedy's 1m."""
    top = choose(["1m", "4m", "5z"], "G-17")
    ready = seat(library, "456789m11p999s23m", seen="1m4m5z")
    assert imagined.on_top_orders(library["G-17"], ready, top.options) is not None
    assert greedy(ready, top) == "4m"
    assert searched(ready, top, 256, 4) == {"1m"}
    turn = seat(library, "456789m11p999s23m7z", seen="1m4m5z")
    assert searched(turn, top, 64, 2) == {greedy(turn, top)} == {"4m"}
    radar = choose(["1m", "4m", PASS], "O-P06")
    tops = imagined.on_top_orders(library["O-P06"], ready, radar.options)
    assert tops is not None and tops[PASS] == parse("1m4m5z") and tops["4m"] == parse("4m1m5z")
    assert greedy(ready, radar) == "1m"
    assert searched(ready, radar, 64, 2) == {"1m"}


def test_a_flower_among_the_tiles_to_take_is_weighed_by_its_replacement_s12_r21(
    library: Mapping[str, CompiledCard],
) -> None:
    """S-04 (a flower's replacement: look at the tail's two tiles, take one) showing 2f and 2p with
    13 tiles ready on 2p: greedy takes the first option, the flower; search takes 2p, which
    completes the hand (a flower taken is revealed and replaced by an unseen tile, R21).  Control:
    showing 2f and a 9s the hand cannot use, the flower's replacement is worth no less than a tile
    thrown at once, and search takes the flower as greedy does."""
    take = choose(["2f", "2p"], "S-04")
    ready = seat(library, "123456789m13p55s", seen="2f2p")
    assert imagined.role(ready, library["S-04"], parse("2f2p")) is imagined.Role.TAKE
    assert greedy(ready, take) == "2f"
    assert searched(ready, take, 64, 4) == {"2p"}
    junk = choose(["2f", "9s"], "S-04")
    useless = seat(library, "123456789m13p55s", seen="2f9s")
    assert greedy(useless, junk) == "2f" and searched(useless, junk, 64, 4) == {"2f"}


def test_a_flower_taken_by_a_hand_holding_its_turns_tile_is_replaced_then_thrown_down_s12_r21(
    library: Mapping[str, CompiledCard],
) -> None:
    """S-04 taken while the hand holds its turn's tile (14 tiles): the flower's replacement makes the
    hand one over its turn's size, so it throws the tile its best reading leaves out before it is
    imagined on (§12 补花, R21), as a tile taken is; each answer is weighed on a hand of its turn's
    size.  Control: the same hand a tile short of its turn takes the replacement into a hand of 14."""
    take = choose(["2f", "2p"], "S-04")
    full = seat(library, "123456789m13p55s9s", seen="2f2p")
    assert imagined.counted(full) == 14
    assert searched(full, take, 64, 4) == {"2p"}
    short = seat(library, "123456789m13p55s", seen="2f2p")
    assert searched(short, take, 64, 4) == {"2p"}
