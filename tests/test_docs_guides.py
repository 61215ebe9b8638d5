"""docs/designer-guide.md and docs/host-guide.md: every command they show does what they show.

Each guide is read in order. A ``console`` block holds ``$ command`` lines,
each followed by its output; a command ending in ``; echo "exit $?"`` ends its
output with ``exit N``, any other must exit 0. Every command runs, in the
order shown, in a temporary copy of the repository's ``cards/`` whose
``/tmp`` is a folder of its own: ``hexmj`` through ``tools.cli.app`` (fed by
``echo``/``printf``, into ``> FILE``, or cut by ``| head -N`` as shown), the
shell steps (``mkdir``, ``cp``, ``head``, ``tail``, ``diff``, ``cmp``,
``ls``, ``sqlite3``) by the shell, ``cd`` and ``export`` by this test. Each
must print every documented output line (``…`` marks a cut) in the
documented order. ``$ cat FILE`` creates FILE with the shown text; a ``hex``
block holding a new version of a card (``S-08-v2``, ``O-P05-v2``) or one
behaviour line of ``S-08-v2`` is the edit the designer guide makes next.

docs/dsl.md's "Every form in one line" lines are checked against the shipped
cards.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.core.errors import HexError
from tools.cli import app
from tools.exit_codes import exit_code

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
EXIT = '; echo "exit $?"'
SHELL = ("mkdir", "cp", "head", "tail", "diff", "cmp", "ls", "sqlite3")
"""Shell steps of the guides, run by the shell in the guide's working folder."""
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


@dataclass
class Table:
    """Where the guide's commands run: a root standing for ``/tmp``, the working folder, the
    variables the guide exports."""

    root: Path
    cwd: Path
    env: dict[str, str]

    def here(self, text: str) -> str:
        """A guide's line with its ``/tmp/`` paths moved under this run's root."""
        return text.replace("/tmp/", f"{self.root}/tmp/")


def invoke(args: list[str], stdin: str | None, table: Table) -> tuple[int, str, str]:
    """Run ``hexmj ARGS`` as :func:`tools.cli.main` would, in the table's folder: (exit status,
    standard output, standard error)."""
    previous = Path.cwd()
    os.chdir(table.cwd)
    try:
        result = CliRunner().invoke(app, args, input=stdin, env={"COLUMNS": "100", **table.env})
    finally:
        os.chdir(previous)
    err = result.stderr
    if isinstance(result.exception, HexError):
        return exit_code(result.exception), result.stdout, err + f"hexmj: error: {result.exception}\n"
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, err


HEXMJ = re.compile(
    r"(?:(?P<feed>echo|printf) (?P<text>'[^']*') \| )?(?P<command>hexmj [^|>]*?)"
    r"(?: > (?P<into>\S+)| \| head -(?P<head>\d+))?"
)


def run_command(command: Command, table: Table) -> None:
    """Run one documented command; it must exit as documented (0 unless an ``exit N`` line says
    otherwise) and print every documented output line in order."""
    line = table.here(command.line)
    documented = [table.here(x) for x in command.output]
    if line.startswith("cat "):
        (table.cwd / line.split()[1]).write_text("\n".join(command.output) + "\n", encoding="utf-8")
        return
    want = 0
    if line.endswith(EXIT):
        line, want = line.removesuffix(EXIT), int(documented.pop().removeprefix("exit "))
    words = shlex.split(line)
    if words[0] == "cd":
        table.cwd = table.cwd / words[1]
        return
    if words[0] == "export":
        name, _, value = words[1].partition("=")
        table.env[name] = value
        return
    call = HEXMJ.fullmatch(line)
    if call is None:
        assert words[0] in SHELL, f"a shell step this test does not know: {line}"
        done = subprocess.run(
            line, shell=True, cwd=table.cwd, capture_output=True, text=True, check=False, timeout=60
        )
        code, shown = done.returncode, done.stdout + done.stderr
    else:
        stdin = None
        if call["feed"]:
            text = shlex.split(call["text"])[0]
            stdin = text.encode().decode("unicode_escape") if call["feed"] == "printf" else text + "\n"
        code, out, err = invoke(shlex.split(call["command"])[1:], stdin, table)
        if call["into"]:
            (table.cwd / call["into"]).write_text(out, encoding="utf-8")
            out = ""
        if call["head"]:
            out = "".join(out.splitlines(keepends=True)[: int(call["head"])])
        shown = out + err
    assert code == want, f"{line}: exit {code}, documented {want}\n{shown}"
    assert_shown(documented, shown, line)


VERSION_BLOCK = re.compile(r"card (?P<id>[A-Z]-[A-Z]?\d{2}-v\d+) ")
"""The header of a ``hex`` block that holds a new version of a card."""


def holding(folder: Path, card: str) -> Path:
    """The card file of ``folder`` that holds ``card``."""
    return next(p for p in sorted(folder.glob("*.hex")) if f"card {card} " in p.read_text(encoding="utf-8"))


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
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Table:
    """The repository as a guide's reader has it (its ``cards/``), a root standing for ``/tmp``,
    and the record store of the test."""
    shutil.copytree(ROOT / "cards", tmp_path / "repo" / "cards")
    (tmp_path / "tmp").mkdir()
    monkeypatch.delenv("HEXMJ_CARDS", raising=False)
    return Table(tmp_path, tmp_path / "repo", {})


def test_designer_guide_commands_run_as_shown(table: Table) -> None:
    """The designer's walk-through on a copy, every command of it: new version, edits, lint errors
    with their carets, pool, the comparison and the whole-pool run, the records stored, a comparison
    that stops when decided and ``hexmj tune``'s proposal (issue 34)."""
    shipped = (ROOT / "cards" / "silver.hex").read_text(encoding="utf-8")
    ran = 0
    for lang, text in blocks(DOCS / "designer-guide.md"):
        silver = table.cwd / "cards" / "silver.hex"
        version = VERSION_BLOCK.match(text) if lang == "hex" else None
        if version is not None:
            replace_card(holding(table.cwd / "cards", version["id"]), version["id"], text)
        elif lang == "hex" and text.startswith("card S-08 "):
            assert text.strip() in shipped, "the guide shows S-08 as shipped"
        elif lang == "hex" and text.lstrip().startswith("on "):
            replace_behaviour(silver, "S-08-v2", text)
        elif lang == "console":
            for command in commands(text):
                run_command(command, table)
                ran += 1
    assert ran >= 16
    assert (ROOT / "cards" / "silver.hex").read_text(encoding="utf-8") == shipped


def test_host_guide_commands_run_as_shown(table: Table) -> None:
    """The host's commands, every one: modules, pools, a session with its log, resuming it, a person
    at the table, and the §13.15 examples through ``hexmj score``."""
    ran = 0
    for lang, text in blocks(DOCS / "host-guide.md"):
        if lang == "console":
            for command in commands(text):
                run_command(command, table)
                ran += 1
    assert ran >= 23


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
