"""The one round machinery of every rule set — the one deal, the one sequence after a discard, the one
set of bots — through the command line (issue 33 item 1; §11, §18.3, R382): every bot name plays
every rule set, the log it writes replays to the account the play printed, and the log cut in the
middle of a round resumes to the very log and account of the session never stopped; a bad bot name
is refused in one line with exit code 2 at every rule set's table, by ``hexmj play`` and ``hexmj
simulate`` alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

RULE_SETS = ("standard", "hongzhong", "hextech")
EVERY_BOT = "search:2,greedy,random,search"
"""A budgeted and a plain searching bot beside the greedy and the random one."""


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_bot_plays_replays_and_resumes_every_rule_set_byte_for_byte_s18_3_r382(
    rules: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmj play`` of every bot name; ``hexmj replay`` of its log prints the same account; the
    first half of the log, resumed, grows into the whole log and prints the same account again."""
    whole = tmp_path / "whole.jsonl"
    code, played, err = run_hexmj(
        ["play", "--rules", rules, "--rounds", "4", "--agents", EVERY_BOT, "--seed", "5", "--db", "none",
         "--log", str(whole)],
        monkeypatch, capsys,
    )  # fmt: skip
    assert code == 0, err
    lines = whole.read_bytes().splitlines(keepends=True)
    assert len(lines) > 100 and b'"round.ended"' in b"".join(lines)
    assert run_hexmj(["replay", str(whole)], monkeypatch, capsys)[:2] == (0, played)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[: len(lines) // 2]))
    code, resumed, err = run_hexmj(["play", "--resume", str(cut), "--db", "none"], monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert cut.read_bytes() == whole.read_bytes()
    assert resumed == played


REFUSED = {
    "search:0": "the budget of search for B must be a whole number 1…4096, got '0'",
    "search:x": "the budget of search for B must be a whole number 1…4096, got 'x'",
    "greedy:3": "unknown agent 'greedy:3' for B (one of random, greedy, search",
    "nobody": "unknown agent 'nobody' for B (one of random, greedy, search",
}
"""A bad bot name at seat B, and the start of the line that refuses it."""


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_bad_bot_name_is_refused_in_one_line_at_every_rule_sets_table_s4(
    rules: str, name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``search:0``, ``search:x``, ``greedy:3`` (a bot that takes no budget) and ``nobody``: exit 2,
    nothing printed, one line naming the seat and what is wrong, whichever command and rule set."""
    agents = f"greedy,{name},greedy,greedy"
    for command in (["play"], ["simulate", "--games", "1", "--workers", "1"]):
        code, out, err = run_hexmj(
            [*command, "--rules", rules, "--agents", agents, "--db", "none"], monkeypatch, capsys
        )
        assert (code, out) == (2, "")
        assert err.startswith(f"hexmj: error: --agents: {REFUSED[name]}") and err.count("\n") == 1
