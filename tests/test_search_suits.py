"""The search agent weighs a suit a card asks its holder for by what the card's program then does
with it (issue 15, R501): O-P06's look puts a tile of the suit on top of the player's own next draw
(R300), and O-C04, kept of two chance cards drawn (§6.4), takes the wall's top tile only if of its
suit.  Each suit is imagined over the same samples of the unseen tiles; the greedy answer (the suit
the hand holds most) is kept unless another is clearly worth more."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from search_support import choose, greedy, library_of, searched, seat

from engine.agents.hextech import imagined, imagined_programs
from engine.core.tiles import parse
from engine.hextech.vocabulary import CompiledCard, PrimitiveStep

READY = "123m456m789m23p55s"
"""Thirteen tiles waiting on 1p or 4p, most of them 万."""


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    return library_of()


def test_the_suit_for_the_look_is_the_one_whose_tile_on_top_completes_the_hand_o_p06(
    library: Mapping[str, CompiledCard],
) -> None:
    """O-P06 (choose a suit, look at the top three; one tile of it may go on top, the rest in any
    order; none of it, all as they lay, R300) with 13 tiles ready on 1p or 4p, the player's own draw
    next: greedy names 万, the suit it holds most; search names 筒, every seed — a 1p or 4p among the
    three goes on top, and the next draw completes the hand.  In every imagined start of 筒, a
    winning tile looked at is the next own draw.  Control: holding its turn's tile, the three others
    draw the three tiles first (§12), every suit leaves it the same draws, and search keeps 万."""
    radar = choose(("m", "p", "s"), "O-P06")
    ready = seat(library, READY)
    assert greedy(ready, radar) == "m"
    assert searched(ready, radar, 64, 4) == {"p"}
    found = imagined_programs.answers(ready, radar)
    assert found is not None and set(found) == {"m", "p", "s"}
    [program] = found["p"]
    starts = imagined_programs.starts(imagined_programs.Position(ready), program, 64, 3)
    wins = parse("1p4p")
    looked = [(view, head) for view, head in starts if set(view.seen) & set(wins)]
    assert looked and all(head[0] in wins for _, head in looked)
    turn = seat(library, READY + "7z")
    assert greedy(turn, radar) == "m" and searched(turn, radar, 32, 2) == {"m"}


def test_o_c04_kept_of_two_takes_only_a_tile_of_its_suit_s6_4(library: Mapping[str, CompiledCard]) -> None:
    """G-07/P-07 (draw two chance cards, resolve one, §6.4) offering O-C04 (choose a suit; the top
    tile is shown, taken if of that suit and a tile discarded, else left on top) and O-P04 (reorder
    the top three): greedy keeps O-C04, the higher card value; for 13 tiles ready on 1p or 4p, O-C04
    played with its best suit is worth no more than no card (a tile taken is an extra draw, which
    cannot win, H14, and a tile left on top was its next draw anyway), while O-P04 makes its next draw
    the best of three: search keeps O-P04, every seed.  O-C04 is imagined one way a suit: a top tile
    of the suit joins the hand and one is thrown, one of another suit stays on top as the player's
    next draw.  Controls: O-N03's suit, chosen by another seat, is no way of the holder's; against
    O-P09 (a swap, or none, worth nothing to the ready hand) O-C04 stands."""
    ready = seat(library, READY)
    ways = imagined_programs.ways(library["O-C04"].resolution)
    assert len(ways) == 3 and len(imagined_programs.ways(library["O-N03"].resolution)) == 1
    [pin] = [
        way for way in ways if isinstance(step := way[0], PrimitiveStep) and ("chosen", "p") in step.args
    ]
    starts = imagined_programs.starts(imagined_programs.Position(ready), pin, 64, 5)
    taken = [view for view, _ in starts if not view.seen]
    left = [(view, head) for view, head in starts if view.seen]
    assert taken and all(len(view.hand) == 13 and len(view.rivers[0]) == 1 for view in taken)
    assert left and all(
        not imagined.of_suit(view.seen[0], "p") and head[0] == view.seen[0] for view, head in left
    )
    keep = choose(("O-C04", "O-P04"), "keep 1 of chance")
    assert greedy(ready, keep) == "O-C04" and searched(ready, keep, 128, 4) == {"O-P04"}
    swap = choose(("O-C04", "O-P09"), "keep 1 of chance")
    assert greedy(ready, swap) == "O-C04" and searched(ready, swap, 64, 4) == {"O-C04"}
