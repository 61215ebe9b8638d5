"""What a held contract asks of the tiles a hand keeps, and playouts that play toward it (§9.5, §9.9,
lib 九–十).

The search agent's imagined rounds (:mod:`engine.agents.hextech.search`) must play as a player who holds a
contract plays: toward a winning hand that meets it.  :func:`steer_of` reads the contract's hand
condition (``complete at hu when …``) term by term, by the bots' reading of each word in its family
of :mod:`engine.agents.hextech.conditions` (``faces``, ``sets``, ``win``), never per card:

* a *face* word bounded from above (``tiles(honour) == 0``, ``number_suits == 1``) makes the faces
  it rules out *junk*: thrown first, never kept when drawn;
* one bounded from below (``tiles(chosen_suit) >= 7``, ``max_suit_tiles >= 6``) makes its faces
  *wanted*: kept while the hand holds fewer than the bound;
* ``distinct_faces >= 9`` (B-16), while the hand holds no more faces than that, *protects* its
  single tiles (a duplicate goes instead) and, while it holds fewer, *wants* the faces it lacks;
* a *structure* word kept for as the hand goes: a count of pungs below four (``count(pung|kong,
  wind) >= 1``, ``distinct_sets(…)``) and ``pair(honour)`` *protect* the hand's fullest pairs of those
  faces (its lone honours while it holds too few); ``has_chow(1, 2, 3)`` and
  ``suits_with_numbers(1, 9) >= 1`` protect the numbers held of them in the suit holding most and
  *want* the rest; a count of chows (``count(chow) >= 2``), ``suits_with(set|chow) >= n`` and
  ``same_number_chows_different_suits >= 2`` pick the sets the hand holds most of (the runs closest
  to complete; the best set of each of the suits holding most; the runs of one number across the
  suits), protect their held tiles and want the missing ones (both ends of two neighbours), none
  once those sets are complete;
* ``single_wait_on_pair`` (C-16) makes the imagined rounds wait on the pair alone (单钓将): a hand
  getting ready throws, of its equal discards, one that leaves it waiting so (:attr:`Steer.single`;
  a ready hand is not re-shaped: its player declares every win it may, and a round that waited to
  re-shape would promise it a win it would not wait for);
* ``revealed_kept`` *protects* the revealed tiles: none is thrown while another tile may go, and
  so does a discard the contract forbids (``forbid discard_suit(…)``, the readings of the family
  ``discards`` of :mod:`engine.agents.hextech.statics`);
* a public watch on the holder's own river (``complete on discard.settled by holder when …``,
  the readings of the family ``river``) is thrown for as the round goes: ``river_suits(holder) >= 3``
  (C-03) throws first, of equal discards, a tile of a suit the river lacks; ``distinct_discards(holder) == 4``
  (C-09) throws no face twice among the first four discards, as ``forbid discard_repeat`` (B-16)
  does among all;
* a whole-hand *shape* (``form(four_pairs_two_pungs)``, ``form(seven_pairs)``,
  ``form(lucky_number)``, four pungs by ``count(pung|kong) == 4``) is aimed at by its coverage: how
  many of the hand's tiles already stand in the shape; a draw is kept when it covers more;
* pungs aimed at under a contract that lets its holder call (B-07's four pungs, not B-14's
  whole-hand form, §9.7) may be *claimed*: the imagined others discard, and a pair's third tile is
  pon'd (:attr:`Steer.claims`).

:func:`steered_playouts` then imagines the rest of the round as :func:`engine.agents.hextech.choices.playouts`
does, drawing in the same way from the same unseen tiles, with those aims.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from engine.agents.hextech import choices
from engine.agents.hextech.aims import (
    HAND,
    HONOURS,
    NO_AIM,
    Context,
    Shape,
    Steer,
)
from engine.agents.hextech.conditions import READINGS
from engine.agents.hextech.statics import AIMS as STATIC_READINGS
from engine.core.groups import STANDARD, Decomposition
from engine.core.hand import decompose_counts, is_complete_counts
from engine.core.shanten import DiscardShanten, DrawShanten, shanten_counts
from engine.core.shapes import ShapeGrant
from engine.core.tiles import NUM_KINDS, WINDS, Suit
from engine.hextech.conditions.hand_reading import WinFacts
from engine.hextech.predicates import All, Call, Compare, Condition
from engine.hextech.view import PlayerView
from engine.hextech.vocabulary import CompiledCard

OWN_DISCARD = "discard.settled"
"""The event of a public watch on the holder's own river (C-03, C-09)."""
NO_TILE = -1
"""The winning tile of the facts a term's tile filter is read against before any win: none."""


