"""``hexmj fmt [PATH…] [--check] [--diff]``: put card files in the canonical layout (``dsl.formatter``).

Without a path, fmt takes the project's card files (``cards/`` and the modules' card files), or
with ``--cards DIR`` (``$HEXMJ_CARDS``) that folder's files alone, never the installed modules';
a folder stands for its ``.hex`` files; ``-`` reads a card file on standard input and prints it
formatted.  Every file is formatted before any is written, so a file that does not parse (exit 4,
``file:line:col`` and a caret) leaves every file as it was.

``--check`` writes nothing and exits 1 when a file is not in the layout, naming it; ``--diff``
prints what would change as a unified diff, writes nothing, and exits 1 likewise.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path
from typing import Annotated

import typer

from dsl.formatter import format_text
from dsl.lint import card_files
from dsl.loader import default_paths, read_source
from engine.core.errors import CardError
from tools.cmd_pool import CardsOption
from tools.fsio import write_atomic
from tools.rules_option import DEFAULT, CardRulesOption


def fmt(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="Card files or folders, or - for standard input; default: all cards."),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Write nothing; exit 1 if a file would change.")
    ] = False,
    diff: Annotated[bool, typer.Option("--diff", help="Print the changes as a diff; write nothing.")] = False,
    folder: CardsOption = None,
    rules: CardRulesOption = DEFAULT,
) -> None:
    """Put card files in the one canonical layout; comments and card texts are kept as written."""
    if paths == [Path("-")]:
        typer.echo(format_text(sys.stdin.read(), "<stdin>"), nl=False)
        return
    given = paths or ([folder] if folder is not None else [])
    files = card_files(given) if given else default_paths()
    changed: list[tuple[Path, str, str]] = []
    for path in files:
        text, bad_encoding = read_source(path)
        if bad_encoding is not None:
            raise CardError(bad_encoding.render(text))
        formatted = format_text(text, str(path))
        if formatted != text:
            changed.append((path, text, formatted))
    for path, text, formatted in changed:
        if diff:
            lines = difflib.unified_diff(
                text.splitlines(keepends=True), formatted.splitlines(keepends=True), str(path), str(path)
            )
            typer.echo("".join(lines), nl=False)
        elif check:
            typer.echo(f"would reformat {path}")
        else:
            write_atomic(path, formatted)
    verb = "would be reformatted" if check or diff else "reformatted"
    typer.echo(f"{len(changed)} file(s) {verb}, {len(files) - len(changed)} already formatted", err=diff)
    if changed and (check or diff):
        raise typer.Exit(1)
