"""A seat's view of a rule set's table and the bots that read it (issue 14 item 2): the view carries
nothing of another seat's concealed tiles, its face-down kongs (standard rules 出牌 3 (二) "暗杠
应扣放") or the wall; two tables differing only there give the same view and the same answers.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from table_support import arranged, core_table, deal_table, installed_tiny, kinds

from engine.agents.bots import GreedyBot, RandomBot
from engine.agents.roster import make_bots
from engine.core.aim import Aim
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import InputError
from engine.core.flow import turn_options
from engine.core.melds import Meld, MeldKind
from engine.core.ruleset import RuleSet
from engine.core.seat_view import SeatView, view_of
from engine.core.table import Player, Table, TableMeld
from engine.core.tiles import parse

OPTIONS = {"self_draw_only": False}
A_HAND = "123m456m789m1p55p17z"


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[RuleSet]:
    """The test-only rule set ``tiny``, installed as a third party's."""
    yield from installed_tiny(tmp_path / "plugins", monkeypatch)


def table_with(rules: RuleSet, b_hand: str, b_kong: str, tail: str) -> Table[Player]:
    """A dealt table whose A is always the same; B's concealed hand, B's concealed kong and the
    wall's order are what differ."""
    table = core_table(rules, OPTIONS, arranged(rules, [A_HAND, b_hand, "", ""], tail=tail))
    assert deal_table(table)
    b = table.players[1]
    kong = []
    for k in parse(b_kong):
        kong.append(next(i for i in b.hand if kinds([i]) == [k]))
        b.hand.remove(kong[-1])
    b.melds.append(TableMeld(Meld(MeldKind.ANKAN, tuple(kinds(kong))), tuple(kong)))
    return table


def test_two_tables_differing_only_in_hidden_tiles_give_one_view(tiny: RuleSet) -> None:
    """A's view and A's bots' answers cannot tell B's hand, B's 暗杠 or the wall apart."""
    one = table_with(tiny, "1111s222s333s4s", "1111s", "9s")
    other = table_with(tiny, "5555s666s777s8s", "5555s", "1s")
    assert kinds(one.players[1].hand) != kinds(other.players[1].hand)
    assert kinds(one.wall) != kinds(other.wall)
    mine, theirs = view_of(one, 0), view_of(other, 0)
    assert mine == theirs
    assert mine.concealed_kongs == (0, 1, 0, 0) and mine.melds[1] == ()
    tile = kinds(one.players[0].hand)[-1]
    options = turn_options(one, 0, tile, after_kong=False, called=False)
    assert options == turn_options(other, 0, tile, after_kong=False, called=False)
    decision = Decision(DecisionKind.TURN, 0, options, "7z")
    for bot in ("greedy", "random"):
        first, second = make_bots([bot] * 4, 9)[0], make_bots([bot] * 4, 9)[0]
        assert first.decide(mine, decision) == second.decide(theirs, decision)


def test_a_seat_sees_its_own_concealed_kong(tiny: RuleSet) -> None:
    """Control: B's own view names its 暗杠 and holds its hand, and so differs between the tables."""
    one = table_with(tiny, "1111s222s333s4s", "1111s", "9s")
    other = table_with(tiny, "5555s666s777s8s", "5555s", "1s")
    assert view_of(one, 1).melds[1] == (Meld(MeldKind.ANKAN, tuple(parse("1111s"))),)
    assert view_of(one, 1) != view_of(other, 1)


def test_the_view_holds_only_values(tiny: RuleSet) -> None:
    """Nothing reachable from a view is the live table: tuples, numbers and frozen melds only, the
    rule set's name, and the rule set's aim, a frozen declaration of flags and numbers with the rule
    set's own judgement of a win and the table's options."""
    view = view_of(table_with(tiny, "1111s222s333s4s", "1111s", "9s"), 2)

    def values(item: object) -> Iterator[object]:
        yield item
        if isinstance(item, tuple):
            for part in item:
                yield from values(part)

    for field in dataclasses.fields(view):
        for item in values(getattr(view, field.name)):
            assert isinstance(item, int | tuple | Meld | Aim | str), (field.name, type(item))
    assert view.rules == tiny.name
    for field in dataclasses.fields(view.aim):
        if field.name != "judge":
            assert isinstance(getattr(view.aim, field.name), int | tuple), field.name
    judge = view.aim.judge
    assert view.aim.own == () and isinstance(judge, functools.partial)
    assert judge.func == tiny.may_win and judge.args == () and judge.keywords == {"options": OPTIONS}
    assert view.hand == tuple(sorted(view.hand)) and len(view.hand) == 13


def greedy_view(hand: str, melds: tuple[Meld, ...] = ()) -> SeatView:
    return SeatView(
        0,
        tuple(parse(hand)),
        (melds, (), (), ()),
        (0,) * 4,
        ((),) * 4,
        ((),) * 4,
        (13,) * 4,
        70,
        (0,) * 4,
        0,
        27,
    )


def test_greedy_discards_to_the_lowest_shanten_the_loosest_tile_first() -> None:
    """1z and 7z each leave the hand waiting; of the two the lower face goes."""
    view = greedy_view("123m456m789m1p55p17z")
    options = tuple(
        f"discard {f}" for f in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "5p", "1z", "7z")
    )
    assert (
        GreedyBot(random.Random(1)).decide(view, Decision(DecisionKind.TURN, 0, options, "7z"))
        == "discard 1z"
    )


def test_greedy_always_wins() -> None:
    """A win offered is taken, on a turn or on a discard."""
    bot = GreedyBot(random.Random(1))
    view = greedy_view("123m456m789m55p11z")
    assert bot.decide(view, Decision(DecisionKind.CALL, 0, ("pass", "hu", "pon"), "1z")) == "hu"
    assert bot.decide(view, Decision(DecisionKind.ROB_KONG, 0, ("pass", "hu"), "1z")) == "hu"


def test_greedy_pons_only_when_the_pon_lowers_its_shanten() -> None:
    """55m with three sets and two loose tiles: a pon of 5m leaves it waiting, so it pons; with
    the 5m pair as its only pair, and everything else in sets, a pon gains nothing."""
    bot = GreedyBot(random.Random(1))
    call = Decision(DecisionKind.CALL, 0, ("pass", "pon"), "5m")
    assert bot.decide(greedy_view("55m123p456p789s1z9m"), call) == "pon"
    assert bot.decide(greedy_view("55m123p456p789s12s"), call) == "pass"


def test_the_random_bot_is_seeded_and_blind() -> None:
    """The same seed, the same answers; the random bot reads no view."""
    decision = Decision(DecisionKind.TURN, 0, tuple(f"discard {k}m" for k in range(1, 10)), "1m")
    first = [RandomBot(random.Random(3)).decide(greedy_view(""), decision) for _ in range(3)]
    assert len(set(first)) == 1 and RandomBot(random.Random(3)).sees is False
    assert first[0] in decision.options


def test_an_unknown_bot_is_one_line() -> None:
    """``--agents`` names only the bots of the core's roster for another rule set."""
    with pytest.raises(
        InputError, match=r"--agents: unknown agent 'minimax' for A \(one of random, greedy, search\)"
    ):
        make_bots(["minimax", "greedy", "greedy", "greedy"], 1)
