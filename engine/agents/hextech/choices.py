"""The greedy agent's card choices: contracts, the abandon window, augments and card decisions (§5.2,
§6, §9.1, §10, §13.4).

Everything here reads only the deciding player's :class:`~engine.hextech.view.PlayerView` (its own hand,
what is public, what a card let it see) and the compiled cards of the library in play (card texts
are public); nothing names a card.

* Contracts (§9.1) are weighed by an expected value.  A few seeded *playouts* imagine the rest of
  the round for the hand alone: draw from the tiles the player has not seen, discard to the lowest
  shanten, stop at a complete hand or when the player's share of the wall runs out.  A contract's
  chance is then read off those endings: a hand condition (``complete at hu when …``) is evaluated
  on the decompositions of each complete hand by the contract's compiled test
  (:meth:`engine.hextech.contracts.ContractTerms.met_at_hu`); a public
  watch is replayed on the playout's own discards, draws, flowers and kongs (the fact words of
  ``engine.hextech.effects.facts.FACTS`` a playout can know; any other counts as an even chance).  The value
  of an ending is ``W + bonus`` when the contract is met, the late win after abandoning
  (``W`` less the black penalty) when it is not, and nothing with no win: an unmet contract that is
  kept costs nothing, only abandoning a black one does (§10.2, §13.3, §13.4, §13.14).
* The abandon window (§10) compares keeping (the same playouts from now on) with abandoning.
* Augments (§5.2) and chance cards (§6) are ranked by a value table over their compiled
  abilities: shape grants, permissions, the primitives they run (each word's worth in its family of
  :mod:`engine.agents.hextech.words`); an augment must be clearly better to be preferred to the one
  offered first.
* Other choices: tiles to take or put on top of the wall are those that lower the shanten most;
  tiles to give away those whose loss costs least; the leading opponent is the target.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import compress

from engine.agents.hextech.conditions import READINGS
from engine.agents.hextech.conditions.reading import Moment
from engine.agents.hextech.words import GIVE_AWAY, VALUES
from engine.core.decisions import PASS
from engine.core.groups import Decomposition
from engine.core.hand import decompose, decompose_counts, single_wait_on_pair
from engine.core.melds import Meld, MeldKind
from engine.core.seats import PLAYERS
from engine.core.shanten import DiscardShanten, DrawShanten, shanten_counts
from engine.core.shapes import ShapeGrant
from engine.core.tiles import (
    NUM_FLOWERS,
    NUM_KINDS,
    NUMBER_SUITS,
    TERMINALS,
    Suit,
    is_number,
    kind,
    number_of,
    read_one,
)
from engine.hextech.conditions.hand_reading import WinBy, WinFacts
from engine.hextech.contracts import ContractTerms
from engine.hextech.decision_kinds import ABANDON, KEEP
from engine.hextech.predicates import COMPARE, All, AnyOf, Call, Compare, Condition, Not, mentions
from engine.hextech.view import PlayerView
from engine.hextech.vocabulary import (
    ChooseStep,
    CompiledCard,
    ContractWatch,
    ForEachStep,
    IfStep,
    LaterStep,
    PrimitiveStep,
    Program,
    StatusStep,
)

WIN_POINTS = 3.0
"""What a win is worth before its contract bonus: the mean of the order points 4, 3, 2 (§13.3)."""
SELF_DRAW_SHARE = 0.3
"""The share of wins by self-draw (one own draw against three others' discards per go-round)."""
LATE_WIN = 0.5
"""How much of a win is left when the hand is complete before the window but the contract is not
met: it must wait for the window, abandon, and win later (§9.6, §10.2)."""
UNKNOWN_CHANCE = 0.5
"""The chance given to a watch whose facts a playout cannot know (calls by others, modules)."""
FAIL_RISK = 0.85
"""The chance of not tripping a fail watch a playout cannot replay."""
PLAYOUTS = 6
"""Playouts per estimate: a few suffice to tell reachable from out of reach, and they are cheap."""
WINDOW_PLAYOUTS = 12
"""Playouts at the abandon window: the wall is short, so they are cheaper and more can be afforded."""
AFTER_SHARE = 12
"""Draws a playout at the window goes on past the player's share, to judge slow hands."""
WINDOW = 24
"""The drawable count at which the abandon window opens (§10)."""
AFTER_WINDOW = 3
"""Draws a playout goes on past the window."""
COPIES = 4
"""Copies of each suit or honour face."""
HONOURS = 27
"""The first honour face; the faces before it are the number suits'."""
NEAR: tuple[tuple[int, int], ...] = tuple(
    (max(k - 2, k - number_of(k) + 1), min(k + 3, k - number_of(k) + 10)) for k in range(HONOURS)
)
"""The faces within two of each number face in its suit, as a slice ``lo:hi`` (where a set could join
it)."""
REPLAYED = frozenset(
    {"discard.settled", "turn.ended", "draw.normal", "flower.revealed", "kong.established", "abandon.window"}
)
"""The events a playout replays for a contract's watches."""
SPLIT_WAYS: tuple[tuple[WinBy, float], ...] = (("tsumo", SELF_DRAW_SHARE), ("ron", 1 - SELF_DRAW_SHARE))
ONE_WAY: tuple[tuple[WinBy, float], ...] = (("tsumo", 1.0),)
"""How a win comes, with its share: split when the condition asks for a self-draw, else either."""


# ---- playouts --------------------------------------------------------------------------------


@dataclass(frozen=True, init=False)
class Ending:
    """How one playout ended: the complete hand (``None`` if the wall ran out first), the draw it was
    completed on (1-based), the tile that completed it, the discards on the way, flowers and kongs,
    and the faces it claimed as pungs from others' discards on the way (their tiles counted in
    ``complete``; a steered playout's only, :mod:`engine.agents.hextech.steering`).  Its ``__init__`` is
    written out, so that the compiled build compiles it (docs/performance.md)."""

    complete: tuple[int, ...] | None
    step: int
    win_tile: int
    discards: tuple[int, ...]
    flowers: int
    kongs: int
    claimed: tuple[int, ...]

    def __init__(
        self,
        complete: tuple[int, ...] | None,
        step: int,
        win_tile: int,
        discards: tuple[int, ...],
        flowers: int,
        kongs: int,
        claimed: tuple[int, ...] = (),
    ) -> None:
        object.__setattr__(self, "complete", complete)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "win_tile", win_tile)
        object.__setattr__(self, "discards", discards)
        object.__setattr__(self, "flowers", flowers)
        object.__setattr__(self, "kongs", kongs)
        object.__setattr__(self, "claimed", claimed)


