"""Decisions: every choice the rules give a player goes through one shape (§5.2, §9.1, §10, §11).

A :class:`Decision` names who decides, what kind of choice it is and the
finite list of legal answers (``options``, plain strings such as
``"discard 5m"``, ``"pon"``, ``"chi 345m"``, ``"keep"``, ``"C-03"``).  The
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
    """The kinds of choice the rules give a player."""

    AUGMENT = "augment"
    CONTRACT = "contract"
    TURN = "turn"
    CALL = "call"
    ROB_KONG = "rob_kong"
    ABANDON = "abandon"
    CHOOSE = "choose"
    KEEP_LASTING = "keep_lasting"


PASS: Final = "pass"
HU: Final = "hu"
KEEP: Final = "keep"
ABANDON: Final = "abandon"


class Decision(NamedTuple):
    """A choice put to ``player``: one of ``options``; ``about`` names the card or tile it concerns.

    A named tuple: as fixed as a frozen value, and a quarter of its cost to build (every turn and
    every call chance puts one)."""

    kind: DecisionKind
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


def put(kind: DecisionKind, player: int, options: tuple[str, ...], about: str = "") -> Decision:
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
