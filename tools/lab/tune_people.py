"""People beside bots: the §18.3 figures of real-table sessions next to the simulated ones (issue 34
item 4, §18.3).

The record store keeps the sessions people played at a real table with source ``table``.  Those of
the cohort ``hexmj tune`` measured — the same card versions, mode and length (§16, §18.4: records of
other versions never mix) — are read, and each card's line figure is given for people and for the
bots, each with its 95 % interval as the lab reports it (a share's Wilson interval, which keeps its
width for the few sessions a table plays); where the two intervals do not meet, people and bots disagree
beyond them, and the card is flagged: a bot's weakness, or the table's, is for the designer to read
before trusting either figure (R656).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict
from sqlalchemy import Engine

from tools.lab.metrics import Aggregate
from tools.lab.records import Cohort, SessionRecord
from tools.lab.sequential import Interval
from tools.lab.stats import Difference, Estimate
from tools.lab.store import load_sessions

TABLE_SOURCE = "table"
"""The source of a session people played at a real table."""


class Beside(BaseModel):
    """One card's figure for people and for bots, and whether their intervals do not meet."""

    model_config = ConfigDict(frozen=True)

    card: str
    figure: str
    people: Interval
    bots: Interval
    disagree: bool


def table_sessions(store: Engine, cohort: Cohort) -> list[SessionRecord]:
    """The real-table sessions of one cohort, in the order they were stored."""
    return [record for record in load_sessions(store, cohort) if record.source == TABLE_SOURCE]


def lab_interval(found: Aggregate, card: str, figure: str) -> Interval | None:
    """A card's figure as the lab reports it (:mod:`tools.lab.metrics`: a share's Wilson interval, a
    mean's normal one, a difference's), or ``None`` when the card has none."""
    stats = found.cards.get(card)
    value = None if stats is None else getattr(stats, figure, None)
    if isinstance(value, Estimate) and value.value is not None:
        assert value.low is not None and value.high is not None
        return Interval(value=value.value, low=value.low, high=value.high, seeds=value.n, sd=value.se or 0.0)
    if isinstance(value, Difference) and value.diff is not None:
        assert value.low is not None and value.high is not None
        n = value.b.n
        return Interval(value=value.diff, low=value.low, high=value.high, seeds=n, sd=0.0)
    return None


def beside(people: Aggregate, bots: Aggregate, figures: Sequence[tuple[str, str]]) -> list[Beside]:
    """For each (card, figure), people's figure beside the bots', each as the lab reports it; a figure
    people never reached (a card they never held or drew) is left out."""
    out = []
    for card, figure in figures:
        theirs, ours = lab_interval(people, card, figure), lab_interval(bots, card, figure)
        if theirs is None or ours is None:
            continue
        apart = theirs.high < ours.low or ours.high < theirs.low
        name = f"{card}.{figure}"
        out.append(Beside(card=card, figure=name, people=theirs, bots=ours, disagree=apart))
    return out
