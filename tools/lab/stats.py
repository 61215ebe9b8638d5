"""95 % intervals for the balance metrics of §18.3 and for differences between two card versions (§18.4).

Shares use the Wilson score interval (it stays inside 0..1 and behaves for
rare events such as an unexecutable chance card); means of integer
observations use the normal approximation with the sample standard
deviation, computed from exact integer sums so that the order in which games
arrive never changes a digit; a difference of two
estimates uses the unpooled standard error of both.  A difference is significant
when its 95 % interval leaves out zero.  Every figure is rounded to six
decimals so the JSON of an aggregate is byte-identical run after run.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

Z95 = 1.959964
DECIMALS = 6


class Estimate(BaseModel):
    """A value with its 95 % interval and the number of observations behind it."""

    model_config = ConfigDict(frozen=True)

    value: float | None
    low: float | None
    high: float | None
    se: float | None
    n: int


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


def _empty() -> Estimate:
    return Estimate(value=None, low=None, high=None, se=None, n=0)


def share(hits: int, n: int) -> Estimate:
    """The share ``hits / n`` with its Wilson 95 % interval."""
    if n == 0:
        return _empty()
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(
        value=_round(p),
        low=_round(max(0.0, centre - half)),
        high=_round(min(1.0, centre + half)),
        se=_round(math.sqrt(p * (1 - p) / n)),
        n=n,
    )


def mean(values: Sequence[int]) -> Estimate:
    """The mean of integer ``values`` (scores, tiles, turns) with its normal-approximation 95 % interval."""
    return mean_of_moments(len(values), sum(values), sum(v * v for v in values))


def mean_of_moments(n: int, total: int, squares: int) -> Estimate:
    """The mean and 95 % interval of ``n`` integers from their exact sum and sum of squares."""
    if n == 0:
        return _empty()
    m = total / n
    se = math.sqrt(max(0, n * squares - total * total) / (n - 1)) / n if n > 1 else 0.0
    return Estimate(value=_round(m), low=_round(m - Z95 * se), high=_round(m + Z95 * se), se=_round(se), n=n)


def difference(a: Estimate, b: Estimate) -> Difference:
    """``b − a`` with the standard error of two independent estimates."""
    if a.value is None or b.value is None or a.se is None or b.se is None:
        return Difference(a=a, b=b, diff=None, low=None, high=None, significant=False)
    d = b.value - a.value
    se = math.hypot(a.se, b.se)
    low, high = d - Z95 * se, d + Z95 * se
    significant = (low > 0 or high < 0) if se > 0 else d != 0
    return Difference(a=a, b=b, diff=_round(d), low=_round(low), high=_round(high), significant=significant)
