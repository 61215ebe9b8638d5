"""A suit another seat's card has the deciding seat choose for that card's holder (O-N03 花色限制:
"由你的下家指定万、条、筒中的一种花色。你的下一张弃牌必须属于该花色", §6, lib 四).

The chooser cannot see the holder's concealed tiles, so the holder's hand is imagined from what the
chooser's own :class:`~engine.hextech.view.PlayerView` leaves possible: the tiles a card revealed of
it, the rest drawn from the tiles the chooser has not seen (and one more drawn when the holder's
next discard follows a draw).  On each imagined hand, a suit costs the holder the step from its best
discard to its best discard of that suit — the shanten after it, then the tile's isolation, as the
greedy agent ranks tiles to give up (:func:`engine.agents.hextech.choices.losses`); a hand with no tile of
the suit discards freely and loses nothing.  The suit that costs the holder most over the imagined
hands is chosen: a seat's points fall as another's hand comes closer to winning first (§13.2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.agents.hextech import choices
from engine.agents.hextech.imagined import HAND, primitives
from engine.core.tiles import NUM_KINDS, Suit, suit_of
from engine.core.view import declared
from engine.hextech.view import PlayerView
from engine.hextech.vocabulary import CompiledCard

CHOICE = "choose_value"
"""The primitive that has a seat choose a public value (a suit) for a card."""
SEATS = 4
"""Seats at the table (§4)."""
MELD = 3
"""Tiles a declared meld stands for in a hand's count (§4)."""
AWAY: dict[str, int] = {"lower": -1, "upper": 1}
"""Which way from the chooser the holder sits, in seats, for each chooser role: the holder's lower
seat (下家) sits after it, so the holder is the first in-game seat before the chooser."""


def bound_holder(view: PlayerView, card: CompiledCard | None) -> int | None:
    """The player whose card has the deciding seat choose a value for it: the card runs
    ``choose_value`` with a neighbour of its holder as chooser (``lower``, ``upper``), and the holder
    is the nearest in-game seat the other way from the decider.  ``None`` when the card's chooser is
    its holder, or no other seat is in the game."""
    steps = [dict(step.args) for step in primitives(card) if step.primitive == CHOICE]
    roles = {str(args.get("chooser", "holder")) for args in steps}
    ways = [AWAY[role] for role in roles if role in AWAY]
    if len(ways) != 1:
        return None
    seating = view.seating
    here = seating[view.me]
    for distance in range(1, SEATS):
        seat = (here + ways[0] * distance) % SEATS
        player = seating.index(seat)
        if not view.won[player]:
            return player
    return None


def costliest_suit(
    view: PlayerView, holder: int, ordered: Sequence[str], rng: random.Random, samples: int
) -> str:
    """Of the suits ``ordered`` (the greedy agent's answer first, kept on ties), the one whose bar on
    ``holder``'s next discard costs that player most over ``samples`` imagined hands."""
    bag = [k for k in choices.unseen(view) if k < NUM_KINDS]
    shown = list(view.revealed[holder])
    n_melds = declared(view, holder)
    hidden = max(view.hand_sizes[holder] - len(shown), 0)
    drawn = 1 if view.hand_sizes[holder] + MELD * n_melds < HAND else 0
    costs = {option: (0, 0) for option in ordered}
    for _ in range(samples):
        hand = shown + rng.sample(bag, min(hidden + drawn, len(bag)))
        vec = [0] * NUM_KINDS
        for k in hand:
            vec[k] += 1
        held = [k for k in range(NUM_KINDS) if vec[k]]
        if not held:
            continue
        losses = dict(zip(held, choices.losses(vec, n_melds, held), strict=True))
        free = min(losses.values())
        for option in ordered:
            bound = [loss for k, loss in losses.items() if suit_of(k) is Suit(option)]
            worst = min(bound) if bound else free
            total = costs[option]
            costs[option] = (total[0] + worst[0] - free[0], total[1] + worst[1] - free[1])
    return max(ordered, key=lambda option: costs[option])
