"""The positions a card decision's answers leave the deciding seat in, as its own view shows them
(§6, §12, §14.2, §14.4, lib 二.1): what the search agent imagines on for a tile given up, revealed
or taken (a flower among them), a wall's top or tail put back in an order, a tile put on top, a
suit staked on the wall's top tile, a route, and the seat a card's effect is aimed at.

Everything is read from the seat's :class:`~engine.hextech.view.PlayerView` and from the deciding
card's compiled program (which primitives it runs, on whom, at which end of the wall); nothing names
a card.  A tile given up leaves the hand and is known from then on (it lies in another's hand or
under the wall), so it is drawn from no imagined bag; a tile revealed stays in the hand, shown
(§14.4); a tile taken joins the hand and is no longer among those seen on the wall.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from engine.agents.hextech import choices, words
from engine.core.decisions import PASS
from engine.core.groups import SetKind
from engine.core.hand import decompose
from engine.core.melds import Meld
from engine.core.seats import PLAYERS
from engine.core.shanten import DiscardShanten
from engine.core.tiles import ALL_KINDS, NUM_KINDS, NUMBER_SUITS, TileSyntaxError, parse_one, suit_of
from engine.hextech.predicates import All, Compare, Condition
from engine.hextech.view import PlayerView, with_parts
from engine.hextech.vocabulary import CompiledCard, PrimitiveStep, Program

HAND = 14
"""Tiles of a full hand on its turn, three for each declared meld included (§4)."""
REORDER = "look_and_reorder"
"""The primitive that puts looked-at wall tiles back in a chosen order."""
OTHERS_DRAW = 3
"""Draws the other seats make between two of the player's own (§12)."""
SUBJECTS = frozenset({"player", "for", "owner", "performer"})
"""Argument names that say whom a primitive acts for: the effect is that seat's own."""
TOP = "top"
"""The end of the wall the draws come from (lib 二.1 顶部)."""
ON_TOP = frozenset({"chosen_on_top", "suit_on_top"})
"""The reorder rules that put one chosen tile on top of the rest (G-17, O-P06)."""
SUITS = frozenset(s.value for s in NUMBER_SUITS)
"""The answers of a suit choice."""
ROUTED = "routed_melds"
"""The fact that counts the declared sets of the route a player chose (G-08)."""
ROUTE_KINDS: dict[str, frozenset[SetKind]] = {
    "chow": frozenset({SetKind.CHOW}),
    "pung": frozenset({SetKind.PUNG, SetKind.KONG}),
}
"""The sets each route counts (``routed_melds``: chi for ``chow``; pon and every kong for ``pung``)."""


class Role(Enum):
    """What a decision whose options are tiles does with the tile picked."""

    GIVE = "give"
    REVEAL = "reveal"
    TAKE = "take"


def primitives(card: CompiledCard | None) -> list[PrimitiveStep]:
    """Every primitive step the card runs (its resolution and its hooks, nested steps included)."""
    if card is None:
        return []
    programs: tuple[Program, ...] = (card.resolution, *(hook.steps for hook in card.hooks))
    return [step for program in programs for step in choices.steps_of(program)]


def faces(options: Sequence[str]) -> list[int] | None:
    """The tile each option names (flowers included), if every option is one tile."""
    out = []
    for option in options:
        try:
            k = parse_one(option)
        except (TileSyntaxError, ValueError):
            return None
        if not 0 <= k < ALL_KINDS:
            return None
        out.append(k)
    return out


def counted(view: PlayerView) -> int:
    """The hand's tiles, three for each declared meld (flowers are never hand tiles)."""
    return sum(1 for k in view.hand if k < NUM_KINDS) + 3 * view.n_melds


def role(view: PlayerView, card: CompiledCard | None, tiles: Sequence[int]) -> Role | None:
    """What picking one of ``tiles`` does, read from the card's program: taken (the card takes
    tiles and every option is one the seat was shown or threw), revealed (every option is in the hand
    and the card only shows hand tiles) or given up (every option is in the hand and the card makes
    its holder lose one, ``words.GIVE_AWAY``); ``None`` when the program does not say."""
    names = {step.primitive for step in primitives(card)}
    shown = [*view.seen, *view.rivers[view.me]]
    if names & words.TAKE and all(k in shown for k in tiles):
        return Role.TAKE
    if not all(k in view.hand for k in tiles):
        return None
    if card is not None and choices.only_shows(card):
        return Role.REVEAL
    return Role.GIVE if names & words.GIVE_AWAY else None


def after_give(view: PlayerView, face: int) -> PlayerView:
    """The hand without ``face``; the tile is known from now on (``seen``), drawn from no bag."""
    hand = list(view.hand)
    hand.remove(face)
    return with_parts(view, hand=tuple(hand), seen=(*view.seen, face))


def after_reveal(view: PlayerView, face: int) -> PlayerView:
    """The same hand with one more tile of ``face`` shown (it stays a hand tile, §14.4)."""
    mine = tuple(sorted((*view.revealed[view.me], face)))
    return with_parts(view, revealed=tuple(mine if p == view.me else r for p, r in enumerate(view.revealed)))