def _aim(condition: Condition, ctx: Context) -> Steer:
    """The aims of ``condition``: its parts' joined (``and``), each comparison's and call's by the
    bots' reading of its word (:data:`engine.agents.hextech.conditions.READINGS`); a word without
    that part of a reading gives none."""
    if isinstance(condition, All):
        aim = NO_AIM
        for part in condition.parts:
            aim = aim.joined(_aim(part, ctx))
        return aim
    if isinstance(condition, Compare):
        reading = READINGS.get(condition.left.name)
        measured = None if reading is None else reading.measured
        return NO_AIM if measured is None else measured(condition, ctx)
    if isinstance(condition, Call):
        reading = READINGS.get(condition.name)
        asked = None if reading is None else reading.asked
        return NO_AIM if asked is None else asked(condition, ctx)
    return NO_AIM


def written_number(card: CompiledCard, number: str | None) -> str:
    """The number a lucky-number form asks for: the holder's written one, else the card's own."""
    form = card.contract.form if card.contract is not None else None
    if number:
        return number
    return dict(form.params).get("number", "") if form is not None else ""


def steer_of(view: PlayerView, card: CompiledCard, suit: Suit | None, number: str | None) -> Steer:
    """The aims the contract ``card`` gives ``view``'s hand (see the module); ``suit`` and ``number``
    are the holder's own answers at reveal (B-11's suit, B-15's number)."""
    terms = card.contract
    if terms is None:
        return NO_AIM
    counts = [0] * NUM_KINDS
    for k in [*view.hand, *(t for meld in view.melds[view.me] for t in meld.tiles)]:
        if k < NUM_KINDS:
            counts[k] += 1
    facts = WinFacts(
        Decomposition("standard", ()),
        NO_TILE,
        "ron",
        chosen_suit=suit,
        is_treasure=view.treasure.__contains__ if view.treasure else None,
    )
    ctx = Context(
        tuple(counts),
        lambda: facts,
        view.revealed[view.me],
        view.n_melds,
        written_number(card, number),
        view.rivers[view.me],
    )
    aim = NO_AIM if terms.at_hu is None else _aim(terms.at_hu, ctx)
    for rule in card.statics:
        read = STATIC_READINGS.get(rule.action)
        if read is not None and rule.polarity == "forbid" and rule.who in choices.HOLDER:
            aim = aim.joined(read(rule, ctx))
    for watch in card.watches:
        own = watch.event == OWN_DISCARD and watch.actor in choices.HOLDER
        if own and watch.outcome == "complete" and watch.condition is not None:
            aim = aim.joined(_aim(watch.condition, ctx))
    if aim.shape is not None and aim.shape.pungs and choices.calls_welcome(view, "pon"):
        aim = replace(aim, claims=True)
    return aim


def form_grants(card: CompiledCard, number: str | None) -> tuple[ShapeGrant, ...]:
    """The whole-hand form the contract grants its holder, with the holder's written number (§9.9)."""
    form = card.contract.form if card.contract is not None else None
    if form is None:
        return ()
    if "number" in form.rule.params and number:
        form = replace(form, params=(("number", number),))
    return (form,)


# ---- coverage of a shape ------------------------------------------------------------------------


def covered(counts: Sequence[int], shape: Shape) -> int:
    """How many of the hand's tiles already stand in the shape: the most-held faces as its pungs
    and pairs, or the number's digits with the best honour pair and a single wind besides it."""
    if shape.number:
        digits = [counts[d] + counts[d + 9] + counts[d + 18] for d in range(9)]
        have = sum(min(digits[d], shape.number.count(str(d + 1))) for d in range(9))
        pair = max(range(27, NUM_KINDS), key=lambda k: (min(counts[k], 2), k))
        single = any(counts[k] and k != pair for k in WINDS)
        return have + min(counts[pair], 2) + int(single)
    held = sorted(counts, reverse=True)
    total = 0
    for i in range(shape.pungs):
        total += min(held[i], 3)
    for i in range(shape.pungs, shape.pungs + shape.pairs):
        total += min(held[i], 2)
    return total


