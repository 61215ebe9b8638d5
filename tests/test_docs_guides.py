"""docs/designer-guide.md and docs/host-guide.md: the commands they show do what they show.

Each guide is read in order. A ``console`` block holds ``$ command`` lines,
each followed by its output; a command ending in ``; echo "exit $?"`` ends its
output with ``exit N``. The read-only ``hexmj`` commands (``card show``,
``cards``, ``pool``, ``lint``, ``score``, ``modules``, ``check``) and ``card
new-version`` on the designer's copy are run through ``tools.cli.app`` in a
temporary working folder, and must exit as documented and print every
documented output line (``…`` marks a cut) in the documented order. ``$ cat
FILE`` creates FILE with the shown text; a ``hex`` block holding the
``S-08-v2`` card or one behaviour line is the edit the designer guide makes
next. Commands that play sessions (``play``, ``replay``, ``simulate``), a
``hexmj`` command piped into another, and shell steps are not run here; ``tests/test_play_cli.py`` and
``tests/test_lab_cli.py`` cover those commands.

docs/dsl.md's "Every form in one line" lines are checked against the shipped
cards.
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.errors import HexError
from tools.cli import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
EXIT = '; echo "exit $?"'
RUN = (
    ("card", "show"),
    ("card", "new-version"),
    ("cards",),
    ("pool",),
    ("lint",),
    ("score",),
    ("modules",),
    ("check",),
)
"""The hexmj commands run here: read-only ones, and new-version on the guide's copy of the cards."""
NOT_RUN = ("play", "replay", "simulate")
"""hexmj commands that play sessions: shown in the guides, run by their own tests."""
SHELL = ("mkdir", "cp", "cd", "export", "head", "tail", "diff", "cmp", "ls", "sqlite3", "printf")
"""Shell steps of the guides that this test does not repeat (it prepares the folder itself)."""
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", flags=re.M | re.S)
BOX = re.compile(r"([─━┄┈═])\1+")


@dataclass
class Command:
    """One documented ``$ …`` line and the output shown under it."""

    line: str
    output: list[str]


def blocks(doc: Path) -> Iterator[tuple[str, str]]:
    """The fenced blocks of ``doc`` in order: (language, text)."""
    for match in FENCE.finditer(doc.read_text(encoding="utf-8")):
        yield match.group(1), match.group(2)


def commands(text: str) -> list[Command]:
    """The ``$ …`` lines of a console block, each with the output lines that follow it."""
    found: list[Command] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            found.append(Command(line[2:], []))
        elif found:
            found[-1].output.append(line)
    return found


def norm(line: str) -> str:
    """A line as compared: inner spaces and runs of box-drawing characters collapsed."""
    return BOX.sub(r"\1", re.sub(r"\s+", " ", line)).strip()


def assert_shown(documented: list[str], actual: str, what: str) -> None:
    """Every documented line (``…`` lines aside) occurs in the actual output, in the same order."""
    lines = [norm(x) for x in actual.splitlines()]
    at = 0
    for want in (norm(x) for x in documented):
        if not want or "…" in want:
            continue
        while at < len(lines) and lines[at] != want:
            at += 1
        assert at < len(lines), (
            f"{what}: line not printed (or out of order): {want!r}\n--- actual ---\n{actual}"
        )
        at += 1


def invoke(args: list[str], stdin: str | None) -> tuple[int, str]:
    """Run ``hexmj ARGS`` as :func:`tools.cli.main` would: (exit status, stdout and stderr)."""
    result = CliRunner().invoke(app, args, input=stdin, env={"COLUMNS": "100"})
    output = result.output
    if isinstance(result.exception, HexError):
        return result.exception.exit_code, output + f"hexmj: error: {result.exception}\n"
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, output


