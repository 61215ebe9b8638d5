"""``hexmj modules [--json]``: the installed modules, the modes that enable them and their card counts.

JSON output: ``[{"name", "title", "tag", "modes": [...], "cards": n}]``,
sorted by name (§3: strategy runs with no module, party with the party
module, all with both).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, TypedDict

import typer
from rich.console import Console
from rich.table import Table

from dsl.parser import parse_file
from engine.core.errors import CardError
from engine.hextech.plugins import ModuleInfo, installed_modules, require_loadable
from tools.rules_option import DEFAULT, ModuleRulesOption


class ModuleRow(TypedDict):
    """One installed module as ``hexmj modules --json`` prints it."""

    name: str
    title: str
    tag: str
    modes: list[str]
    cards: int


def _card_count(info: ModuleInfo) -> int:
    total = 0
    for path in info.card_files:
        if not Path(path).is_file():
            raise CardError(f"module {info.name!r}: card file {path} is missing")
        total += len(parse_file(Path(path)))
    return total


def module_rows() -> list[ModuleRow]:
    """One row per installed module, sorted by name."""
    return [
        ModuleRow(
            name=info.name, title=info.title, tag=info.tag, modes=list(info.modes), cards=_card_count(info)
        )
        for info in installed_modules()
    ]


def modules(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    rules: ModuleRulesOption = DEFAULT,
) -> None:
    """List the installed modules, the modes that enable them and how many cards each brings."""
    require_loadable()
    rows = module_rows()
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    table = Table("module", "title", "modes", "cards")
    for row in rows:
        table.add_row(row["name"], row["title"], ", ".join(row["modes"]), str(row["cards"]))
    Console().print(table)
