"""``hexmj card new-version`` marks the examples it copies for review, prints them, and ``hexmj
check`` names them until the designer clears the marks (§18.4, issue 32 item 18, R594)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

import dsl.loader

CARDS = Path(__file__).resolve().parent.parent / "cards"
NOTE = "copied from S-08: check it against S-08-v2's text, then delete this line"


@pytest.fixture
def card_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the core card files, used instead of ``cards/``."""
    copy = tmp_path / "cards"
    shutil.copytree(CARDS, copy)
    monkeypatch.setattr(dsl.loader, "CORE_CARDS", copy)
    return copy


def names(path: Path) -> list[str]:
    """The examples' names, in the order of the file."""
    return [m[1] for m in re.finditer(r"^  - example: (.*)$", path.read_text("utf-8"), re.MULTILINE)]


def test_new_version_prints_the_copied_examples_to_review_s18_4(
    card_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """S-08 → S-08-v2: each copied example gets a ``review:`` line, and the command prints the
    file:line of each with its name."""
    code, out, _ = run_hexmj(["card", "new-version", "S-08"], monkeypatch, capsys)
    copy = card_dir / "examples" / "S-08-v2.yaml"
    assert code == 0, out
    lines = out.splitlines()
    copied = names(copy)
    assert lines[1] == f"{copy}: the examples of S-08, {len(copied)} to review against S-08-v2's text:"
    text = copy.read_text("utf-8").splitlines()
    marked = [(int(line.split(":")[1]), line.split(": review: ")[1]) for line in lines[2:]]
    assert [name for _, name in marked] == copied and len(copied) == 5
    for number, _ in marked:
        assert text[number - 1] == f'    review: "{NOTE}"'


def test_check_names_the_examples_to_review_until_their_marks_are_cleared_s18_4(
    card_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """After S-08-v2's text is edited (it now looks at 2 tiles, not 3), ``check`` says which copied
    examples are to review and which of them fail against the new text; once the designer deletes
    the marks they are plain examples again (control: S-08's own examples are never marked)."""
    assert run_hexmj(["card", "new-version", "S-08"], monkeypatch, capsys)[0] == 0
    silver = card_dir / "silver.hex"
    head, _, tail = silver.read_text("utf-8").partition('card S-08-v2 "绝张观察"')
    silver.write_text(
        head + 'card S-08-v2 "绝张观察"' + tail.replace("look_and_reorder(3)", "look_and_reorder(2)", 1)
    )
    copy = card_dir / "examples" / "S-08-v2.yaml"
    code, out, _ = run_hexmj(["check", str(copy)], monkeypatch, capsys)
    lines = out.splitlines()
    assert code == 1
    assert all(
        line.startswith(("REVIEW PASS ", "REVIEW FAIL ")) and line.endswith(f"({NOTE})")
        for line in lines[:-1]
    )
    assert lines[0].startswith(f"REVIEW FAIL {copy}:")
    assert lines[-1].startswith("5 example(s), ") and lines[-1].endswith(" failed, 5 to review")
    code, out, _ = run_hexmj(["check", "--json", str(copy)], monkeypatch, capsys)
    assert all(e["review"] == NOTE for e in json.loads(out))
    copy.write_text(
        "".join(kept for kept in copy.read_text("utf-8").splitlines(True) if "review:" not in kept), "utf-8"
    )
    code, out, _ = run_hexmj(["check", str(copy)], monkeypatch, capsys)
    assert "REVIEW" not in out and not out.splitlines()[-1].endswith("to review")
    code, out, _ = run_hexmj(["check", str(card_dir / "examples" / "S-08.yaml")], monkeypatch, capsys)
    assert code == 0 and "REVIEW" not in out
