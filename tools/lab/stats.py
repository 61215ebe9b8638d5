"""95 % intervals for the balance metrics of §18.3 and for differences between two card versions (§18.4).

A *share* (hits out of n: a completion, a win rate, an unexecutable draw)
uses the Wilson score interval: it stays inside [0, 1], never has zero
width for n ≥ 1 and keeps close to its 95 % for small n and rare events
(5 completions out of 5 give [0.566, 1]).  A *mean* of integer observations
(a score, a wall count) uses the normal approximation with the sample
standard deviation, computed from exact integer sums so that the order in
which games arrive never changes a digit; a mean without spread (one value,
or values all alike) has no interval: its ``low`` and ``high`` are ``None``
and it prints as ``12.000 [no interval: 1 value]`` (R591).  A *rate* (a count
per round, such as triggers per round) takes the wider of that interval and
the exact Poisson interval of its total, never below 0, so it has width even
when every round counted the same.  A difference of two shares or two rates
recovers its interval from both estimates' intervals (MOVER: Newcombe's hybrid
score interval for shares, so it stays inside [−1, 1]; for rates it keeps the
width of the Poisson intervals, so two rates of zero never give a zero-width
difference); a difference of two means uses the unpooled standard error of
both, and has no interval when either mean has none.  A difference is
significant when its 95 % interval leaves out zero.  Every
figure is rounded to :data:`DECIMALS` decimals in the JSON, so that it is
byte-identical run after run, and printed with :func:`figure` (three
decimals) on the terminal and in reports.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

Z95 = 1.959964
DECIMALS = 6
SHOWN = 3
"""Decimals of a figure printed on the terminal or in a report."""

Kind = Literal["share", "mean", "rate"]


class Estimate(BaseModel):
    """A value with its 95 % interval and the number of observations behind it; ``kind`` says whether
    it is a share (in [0, 1]), a mean or a rate (a mean count per round, never negative)."""

    model_config = ConfigDict(frozen=True)

    value: float | None
    low: float | None
    high: float | None
    se: float | None
    n: int
    kind: Kind = "mean"


class Difference(BaseModel):
    """``b − a`` of two estimates, its 95 % interval and whether the interval leaves out zero."""

    model_config = ConfigDict(frozen=True)

    a: Estimate
    b: Estimate
    diff: float | None
    low: float | None
    high: float | None
    significant: bool


def _round(x: float) -> float:
    return round(x, DECIMALS) + 0.0


def _empty(kind: Kind = "mean") -> Estimate:
    return Estimate(value=None, low=None, high=None, se=None, n=0, kind=kind)


def figure(x: float | None, signed: bool = False) -> str:
    """A figure as the terminal and the reports print it: three decimals, ``–`` when there is none."""
    if x is None:
        return "–"
    return f"{x:+.{SHOWN}f}" if signed else f"{x:.{SHOWN}f}"


def shown(e: Estimate | None) -> str:
    """An estimate as printed: ``0.625 [0.306, 0.863]``, ``12.000 [no interval: 1 value]``, or ``–``."""
    if e is None or e.value is None:
        return "–"
    if e.low is None or e.high is None:
        return f"{figure(e.value)} [{no_interval(e)}]"
    return f"{figure(e.value)} [{figure(e.low)}, {figure(e.high)}]"


def shown_difference(d: Difference) -> str:
    """A difference as printed: ``+0.125 [-0.050, +0.300]``, ``+3.000 [no interval: 1 value]``, or ``–``."""
    if d.diff is None:
        return "–"
    if d.low is None or d.high is None:
        without = d.a if d.a.low is None else d.b
        return f"{figure(d.diff, True)} [{no_interval(without)}]"
    return f"{figure(d.diff, True)} [{figure(d.low, True)}, {figure(d.high, True)}]"


def no_interval(e: Estimate) -> str:
    """Why a mean has no interval (R591): one value, or values all alike."""
    return "no interval: 1 value" if e.n == 1 else f"no interval: {e.n} values alike"


def share(hits: int, n: int) -> Estimate:
    """The share ``hits / n`` with its Wilson 95 % interval, inside [0, 1]."""
    if n == 0:
        return _empty("share")
    if not 0 <= hits <= n:
        raise ValueError(f"a share needs 0 <= hits <= n, not {hits} of {n}")
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(
        value=_round(p),
        low=_round(min(p, max(0.0, centre - half))),
        high=_round(max(p, min(1.0, centre + half))),
        se=_round(math.sqrt(p * (1 - p) / n)),
        n=n,
        kind="share",
    )


def rate(n: int, total: int, squares: int) -> Estimate:
    """The mean count per round of ``n`` non-negative counts: the wider of the normal interval of
    the sample and the exact Poisson (Garwood) interval of ``total`` events in ``n`` rounds, never
    below 0, so that rounds that all count the same still leave room for chance."""
    e = mean_of_moments(n, total, squares)
    if e.value is None or e.se is None:
        return e.model_copy(update={"kind": "rate"})
    spread = Z95 * e.se
    low = _chi2(0.025, 2 * total) / (2 * n) if total else 0.0
    high = _chi2(0.975, 2 * total + 2) / (2 * n)
    return e.model_copy(
        update={
            "low": _round(max(0.0, min(e.value - spread, low))),
            "high": _round(max(e.value + spread, high)),
            "se": _round(max(e.se, math.sqrt(total) / n)),
            "kind": "rate",
        }
    )


def _chi2(p: float, k: int) -> float:
    """The ``p`` quantile of the chi-square law with ``k`` degrees of freedom (Wilson–Hilferty;
    exact for k = 2, within 1 % for the quantiles used here)."""
    if k == 2:
        return -2.0 * math.log(1.0 - p)
    z = Z95 if p > 0.5 else -Z95
    return k * max(0.0, 1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def mean(values: Sequence[int]) -> Estimate:
    """The mean of integer ``values`` (scores, tiles, turns) with its normal-approximation 95 % interval."""
    return mean_of_moments(len(values), sum(values), sum(v * v for v in values))


def mean_of_moments(n: int, total: int, squares: int) -> Estimate:
    """The mean and 95 % interval of ``n`` integers from their exact sum and sum of squares."""
    if n == 0:
        return _empty()
    m = total / n
    se = math.sqrt(max(0, n * squares - total * total) / (n - 1)) / n if n > 1 else 0.0
    if se == 0:
        return Estimate(value=_round(m), low=None, high=None, se=0.0, n=n)
    return Estimate(value=_round(m), low=_round(m - Z95 * se), high=_round(m + Z95 * se), se=_round(se), n=n)


def difference(a: Estimate, b: Estimate) -> Difference:
    """``b − a`` of two independent estimates: for two shares or two rates the interval recovered
    from both intervals (MOVER; Newcombe's for shares), else the unpooled standard error of both; no
    interval when either mean has none (R591)."""
    if a.value is None or b.value is None or a.se is None or b.se is None:
        return Difference(a=a, b=b, diff=None, low=None, high=None, significant=False)
    d = b.value - a.value
    if a.low is None or a.high is None or b.low is None or b.high is None:
        return Difference(a=a, b=b, diff=_round(d), low=None, high=None, significant=False)
    if a.kind == b.kind and a.kind in ("share", "rate"):
        low = d - math.hypot(b.value - b.low, a.high - a.value)
        high = d + math.hypot(b.high - b.value, a.value - a.low)
        significant = low > 0 or high < 0
        return Difference(
            a=a, b=b, diff=_round(d), low=_round(low), high=_round(high), significant=significant
        )
    se = math.hypot(a.se, b.se)
    low, high = d - Z95 * se, d + Z95 * se
    significant = low > 0 or high < 0
    return Difference(a=a, b=b, diff=_round(d), low=_round(low), high=_round(high), significant=significant)
