"""The cards in play: a mode's pool (§3.3, lib 十二), a pool file's draws (§18.2), one version each (§18.4).

A mode enables modules (the registry says which: :mod:`engine.hextech.plugins`).  A
card belongs to the module whose card files hold it and to every module its
header tags; it is in play only when all of them are enabled.  So the party
cards and the three party-linked cards (W-14, O-C09, S-17) leave with the
party module, the treasure orders and the six treasure-linked cards (W-13,
O-X09, S-16, P-14, C-24, F-S01) with the treasure module, and the modes hold
138, 176 and 192 cards.  Linked cards leave before shuffling, never by a
redraw (§6.12).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from dsl.loader import default_paths, load_cards
from dsl.model import Card
from dsl.pool_files import PoolSpec, load_pool_file
from dsl.versions import check_pick, choose_versions, sort_key
from engine.core.errors import InputError
from engine.hextech.card_ids import parse_id
from engine.hextech.plugins import MODES, ModuleInfo, installed_modules, pool_removals, require_loadable

DEFAULT_MODE = "all"
"""The mode of ``pool``, ``play`` and ``simulate`` when neither ``--mode`` nor a pool file names it (R200)."""

DEFAULT_POOL_FILE = Path(__file__).resolve().parent.parent / "cards" / "pools.yaml"
"""The house pool file: versions every mode plays unless a designer passes another file."""


@cache
def _resolved(path: str) -> Path:
    return Path(path).resolve()


def card_modules(card: Card, registry: Sequence[ModuleInfo]) -> frozenset[str]:
    """The modules a card needs: those its header names (by name or 标签) and the one whose files hold
    it, or whose files a working copy holds in its folder named after the module (:func:`module_copy`);
    a module the header names that is not installed (or does not load) stays in the set, so the
    card is in no pool until it is (R203)."""
    source = _resolved(card.location.file)
    held = frozenset(
        module.name
        for module in registry
        if module.name in card.modules
        or module.tag in card.modules
        or any(source == _resolved(str(path)) for path in module.card_files)
        or (source.parent.name == module.name and source.name in {path.name for path in module.card_files})
    )
    known = {name for module in registry for name in (module.name, module.tag)}
    return held | {name for name in card.modules if name not in known}


def module_copy(folder: Path, module: ModuleInfo, path: Path) -> Path:
    """Where a working copy of the card files (``--cards DIR``) keeps its copy of a module's card
    file: ``DIR/<module>/<file>``, e.g. ``DIR/party/cards.hex``."""
    return Path(folder) / module.name / path.name


def enabled_modules(mode: str, registry: Sequence[ModuleInfo]) -> frozenset[str]:
    """The modules ``mode`` switches on (§3); an unknown mode is an :class:`InputError`, a module
    that cannot be loaded a :class:`~engine.core.errors.ModuleLoadError` in every mode but strategy (R203)."""
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    require_loadable(mode)
    return frozenset(module.name for module in registry if mode in module.modes)


def mode_cards(
    cards: Iterable[Card], mode: str, registry: Sequence[ModuleInfo], removed: frozenset[str] = frozenset()
) -> list[Card]:
    """Every version of every card whose modules ``mode`` enables (§3, lib 十二.1), in library order.

    ``removed`` are base ids an enabled module takes out (``hexmj_pool_removals``, §6.12).
    """
    enabled = enabled_modules(mode, registry)
    chosen = [
        card for card in cards if card_modules(card, registry) <= enabled and card.base_id not in removed
    ]
    return sorted(chosen, key=lambda card: sort_key(card.id))


def resolve_mode(mode: str | None, spec: PoolSpec) -> str:
    """The mode to pool: the one asked for, else the pool file's, else :data:`DEFAULT_MODE` (R200);
    they must agree when both are given (R94)."""
    if mode is not None and spec.mode is not None and mode != spec.mode:
        raise spec.error("mode", f"this pool is for mode {spec.mode}, not {mode}")
    return mode or spec.mode or DEFAULT_MODE


def build_pool(
    cards: Sequence[Card],
    mode: str,
    spec: PoolSpec,
    registry: Sequence[ModuleInfo],
    removed: frozenset[str] = frozenset(),
) -> list[Card]:
    """The cards in play: the mode's cards, one version each, then the file's draws (§3, §18.2, §18.4),
    and a second copy of each id of the copy pack (``copies``, §3: 复本包, the copy marked 副本2); the
    second copy follows the first, and the decks of a session hold both.

    A series under ``draw`` keeps the listed ids, or that many cards drawn at
    random with a generator seeded by the file's ``seed`` and the series, so
    the same file always gives the same pool.
    """
    for base_id, version_id in spec.versions.items():
        problem = check_pick(cards, base_id, version_id)
        if problem:
            raise spec.error(f"versions.{base_id}", problem)
    in_mode = mode_cards(cards, mode, registry, removed)
    played = choose_versions(in_mode, spec.versions)
    by_series: dict[str, list[Card]] = {}
    for card in played:
        by_series.setdefault(parse_id(card.id).series, []).append(card)
    for series in spec.draw:
        if series not in by_series:
            raise spec.error(f"draw.{series}", f"no card of series {series} in mode {mode}")
    kept = [card for series, members in by_series.items() for card in _draw(spec, series, members, mode)]
    by_base = {card.base_id: card for card in kept}
    for base_id in spec.copies:
        if base_id not in by_base:
            raise spec.error("copies", f"{base_id} is not a card of the pool in mode {mode}")
        kept.append(by_base[base_id])
    _check_table(spec, kept)
    return sorted(kept, key=lambda card: sort_key(card.id))


SEATS = 4
FULL_OFFER = {"C": 2 * SEATS, "B": SEATS}
"""The contracts a round offers: two normal and one black to each of the four seats (§9.1)."""


def _blame(spec: PoolSpec, *series: str) -> str:
    """The pool file's key that narrowed these series (the first drawn), for the message's line."""
    return next((f"draw.{name}" for name in series if name in spec.draw), f"draw.{series[0]}")


def _check_table(spec: PoolSpec, cards: Sequence[Card]) -> None:
    """A pool must set every round's world card (§6.2) and give each seat a contract (§9.1): a pool
    file that draws none of the world cards, or fewer contracts than seats, is refused at its line."""
    counts = Counter(parse_id(card.id).series for card in cards)
    if not counts["W"]:
        raise spec.error(_blame(spec, "W"), "leaves every round without a world card (§6.2)")
    contracts = counts["C"] + counts["B"]
    if contracts < SEATS:
        message = f"leaves seats without a contract: {contracts} contracts for {SEATS} seats (§9.1)"
        raise spec.error(_blame(spec, "C", "B"), message)


def pool_warnings(spec: PoolSpec, cards: Sequence[Card]) -> list[str]:
    """What a pool that plays still lacks: fewer contracts of a kind than a round offers (§9.1), so
    some seats are offered fewer than two normal and one black; each names the file's line."""
    counts = Counter(parse_id(card.id).series for card in cards)
    return [
        f"{spec.path}:{spec.lines.get(_blame(spec, series), 1)}: {_blame(spec, series)}: {counts[series]} "
        f"{'normal' if series == 'C' else 'black'} contracts; a round offers {wanted}, so some seats "
        "are offered fewer (§9.1)"
        for series, wanted in FULL_OFFER.items()
        if counts[series] < wanted
    ]


