"""Speed of the card tooling: parse, compile and pool all 192 cards; lint the whole set.

Each measurement runs in a fresh Python process, so it is a cold start: the
imports, reading the ``.hex`` files, parsing, the semantic pass, compiling and
building the 全模块模式 pool (§3).  Targets: under 0.3 s for the pool and
under 1 s for lint.  Prints the best of a few runs and the target of each, in
wall time (what the target is about) and in the process's CPU time, which
moves less with the machine's load.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.build_info import describe

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5

POOL = """
import time
start, cpu = time.perf_counter(), time.process_time()
from dsl.compiler import compile_cards
from dsl.pools import pool_cards
cards = pool_cards("all")
compiled = compile_cards(cards)
assert len(compiled) == 192
print(time.perf_counter() - start, time.process_time() - cpu)
"""

LINT = """
import time
start, cpu = time.perf_counter(), time.process_time()
from dsl.lint import lint
report = lint()
print(time.perf_counter() - start, time.process_time() - cpu)
"""

CASES = {"parse + compile + pool, 192 cards": (POOL, 0.3), "lint, every card and module": (LINT, 1.0)}


def cold_seconds(script: str) -> tuple[float, float]:
    """The best wall and CPU times of :data:`RUNS` fresh processes running ``script``."""
    walls, cpus = [], []
    for _ in range(RUNS):
        done = subprocess.run(
            [sys.executable, "-P", "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
        )
        wall, cpu = (float(part) for part in done.stdout.split())
        walls.append(wall)
        cpus.append(cpu)
    return min(walls), min(cpus)


def main() -> None:
    """Measure each case and print one line per case (and a JSON summary)."""
    print(describe())
    results = {}
    for name, (script, target) in CASES.items():
        seconds, cpu = cold_seconds(script)
        verdict = "ok" if seconds < target else "SLOW"
        print(
            f"{name:40s} {seconds * 1000:7.1f} ms  (CPU {cpu * 1000:6.1f} ms; "
            f"target {target * 1000:.0f} ms) {verdict}"
        )
        results[name] = round(seconds, 4)
        results[f"{name}, CPU"] = round(cpu, 4)
    print(json.dumps(results, ensure_ascii=False))


if __name__ == "__main__":
    main()