def _counts(tiles: Iterable[int]) -> list[int]:
    vec = [0] * NUM_KINDS
    for k in tiles:
        vec[k] += 1
    return vec


def unseen(view: PlayerView) -> list[int]:
    """The tiles (kinds, flowers included) the player has not seen anywhere: its own hand, rivers,
    exposed melds, flowers, revealed tiles, winners' hands and tiles a card showed it."""
    left = [COPIES] * NUM_KINDS + [1] * NUM_FLOWERS
    shown: list[int] = [*view.hand, *view.seen]
    for p in range(4):
        shown += view.rivers[p]
        shown += view.flowers[p]
        shown += [t for meld in view.melds[p] for t in meld.tiles]
        if p != view.me:
            shown += view.revealed[p]
            shown += view.won_hands[p]
    for k in shown:
        if 0 <= k < len(left) and left[k] > 0:
            left[k] -= 1
    return [k for k, n in enumerate(left) for _ in range(n)]


def _discard(key: bytes, now: int, after: Callable[[int], int]) -> int:
    """The playout's discard from a hand ``key`` at shanten ``now`` that is not complete: the lowest shanten
    (``after`` a discard of each face), then an isolated honour or terminal.  No discard lowers the
    shanten, and a hand of full size always holds a tile its best reading leaves out, so the
    loneliest face that keeps ``now`` is the discard; a hand short of tiles may have none, and then
    every face is weighed."""
    order = sorted(compress(discard_places(key), key))
    for place in order:
        if after(place & FACE) == now:
            return place & FACE
    return min([place & FACE for place in order], key=after)


FACE = 63
"""The bits of a face's place in a discard order (:func:`order_places`) that name the face."""
ORDERS_CACHED = 1 << 15
"""The size of each cache of a suit's discard order (bounded; a few thousand suit keys recur)."""


def order_places(lonely: Iterable[int], first: int) -> tuple[int, ...]:
    """Each face's place in an order that puts the loneliest first, then the lower face, as one number
    (its low bits the face, from ``first`` on)."""
    return tuple(first + i - (FACE + 1) * value for i, value in enumerate(lonely))


def discard_places(key: bytes) -> tuple[int, ...]:
    """Each face's place in the playout's discard order for the hand ``key`` (:func:`_loneliness`)."""
    return (
        _lonely_places(key[0:9], 0)
        + _lonely_places(key[9:18], 9)
        + _lonely_places(key[18:27], 18)
        + _lonely_places(key[27:34], HONOURS)
    )


_LONELY_PLACES: dict[tuple[bytes, int], tuple[int, ...]] = {}


def kept_order(
    cache: dict[tuple[bytes, int], tuple[int, ...]], key: tuple[bytes, int], places: tuple[int, ...]
) -> tuple[int, ...]:
    """A suit's discard order ``places`` stored in ``cache`` under its key and first face, the cache
    emptied first when full (a plain dictionary: compiled, a hit is a native look-up)."""
    if len(cache) >= ORDERS_CACHED:
        cache.clear()
    cache[key] = places
    return places


def _lonely_places(suit: bytes, first: int) -> tuple[int, ...]:
    """:func:`order_places` by :func:`_loneliness` for the faces of one suit's key."""
    key = (suit, first)
    places = _LONELY_PLACES.get(key)
    if places is None:
        vec = bytes(first) + suit
        lonely = (_loneliness(k, vec) for k in range(first, first + len(suit)))
        places = kept_order(_LONELY_PLACES, key, order_places(lonely, first))
    return places


