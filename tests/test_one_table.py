"""One table for every rule set (issue 33 item 1; rulebook §4, §11 phase 1, §14.3; standard rules 术语
一, 二十一): standard, 红中 and hextech sessions play on :class:`engine.core.table.Table`, every tile
a physical instance the table accounts for at every decision, and a seat's view of any of them is
the core's :class:`engine.core.seat_view.SeatView`, which names only its own concealed tiles; hextech's
:class:`engine.hextech.view.PlayerView` offers the same parts (:class:`engine.core.view.View`), so
the core's bots play a hextech seat."""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum

import pytest

from engine.agents.bots import RandomBot
from engine.agents.hextech.roster import make_agents
from engine.agents.roster import make_bots
from engine.core.agent import Agent
from engine.core.decisions import HU, Decision, DecisionKind
from engine.core.registry import ruleset
from engine.core.seat_view import view_of
from engine.core.session import Playable, drive
from engine.core.table import Player, Table
from engine.core.table_session import TableConfig, TableSession
from engine.core.tiles import INSTANCE_KINDS
from engine.hextech.session import SessionConfig
from engine.hextech.view import PlayerView
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


class Asked:
    """An agent that hands each decision to ``agent`` and notes the kinds it answered and its wins."""

    def __init__(self, agent: Agent[PlayerView]) -> None:
        self.agent = agent
        self.name, self.sees, self.person = agent.name, agent.sees, agent.person
        self.answers: list[tuple[StrEnum, str]] = []

    def decide(self, view: PlayerView, decision: Decision) -> str:
        assert isinstance(view, PlayerView) or not self.sees
        answer = self.agent.decide(view, decision)
        self.answers.append((decision.kind, answer))
        return answer


def core_bots_at_hextech(core: list[str], hextech: list[str], seed: int) -> tuple[list[int], list[Asked]]:
    """A whole seeded hextech session of four rounds (§18.1), the first seats played by the core's
    bots ``core`` and the rest by hextech's own ``hextech``: its totals and each seat's answers."""
    session = new_session(SessionConfig(seed, "all", rounds=4))
    names = [*core, *["greedy"] * len(hextech)]
    agents: list[Agent[PlayerView]] = [*make_bots(names, seed)[: len(core)]]
    agents += make_agents([*["greedy"] * len(core), *hextech], seed)[len(core) :]
    asked = [Asked(agent) for agent in agents]
    result = drive(session, asked)
    assert len(result.rounds) == 4
    return result.totals, asked


@pytest.mark.parametrize(
    ("core", "hextech"),
    [(["greedy", "search:2", "greedy", "search:2"], []), (["search:2", "greedy"], ["greedy", "search:2"])],
)
def test_the_core_bots_play_a_whole_hextech_session_from_its_seat_views_s11_issue_33(
    core: list[str], hextech: list[str]
) -> None:
    """The core's greedy and search bots (``engine.agents.roster.make_bots``) play every seat of a
    seeded hextech session, or two seats beside hextech's own bots, to its end through the one
    session driver (§11 phases 2–3, issue 33 item 1): each turn and call they answer from hextech's
    seat view, they take the wins offered them, and a seed fixes every answer."""
    totals, asked = core_bots_at_hextech(core, hextech, 7)
    for seat in asked[: len(core)]:
        kinds = {kind for kind, _ in seat.answers}
        assert {DecisionKind.TURN, DecisionKind.CALL} <= kinds, seat.name
    core_answers = [answer for seat in asked[: len(core)] for _, answer in seat.answers]
    assert HU in core_answers and any(answer.startswith("discard ") for answer in core_answers)
    again, replayed = core_bots_at_hextech(core, hextech, 7)
    assert again == totals
    assert [seat.answers for seat in replayed] == [seat.answers for seat in asked]
