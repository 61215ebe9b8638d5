"""The core's rule sets on the one table (issue 33 item 1): walls of tile instances whose kinds fall
as the seeded shuffle of kinds always did (rulebook §11 phase 1 "洗牌并码牌"), every tile of the
rule set accounted for through whole seeded sessions, and 和绝张 counted from the tiles on view
(standard rules 番种 和绝张), for one winner and for several on one discard."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from table_support import answered, core_table, kinds, unused

from engine.agents.roster import make_bots
from engine.core import registry
from engine.core.deal import shuffled_wall
from engine.core.decisions import Decision
from engine.core.flow import Ended, Next, turn
from engine.core.melds import Meld, MeldKind
from engine.core.ruleset import RuleSet
from engine.core.seat_view import view_of
from engine.core.session import drive
from engine.core.table import Player, Table, TableMeld
from engine.core.table_session import TableConfig, TableSession
from engine.core.tiles import INSTANCE_KINDS, NUM_KINDS, instances_of, parse, parse_one
from engine.core.wall import Wall
from engine.core.win_facts import copies_on_view, win_context

STANDARD = registry.ruleset("standard")
HONGZHONG = registry.ruleset("hongzhong")
RULE_SETS = pytest.mark.parametrize("rules", [STANDARD, HONGZHONG], ids=["standard", "hongzhong"])


def kinds_shuffled(rules: RuleSet, rng: random.Random) -> list[int]:
    """The oracle: the set's tiles as kinds, four of each kind then one of each flower, shuffled."""
    order = [k for k in rules.tiles.kinds for _ in range(4)] + list(rules.tiles.flowers)
    rng.shuffle(order)
    return order


@RULE_SETS
@pytest.mark.parametrize("seed", [0, 5, 2026])
def test_a_seeded_wall_falls_in_the_kinds_the_kinds_shuffle_gave_s11(rules: RuleSet, seed: int) -> None:
    """§11 phase 1 "洗牌并码牌": the wall of instances shuffled by a seed lies in the kinds the same
    seed's shuffle of the kinds gave, and holds each of the set's tiles once."""
    wall = shuffled_wall(rules.tiles, random.Random(seed))
    assert kinds(wall) == kinds_shuffled(rules, random.Random(seed))
    assert sorted(wall) == sorted(rules.tiles.instances())


@RULE_SETS
def test_a_sessions_round_walls_follow_the_seed_s11(rules: RuleSet) -> None:
    """Each round's wall of a session is the shuffle seeded by the session's seed and the round."""
    session = TableSession(TableConfig(rules, rules.resolve_options([]), 7))
    for number in (1, 2):
        expected = kinds_shuffled(rules, random.Random(f"7:wall:{number}"))
        assert kinds(session.walls(number)) == expected


@RULE_SETS
def test_the_table_accounts_for_every_tile_through_whole_rounds_s11(rules: RuleSet) -> None:
    """§11: at every decision of two seeded sessions the wall, hands, melds, rivers and flowers
    hold each of the rule set's tiles once, and the copies of each face on view that 和绝张 counts
    are the table's visible kinds; at a round's end too, a tile won on a discard or a robbed kong
    lying in the first winner's laid-down hand, every winner marked won (R808)."""
    ended: list[tuple[bool, list[int], list[int]]] = []
    playing: list[TableSession] = []

    def round_end(name: str, player: int | None, data: Mapping[str, Any]) -> None:
        if name == "round.ended":
            table = playing[-1].table
            won = [p for p, held in enumerate(table.players) if held.won]
            sizes = [len(held.hand) + 3 * len(held.melds) for held in table.players]
            ended.append((table.accounted(), won, sizes))

    def check(decision: Decision, answer: str) -> None:
        table = playing[-1].table
        assert table.accounted(), decision.describe()
        on_view = Counter(table.visible_kinds())
        assert [copies_on_view(table, k) for k in rules.tiles.kinds] == [
            on_view[k] for k in rules.tiles.kinds
        ]

    won_on_discard = 0
    for seed in (3, 4):
        playing.append(
            TableSession(TableConfig(rules, rules.resolve_options([]), seed, rounds=4), [round_end])
        )
        result = drive(playing[-1], make_bots(["greedy"] * 4, seed), on_answer=check)
        for record, (accounted, won, sizes) in zip(result.rounds, ended[-4:], strict=True):
            assert accounted
            assert won == sorted(w.winner for w in record.result.wins)
            for w in record.result.wins[:1]:
                assert sizes[w.winner] == rules.hand_size + 1
            won_on_discard += any(w.discarder is not None for w in record.result.wins)
    assert len(ended) == 8
    assert won_on_discard, "no round of the seeded sessions was won on a discard"


