"""One deal for every rule set (issue 33 item 1): each seat's hand from the front in seat order from
the dealer's, the dealer's extra tile where its rule set declares it, then 补花 seat by seat from the
tail (rulebook §11 phase 1; standard rules 术语 三, 十三; R470, R471), on one arranged wall."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core.deal import arranged_wall, tiles_of
from engine.core.decisions import DecisionKind
from engine.core.ruleset import DealerTile, RuleSet
from engine.core.table_session import TableConfig, TableSession, scripted_walls
from engine.core.tiles import INSTANCE_KINDS, format_tiles, parse
from engine.hextech.bus import Bus, Event
from engine.hextech.effects.context import RoundTable
from engine.hextech.hookspecs import Game
from engine.hextech.round import Round
from engine.hextech.rules import Rules
from engine.hextech.ruleset import HEXTECH
from engine.hongzhong.rules import RULES as HONGZHONG
from engine.standard.rules import STANDARD

FRONT = ("1f1111m2222m3333m", "2f4444m5555m6666m", "7777m8888m9999m1p", "1112222333344p", "5z")
"""The wall's first 53 tiles in five runs: four of thirteen, then one."""
TAIL = "3f6z7z"
"""The wall's last tiles, the last first: the first replacement is itself a flower."""

DEALT = {
    DealerTile.AFTER_THE_HANDS: (
        ("1111m2222m3333m5z6z", "1f3f"),
        ("4444m5555m6666m7z", "2f"),
        ("7777m8888m9999m1p", ""),
        ("1112222333344p", ""),
    ),
    DealerTile.WITH_THE_DEALERS_HAND: (
        ("1111m2222m3333m6z7z", "1f2f3f"),
        ("4444m5555m6666m7m", ""),
        ("777m8888m9999m11p", ""),
        ("112222333344p5z", ""),
    ),
}
"""What each place of the dealer's extra tile deals from that wall, A (the dealer) to D: the
concealed hand, sorted, and the flowers set aside in the order 补花 took them.  After the hands,
the dealer's 14th tile is the 53rd (5z) and B is dealt 夏 (2f); with the dealer's hand, the dealer's
14th is the 14th (2f) and each other hand starts a tile later."""


def wall_order(rules: RuleSet, front: Sequence[str], tail: str) -> list[int]:
    """The kinds of ``rules``' wall, front first: ``front``, the rest of its tiles in kind order,
    then ``tail`` read from the wall's end inward."""
    first = [k for run in front for k in parse(run)]
    last = parse(tail)[::-1]
    rest = Counter(tiles_of(rules.tiles)) - Counter(first) - Counter(last)
    return [*first, *sorted(rest.elements()), *last]


def shown(instances: Sequence[int], *, ordered: bool = False) -> str:
    """Instances as notation, sorted unless ``ordered``."""
    kinds = [INSTANCE_KINDS[i] for i in instances]
    return format_tiles(kinds if ordered else sorted(kinds))


def core_deal(rules: RuleSet, order: Sequence[int]) -> tuple[list[tuple[str, str]], list[tuple[Any, ...]]]:
    """A session of ``rules`` on a wall of ``order``, played to the dealer's first choice: each
    player's hand and flowers then, and the table's events until then."""
    events: list[tuple[Any, ...]] = []
    session = TableSession(
        TableConfig(rules, rules.resolve_options([]), seed=1, rounds=1),
        sinks=[lambda name, player, data: events.append((name, player, dict(data)))],
        walls=scripted_walls(rules, [order]),
    )
    first = next(session.steps())
    assert (first.kind, first.player) == (DecisionKind.TURN, 0)
    players = session.table.players
    return [(shown(p.hand), shown(p.flowers, ordered=True)) for p in players], events


def hextech_deal(order: Sequence[int]) -> tuple[list[tuple[str, str]], list[Event], Round]:
    """A hextech round (no cards) on a wall of ``order``, played to the dealer's first choice."""
    events: list[Event] = []
    bus: Bus[RoundTable, Game] = Bus(sinks=[events.append])
    rnd = Round(
        dealer_seat=0,
        rng=random.Random(1),
        rules=Rules(),
        bus=bus,
        wall=arranged_wall(HEXTECH.tiles, order),
    )
    first = next(rnd.play())
    assert (first.kind, first.player) == (DecisionKind.TURN, 0)
    players = rnd.table.players
    return [(shown(p.hand), shown(p.flowers, ordered=True)) for p in players], events, rnd


