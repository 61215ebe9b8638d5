"""The standings of a session, for every rule set (§16).

The players by total, highest first; equal totals share a rank with no tie-break (§16: "总积分相同时，
玩家直接并列排名"), the next rank counting every player above (1, 1, 3); among equals A is listed
before B.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Standing(NamedTuple):
    """A player's place: its total, its rank and whether another player shares it."""

    player: int
    total: int
    rank: int
    tied: bool


def standings(totals: Sequence[int]) -> list[Standing]:
    """Every player of ``totals`` by total, highest first, equal totals sharing a rank (§16)."""
    order = sorted(range(len(totals)), key=lambda p: (-totals[p], p))
    return [
        Standing(p, totals[p], 1 + sum(t > totals[p] for t in totals), list(totals).count(totals[p]) > 1)
        for p in order
    ]
