"""What an effect runs with: the round as effects act on it, the card, its holder, the event, the
names it has bound.

:class:`RoundTable` is the round as card effects see it: the table and what the round keeps that a
card reads or changes, and the operations an effect asks of the round (deliver an event, run a
program, draw a card, put a static in force, …), which the round carries out
(:class:`engine.hextech.round.Round`).  The effects are written against it, below the rules and the
cards in force they put in place, so the statuses and triggers that hold a :class:`Ctx` point down
to it and never back.

Roles (``holder``, ``actor``, ``upper``, ``lower``, ``dealer``, ``next_actor``,
``each``, ``target``) name players as the card language defines them
(``engine.hextech.vocabulary.ROLES``); tile filters are the hand-predicate classes
(``engine.hextech.predicates.TILE_CLASSES``) plus a face, a number, ``chosen_suit``,
``treasure`` and ``flower``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence

from engine.core.decisions import Decision
from engine.core.seats import PLAYERS, seat_wind
from engine.core.table import Table
from engine.core.tiles import (
    ALL_KINDS,
    FACES,
    Suit,
    is_flower,
    is_number,
    kind_of_instance,
    number_of,
    parse_one,
    suit_of,
)
from engine.core.wall import Wall
from engine.hextech.bus import Bus, Event, Step
from engine.hextech.card_state import CardStates
from engine.hextech.conditions.hand_reading import TILE_CLASSES, TREASURE
from engine.hextech.contract_offers import ContractsOffered
from engine.hextech.hookspecs import Game
from engine.hextech.round_cards import Cards, ContractOffer, ModulePrimitive
from engine.hextech.ruleset import HEXTECH
from engine.hextech.state import PlayerState
from engine.hextech.vocabulary import CompiledCard, Program, StaticRule

ROUND_ENDED = "round.ended"
"""After the round everyone at the table takes part again: the roles no longer skip winners (§7.6)."""
SUITS = {"man": Suit.MAN, "pin": Suit.PIN, "sou": Suit.SOU, "m": Suit.MAN, "p": Suit.PIN, "s": Suit.SOU}
TABLE_WORDS = frozenset({TREASURE, "chosen_suit", "suit", "pair", "seat_wind"})
"""Tile filter words whose tiles depend on the table or the holder's choices; every other filter
passes the same kinds all round."""
SET_WORDS = frozenset({"pair"})
"""Tile filter words that hold for the picked tiles as a whole, not tile by tile: ``pair``, tiles of
one face held twice or more (S-14 "公开手牌中的一组对子", R551)."""
_FIXED: dict[object, frozenset[int]] = {}
_FIXED_SIZE = 256
"""Fixed tile filters already met, as the kinds they pass (bounded: cards write a few dozen)."""


def fixed_kinds(arg: object) -> frozenset[int] | None:
    """The kinds a tile filter passes when none of its words depends on the table, else ``None``."""
    if not isinstance(arg, str | int | tuple):
        return None
    found = _FIXED.get(arg)
    if found is not None:
        return found
    atoms = arg if isinstance(arg, tuple) else (arg,)
    if any(not isinstance(atom, int) and str(atom) in TABLE_WORDS for atom in atoms):
        return None
    tests = [_fixed_test(atom) for atom in atoms]
    found = frozenset(k for k in range(ALL_KINDS) if any(test(k) for test in tests))
    if len(_FIXED) >= _FIXED_SIZE:
        _FIXED.clear()
    _FIXED[arg] = found
    return found


def _fixed_test(atom: object) -> Callable[[int], bool]:
    """One filter word that does not depend on the table: a class, ``flower``, a number, a face;
    ``drawn`` / ``latest`` / ``not_latest`` pass any tile (their effects pick the tile)."""
    if isinstance(atom, int):
        return lambda k: is_number(k) and number_of(k) == atom
    word = str(atom)
    if word in TILE_CLASSES:
        return TILE_CLASSES[word]
    if word == "flower":
        return is_flower
    if word in ("drawn", "latest", "not_latest"):
        return TILE_CLASSES["any"]
    face = parse_one(word)
    return lambda k: k == face


def fits_with(arg: object, picked: Sequence[int], kind: int) -> bool:
    """Whether a tile of ``kind`` may join the tiles of kinds ``picked`` under the filter ``arg``:
    under a set word (:data:`SET_WORDS`) the tiles picked together are of one face; every other filter
    is read tile by tile (:meth:`Ctx.tile_filter`)."""
    return not picked or str(arg) not in SET_WORDS or kind == picked[0]


class RoundTable(ABC):
    """The round as card effects act on it: the table, the round's counts, what cards have offered,
    shown and set aside, and the operations an effect asks of the round, which the round carries out
    (:class:`engine.hextech.round.Round`)."""

    def __init__(
        self,
        *,
        dealer_seat: int,
        rng: random.Random,
        bus: Bus[RoundTable, Game],
        contracts: ContractOffer | None = None,
        cards: Cards | None = None,
        number: int = 1,
        scores: Sequence[int] = (0, 0, 0, 0),
        wall: Wall | None = None,
    ) -> None:
        self.rng = rng
        self.bus = bus
        bus.playing = self
        self.offer = contracts
        self.cards = cards or Cards()
        self.number = number
        self.table: Table[PlayerState] = Table(
            HEXTECH,
            {},
            wall if wall is not None else Wall.shuffled(rng),
            players=[PlayerState() for _ in PLAYERS],
            dealer_seat=dealer_seat,
            scores=tuple(scores),
        )
        self.turn_number = 0
        self.actor = self.dealer
        self.contracts_revealed = False
        self.abandon_window_done = False
        """The abandon window has opened this round: it opens once (§10)."""
        self.offered = ContractsOffered()
        """The contracts offered to each player, how many, and those that go back (§9.1)."""
        self.in_tidy = False
        """An extra tidy (额外整理) is under way, which starts no new one (§6.11
        "不能再次触发新的额外整理"): the round's own, as any card's extra tidy is the rule's."""
        self.seen: dict[int, tuple[int, ...]] = {}
        self.card_states = CardStates()
        """Each card's own state for the players it is held for (:mod:`engine.hextech.card_state`)."""
        self.win_tile: dict[int, int] = {}
        self.taken_back: set[int] = set()
        """The players whose discard just made a card took back (收回): it is void, and they discard
        again (``retract_discard``, R90, R128)."""
        self.just_discarded: dict[int, int] = {}
        """The tile a player has just discarded, while its ``discard.made`` is delivered and before
        anyone answers it: the one discard P-10 may take back (R562)."""
        self.call_chances: set[int] = set()
        self.exiting: set[int] = set()

    @property
    def dealer(self) -> int:
        """The player at the dealer seat (§4)."""
        return self.table.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """The session's scores as the round began, by player (§13.1)."""
        return self.table.scores

    @property
    def counters(self) -> dict[tuple[object, ...], int]:
        """Limit counters, kept for the session (keys carry the round and turn they count in)."""
        return self.cards.counters

    @property
    def modules(self) -> frozenset[str]:
        """The modules enabled in the session."""
        return self.cards.modules

    @property
    def module_primitives(self) -> Mapping[str, ModulePrimitive]:
        """The primitives the enabled modules implement."""
        return self.cards.module_primitives

    @property
    def primitive_modules(self) -> Mapping[str, str]:
        """The module that implements each primitive of :attr:`module_primitives`."""
        return self.cards.primitive_modules

    @property
    def session(self) -> Game | None:
        """The session, as the modules' ``Game``; ``None`` on an arranged table without modules."""
        return self.cards.session

    def playing(self, p: int | None) -> bool:
        """Whether ``p`` may still act: in the round and not a winner about to leave (§6.6, §12.5, H18)."""
        return p is not None and self.table.in_game(p) and p not in self.exiting

    def next_actor(self) -> int:
        """The player who acts next, clockwise from the acting player (§6.4)."""
        nxt = self.table.next_in_game(self.actor)
        return self.actor if nxt is None else nxt

    def marked(self, p: int | None, mark: str) -> frozenset[int]:
        """The faces the enabled modules mark ``mark`` for ``p`` now (§8: the treasure faces)."""
        marks = self.cards.tile_marks
        if marks is None or p is None:
            return frozenset()
        return marks(p, self.table.seat_of[p]).get(mark, frozenset())

    def seat_wind(self, p: int | None) -> int:
        """The wind of ``p``'s seat this round (:func:`engine.core.seats.seat_wind`; §4, §14.3)."""
        seat = self.table.seat_of[p] if p is not None else self.table.dealer_seat
        return seat_wind(seat, self.table.dealer_seat)

    def visible_kinds(self) -> list[int]:
        """Every face on view on the table (H21)."""
        return self.table.visible_kinds()

    def show(self, tile: int) -> str:
        """A tile instance as the events name it (``5m``)."""
        return FACES[kind_of_instance(tile)]

    # -- what the round carries out for an effect ---------------------------------------------

    @abstractmethod
    def emit(
        self, name: str, player: int | None = None, cause: str | None = None, **data: object
    ) -> Iterable[Decision]:
        """Record an event and deliver it to the cards listening (§6.6, §15)."""

    @abstractmethod
    def acquire(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """A tile enters ``p``'s hand (§6.6, H14, H21)."""

    @abstractmethod
    def announce(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """The events of a tile already in ``p``'s hand."""

    @abstractmethod
    def card_discard(self, p: int, cause: str) -> Step:
        """A discard a card makes ``p`` take."""

    @abstractmethod
    def resolve(self, ctx: Ctx, steps: Program) -> Step:
        """Run a card's program, recording that the card was exercised (§6.8, §18.3)."""

    @abstractmethod
    def draw_card(self, deck_name: str, p: int, cause: str, offered: int = 1) -> Step:
        """Draw a chance or party card for ``p`` and resolve it (§6.4–§6.10, §7.2)."""

    @abstractmethod
    def ask_redraw(self) -> None:
        """Put away the chance or party card being announced and draw another in its place (R361)."""

    @abstractmethod
    def add_status(self, ctx: Ctx, rule: StaticRule) -> None:
        """A static in force until its duration ends."""

    @abstractmethod
    def add_later(self, ctx: Ctx, until: str, steps: Program) -> None:
        """Steps to run when the holder's duration ends."""

    @abstractmethod
    def on_end(self, until: str, holder: int | None, end: Callable[[], None]) -> None:
        """Run ``end`` once the duration ``until`` of ``holder`` ends."""

    @abstractmethod
    def register(self, card: CompiledCard, holder: int | None) -> None:
        """Put a card in force for its holder."""

    @abstractmethod
    def end_card(self, card_id: str, p: int) -> None:
        """End ``card_id`` for ``p``: its triggers, delayed steps and statuses lapse."""

    @abstractmethod
    def is_black(self, contract_id: str) -> bool:
        """A black contract (§9.3)."""

    @abstractmethod
    def abandon(self, p: int) -> None:
        """``p`` gives up the contract (§10.2)."""


class Ctx:
    """One resolution of a card's program; ``unexecutable`` is set when a step could do nothing."""

    def __init__(
        self, game: RoundTable, card: CompiledCard, holder: int | None, event: Event | None = None
    ) -> None:
        self.game = game
        self.card = card
        self.holder = holder
        self.event = event
        self.names: dict[str, object] = {}
        self.unexecutable = False
        self.did_something = False
        self.gained: dict[int, int] = {}

    def gain(self, player: int, n: int = 1) -> None:
        """The player took ``n`` tiles into hand in this effect; a later ``discard`` gives one back."""
        self.gained[player] = self.gained.get(player, 0) + n

    @property
    def cause(self) -> str:
        """The cause tag of everything this effect does (CARD-INVENTORY §0)."""
        return f"card:{self.card.base_id}"

    @property
    def actor(self) -> int | None:
        """The event's acting player."""
        return None if self.event is None else self.event.player

    def player(self, role: object) -> int | None:
        """The player a role names, or ``None`` when nobody fits (e.g. no in-game neighbour)."""
        table = self.game.table
        anchor = self.holder if self.holder is not None else self.actor
        word = str(role)
        if word == "holder":
            return self.holder
        if word == "actor":
            return self.actor
        if word in ("each", "target", "performer"):
            value = self.names.get(word)
            return value if isinstance(value, int) else None
        if word == "upper":
            return None if anchor is None else table.upper_of(anchor)
        if word == "lower":
            return None if anchor is None else table.next_in_game(anchor)
        if word == "dealer":
            return self.game.dealer
        if word == "next_actor":
            return self.game.next_actor()
        if word == "random":
            options = [p for p in range(4) if table.in_game(p)]
            return self.game.rng.choice(options) if options else None
        return None

    def player_in_play(self, role: object) -> int | None:
        """The player a role names while still in the round; ``None`` (and the step ``unexecutable``)
        when nobody fits or that player is out."""
        seat = self.player(role)
        if seat is None or not self.game.playing(seat):
            self.unexecutable = True
            return None
        return seat

    def players(self, role: object, start: object = None) -> list[int]:
        """The in-game players a set role names, clockwise from ``start`` (§6.4); ``everyone`` is all four
        seated players (全场), and after the round ends every role counts winners again (§7.6)."""
        table = self.game.table
        word = str(role)
        first = self.player(start) if start is not None else self.actor
        if first is None:
            first = self.game.dealer
        seated = [table.player_at((table.seat_of[first] + step) % 4) for step in range(4)]
        if word == "everyone":
            return seated
        if self.event is not None and self.event.name == ROUND_ENDED:
            ring = seated
        else:
            ring = [p for p in [first, *table.clockwise_from(first)] if table.in_game(p)]
        if word == "others":
            return [p for p in ring if p != self.holder]
        if word == "lowest":
            low = min(self.game.scores)
            return [p for p in ring if self.game.scores[p] == low]
        if word in ("all", "any"):
            return ring
        one = self.player(word)
        return [] if one is None else [one]

    def tile_filter(self, arg: object, owner: int | None = None) -> Callable[[int], bool]:
        """A tile filter word (or ``|`` alternatives) as a test on kinds."""
        kinds = fixed_kinds(arg)
        if kinds is not None:
            return kinds.__contains__
        atoms = arg if isinstance(arg, tuple) else (arg,)
        tests = [self._one_filter(atom, owner) for atom in atoms]
        return lambda k: any(test(k) for test in tests)

    def _one_filter(self, atom: object, owner: int | None) -> Callable[[int], bool]:
        word = str(atom)
        if isinstance(atom, int) or word not in TABLE_WORDS:
            return _fixed_test(atom)
        if word == TREASURE:
            faces = self.game.marked(owner if owner is not None else self.holder, word)
            return lambda k: k in faces
        if word in ("chosen_suit", "suit"):
            suit = self.value(word, owner)
            return lambda k: suit is not None and suit_of(k) == suit
        if word == "pair":
            held = self._hidden_counts(owner)
            return lambda k: held.get(k, 0) >= 2
        wind = self.game.seat_wind(owner if owner is not None else self.holder)
        return lambda k: k == wind

    def _hidden_counts(self, owner: int | None) -> dict[int, int]:
        who = owner if owner is not None else self.holder
        held: dict[int, int] = {}
        if who is not None:
            player = self.game.table.players[who]
            for i in player.hand:
                if i not in player.revealed:
                    held[kind_of_instance(i)] = held.get(kind_of_instance(i), 0) + 1
        return held

    def value(self, name: str, owner: int | None = None) -> object:
        """A value the holder chose for this card (``choose_value … as: name``)."""
        holder = owner if owner is not None else self.holder
        found = self.names.get(name)
        if found is None:
            found = self.game.card_states.values(self.card.base_id, holder).get(name)
        if name in ("chosen_suit", "suit") and isinstance(found, str):
            return SUITS.get(found)
        return found

    def remember(self, name: str, value: object) -> None:
        """Bind a chosen value for the rest of the resolution and for the card's later questions."""
        self.names[name] = value
        self.game.card_states.of(self.card.base_id, self.holder).values[name] = value
