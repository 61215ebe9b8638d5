"""The §18.3 figures seed by seed, so that two runs on the same seeds can be paired (§18.3, §18.4).

A run's figures (:mod:`tools.lab.metrics`) pool every session.  To compare two versions of a card
on the same seeds, or to stop a run once a figure is decided (:mod:`tools.lab.sequential`), the lab
also keeps each session's integer sums (:func:`session_sums`: the rounds a card was held, completed,
won, scored; the draws of a chance card and those it could not execute; the table's counts), keyed
by the card's *base* id so that ``C-05`` and ``C-05-v2`` meet on one key.

Every figure is a weighted sum of ratios of such sums (:class:`Figure`): a contract's completion is
completed / held, a chance card's unexecutable share unexecutable / drawn, an augment's score
advantage its holders' mean round score less everyone else's.  Over ``t`` seeds a ratio
``Σ N_i / Σ D_i`` has the per-seed influence ``(N_i − R D_i) / D̄`` (the delta method, which keeps
the rounds of one session together), so the interval of a figure, and of the difference of a figure
between two runs on the same seeds, comes from the mean and spread of those influences.  The
figures agree with :mod:`tools.lab.metrics` to the last digit on the same records.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from statistics import NormalDist
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import InputError
from tools.lab.metrics import CardType, card_type
from tools.lab.records import SessionRecord, base_id
from tools.lab.sequential import Interval, sequence

Sums = dict[str, int]
"""One session's integer sums by key (``C-05:held``, ``table:score``)."""

Combo = tuple[tuple[str, int], ...]
"""A linear combination of sums: (key, coefficient) pairs."""

SHARE_SPREAD = 0.25
"""The largest variance of one 0/1 observation: a share's pseudo-observation (:func:`spread`)."""


def session_sums(record: SessionRecord) -> Sums:
    """Every sum the figures of one session are made of, by key."""
    sums: Counter[str] = Counter()
    for rnd in record.played:
        sums["table:rounds"] += 1
        sums["table:exhausted"] += rnd.exhausted
        if rnd.turns is not None:
            sums["table:turned"] += 1
            sums["table:turns"] += rnd.turns
            sums["table:turns_sq"] += rnd.turns * rnd.turns
        winners = {win.player for win in rnd.wins}
        if rnd.world is not None:
            world = base_id(rnd.world.card)
            sums[f"{world}:in_force"] += 1
            sums[f"{world}:triggered"] += rnd.world.triggered
        for player, seat in enumerate(rnd.players):
            won = player in winners
            sums["table:seats"] += 1
            sums["table:score"] += seat.score
            sums["table:score_sq"] += seat.score * seat.score
            sums["table:won"] += won
            for card in (*seat.augments, *((seat.contract,) if seat.contract else ())):
                base = base_id(card.card)
                sums[f"{base}:held"] += 1
                sums[f"{base}:score"] += seat.score
                sums[f"{base}:score_sq"] += seat.score * seat.score
                sums[f"{base}:won"] += won
                sums[f"{base}:triggered"] += card.triggered
            if seat.contract is not None:
                base, kind = base_id(seat.contract.card), seat.contract.kind
                sums[f"{base}:completed"] += seat.contract.completed
                sums[f"{base}:abandoned"] += seat.contract.abandoned
                sums[f"table:{kind}_chosen"] += 1
                sums[f"table:{kind}_completed"] += seat.contract.completed
        for drawn in rnd.drawn:
            base = base_id(drawn.card)
            sums[f"{base}:drawn"] += 1
            sums[f"{base}:unexecutable"] += drawn.unexecutable
            if drawn.deck == "chance":
                sums["table:chance_drawn"] += 1
                sums["table:chance_unexecutable"] += drawn.unexecutable
    return dict(sums)


class Ratio(BaseModel):
    """``Σ num / Σ den`` over seeds; ``squares`` names the sums of squares of its observations (a
    mean), none for a share (each observation 0 or 1)."""

    model_config = ConfigDict(frozen=True)

    num: Combo
    den: Combo
    squares: Combo = ()


class Figure(BaseModel):
    """A named figure: ``Σ weight × ratio``; ``kind`` as :class:`tools.lab.stats.Estimate`'s."""

    model_config = ConfigDict(frozen=True)

    name: str
    terms: tuple[tuple[float, Ratio], ...]
    kind: Literal["share", "mean", "rate"]

    @property
    def bounds(self) -> tuple[float, float] | None:
        """Where the figure can lie: a share in [0, 1], a difference of shares in [−1, 1]; a mean
        or a rate anywhere."""
        if self.kind != "share":
            return None
        return (0.0, 1.0) if len(self.terms) == 1 else (-1.0, 1.0)

    def difference_bounds(self) -> tuple[float, float] | None:
        """Where the difference of the figure between two runs can lie."""
        bounds = self.bounds
        return None if bounds is None else (bounds[0] - bounds[1], bounds[1] - bounds[0])


