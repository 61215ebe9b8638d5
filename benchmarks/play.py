"""Rounds per second of whole sessions, every card live, against RLCard's mahjong with random agents.

Rows, all in one run on the same machine: four random agents and four greedy
agents playing 8-round sessions of mode ``all`` (every card of the pool and
both modules live, §3), and the peer — RLCard's ``mahjong`` environment
(``rlcard.make("mahjong")``, four ``RandomAgent``, ``env.run``) — in games
(one game is one round) per second.  Targets: random agents at least 10 times
the peer's rate, greedy agents at least 3 times the peer's random-agent rate;
a whole session's peak memory under 100 MB.

Cards are compiled and RLCard imported before any timing.  Each row is timed
in process CPU time, in three slices interleaved with the other rows, and the
best slice counts (the machine is shared).  Peak memory is measured first,
before RLCard and NumPy are imported: ``tracemalloc``'s peak over one greedy
session, and the process's maximum resident set size.

    python benchmarks/play.py [--seconds S] [--profile N]

``--profile N`` instead profiles N sessions of each agent kind with cProfile
and prints the top functions by own time (docs/performance.md).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import resource
import time
import tracemalloc
from collections.abc import Callable

from engine.agents.roster import make_bots
from engine.build_info import describe
from engine.core.session import drive
from engine.hextech.session import SessionConfig
from tools.hextech_session import new_session, session_cards

RANDOM_TARGET = 10.0
GREEDY_TARGET = 3.0
MEMORY_LIMIT_MB = 100.0
SLICES = 3
MODE = "all"

Play = Callable[[int], int]
"""Plays one unit (a session, or a peer game) for a seed and returns the rounds it played."""


def our_rounds(agent: str) -> Play:
    """Play the 8-round session of ``seed`` with four agents of one kind; return its rounds."""

    def play(seed: int) -> int:
        session = new_session(SessionConfig(seed, MODE))
        return len(drive(session, make_bots([agent] * 4, seed)).rounds)

    return play


def peer_rounds() -> Play:
    """One RLCard mahjong game (a single round, no cards) with four random agents."""
    import numpy as np
    import rlcard  # type: ignore[import-untyped]
    from rlcard.agents import RandomAgent  # type: ignore[import-untyped]

    env = rlcard.make("mahjong", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    np.random.seed(0)

    def play(seed: int) -> int:
        env.run(is_training=False)
        return 1

    return play


class Row:
    """One timed row: its rounds and CPU seconds per slice; the best slice is its rate."""

    def __init__(self, name: str, play: Play) -> None:
        self.name = name
        self.play = play
        self.seed = 0
        self.rates: list[float] = []

    def slice(self, seconds: float) -> None:
        """Play whole units for at least ``seconds`` of process CPU time."""
        started = time.process_time()
        rounds = 0
        while (spent := time.process_time() - started) < seconds:
            rounds += self.play(self.seed)
            self.seed += 1
        self.rates.append(rounds / spent)

    @property
    def rate(self) -> float:
        """Rounds per CPU second, best slice."""
        return max(self.rates)


def peak_memory() -> tuple[float, float]:
    """MB: tracemalloc's peak over one full greedy session, and the process's maximum RSS so far."""
    tracemalloc.start()
    our_rounds("greedy")(12345)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20, rss_kb / 2**10


def profile(sessions: int, top: int = 25) -> None:
    """Print the top ``top`` functions by own time over ``sessions`` sessions of each agent kind."""
    for agent in ("random", "greedy"):
        play = our_rounds(agent)
        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(sessions):
            play(seed)
        profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("tottime").print_stats(top)
        stats.sort_stats("cumulative").print_stats(top)
        print(f"== {sessions} sessions, four {agent} agents, mode {MODE} ==")
        print(out.getvalue())


def main() -> None:
    """Print one JSON line per row, then the ratios and the memory against their targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="CPU seconds per row, all slices")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="profile N sessions instead")
    args = parser.parse_args()
    session_cards(MODE)
    print(describe())
    if args.profile:
        profile(args.profile)
        return
    traced, rss = peak_memory()
    rows = [
        Row("hexmj, 4 random agents", our_rounds("random")),
        Row("hexmj, 4 greedy agents", our_rounds("greedy")),
        Row("rlcard mahjong, 4 random agents", peer_rounds()),
    ]
    for row in rows:
        row.play(99)
    for _ in range(SLICES):
        for row in rows:
            row.slice(args.seconds / SLICES)
    for row in rows:
        slices = [round(r, 1) for r in row.rates]
        print(json.dumps({"row": row.name, "rounds_per_cpu_s": round(row.rate, 1), "slices": slices}))
    print(json.dumps({"row": "hexmj session peak memory", "tracemalloc_mb": round(traced, 1)}))
    print(json.dumps({"row": "process max RSS before rlcard", "mb": round(rss, 1)}))
    ours_random, ours_greedy, peer = (row.rate for row in rows)
    checks = [
        ("random / peer random", ours_random / peer, RANDOM_TARGET),
        ("greedy / peer random", ours_greedy / peer, GREEDY_TARGET),
    ]
    for name, value, target in checks:
        print(f"{name}: {value:.2f}x (target >= {target}x) {'ok' if value >= target else 'MISSED'}")
    verdict = "ok" if max(traced, rss) < MEMORY_LIMIT_MB else "MISSED"
    memory = f"{traced:.1f} MB traced, {rss:.1f} MB RSS"
    print(f"session peak memory: {memory} (target < {MEMORY_LIMIT_MB} MB) {verdict}")


if __name__ == "__main__":
    main()
