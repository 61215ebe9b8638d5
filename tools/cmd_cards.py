"""``hexmj cards``, ``hexmj card show`` and ``hexmj card new-version``: the designer's card catalogue.

``--json`` prints each card as ``{"id", "name", "type", "version", "tags",
"fields": {label: text}}`` with the library's Chinese labels as keys.
``card new-version S-08`` copies the latest version of S-08 as ``S-08-v2``
right after it in the same ``.hex`` file (§18.4), and its examples (``examples/S-08.yaml`` beside
the card file) as ``examples/S-08-v2.yaml``; ``--use-in POOLFILE``
makes that pool play it, keeping the file's comments.  A pool file that
``hexmj pool`` would refuse, before or after the edit, is refused before
either file is written.  Every command reads
the card folder ``cards/`` unless ``--cards DIR`` (or ``$HEXMJ_CARDS``) names
another, so a designer can version cards in a working copy; ``new-version``
then refuses to touch a card kept outside that folder.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from dsl.example_review import Marked, mark_for_review
from dsl.examples import EXAMPLES_FOLDER
from dsl.loader import load_cards
from dsl.model import Card
from dsl.parser import parse_text
from dsl.pool_files import load_pool_text, with_version
from dsl.pools import card_modules, card_paths, check_pool, mode_cards, module_copy, module_removals
from dsl.versions import latest_versions, next_version_id, sort_key, with_new_version
from engine.core.errors import InputError
from engine.core.quoting import printable
from engine.hextech.card_ids import WRITTEN, parse_id
from engine.hextech.plugins import installed_modules, require_loadable
from tools.cmd_pool import TYPE_TITLES, CardsOption, JsonOption, ModeOption
from tools.fsio import write_atomic
from tools.rules_option import DEFAULT, CardRulesOption

card_app = typer.Typer(
    help="One card: show it, or start a new version of it (§18.4).",
    no_args_is_help=True,
    add_completion=False,
)


def card_json(card: Card, modules: Sequence[str] = ()) -> dict[str, Any]:
    """A card as the commands print it in JSON; ``modules``: those it needs (its own module's files
    for F and T cards, the modules its header tags for linked ones), none for a core card."""
    return {
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "version": card.version,
        "tags": list(card.tags),
        "modules": list(modules),
        "fields": dict(card.fields),
    }


def find_card(cards: list[Card], card_id: str) -> Card:
    """The card with ``card_id`` (a base id or a version id); an unknown id is an :class:`InputError`."""
    parse_id(card_id)
    for card in cards:
        if card.id == card_id:
            return card
    raise InputError(f"no card {card_id!r}")


def cards(
    mode: ModeOption = None,
    as_json: JsonOption = False,
    folder: CardsOption = None,
    rules: CardRulesOption = DEFAULT,
) -> None:
    """List every card and every version, or those of one mode (§3)."""
    require_loadable(mode)
    registry = installed_modules()
    listed = sorted(load_cards(card_paths(folder, registry)), key=lambda card: sort_key(card.id))
    if mode is not None:
        listed = mode_cards(listed, mode, registry, module_removals(mode, registry))
    needs = {card.id: sorted(card_modules(card, registry)) for card in listed}
    if as_json:
        doc = [card_json(card, needs[card.id]) for card in listed]
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        return
    table = Table("编号", "名称", "类型", "版本", "模块")
    for card in listed:
        kind = TYPE_TITLES.get(card.type, card.type)
        table.add_row(card.id, card.name, kind, str(card.version), " ".join(needs[card.id]))
    Console().print(table)


@card_app.command("show")
def show(
    card_id: Annotated[str, typer.Argument(help="A card id, e.g. S-08 or S-08-v2.")],
    as_json: JsonOption = False,
    folder: CardsOption = None,
    rules: CardRulesOption = DEFAULT,
) -> None:
    """Show one card: header and the library's labelled fields."""
    registry = installed_modules()
    card = find_card(load_cards(card_paths(folder, registry)), card_id)
    needs = sorted(card_modules(card, registry))
    if as_json:
        typer.echo(json.dumps(card_json(card, needs), ensure_ascii=False, indent=2))
        return
    table = Table(show_header=False, title=f"{card.id} {card.name}")
    table.add_column("label", no_wrap=True)
    table.add_column("text", overflow="fold")
    table.add_row("类型", TYPE_TITLES.get(card.type, card.type))
    table.add_row("版本", str(card.version))
    if needs:
        table.add_row("模块", " ".join(needs))
    table.add_row("位置", str(card.location))
    for label, text in card.fields.items():
        table.add_row(label, text)
    Console().print(table)


