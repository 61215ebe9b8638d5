"""What the console of a real table (实体桌) asks and what it is told: prompts, replies, entries.

A prompt (:class:`Ask`) is put to one or more players, each with the options of their
:class:`Part`; with several parts every addressee answers, and the prompt is answered when all have
(a draft, the contract choice and the abandon window are chosen in secret and revealed together,
§5.2, §9.1, §10.1).  An :class:`Ask`'s ``shown`` says what the other screens see of it: the whole
prompt (``public``: a card's instruction to the table), only whom it waits for (``private``: a
question about the holder's own tiles), or who has answered and not what (``secret``).

The table's answers and taps are :class:`Entry` values, stored one by one as they are made
(issue 31 item 8); the flow reads each as a :class:`Reply`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.core.seats import PLAYERS

HOST = -1
"""The host's part of a prompt (a prompt to the table itself: the deal done, a table event's card)."""
HOST_NAME = "host"

Shown = Literal["public", "private", "secret"]


@dataclass(frozen=True)
class Option:
    """One answer a part offers: the option string a client sends, and its label on the button."""

    value: str
    label: str


@dataclass(frozen=True)
class Part:
    """What one addressee of a prompt may answer."""

    options: tuple[Option, ...]

    def values(self) -> tuple[str, ...]:
        """The option strings."""
        return tuple(option.value for option in self.options)


@dataclass(frozen=True)
class Ask:
    """A prompt: its kind, the card it is about (``""`` for the rules' own), its text, each
    addressee's part, and what the other screens see of it."""

    kind: str
    card: str
    text: str
    parts: Mapping[int, Part]
    shown: Shown = "public"
    free: tuple[str, ...] = ()
    """Option prefixes an addressee may complete with a value of their own (B-15's number:
    ``number B-15 13812345678``), checked by the prompt's asker."""
    anyone: bool = False
    """One addressee's answer answers for all (the players of a table effect, any of whom taps done)."""


@dataclass(frozen=True)
class Idle:
    """What the round's flow yields while it waits for the table to tell it an event."""


IDLE = Idle()


@dataclass(frozen=True)
class Reply:
    """One player's answer or tap, with what came with it (a hu's hand, the wall count)."""

    player: int
    option: str
    data: Mapping[str, Any] = field(default_factory=dict)


Answer = Mapping[int, Reply]
"""The replies to one prompt, by addressee."""


@dataclass(frozen=True)
class Entry:
    """One entry of the table's log as stored (issue 31 item 8): who made it (a seat or the host),
    the option, what came with it, and when (milliseconds since the epoch)."""

    by: int
    option: str
    data: Mapping[str, Any]
    at: int

    def json(self) -> dict[str, Any]:
        """As stored: ``{"type": "entry", "by": "A"|"host", "option", "data", "at"}``."""
        return {
            "type": "entry",
            "by": who(self.by),
            "option": self.option,
            "data": dict(self.data),
            "at": self.at,
        }

    @classmethod
    def from_json(cls, line: Mapping[str, Any]) -> Entry:
        """As :meth:`json` wrote it."""
        by = str(line["by"])
        player = HOST if by == HOST_NAME else PLAYERS.index(by)
        return cls(player, str(line["option"]), dict(line["data"]), int(line["at"]))


def who(player: int) -> str:
    """A player's seat letter, or ``host``."""
    return HOST_NAME if player == HOST else PLAYERS[player]