def _loneliness(k: int, vec: Sequence[int]) -> int:
    """How little tile ``k`` connects to the hand: a lone honour first, then lone terminals."""
    if k >= HONOURS:
        return 10 - 3 * vec[k]
    lo, hi = NEAR[k]
    return (9 if k in TERMINALS else 6) - sum(vec[lo:hi])


class _Holding:
    """A hand a playout holds between draws, and what the playouts learnt about it: the shanten after
    each draw and, for a draw that lowers it, the discard."""

    def __init__(self, key: bytes, n_melds: int) -> None:
        self.key = key
        self.draws = DrawShanten(key, n_melds)
        self.discards: dict[int, int] = {}

    def discard_after(self, tile: int) -> int:
        """The playout's discard once ``tile`` is drawn (and kept: it lowers the shanten)."""
        out = self.discards.get(tile)
        if out is None:
            drawn = bytearray(self.key)
            drawn[tile] += 1
            swap = partial(self.draws.after_swap, tile)
            out = self.discards[tile] = _discard(bytes(drawn), self.draws[tile], swap)
        return out


class _Holdings:
    """The hands one estimate's playouts pass through, by key, each shared by every playout that
    holds it."""

    def __init__(self, n_melds: int) -> None:
        self.n_melds = n_melds
        self.by_key: dict[bytes, _Holding] = {}

    def of(self, vec: list[int]) -> _Holding:
        """The record of the hand ``vec`` (kept as its key, so the playout may go on changing ``vec``)."""
        key = bytes(vec)
        hand = self.by_key.get(key)
        if hand is None:
            hand = self.by_key[key] = _Holding(key, self.n_melds)
        return hand


def playouts(
    view: PlayerView, rng: random.Random, draws: int, n: int = PLAYOUTS, head: Sequence[int] = ()
) -> list[Ending]:
    """``n`` imagined continuations of the player's own hand over ``draws`` draws (see the module).

    A drawn tile that does not lower the shanten is thrown back at once; one that does is kept and
    the discard is chosen as the agent chooses it, so a playout costs a few shanten look-ups, and the
    playouts share what they learn about the hands they pass through.  ``head``: the tiles the
    player is known to draw first, in order (a wall top it put back in an order, lib 二.1), drawn
    before any unseen one (being seen, none is among the unseen tiles); with none, the draws are
    exactly those of the plain playouts."""
    n_melds = view.n_melds
    start = _counts(k for k in view.hand if k < NUM_KINDS)
    opening: tuple[int, ...] = ()
    if sum(start) % 3 == 2:
        key = bytes(start)
        after = DiscardShanten(key, n_melds)
        now = after.own()
        if now < 0:
            return [Ending(tuple(start), 0, view.hand[-1], (), 0, 0) for _ in range(n)]
        opening = (_discard(key, now, after.__getitem__),)
        start[opening[0]] -= 1
    level = shanten_counts(start, n_melds)
    pool = unseen(view)
    held = _Holdings(n_melds)
    return [_playout(start, opening, level, pool, draws, rng, held, head) for _ in range(n)]


def _playout(
    start: list[int],
    opening: tuple[int, ...],
    level: int,
    pool: list[int],
    draws: int,
    rng: random.Random,
    held: _Holdings,
    head: Sequence[int] = (),
) -> Ending:
    """One playout from the hand ``start`` at shanten ``level`` (its turn's discard ``opening`` made),
    drawing the known ``head`` first, then from ``pool``; ``held`` are the hands the playouts have
    passed through, by key.  A draw out of the hand's reach
    (:meth:`~engine.core.shanten.DrawShanten.reach`) is thrown back unweighed; each pick from the
    pool draws from ``rng`` exactly as ``randrange`` of the bag's size does."""
    vec = list(start)
    hand = held.of(vec)
    after = hand.draws
    near = after.reach(level)
    bag = list(pool)
    size = len(bag)
    discards = list(opening)
    flowers = kongs = step = taken = 0
    known = len(head)
    random_bits = rng.getrandbits
    while step < draws and (size or taken < known):
        if taken < known:
            tile = head[taken]
            taken += 1
        else:
            bits = size.bit_length()
            pick = random_bits(bits)
            while pick >= size:
                pick = random_bits(bits)
            tile = bag[pick]
            size -= 1
            bag[pick] = bag[size]
        if tile >= NUM_KINDS:
            flowers += 1
            continue
        step += 1
        if not near[tile]:
            discards.append(tile)
            continue
        now = after[tile]
        if now < 0:
            vec[tile] += 1
            return Ending(tuple(vec), step, tile, tuple(discards), flowers, kongs)
        out = tile
        if now < level:
            out = hand.discard_after(tile)
            level = now
            vec[tile] += 1
            vec[out] -= 1
            hand = held.of(vec)
            after = hand.draws
            near = after.reach(level)
        discards.append(out)
        kongs += vec[tile] == COPIES
    return Ending(None, step, -1, tuple(discards), flowers, kongs)


# ---- reading a contract on an ending ------------------------------------------------------------