def last_copy_table(*, fourth_on_view: bool, two_winners: bool = False) -> Table[Player]:
    """A standard table after C's chi of 456p: B's river holds a 5p, and D's river the third one
    seen (``fourth_on_view``) or D keeps it concealed; D holds the last 5p.  A waits on 5p with
    123m456m789m 11p 34p (清龙); B, with 123s456s789s 99m 46p, too."""
    rules = dataclasses.replace(STANDARD, winners_per_discard=2) if two_winners else STANDARD
    taken: set[int] = set()
    table = core_table(rules, rules.resolve_options([]), Wall(unused("1z1z1z1z", taken)))
    a, b, c, d = table.players
    chi = unused("456p", taken)
    c.melds = [TableMeld(Meld(MeldKind.CHI, tuple(parse("456p"))), tuple(chi), 1)]
    a.hand = unused("123m456m789m11p34p", taken)
    a.river = unused("9s", taken)
    b.hand = unused("123s456s789s99m46p", taken)
    b.river = unused("5p", taken)
    c.hand = unused("2z2z2z3z3z3z4z4z4z7z", taken)
    d.river = unused("5p", taken) if fourth_on_view else []
    d.hand = unused("5z5z5z6z6z6z7z7z7z1s1s1s" + ("" if fourth_on_view else "5p"), taken)
    d.hand += unused("5p", taken)
    for p in (a, b, c, d):
        p.discarded = list(p.river)
    table.any_call = True
    return table


def fan_names(ended: object) -> list[list[str]]:
    assert isinstance(ended, Ended)
    return [[f.name for f in w.scored.fan] for w in ended.wins]


def test_a_last_copy_won_on_a_discard_scores_jue_zhang_fan_58() -> None:
    """番种 和绝张 "和牌池、桌面已亮明的3张牌所剩的第4张牌": B's river, C's chi and D's river show
    three 5p; D discards the fourth and A wins on it."""
    table = last_copy_table(fourth_on_view=True)
    ended, _ = answered(turn(table, Next(3, parse_one("5p"))), ["discard 5p", "hu", "pass"])
    (names,) = fan_names(ended)
    assert "和绝张" in names
    assert isinstance(ended, Ended) and ended.wins[0].context.last_copy


def test_a_copy_still_concealed_is_no_jue_zhang_control_fan_58() -> None:
    """Control: D keeps the third 5p in its concealed hand, so only two are on view."""
    table = last_copy_table(fourth_on_view=False)
    ended, _ = answered(turn(table, Next(3, parse_one("5p"))), ["discard 5p", "hu", "pass"])
    (names,) = fan_names(ended)
    assert "和绝张" not in names
    assert isinstance(ended, Ended) and not ended.wins[0].context.last_copy


@pytest.mark.parametrize("on_view", [True, False], ids=["three_on_view", "two_on_view"])
def test_several_wins_on_one_discard_count_the_same_copies_fan_58(on_view: bool) -> None:
    """A rule set letting two win on one discard (``winners_per_discard``): A and B both win on D's
    5p, and each win counts the copies on view as the discard lay in the river, the other winner's
    river among them."""
    table = last_copy_table(fourth_on_view=on_view, two_winners=True)
    ended, _ = answered(turn(table, Next(3, parse_one("5p"))), ["discard 5p", "hu", "hu"])
    assert isinstance(ended, Ended) and [w.winner for w in ended.wins] == [0, 1]
    assert [w.context.last_copy for w in ended.wins] == [on_view, on_view]
    assert [("和绝张" in names) for names in fan_names(ended)] == [on_view, on_view]


def test_a_view_and_a_wins_facts_read_the_tiles_as_they_lie_after_every_move_s5_4() -> None:
    """§5.4 (standard rules 出牌 3 (二)), 和牌的规定 二, 番种 和绝张: a seat's view, a win's facts and
    the copies of each face on view name each player's tiles as they lie when asked, however they
    moved since the last reading — a discard claimed out of a river, a river tile put back into the
    hand or taken from its front, a flower set aside, a hand whose tiles changed places, a list
    replaced — and the seats' players follow the seats as they move."""
    table = last_copy_table(fourth_on_view=True)
    a, b, c, d = table.players

    def check() -> None:
        on_view = Counter(table.visible_kinds())
        assert [copies_on_view(table, k) for k in range(NUM_KINDS)] == [on_view[k] for k in range(NUM_KINDS)]
        for p, held in enumerate(table.players):
            view = view_of(table, p)
            assert view.hand == tuple(sorted(kinds(held.hand)))
            assert view.rivers[p] == tuple(kinds(held.river))
            assert view.flowers[p] == tuple(kinds(held.flowers))
            if held.hand:
                win = win_context(table, p, INSTANCE_KINDS[held.hand[-1]], None)
                assert win.concealed == tuple(kinds(held.hand))
                assert win.flowers == tuple(kinds(held.flowers))

    check()
    a.hand.append(b.river.pop())
    check()
    a.river.append(a.hand.pop(0))
    check()
    a.hand[0], a.hand[-1] = a.hand[-1], a.hand[0]
    check()
    d.flowers.append(instances_of(parse_one("1f"))[0])
    d.hand = d.hand[1:]
    check()
    c.river = [c.hand.pop()]
    check()
    b.river += [d.hand.pop(), d.hand.pop()]
    check()
    del b.river[0]
    check()
    assert [table.player_at(seat) for seat in range(4)] == [0, 1, 2, 3] and table.dealer == 0
    table.seat_of[:] = [1, 2, 3, 0]
    assert [table.player_at(seat) for seat in range(4)] == [3, 0, 1, 2] and table.dealer == 3
    assert table.clockwise_from(3) == [0, 1, 2] and table.upper_of(0) == 3