def run_command(command: Command, folder: Path) -> bool:
    """Run one documented command in ``folder`` if it is one this test runs; True if it ran."""
    line = command.line
    if line.startswith("cat "):
        (folder / line.split()[1]).write_text("\n".join(command.output) + "\n", encoding="utf-8")
        return True
    stdin = None
    piped = re.fullmatch(r"echo '(.*)' \| (hexmj .*)", line)
    if piped:
        stdin, line = piped.group(1) + "\n", piped.group(2)
    words = shlex.split(line.removesuffix(EXIT))
    if words[0] != "hexmj":
        assert words[0] in SHELL, f"a shell step this test does not know: {line}"
        return False
    args = words[1:]
    if args[0] in NOT_RUN or "|" in args:
        return False
    assert any(tuple(args[: len(r)]) == r for r in RUN), f"a hexmj command this test does not know: {line}"
    assert line.endswith(EXIT), f"a command run here shows its exit status: {line}"
    want = int(command.output[-1].removeprefix("exit "))
    code, out = invoke(args, stdin)
    assert code == want, f"{line}: exit {code}, documented {want}\n{out}"
    assert_shown(command.output[:-1], out, line)
    return True


def replace_card(hexfile: Path, card: str, text: str) -> None:
    """Put ``text`` (a whole card block) in place of the card ``card`` in ``hexfile``."""
    source = hexfile.read_text(encoding="utf-8")
    start = source.index(f"card {card} ")
    end = source.index("\n}\n", start) + 3
    hexfile.write_text(source[:start] + text.rstrip("\n") + "\n" + source[end:], encoding="utf-8")


def replace_behaviour(hexfile: Path, card: str, line: str) -> None:
    """Put ``line`` in place of the ``on …`` line of the card ``card`` in ``hexfile``."""
    source = hexfile.read_text(encoding="utf-8")
    start = source.index(f"card {card} ")
    end = source.index("\n}\n", start)
    body = re.sub(r"^  on .*$", lambda _: line.rstrip("\n"), source[start:end], count=1, flags=re.M)
    hexfile.write_text(source[:start] + body + source[end:], encoding="utf-8")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder holding a copy of the project's cards, as the designer guide sets up."""
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_designer_guide_commands_run_as_shown(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The designer's walk-through on a copy: new version, edits, lint errors with their carets, pool."""
    monkeypatch.setenv("HEXMJ_CARDS", "cards")
    silver = folder / "cards" / "silver.hex"
    shipped = (ROOT / "cards" / "silver.hex").read_text(encoding="utf-8")
    ran = 0
    for lang, text in blocks(DOCS / "designer-guide.md"):
        if lang == "hex" and text.startswith("card S-08-v2 "):
            replace_card(silver, "S-08-v2", text)
        elif lang == "hex" and text.startswith("card S-08 "):
            assert text.strip() in shipped, "the guide shows S-08 as shipped"
        elif lang == "hex" and text.lstrip().startswith("on "):
            replace_behaviour(silver, "S-08-v2", text)
        elif lang == "console":
            ran += sum(run_command(c, folder) for c in commands(text))
    assert ran >= 8
    assert (ROOT / "cards" / "silver.hex").read_text(encoding="utf-8") == shipped


def test_host_guide_commands_run_as_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's commands: modules, a mode's pool, and the §13.15 examples through ``hexmj score``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HEXMJ_CARDS", raising=False)
    ran = 0
    for lang, text in blocks(DOCS / "host-guide.md"):
        if lang == "console":
            ran += sum(run_command(c, tmp_path) for c in commands(text))
    assert ran >= 8


def test_dsl_reference_lines_come_from_the_shipped_cards() -> None:
    """docs/dsl.md "Every form in one line": each line (its comment aside) is in a shipped card file."""
    doc = (DOCS / "dsl.md").read_text(encoding="utf-8")
    section = doc.split("## Every form in one line", 1)[1].split("\n## ", 1)[0]
    block = section.split("```hex\n", 1)[1].split("```", 1)[0]
    files = [*(ROOT / "cards").glob("*.hex"), *(ROOT / "modules").glob("*/*.hex")]
    source = "\n".join(path.read_text(encoding="utf-8") for path in files)
    lines = [re.sub(r"\s+#.*$", "", x).strip() for x in block.splitlines()]
    missing = [x for x in lines if x and not x.startswith("#") and x not in source]
    assert missing == []