def after_take(view: PlayerView, face: int) -> PlayerView:
    """The hand with ``face`` taken into it (no longer among the tiles seen on the wall, or out of
    the own river)."""
    seen = list(view.seen)
    river = list(view.rivers[view.me])
    if face in seen:
        seen.remove(face)
    elif face in river:
        river.remove(face)
    rivers = tuple(tuple(river) if p == view.me else r for p, r in enumerate(view.rivers))
    return with_parts(view, hand=tuple(sorted((*view.hand, face))), seen=tuple(seen), rivers=rivers)


def settled(view: PlayerView) -> PlayerView:
    """The position a hand over its turn's size comes to (a tile taken in the middle of a card's
    effect, before the discard it owes): it throws, one at a time, the tile its best reading leaves
    out, as a playout does; any other hand as it is."""
    while counted(view) > HAND:
        view = thrown(view)
    return view


def thrown(view: PlayerView) -> PlayerView:
    """The hand after one discard of the tile its best reading leaves out (the loneliest of those
    that keep the lowest shanten), into the own river."""
    vec = [0] * NUM_KINDS
    for k in view.hand:
        if k < NUM_KINDS:
            vec[k] += 1
    after = DiscardShanten(bytes(vec), view.n_melds)
    held = [k for k in range(NUM_KINDS) if vec[k]]
    best = min(after[k] for k in held)
    places = choices.discard_places(bytes(vec))
    out = min((k for k in held if after[k] == best), key=lambda k: places[k])
    return discarded(view, out)


def discarded(view: PlayerView, face: int) -> PlayerView:
    """The view after the player discards ``face``: out of the hand, the latest discard at the end
    of the own river (R353)."""
    hand = list(view.hand)
    hand.remove(face)
    me = view.me
    rivers = tuple((*r, face) if p == me else r for p, r in enumerate(view.rivers))
    kept = tuple(True if p == me else k for p, k in enumerate(view.latest_kept))
    return with_parts(view, hand=tuple(hand), rivers=rivers, latest_kept=kept)


def after_flower(view: PlayerView, flower: int) -> PlayerView:
    """A flower taken: revealed among the player's flowers at once, no longer among the tiles seen
    on the wall; the hand waits for its replacement from the tail (§12 补花, R21)."""
    seen = list(view.seen)
    if flower in seen:
        seen.remove(flower)
    mine = (*view.flowers[view.me], flower)
    flowers = tuple(mine if p == view.me else f for p, f in enumerate(view.flowers))
    return with_parts(view, seen=tuple(seen), flowers=flowers)


def shown_on_top(view: PlayerView, tile: int) -> PlayerView:
    """The position after ``tile`` was shown on the wall's top and left there: seen by the player
    (it is drawn from no imagined bag; whether the player draws it is :func:`own_head`'s)."""
    return with_parts(view, seen=(*view.seen, tile))


def short(view: PlayerView) -> bool:
    """Whether the hand is a tile short of waiting (a tile given up before one comes back: an
    exchange's, a pass's, the draw after a tile put under the wall, §14.2)."""
    return counted(view) % 3 == 0 and counted(view) < HAND


def reorder_end(card: CompiledCard | None) -> str | None:
    """The end of the wall every reorder the card makes is at (``top``, or ``tail``, where the
    replacements for flowers and kongs are drawn, §12); ``None`` for none or both."""
    ends = {str(dict(step.args).get("end", TOP)) for step in primitives(card) if step.primitive == REORDER}
    return ends.pop() if len(ends) == 1 else None


def tail_draw(order: Sequence[int]) -> tuple[tuple[int, ...], int | None]:
    """What the next replacement drawn from a tail put back in ``order`` gives (§12): the flowers
    at its head (each revealed and replaced in turn) and the first other tile."""
    flowers: list[int] = []
    for k in order:
        if k < NUM_KINDS:
            return tuple(flowers), k
        flowers.append(k)
    return tuple(flowers), None


def on_top_orders(
    card: CompiledCard | None, view: PlayerView, options: Sequence[str]
) -> dict[str, list[int]] | None:
    """The wall's top each answer leaves when the card puts one looked-at tile on top of the rest
    (``look_and_reorder(rule: chosen_on_top)``, G-17; ``suit_on_top``, which may be passed, O-P06):
    the face chosen first, the other tiles looked at after it (their order is asked next); ``pass``,
    the tiles as they lay (lib 二.1).  ``None`` for any other decision (the looked-at tiles are
    the view's ``seen``, top first)."""
    rules = {
        dict(step.args).get("rule")
        for step in primitives(card)
        if step.primitive == REORDER and dict(step.args).get("end", TOP) == TOP
    }
    if not rules & ON_TOP:
        return None
    named = [o for o in options if o != PASS]
    tiles = faces(named)
    looked = list(view.seen)
    if not named or tiles is None or not all(k in looked for k in tiles):
        return None
    out: dict[str, list[int]] = {}
    for option, k in zip(named, tiles, strict=True):
        rest = list(looked)
        rest.remove(k)
        out[option] = [k, *rest]
    if PASS in options:
        out[PASS] = looked
    return out


