"""Start-up of the ``hexmj`` command: ``hexmj --help`` and ``hexmj lint`` of every card, against a
baseline commit of the same repository.

The baseline (default ``main``; ``--against REV``) is checked out in a temporary ``git worktree``
and run with this checkout's Python and dependencies, so the two differ only in their code.  Each
command runs in a fresh process, alternately on ours and on the baseline, best of ``--runs``, in
wall time and in the process's CPU time (which moves less with the machine's load); the script
prints both, their ratio (baseline / ours: above 1 is faster) and the targets: ``--help`` under
0.25 s, ``lint`` of all cards under 0.6 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN = "import sys; sys.argv = ['hexmj', *sys.argv[1:]]; from tools.cli import main; main()"
COMMANDS = {"--help": (["--help"], 0.25), "lint": (["lint"], 0.6)}
"""Each measured command: its arguments and the target time."""


def timed(checkout: Path, args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one ``hexmj ARGS`` run from ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "COLUMNS": "100"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", RUN, *args], cwd=checkout, env=env, capture_output=True, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Print one JSON line per command: ours, the baseline's, the ratios and the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="the baseline revision (default main)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hexmj-startup-") as folder:
        baseline = Path(folder) / "baseline"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(baseline), args.against],
            check=True,
            capture_output=True,
        )
        try:
            for command, target in COMMANDS.values():
                ours, theirs = [], []
                for _ in range(args.runs):
                    ours.append(timed(ROOT, command))
                    theirs.append(timed(baseline, command))
                best = min(ours)
                base = min(theirs)
                cpu, base_cpu = min(c for _, c in ours), min(c for _, c in theirs)
                row = {
                    "command": f"hexmj {' '.join(command)}",
                    "wall_s": round(best[0], 3),
                    "baseline_wall_s": round(base[0], 3),
                    "wall_ratio": round(base[0] / best[0], 2),
                    "cpu_s": round(cpu, 3),
                    "baseline_cpu_s": round(base_cpu, 3),
                    "cpu_ratio": round(base_cpu / cpu, 2),
                    "target_s": target,
                    "met_wall": best[0] < target,
                    "met_cpu": cpu < target,
                }
                print(json.dumps(row))
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(baseline)],
                check=False,
                capture_output=True,
            )


if __name__ == "__main__":
    main()