def versioned_examples(
    folder: Path, card_id: str, new_id: str, target_folder: Path | None = None
) -> tuple[Path, str, list[Marked]] | None:
    """The examples of ``card_id`` (``folder/<card_id>.yaml``) copied for ``new_id`` into
    ``target_folder`` (default: the same folder): the same file with every mention of the id made the
    new one and each example marked for review (R594), and the examples marked; ``None`` when the
    card has no example file."""
    source = folder / f"{card_id}.yaml"
    if not source.is_file():
        return None
    target = (target_folder or folder) / f"{new_id}.yaml"
    if target.exists():
        raise InputError(f"{target}: already exists; move it away to copy the examples of {card_id}")
    mention = re.compile(rf"(?<![\w-]){WRITTEN}(?![\w-])")
    renamed = mention.sub(
        lambda found: new_id if found[0] == card_id else found[0], source.read_text("utf-8")
    )
    text, marked = mark_for_review(renamed, card_id, new_id)
    return target, text, marked


def _module_copy_of(folder: Path, path: Path, base: str) -> Path:
    """Where ``--cards DIR`` keeps its copy of the module card file ``path`` (R202): a module card is
    versioned in the working copy like the others, never in the installed module."""
    for info in installed_modules():
        if any(path.resolve() == held.resolve() for held in info.card_files):
            return module_copy(folder, info, path)
    raise InputError(f"{base} is kept in {path}, outside --cards {folder}; version it without --cards")


@card_app.command("new-version")
def new_version(
    card_id: Annotated[str, typer.Argument(help="The card to version, e.g. S-08.")],
    use_in: Annotated[Path | None, typer.Option("--use-in", help="A pool file to switch to it.")] = None,
    folder: CardsOption = None,
    rules: CardRulesOption = DEFAULT,
) -> None:
    """Copy the card's latest version as the next one (S-08 → S-08-v2), right after it (§18.4)."""
    loaded = load_cards(card_paths(folder))
    base = find_card(loaded, card_id).base_id
    latest = find_card(loaded, latest_versions(loaded)[base])
    new_id = next_version_id(loaded, base)
    path = Path(latest.location.file)
    source = path.read_text(encoding="utf-8")
    if folder is not None and not path.resolve().is_relative_to(folder.resolve()):
        path = _module_copy_of(folder, path, base)
    text, line = with_new_version(source, latest.location.line, latest.location.column, latest.id, new_id)
    pool_edit = None
    if use_in is not None:
        pool_text = with_version(use_in, base, new_id)
        unchanged = [card for card in loaded if card.location.file != latest.location.file]
        check_pool(load_pool_text(pool_text, use_in), [*unchanged, *parse_text(text, latest.location.file)])
        pool_edit = (use_in, pool_text)
    examples = versioned_examples(
        Path(latest.location.file).parent / EXAMPLES_FOLDER, latest.id, new_id, path.parent / EXAMPLES_FOLDER
    )
    write_atomic(path, text)
    typer.echo(f"{path}:{line}: {new_id}")
    if examples is not None:
        target, copied, marked = examples
        write_atomic(target, copied)
        typer.echo(f"{target}: the examples of {latest.id}, {len(marked)} to review against {new_id}'s text:")
        for example in marked:
            typer.echo(printable(f"{target}:{example.line}: review: {example.name}"))
    if pool_edit is not None:
        write_atomic(*pool_edit)
        typer.echo(f"{pool_edit[0]}: versions.{base}: {new_id}")