@dataclass(frozen=True)
class Outlook:
    """What a contract estimate needs besides the endings: the player's view, its draws until the
    window (0 once it has passed), the suit its suit choice would take, the tiles its reveal would
    show (the agent's own answers to those choices) and, for a reader that weighs them, the
    whole-hand forms the contract grants its holder."""

    view: PlayerView
    window: int
    suit: Suit | None
    kept: tuple[int, ...]
    forms: tuple[ShapeGrant, ...] = ()


def _melds(view: PlayerView) -> list[Meld]:
    return list(view.melds[view.me])


@lru_cache(maxsize=256)
def _readings(vec: tuple[int, ...], melds: tuple[Meld, ...]) -> tuple[Decomposition, ...]:
    """The decompositions of a complete hand (shared by the contracts weighed on one playout)."""
    if melds:
        return tuple(decompose([k for k in range(NUM_KINDS) for _ in range(vec[k])], melds))
    return tuple(decompose_counts(vec))


@lru_cache(maxsize=256)
def _granted(
    vec: tuple[int, ...], melds: tuple[Meld, ...], forms: tuple[ShapeGrant, ...]
) -> tuple[Decomposition, ...]:
    """The decompositions of a complete hand with the contract's own forms (B-14, B-15, §9.9)."""
    return tuple(decompose([k for k in range(NUM_KINDS) for _ in range(vec[k])], melds, forms))


_ASKS: dict[str, tuple[ContractTerms, bool, bool]] = {}
"""Whether each contract's hand condition asks for a single wait on the pair and for a self-draw, by
contract id, with the terms they were read from (:func:`hand_chance`)."""


def _asks(terms: ContractTerms, condition: Condition) -> tuple[bool, bool]:
    """Whether ``condition``, the hand condition of ``terms``, asks for a single wait on the pair and
    for a self-draw, read once per contract."""
    kept = _ASKS.get(terms.id)
    if kept is None or kept[0] is not terms:
        single, self_draw = mentions(condition, "single_wait_on_pair"), mentions(condition, "self_draw")
        kept = _ASKS[terms.id] = (terms, single, self_draw)
    return kept[1], kept[2]


def hand_chance(terms: ContractTerms, ending: Ending, outlook: Outlook) -> float:
    """The chance that the complete hand of ``ending`` meets the contract's hand condition (§9.5)."""
    condition = terms.at_hu
    if condition is None:
        return 1.0
    assert ending.complete is not None
    vec = ending.complete
    melds = _melds(outlook.view)
    readings = _granted(vec, tuple(melds), outlook.forms) if outlook.forms else _readings(vec, tuple(melds))
    if not readings:
        return 0.0
    asks_single, asks_self_draw = _asks(terms, condition)
    single = False
    if asks_single:
        before = [k for k in range(NUM_KINDS) for _ in range(vec[k])]
        before.remove(ending.win_tile)
        single = single_wait_on_pair(before, melds)
    kept = sum(min(vec[k], outlook.kept.count(k)) for k in set(outlook.kept))
    ways = SPLIT_WAYS if asks_self_draw else ONE_WAY
    chance = 0.0
    for win_by, share in ways:
        met = any(
            terms.met_at_hu(
                WinFacts(
                    decomposition=reading,
                    win_tile=ending.win_tile,
                    win_by=win_by,
                    chosen_suit=outlook.suit,
                    single_wait_on_pair=single,
                    before_abandon_window=0 < ending.step <= outlook.window,
                    revealed_kept=kept,
                    is_treasure=outlook.view.treasure.__contains__,
                ),
            )
            for reading in readings
        )
        chance += share if met else 0.0
    return chance


def _fact(call: Call, moment: Moment, view: PlayerView) -> int | None:
    """A fact word a playout knows (its reading's ``known``), or ``None``."""
    reading = READINGS.get(call.name)
    known = None if reading is None else reading.known
    return None if known is None else known(call, moment, view)


def holds_at(condition: Condition | None, moment: Moment, view: PlayerView) -> bool | None:
    """A watch condition at one moment of a playout: true, false, or ``None`` if it asks a fact the
    playout cannot know."""
    if condition is None:
        return True
    if isinstance(condition, Call | Compare):
        call = condition if isinstance(condition, Call) else condition.left
        value = _fact(call, moment, view)
        if value is None:
            return None
        return bool(value) if isinstance(condition, Call) else COMPARE[condition.op](value, condition.right)
    if isinstance(condition, Not):
        inner = holds_at(condition.part, moment, view)
        return None if inner is None else not inner
    parts = [holds_at(part, moment, view) for part in condition.parts]
    if isinstance(condition, All):
        return False if False in parts else (None if None in parts else True)
    assert isinstance(condition, AnyOf)
    return True if True in parts else (None if None in parts else False)