def _ratio(num: str, den: str, squares: str = "") -> Ratio:
    return Ratio(num=((num, 1),), den=((den, 1),), squares=((squares, 1),) if squares else ())


def _others(card: str, key: str) -> Combo:
    """Every player-round's ``key`` but those holding ``card`` (``seats`` less those ``held``)."""
    return ((f"table:{key}", 1), (f"{card}:{'held' if key == 'seats' else key}", -1))


CARD_FIGURES: dict[str, tuple[CardType, ...]] = {
    "completion": ("contract",),
    "unexecutable": ("chance", "party"),
    "score_advantage": ("augment", "contract"),
    "win_advantage": ("augment", "contract"),
    "holder_score": ("augment", "contract"),
    "holder_win_rate": ("augment", "contract"),
    "triggers_per_round": ("augment", "contract", "world"),
}
"""The figures a card of each type has, as :mod:`tools.lab.metrics` names them."""


def card_figure(card: str, metric: str) -> Figure:
    """Figure ``metric`` of the card with base id ``card`` (``C-05``, ``completion``)."""
    kind = card_type(card)
    if kind not in CARD_FIGURES.get(metric, ()):
        raise InputError(f"{card} has no figure {metric!r} (it is a card of type {kind})")
    name = f"{card}.{metric}"
    held = f"{card}:held"
    holders = _ratio(f"{card}:score", held, f"{card}:score_sq")
    others = Ratio(num=_others(card, "score"), den=_others(card, "seats"), squares=_others(card, "score_sq"))
    if metric == "completion":
        return Figure(name=name, terms=((1.0, _ratio(f"{card}:completed", held)),), kind="share")
    if metric == "unexecutable":
        return Figure(
            name=name, terms=((1.0, _ratio(f"{card}:unexecutable", f"{card}:drawn")),), kind="share"
        )
    if metric == "score_advantage":
        return Figure(name=name, terms=((1.0, holders), (-1.0, others)), kind="mean")
    if metric == "win_advantage":
        won = Ratio(num=_others(card, "won"), den=_others(card, "seats"))
        return Figure(name=name, terms=((1.0, _ratio(f"{card}:won", held)), (-1.0, won)), kind="share")
    if metric == "holder_score":
        return Figure(name=name, terms=((1.0, holders),), kind="mean")
    if metric == "holder_win_rate":
        return Figure(name=name, terms=((1.0, _ratio(f"{card}:won", held)),), kind="share")
    den = f"{card}:in_force" if kind == "world" else held
    return Figure(name=name, terms=((1.0, _ratio(f"{card}:triggered", den)),), kind="rate")


TABLE_FIGURES: dict[str, Figure] = {
    name: Figure(name=name, terms=((1.0, ratio),), kind=kind)
    for name, ratio, kind in (
        ("chance_unexecutable", _ratio("table:chance_unexecutable", "table:chance_drawn"), "share"),
        ("normal_contract_completion", _ratio("table:normal_completed", "table:normal_chosen"), "share"),
        ("black_contract_completion", _ratio("table:black_completed", "table:black_chosen"), "share"),
        ("exhausted_rounds", _ratio("table:exhausted", "table:rounds"), "share"),
        ("round_turns", _ratio("table:turns", "table:turned", "table:turns_sq"), "mean"),
        ("round_score", _ratio("table:score", "table:seats", "table:score_sq"), "mean"),
    )
}
"""The table figures of §18.3 that a version may move (:mod:`tools.lab.metrics` names)."""


def _total(seeds: Sequence[Sums], combo: Combo) -> list[int]:
    """Each seed's value of the combination of sums."""
    columns = [[sums.get(key, 0) for sums in seeds] for key, _ in combo]
    if len(combo) == 1 and combo[0][1] == 1:
        return columns[0]
    return [
        sum(c * column[i] for (_, c), column in zip(combo, columns, strict=True)) for i in range(len(seeds))
    ]


class Influence(BaseModel):
    """A figure over seeds: its value, each seed's influence on it, and the variance of one
    pseudo-observation of its largest spread (:func:`spread`)."""

    model_config = ConfigDict(frozen=True)

    value: float
    each: tuple[float, ...]
    prior: float


