"""The statics of calls and kongs: may a player chi, pon or kong, and may anyone call a player's
discards (§11, §9.7, lib 二.1).  A ``forbid`` of any of them bars the call whatever the tile; an
``allow chi(from: …, tile: …)`` permits, within its limit, a chi the base rule refuses (from another
seat, of an honour) when the discarder and the tile fit (G-04, G-13, P-01, P-03).

Each static's answer stands right above its declaration."""

from __future__ import annotations

from engine.hextech.effects.hooks import Status
from engine.hextech.statics.spec import Asked, StaticSpec
from engine.hextech.vocabulary import Param

CHI = "chi"
PON = "pon"
MINKAN = "minkan"
ANKAN = "ankan"
KAKAN = "kakan"


def _within_limit(status: Status) -> bool:
    rounds = [rule.count for rule in status.rule.limits if rule.period == "round"]
    return not rounds or status.uses.get("round", 0) < min(rounds)


def _chi_fits(status: Status, asked: Asked) -> bool:
    """The permission is within its limit, the discarder is the seat it names and the tile passes its
    filter."""
    seat = status.arg("from", "upper")
    from_seat = seat == "any" or asked.table.upper_of(asked.player) == asked.source
    return _within_limit(status) and from_seat and status.tile_test("tile", "number")(asked.face)


CHI_STATIC = StaticSpec(
    CHI,
    (Param("from", "seat", "upper"), Param("tile", "filter", "number")),
    "may this player chi this tile from that seat?",
    "§11, §9.7",
    asks=(CHI,),
    permits=_chi_fits,
)
PON_STATIC = StaticSpec(PON, (), "may this player pon?", "§11", asks=(PON,))
MINKAN_STATIC = StaticSpec(
    MINKAN, (), "may this player make an exposed kong (明杠) on a discard?", "§11", asks=(MINKAN,)
)
ANKAN_STATIC = StaticSpec(ANKAN, (), "may this player declare a concealed kong (暗杠)?", "§11", asks=(ANKAN,))
KAKAN_STATIC = StaticSpec(KAKAN, (), "may this player add to a pung (加杠)?", "§11", asks=(KAKAN,))
CALL_DISCARD = StaticSpec(
    "call_discard",
    (Param("of", "players", "any"),),
    "may anyone chi, pon or kong a discard of these players? (hu stays)",
    "lib 二.1",
    asks=(CHI, PON, MINKAN),
    whose="source",
)

WORDS = (CHI_STATIC, PON_STATIC, MINKAN_STATIC, ANKAN_STATIC, KAKAN_STATIC, CALL_DISCARD)
"""The statics of this family, in the order the reference lists them."""
