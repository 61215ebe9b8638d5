"""Extension points: everything a module may add to the game.

Each extension point is declared here once, with when the engine calls it and
what an implementation may return, as pytest declares its own in
``_pytest/hookspec.py``.  A module is an ordinary Python module whose
functions carry :data:`hookimpl` and whose name appears in the entry-point
group ``hexmj.modules``; :mod:`engine.hextech.plugins` finds, loads and registers it.

The engine names no module.  A module that is off is not registered, so none
of its cards, decks, listeners, score items or state exist (§3, §6.12): the
strategy mode runs with no module, the party mode with the modules that
declare ``party``, the all mode with those that declare ``all``.

pluggy decides nothing about the game: the order in which it returns the
implementations' answers is not a rule.  The bus orders listeners by their
§15 level, and :class:`engine.hextech.plugins.Modules` asks the modules one by one in
name order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

import pluggy

from engine.core.decisions import Decision
from engine.hextech.bus import Event, Step

PROJECT = "hexmj"
ENTRY_POINT_GROUP = "hexmj.modules"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class Deck(Protocol):
    """A shuffled deck of card ids with its discard pile, reshuffled when empty (§6.10, §7.2, §8.5)."""

    discards: list[str]

    def draw(self) -> str | None:
        """The top card, or ``None`` when the deck and its discard pile are both empty."""
        ...


class Delivery(Protocol):
    """What a module may use of the session's event bus (:class:`engine.hextech.bus.Bus`)."""

    def deliver(self, event: Event, game: Game) -> Step:
        """Record ``event`` and run its listeners in §15 order; the modules' act on ``game``."""
        ...


class Game(Protocol):
    """What a module may use of the session it plays in (``engine/hextech/session.py``).

    ``rng`` is the session's seeded RNG (dice, bots); ``bus`` delivers the
    module's events; ``module_state`` holds each enabled module's session
    state under its name (:func:`hexmj_session_state`).
    """

    rng: random.Random
    module_state: dict[str, Any]

    @property
    def bus(self) -> Delivery:
        """The session's event bus."""
        ...

    def deck(self, kind: str) -> Deck:
        """The deck of a card type."""
        ...

    def hand_of(self, player: int) -> tuple[int, ...]:
        """The instances of ``player``'s concealed hand in the round in progress."""
        ...

    def lasting_card(self, player: int, deck: str) -> str | None:
        """The card in ``player``'s one lasting slot of ``deck`` now, if it still acts (§6.9, §7.3)."""
        ...

    def end_lasting(self, player: int, deck: str) -> Step:
        """Put ``player``'s lasting card of ``deck`` away without effect (§7.4); ``card.ended`` follows."""
        ...


Primitive = Callable[[Game, int, Mapping[str, object]], Generator[Decision, str, Mapping[str, object] | None]]
"""A module's effect primitive: ``(game, holder, arguments)``, a step that may yield decisions; what it
returns is kept for the card and holder, for the facts of the card's later triggers (``challenge_lost``)."""


@dataclass(frozen=True)
class CardSeries:
    """A card-id series a module's cards carry (lib 一): its ``prefix`` (``X``, or ``X-Y`` for a
    series whose numbers follow the second letter, ``X-Y01``), the card type its ids imply, and the
    group within the type, if the type has groups."""

    prefix: str
    card_type: str
    group: str | None = None


@dataclass(frozen=True)
class ModuleSpec:
    """What a module is: its name, its 标签, the modes that enable it and its card files.

    ``name`` equals the module's entry-point name.  ``tag`` is the 标签 text
    the card library prints on the module's linked cards (lib 二.3, 二.5), so a
    card's tag maps to its module.
    ``modes`` are the pool modes that switch the module on (§3: ``party``,
    ``all``).  ``card_files`` are the module's ``.hex`` files.  ``events`` names the events the
    module records beyond the engine's vocabulary, so a card example may expect them
    (docs/examples.md).  ``reveals`` names the event with which the module's set-up reveals the card
    that sets its round (its ``card`` field), which the round's record keeps (§18.3).  ``series``
    are the card-id series the module's cards carry (lib 一).
    """

    name: str
    title: str
    tag: str
    modes: tuple[str, ...]
    card_files: tuple[Path, ...]
    events: tuple[str, ...] = ()
    reveals: str = ""
    series: tuple[CardSeries, ...] = ()


