"""``hexmj pool [--mode M] [--pool FILE] [--cards DIR] [--json]``: the cards in play (§3, §18.2, §18.4).

Without ``--pool`` the house pool file ``pools.yaml`` of the card folder
applies.  The card folder is ``cards/`` unless ``--cards`` (or ``$HEXMJ_CARDS``)
names another, e.g. a designer's working copy.  JSON output: ``{"mode": M,
"cards": ["W-01", …]}`` in library order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from dsl.model import Card
from dsl.pools import pool_cards, pool_spec, pool_warnings, resolve_mode
from tools.rules_option import DEFAULT, CardRulesOption

TYPE_TITLES: dict[str, str] = {
    "world": "世界牌",
    "chance": "机遇牌",
    "party": "欢乐挑战牌",
    "silver": "银色强化",
    "gold": "金色强化",
    "prismatic": "棱彩强化",
    "contract": "普通契约",
    "black_contract": "黑色契约",
    "treasure": "宝牌令",
}
"""The card library's name of each card type (lib 一)."""


def type_table(cards: list[Card], title: str) -> Table:
    """A table with one row per card type: its library name, how many cards, their ids; the second
    copy of a copy pack is marked 副本2 (§3)."""
    table = Table("类型", "张数", "编号", title=title, show_lines=True)
    types = list(dict.fromkeys(card.type for card in cards))
    for card_type in types:
        ids = [card.id for card in cards if card.type == card_type]
        shown = [f"{cid}(副本2)" if cid in ids[:at] else cid for at, cid in enumerate(ids)]
        table.add_row(TYPE_TITLES.get(card_type, card_type), str(len(ids)), " ".join(shown))
    return table


ModeOption = Annotated[
    str | None,
    typer.Option("--mode", help="strategy, party or all (§3); default: the pool file's mode, else all."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
CardsOption = Annotated[
    Path | None,
    typer.Option(
        "--cards",
        metavar="DIR",
        envvar="HEXMJ_CARDS",
        exists=True,
        file_okay=False,
        help="The card folder: its *.hex files and pools.yaml (default: the project's cards/). "
        "Module cards (F, T) stay with their module.",
    ),
]


def pool(
    mode: ModeOption = None,
    pool_file: Annotated[Path | None, typer.Option("--pool", help="A pool file (YAML).")] = None,
    as_json: JsonOption = False,
    folder: CardsOption = None,
    rules: CardRulesOption = DEFAULT,
) -> None:
    """Print the cards in play in a mode, narrowed by a pool file."""
    spec = pool_spec(pool_file, folder)
    chosen = resolve_mode(mode, spec)
    cards = pool_cards(chosen, pool_file, folder)
    for warning in pool_warnings(spec, cards):
        typer.echo(f"hexmj: warning: {warning}", err=True)
    if as_json:
        typer.echo(json.dumps({"mode": chosen, "cards": [card.id for card in cards]}, ensure_ascii=False))
        return
    Console().print(type_table(cards, f"{chosen}: {len(cards)} cards"))