def influence(figure: Figure, seeds: Sequence[Sums]) -> Influence | None:
    """The figure over ``seeds`` with each seed's influence; ``None`` while a ratio has no
    observation (a card never held or drawn)."""
    t = len(seeds)
    if t == 0:
        return None
    value, each, prior = 0.0, [0.0] * t, 0.0
    for weight, ratio in figure.terms:
        num, den = _total(seeds, ratio.num), _total(seeds, ratio.den)
        total = sum(den)
        if total <= 0:
            return None
        r = sum(num) / total
        mean_den = total / t
        value += weight * r
        for i in range(t):
            each[i] += weight * (num[i] - r * den[i]) / mean_den
        prior += weight * weight * spread(ratio, seeds, r) / mean_den
    return Influence(value=value, each=tuple(each), prior=prior)


def spread(ratio: Ratio, seeds: Sequence[Sums], r: float) -> float:
    """The variance of one observation of the ratio: :data:`SHARE_SPREAD` for a share, the sample
    variance of the observations for a mean (from their sums of squares)."""
    if not ratio.squares:
        return SHARE_SPREAD
    total = sum(_total(seeds, ratio.den))
    return max(0.0, sum(_total(seeds, ratio.squares)) / total - r * r)


def _sd(each: Sequence[float], prior: float) -> float:
    """The per-seed standard deviation of influences, with one pseudo-observation of ``prior``."""
    t = len(each)
    mean = sum(each) / t
    return math.sqrt((sum((u - mean) ** 2 for u in each) + prior) / t)


def figure_sequence(figure: Figure, seeds: Sequence[Sums]) -> Interval | None:
    """The figure over ``seeds`` with its always-valid 95 % interval (:mod:`tools.lab.sequential`)."""
    found = influence(figure, seeds)
    if found is None:
        return None
    return _within(sequence(found.value, _sd(found.each, found.prior), len(seeds)), figure.bounds)


def _within(iv: Interval, bounds: tuple[float, float] | None) -> Interval:
    """The interval cut to where the figure can lie: it covers the truth whenever the uncut one does."""
    if bounds is None:
        return iv
    return iv.model_copy(update={"low": max(iv.low, bounds[0]), "high": min(iv.high, bounds[1])})


def student(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t law with ``df`` degrees of freedom (the normal quantile
    corrected to the third order in 1/df, Abramowitz and Stegun 26.7.5; within 1 % from 5 degrees
    of freedom at the quantiles read here), so that an interval over few seeds keeps its level."""
    z = NormalDist().inv_cdf(p)
    if df < 1:
        return math.inf
    z3, z5, z7 = z**3, z**5, z**7
    return (
        z
        + (z3 + z) / (4 * df)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * df**2)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df**3)
    )


def figure_fixed(figure: Figure, seeds: Sequence[Sums]) -> Interval | None:
    """The figure over ``seeds`` with its fixed-N 95 % interval (Student's t over the seeds), read once
    at the end of a run."""
    found = influence(figure, seeds)
    if found is None:
        return None
    t = len(seeds)
    sd = _sd(found.each, found.prior)
    half = student(0.975, t - 1) * sd / math.sqrt(t)
    iv = Interval(value=found.value, low=found.value - half, high=found.value + half, seeds=t, sd=sd)
    return _within(iv, figure.bounds)


def paired(figure: Figure, first: Sequence[Sums], second: Sequence[Sums]) -> tuple[float, float] | None:
    """The difference second − first of the figure over the same seeds and its per-seed standard
    deviation; ``None`` while either run lacks an observation."""
    if len(first) != len(second):
        raise ValueError("paired runs must cover the same seeds")
    a, b = influence(figure, first), influence(figure, second)
    if a is None or b is None:
        return None
    diffs = [y - x for x, y in zip(a.each, b.each, strict=True)]
    return b.value - a.value, _sd(diffs, a.prior + b.prior)


def paired_sequence(figure: Figure, first: Sequence[Sums], second: Sequence[Sums]) -> Interval | None:
    """The difference second − first over the same seeds with its always-valid 95 % interval."""
    found = paired(figure, first, second)
    if found is None:
        return None
    return _within(sequence(found[0], found[1], len(first)), figure.difference_bounds())


def paired_fixed(
    figure: Figure, first: Sequence[Sums], second: Sequence[Sums], family: int = 1
) -> Interval | None:
    """The difference second − first over the same seeds with its fixed-N 95 % interval (Student's t
    over the seeds), widened for ``family`` figures read together (Bonferroni), for one reading at
    the end of a run."""
    found = paired(figure, first, second)
    if found is None:
        return None
    value, sd = found
    t = len(first)
    half = student(1 - 0.05 / (2 * max(family, 1)), t - 1) * sd / math.sqrt(t)
    iv = Interval(value=value, low=value - half, high=value + half, seeds=t, sd=sd)
    return _within(iv, figure.difference_bounds())
