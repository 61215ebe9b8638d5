"""``hexmj simulate --compare`` with the real engine on a designer's copy of the cards (§18.4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from tools.cli import app

REPO = Path(__file__).resolve().parent.parent


def test_an_unchanged_new_version_plays_the_same_seeds_to_the_same_figures_s18_4(tmp_path: Path) -> None:
    """§18.4: a new version is a copy of the latest one until the designer edits it.  Compared with
    its original over the same seeds, every §18.3 figure of the two versions is the same and no
    difference is called significant — the comparison plays each seed once with each version."""
    cards = tmp_path / "cards"
    shutil.copytree(REPO / "cards", cards)
    runner = CliRunner()
    made = runner.invoke(app, ["card", "new-version", "S-08", "--cards", str(cards)])
    assert made.exit_code == 0, made.output
    assert "S-08-v2" in (cards / "silver.hex").read_text(encoding="utf-8")
    args = ["simulate", "--compare", "S-08", "S-08-v2", "--games", "2", "--rounds", "4"]
    args += ["--workers", "1", "--cards", str(cards), "--db", "none", "--json"]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    doc = json.loads(out.stdout)
    assert doc["compare"] == ["S-08", "S-08-v2"]
    compared = {name: m for name, m in doc["metrics"].items() if isinstance(m, dict) and "a" in m}
    assert {"normal_contract_completion", "black_contract_completion", "chance_unexecutable"} <= set(compared)
    for name, metric in compared.items():
        assert metric["a"] == metric["b"], name
        assert metric["diff"] == 0 and metric["significant"] is False, name
