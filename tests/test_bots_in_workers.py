"""A searching bot goes to a worker process and back as the console hands it over (R520, R795): pickled
both ways before every decision, it plays the session it plays unpickled, on the compiled engine as
on the interpreted one (the compiled classes cannot be made again without their generator)."""

from __future__ import annotations

import pickle
from typing import Any

from engine.agents.roster import make_bots
from engine.core.decisions import Decision
from engine.core.registry import ruleset
from engine.core.session import drive
from engine.core.table_session import TableConfig, TableSession
from engine.hextech.session import SessionConfig
from tools.hextech_session import new_session


class ThroughWorker:
    """A bot handed over pickled before each decision and taken back pickled after it."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name, self.sees, self.person = bot.name, bot.sees, bot.person

    def decide(self, view: Any, decision: Decision) -> str:
        sent = pickle.loads(pickle.dumps(self.bot))
        answer = sent.decide(view, decision)
        self.bot = pickle.loads(pickle.dumps(sent))
        return str(answer)


def handed(agents: list[Any]) -> list[Any]:
    """The searching bots handed to a worker (the others answer in the server, as at the console)."""
    return [ThroughWorker(bot) if bot.name == "search" else bot for bot in agents]


def answers_of(session: Any, agents: list[Any]) -> list[str]:
    answered: list[str] = []
    drive(session, agents, on_answer=lambda d, a: answered.append(a))
    return answered


def test_a_standard_search_bot_plays_the_same_through_a_worker_r795() -> None:
    rules = ruleset("standard")

    def session() -> TableSession:
        return TableSession(TableConfig(rules, rules.resolve_options([]), 4, rounds=1))

    names = ["search:4", "search", "greedy", "random"]
    plain = answers_of(session(), list(make_bots(names, 4)))
    assert answers_of(session(), handed(list(make_bots(names, 4)))) == plain and len(plain) > 20


def test_a_hextech_search_agent_plays_the_same_through_a_worker_r520() -> None:
    """A hextech ``search:2`` seat keeps the suit and the number it chose and its generator where
    it stood, whoever thinks."""
    config = SessionConfig(6, "strategy", 4)
    names = ["search:2", "greedy", "search:2", "random"]
    plain = answers_of(new_session(config), list(make_bots(names, 6)))
    assert answers_of(new_session(config), handed(list(make_bots(names, 6)))) == plain and len(plain) > 100