@dataclass(frozen=True)
class DeckSpec:
    """A deck a module brings: its name and the card type whose cards form it.

    The deck is shuffled with the session's seeded RNG; when it runs out its
    discard pile is reshuffled into it (§7.2, §8.5).
    """

    name: str
    card_type: str


class SetupStage(StrEnum):
    """The points of a round's set-up (§11 phase 1) where a module may add a step."""

    AFTER_WORLD = "after_world"
    """After the world card is revealed, before the deal (§8: a round's order is revealed here)."""
    AFTER_DEAL = "after_deal"
    """After the deal and the initial flower replacement, before contracts (§11)."""


@dataclass(frozen=True)
class Listener:
    """A module's handler on the event bus (it meets :class:`engine.hextech.bus.Listener`).

    ``event`` is a name from the engine's event vocabulary
    (``engine/hextech/vocabulary.py``); ``level`` the §15 level at which the bus runs
    it among simultaneous handlers (``engine.hextech.vocabulary.Level``); ``holder`` the
    player it acts for, or ``None`` for the whole table; ``source`` the
    module's name.  ``handle(event, game)`` gives a step, which may yield
    decisions, or ``None`` when it has nothing more to do for the event (what
    needs no decision it may have done at once).
    """

    source: str
    event: str
    level: int
    handle: Callable[[Event, Game], Step | None]
    holder: int | None = None
    dormant_until: str | None = None
    """A deck: the handler has nothing to do in a round until a card of that deck is drawn or one of
    the module's primitives runs, so until then the bus builds no event for it alone
    (:meth:`engine.hextech.bus.Bus.wake`, :meth:`engine.hextech.bus.Bus.wake_module`); ``None``, it
    hears from the start."""

    def run(self, event: Event, game: Game) -> Step:
        """Resolve for ``event``; may yield decisions."""
        step = self.handle(event, game)
        if step is not None:
            yield from step

    @property
    def start(self) -> Callable[[Event, Game], Step | None]:
        """How the bus asks the listener to act (``engine.hextech.bus``): the handler itself."""
        return self.handle


@dataclass(frozen=True)
class ScoreContribution:
    """One score item a module adds to a win (§13.2): an id, the rulebook name, the points.

    ``add_on`` items count under the add-on caps (§13.7: 5 per winner).
    """

    id: str
    name: str
    points: int
    add_on: bool = True


@dataclass(frozen=True)
class WinSummary:
    """A confirmed win as a module's score item sees it (§13).

    ``hand`` holds the kinds of the complete hand: the concealed tiles with
    the winning tile and the tiles of the declared melds, flowers apart.
    """

    player: int
    hand: tuple[int, ...]
    win_tile: int


@dataclass(frozen=True)
class ModuleState:
    """A module's own state for one player or for the session, kept by the engine under ``module``."""

    module: str
    value: Any


@hookspec
def hexmj_module() -> ModuleSpec:  # type: ignore[empty-body]
    """Declare the module.  Called once, when the registry loads the module.

    Return the module's :class:`ModuleSpec`; ``hexmj modules`` lists it and
    the pools ask it which modes enable the module and where its cards are.
    """


@hookspec
def hexmj_decks() -> list[DeckSpec]:  # type: ignore[empty-body]
    """Declare the decks the module brings.  Called when a session is created.

    Return one :class:`DeckSpec` per deck (§7.2, §8).  A module without a deck returns ``[]``.
    """


@hookspec
def hexmj_pool_removals(modules: frozenset[str]) -> list[str]:  # type: ignore[empty-body]
    """Name the cards that leave every pool while this module is on.  Called while a pool is built.

    Linked cards need no rule: a card whose header tags a module (by name or
    标签) is in play only while that module is on (§3, §6.12).  This hook is
    for a module that takes other cards out (base ids); ``modules`` are the
    names of every enabled module.  Cards leave before shuffling (§6.12).
    """


