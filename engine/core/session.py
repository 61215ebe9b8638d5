"""One way to answer a session's decisions, for every rule set (§4 seats, §18.3; issue 33 item 1).

A session of any rule set is :class:`Playable`: it yields its decisions one by one
(:meth:`Playable.steps`), builds the deciding seat's view (:meth:`Playable.view`, or hands
:attr:`Playable.blind` to an agent that reads none), and may answer a bot's seat by its own policy
(:meth:`Playable.policy_answer`: a module's challenge, §8.4).  :func:`drive` answers a session from
a script (a log being replayed or resumed) while it lasts, then from the agents; :func:`ask` is the
one question put to a seat, which the console asks as well.

While the script answers, every bot is asked all the same, its answer unused, so that a bot that
keeps a generator stands where it would have stood in play and a resumed session goes on exactly as
one that never stopped (R382); a person is never asked a logged decision.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from engine.core.agent import Agent
from engine.core.decisions import Decision, check_answer
from engine.core.errors import LogError
from engine.core.table import Table

V = TypeVar("V")
V_co = TypeVar("V_co", covariant=True)
R_co = TypeVar("R_co", covariant=True)
R = TypeVar("R")


class Playable(Protocol[V_co, R_co]):
    """A session in play, of any rule set, whose seats see views of type ``V_co`` and whose end is an
    ``R``."""

    @property
    def blind(self) -> V_co:
        """The view handed to an agent that reads none."""
        ...

    def steps(self) -> Generator[Decision, str, R_co]:
        """Every decision of every round, in order; the session's result."""
        ...

    @property
    def table(self) -> Table[Any] | None:
        """The one table of the round in play (:mod:`engine.core.table`), ``None`` before the first."""
        ...

    def view(self, player: int) -> V_co:
        """What ``player`` may see now, and nothing more."""
        ...

    def policy_answer(self, decision: Decision) -> str | None:
        """The answer the rule set's own policy gives a bot's seat at ``decision`` (a module's bot
        policy for its challenge), or ``None`` when the seat's agent answers."""
        ...


def ask(session: Playable[V, object], agent: Agent[V], decision: Decision) -> str:
    """The seat's answer, unchecked: the session's policy answer for a bot where it has one, else the
    agent's from its own seat's view."""
    if not agent.person:
        preset = session.policy_answer(decision)
        if preset is not None:
            return preset
    return agent.decide(session.view(decision.player) if agent.sees else session.blind, decision)


def drive(
    session: Playable[V, R],
    agents: Sequence[Agent[V]],
    *,
    script: Iterator[str] | None = None,
    on_answer: Callable[[Decision, str], None] | None = None,
) -> R:
    """Play ``session`` to its end: each decision answered from ``script`` while it lasts (every
    bot asked all the same, R382), then by the seat's agent (:func:`ask`); every answer is checked
    (an illegal one is exit 3, a logged one that does not fit a :class:`LogError`) and reported to
    ``on_answer``."""
    steps = session.steps()
    try:
        decision = next(steps)
        while True:
            scripted = next(script, None) if script is not None else None
            agent = agents[decision.player]
            if scripted is None:
                script = None
                answer = check_answer(decision, ask(session, agent, decision))
            else:
                if not agent.person:
                    ask(session, agent, decision)
                try:
                    answer = check_answer(decision, scripted)
                except Exception as err:
                    raise LogError(f"logged answer does not fit: {err}") from None
            if on_answer is not None:
                on_answer(decision, answer)
            decision = steps.send(answer)
    except StopIteration as done:
        result: R = done.value
        return result
