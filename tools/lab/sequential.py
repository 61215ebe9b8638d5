"""Comparisons that stop when they are decided (§18.3, §18.4; issue 34 item 3).

A designer who compares two versions of a card, or asks whether a proposed version brings a figure
inside its §18.3 line, wants to stop as soon as the answer is clear.  Reading a fixed-N 95 %
interval after every batch and stopping at the first one that excludes zero is wrong: every look is
another chance of a false alarm, and with twenty looks the error rate is several times 5 %.

The lab uses an *always-valid confidence sequence* instead: a sequence of intervals that covers the
true value at every look at once with probability at least 95 %, so one may look after every seed
and stop whenever the interval decides.  It is Robbins' normal mixture boundary, the asymptotic
confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas (2021, "Time-uniform central
limit theory"): after ``t`` seeds, a mean with per-seed standard deviation ``σ`` lies within

    σ · sqrt( 2 (t ρ² + 1) / (t² ρ²) · log( sqrt(t ρ² + 1) / α ) )

of its estimate for every ``t`` together, where ``ρ`` only moves the place where the sequence is
tightest (:data:`TARGET_SEEDS`).  Why this and not a group-sequential design: a group-sequential
boundary needs the largest N and the look times fixed in advance and its power computed for a
planned difference; here the designer does not know the difference, the number of games a
decision needs differs by orders of magnitude between a gross fault and a fine tweak, and one
interval must serve two decisions at once — it excludes zero ("different") or lies inside the
designer's tolerance ("equivalent"; in ``hexmj tune``: inside the §18.3 line, or wholly outside
it).  A confidence sequence covers both with one error budget, whatever the looks.

The per-seed values are the influences of a ratio figure (:mod:`tools.lab.seed_figures`) paired by
seed: the same seed is played with both versions (duplicate seeding, common random numbers), so the
deal's luck cancels in the difference.  Nothing is decided before :data:`MIN_SEEDS` seeds, and the
variance carries one pseudo-observation of the figure's largest spread (:func:`half_width`), so a
run of seeds where nothing differed yet cannot shrink the interval to nothing.

:func:`fixed_seeds` (a difference) and :func:`fixed_line_seeds` (a figure against its line) give
what a fixed-N run of the same power would have needed: the power of this sequential rule at the
value found is simulated (seeded, :data:`POWER_PATHS` paths of a Gaussian walk looked at on the same
schedule), and the fixed N whose single 95 % interval has that power is computed in closed form.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from statistics import NormalDist
from typing import Literal

from pydantic import BaseModel, ConfigDict

ALPHA = 0.05
"""The error rate every decision holds to, under every look at once (95 %, as the lab's intervals)."""
MIN_SEEDS = 16
"""Seeds played before the first look."""
TARGET_SEEDS = 100
"""The number of seeds where the sequence is tightest (its mixture parameter ρ)."""
GROWTH = 4
"""After the first look, each batch adds a quarter of the seeds played so far (at least
:data:`MIN_SEEDS`), so a run of N seeds is looked at about 4 · ln(N / 16) times."""
POWER_PATHS = 2000
"""Paths of the Gaussian walk that estimate the sequential rule's power (:func:`fixed_seeds`)."""
POWER_SEED = 34
"""The seed of those paths: the same run reports the same fixed N."""

Decision = Literal["different", "equivalent", "inside", "outside"]
"""What a look decided: a difference's interval excludes 0 (``different``) or lies inside the
tolerance (``equivalent``); a figure's interval lies inside its line (``inside``) or wholly outside
it (``outside``)."""

_Z = NormalDist()


class Interval(BaseModel):
    """A figure or a difference after ``seeds`` seeds, with its always-valid 95 % interval."""

    model_config = ConfigDict(frozen=True)

    value: float
    low: float
    high: float
    seeds: int
    sd: float
    """The per-seed standard deviation behind the interval."""


def mixture(target: int = TARGET_SEEDS, alpha: float = ALPHA) -> float:
    """ρ² of the normal mixture whose boundary is tightest after ``target`` seeds."""
    a = -2.0 * math.log(alpha)
    return (a + math.log(a + 1.0)) / target


def radius(t: int, alpha: float = ALPHA, target: int = TARGET_SEEDS) -> float:
    """The confidence sequence's half-width after ``t`` seeds, for a per-seed standard deviation of 1."""
    r2 = mixture(target, alpha)
    grown = t * r2 + 1.0
    return math.sqrt(2.0 * grown / (t * t * r2) * math.log(math.sqrt(grown) / alpha))


def half_width(t: int, sd: float, alpha: float = ALPHA) -> float:
    """The half-width after ``t`` seeds of a mean whose per-seed standard deviation is ``sd``."""
    return sd * radius(t, alpha)


def sequence(value: float, sd: float, t: int) -> Interval:
    """The always-valid interval of ``value`` after ``t`` seeds."""
    w = half_width(t, sd)
    return Interval(value=value, low=value - w, high=value + w, seeds=t, sd=sd)


def decide_difference(iv: Interval, tolerance: float | None) -> Decision | None:
    """``different`` when the difference's interval excludes 0, ``equivalent`` when it lies inside
    ``±tolerance``; ``None`` while it does neither (no tolerance: only a difference decides)."""
    if iv.seeds < MIN_SEEDS:
        return None
    if iv.low > 0 or iv.high < 0:
        return "different"
    if tolerance is not None and -tolerance <= iv.low and iv.high <= tolerance:
        return "equivalent"
    return None


def decide_line(iv: Interval, low: float, high: float) -> Decision | None:
    """``inside`` when the figure's interval lies inside ``[low, high]``, ``outside`` when it lies
    wholly above or below it; ``None`` while it straddles an end."""
    if iv.seeds < MIN_SEEDS:
        return None
    if low <= iv.low and iv.high <= high:
        return "inside"
    if iv.high < low or iv.low > high:
        return "outside"
    return None


def looks(most: int) -> Iterator[int]:
    """The numbers of seeds after which a run of at most ``most`` seeds looks: :data:`MIN_SEEDS`,
    then a quarter more each time, and ``most`` last."""
    t = min(MIN_SEEDS, most)
    while True:
        yield t
        if t >= most:
            return
        t = min(most, t + max(MIN_SEEDS, t // GROWTH))


class Power(BaseModel):
    """What a fixed-N run of the same power as a sequential decision needs (:func:`fixed_seeds`)."""

    model_config = ConfigDict(frozen=True)

    power: float
    """The chance the sequential rule reaches this decision within its most seeds, at the difference
    found."""
    expected_seeds: float
    """The seeds it takes on average to decide, at that difference."""
    fixed_seeds: int | None
    """The seeds a fixed-N run needs for the same power; ``None`` when no N has it (no power)."""


def fixed_seeds(
    decision: Decision, value: float, sd: float, most: int, tolerance: float | None = None
) -> Power:
    """The power of the sequential rule at the estimated difference ``value`` (per-seed ``sd``) within
    ``most`` seeds, its expected seeds, and the seeds a fixed-N run needs for the same power: one 95 %
    interval read once, which must exclude 0 (``different``) or lie inside ``±tolerance``
    (``equivalent``)."""
    gap = abs(value) if decision == "different" else (tolerance or 0.0) - abs(value)
    return _power(decision, value, sd, most, gap, lambda iv: decide_difference(iv, tolerance))


def fixed_line_seeds(
    decision: Decision, value: float, sd: float, most: int, low: float, high: float
) -> Power:
    """The same for a figure read against its line ``[low, high]``: the rule decides ``inside`` or
    ``outside``; a fixed-N run's single 95 % interval must lie inside the line, or wholly outside it,
    the gap being the figure's distance to the nearest end of the line."""
    gap = min(value - low, high - value) if decision == "inside" else max(low - value, value - high)
    return _power(decision, value, sd, most, gap, lambda iv: decide_line(iv, low, high))


def _power(
    decision: Decision,
    value: float,
    sd: float,
    most: int,
    gap: float,
    decide: Callable[[Interval], Decision | None],
) -> Power:
    """Simulate the rule on :data:`POWER_PATHS` seeded paths of seeds with mean ``value`` and
    standard deviation ``sd``, looked at on :func:`looks`: how often it reaches ``decision`` within
    ``most`` seeds and after how many on average; then the fixed N with that power at ``gap``."""
    if sd <= 0:
        return Power(power=1.0, expected_seeds=float(MIN_SEEDS), fixed_seeds=MIN_SEEDS)
    rng = random.Random(POWER_SEED)
    schedule = list(looks(most))
    hits, spent = 0, 0
    for _ in range(POWER_PATHS):
        total, t = 0.0, 0
        stopped = schedule[-1]
        for seen in schedule:
            step = seen - t
            total += rng.gauss(value * step, sd * math.sqrt(step))
            t = seen
            found = decide(sequence(total / t, sd, t))
            if found is not None:
                stopped = t
                hits += found == decision
                break
        spent += stopped
    power = hits / POWER_PATHS
    if gap <= 0 or power <= ALPHA / 2:
        return Power(power=power, expected_seeds=spent / POWER_PATHS, fixed_seeds=None)
    needed = (_Z.inv_cdf(1 - ALPHA / 2) + _Z.inv_cdf(min(power, 0.999))) * sd / gap
    return Power(
        power=power, expected_seeds=spent / POWER_PATHS, fixed_seeds=max(2, math.ceil(needed * needed))
    )
