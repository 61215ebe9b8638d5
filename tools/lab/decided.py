"""``simulate --compare A B --until-decided``: two versions on the same seeds until the card's figure
is decided (§18.4; issue 34 item 3).

Both versions play seeds ``0, 1, 2, …`` in step; after :data:`tools.lab.sequential.MIN_SEEDS` seeds
and then after each quarter more, the difference B − A of the card's figure is read with its
always-valid 95 % interval over the paired seeds (:func:`tools.lab.seed_figures.paired_sequence`).
The run stops once the interval excludes 0 (``different``) or lies inside ``±tolerance``
(``equivalent``), or at ``most`` seeds (undecided).  The report gives the seeds it took beside
those a fixed-N run of the same power needs (:func:`tools.lab.sequential.fixed_seeds`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core.errors import InputError
from tools.lab.measure import Bench, Measurement
from tools.lab.metrics import card_type
from tools.lab.records import base_id
from tools.lab.seed_figures import CARD_FIGURES, TABLE_FIGURES, Figure, card_figure, paired_sequence
from tools.lab.sequential import Decision, Interval, Power, decide_difference, fixed_seeds, looks
from tools.lab.stats import figure as shown_figure

DEFAULT_FIGURE = {
    "contract": "completion",
    "chance": "unexecutable",
    "party": "unexecutable",
    "augment": "score_advantage",
    "world": "triggers_per_round",
}
"""The figure a comparison decides on when the designer names none: the one §18.3 draws a line for
(a contract's completion, a chance card's unexecutable share), an augment's holder advantage, a
world card's triggers per round."""


class Sequential(BaseModel):
    """How a comparison that stops when decided ended."""

    model_config = ConfigDict(frozen=True)

    figure: str
    tolerance: float | None
    decision: Decision | None
    """``None``: undecided after ``most`` seeds."""
    interval: Interval | None
    most: int
    power: Power | None


def compared_figure(card: str, name: str | None) -> Figure:
    """The figure a comparison of versions of ``card`` decides on: ``name`` (one of the card's figures
    or a table figure) or the card type's default."""
    base = base_id(card)
    if name is None:
        name = DEFAULT_FIGURE.get(card_type(base))
        if name is None:
            raise InputError(f"--figure: name the figure to decide on for {base}")
    if name in TABLE_FIGURES:
        return TABLE_FIGURES[name]
    if name not in CARD_FIGURES:
        known = ", ".join([*CARD_FIGURES, *TABLE_FIGURES])
        raise InputError(f"--figure: {name!r} is not a figure (one of {known})")
    return card_figure(base, name)


def until_decided(
    bench: Bench,
    first: Measurement,
    second: Measurement,
    figure: Figure,
    tolerance: float | None,
    most: int,
) -> Sequential:
    """Play both versions on the same seeds, looking at :func:`tools.lab.sequential.looks`, until the
    difference of ``figure`` is decided or ``most`` seeds are played."""
    interval: Interval | None = None
    decision: Decision | None = None
    for seeds in looks(most):
        bench.extend(first, seeds)
        bench.extend(second, seeds)
        interval = paired_sequence(figure, first.seeds, second.seeds)
        decision = None if interval is None else decide_difference(interval, tolerance)
        if decision is not None:
            break
    power = None
    if decision is not None and interval is not None:
        power = fixed_seeds(decision, interval.value, interval.sd, most, tolerance)
    return Sequential(
        figure=figure.name, tolerance=tolerance, decision=decision, interval=interval, most=most, power=power
    )


def sequential_doc(s: Sequential) -> dict[str, Any]:
    """The ``sequential`` part of ``simulate --compare … --until-decided --json``."""
    iv = s.interval
    doc: dict[str, Any] = {
        "figure": s.figure,
        "tolerance": s.tolerance,
        "decision": s.decision,
        "seeds": 0 if iv is None else iv.seeds,
        "games": 0 if iv is None else 2 * iv.seeds,
        "most": s.most,
        "diff": None if iv is None else round(iv.value, 6),
        "low": None if iv is None else round(iv.low, 6),
        "high": None if iv is None else round(iv.high, 6),
    }
    if s.power is not None:
        fixed = s.power.fixed_seeds
        doc.update(
            power=round(s.power.power, 4),
            expected_seeds=round(s.power.expected_seeds, 1),
            fixed_seeds=fixed,
            fixed_games=None if fixed is None else 2 * fixed,
        )
    return doc


def sequential_lines(s: Sequential, versions: tuple[str, str]) -> list[str]:
    """The terminal lines of a comparison that stops when decided."""
    first, second = versions
    tolerance = "" if s.tolerance is None else f", tolerance ±{shown_figure(s.tolerance)}"
    lines = [f"until decided: {s.figure}{tolerance} (always-valid 95 % intervals, any number of looks)"]
    iv = s.interval
    if iv is None:
        return [*lines, f"  undecided after {s.most} seeds: neither version gave the figure an observation"]
    diff = f"{second} − {first} {shown_figure(iv.value, True)} [{shown_figure(iv.low, True)}, "
    diff += f"{shown_figure(iv.high, True)}]"
    if s.decision is None:
        return [*lines, f"  undecided after {iv.seeds} seeds ({2 * iv.seeds} games, the most): {diff}"]
    lines.append(f"  {s.decision} after {iv.seeds} seeds ({2 * iv.seeds} games): {diff}")
    if s.power is not None:
        power = s.power
        if power.fixed_seeds is None:
            fixed = "no fixed-N run has that power"
        else:
            seeds = power.fixed_seeds
            fixed = f"a fixed-N run of the same power needs {seeds} seeds ({2 * seeds} games)"
        lines.append(
            f"  power {power.power:.2f} at this difference within {s.most} seeds: {fixed}; "
            f"this rule takes {power.expected_seeds:.0f} seeds on average"
        )
    return lines
