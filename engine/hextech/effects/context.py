"""What an effect runs with: the round, the card, its holder, the event, the names it has bound.

Roles (``holder``, ``actor``, ``upper``, ``lower``, ``dealer``, ``next_actor``,
``each``, ``target``) name players as the card language defines them
(``engine.hextech.vocabulary.ROLES``); tile filters are the hand-predicate classes
(``engine.hextech.predicates.TILE_CLASSES``) plus a face, a number, ``chosen_suit``,
``treasure`` and ``flower``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.core.tiles import (
    ALL_KINDS,
    Suit,
    is_flower,
    is_number,
    kind_of_instance,
    number_of,
    parse_one,
    suit_of,
)
from engine.hextech.bus import Event
from engine.hextech.predicates import TILE_CLASSES, TREASURE

if TYPE_CHECKING:
    from engine.hextech.round import Round
    from engine.hextech.vocabulary import CompiledCard

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


class Ctx:
    """One resolution of a card's program; ``unexecutable`` is set when a step could do nothing.

    A plain class, not a dataclass: the compiled build cannot describe a dataclass field whose type
    (``Round``) its module imports only for type checking."""

    def __init__(
        self, game: Round, card: CompiledCard, holder: int | None, event: Event | None = None
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
            found = self.game.table.values.get((self.card.base_id, holder), {}).get(name)
        if name in ("chosen_suit", "suit") and isinstance(found, str):
            return SUITS.get(found)
        return found

    def remember(self, name: str, value: object) -> None:
        """Bind a chosen value for the rest of the resolution and for the card's later questions."""
        self.names[name] = value
        self.game.table.values.setdefault((self.card.base_id, self.holder), {})[name] = value