def _moments(watch: ContractWatch, ending: Ending, outlook: Outlook) -> list[Moment]:
    """The moments of the playout at which the watch's event fires."""
    river = tuple(outlook.view.rivers[outlook.view.me])
    drawn = len(river)
    won = ending.complete is not None and 0 < ending.step <= outlook.window
    whole = Moment((*river, *ending.discards), drawn + ending.step, won)
    if watch.event in ("discard.settled", "turn.ended"):
        return [
            Moment((*river, *ending.discards[:k]), drawn + k, False)
            for k in range(1, len(ending.discards) + 1)
        ]
    if watch.event == "draw.normal":
        return [
            Moment((*river, *ending.discards[: d - 1]), drawn + d, False) for d in range(1, ending.step + 1)
        ]
    if watch.event == "flower.revealed":
        return [whole] if ending.flowers else []
    if watch.event == "kong.established":
        return [whole] if ending.kongs else []
    if watch.event == "abandon.window":
        return [whole] if outlook.window else []
    return []


def watch_chance(watch: ContractWatch, ending: Ending, outlook: Outlook) -> float:
    """The chance the watch's condition holds when its event fires in the playout (its outcome); an
    event a playout does not replay (a call, another player's move) is an even chance."""
    if watch.event not in REPLAYED:
        return UNKNOWN_CHANCE
    answers = [holds_at(watch.condition, m, outlook.view) for m in _moments(watch, ending, outlook)]
    if True in answers:
        return 1.0
    return UNKNOWN_CHANCE if None in answers else 0.0


def contract_chance(card: CompiledCard, ending: Ending, outlook: Outlook) -> float:
    """The chance the contract is met by the win of a complete ``ending`` (§9.5): its hand condition,
    one of its completion watches (public ones), and none of its fail watches."""
    terms = card.contract
    assert terms is not None and ending.complete is not None
    chance = hand_chance(terms, ending, outlook)
    completes = [w for w in card.watches if w.outcome == "complete"]
    if completes:
        chance *= max(watch_chance(w, ending, outlook) for w in completes)
    for watch in card.watches:
        if watch.outcome == "fail":
            tripped = watch_chance(watch, ending, outlook)
            chance *= FAIL_RISK if tripped == UNKNOWN_CHANCE else 1.0 - tripped
    return chance


# ---- the decisions --------------------------------------------------------------------------------


def draws_left(view: PlayerView, window: int) -> int:
    """The player's share of the drawable wall; before the window, up to a few draws past it (an unmet
    contract is abandoned there, and most rounds end soon after, §10, §12)."""
    share = view.wall_left // 4 + 1
    return min(share, window + AFTER_WINDOW) if window else share


def _outlook(view: PlayerView, window: int) -> Outlook:
    vec = _counts(k for k in view.hand if k < NUM_KINDS)
    return Outlook(view, window, best_suit(vec), keepers(vec, 3))


def best_suit(vec: Sequence[int]) -> Suit:
    """The number suit with the most tiles (a suit choice, B-11's kind of contract)."""
    return max(NUMBER_SUITS, key=lambda suit: sum(vec[kind(suit, 1) : kind(suit, 9) + 1]))


def keepers(vec: Sequence[int], n: int) -> tuple[int, ...]:
    """The ``n`` tiles the hand needs most (the best to reveal and keep)."""
    held = [k for k in range(NUM_KINDS) for _ in range(vec[k])]
    return tuple(sorted(held, key=lambda k: (_loneliness(k, vec), k))[:n])


def contract_value(card: CompiledCard, endings: Sequence[Ending], outlook: Outlook) -> float:
    """The expected points of holding the contract over the playouts (§13.4, §13.14): a met contract
    is a win and its bonus; an unmet one is abandoned for a later plain win when that beats keeping it
    (the black penalty counted), and a hand that never completes scores nothing either way."""
    terms = card.contract
    assert terms is not None
    penalty = -terms.abandon_penalty
    total = 0.0
    for ending in endings:
        if ending.complete is None:
            continue
        met = contract_chance(card, ending, outlook)
        late = max(WIN_POINTS * (LATE_WIN if ending.step <= outlook.window else 1.0) - penalty, 0.0)
        total += met * (WIN_POINTS + terms.bonus) + (1 - met) * late
    return total / max(len(endings), 1)