def staked(card: CompiledCard | None, options: Sequence[str]) -> PrimitiveStep | None:
    """The step a suit chosen for the card is staked on: the card's ``choose_value(suit, as: X)``
    followed by a ``look_and_take`` of the wall's top tile filtered by ``suit: X`` (O-C04: shown,
    and taken if of that suit); ``None`` when the options are not suits or the card runs no such
    step."""
    if not options or not set(options) <= SUITS:
        return None
    names = {
        str(dict(step.args).get("as"))
        for step in primitives(card)
        if step.primitive == "choose_value" and dict(step.args).get("kind") == "suit"
    }
    for step in primitives(card):
        args = dict(step.args)
        if (
            step.primitive == "look_and_take"
            and str(args.get("suit")) in names
            and str(args.get("n", 1)) == "1"
            and args.get("end", TOP) == TOP
        ):
            return step
    return None


def of_suit(tile: int, suit: str) -> bool:
    """Whether ``tile`` is a number tile of ``suit`` (``m``, ``p``, ``s``)."""
    return tile < choices.HONOURS and suit_of(tile).value == suit


def route_reward(card: CompiledCard | None) -> tuple[int, float] | None:
    """What a route (``chow``/``pung``, G-08) brings its chooser, read from the card's hooks that
    count its declared sets of the route's kind (``routed_melds(…) == N``): the count ``N`` and what
    the hooks run is worth (:data:`engine.agents.hextech.words.VALUES`; a card's once-per-round
    ability is earned once, so the best hook's); ``None`` for a card with none."""
    found: list[tuple[int, float]] = []
    for hook in card.hooks if card is not None else ():
        need = _routed_count(hook.condition)
        if need is not None:
            worth = sum(words.VALUES.get(s.primitive, 0.0) for s in choices.steps_of(hook.steps))
            found.append((need, worth))
    return max(found, key=lambda f: f[1]) if found else None


def _routed_count(condition: Condition | None) -> int | None:
    """The count of routed sets a hook's condition waits for (``routed_melds(…) == N`` or ``>= N``)."""
    if isinstance(condition, Compare):
        if condition.left.name == ROUTED and condition.op in ("==", ">="):
            return condition.right
        return None
    if isinstance(condition, All):
        return next((n for n in map(_routed_count, condition.parts) if n is not None), None)
    return None


def routed_sets(complete: Sequence[int], melds: Sequence[Meld], route: str) -> int:
    """The most sets of the route's kind (``chow``: runs; ``pung``: pungs and kongs) a reading of
    the complete hand holds, its declared melds included."""
    kinds = ROUTE_KINDS[route]
    concealed = [k for k in range(NUM_KINDS) for _ in range(complete[k])]
    readings = decompose(concealed, melds)
    return max((sum(1 for g in d.groups if g.kind in kinds) for d in readings), default=0)


def own_head(view: PlayerView, order: Sequence[int]) -> tuple[int, ...]:
    """The tiles of a reordered top of the wall the player itself will draw, in order: every fourth
    from its next draw — the first when its hand waits for a draw, the fourth when it holds its
    turn's tile or more (the three others draw first, §12)."""
    first = OTHERS_DRAW if counted(view) >= HAND else 0
    return tuple(order[first :: OTHERS_DRAW + 1])


def aimed_effect(card: CompiledCard | None, name: str) -> float:
    """What the card's steps aimed at the seat it names ``name`` (``pick_player(as: …)``) do to
    that seat, by the program values of :data:`engine.agents.hextech.words.VALUES`: a primitive
    run for the seat (``player``, ``for``, ``owner``, ``performer``) is worth its value to it; one the
    holder runs on it (``target``, ``with``) costs it what it is worth to the holder."""
    value = 0.0
    for step in primitives(card):
        base = words.VALUES.get(step.primitive, 0.0)
        for arg, given in step.args:
            if str(given) == name:
                value += base if arg in SUBJECTS else -base
    return value


def picked_name(card: CompiledCard | None) -> str:
    """The name the card's player pick gives the seat picked (``pick_player(as: …)``)."""
    for step in primitives(card):
        if step.primitive == "pick_player":
            return str(dict(step.args).get("as", "target"))
    return "target"


def by_standing(view: PlayerView, options: Iterable[str], effect: float) -> str | None:
    """The seat to aim an effect at by session standing (the scores of the view, §13.15): a harmful
    one at the seat nearest above this one (the place it can take), the closest one below when it
    leads; a helpful one at itself when it may, else at the seat lowest in score (whose gain threatens
    its place least); ties to the earlier seat.  ``None`` for an effect neither helps nor harms."""
    seats = [PLAYERS.index(o) for o in options if o in PLAYERS]
    others = [p for p in seats if p != view.me]
    if effect == 0 or not others:
        return None
    score = view.scores
    if effect > 0:
        if view.me in seats:
            return PLAYERS[view.me]
        return PLAYERS[min(others, key=lambda p: (score[p], p))]
    above = [p for p in others if score[p] > score[view.me]]
    if above:
        return PLAYERS[min(above, key=lambda p: (score[p], p))]
    return PLAYERS[min(others, key=lambda p: (-score[p], p))]
