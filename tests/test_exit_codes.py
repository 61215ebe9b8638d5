"""Exit statuses belong to the command line (issue 33 item 3): the engine's errors keep their kinds
and carry no status; ``tools/exit_codes.py`` gives each kind its status (README's table)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

import engine.core.errors as errors
from dsl.errors import CardSyntaxError, Diagnostic, Location
from engine.core.errors import CardError, EngineFault, HexError, LogError
from tools.cli import EXIT_MEANINGS
from tools.exit_codes import KIND_STATUS, CommandError, exit_code
from tools.interrupt import EXIT_INTERRUPTED, Interrupted

CARDS = Path(__file__).resolve().parents[1] / "cards"


def _kinds() -> list[type[HexError]]:
    return [kind for kind in vars(errors).values() if isinstance(kind, type) and issubclass(kind, HexError)]


def test_the_engines_errors_name_no_exit_status() -> None:
    """No error class of the engine holds a status; the command line's table names every kind."""
    assert len(_kinds()) == 7
    assert all("exit_code" not in vars(kind) and "status" not in vars(kind) for kind in _kinds())
    assert set(KIND_STATUS) == set(_kinds())


def test_each_kind_ends_with_the_status_readme_gives_it() -> None:
    """README: 2 malformed input, 3 illegal action, 4 card error, 5 log, 6 load, 70 a defect."""
    meanings = {kind.__name__: EXIT_MEANINGS[status] for kind, status in KIND_STATUS.items()}
    assert meanings == {
        "HexError": "malformed input or usage",
        "InputError": "malformed input or usage",
        "IllegalActionError": "an illegal action",
        "CardError": "a card error",
        "LogError": "a log that does not replay or resume",
        "ModuleLoadError": "a module or a rule set that cannot be loaded",
        "EngineFault": "a defect of hexmj",
    }


def test_a_derived_error_ends_with_the_status_of_its_nearest_kind() -> None:
    """The dsl's syntax error is a card error (4); a log error stays 5; a fault 70."""
    where = Location(file="cards/x.hex", line=1, column=1)
    found = Diagnostic(severity="error", code="SYNTAX", cards=(), message="no", location=where)
    assert exit_code(CardSyntaxError(found, "x")) == KIND_STATUS[CardError] == 4
    assert exit_code(LogError("x")) == 5
    assert exit_code(EngineFault("x")) == 70


def test_the_command_lines_own_failures_carry_their_status() -> None:
    """Ctrl-C is 130, a failure of the command line's own its status, whatever kind it derives from."""
    assert exit_code(Interrupted("stopped")) == EXIT_INTERRUPTED == 130

    class Refused(CommandError):
        status = 9

    assert exit_code(Refused("no")) == 9


def test_a_card_file_that_does_not_parse_exits_4_through_hexmj(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `.hex` file with a syntax error: one ``hexmj: error:`` line and status 4, from the table."""
    shutil.copytree(CARDS, tmp_path / "cards")
    (tmp_path / "cards" / "silver.hex").write_text("card S-01 {\n", encoding="utf-8")
    code, _, err = run_hexmj(["cards", "--cards", str(tmp_path / "cards")], monkeypatch, capsys)
    assert (code, err.startswith("hexmj: error:")) == (4, True), err