def expected(dealt: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """``dealt`` in the notation :func:`shown` writes."""
    return [(format_tiles(sorted(parse(hand))), format_tiles(parse(flowers))) for hand, flowers in dealt]


def test_standard_deals_the_dealers_extra_tile_after_every_hand_then_replaces_flowers_r470_r471() -> None:
    """R470, R471 (standard rules 术语 十三 "抓到花牌后，明放在立牌前，并从牌墙最后补一张牌"): A, B, C,
    D take thirteen each, then A the 53rd; A's 春 is replaced by the tail's 秋, itself replaced by 6z,
    then B's 夏 by 7z; the table tells each flower, then each hand dealt."""
    assert STANDARD.dealer_tile is DealerTile.AFTER_THE_HANDS
    hands, events = core_deal(STANDARD, wall_order(STANDARD, FRONT, TAIL))
    assert hands == expected(DEALT[DealerTile.AFTER_THE_HANDS])
    told = [(name, player, data.get("tile")) for name, player, data in events if name in ("flower", "dealt")]
    assert told == [
        ("flower", 0, "1f"),
        ("flower", 0, "3f"),
        ("flower", 1, "2f"),
        ("dealt", 0, None),
        ("dealt", 1, None),
        ("dealt", 2, None),
        ("dealt", 3, None),
    ]
    assert [data["tiles"] for name, _, data in events if name == "dealt"] == [14, 13, 13, 13]


def test_hextech_deals_the_dealers_fourteen_first_and_tells_the_cards_each_flower_s11_phase_1() -> None:
    """§11 phase 1 "庄家获得14张牌，其他玩家获得13张牌；所有玩家完成起手补花": from the same wall
    the dealer takes the first fourteen, 夏 among them, and B, C, D thirteen each from the 15th on;
    ``setup.dealt`` is delivered before 补花, which reveals 春, 夏 and the tail's 秋 in that order,
    each in the set-up phase, and the dealer's last tile is its tile to win on."""
    assert HEXTECH.dealer_tile is DealerTile.WITH_THE_DEALERS_HAND
    hands, events, rnd = hextech_deal(wall_order(HEXTECH, FRONT, TAIL))
    assert hands == expected(DEALT[DealerTile.WITH_THE_DEALERS_HAND])
    told = [(e.name, e.player, e.data.get("flower"), e.data.get("phase")) for e in events]
    setup = told[: told.index(("setup.ready", None, None, None))]
    assert [t for t in setup if t[0] in ("setup.dealt", "flower.revealed")] == [
        ("setup.dealt", None, None, None),
        ("flower.revealed", 0, "1f", "setup"),
        ("flower.revealed", 0, "2f", "setup"),
        ("flower.revealed", 0, "3f", "setup"),
    ]
    dealer = rnd.table.players[0]
    assert rnd.win_tile[0] == dealer.hand[-1] and shown([dealer.hand[-1]]) == "7z"


def test_hongzhong_deals_as_its_declaration_and_has_no_flowers_to_replace_spec003() -> None:
    """红中 (spec 003) declares no place of its own: the dealer's extra tile comes after every hand,
    and its 112 tiles hold no flower, so nothing is set aside."""
    front = ("1111m2222m3333m7z", "4444m5555m6666m7z", "7777m8888m9999m7z", "1111p2222p3333p7z", "5s")
    hands, events = core_deal(HONGZHONG, wall_order(HONGZHONG, front, ""))
    assert [hand for hand, _ in hands] == [
        format_tiles(sorted(parse(run))) for run in ("1111m2222m3333m5s7z", *front[1:4])
    ]
    assert all(flowers == "" for _, flowers in hands)
    assert not [name for name, _, _ in events if name == "flower"]


def test_the_other_place_of_the_dealers_tile_deals_other_hands_control() -> None:
    """Control: the hands are the declaration's, not the table's habit: standard declared with the
    dealer's extra tile in the dealer's hand deals, from the same wall, exactly hextech's hands, and
    红中 so declared gives the dealer 4m for 5s and every other hand a tile later."""
    order = wall_order(STANDARD, FRONT, TAIL)
    assert DEALT[DealerTile.AFTER_THE_HANDS] != DEALT[DealerTile.WITH_THE_DEALERS_HAND]
    moved = dataclasses.replace(STANDARD, dealer_tile=DealerTile.WITH_THE_DEALERS_HAND)
    hands, _ = core_deal(moved, order)
    assert hands == expected(DEALT[DealerTile.WITH_THE_DEALERS_HAND])
    assert hands == hextech_deal(order)[0]
    front = ("1111m2222m3333m7z", "4444m5555m6666m7z", "7777m8888m9999m7z", "1111p2222p3333p7z", "5s")
    hands, _ = core_deal(
        dataclasses.replace(HONGZHONG, dealer_tile=DealerTile.WITH_THE_DEALERS_HAND),
        wall_order(HONGZHONG, front, ""),
    )
    assert [hand for hand, _ in hands][:2] == [
        format_tiles(sorted(parse("1111m2222m3333m4m7z"))),
        format_tiles(sorted(parse("444m5555m6666m7m7z"))),
    ]