class _Covering:
    """What the playouts of one shape learnt about a hand (by key): its coverage, the faces whose
    draw would raise it (for pungs and pairs, faces held alike gain alike) and, for such a draw, the
    discard (shared by every playout that holds it)."""

    def __init__(self, vec: list[int], shape: Shape, junk: frozenset[int], protect: frozenset[int]) -> None:
        self.vec = list(vec)
        self.shape = shape
        self.junk = junk
        self.protect = protect
        self.level = covered(vec, shape)
        if shape.number:
            self.useful = bytes(self._raises(vec, k) for k in range(NUM_KINDS))
        else:
            by_count = {}
            for k in range(NUM_KINDS):
                if vec[k] not in by_count:
                    by_count[vec[k]] = self._raises(vec, k)
            self.useful = bytes(by_count[vec[k]] and k not in junk for k in range(NUM_KINDS))
        self.discards: dict[int, int] = {}

    def _raises(self, vec: list[int], k: int) -> bool:
        if vec[k] >= choices.COPIES or k in self.junk:
            return False
        vec[k] += 1
        more = covered(vec, self.shape) > self.level
        vec[k] -= 1
        return more

    def discard_after(self, tile: int) -> int:
        """The tile the hand throws once ``tile`` is drawn and kept: whose loss keeps the most of the
        shape, junk first and the protected last, then the loneliest (one reading per count held:
        faces held alike lose alike, but for a lucky number's digits)."""
        out = self.discards.get(tile)
        if out is not None:
            return out
        vec = list(self.vec)
        vec[tile] += 1
        held = [k for k in range(NUM_KINDS) if vec[k]]
        losses: dict[int, int] = {}
        best = -1
        found: list[int] = []
        for k in held:
            group = vec[k] if not self.shape.number else k + 8
            if group not in losses:
                vec[k] -= 1
                losses[group] = covered(vec, self.shape) * 4
                vec[k] += 1
            value = losses[group] + 2 * (k in self.junk) - 2 * (k in self.protect)
            if value > best:
                best, found = value, [k]
            elif value == best:
                found.append(k)
        out = self.discards[tile] = _loneliest(vec, found)
        return out


def shape_discards(hand: Sequence[int], steer: Steer) -> list[int]:
    """The faces of a hand one tile over whose loss keeps the most of the shape aimed at (none
    without one), junk first and the protected last: the discards a player aiming at it weighs."""
    if steer.shape is None:
        return []
    vec = [0] * NUM_KINDS
    for k in hand:
        if k < NUM_KINDS:
            vec[k] += 1
    return _shape_keeping(vec, steer, steer.shape)


def _shape_keeping(vec: list[int], steer: Steer, shape: Shape) -> list[int]:
    """The held faces of ``vec`` whose loss keeps the most of ``shape`` (see :func:`shape_discards`)."""
    values = {}
    for k in [k for k in range(NUM_KINDS) if vec[k]]:
        vec[k] -= 1
        values[k] = covered(vec, shape) * 4 + 2 * (k in steer.junk) - 2 * (k in steer.protect)
        vec[k] += 1
    best = max(values.values(), default=0)
    return [k for k, v in values.items() if v == best]


def _loneliest(vec: list[int], among: Sequence[int]) -> int:
    """The face of ``among`` the playout throws first (its discard order)."""
    places = choices.discard_places(bytes(vec))
    return min(among, key=lambda k: places[k])


# ---- playouts -----------------------------------------------------------------------------------


class _Bag:
    """The unseen tiles a playout draws from, each pick as :func:`engine.agents.hextech.choices.playouts`
    makes it."""

    def __init__(self, pool: list[int], rng: random.Random, head: Sequence[int] = ()) -> None:
        self.bag = list(pool)
        self.size = len(pool)
        self.bits = rng.getrandbits
        self.head = list(reversed(head))

    def own(self) -> int | None:
        """The player's own next draw: the next known tile of the head, else an unseen one."""
        return self.head.pop() if self.head else self.draw()

    def draw(self) -> int | None:
        size = self.size
        if not size:
            return None
        width = size.bit_length()
        pick = self.bits(width)
        while pick >= size:
            pick = self.bits(width)
        tile = self.bag[pick]
        self.size = size - 1
        self.bag[pick] = self.bag[size - 1]
        return tile


