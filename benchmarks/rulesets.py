"""Rounds per second of another rule set's greedy rounds against hextech's, in one run (issue 14
item 7: "whole standard and hongzhong rounds with greedy agents at least as fast per round as
hextech rounds").

Rows: four greedy bots playing the sessions of each rule set named by ``--rules`` (an installed
rule set of ``hexmj.rulesets``, played by the core's table, ``engine/core/table_session.py``) and
four greedy agents playing 8-round hextech sessions of mode ``all`` (every card live), the peer.
Each row is timed in process CPU time, in three slices interleaved with the others, and the best
slice counts (the machine is shared); the ratio is each rule set's rate over hextech's.

    python benchmarks/rulesets.py --rules NAME [--rules NAME…] [--seconds S]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

from engine.agents.roster import make_bots
from engine.build_info import describe
from engine.core.registry import ruleset
from engine.core.session import drive
from engine.core.table_session import TableConfig, TableSession
from engine.hextech.session import SessionConfig
from tools.hextech_session import new_session, session_cards

SLICES = 3
MODE = "all"

Play = Callable[[int], int]
"""Plays one session for a seed and returns the rounds it played."""


def table_rounds(name: str) -> Play:
    """A whole session of rule set ``name`` with four greedy bots."""
    rules = ruleset(name)
    options = rules.resolve_options(())

    def play(seed: int) -> int:
        session = TableSession(TableConfig(rules, options, seed))
        return len(drive(session, make_bots(["greedy"] * 4, seed)).rounds)

    return play


def hextech_rounds(seed: int) -> int:
    """An 8-round hextech session of mode ``all`` with four greedy agents."""
    session = new_session(SessionConfig(seed, MODE))
    return len(drive(session, make_bots(["greedy"] * 4, seed)).rounds)


class Row:
    """One timed row: the best slice's rounds per CPU second."""

    def __init__(self, name: str, play: Play) -> None:
        self.name, self.play, self.seed, self.rates = name, play, 0, [0.0]

    def slice(self, seconds: float) -> None:
        """Play whole sessions for at least ``seconds`` of process CPU time."""
        started, rounds = time.process_time(), 0
        while (spent := time.process_time() - started) < seconds:
            rounds += self.play(self.seed)
            self.seed += 1
        self.rates.append(rounds / spent)


def main() -> None:
    """Print one JSON line per row, then each rule set's ratio to hextech."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", action="append", required=True, metavar="NAME", help="a rule set to time")
    parser.add_argument("--seconds", type=float, default=9.0, help="CPU seconds per row, all slices")
    args = parser.parse_args()
    session_cards(MODE)
    print(describe())
    peer = Row("hextech, 4 greedy agents", hextech_rounds)
    rows = [Row(f"{name}, 4 greedy bots", table_rounds(name)) for name in args.rules]
    for row in (peer, *rows):
        row.play(99)
    for _ in range(SLICES):
        for row in (peer, *rows):
            row.slice(args.seconds / SLICES)
    for row in (peer, *rows):
        print(json.dumps({"row": row.name, "rounds_per_cpu_s": round(max(row.rates), 1)}, ensure_ascii=False))
    for row in rows:
        print(f"{row.name}: {max(row.rates) / max(peer.rates):.2f}× hextech's greedy rounds per second")


if __name__ == "__main__":
    main()
