"""The play grid that proves a change kept play byte for byte (docs/performance.md).

Plays 54 sessions — modes ``strategy``, ``party`` and ``all``; four random, four greedy and two of
each; seeds 1–6 — through ``hexmj play --json --log`` and prints one SHA-256 per session over its
JSON output and its event log, then one digest of the whole grid.  Run it before and after a
change (``PYTHONPATH=build/compiled`` runs it on the compiled engine) and compare the last line.

    python benchmarks/grid.py [--rules NAME] [--jobs N]
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from itertools import product
from pathlib import Path

MODES = ("strategy", "party", "all")
AGENTS = ("random", "greedy", "random,greedy,random,greedy")
SEEDS = range(1, 7)


def session_digest(mode: str, agents: str, seed: int, extra: list[str]) -> str:
    """The SHA-256 of one session's ``--json`` output followed by its event log."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "session.jsonl"
        command = [sys.executable, "-P", "-c", "from tools.cli import main; main()", "play"]
        command += ["--seed", str(seed), "--mode", mode, "--agents", agents, "--json", "--db", "none"]
        command += ["--log", str(log), *extra]
        printed = subprocess.run(command, capture_output=True, check=True).stdout
        return hashlib.sha256(printed + log.read_bytes()).hexdigest()


def main() -> None:
    """Play the grid and print each session's digest and the grid's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default=None)
    args = parser.parse_args()
    extra = ["--rules", args.rules] if args.rules else []
    cells = list(product(MODES, AGENTS, SEEDS))
    with ThreadPoolExecutor(args.jobs) as pool:
        digests = list(pool.map(lambda cell: session_digest(*cell, extra), cells))
    whole = hashlib.sha256()
    for (mode, agents, seed), digest in zip(cells, digests, strict=True):
        print(f"{mode:8} {agents:28} seed {seed}  {digest[:16]}")
        whole.update(digest.encode())
    print(f"grid of {len(cells)} sessions: {whole.hexdigest()}")


if __name__ == "__main__":
    main()