class _Aiming:
    """What the plain steered playouts of one decision learnt about a hand (by key): its shanten
    readings (:class:`engine.core.shanten.DrawShanten`), and for a draw kept the discard."""

    def __init__(self, vec: list[int], n_melds: int, steer: Steer) -> None:
        self.vec = list(vec)
        self.n_melds = n_melds
        self.steer = steer
        self.draws = DrawShanten(bytes(vec), n_melds)
        self.level = shanten_counts(vec, n_melds)
        self.near = self.draws.reach(self.level)
        self.discards: dict[tuple[int, bool], int] = {}

    def spread(self, tile: int, out: int, lacking: set[int]) -> int:
        """With ``tile`` drawn, the discard instead of ``out`` that throws a face of ``lacking`` (the
        suits the river lacks, C-03) at no cost in shanten, none protected, the loneliest first;
        ``out`` when none does."""
        vec = list(self.vec)
        vec[tile] += 1
        swap = self.draws.after_swap
        bar = swap(tile, out)
        found = [k for k in lacking if vec[k] and k not in self.steer.protect and swap(tile, k) <= bar]
        return _loneliest(vec, found) if found else out

    def discard_after(self, tile: int, wanting: bool) -> int:
        """From the hand with ``tile``: the lowest shanten with neither a protected nor (while the hand
        wants more) a wanted tile, the loneliest first (aiming at a single wait on the pair, a ready
        hand's that leaves it waiting so first); else the lowest shanten."""
        out = self.discards.get((tile, wanting))
        if out is None:
            vec = list(self.vec)
            vec[tile] += 1
            swap = self.draws.after_swap
            held = [k for k in range(NUM_KINDS) if vec[k]]
            avoid = self.steer.protect | (self.steer.wanted if wanting else frozenset())
            free = [k for k in held if k not in avoid] or held
            after = {k: swap(tile, k) for k in free}
            best = min(after.values())
            ties = [k for k in free if after[k] == best]
            if self.steer.single and best == 0:
                ties = [k for k in ties if _leaves_single(vec, k, self.n_melds)] or ties
            out = self.discards[(tile, wanting)] = _loneliest(vec, ties)
        return out


def single_wait(vec: list[int], n_melds: int) -> bool:
    """Whether a hand one tile short waits on one face alone, and that face completes the pair of a
    standard reading (单钓将, C-16; :func:`engine.core.hand.single_wait_on_pair` on counts)."""
    waits = []
    for k in range(NUM_KINDS):
        if vec[k] < choices.COPIES:
            vec[k] += 1
            if is_complete_counts(vec, n_melds):
                waits.append(k)
            vec[k] -= 1
            if len(waits) > 1:
                return False
    if not waits:
        return False
    (face,) = waits
    vec[face] += 1
    readings = decompose_counts(vec)
    vec[face] -= 1
    return any(d.form == STANDARD and d.pair is not None and face in d.pair.tiles for d in readings)


def _leaves_single(vec: list[int], out: int, n_melds: int) -> bool:
    """Whether the hand ``vec`` one tile over waits on its pair alone once ``out`` is thrown."""
    vec[out] -= 1
    single = single_wait(vec, n_melds)
    vec[out] += 1
    return single


