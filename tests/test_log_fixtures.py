"""Session logs recorded by an earlier release replay to the same account, byte for byte (§18.3,
R191): a hextech session of the `all` mode with both modules, a standard and a 红中 session, each
seed 7, greedy and random bots, recorded with ``hexmj play --log`` and kept with the account
``hexmj replay --json`` printed then (``tests/data/logs``).  A change of the engine that moves how a
recorded session plays, or how its log reads, fails here.
"""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import pytest

LOGS = Path(__file__).parent / "data" / "logs"
RECORDED = sorted(path.name.removesuffix(".jsonl.gz") for path in LOGS.glob("*.jsonl.gz"))


def test_every_rule_set_has_a_recorded_session() -> None:
    """Each built-in rule set keeps a recorded session."""
    assert {name.split("-")[0] for name in RECORDED} == {"hextech", "standard", "hongzhong"}


@pytest.mark.parametrize("name", RECORDED)
def test_a_recorded_session_replays_to_its_account(name: str, tmp_path: Path) -> None:
    """``hexmj replay LOG --json`` of a recorded log prints the account recorded with it."""
    log = tmp_path / f"{name}.jsonl"
    log.write_bytes(gzip.decompress((LOGS / f"{name}.jsonl.gz").read_bytes()))
    done = subprocess.run(
        [sys.executable, "-c", "from tools.cli import main; main()", "replay", str(log), "--json"],
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout == (LOGS / f"{name}.account.json").read_bytes()
