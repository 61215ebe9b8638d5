"""The public feed of a table, for every rule set (§5.4, §17.2; standard rules 出牌 2–3; R371, R770).

:class:`PublicFeed` hears a table's events and writes each its rule set words as a line of public
fields only, and keeps what every screen shows of the round in play: its number, whose turn it is,
the seat whose discard still lies in its river, the seat that has just called (it discards without
a draw), the rounds played so far, and the marks a rule set keeps of its own (hextech's world card
and treasure order, §6.2, §8; the prevalent wind of the core's table).  What a rule set words and
marks is its :class:`FeedWords`, a declaration: the feed itself names no rule set.  An event its
words do not name is never written, so a draw, an offer or a concealed kong's tile never is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

FEED_KEPT = 200
"""How many feed lines a table keeps (the screens show the latest)."""
DISCARD = "discard"
"""The event a turn's discard answer is heard as on a table whose discards are no event (出牌 2)."""


class Heard(Protocol):
    """An event as the feed hears it: its name, its acting player if any, its public fields."""

    @property
    def name(self) -> str: ...

    @property
    def player(self) -> int | None: ...

    @property
    def data(self) -> Mapping[str, object]: ...


class TableEvent(NamedTuple):
    """An event of a table whose sinks are given its name, player and fields apart."""

    name: str
    player: int | None
    data: Mapping[str, object]


Wording = Callable[[Heard], str]
"""How the feed words an event as a line."""
Mark = Callable[["PublicFeed", Heard], None]
"""What an event changes of what the feed keeps, before it is worded."""


@dataclass(frozen=True)
class FeedWords:
    """A rule set's part of the feed: its events as lines (``said``), what each changes of what the
    feed keeps (``marks``), and the fields its own marks give every message (``shown``)."""

    said: Mapping[str, Wording]
    marks: Mapping[str, Mark]
    shown: Callable[[PublicFeed], dict[str, Any]]


@dataclass
class PublicFeed:
    """The feed's lines and what every screen shows of the round in play (see the module)."""

    words: FeedWords
    lines: list[str] = field(default_factory=list)
    """The latest :data:`FEED_KEPT` lines."""
    written: int = 0
    """How many lines the feed has written in all."""
    round: int = 0
    turn: int | None = None
    """The player whose turn an event announced (``None`` on a table that announces none)."""
    last_discard: int | None = None
    """The player whose discard is the latest and still lies in their river (none once called)."""
    called: int | None = None
    """The player who has just called a discard (吃, 碰) and discards without a draw."""
    account: list[dict[str, Any]] = field(default_factory=list)
    """Each round played so far as the feed heard it, on a table whose words keep one."""
    marks: dict[str, Any] = field(default_factory=dict)
    """The rule set's own marks in force."""
    events: frozenset[str] = field(init=False, default=frozenset())
    """The events the feed hears (a bus gives it no other)."""

    def __post_init__(self) -> None:
        self.events = frozenset({*self.words.said, *self.words.marks})

    def __call__(self, event: Heard) -> None:
        """A bus sink: ``event`` marked, then worded."""
        mark = self.words.marks.get(event.name)
        if mark is not None:
            mark(self, event)
        said = self.words.said.get(event.name)
        if said is not None:
            self.lines.append(said(event))
            self.written += 1
            del self.lines[:-FEED_KEPT]

    def event(self, name: str, player: int | None, data: Mapping[str, Any]) -> None:
        """A table sink that gives an event's name, player and fields apart."""
        self(TableEvent(name, player, data))

    def turn_answer(self, player: int, answer: str) -> None:
        """A turn's answer, which a table that announces no discard has its words hear
        (:data:`DISCARD`): the caller's turn is over, and a discard lies open in the river (出牌 2).
        A table whose words do not hear it announces its discards itself."""
        if DISCARD not in self.events:
            return
        verb, _, face = answer.partition(" ")
        self.called = None
        if verb == DISCARD:
            self(TableEvent(DISCARD, player, {"tile": face}))

    def since(self, written: int) -> list[str]:
        """The lines written after the first ``written`` (as many of them as the feed keeps)."""
        new = self.written - written
        return self.lines[max(0, len(self.lines) - new) :] if new else []

    def shown(self) -> dict[str, Any]:
        """The fields of the rule set's own marks every message carries."""
        return self.words.shown(self)
