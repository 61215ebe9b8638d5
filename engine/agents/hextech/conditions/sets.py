"""The bots' reading of the structure words of a hand condition (``engine.hextech.conditions.sets``):
the sets, runs and pair a winning hand must hold, kept for as the hand goes (not only judged at its
ending), and the whole-hand forms aimed at by their coverage (§9.5, §9.9)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.agents.hextech.aims import (
    ALL_FACES,
    NO_AIM,
    RUN_STARTS,
    Context,
    SetFaces,
    Shape,
    Steer,
    closest_sets,
    held_of,
    kept_sets,
    lower_bound,
    numbers_of,
    run_in,
    set_words,
    suit_runs,
    suited_sets,
    toward,
)
from engine.agents.hextech.conditions.reading import Reading
from engine.core.tiles import NUMBER_SUITS
from engine.hextech.conditions.hand_reading import filter_kinds
from engine.hextech.predicates import Call, Compare


def _sets_aim(term: Compare, ctx: Context) -> Steer:
    """``count(pung|kong[, F]) >= n`` and ``distinct_sets(pung|kong, F) >= n`` (C-02, C-06, C-07,
    B-05's kind): four pungs are a whole-hand shape, every set a pung and the pair besides (碰碰胡,
    B-07); fewer are sets of F's faces kept for (:func:`kept_sets`).  ``count(chow[, F]) >= n``
    (C-01, B-02, C-19): the ``n`` runs of F's faces the hand holds most of, kept for
    (:func:`toward`)."""
    args = term.left.args
    least = lower_bound(term) or 0
    if not args or least <= 0:
        return NO_AIM
    faces = filter_kinds(args[1], ctx.facts_of()) if len(args) > 1 else ALL_FACES  # type: ignore[arg-type]
    words = set_words(args[0])
    if words == {"chow"} and term.left.name == "count":
        runs = [run for run in suit_runs(NUMBER_SUITS) if faces.issuperset(run)]
        return toward(ctx.counts, closest_sets(ctx.counts, runs, least), runs)
    if not words <= {"pung", "kong"}:
        return NO_AIM
    if least >= 4 and term.left.name == "count":
        return Steer(shape=Shape(pungs=4 - ctx.n_melds, pairs=1))
    return kept_sets(ctx, faces, least)


def _suits_with_aim(term: Compare, ctx: Context) -> Steer:
    """``suits_with(K) >= n`` (C-17's set in each of the three suits, C-21's runs in two): in each of
    the ``n`` suits holding most of a set of kind K, that set kept for (:func:`toward`), a lone
    tile too (a suit needed whose only tile goes can give no set)."""
    least = lower_bound(term) or 0
    words = set_words(term.left.args[0]) if term.left.args else frozenset()
    if least <= 0 or least > len(NUMBER_SUITS) or not words:
        return NO_AIM
    best = [closest_sets(ctx.counts, suited_sets(words, s), 1, 1) for s in NUMBER_SUITS]
    ranked = sorted((b for b in best if b), key=lambda c: -len(held_of(ctx.counts, c[0])))
    chosen = [c[0] for c in ranked[:least]]
    return toward(ctx.counts, chosen, [f for s in NUMBER_SUITS for f in suited_sets(words, s)])


def _same_number_aim(term: Compare, ctx: Context) -> Steer:
    """``same_number_chows_different_suits >= n`` (C-18: two runs of the same numbers in two suits):
    the numbers whose runs the ``n`` suits holding most of them hold most of, those runs kept for
    (:func:`toward`)."""
    least = lower_bound(term) or 0
    if least <= 1 or least > len(NUMBER_SUITS):
        return NO_AIM

    def across(start: int) -> list[SetFaces]:
        runs = sorted(suit_runs(NUMBER_SUITS, start), key=lambda r: -len(held_of(ctx.counts, r)))
        return runs[:least]

    def held(runs: list[SetFaces]) -> int:
        return sum(len(held_of(ctx.counts, r)) for r in runs)

    chosen = max((across(a) for a in RUN_STARTS), key=held)
    return toward(ctx.counts, chosen, suit_runs(NUMBER_SUITS))


def _pair_aim(call: Call, ctx: Context) -> Steer:
    """``pair(F)`` (C-15): the hand's fullest pair of F's faces is kept as its 将, or while it holds
    none, its lone honours of F."""
    where = call.args[0] if call.args else "any"
    return kept_sets(ctx, filter_kinds(where, ctx.facts_of()), 1)  # type: ignore[arg-type]


def _chow_aim(call: Call, ctx: Context) -> Steer:
    """``has_chow(a, b, c)`` (C-08's 123 and 789): the run aimed at in the suit holding most of it."""
    return run_in(ctx, numbers_of(call.args))


SHAPE_AIMS: Mapping[str, Callable[[Context], Shape]] = {
    "four_pairs_two_pungs": lambda ctx: Shape(pungs=2, pairs=4),
    "seven_pairs": lambda ctx: Shape(pairs=7),
    "lucky_number": lambda ctx: Shape(number=ctx.number),
}
"""The whole-hand forms ``form(NAME)`` aims at, as a shape to cover."""


def _form_aim(call: Call, ctx: Context) -> Steer:
    shape = SHAPE_AIMS.get(str(call.args[0]))
    return NO_AIM if shape is None else Steer(shape=shape(ctx))


WORDS: Mapping[str, Reading] = {
    "count": Reading(measured=_sets_aim),
    "distinct_sets": Reading(measured=_sets_aim),
    "has_chow": Reading(asked=_chow_aim),
    "same_number_chows_different_suits": Reading(measured=_same_number_aim),
    "suits_with": Reading(measured=_suits_with_aim),
    "pair": Reading(asked=_pair_aim),
    "form": Reading(asked=_form_aim),
}
"""Each word's reading."""
