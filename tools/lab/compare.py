"""Two versions of one card side by side (§18.4): the same seeds played once with each version.

Every table metric of §18.3 and the card's own figures are given for both
versions with the difference (second minus first), its 95 % interval and
whether that interval leaves out zero.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core.errors import InputError
from tools.lab.metrics import CARD_FIGURES, Aggregate, CardStats, Metrics
from tools.lab.records import Cohort, base_id
from tools.lab.stats import Difference, Estimate, difference


class Comparison(BaseModel):
    """The differences between the run with ``versions[0]`` and the run with ``versions[1]``."""

    model_config = ConfigDict(frozen=True)

    versions: tuple[str, str]
    cohorts: tuple[Cohort, Cohort]
    games: int
    metrics: dict[str, Difference]
    card: dict[str, Difference]


def check_versions(first: str, second: str) -> None:
    """Both ids must be versions of one card (§18.4: a card keeps its id, a version is appended)."""
    if base_id(first) != base_id(second):
        raise InputError(f"--compare needs two versions of one card, not {first} and {second} (§18.4)")
    if first == second:
        raise InputError(f"--compare needs two different versions, not {first} twice")


def metric_estimates(metrics: Metrics) -> dict[str, Estimate]:
    """Each table metric by a flat name: ``wall_left_at_win.1`` … ``win_order.none``."""
    flat: dict[str, Estimate] = {}
    for name, value in metrics:
        if isinstance(value, Estimate):
            flat[name] = value
    for i, wall in enumerate(metrics.wall_left_at_win, start=1):
        flat[f"wall_left_at_win.{i}"] = wall
    for place, est in zip(("1", "2", "3", "none"), metrics.win_order, strict=True):
        flat[f"win_order.{place}"] = est
    return flat


def compare(first: str, a: Aggregate, second: str, b: Aggregate) -> Comparison:
    """Both runs' table metrics, and card ``first``'s figures in ``a`` against ``second``'s in ``b``."""
    ma, mb = metric_estimates(a.metrics), metric_estimates(b.metrics)
    return Comparison(
        versions=(first, second),
        cohorts=(a.cohort, b.cohort),
        games=a.games,
        metrics={name: difference(ma[name], mb[name]) for name in ma},
        card=_card_differences(a.cards.get(first), b.cards.get(second)),
    )


def _card_differences(a: CardStats | None, b: CardStats | None) -> dict[str, Difference]:
    if a is None or b is None:
        return {}
    figures: dict[str, Difference] = {}
    for name in CARD_FIGURES:
        ea, eb = getattr(a, name), getattr(b, name)
        if isinstance(ea, Estimate) and isinstance(eb, Estimate):
            figures[name] = difference(ea, eb)
    return figures
