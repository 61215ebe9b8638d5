"""The TextMate grammar of ``.hex`` (editors/vscode/): built from the vocabulary, and checked by
``vscode-tmgrammar-test`` on the sample files of ``editors/vscode/tests``.

``.ci/run`` installs the tool from npm into ``editors/vscode/node_modules`` (git-ignored); without
it the grammar run is skipped, except under CI, where a missing tool fails."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from dsl import parse_text
from engine.hextech import vocabulary as v
from tools.lsp.textmate import PATH, grammar_json

EXTENSION = PATH.parents[1]
TOOL = EXTENSION / "node_modules" / ".bin" / "vscode-tmgrammar-test"
SAMPLES = sorted((EXTENSION / "tests").glob("*.hex"))


def test_the_grammar_file_is_the_generated_one() -> None:
    """editors/vscode/syntaxes/hexcard.tmLanguage.json is what `python -m tools.lsp.textmate` writes,
    and names every event of the vocabulary (§6.6's kong.established among them)."""
    assert PATH.read_text(encoding="utf-8") == grammar_json(), "run: python -m tools.lsp.textmate"
    events = next(p["match"] for p in json.loads(grammar_json())["patterns"] if "event" in p.get("name", ""))
    assert all(name.replace(".", "\\.") in events for name in v.EVENTS)


def test_the_samples_are_card_files() -> None:
    """The sample files parse as card files: their assertion lines are comments."""
    assert len(SAMPLES) >= 2
    for sample in SAMPLES:
        assert parse_text(sample.read_text(encoding="utf-8"), str(sample))


def test_vscode_tmgrammar_test_passes_on_the_samples() -> None:
    """Every scope the samples assert (keywords, events, primitives, field labels, strings, numbers,
    comments) is the one the grammar gives."""
    if not TOOL.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{TOOL} is missing: .ci/run installs it with npm")
        pytest.skip("vscode-tmgrammar-test is not installed (npm install --prefix editors/vscode)")
    done = subprocess.run(
        [str(TOOL), "-g", str(PATH), *map(str, SAMPLES)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("run successfuly") == len(SAMPLES)
