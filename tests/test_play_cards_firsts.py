""" "The first X" counted over every X, and a filter that holds for a set of tiles (issue 32 items 2–3).

World cards answer no card-caused event (§6.7, R22), but what their text counts ("第一次", "第一名")
is every such event: a card-caused one uses up the first (R552).  ``filter: pair`` holds for the
tiles shown together (S-14 "一组对子", R551).  The card examples prove each card on a table
(``cards/examples/W-*.yaml``, ``S-14.yaml``); these tests hold what an example cannot yet set up (a
wall already low) and what no library card writes (a random chooser under a set filter).
"""

from __future__ import annotations

import random
from collections import Counter

from play_cards_support import CardPlay, library

from dsl import compile_card, parse_text
from engine.core.tiles import kind_of_instance

S02_TABLE = {"A": "3m", "B": "45m"}
"""B holds S-02 "你每局第一次成功吃牌后，进行一次额外整理": B's chi of A's 3m tidies, a card's draw."""


def _low_wall(world: str, drawable: int) -> CardPlay:
    sc = CardPlay(hands=S02_TABLE, draws="9p", world=world, augments={"B": ["S-02"]}, chance=["O-P03"] * 6)
    wall = sc.round.table.wall
    while len(wall) > drawable:
        wall.draw_tail()
    return sc


def test_w08_a_card_s_draw_to_32_is_counted_as_the_first_s6_7() -> None:
    """W-08 "牌墙中的可摸牌第一次下降到32张或更少时": B's tidy draws the 33rd tile, a card's draw; its
    ``wall.count`` is card-caused, so W-08 draws nothing (§6.7) — and counts it (R552, whose other
    half, no draw at C's normal draw to 31, ``tests/test_rulings_open.py`` holds)."""
    sc = _low_wall("W-08", 33)
    sc.advance("discard 3m", "chi 345m", "discard 9p")
    assert [(e.data["drawable"], e.cause) for e in sc.of("wall.count")] == [(32, "card:S-02")]
    assert sc.of("chance.draw") == []
    assert any(key[0] == "W-08" for key in sc.round.counters)


def test_w08_control_the_first_normal_draw_to_32_draws_for_everyone_s6_4() -> None:
    """The control: with one more tile left, the tidy leaves 33 and C's normal draw is the first to
    32: every player still in draws, from the next actor (W-08 卡面正文)."""
    sc = _low_wall("W-08", 34)
    sc.advance("discard 3m", "chi 345m", "discard 9p")
    assert sc.of("chance.draw") == []
    sc.play_until(lambda d: bool(sc.of("chance.draw")))
    assert sc.of("wall.count")[-1].data["drawable"] == 32 and sc.of("wall.count")[-1].cause == "rule"
    assert {e.data["source"] for e in sc.of("chance.draw")} == {"W-08"}


def test_w01_a_rule_caused_first_kong_still_draws_control_s6_3() -> None:
    """The counting never takes a rule-caused first away: C's first kong, made in the ordinary flow,
    draws (W-01 卡面正文 "每名玩家第一次成功完成…杠…后，抽取1张机遇牌")."""
    sc = CardPlay(hands={"A": "9p", "C": "999p"}, world="W-01", tail="1z", chance=["O-P03"])
    sc.advance("discard 9p", "pass", "kong")
    assert [(e.player, e.data["source"]) for e in sc.of("chance.draw")] == [(2, "W-01")]


RANDOM_PAIR = """
card O-X99 "x" chance chaos {
  时机: "立即"
  卡面正文: "x"

  resolve do reveal(2, chooser: random, filter: pair, until: round_end)
}
"""


def test_a_random_chooser_under_a_pair_filter_shows_one_pair_r551() -> None:
    """A set filter holds for a random chooser too: of four pairs held, the two tiles shown at random
    are always of one face, whatever the seed (§14.4, R551)."""
    (card,) = parse_text(RANDOM_PAIR)
    cards = {**library(), "O-X99": compile_card(card)}
    for seed in range(12):
        sc = CardPlay(
            hands={"A": "1122z3344z1m4m7m2p5p8p"},
            world="W-06",
            chance=["O-X99"],
            library=cards,
        )
        sc.round.rng = random.Random(seed)
        sc.advance("discard 1m")
        sc.until_event("tiles.revealed", since=0)
        shown = Counter(kind_of_instance(i) for i in sc.player("A").revealed)
        assert list(shown.values()) == [2], (seed, shown)
