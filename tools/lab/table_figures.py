"""The figures of many sessions of a rule set other than hextech, from their records (issue 14
item 5): what a designer balancing its fan, base and options reads.

Per seat: how often it wins a round, how many of its wins are 自摸 and how many 点和 (won on
another's discard), how often it deals into another's win (点炮), its mean session score and how
often it finishes first; for the table: the drawn rounds (荒牌), the mean and largest total of a
win, and how often each fan (standard's 81, 红中's 平胡, 支番, kongs…) is scored per win.  Records
are counted where they are played and the counts merged (:meth:`Figures.merge`); every figure is
a whole-number count until the end, so the same sessions give the same figures byte for byte,
however many processes played them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core.seats import PLAYERS

SEATS = tuple(PLAYERS[p] for p in range(4))


def _seats() -> dict[str, int]:
    return dict.fromkeys(SEATS, 0)


@dataclass
class Figures:
    """Counts over the session records added so far."""

    games: int = 0
    rounds: int = 0
    drawn: int = 0
    wins: dict[str, int] = field(default_factory=_seats)
    self_drawn: dict[str, int] = field(default_factory=_seats)
    dealt_in: dict[str, int] = field(default_factory=_seats)
    first: dict[str, int] = field(default_factory=_seats)
    totals: dict[str, int] = field(default_factory=_seats)
    squares: dict[str, int] = field(default_factory=_seats)
    fan: Counter[str] = field(default_factory=Counter)
    win_totals: Counter[int] = field(default_factory=Counter)

    def add(self, record: dict[str, Any]) -> None:
        """Count one session's record (:func:`tools.table_record.session_record`)."""
        self.games += 1
        for played in record["rounds"]:
            self.rounds += 1
            self.drawn += played["drawn"]
            for win in played["wins"]:
                seat = win["seat"]
                self.wins[seat] += 1
                if win["from"] is None:
                    self.self_drawn[seat] += 1
                else:
                    self.dealt_in[win["from"]] += 1
                self.fan.update({f["name"]: f["count"] for f in win["fan"]})
                self.win_totals[win["total"]] += 1
        for standing in record["standings"]:
            seat, total = standing["seat"], standing["total"]
            self.totals[seat] += total
            self.squares[seat] += total * total
            self.first[seat] += standing["rank"] == 1

    def merge(self, other: Figures) -> None:
        """Add the counts of records added elsewhere (a worker's chunk): whole numbers, so the order
        of merging changes nothing."""
        self.games += other.games
        self.rounds += other.rounds
        self.drawn += other.drawn
        for mine, theirs in (
            (self.wins, other.wins),
            (self.self_drawn, other.self_drawn),
            (self.dealt_in, other.dealt_in),
            (self.first, other.first),
            (self.totals, other.totals),
            (self.squares, other.squares),
        ):
            for seat in SEATS:
                mine[seat] += theirs[seat]
        self.fan.update(other.fan)
        self.win_totals.update(other.win_totals)

    @property
    def won(self) -> int:
        """Wins over all seats."""
        return sum(self.wins.values())

    def doc(self, head: dict[str, Any]) -> dict[str, Any]:
        """The JSON document of ``hexmj simulate --rules NAME``: ``head`` (rules, options, seed,
        games, agents), then the figures."""
        won = self.won
        win_sum = sum(total * n for total, n in self.win_totals.items())
        return {
            **head,
            "rounds": self.rounds,
            "win_rate": {seat: rate(self.wins[seat], self.rounds) for seat in SEATS},
            "drawn_rate": rate(self.drawn, self.rounds),
            "mean_score": {seat: round(self.totals[seat] / self.games, 4) for seat in SEATS},
            "fan_frequency": {
                name: rate(count, won)
                for name, count in sorted(self.fan.items(), key=lambda i: (-i[1], i[0]))
            },
            "self_drawn_share": {seat: rate(self.self_drawn[seat], self.wins[seat]) for seat in SEATS},
            "deal_in_rate": {seat: rate(self.dealt_in[seat], self.rounds) for seat in SEATS},
            "first_place_rate": {seat: rate(self.first[seat], self.games) for seat in SEATS},
            "mean_win_total": rate(win_sum, won),
            "largest_win_total": max(self.win_totals, default=0),
        }


def rate(count: int, of: int) -> float:
    """``count / of`` to four decimals; 0 when there is nothing to count."""
    return round(count / of, 4) if of else 0.0


def figure_lines(doc: dict[str, Any]) -> list[str]:
    """The terminal summary of :meth:`Figures.doc`."""

    def per_seat(figures: dict[str, float], shown: str) -> str:
        return "  ".join(f"{seat} {value:{shown}}" for seat, value in figures.items())

    return [
        f"{doc['games']} sessions of {doc['rules']} ({doc['rounds']} rounds), seed {doc['seed']}, "
        f"agents {','.join(doc['agents'])}",
        f"  win rate per round: {per_seat(doc['win_rate'], '.1%')}",
        f"  自摸 share of wins: {per_seat(doc['self_drawn_share'], '.1%')}",
        f"  点炮 (dealt in) per round: {per_seat(doc['deal_in_rate'], '.1%')}",
        f"  drawn rounds (荒牌): {doc['drawn_rate']:.1%}",
        f"  mean session score: {per_seat(doc['mean_score'], '+.2f')}",
        f"  first place: {per_seat(doc['first_place_rate'], '.1%')}",
        f"  win total: mean {doc['mean_win_total']:.2f}, largest {doc['largest_win_total']}",
        "  fan per win: " + ("  ".join(f"{n} {r:.1%}" for n, r in doc["fan_frequency"].items()) or "none"),
    ]
