"""Decisions: every choice the rules give a player goes through one shape (§11, §12).

A :class:`Decision` names who decides, what kind of choice it is and the
finite list of legal answers (``options``, plain strings such as
``"discard 5m"``, ``"pon"``, ``"chi 345m"``, ``"hu"``, a card's choice).  The
core's kinds are :class:`DecisionKind`'s; a rule set adds its own as a
:class:`enum.StrEnum` of its own, whose members a decision's ``kind`` takes as
well (hextech's: ``engine/hextech/decision_kinds.py``).  The
engine's steps are generators that yield a decision and resume with the
answer, so bots, a console, a replay and a scripted test all answer through
the same interface; :func:`check_answer` rejects anything not offered.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple

from engine.core.errors import IllegalActionError
from engine.core.seats import PLAYERS


class DecisionKind(StrEnum):
    """The kinds of choice the core's table gives a player: its own turn, a call on a discard,
    robbing a kong, and a card's or a rule's choice among named options."""

    TURN = "turn"
    CALL = "call"
    ROB_KONG = "rob_kong"
    CHOOSE = "choose"


PASS: Final = "pass"
HU: Final = "hu"


class Decision(NamedTuple):
    """A choice put to ``player``: one of ``options``; ``about`` names the card or tile it concerns.

    A named tuple: as fixed as a frozen value, and a quarter of its cost to build (every turn and
    every call chance puts one)."""

    kind: StrEnum
    """A :class:`DecisionKind`, or a kind a rule set adds."""
    player: int
    options: tuple[str, ...]
    about: str = ""

    def named(self) -> str:
        """The decision as a card example writes it: kind, player, what it is about (``call B 5m``)."""
        about = f" {self.about}" if self.about else ""
        return f"{self.kind.value} {PLAYERS[self.player]}{about}"

    def describe(self) -> str:
        """One line for errors and logs: the decision :meth:`named` and its options,
        ``call B 5m: pass|pon``."""
        return f"{self.named()}: {'|'.join(self.options)}"


def put(kind: StrEnum, player: int, options: tuple[str, ...], about: str = "") -> Decision:
    """``Decision(kind, player, options, about)``, built as a plain tuple without the named tuple's
    interpreted ``__new__``: the turn and the response window put one at every chance."""
    return tuple.__new__(Decision, (kind, player, options, about))


SHOWN = 120
"""The most characters of an answer a message shows."""


def check_answer(decision: Decision, answer: object) -> str:
    """The answer if it is one of the decision's options; :class:`IllegalActionError` names it otherwise."""
    if not isinstance(answer, str) or answer not in decision.options:
        shown = repr(answer) if len(repr(answer)) <= SHOWN else f"{repr(answer)[:SHOWN]}…"
        raise IllegalActionError(f"illegal answer {shown} to {decision.describe()}")
    return answer
