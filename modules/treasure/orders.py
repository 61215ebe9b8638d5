"""Treasure orders (宝牌令, §8, lib 十一) as data read from the T cards' compiled form.

A T card's behaviour is one line, ``resolve do treasure_order(...)``, naming
what the order makes treasure; nothing here knows a card id.  The kinds:

* ``face: <tile>`` — one exact face (T-01…T-06), public;

and, written ``treasure_order(<kind>)`` or ``treasure_order(kind: <kind>)``:

* ``die_number`` — the dealer rolls a d6 before the deal; that number in all
  three suits is treasure (T-08), public;
* ``dealer_named`` — the dealer names an exact face before the deal, never a
  flower (T-09), public;
* ``seat_wind`` — each player's current seat wind, following seat changes
  (T-07), personal;
* ``dealer_wind`` — the wind of the dealer's seat at round start, unchanged
  by seat changes (T-10), public.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from dsl.model import Card, EffectCall, Resolution
from engine.core.errors import CardError
from engine.core.tiles import TileSyntaxError, is_flower, parse_one

PRIMITIVE = "treasure_order"
"""The effect a T card's ``resolve`` names."""


class TreasureKind(StrEnum):
    """What an order makes treasure (§8.1, §8.3)."""

    FACE = "face"
    DIE_NUMBER = "die_number"
    DEALER_NAMED = "dealer_named"
    SEAT_WIND = "seat_wind"
    DEALER_WIND = "dealer_wind"


NAMED_KINDS = frozenset(kind.value for kind in TreasureKind) - {TreasureKind.FACE.value}
"""The kinds written by name alone."""


@dataclass(frozen=True)
class TreasureOrder:
    """One treasure order: the card it came from (for the account) and what it makes treasure."""

    card: str
    kind: TreasureKind
    face: int | None = None


def order_of(card: Card) -> TreasureOrder:
    """The order a compiled T card declares in ``resolve do treasure_order(...)``.

    A card without that line, with an unknown kind or with a flower as its
    face is a :class:`~engine.core.errors.CardError` naming the card.
    """
    calls = [
        effect
        for ability in card.abilities
        if isinstance(ability, Resolution)
        for effect in ability.effects
        if isinstance(effect, EffectCall) and effect.name == PRIMITIVE
    ]
    if len(calls) != 1:
        raise CardError(f"{card.id}: a treasure order needs exactly one 'resolve do {PRIMITIVE}(...)'")
    return _read(card.id, calls[0])


def _read(card_id: str, call: EffectCall) -> TreasureOrder:
    if len(call.args) != 1 or len(call.args[0].alternatives) != 1:
        raise CardError(f"{card_id}: {PRIMITIVE} takes one argument, e.g. face: 7z or die_number")
    arg = call.args[0]
    atom = arg.alternatives[0]
    if arg.name == TreasureKind.FACE.value:
        return TreasureOrder(card_id, TreasureKind.FACE, _face(card_id, str(atom.value)))
    if arg.name in (None, "kind") and atom.kind == "name" and atom.value in NAMED_KINDS:
        return TreasureOrder(card_id, TreasureKind(str(atom.value)))
    kinds = ", ".join(kind.value for kind in TreasureKind)
    raise CardError(f"{card_id}: unknown treasure order {atom.value!r}; expected one of {kinds}")


def _face(card_id: str, text: str) -> int:
    try:
        face = parse_one(text)
    except TileSyntaxError as err:
        raise CardError(f"{card_id}: treasure face: {err}") from None
    if is_flower(face):
        raise CardError(f"{card_id}: a flower cannot be treasure (§8.1)")
    return face