def steered_playouts(
    view: PlayerView, rng: random.Random, draws: int, n: int, steer: Steer, head: Sequence[int] = ()
) -> list[choices.Ending]:
    """``n`` imagined continuations of ``view``'s hand over ``draws`` draws that play toward the
    contract's aims (see the module), the tiles drawn as :func:`engine.agents.hextech.choices.playouts` draws
    them (the known ``head`` first); an ending is complete when the hand holds no junk and is a
    complete hand (of the standard forms, or of the shape aimed at)."""
    n_melds = view.n_melds
    start = [0] * NUM_KINDS
    for k in view.hand:
        if k < NUM_KINDS:
            start[k] += 1
    melded = sum(1 for meld in view.melds[view.me] for t in meld.tiles if t in steer.wanted)
    target = sum(start[k] for k in steer.wanted) + melded + steer.need
    opening: tuple[int, ...] = ()
    if sum(start) == HAND - 3 * n_melds:
        if steer.shape is not None:
            covering = _Covering(start, steer.shape, steer.junk, steer.protect)
            done = covering.level == HAND - 3 * n_melds
        else:
            done = not any(start[k] for k in steer.junk) and shanten_counts(start, n_melds) < 0
        if done:
            return [choices.Ending(tuple(start), 0, view.hand[-1], (), 0, 0) for _ in range(n)]
        out = _opening(start, n_melds, steer, target - melded)
        start[out] -= 1
        opening = (out,)
    pool = choices.unseen(view)
    if steer.shape is not None:
        shapes: dict[bytes, _Covering] = {}
        turns = view.wall_left // 4 + 1 if steer.claims else 0
        return [
            _shaped(list(start), opening, _Bag(pool, rng, head), draws, turns, steer, shapes)
            for _ in range(n)
        ]
    aims: dict[bytes, _Aiming] = {}
    rest = target - melded
    fresh = steer.unrepeated - len(view.rivers[view.me])
    thrown = {*view.rivers[view.me], *opening} if fresh > 0 else None
    return [
        _aimed(
            list(start),
            opening,
            n_melds,
            rest,
            _Bag(pool, rng, head),
            draws,
            steer,
            aims,
            None if thrown is None else set(thrown),
            fresh,
        )
        for _ in range(n)
    ]


def _opening(vec: list[int], n_melds: int, steer: Steer, target: int) -> int:
    """The discard of a hand one tile over, as the steered playouts throw."""
    if steer.shape is not None:
        return _loneliest(vec, _shape_keeping(vec, steer, steer.shape))
    junk = [k for k in steer.junk if vec[k]]
    if junk:
        return _loneliest(vec, junk)
    after = DiscardShanten(bytes(vec), n_melds)
    held = [k for k in range(NUM_KINDS) if vec[k]]
    wanting = sum(vec[k] for k in steer.wanted) <= target
    avoid = steer.protect | (steer.wanted if wanting else frozenset())
    free = [k for k in held if k not in avoid] or held
    best = min(after[k] for k in free)
    return _loneliest(vec, [k for k in free if after[k] == best])


def _shaped(
    vec: list[int],
    opening: tuple[int, ...],
    bag: _Bag,
    draws: int,
    turns: int,
    steer: Steer,
    shapes: dict[bytes, _Covering],
) -> choices.Ending:
    """One playout toward a whole-hand shape: a draw is kept when it covers more of it.  Over the
    first ``turns`` (the go-rounds the wall has left; none unless ``steer.claims``), the three others
    discard a tile each from the unseen ones before each of the player's draws, and a discard that
    makes a pung of a pair the hand holds is claimed (pon, §11) while the hand is not yet ready: the
    claim takes the turn's draw."""
    shape = steer.shape
    assert shape is not None
    size = sum(vec) + 1
    discards = list(opening)
    claimed: list[int] = []
    flowers = kongs = step = 0
    key = bytes(vec)
    hand = shapes.get(key) or shapes.setdefault(key, _Covering(vec, shape, steer.junk, steer.protect))
    while step < draws:
        tile = _claim(bag, vec, hand, size) if step < turns else None
        if tile is not None:
            out = hand.discard_after(tile)
            if out not in claimed and out != tile:
                step += 1
                claimed.append(tile)
                vec[tile] += 1
                vec[out] -= 1
                discards.append(out)
                key = bytes(vec)
                hand = shapes.get(key) or shapes.setdefault(
                    key, _Covering(vec, shape, steer.junk, steer.protect)
                )
                continue
        tile = bag.own()
        if tile is None:
            break
        if tile >= NUM_KINDS:
            flowers += 1
            continue
        step += 1
        if not hand.useful[tile]:
            discards.append(tile)
            continue
        if hand.level + 1 == size:
            vec[tile] += 1
            return choices.Ending(tuple(vec), step, tile, tuple(discards), flowers, kongs, tuple(claimed))
        out = hand.discard_after(tile)
        if out in claimed:
            discards.append(tile)
            continue
        vec[tile] += 1
        vec[out] -= 1
        discards.append(out)
        kongs += vec[tile] == choices.COPIES
        key = bytes(vec)
        hand = shapes.get(key) or shapes.setdefault(key, _Covering(vec, shape, steer.junk, steer.protect))
    return choices.Ending(None, step, -1, tuple(discards), flowers, kongs, tuple(claimed))


