"""The statics of discards: may a player discard this tile now (lib 十 B-10, B-11, B-16; lib 四
O-N03, O-N08).  Each answers whether a ``forbid`` of it bars the discard asked; the rules narrow a
player's choice one §15 level at a time (:meth:`engine.hextech.rules.Rules.legal_discards`).

Each static's answer stands right above its declaration."""

from __future__ import annotations

from engine.core.tiles import kind_of_instance
from engine.hextech.effects.hooks import Status
from engine.hextech.state import PlayerState
from engine.hextech.statics.spec import Asked, StaticSpec
from engine.hextech.vocabulary import Param

DISCARD = "discard"
"""The act the rules ask these statics about."""


def _of_suit(status: Status, asked: Asked) -> bool:
    return status.tile_test("suit")(asked.face)


DISCARD_SUIT = StaticSpec(
    "discard_suit",
    (Param("suit", "name"),),
    "may this player discard a tile of the suit?",
    "lib 十 B-11",
    asks=(DISCARD,),
    bars=_of_suit,
)


def _outside_suit(status: Status, asked: Asked) -> bool:
    in_suit = status.tile_test("suit")
    hand = asked.table.players[asked.player].hand
    return not in_suit(asked.face) and any(in_suit(kind_of_instance(i)) for i in hand)


DISCARD_OUTSIDE_SUIT = StaticSpec(
    "discard_outside_suit",
    (Param("suit", "name"),),
    "may this player discard outside the suit while holding one of it?",
    "lib 四 O-N03",
    asks=(DISCARD,),
    bars=_outside_suit,
)


def _the_drawn(status: Status, asked: Asked) -> bool:
    return asked.face == status.drawn_face(asked.drawn)


DISCARD_DRAWN = StaticSpec(
    "discard_drawn",
    (),
    "may this player discard the tile drawn this turn?",
    "lib 四 O-N08",
    asks=(DISCARD,),
    bars=_the_drawn,
)


def _not_the_drawn(status: Status, asked: Asked) -> bool:
    drawn = asked.drawn
    return drawn is not None and asked.face != drawn and status.tile_test("tile", "number")(drawn)


KEEP_DRAWN = StaticSpec(
    "keep_drawn",
    (Param("tile", "filter", "number"),),
    "may this player keep the tile normally drawn this turn?",
    "lib 十 B-10",
    asks=(DISCARD,),
    bars=_not_the_drawn,
)


def _since(p: PlayerState, status: Status) -> int:
    """The discards a rule of ``p``'s contract in force reads from: those since it began (B-16 put in
    force by a card, R556); any other card's, the round's."""
    return p.contract_start.discards if status.rule.source == p.contract else 0


def _repeated(status: Status, asked: Asked) -> bool:
    p = asked.table.players[asked.player]
    return asked.face in p.discarded[_since(p, status) :]


DISCARD_REPEAT = StaticSpec(
    "discard_repeat",
    (),
    "may this player discard a face already discarded?",
    "lib 十 B-16",
    asks=(DISCARD,),
    bars=_repeated,
)

WORDS = (DISCARD_SUIT, DISCARD_OUTSIDE_SUIT, DISCARD_DRAWN, KEEP_DRAWN, DISCARD_REPEAT)
"""The statics of this family, in the order the reference lists them."""
