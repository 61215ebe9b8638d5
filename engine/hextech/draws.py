"""Tiles entering a hand: the turn's normal draw from the front, replacements from the tail after a
flower or a kong, and the events every acquired tile announces (§6.6, §11 phase 2, H14, H21).

A flower is revealed and replaced at once (补花); only normal and replacement
draws may win.  A card may replace a draw (``instead of …``); a draw end a
chance card set binds the next normal draw (H17).  An empty wall ends the
round (§11 phase 6).
"""

from __future__ import annotations

from collections.abc import Generator

from engine.core import deal
from engine.core.decisions import Decision
from engine.core.tiles import FACES, INSTANCE_KINDS, is_flower
from engine.hextech.bus import Step
from engine.hextech.card_runtime import replaceable, replaced
from engine.hextech.effects.table_changes import see
from engine.hextech.round_state import RoundState
from engine.hextech.wins import EndReason, RoundOver


def normal_draw(rnd: RoundState, p: int) -> Step:
    """The turn's normal draw: from the front, or the end a chance card set — that choice binds the
    draw, so no augment replaces it (H17); otherwise an augment may replace it (S-11, G-15, P-18)."""
    wall = rnd.table.wall
    if not wall:
        raise RoundOver(EndReason.WALL_EXHAUSTED)
    if "draw.normal.before" in rnd.audible:
        yield from rnd.emit("draw.normal.before", p, drawable=len(wall))
    bound = rnd.card_states.bound_draw(p)
    if not bound and replaceable(rnd, "draw.normal") and (yield from replaced(rnd, "draw.normal", p)):
        return
    end, peek = rnd.card_states.take_draw_end(p)
    if peek:
        see(rnd, p, wall.look_front(1), public=False)
    tile = wall.draw_tail() if end == "tail" else wall.draw_front()
    rnd.table.players[p].hand.append(tile)
    yield from announce(rnd, p, tile, "normal", None, end=end)


def replacement_draw(rnd: RoundState, p: int, reason: str, cause: str | None) -> Step:
    """A tile from the tail after a flower or a kong (lib 二.1 尾部); a card may replace the draw
    (S-04, G-05)."""
    if not rnd.table.wall:
        raise RoundOver(EndReason.WALL_EXHAUSTED)
    if replaceable(rnd, "draw.replacement") and (
        yield from replaced(rnd, "draw.replacement", p, reason=reason)
    ):
        return
    yield from acquire(rnd, p, rnd.table.wall.draw_tail(), "replacement", cause, reason=reason)


class Replacing:
    """The round's side of the core's 补花 (:func:`engine.core.deal.replace_flowers`; §11 phase 1,
    §6.6), ``cause`` the card whose effect it is part of, if any: each flower set aside is revealed
    to the cards (``flower.revealed``), then its replacement drawn from the tail as a card may change
    it (:func:`replacement_draw`); an empty wall ends the round."""

    __slots__ = ("cause", "rnd")

    def __init__(self, rnd: RoundState, cause: str | None) -> None:
        self.rnd = rnd
        self.cause = cause

    def replace_flower(self, p: int, flower: int) -> Generator[Decision, str, bool]:
        """``flower`` revealed, its replacement drawn."""
        rnd = self.rnd
        yield from rnd.emit("flower.revealed", p, self.cause, flower=rnd.show(flower), phase=rnd.phase)
        yield from replacement_draw(rnd, p, "flower", self.cause)
        return True


def acquire(rnd: RoundState, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
    """A tile enters a hand: a normal, replacement or extra draw, a take from a look, a swap, a pass,
    a retrieval (tile.acquired, H21).  Only normal and replacement draws may win (H14)."""
    rnd.table.players[p].hand.append(tile)
    yield from announce(rnd, p, tile, via, cause, **data)


def announce(rnd: RoundState, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
    """The events of a tile that is already in ``p``'s hand (effects that move several tiles at
    once place them all first, so the 144 stay accounted for at every event)."""
    player = rnd.table.players[p]
    face = INSTANCE_KINDS[tile]
    flower = is_flower(face)
    shown = FACES[face]
    audible = rnd.audible
    if via == "normal":
        rnd.rinshan = False
        if not flower:
            rnd.win_tile[p] = tile
            if "draw.normal.taken" in audible:
                yield from rnd.emit("draw.normal.taken", p, cause, tile=shown, **data)
                if tile not in player.hand:
                    return  # sent back by a redraw: the redrawn tile is the turn's normal draw (R123)
        player.normal_draws += 1
    if flower:
        rnd.win_tile.pop(p, None)
        yield from deal.replace_flowers(rnd.table, Replacing(rnd, cause), p)
        yield from _flower_settled(rnd, p, shown, via, cause, **data)
        return
    if via == "normal":
        rnd.win_tile[p] = tile
        rnd.drew.add(p)
        if "draw.normal" in audible:
            yield from rnd.emit("draw.normal", p, cause, tile=shown, k=player.normal_draws, **data)
    elif via == "replacement":
        rnd.win_tile[p] = tile
        yield from rnd.emit("draw.replacement", p, cause, tile=shown, **data)
        if tile not in player.hand:
            return  # sent under the wall (G-18): only the tile drawn instead is acquired (R302)
    else:
        rnd.win_tile.pop(p, None)
        if via == "extra":
            yield from rnd.emit("draw.extra", p, cause, tile=shown)
    if "tile.acquired" in audible:
        yield from rnd.emit("tile.acquired", p, cause, tile=shown, via=via, instance=tile)
    if rnd.in_force.effect_depth:
        rnd.in_force.wall_count_due = rnd.in_force.wall_count_due or cause or rnd.ambient
    elif "wall.count" in audible:
        yield from rnd.emit("wall.count", None, cause, drawable=len(rnd.table.wall))


def _flower_settled(rnd: RoundState, p: int, shown: str, via: str, cause: str | None, **data: object) -> Step:
    """A flower that was the turn's normal draw, or a kong's replacement, once it is replaced (补花):
    the normal draw it was is complete and counted (lib 二.1 正常摸牌; C-04, C-13, S-01 see their N-th
    draw), and the kong has had its replacement (G-02 "成功完成杠牌并正常补牌后") — R135."""
    if via == "normal":
        rnd.drew.add(p)
        if "draw.normal" in rnd.audible:
            k = rnd.table.players[p].normal_draws
            yield from rnd.emit("draw.normal", p, cause, tile=shown, k=k, **data)
    elif via == "replacement" and data.get("reason") == "kong":
        hand = rnd.table.players[p].hand
        if hand and "draw.replacement" in rnd.audible:
            yield from rnd.emit("draw.replacement", p, cause, **{**data, "tile": rnd.show(hand[-1])})
