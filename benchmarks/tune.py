"""How long ``hexmj tune --until-decided`` takes to propose a version of one contract of the ``all``
pool with greedy agents, against a fixed-N search of the same power timed in the same run (issue 34
item 5).

Target: the sequential search within 10 minutes on two cores.  It times the search (the pool's
measurement and every candidate's); the proposal's side effects, read afterwards, extend the pool's
run to the proposal's seeds and are not timed.
The fixed-N search measures the pool and every candidate on N seeds each, N being the largest of
the fixed Ns that give each decision the sequential search reached (the card outside its line, each
candidate inside or outside it) the power the sequential rule had at the figure it found
(:func:`tools.lab.sequential.fixed_line_seeds`): a designer who fixes N in advance must choose one
N that serves every decision.  Both searches play the same seeds; the benchmark prints each one's
games and time and their ratio, and whether both propose the same version.

    python benchmarks/tune.py [--card C-23] [--mode all] [--rounds 8] [--workers 2 | --cluster URL]
"""

from __future__ import annotations

import argparse
import json
import time

from dsl.loader import load_cards
from dsl.pools import card_paths
from engine.build_info import describe
from tools.lab.executors import open_executor
from tools.lab.measure import Bench
from tools.lab.sequential import Interval, decide_line, fixed_line_seeds
from tools.lab.session_spec import SessionSpec
from tools.lab.tune import Tuned, Tuner

TARGET_SECONDS = 600.0
MOST = 2000


def search(
    spec: SessionSpec, card: str, games: int, until: bool, workers: int | None, cluster: str | None
) -> tuple[Tuner, Tuned, float]:
    """One search for ``card``: the tuner (its bench counts the games), the search, the seconds."""
    library = load_cards(card_paths(None))
    started = time.perf_counter()
    with open_executor(workers, cluster) as pool:
        tuner = Tuner(Bench(1, pool.executor, pool.slots), spec, library, games, until)
        flagged = next(f for f in tuner.measure((card,)) if f.card.split("-v")[0] == card)
        tuned = tuner.search(flagged)
    return tuner, tuned, time.perf_counter() - started


def fixed_n(tuned: Tuned) -> int | None:
    """The fixed N of the same power as every decision the sequential search reached."""
    line = tuned.flagged.line
    decided: list[Interval] = [tuned.flagged.interval]
    decided += [probe.interval for probe in tuned.probes if probe.interval is not None]
    needed = []
    for iv in decided:
        decision = decide_line(iv, line.low, line.high)
        if decision is None:
            continue
        found = fixed_line_seeds(decision, iv.value, iv.sd, MOST, line.low, line.high)
        if found.fixed_seeds is not None:
            needed.append(found.fixed_seeds)
    return max(needed, default=None)


def main() -> None:
    """Time the sequential search, then the fixed-N one of the same power; print both and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--card", default="C-23")
    parser.add_argument("--mode", default="all", choices=("strategy", "party", "all"))
    parser.add_argument("--rounds", type=int, choices=(4, 8), default=8)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--cluster", default=None)
    args = parser.parse_args()
    print(describe())
    spec = SessionSpec(mode=args.mode, rounds=args.rounds, cards=None, pool=None)
    tuner, tuned, seconds = search(spec, args.card, MOST, True, args.workers, args.cluster)
    found = tuned.proposal
    print(
        json.dumps(
            {
                "search": "until decided",
                "card": tuned.source.id,
                "flagged": round(tuned.flagged.interval.value, 3),
                "probes": [[p.edit, p.verdict, p.measurement.played] for p in tuned.probes],
                "proposal": None if found is None else found.edit,
                "games": tuner.bench.games,
                "seconds": round(seconds, 1),
            },
            ensure_ascii=False,
        )
    )
    n = fixed_n(tuned)
    if n is None:
        print("no decision had a fixed N of the same power: nothing to compare")
        return
    fixed, fixed_tuned, fixed_seconds = search(spec, args.card, n, False, args.workers, args.cluster)
    other = fixed_tuned.proposal
    print(
        json.dumps(
            {
                "search": f"fixed N = {n} seeds per measurement (the same power)",
                "probes": [[p.edit, p.verdict, p.measurement.played] for p in fixed_tuned.probes],
                "proposal": None if other is None else other.edit,
                "games": fixed.bench.games,
                "seconds": round(fixed_seconds, 1),
            },
            ensure_ascii=False,
        )
    )
    verdict = "holds" if seconds <= TARGET_SECONDS else "misses"
    print(
        f"until decided: {seconds:.0f} s, {tuner.bench.games} games "
        f"(target <= {TARGET_SECONDS:.0f} s: {verdict})"
    )
    print(f"fixed N of the same power: {fixed_seconds:.0f} s, {fixed.bench.games} games")
    print(
        f"ratio until decided / fixed N: {seconds / fixed_seconds:.2f}x time, "
        f"{tuner.bench.games / fixed.bench.games:.2f}x games; same proposal: "
        f"{(found and found.edit) == (other and other.edit)}"
    )


if __name__ == "__main__":
    main()