OTHERS = 3
"""The other seats, each discarding once between two of the player's draws."""


def _claim(bag: _Bag, vec: list[int], hand: _Covering, size: int) -> int | None:
    """The others' discards before the player's next draw (drawn from the unseen tiles): the first
    that makes a pung of a pair the hand holds and covers more of its shape, while the hand is not
    ready (a ready hand waits for its own draw); ``None`` when none does."""
    for _ in range(OTHERS):
        tile = bag.draw()
        if tile is None:
            return None
        if tile < NUM_KINDS and vec[tile] == 2 and hand.useful[tile] and hand.level + 1 < size:
            return tile
    return None


def _aimed(
    vec: list[int],
    opening: tuple[int, ...],
    n_melds: int,
    target: int,
    bag: _Bag,
    draws: int,
    steer: Steer,
    aims: dict[bytes, _Aiming],
    thrown: set[int] | None = None,
    fresh: int = 0,
) -> choices.Ending:
    """One playout by shanten that throws junk first and never keeps it, keeps the protected and,
    while the hand holds fewer than ``target``, every wanted tile it draws; with ``thrown`` (the
    faces already thrown, under a contract barring repeats) its first ``fresh`` discards throw no
    face twice while another may go (:func:`_unrepeated`); while the river lacks suits
    (``steer.spread``), of equal discards one of them goes (:meth:`_Aiming.spread`)."""
    discards = list(opening)
    flowers = kongs = step = 0
    junk = steer.junk
    wanted = steer.wanted
    held_junk = [k for k in range(NUM_KINDS) for _ in range(vec[k]) if k in junk]
    wanting = steer.need > 0 and sum(vec[k] for k in wanted) < target
    hand: _Aiming | None = None
    lacking = set(steer.spread)
    while step < draws:
        tile = bag.own()
        if tile is None:
            break
        if tile >= NUM_KINDS:
            flowers += 1
            continue
        step += 1
        from_junk = False
        if tile in junk:
            out = tile
        elif held_junk:
            out = _loneliest(vec, held_junk) if len(held_junk) > 1 else held_junk[0]
            from_junk = True
        else:
            if hand is None:
                key = bytes(vec)
                hand = aims.get(key) or aims.setdefault(key, _Aiming(vec, n_melds, steer))
            keep_wanted = wanting and tile in wanted
            if not hand.near[tile] and not keep_wanted:
                out = tile
            else:
                now = hand.draws[tile]
                if now < 0:
                    vec[tile] += 1
                    return choices.Ending(tuple(vec), step, tile, tuple(discards), flowers, kongs)
                out = tile if now >= hand.level and not keep_wanted else hand.discard_after(tile, wanting)
            if lacking and out not in lacking:
                out = hand.spread(tile, out, lacking)
        if thrown is not None and len(discards) < fresh:
            if out in thrown:
                out = _unrepeated(vec, tile, n_melds, thrown, out)
            thrown.add(out)
        if lacking and out < HONOURS:
            lacking.difference_update(range(out - out % 9, out - out % 9 + 9))
        if from_junk and out in held_junk:
            held_junk.remove(out)
        discards.append(out)
        if out != tile:
            vec[tile] += 1
            vec[out] -= 1
            kongs += vec[tile] == choices.COPIES
            hand = None
            wanting = steer.need > 0 and sum(vec[k] for k in wanted) < target
    return choices.Ending(None, step, -1, tuple(discards), flowers, kongs)


def _unrepeated(vec: list[int], tile: int, n_melds: int, thrown: set[int], out: int) -> int:
    """The face to throw instead of ``out``, already thrown, from the hand with ``tile`` drawn: the
    lowest shanten among the faces not yet thrown, the loneliest first; ``out`` when every face
    held has been thrown (a repeat is then allowed, R121)."""
    vec[tile] += 1
    fresh = [k for k in range(NUM_KINDS) if vec[k] and k not in thrown]
    if fresh:
        after = DiscardShanten(bytes(vec), n_melds)
        best = min(after[k] for k in fresh)
        out = _loneliest(vec, [k for k in fresh if after[k] == best])
    vec[tile] -= 1
    return out