@hookspec
def hexmj_session_state(players: tuple[str, ...]) -> ModuleState | None:
    """Create the module's per-session state.  Called when a session starts (§16).

    ``players`` are the players' letters A–D (§4).  Return the state
    (a ledger of chips, §7.4), or ``None`` when the module keeps none.
    """


@hookspec
def hexmj_player_state(player: int) -> ModuleState | None:
    """Create the module's state for one player.  Called when a round starts, for each player.

    Return the state (a durable challenge, a face a card declared), or ``None``.
    """


@hookspec
def hexmj_round_setup(stage: SetupStage, game: Game, dealer: int) -> Step | None:
    """Give the module's set-up step.  Called at each :class:`SetupStage` of every round.

    Return a step (a generator that may yield decisions, run by the session
    in module-name order) or ``None``.  ``dealer`` is the round's dealer, who
    sits in his own seat at set-up (§4).  The step acts through ``game``
    (draws from the module's deck, rolls the seeded die, asks the dealer) and
    emits its events, among them the one its :class:`ModuleSpec` ``reveals``.
    """


@hookspec
def hexmj_listeners() -> list[Listener]:  # type: ignore[empty-body]
    """Declare the module's handlers on the event bus.  Called when a session is created.

    Return :class:`Listener` values; the bus runs them at their §15 level,
    then clockwise from the acting player.
    """


@hookspec
def hexmj_primitives() -> dict[str, Primitive]:  # type: ignore[empty-body]
    """Implement the effect primitives the module's cards use.  Called when a session is created.

    Return primitive name → :data:`Primitive`; the effects engine runs a
    card's call of that name through it.  A name no enabled module implements is not
    executable (§6.8).
    """


@hookspec(firstresult=True)
def hexmj_bot_answer(decision: Decision, game: Game) -> str | None:
    """Answer, for a bot, a decision the module put.  Called by the bots before their own policy.

    Return one of ``decision.options``, or ``None`` when the decision is not
    the module's; a draw it makes comes from the session's seeded RNG.  The first answer wins.
    """


@hookspec
def hexmj_tile_marks(player: int, seat: int, game: Game) -> dict[str, frozenset[int]]:  # type: ignore[empty-body]
    """Name the sets of tile kinds the module marks for ``player`` now.  Called whenever a card asks.

    ``seat`` is the seat the player sits in now (O-X01 moves players, §14.3).

    A mark is a tile filter word of the card language: the faces marked
    ``engine.hextech.predicates.TREASURE`` are the player's treasure (§8.3),
    which the §13.6 bonus and the cards' ``treasure`` filter read.  Return
    ``{}`` when the module marks nothing.

    The marks may depend only on the module's own state, the player's seat
    and the round's dealer, and may change only in the module's own code:
    its set-up step, a primitive or a listener.  The session asks once for
    each player and seat, and again after such code has run.
    """


@hookspec
def hexmj_score_items(win: WinSummary, game: Game) -> list[ScoreContribution]:  # type: ignore[empty-body]
    """Add the module's score items to one win.  Called for every legal win, before it is scored (§13).

    The items go into
    ``engine.hextech.scoring.WinInput.extra``: the scorer applies the caps (§13.7)
    and names no module.
    """


@hookspec
def hexmj_account_lines(record: Event, game: Game) -> list[str]:  # type: ignore[empty-body]
    """Add the module's lines to the readable account of a game.  Called for each recorded event.

    Return the lines (in Chinese, card names verbatim) the module writes for
    ``record``, or ``[]``.
    """


@hookspec
def hexmj_session_summary(game: Game) -> list[str]:  # type: ignore[empty-body]
    """Add the module's lines to the end-of-session summary.  Called after round 8 (§16).

    A module may name a star of its own here (§7.1); nothing a module writes
    changes the ranking (§16).
    """


@hookspec
def hexmj_session_fields(game: Game) -> dict[str, Any]:  # type: ignore[empty-body]
    """Add the module's fields to a finished session's JSON document (``hexmj play --json``, §16).

    Return ``{name: value}`` with JSON values, under the module's own name.
    A module that is off adds no field.
    """