def _draw(spec: PoolSpec, series: str, members: list[Card], mode: str) -> list[Card]:
    rule = spec.draw.get(series)
    key = f"draw.{series}"
    if rule is None:
        return members
    if isinstance(rule, tuple):
        by_base = {card.base_id: card for card in members}
        unknown = [card_id for card_id in rule if card_id not in by_base]
        if unknown:
            raise spec.error(key, f"{unknown[0]} is not a card of series {series} in mode {mode}")
        return [by_base[card_id] for card_id in rule]
    if rule > len(members):
        raise spec.error(key, f"asks for {rule} cards; series {series} has {len(members)} in mode {mode}")
    return random.Random(f"{spec.seed}/{series}").sample(members, rule)


def card_paths(folder: Path | None, registry: Sequence[ModuleInfo] | None = None) -> list[Path] | None:
    """The card files when the core cards live in ``folder``: its ``*.hex`` sorted by name, then
    the card files of each module of ``registry`` (default: every installed module), each taken
    from the folder's copy where it has one (:func:`module_copy`); ``None`` (the repository's
    ``cards/``) when no folder is given."""
    if folder is None:
        return None
    core = sorted(Path(folder).glob("*.hex"))
    if not core:
        raise InputError(f"{folder}: no .hex card files in this folder")
    modules = installed_modules() if registry is None else registry
    copies = [(module_copy(folder, info, path), path) for info in modules for path in info.card_files]
    return [*core, *(copy if copy.is_file() else path for copy, path in copies)]


def pool_cards(mode: str | None, pool_file: Path | None = None, folder: Path | None = None) -> list[Card]:
    """The cards in play in a session of ``mode``: one version of each, in library order.

    ``folder`` holds the core cards (default ``cards/``, see :func:`card_paths`);
    ``pool_file`` defaults to that folder's ``pools.yaml``.  This is what the
    engine asks for when it builds a session's decks.
    """
    return spec_cards(mode, pool_spec(pool_file, folder), folder)


def spec_cards(mode: str | None, spec: PoolSpec, folder: Path | None = None) -> list[Card]:
    """The cards in play in a session of ``mode`` pooled by ``spec``: a pool file read, or a pool's
    text a host sent the console (:func:`dsl.pool_files.load_pool_text`), as :func:`pool_cards`."""
    chosen = resolve_mode(mode, spec)
    registry = installed_modules()  # once: the card files and the removals come from the same registry
    enabled = enabled_modules(chosen, registry)
    files = [info for info in registry if info.name in enabled]  # a mode reads only its modules' files
    cards = load_cards(card_paths(folder, files) if folder is not None else default_paths(files))
    return build_pool(cards, chosen, spec, registry, module_removals(chosen, registry))


def check_pool(spec: PoolSpec, cards: Sequence[Card]) -> None:
    """Refuse a pool file ``hexmj pool`` would refuse with these cards: in its own mode, or, naming
    none, in every mode (the first mode's error is raised)."""
    registry = installed_modules()
    problems: list[InputError] = []
    for mode in [spec.mode] if spec.mode is not None else MODES:
        try:
            build_pool(cards, mode, spec, registry, module_removals(mode, registry))
            return
        except InputError as err:
            problems.append(err)
    raise problems[0]


def module_removals(mode: str, registry: Sequence[ModuleInfo]) -> frozenset[str]:
    """The base ids the modules ``mode`` enables take out of the pool (``hexmj_pool_removals``, §6.12)."""
    return pool_removals(enabled_modules(mode, registry))


def pool_spec(pool_file: Path | None = None, folder: Path | None = None) -> PoolSpec:
    """The pool file at ``pool_file``, else the house file ``pools.yaml`` of the card folder
    (``folder``, default ``cards/``); an absent house file is an empty pool file."""
    if pool_file is not None:
        return load_pool_file(pool_file)
    house = DEFAULT_POOL_FILE if folder is None else Path(folder) / DEFAULT_POOL_FILE.name
    if house.exists():
        return load_pool_file(house)
    return PoolSpec(path=house)
