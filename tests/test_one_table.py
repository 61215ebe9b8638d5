"""One table for every rule set (issue 33 item 1; rulebook §4, §11 phase 1, §14.3; standard rules 术语
一, 二十一): standard, 红中 and hextech sessions play on :class:`engine.core.table.Table`, every tile
a physical instance the table accounts for at every decision, and a seat's view of any of them is
the core's :class:`engine.core.seat_view.SeatView`, which names only its own concealed tiles; hextech's
:class:`engine.hextech.view.PlayerView` offers the same parts (:class:`engine.core.view.View`), so
the one set of bots plays a hextech seat (``tests/test_one_set_of_bots.py``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from engine.agents.bots import RandomBot
from engine.core.decisions import Decision
from engine.core.registry import ruleset
from engine.core.seat_view import view_of
from engine.core.session import Playable, drive
from engine.core.table import Player, Table
from engine.core.table_session import TableConfig, TableSession
from engine.core.tiles import INSTANCE_KINDS, NUM_KINDS
from engine.hextech.session import SessionConfig
from tools.hextech_session import new_session

Check = Callable[[Table[Player]], None]


class Watching:
    """A random bot that runs ``check`` on the session's table before each answer."""

    name, sees, person = "random", False, False

    def __init__(self, session: Playable[object, object], bot: RandomBot, check: Check) -> None:
        self.session = session
        self.bot = bot
        self.check = check
        self.checked = 0

    def decide(self, view: object, decision: Decision) -> str:
        table = self.session.table
        if table is not None:
            self.check(table)
            self.checked += 1
        return self.bot.decide(view, decision)


def core_session(name: str, seed: int) -> Playable[object, object]:
    rules = ruleset(name)
    return TableSession(TableConfig(rules, rules.resolve_options([]), seed, rounds=2))


def hextech_session(seed: int) -> Playable[object, object]:
    return new_session(SessionConfig(seed, "all", rounds=4))


def played(session: Playable[object, object], seed: int, check: Check) -> int:
    """Decisions checked over the session played by four watching random bots."""
    agents = [Watching(session, RandomBot(random.Random(seed * 10 + p)), check) for p in range(4)]
    drive(session, agents)
    return sum(agent.checked for agent in agents)


SESSIONS = {
    "standard": lambda seed: core_session("standard", seed),
    "hongzhong": lambda seed: core_session("hongzhong", seed),
    "hextech": hextech_session,
}


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_every_rule_set_accounts_for_its_tiles_on_the_one_table_s11(name: str) -> None:
    """At every decision of two seeded rounds the table is the core's and holds each of the rule
    set's tiles exactly once, in the wall, a hand, a river, a meld or the flowers (§11 phase 1
    "洗牌并码牌"); a control: a tile taken off the wall is missed."""

    def check(table: Table[Player]) -> None:
        assert isinstance(table, Table)
        assert table.accounted()

    assert played(SESSIONS[name](3), 3, check) > 20
    missed: list[bool] = []

    def losing(table: Table[Player]) -> None:
        if table.wall:
            tile = table.wall.draw_front()
            missed.append(table.accounted())
            table.wall.put_front([tile])
        check(table)

    played(SESSIONS[name](3), 3, losing)
    assert missed and not any(missed)


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_a_seat_view_of_every_rule_set_shows_only_its_own_concealed_tiles_s5_4(name: str) -> None:
    """The core's view of any rule set's table names the seat's own hand as kinds and of the others
    only their hands' sizes and what lies open (§5.4, standard rules 出牌 3 (二)): every kind the
    view names of another seat is on view on the table."""

    def check(table: Table[Player]) -> None:
        for p in range(4):
            view = view_of(table, p)
            assert sorted(view.hand) == sorted(INSTANCE_KINDS[i] for i in table.players[p].hand)
            assert view.hand_sizes == tuple(len(player.hand) for player in table.players)
            on_view = sorted(table.visible_kinds())
            named = sorted(
                [k for q in range(4) if q != p for k in view.rivers[q]]
                + [k for q in range(4) if q != p for m in view.melds[q] for k in m.tiles]
            )
            missing = list(named)
            for k in on_view:
                if k in missing:
                    missing.remove(k)
            assert not missing, (p, missing)

    assert played(SESSIONS[name](5), 5, check) > 20


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_every_rule_set_keeps_the_faces_of_a_players_discards_s11_phase_2(name: str) -> None:
    """A player's discards this round (``Player.discarded``, what 天和/地和 and hextech's conditions on
    discards read) are kept as faces at every rule set's table (§11 phase 2): every tile still in a
    river is one of its player's discards, counted by face, and no more than were made."""

    def check(table: Table[Player]) -> None:
        for player in table.players:
            discarded = Counter(player.discarded)
            assert all(0 <= k < NUM_KINDS for k in discarded)
            assert not Counter(INSTANCE_KINDS[i] for i in player.river) - discarded

    assert played(SESSIONS[name](4), 4, check) > 20
