"""The search bot's foresight at a hextech seat, its imagined rounds: determinized Monte Carlo over
its own seat's view (§9, §10, §13, §18.3; the hextech counsel's, :mod:`engine.agents.hextech.counsel`).

At each choice that shapes its round — a discard, a call, the abandon window, the contract — the
agent imagines the rest of the round ``budget`` times for every candidate answer.  Each imagining
(a *determinization*) draws the agent's tiles from those its view has not shown it (the wall and
the other seats' concealed hands alike, :func:`engine.agents.hextech.choices.unseen`) and plays the hand on
two ways: plainly, by the greedy agent's shanten machinery (:func:`engine.agents.hextech.choices.playouts`),
and, when its open contract gives the hand aims, toward them
(:func:`engine.agents.hextech.steering.steered_playouts`: junk the contract's condition rules out thrown,
the tiles it counts kept, its whole-hand form aimed at — read from the contract's own terms,
:func:`engine.agents.hextech.steering.steer_of`).  Each candidate is worth the better of the two means, so a
contract out of reach is not played for.  The ending is read by the engine's own rules: the
complete hand's decompositions (with the contract's own forms, §9.9) are judged against the held
contract's condition and watches (:func:`engine.agents.hextech.choices.contract_chance`, which runs
the condition's compiled test) and scored by the engine's scorer
(:func:`engine.hextech.scoring.score_win`).  An ending is worth the points the round would give it: the
win order's points by how soon it comes (4, 3, 2, §13.3), what the scorer gives the hand (门清,
patterns, kongs, treasure, §13.5–§13.12), the contract's bonus when it is met (§13.4), a later
plain win less the black penalty when it is not (§10.2, §13.14), nothing when the wall runs out
first.  The answer of the highest mean wins; every candidate is imagined with the
same random draws (common random numbers), so candidates are told apart by their own merit.  The
contract (§9.1) is chosen the same way: each offered card imagined held, read by its own terms.

The contract's own choices are weighed alike: the suit or number it asks its holder to choose
(B-11's, B-15's), each imagined chosen, and a change of contract (S-06's swap, a replacement).
Augments (§5.2) are drafted before any hand is dealt, so they are weighed over imagined deals, each
offered augment held (:mod:`engine.agents.hextech.drafting`).  The other card decisions are weighed from the
position each answer leaves the seat in (:mod:`engine.agents.hextech.imagined`): a tile given up, revealed
or taken, each imagined on from the hand it leaves (a hand left a tile short first receives unseen
tiles, the same sets for every answer); an order of the wall's top, imagined with the tiles the
player will draw itself drawn first, in that order; how many tiles to swap for unseen ones; and the
seat an effect is aimed at, by session standing (a harmful one at the seat just above, a helpful
one at the lowest).  What the card's program carries beyond the hand is weighed too: a flower taken
is revealed and replaced by an unseen tile (§12, R21); an order of the tail by the first replacement
drawn from it (R395); a tile put on top of a looked-at wall (G-17) as the player's next draw; a route
(G-08) by the sets of its kind the imagined complete hands hold, the card's reward for them added; a
suit staked on the wall's top tile (O-C04) over the top tiles the view leaves possible; the options
of a ``choose one``, ``use … / pass`` of an optional trigger (the tile just drawn put under the wall
among them, S-07, S-12, P-08, G-10, G-18: the seat's view names its own drawn tile, R500), the
suit a card asks its holder for (O-P06's, by the wall top the look then leaves) and the card kept
of several (§6.4, §6.9; O-C04's take of its suit among them), each answer's program applied to the
position (:mod:`engine.agents.hextech.imagined_programs`).  A suit chosen for another seat's card
(O-N03's bar on its holder's next discard) is the one that costs the holder most over hands imagined
from the view (:mod:`engine.agents.hextech.imposed`).  Left to the greedy bot
(:class:`engine.agents.bots.GreedyBot`, :mod:`engine.agents.hextech.choices`): a program with a
move the view cannot make (a tile filter the moves do not read), and a number asked for another
card than the held contract (none in lib v0.2: B-15 asks its own holder).  The search reads
nothing but the :class:`~engine.hextech.view.PlayerView` it is handed and its own answers this
round (the suit it chose for its contract, B-11's kind; the number it wrote, B-15's), and its random
numbers come from its own seeded generator, so a seed fixes its play on one worker or many.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from functools import lru_cache
from typing import cast

from engine.agents.bots import GreedyBot
from engine.agents.hextech import choices, drafting, imagined, imagined_programs, imposed, steering
from engine.agents.hextech.aims import NO_AIM, NUMBER_DIGITS, Steer
from engine.core.decisions import HU, PASS, Decision, DecisionKind
from engine.core.melds import Meld, MeldKind
from engine.core.seats import PLAYERS
from engine.core.shanten import DiscardShanten
from engine.core.shapes import ShapeGrant
from engine.core.tiles import NUM_KINDS, NUMBER_SUITS, Suit, format_one, parse_one
from engine.core.view import View
from engine.hextech.decision_kinds import ABANDON, KEEP, HextechKind
from engine.hextech.scoring import WinInput, score_win
from engine.hextech.view import PlayerView, with_parts
from engine.hextech.vocabulary import CompiledCard, PrimitiveStep

BUDGET = 64
"""Imagined rounds per candidate answer by default (``search:N`` sets it)."""
CANDIDATES = 6
"""The discards weighed at a turn: the best by shanten and the greedy order, and those one step
behind (a discard that keeps a contract's tiles may cost a step)."""
FIRST, LAST = 4.0, 2.0
"""The order points of the first and the third win (§13.3): an ending is worth more the sooner."""
MARGIN = 1.0
"""How many standard errors of the paired difference another answer must gain to be preferred to
the greedy one (the imagined rounds are few; a noisy lead is no reason to deviate)."""
SEED_BITS = 64
"""Bits of the agent's own generator that seed one decision's imaginings."""
HANDS_CACHED = 1 << 14
"""Complete hands whose points are kept (bounded)."""
COUNT_DIGITS = 2
"""The longest option that is a count of tiles (a longer number is written, B-15's kind)."""
TAIL = "tail"
"""The end of the wall the replacements for flowers and kongs are drawn from (§12)."""


def order_points(step: int, share: int) -> float:
    """The hu order's points for a win on the playout's ``step``-th draw: the first win's when it
    comes at once, the third's when it takes the whole share of the wall (§13.3)."""
    return FIRST - (FIRST - LAST) * min(step / max(share, 1), 1.0)


@lru_cache(maxsize=HANDS_CACHED)
def hand_points(
    complete: tuple[int, ...],
    win_tile: int,
    melds: tuple[Meld, ...],
    treasure: frozenset[int],
    grants: tuple[ShapeGrant, ...] = (),
) -> float:
    """What the engine's scorer gives a complete hand won first by discard, less the first win's
    order points, plus a self-draw's point at its share (§13.2–§13.12: 门清, patterns, kongs,
    treasure, the caps of §13.7), the holder's augment shapes ``grants`` allowed; a hand the scorer
    does not take scores nothing more."""
    concealed = tuple(k for k in range(NUM_KINDS) for _ in range(complete[k]))
    result = score_win(
        WinInput(
            concealed=concealed,
            win_tile=win_tile,
            win_by="ron",
            hu_order=1,
            melds=melds,
            grants=grants,
            is_treasure=treasure.__contains__ if treasure else None,
        )
    )
    return result.total - FIRST + choices.SELF_DRAW_SHARE if result.legal else 0.0


class Weigher:
    """How one decision's endings are valued: the held open contract (if any), the draws to the
    abandon window (none once the wall is at the window: a kept contract can then never be
    abandoned, §10.4), the player's share of the wall, the contract's reading of the hand and the
    aims it gives the hand (:func:`engine.agents.hextech.steering.steer_of`)."""

    def __init__(self, view: PlayerView, suit: Suit | None, number: str | None = None) -> None:
        self.window = max((view.wall_left - choices.WINDOW) // 4, 0)
        self.passed = view.wall_left <= choices.WINDOW
        self.share = view.wall_left // 4 + 1
        card = view.cards.get(view.contracts[view.me] or "")
        self.card: CompiledCard | None = card if view.contract_open and card and card.contract else None
        vec = _counts(view.hand)
        kept = view.revealed[view.me] or choices.keepers(vec, 3)
        self.suit = suit or choices.best_suit(vec)
        self.kept = tuple(kept)
        self.steer = NO_AIM
        self.forms: tuple[ShapeGrant, ...] = ()
        if self.card is not None:
            self.steer = steering.steer_of(view, self.card, self.suit, number)
            self.forms = steering.form_grants(self.card, number)

    def values(self, view: PlayerView, endings: Sequence[choices.Ending], keep: bool = True) -> list[float]:
        """The points of each ending of ``view``'s hand.  With the contract kept, a win that meets it
        earns its bonus (§13.4); one that does not is no win (§9.6) unless the window is still
        ahead, where the contract is abandoned for a later plain win less the black penalty
        (§10.2).  ``keep`` false: the contract abandoned now, every win a plain one, its penalty
        paid whatever comes."""
        outlook = choices.Outlook(view, self.window, self.suit, self.kept, self.forms)
        terms = self.card.contract if self.card is not None else None
        melds = view.melds[view.me]
        penalty = 0.0 if terms is None or keep else float(-terms.abandon_penalty)
        out = []
        for ending in endings:
            if ending.complete is None:
                out.append(-penalty)
                continue
            read, claimed = outlook, melds
            if ending.claimed:
                ending, claimed = _claims_declared(ending, melds)
                read = replace(outlook, view=_with(view, melds=_own_melds(view, claimed)))
            assert ending.complete is not None
            points = order_points(ending.step, self.share) + hand_points(
                ending.complete, ending.win_tile, claimed, view.treasure
            )
            if terms is None or not keep:
                out.append(points - penalty)
                continue
            assert self.card is not None
            met = choices.contract_chance(self.card, ending, read)
            late = 0.0
            if not self.passed:
                late = points * (choices.LATE_WIN if ending.step <= self.window else 1.0)
                late = max(late + terms.abandon_penalty, 0.0)
            out.append(met * (points + terms.bonus) + (1 - met) * late)
        return out


def one_per(ordered: Sequence[str], outcome: Mapping[str, Hashable]) -> list[str]:
    """One answer per distinct ``outcome``: the first of ``ordered`` (greedy's answer leads) that
    gives it, so answers alike are weighed once and a tie keeps the earlier."""
    first: dict[Hashable, str] = {}
    for option in ordered:
        first.setdefault(outcome[option], option)
    return list(first.values())


def preferred(candidates: Sequence[tuple[str, list[float]]]) -> str:
    """The candidate answer to take: the first (the greedy agent's, or the plain one) unless another
    beats it on the same imagined rounds by more than :data:`MARGIN` standard errors of the paired
    difference; the one of the highest mean among those."""
    best, base = candidates[0]
    top = 0.0
    for option, values in candidates[1:]:
        diffs = [v - b for v, b in zip(values, base, strict=True)]
        n = len(diffs)
        mean = math.fsum(diffs) / n
        spread = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / max(n - 1, 1) / n)
        if mean > top and mean > MARGIN * spread:
            best, top = option, mean
    return best


def mean(values: Sequence[float]) -> float:
    """The mean of a candidate's imagined values."""
    return math.fsum(values) / max(len(values), 1)


def better(values: tuple[list[float], list[float]]) -> list[float]:
    """Of the values of imagined rounds played plainly and toward the contract's aims
    (:meth:`ImaginedRounds._both`), the aimed ones when there are any and they are worth more on
    average, else the plain ones (a contract out of reach is not played for)."""
    plain, aimed = values
    return aimed if aimed and mean(aimed) > mean(plain) else plain


def searching(rng: random.Random, budget: int, suit: Suit | None, number: str | None) -> ImaginedRounds:
    """Imagined rounds as pickled ones are made again: their greedy part shares their generator."""
    agent = ImaginedRounds(rng, budget)
    agent.suit, agent.number = suit, number
    return agent


class ImaginedRounds:
    """Determinized Monte Carlo at the choices that shape a round (a card decision's too, where its
    view can apply the answer); the greedy answer elsewhere."""

    name = "search"
    sees = True
    person = False

    def __init__(self, rng: random.Random, budget: int = BUDGET) -> None:
        self.rng = rng
        self.budget = budget
        self.greedy = GreedyBot(rng)
        self.suit: Suit | None = None
        self.number: str | None = None

    def __reduce__(
        self,
    ) -> tuple[Callable[..., ImaginedRounds], tuple[random.Random, int, Suit | None, str | None]]:
        """Pickled by its generator, budget and the suit and number it chose, as the console hands it
        to a worker process (R520): the compiled class is made again through :func:`searching`,
        not by an argumentless ``__new__``."""
        return searching, (self.rng, self.budget, self.suit, self.number)

    def decide(self, view: View, decision: Decision) -> str:
        """The answer of the highest expected points where the agent searches, else the greedy one;
        ``view`` is a hextech seat's (its counsel's foresight is asked by its rule set's name)."""
        search = _SEARCHED.get(decision.kind)
        if search is None:
            return self.greedy.decide(view, decision)
        return search(self, cast(PlayerView, view), decision)

    def _weigher(self, view: PlayerView) -> Weigher:
        return Weigher(view, self.suit, self.number)

    def _imagine(
        self,
        view: PlayerView,
        draws: int,
        seed: int,
        steer: Steer = NO_AIM,
        n: int | None = None,
        head: tuple[int, ...] = (),
    ) -> list[choices.Ending]:
        """``n`` (by default ``budget``) imagined rounds from ``view``, the known ``head`` of the
        wall drawn first: played toward ``steer``'s aims, or plainly."""
        rng = random.Random(seed)
        count = self.budget if n is None else n
        if steer:
            return steering.steered_playouts(view, rng, draws, count, steer, head)
        return choices.playouts(view, rng, draws, count, head)

    def _both(
        self,
        weigher: Weigher,
        view: PlayerView,
        draws: int,
        seed: int,
        aimed_draws: int | None = None,
        n: int | None = None,
        head: tuple[int, ...] = (),
    ) -> tuple[list[float], list[float]]:
        """The values of ``view``'s imagined rounds played plainly and, when the contract gives the
        hand aims, toward them (over ``aimed_draws``, by default the player's share of the wall: a
        contract played for is kept at the window, §10.4; none without aims)."""
        plain = weigher.values(view, self._imagine(view, draws, seed, n=n, head=head))
        if not weigher.steer:
            return plain, []
        longer = max(draws, weigher.share) if aimed_draws is None else aimed_draws
        aimed = weigher.values(view, self._imagine(view, longer, seed, weigher.steer, n, head))
        return plain, aimed

    def _received(self, weigher: Weigher, view: PlayerView, draws: int, seed: int, count: int) -> list[float]:
        """The values (:func:`better`) of ``view``'s imagined rounds when its hand first receives
        ``count`` tiles it cannot see (an exchange's or a pass's tile, §14.2; the draws after tiles
        put under the wall): ``budget`` sets of them drawn from the unseen tiles with ``seed`` (the
        same sets for every answer weighed, as the unseen tiles are the same), each set imagined on
        as many times as it was drawn; a hand they take over its turn's size first throws down to it
        (:func:`engine.agents.hextech.imagined.settled`: a flower's replacement taken while holding the
        turn's tile, R21)."""
        pool = [k for k in choices.unseen(view) if k < NUM_KINDS]
        if not count or len(pool) < count:
            return better(self._both(weigher, view, draws, seed))
        rng = random.Random(seed)
        sets = Counter(tuple(sorted(rng.sample(pool, count))) for _ in range(self.budget))
        plain: list[float] = []
        aimed: list[float] = []
        for i, (got, n) in enumerate(sorted(sets.items())):
            filled = imagined.settled(_with(view, hand=tuple(sorted((*view.hand, *got)))))
            some, more = self._both(weigher, filled, draws, seed + i, n=n)
            plain += some
            aimed += more
        return better((plain, aimed))

    def _turn(self, view: PlayerView, decision: Decision) -> str:
        """A discard (or the greedy kong): the candidates by shanten, each imagined on."""
        if HU in decision.options:
            return HU
        greedy = self.greedy.decide(view, decision)
        if not greedy.startswith("discard "):
            return greedy
        faces = sorted({parse_one(o.partition(" ")[2]) for o in decision.options if o.startswith("discard ")})
        weigher = self._weigher(view)
        picks = _candidates(view, faces, parse_one(greedy.partition(" ")[2]), weigher.steer)
        if len(picks) == 1:
            return greedy
        seed = self.rng.getrandbits(SEED_BITS)
        draws = choices.draws_left(view, weigher.window)
        scored = [
            (
                f"discard {format_one(face)}",
                better(self._both(weigher, imagined.discarded(view, face), draws, seed)),
            )
            for face in picks
        ]
        return preferred(scored)

    def _call(self, view: PlayerView, decision: Decision) -> str:
        """Pass or call: each answer imagined on from the hand it leaves."""
        if HU in decision.options:
            return HU
        face = parse_one(decision.about)
        weigher, seed, draws = self._outset(view)
        scored = [(PASS, better(self._both(weigher, view, draws, seed)))]
        for option in decision.options:
            after = _after_call(view, option, face)
            if after is not None and choices.calls_welcome(view, option.partition(" ")[0]):
                scored.append((option, better(self._both(weigher, after, draws, seed))))
        return preferred(scored) if PASS in decision.options else decision.options[0]

    def _abandon(self, view: PlayerView, decision: Decision) -> str:
        """§10: keep or abandon, whichever imagined rest of the round is worth more (kept, played
        toward the contract or plainly, whichever is worth more; abandoned, plainly)."""
        weigher = self._weigher(view)
        if weigher.card is None:
            return KEEP if not view.contract_open else ABANDON
        seed = self.rng.getrandbits(SEED_BITS)
        draws = weigher.share + choices.AFTER_SHARE
        kept = better(self._both(weigher, view, draws, seed))
        dropped = weigher.values(view, self._imagine(view, draws, seed), keep=False)
        return KEEP if mean(kept) >= mean(dropped) else ABANDON

    def _contract(self, view: PlayerView, decision: Decision) -> str:
        """§9.1: the offered contract of the highest expected points, each imagined held
        (:meth:`_held`)."""
        self.suit = self.number = None
        if not _all_contracts(view, decision.options):
            return self.greedy.decide(view, decision)
        seed = self.rng.getrandbits(SEED_BITS)
        values = [self._held(view, option, seed) for option in decision.options]
        return decision.options[values.index(max(values))]

    def _held(self, view: PlayerView, contract: str | None, seed: int) -> float:
        """The expected points of the round with ``contract`` held open (``None``: the one held now):
        played toward its aims or plainly, whichever is worth more, read by its own terms; both only
        up to a few draws past the window (a choice is not made on a whole wall's hopes)."""
        held = _with(view, contracts=_own(view, contract or view.contracts[view.me]), contract_open=True)
        window = max((view.wall_left - choices.WINDOW) // 4, 0)
        draws = choices.draws_left(view, window)
        return mean(better(self._both(self._weigher(held), held, draws, seed, draws)))

    def _augment(self, view: PlayerView, decision: Decision) -> str:
        """§5.2: the augment of the highest expected points over imagined deals with each held
        (:func:`engine.agents.hextech.drafting.imagined_deals`); the one of the highest card value
        (:func:`engine.agents.hextech.choices.card_value`) unless another beats it on the same deals, and
        that one too when the imagined rounds cannot tell them apart."""
        first = choices.choose_card(view, decision.options)
        ordered = [first, *(o for o in decision.options if o != first)]
        own = tuple(g for c in view.augments[view.me] for g in _grants(view, c))
        held = [own + _grants(view, o) for o in ordered]
        if all(grants == held[0] for grants in held):
            return first
        rng = random.Random(self.rng.getrandbits(SEED_BITS))
        deals = drafting.imagined_deals(rng, self.budget, held)
        share = drafting.FRESH_WALL // 4 + 1
        scored = []
        for i, option in enumerate(ordered):
            values = []
            for ends in deals:
                end = ends[i]
                if end.complete is None:
                    values.append(0.0)
                    continue
                points = hand_points(end.complete, end.win_tile, (), frozenset(), held[i])
                values.append(order_points(end.step, share) + points)
            scored.append((option, values))
        return preferred(scored)

    def _choose(self, view: PlayerView, decision: Decision) -> str:
        """A card decision: the value the held contract reads (B-11's suit, B-15's written number),
        a change of contract (S-06's swap, a replacement, §9.1) and the other card decisions
        (:meth:`_card_answer`) by expected points; the rest as the greedy agent answers them.  The
        suit or number chosen for the contract is remembered for the round: the contract is then read
        with it."""
        answer = self._contract_value(view, decision)
        if answer is None:
            answer = self._change(view, decision) or self._card_answer(view, decision)
            return answer or self._program(view, decision) or self.greedy.decide(view, decision)
        if answer in {s.value for s in NUMBER_SUITS}:
            self.suit = Suit(answer)
        else:
            self.number = answer
        return answer

    def _contract_value(self, view: PlayerView, decision: Decision) -> str | None:
        """The suit or number the held open contract asks its holder to choose (``decision.about``):
        the one of the highest expected points, the contract imagined held with each (the greedy
        agent's answer first on ties); ``None`` for any other decision."""
        options = decision.options
        if set(options) <= {s.value for s in NUMBER_SUITS}:
            weighers = {o: Weigher(view, Suit(o), self.number) for o in options}
        elif all(len(o) == NUMBER_DIGITS and o.isdigit() for o in options):
            weighers = {o: Weigher(view, self.suit, o) for o in options}
        else:
            return None
        if decision.about != view.contracts[view.me] or self._weigher(view).card is None:
            return None
        first = self.greedy.decide(view, decision)
        ordered = [first, *(o for o in options if o != first)]
        seed = self.rng.getrandbits(SEED_BITS)
        window = max((view.wall_left - choices.WINDOW) // 4, 0)
        draws = choices.draws_left(view, window)
        values = [mean(better(self._both(weighers[o], view, draws, seed, draws))) for o in ordered]
        return ordered[values.index(max(values))]

    def _change(self, view: PlayerView, decision: Decision) -> str | None:
        """A change among contracts (§9.1): with none held yet, the offered one of the lowest expected
        points is put back (S-06); with one held, the option of the highest (``pass`` keeps the held
        one).  ``None`` when the options are not contracts."""
        offered = [o for o in decision.options if o != PASS]
        if not offered or not _all_contracts(view, offered):
            return None
        seed = self.rng.getrandbits(SEED_BITS)
        if view.contracts[view.me] is None:
            values = [self._held(view, o, seed) for o in offered]
            return offered[values.index(min(values))]
        values = [self._held(view, None if o == PASS else o, seed) for o in decision.options]
        return decision.options[values.index(max(values))]

    def _card_answer(self, view: PlayerView, decision: Decision) -> str | None:
        """Another card decision (§6, §14), told apart by its options as the greedy agent tells them
        apart: a suit named for another seat's card (:func:`engine.agents.hextech.imposed.costliest_suit`),
        a seat (:func:`engine.agents.hextech.imagined.by_standing`), a route, a suit staked on the
        wall's top tile or a tile put on top of a looked-at wall (:meth:`_beyond_hand`), a tile given
        up, revealed or taken, a flower among them (:meth:`_tile`), an order of the wall's top or tail
        (:meth:`_reorder`), a count of tiles to swap for unseen ones (:meth:`_count`).  ``None`` for
        the rest: an option of a ``choose one``, a ``use … / pass``, a suit asked for the card that
        is not staked on the top tile (O-P06's) and a kept card (§6.4) are weighed next, by their
        programs (:meth:`_program`)."""
        options = decision.options
        card = view.cards.get(decision.about)
        if set(options) <= imagined.SUITS and (holder := imposed.bound_holder(view, card)) is not None:
            rng = random.Random(self.rng.getrandbits(SEED_BITS))
            return imposed.costliest_suit(view, holder, self._greedy_first(view, decision), rng, self.budget)
        if set(options) <= set(PLAYERS):
            effect = imagined.aimed_effect(card, imagined.picked_name(card))
            return imagined.by_standing(view, options, effect)
        weighed = self._beyond_hand(view, decision, card)
        if weighed is not None:
            return weighed
        tiles = imagined.faces(options)
        if tiles is not None:
            return self._tile(view, decision, card, tiles)
        orders = choices.orders(options, imagined.faces)
        if orders is not None:
            return self._reorder(view, decision, card, orders)
        if all(o.isdigit() and len(o) <= COUNT_DIGITS for o in options):
            return self._count(view, decision)
        return None

    def _outset(self, view: PlayerView) -> tuple[Weigher, int, int]:
        """What every answer of one decision is weighed with: ``view``'s weigher, one seed of the
        agent's generator for them all, and the draws its imagined rounds play."""
        weigher = self._weigher(view)
        seed = self.rng.getrandbits(SEED_BITS)
        return weigher, seed, choices.draws_left(view, weigher.window)

    def _greedy_first(self, view: PlayerView, decision: Decision) -> list[str]:
        """The options with the greedy agent's answer first (it is kept on ties, :func:`preferred`)."""
        first = self.greedy.decide(view, decision)
        return [first, *(o for o in decision.options if o != first)]

    def _tile(
        self, view: PlayerView, decision: Decision, card: CompiledCard | None, tiles: list[int]
    ) -> str | None:
        """A tile to give up, reveal or take (:func:`engine.agents.hextech.imagined.role`, read from the
        card's program): each imagined on from the hand it leaves (given up: out of the hand, and a
        hand left a tile short first receives an unseen one, :meth:`_received`; revealed: shown and
        kept, read by a contract that counts it, B-09's kind; taken: into the hand), with the same
        seed; the greedy answer unless another is worth more (:func:`preferred`)."""
        role = imagined.role(view, card, tiles)
        if role is None or (role is not imagined.Role.TAKE and any(k >= NUM_KINDS for k in tiles)):
            return None
        face = dict(zip(decision.options, tiles, strict=True))
        ordered = self._greedy_first(view, decision)
        weigher, seed, draws = self._outset(view)
        scored = []
        for option in ordered:
            if role is imagined.Role.REVEAL:
                shown = imagined.settled(imagined.after_reveal(view, face[option]))
                scored.append((option, better(self._both(self._weigher(shown), shown, draws, seed))))
            elif face[option] >= NUM_KINDS:
                flower = imagined.after_flower(view, face[option])
                scored.append((option, self._received(weigher, flower, draws, seed, 1)))
            elif role is imagined.Role.TAKE:
                taken = imagined.settled(imagined.after_take(view, face[option]))
                scored.append((option, better(self._both(weigher, taken, draws, seed))))
            else:
                left = imagined.settled(imagined.after_give(view, face[option]))
                got = 1 if imagined.short(left) else 0
                scored.append((option, self._received(weigher, left, draws, seed, got)))
        return preferred(scored)

    def _reorder(
        self, view: PlayerView, decision: Decision, card: CompiledCard | None, orders: list[list[int]]
    ) -> str | None:
        """An order of the wall's top (lib 二.1): each imagined with the tiles of it the player will
        draw itself (:func:`engine.agents.hextech.imagined.own_head`) drawn in that order before any unseen
        one (:meth:`_by_heads`).  An order of the tail (§12): by the first replacement drawn from it
        (:meth:`_tail`).  ``None`` for a card that reorders both ends or neither."""
        end = imagined.reorder_end(card)
        if end == imagined.TOP:
            heads = zip(decision.options, (imagined.own_head(view, o) for o in orders), strict=True)
            return self._by_heads(view, decision, dict(heads))
        if end == TAIL:
            return self._tail(view, decision, orders)
        return None

    def _by_heads(self, view: PlayerView, decision: Decision, heads: dict[str, tuple[int, ...]]) -> str:
        """Answers that leave the player ``heads`` as its next own draws: each imagined with them drawn
        first, in order; answers that give it the same draws are one answer (the greedy one first)."""
        ordered = self._greedy_first(view, decision)
        distinct = one_per(ordered, heads)
        if len(distinct) == 1:
            return ordered[0]
        weigher, seed, draws = self._outset(view)
        start = imagined.settled(view)
        return preferred(
            [(o, better(self._both(weigher, start, draws, seed, head=heads[o]))) for o in distinct]
        )

    def _tail(self, view: PlayerView, decision: Decision, orders: list[list[int]]) -> str:
        """An order of the wall's tail, judged by the first replacement drawn from it (R395, §12):
        imagined as the player's own next replacement, its flowers revealed and the first other tile
        taken into the hand (:func:`engine.agents.hextech.imagined.tail_draw`); orders whose first
        replacement is the same are one answer (the greedy one first).  Whether the player or
        another seat replaces first scales every answer alike, so it is not imagined."""
        drawn = dict(zip(decision.options, map(imagined.tail_draw, orders), strict=True))
        ordered = self._greedy_first(view, decision)
        distinct = one_per(ordered, drawn)
        if len(distinct) == 1:
            return ordered[0]
        weigher, seed, draws = self._outset(view)
        scored = []
        for option in distinct:
            flowers, tile = drawn[option]
            place = view
            for flower in flowers:
                place = imagined.after_flower(place, flower)
            if tile is not None:
                place = imagined.settled(imagined.after_take(place, tile))
            scored.append((option, better(self._both(weigher, place, draws, seed))))
        return preferred(scored)

    def _beyond_hand(self, view: PlayerView, decision: Decision, card: CompiledCard | None) -> str | None:
        """The card decisions whose answer the card's program carries beyond the hand it leaves, read
        from the program: a route (:meth:`_route`), a suit staked on the wall's top tile
        (:meth:`_stake`), a tile put on top of a looked-at wall (G-17's ``chosen_on_top``, O-P06's
        ``suit_on_top``: :meth:`_by_heads`, the tile on top drawn first when the player draws next);
        ``None`` for any other."""
        options = decision.options
        if set(options) <= set(imagined.ROUTE_KINDS):
            return self._route(view, decision, card)
        stake = imagined.staked(card, options)
        if stake is not None:
            return self._stake(view, decision, stake)
        tops = imagined.on_top_orders(card, view, options)
        if tops is not None:
            return self._by_heads(view, decision, {o: imagined.own_head(view, t) for o, t in tops.items()})
        return None

    def _route(self, view: PlayerView, decision: Decision, card: CompiledCard | None) -> str | None:
        """A route (``chow``/``pung``, G-08): each imagined with what the card's hooks give once the
        player holds their count of sets of the route's kind
        (:func:`engine.agents.hextech.imagined.route_reward`; G-08's extra tidy at two), earned in an
        imagined round whose complete hand holds as many (:func:`engine.agents.hextech.imagined.routed_sets`,
        its declared melds included: the hand's own sets stand for those it can call).  The same
        imagined rounds for every route, from the hand, or over imagined deals before the deal
        (G-08 chooses at the round's start, §11); ``None`` for a card that pays no route."""
        reward = imagined.route_reward(card)
        if reward is None:
            return None
        need, worth = reward
        weigher = self._weigher(view)
        seed = self.rng.getrandbits(SEED_BITS)
        if view.hand:
            endings = self._imagine(view, choices.draws_left(view, weigher.window), seed)
        else:
            deals = drafting.imagined_deals(random.Random(seed), self.budget, [()])
            endings = [ends[0] for ends in deals]
        base = weigher.values(view, endings)
        melds = view.melds[view.me]
        scored = []
        for option in self._greedy_first(view, decision):
            met = [
                e.complete is not None and imagined.routed_sets(e.complete, melds, option) >= need
                for e in endings
            ]
            scored.append((option, [v + worth * m for v, m in zip(base, met, strict=True)]))
        return preferred(scored)

    def _stake(self, view: PlayerView, decision: Decision, step: PrimitiveStep) -> str:
        """A suit staked on the wall's top tile (O-C04: the tile shown, and taken if of that suit,
        then a discard when the step says ``discard: yes``; else left on top, seen, R20): the top
        tile drawn ``budget`` times from the unseen tiles with the decision's seed (the same for every
        suit), each imagined on as often as it was drawn — taken into the hand for the suit it
        matches, left on top for the others (drawn first by the player when it draws next,
        :func:`engine.agents.hextech.imagined.own_head`).  A tile no suit matches is worth the same to every
        answer and is not imagined."""
        ordered = self._greedy_first(view, decision)
        pool = choices.unseen(view)
        if not pool:
            return ordered[0]
        weigher, seed, draws = self._outset(view)
        rng = random.Random(seed)
        tops = Counter(pool[rng.randrange(len(pool))] for _ in range(self.budget))
        discard = dict(step.args).get("discard") == "yes"
        plain: dict[str, list[float]] = {o: [] for o in ordered}
        aimed: dict[str, list[float]] = {o: [] for o in ordered}
        for i, (top, n) in enumerate(sorted(tops.items())):
            hits = [o for o in ordered if imagined.of_suit(top, o)]
            outcomes = {o: ([0.0] * n, [0.0] * n if weigher.steer else []) for o in ordered}
            if hits:
                shown = imagined.shown_on_top(view, top)
                left = self._both(weigher, shown, draws, seed + i, n=n, head=imagined.own_head(view, (top,)))
                taken = imagined.after_take(view, top)
                taken = imagined.thrown(taken) if discard else imagined.settled(taken)
                outcomes = {o: left for o in ordered}
                outcomes.update({o: self._both(weigher, taken, draws, seed + i, n=n) for o in hits})
            for option, (some, more) in outcomes.items():
                plain[option] += some
                aimed[option] += more
        return preferred([(o, better((plain[o], aimed[o]))) for o in ordered])

    def _count(self, view: PlayerView, decision: Decision) -> str:
        """How many tiles to swap for unseen ones (P-04's kind): each count imagined with that many
        tiles given up (what the held contract rules out first, then the least needed, as
        :func:`engine.agents.hextech.choices.choose_count` ranks them) and as many unseen ones received
        (:meth:`_received`)."""
        ordered = self._greedy_first(view, decision)
        weigher, seed, draws = self._outset(view)
        scored = []
        for option in ordered:
            left = view
            for _ in range(int(option)):
                vec = _counts(left.hand)
                held = [k for k in range(NUM_KINDS) if vec[k]]
                if len(held) < 2:
                    break
                ranked = [
                    (k not in weigher.steer.junk, *loss)
                    for k, loss in zip(held, choices.losses(vec, left.n_melds, held), strict=True)
                ]
                left = imagined.after_give(left, held[ranked.index(min(ranked))])
            got = len(view.hand) - len(left.hand)
            scored.append((option, self._received(weigher, imagined.settled(left), draws, seed, got)))
        return preferred(scored)

    def _keep(self, view: PlayerView, decision: Decision) -> str:
        """The lasting card to keep (§6.9): the held one, resolved already, or the one drawn, imagined
        resolved (:meth:`_program`)."""
        return self._program(view, decision) or self.greedy.decide(view, decision)

    def _program(self, view: PlayerView, decision: Decision) -> str | None:
        """An answer that runs a program (:func:`engine.agents.hextech.imagined_programs.answers`: an option
        of a ``choose one``, ``use … / pass`` of an optional trigger, the suit a card asks its holder
        for, the card kept of several, §6.4, §6.9): each answer's program imagined on the seat's
        position, ``budget`` samples of it (:func:`engine.agents.hextech.imagined_programs.starts`), each
        imagined on once with the sample's own seed (:meth:`_started`), a card played the best of
        its ways; the greedy answer (the
        program value's) unless another is worth more (:func:`preferred`).  ``None`` — the greedy
        agent's answer — when no answer runs a primitive the rounds play, or one the view cannot
        make."""
        found = imagined_programs.answers(view, decision)
        if found is None or not any(imagined_programs.played(w) for ways in found.values() for w in ways):
            return None
        weigher = self._weigher(view)
        start = imagined_programs.Position(view, aims=weigher.steer)
        draws = choices.draws_left(view, weigher.window)
        program_seed = self.rng.getrandbits(SEED_BITS)
        seed = self.rng.getrandbits(SEED_BITS)
        kept: dict[tuple[object, ...], tuple[list[float], list[float]]] = {}
        scored = []
        for option in self._greedy_first(view, decision):
            best: list[float] | None = None
            for way in found[option]:
                try:
                    starts = imagined_programs.starts(start, way, self.budget, program_seed)
                except imagined_programs.Unimaginable:
                    return None
                values = better(self._started(weigher, view, starts, draws, seed, kept))
                if best is None or mean(values) > mean(best):
                    best = values
            assert best is not None
            scored.append((option, best))
        return preferred(scored)

    def _started(
        self,
        weigher: Weigher,
        view: PlayerView,
        starts: Sequence[tuple[PlayerView, tuple[int, ...]]],
        draws: int,
        seed: int,
        kept: dict[tuple[object, ...], tuple[list[float], list[float]]],
    ) -> tuple[list[float], list[float]]:
        """The values of one imagined round from each start, plainly and toward the contract's aims
        (:meth:`_both`), sample ``i`` with ``seed + i``: two answers that leave a sample in the same
        position get the same values (``kept``, by sample and position).  A start that shows more
        tiles than ``view`` is read by a weigher of its own (B-09 counts them)."""
        plain: list[float] = []
        aimed: list[float] = []
        for i, (start, head) in enumerate(starts):
            at = (i, imagined_programs.key(start, head))
            got = kept.get(at)
            if got is None:
                reader = weigher if start.revealed == view.revealed else self._weigher(start)
                got = kept[at] = self._both(reader, start, draws, seed + i, n=1, head=head)
            plain += got[0]
            aimed += got[1]
        return plain, aimed


_SEARCHED: dict[StrEnum, Callable[[ImaginedRounds, PlayerView, Decision], str]] = {
    DecisionKind.TURN: ImaginedRounds._turn,
    DecisionKind.CALL: ImaginedRounds._call,
    DecisionKind.ROB_KONG: ImaginedRounds._call,
    HextechKind.ABANDON: ImaginedRounds._abandon,
    HextechKind.CONTRACT: ImaginedRounds._contract,
    HextechKind.AUGMENT: ImaginedRounds._augment,
    DecisionKind.CHOOSE: ImaginedRounds._choose,
    HextechKind.KEEP_LASTING: ImaginedRounds._keep,
}
"""The search agent's method for each kind of decision it answers itself."""


def _candidates(view: PlayerView, faces: Sequence[int], greedy: int, steer: Steer) -> list[int]:
    """The discards worth imagining: the greedy one first, then the junk the contract rules out and
    those that keep most of the shape it aims at, then by shanten after the discard (at most one
    step behind the best) and the greedy discard order, :data:`CANDIDATES` at most."""
    vec = _counts(view.hand)
    after = DiscardShanten(bytes(vec), view.n_melds)
    best = min(after[k] for k in faces)
    rest = [k for k in faces if k != greedy]
    shaped = set(steering.shape_discards(view.hand, steer))
    aimed = sorted((after[k], k) for k in rest if k in steer.junk or k in shaped)
    near = sorted((after[k], k) for k in rest if (after[k], k) not in aimed and after[k] <= best + 1)
    return list(dict.fromkeys([greedy, *(k for _, k in aimed), *(k for _, k in near)]))[:CANDIDATES]


def _grants(view: PlayerView, card_id: str) -> tuple[ShapeGrant, ...]:
    """The hand shapes the card ``card_id`` grants its holder (lib 六–八)."""
    card = view.cards.get(card_id)
    return card.grants if card is not None else ()


def _all_contracts(view: PlayerView, options: Sequence[str]) -> bool:
    """Whether every option names a contract card of the library in play."""
    return all((card := view.cards.get(o)) is not None and card.contract is not None for o in options)


def _own(view: PlayerView, contract: str | None) -> tuple[str | None, ...]:
    """The contracts of ``view`` with the player's own replaced by ``contract``."""
    return tuple(contract if p == view.me else c for p, c in enumerate(view.contracts))


def _counts(tiles: Sequence[int]) -> list[int]:
    vec = [0] * NUM_KINDS
    for k in tiles:
        if k < NUM_KINDS:
            vec[k] += 1
    return vec


_with = with_parts


def _claims_declared(
    ending: choices.Ending, melds: tuple[Meld, ...]
) -> tuple[choices.Ending, tuple[Meld, ...]]:
    """An ending whose playout claimed pungs, read as the table would hold it: each claimed face's
    three tiles out of the concealed hand, a pon declared (§11)."""
    assert ending.complete is not None
    concealed = list(ending.complete)
    for face in ending.claimed:
        concealed[face] -= 3
    pons = tuple(Meld(MeldKind.PON, (face,) * 3) for face in ending.claimed)
    return replace(ending, complete=tuple(concealed), claimed=()), melds + pons


def _own_melds(view: PlayerView, melds: tuple[Meld, ...]) -> tuple[tuple[Meld, ...], ...]:
    """The melds of ``view`` with the player's own replaced by ``melds``."""
    return tuple(melds if p == view.me else held for p, held in enumerate(view.melds))


def _after_call(view: PlayerView, option: str, face: int) -> PlayerView | None:
    """The view as it would be after the call ``option`` on ``face`` (``pon``, ``kong``, ``chi
    345m``): the tiles out of the hand, the meld declared; ``None`` for any other answer."""
    verb, _, run = option.partition(" ")
    tiles: tuple[int, ...]
    if verb == "pon":
        used, kind, tiles = [face, face], MeldKind.PON, (face,) * 3
    elif verb == "kong":
        used, kind, tiles = [face] * 3, MeldKind.MINKAN, (face,) * 4
    elif verb == "chi":
        tiles = tuple(sorted(parse_one(f"{d}{run[-1]}") for d in run[:-1]))
        used, kind = [k for k in tiles if k != face], MeldKind.CHI
        if len(used) != 2:
            return None
    else:
        return None
    hand = list(view.hand)
    for k in used:
        if k not in hand:
            return None
        hand.remove(k)
    melds = tuple((*own, Meld(kind, tiles)) if p == view.me else own for p, own in enumerate(view.melds))
    return _with(view, hand=tuple(hand), melds=melds)