def choose_contract(view: PlayerView, options: Sequence[str], rng: random.Random) -> str:
    """§9.1: the offered contract of the highest expected value; the first on ties."""
    cards = [view.cards.get(c) for c in options]
    if any(card is None or card.contract is None for card in cards):
        return options[0]
    window = max((view.wall_left - WINDOW) // 4, 0)
    endings = playouts(view, rng, draws_left(view, window))
    outlook = _outlook(view, window)
    values = [contract_value(card, endings, outlook) for card in cards if card is not None]
    return options[values.index(max(values))]


def keep_or_abandon(view: PlayerView, rng: random.Random) -> str:
    """§10: keep the open contract unless a plain late win, less the black penalty, is worth more
    (a win kept is worth ``met × (W + bonus)`` against ``W`` abandoned, times the chance of winning
    within the player's share of the wall).  The playouts run past the share so that a slow hand
    still shows whether its wins would meet the contract; when the share leaves no win either way,
    that per-win comparison decides.  A failed contract is abandoned: that is the only way left to
    win (R63).  A contract already completed is kept, and so is one no playout could judge."""
    card = view.cards.get(view.contracts[view.me] or "")
    if view.contract_failed:
        return ABANDON
    if not view.contract_open:
        return KEEP
    if card is None or card.contract is None:
        return ABANDON
    share = draws_left(view, 0)
    endings = playouts(view, rng, share + AFTER_SHARE, WINDOW_PLAYOUTS)
    outlook = _outlook(view, 0)
    wins = [e for e in endings if e.complete is not None]
    if not wins:
        return KEEP
    met = sum(contract_chance(card, e, outlook) for e in wins) / len(wins)
    reach = sum(1 for e in wins if e.step <= share) / len(endings)
    per_win = met * (WIN_POINTS + card.contract.bonus) - WIN_POINTS
    edge = reach * per_win - card.contract.abandon_penalty
    return KEEP if edge > 0 or (edge == 0 and per_win >= 0) else ABANDON


# ---- card values (augments, chance cards, options) ----------------------------------------------

GRANT_VALUE = 2.0
"""A hand shape switched on for the holder (lib 六–八)."""
PERMISSION_VALUE = 1.0
"""An ``allow`` for the holder, or a ``forbid`` for the others; the reverse counts against."""
HOOK_VALUE = 0.5
"""A triggered ability of the holder's own."""
CLEAR_MARGIN = 1.0
"""How much more an augment must be worth to be preferred to the one offered first."""
HOLDER = frozenset({"holder", "self"})
"""The role words that name a card's own holder."""
CONCEALED_WORDS = ("concealed", "seven_pairs", "thirteen_orphans")
"""Condition words a call would rule out (§13.11)."""


def _program_value(program: Program, barred: frozenset[str] = frozenset()) -> float:
    """What a program is worth to its holder; ``barred`` are the actions the holder may not take
    anyway (its contract's prohibitions, §9.7), so forbidding them costs nothing."""
    value = 0.0
    for step in program:
        if isinstance(step, PrimitiveStep):
            base = VALUES.get(step.primitive, 0.0)
            aimed = {str(v) for name, v in step.args if name in ("player", "target", "owner")}
            value += -base if aimed and not aimed & HOLDER else base
        elif isinstance(step, ChooseStep):
            value += max((_program_value(o.steps, barred) for o in step.options), default=0.0)
        elif isinstance(step, IfStep):
            value += max(_program_value(step.then, barred), _program_value(step.otherwise, barred))
        elif isinstance(step, ForEachStep | LaterStep):
            value += _program_value(step.steps, barred)
        elif isinstance(step, StatusStep):
            free = step.rule.polarity == "forbid" and step.rule.action in barred
            value += 0.0 if free else _static_value(step.rule.polarity, step.rule.who)
    return value


def _static_value(polarity: str, who: str) -> float:
    """An ``allow`` helps its holder, a ``forbid`` hinders; aimed at others, the other way round."""
    mine = who in HOLDER
    return PERMISSION_VALUE if (polarity == "allow") == mine else -PERMISSION_VALUE


def card_value(card: CompiledCard | None) -> float:
    """A stable value of a card for its holder, from its compiled abilities (augments §5, chance §6):
    shape grants, permissions, its own triggers and what its programs run."""
    if card is None:
        return 0.0
    value = GRANT_VALUE * len(card.grants)
    value += sum(_static_value(rule.polarity, rule.who) for rule in card.statics)
    value += sum(HOOK_VALUE + _program_value(hook.steps) for hook in card.hooks)
    return value + _program_value(card.resolution)


def choose_augment(view: PlayerView, options: Sequence[str]) -> str:
    """§5.2: the augment clearly worth more (by :data:`CLEAR_MARGIN`: a shape grant, a permission);
    between close ones the first offered, so the deck's shuffle decides and every augment keeps being
    drafted in the lab (§18.3)."""
    values = [card_value(view.cards.get(c)) for c in options]
    best = max(values)
    return next(c for c, v in zip(options, values, strict=True) if v > best - CLEAR_MARGIN)


def choose_card(view: PlayerView, options: Sequence[str]) -> str:
    """The option card of the highest value (keep one of several drawn §6.4, or the lasting card to
    keep §6.9: the positive one); the first on ties."""
    values = [card_value(view.cards.get(c)) for c in options]
    return options[values.index(max(values))]


# ---- tile choices -------------------------------------------------------------------------------


def _tiles(options: Sequence[str]) -> list[int] | None:
    """The faces the options name, if every option is one face."""
    faces = []
    for option in options:
        face = read_one(option)
        if face is None or not 0 <= face < NUM_KINDS:
            return None
        faces.append(face)
    return faces


def orders(
    options: Sequence[str], read: Callable[[Sequence[str]], list[int] | None] = _tiles
) -> list[list[int]] | None:
    """The face sequences the options name, each face read by ``read``, if every option is an order
    of two or more faces (a reorder)."""
    found = []
    for option in options:
        parts = option.split(" ")
        faces = read(parts) if len(parts) > 1 else None
        if faces is None:
            return None
        found.append(faces)
    return found


def gain(vec: Sequence[int], n_melds: int, k: int) -> tuple[int, int]:
    """How good taking tile ``k`` is: the shanten with it (lower first), then its connection."""
    after = list(vec)
    after[k] += 1
    return shanten_counts(after, n_melds), _loneliness(k, after)


def losses(vec: Sequence[int], n_melds: int, faces: Iterable[int]) -> list[tuple[int, int]]:
    """How cheap giving a tile of each face away is: the shanten without it, then its isolation (lower
    first)."""
    after = DiscardShanten(vec, n_melds)
    return [(after[k], -_loneliness(k, vec)) for k in faces]


def choose_tile(
    view: PlayerView, options: Sequence[str], faces: Sequence[int], card: CompiledCard | None = None
) -> str:
    """A face to take (one the hand does not hold: the one that lowers the shanten most), to give up
    (every option in the hand: the one whose loss costs least) or to reveal (a card that only shows
    tiles: one the hand keeps, so a contract counting kept revealed tiles is served, B-09's kind)."""
    vec = _counts(k for k in view.hand if k < NUM_KINDS)
    n = view.n_melds
    if all(vec[k] for k in faces):
        ranked = losses(vec, n, faces)
        if card is not None and only_shows(card):
            ranked = [(-a, -b) for a, b in ranked]
    else:
        ranked = [gain(vec, n, k) for k in faces]
    return options[ranked.index(min(ranked))]


def steps_of(program: Program) -> Iterable[PrimitiveStep]:
    """Every primitive step of a program, nested ones included."""
    for step in program:
        if isinstance(step, PrimitiveStep):
            yield step
        elif isinstance(step, ChooseStep):
            for option in step.options:
                yield from steps_of(option.steps)
        elif isinstance(step, IfStep):
            yield from steps_of(step.then + step.otherwise)
        elif isinstance(step, ForEachStep | LaterStep):
            yield from steps_of(step.steps)


def only_shows(card: CompiledCard) -> bool:
    """Whether the card picks hand tiles only to reveal them, never to give them up."""
    names = {s.primitive for p in (card.resolution, *(h.steps for h in card.hooks)) for s in steps_of(p)}
    return "reveal" in names and not names & GIVE_AWAY


def choose_order(view: PlayerView, options: Sequence[str], orders: Sequence[Sequence[int]]) -> str:
    """A reorder of the wall: the tiles that lower the player's shanten most go first."""
    vec = _counts(k for k in view.hand if k < NUM_KINDS)
    n = view.n_melds
    gains = {k: gain(vec, n, k) for k in {k for order in orders for k in order}}
    keys = [[gains[k] for k in order] for order in orders]
    return options[keys.index(min(keys))]


def choose_player(view: PlayerView, options: Sequence[str]) -> str:
    """A target: the opponent leading in score (the one a hindrance should slow down); never oneself
    when someone else may be picked."""
    others = [o for o in options if o in PLAYERS and PLAYERS.index(o) != view.me] or list(options)
    return max(others, key=lambda o: (view.scores[PLAYERS.index(o)], -PLAYERS.index(o)))


_BARS: dict[str, tuple[CompiledCard, frozenset[str]]] = {}
"""Each contract card's barred calls (:func:`_bars`) by card id, with the card they were read from."""


def _barred(view: PlayerView) -> frozenset[str]:
    """The calls the player's open contract bars (:func:`_bars`), read once per contract card."""
    card = view.cards.get(view.contracts[view.me] or "")
    if card is None or card.contract is None or not view.contract_open:
        return frozenset()
    kept = _BARS.get(card.id)
    if kept is None or kept[0] is not card:
        kept = _BARS[card.id] = (card, _bars(card, card.contract))
    return kept[1]


def _bars(card: CompiledCard, contract: ContractTerms) -> frozenset[str]:
    """The calls a contract forbids, whose watch needs them unmade, or that would break the concealed
    hand or whole-hand form its condition asks for (§9.7, §9.9)."""
    barred = set(contract.prohibits)
    condition = contract.at_hu
    if contract.form is not None or (
        condition is not None and any(mentions(condition, word) for word in CONCEALED_WORDS)
    ):
        barred |= {"chi", "pon", "minkan"}
    for watch in card.watches:
        if (
            watch.outcome == "complete"
            and watch.condition is not None
            and mentions(watch.condition, "calls_made")
        ):
            barred |= {"chi", "pon", "minkan"}
    return frozenset(barred)


def calls_welcome(view: PlayerView, call: str) -> bool:
    """Whether a call (``chi``, ``pon``, ``kong``) keeps the open contract alive: not one a completion
    watch needs unmade (C-04's kind of contract; prohibited calls are never offered, §9.7)."""
    return (MeldKind.MINKAN.value if call == "kong" else call) not in _barred(view)


def find_choice(program: Program, options: Sequence[str]) -> ChooseStep | None:
    """The ``choose one`` step of a program whose options the decision offers."""
    for step in program:
        found: ChooseStep | None = None
        if isinstance(step, ChooseStep):
            labels = {o.label for o in step.options}
            found = (
                step
                if set(options) <= labels
                else find_choice(tuple(s for o in step.options for s in o.steps), options)
            )
        elif isinstance(step, IfStep):
            found = find_choice(step.then + step.otherwise, options)
        elif isinstance(step, ForEachStep | LaterStep):
            found = find_choice(step.steps, options)
        if found is not None:
            return found
    return None


def choose_option(view: PlayerView, options: Sequence[str], card: CompiledCard | None) -> str | None:
    """A ``choose one`` of ``card`` (§6): the option worth most to the holder — a draw before a look,
    no hindrance the contract would not already impose; ``None`` when the options are not the card's."""
    if card is None:
        return None
    programs = (card.resolution, *(hook.steps for hook in card.hooks))
    step = next((c for c in (find_choice(p, options) for p in programs) if c is not None), None)
    if step is None:
        return None
    barred = _barred(view)
    by_label = {o.label: _program_value(o.steps, barred) for o in step.options}
    values = [by_label[o] for o in options]
    return options[values.index(max(values))]


def choose_count(view: PlayerView, options: Sequence[str]) -> str:
    """How many tiles to swap for unseen ones (P-04's kind): as many as the hand can lose, least
    needed first, before its shanten rises, within the options."""
    vec = _counts(k for k in view.hand if k < NUM_KINDS)
    n = view.n_melds
    now = shanten_counts(vec, n)
    spare = 0
    while sum(vec) > 1:
        held = [k for k in range(NUM_KINDS) if vec[k]]
        ranked = losses(vec, n, held)
        k = held[ranked.index(min(ranked))]
        vec[k] -= 1
        if shanten_counts(vec, n) > now:
            break
        spare += 1
    numbers = sorted(int(o) for o in options)
    return str(max((x for x in numbers if x <= spare), default=numbers[0]))


def choose_digits(view: PlayerView, options: Sequence[str]) -> str:
    """An 11-digit number (B-15's kind): the suggestion sharing most digits with the hand's number
    tiles."""
    held = [number_of(k) for k in view.hand if is_number(k)]

    def shared(option: str) -> int:
        digits = [int(d) for d in option]
        return sum(min(digits.count(d), held.count(d)) for d in set(digits))

    scores = [shared(o) for o in options]
    return options[scores.index(max(scores))]


def choose_route(view: PlayerView, options: Sequence[str]) -> str:
    """``chow`` or ``pung`` (a route, G-08's kind): pungs when the hand holds more pairs than runs."""
    vec = _counts(k for k in view.hand if k < NUM_KINDS)
    pairs = sum(1 for k in range(NUM_KINDS) if vec[k] >= 2)
    runs = sum(1 for k in range(27) if number_of(k) <= 8 and vec[k] and vec[k + 1])
    want = "pung" if pairs > runs else "chow"
    return want if want in options else options[0]


def choose(view: PlayerView, options: Sequence[str], about: str, rng: random.Random) -> str:
    """Any other card decision (§6, §9.1 swaps and replacements), told apart by its options."""
    if set(options) <= {*(s.value for s in NUMBER_SUITS)}:
        suit = best_suit(_counts(k for k in view.hand if k < NUM_KINDS)).value
        return suit if suit in options else options[0]
    if set(options) <= set(PLAYERS):
        return choose_player(view, options)
    if set(options) <= {"chow", "pung"}:
        return choose_route(view, options)
    if all(o.isdigit() for o in options):
        return (
            choose_digits(view, options) if all(len(o) > 2 for o in options) else choose_count(view, options)
        )
    contracts = [o for o in options if o != PASS]
    if contracts and all((c := view.cards.get(o)) is not None and c.contract is not None for o in contracts):
        return choose_contract_change(view, options, rng)
    faces = _tiles(options)
    if faces is not None:
        return choose_tile(view, options, faces, view.cards.get(about))
    sequences = orders(options)
    if sequences is not None:
        return choose_order(view, options, sequences)
    if all(o in view.cards for o in options):
        return choose_card(view, options)
    picked = choose_option(view, options, view.cards.get(about))
    return options[0] if picked is None else picked


def choose_contract_change(view: PlayerView, options: Sequence[str], rng: random.Random) -> str:
    """A swap among offered contracts before the choice (S-06: put back the worst) or a replacement
    of the held one (take the best, or pass if the held one is worth more) (§9.1)."""
    held = view.cards.get(view.contracts[view.me] or "")
    window = max((view.wall_left - WINDOW) // 4, 0)
    endings = playouts(view, rng, draws_left(view, window))
    outlook = _outlook(view, window)

    def value(option: str) -> float:
        card = held if option == PASS else view.cards.get(option)
        return -WIN_POINTS if card is None else contract_value(card, endings, outlook)

    values = [value(o) for o in options]
    if held is None:
        worst = [o for o in options if o != PASS]
        return min(worst, key=lambda o: values[options.index(o)]) if worst else PASS
    return options[values.index(max(values))]
