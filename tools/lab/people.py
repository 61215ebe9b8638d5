"""People beside bots: the §18.3 figures of real-table sessions next to the simulated ones (issue 34
item 4, §18.3).

The record store keeps the sessions people played at a real table with source ``table``.  Those of
the cohort ``hexmj tune`` measured — the same card versions, mode and length (§16, §18.4: records of
other versions never mix) — are read, and each card's line figure is given for people and for the
bots, each with its 95 % interval; where the two intervals do not meet, people and bots disagree
beyond them, and the card is flagged: a bot's weakness, or the table's, is for the designer to read
before trusting either figure (R656).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict
from sqlalchemy import Engine

from tools.lab.records import Cohort, SessionRecord
from tools.lab.seed_figures import Figure, figure_fixed, session_sums
from tools.lab.sequential import Interval
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


def beside(records: Sequence[SessionRecord], figures: Sequence[tuple[str, Figure, Interval]]) -> list[Beside]:
    """For each (card, figure, the bots' interval), people's figure over ``records`` beside it; a
    figure people never reached (a card they never held) is left out."""
    seeds = [session_sums(record) for record in records]
    out = []
    for card, figure, bots in figures:
        people = figure_fixed(figure, seeds) if seeds else None
        if people is None:
            continue
        apart = people.high < bots.low or bots.high < people.low
        out.append(Beside(card=card, figure=figure.name, people=people, bots=bots, disagree=apart))
    return out
