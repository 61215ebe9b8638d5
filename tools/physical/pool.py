"""The cards a real table plays with: its mode's pool, a named pool file, or a pool file's text the host
sends (§3, §18.2, §18.4), compiled once, with every card's text as the console shows it.

The card library is "主持台中的卡名、正文、时机和状态应以本页为准": each card's name and labelled fields
are kept verbatim, with §17.3's substitution at a table that has not agreed to filming.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dsl.compiler import compile_pool
from dsl.model import Card
from dsl.pool_files import load_pool_text
from dsl.pools import DEFAULT_POOL_FILE, pool_cards, spec_cards
from engine.hextech.log import DEFAULT_POOL
from engine.hextech.plugins import modules_for_mode
from engine.hextech.vocabulary import CompiledCard

POOLS = DEFAULT_POOL_FILE.parent / "pools"
"""The pool files a host may name (§18.2)."""
ON_CAMERA = "对镜头"
TO_THE_TABLE = "面向全桌"
"""§17.3: without every player's consent to filming, each "对镜头" reads "面向全桌"."""
POOL_TEXT_LIMIT = 8192
"""The longest pool-file text a host may send, in characters (a pool file is under 2 KB)."""
TEXT_POOL = "text:"
"""How a record names a pool sent as text: this prefix and the first 12 hex digits of its SHA-256."""


@dataclass(frozen=True)
class CardText:
    """A card as the console shows it: its name and its labelled fields, in library order."""

    name: str
    fields: tuple[tuple[str, str], ...]

    def field(self, label: str) -> str:
        """The text of one field, ``""`` if the card has none."""
        return next((text for key, text in self.fields if key == label), "")

    def json(self) -> dict[str, object]:
        """``{"name", "fields": [[label, text], …]}``."""
        return {"name": self.name, "fields": [list(pair) for pair in self.fields]}


@dataclass(frozen=True)
class TablePool:
    """The mode, the pool's name for the records, the compiled cards (a copy pack's second copy
    included), their texts by id, the modules the mode enables."""

    mode: str
    name: str
    cards: tuple[CompiledCard, ...]
    texts: Mapping[str, CardText]
    modules: frozenset[str]
    by_id: Mapping[str, CompiledCard]

    def card(self, card_id: str) -> CompiledCard:
        """A compiled card of the pool by versioned id."""
        return self.by_id[card_id]


def pool_name(pool: str | None) -> str:
    """The name a record gives the pool: the mode's own, a pool file's name, or a text's digest."""
    if pool is None:
        return DEFAULT_POOL
    if is_named(pool):
        return pool
    return TEXT_POOL + hashlib.sha256(pool.encode()).hexdigest()[:12]


def is_named(pool: str) -> bool:
    """Whether ``pool`` names one of the pool files rather than holding a pool file's text."""
    return "\n" not in pool and pool.endswith(".yaml") and (POOLS / pool).is_file()


def _unfilmed(text: str) -> str:
    return text.replace(ON_CAMERA, TO_THE_TABLE)


def _cards(mode: str | None, pool: str | None) -> list[Card]:
    if pool is None:
        return pool_cards(mode)
    if is_named(pool):
        return pool_cards(mode, POOLS / pool)
    return spec_cards(mode, load_pool_text(pool, Path("pool")))


@cache
def table_pool(mode: str | None, pool: str | None, filming: bool) -> TablePool:
    """The pool a table plays: ``pool`` a pool file's name, its text, or ``None`` for the mode's own;
    ``mode`` the table's, else the pool file's, else ``all`` (R200).  A bad pool or mode is an
    :class:`~engine.core.errors.InputError` naming its line."""
    cards = _cards(mode, pool)
    say = (lambda text: text) if filming else _unfilmed
    texts = {
        card.id: CardText(say(card.name), tuple((label, say(text)) for label, text in card.fields.items()))
        for card in cards
    }
    compiled = tuple(compile_pool(cards))
    chosen = mode or _pool_mode(pool) or "all"
    modules = frozenset(info.name for info in modules_for_mode(chosen))
    by_id = {card.id: card for card in compiled}
    return TablePool(chosen, pool_name(pool), compiled, texts, modules, by_id)


def _pool_mode(pool: str | None) -> str | None:
    if pool is None:
        return None
    path = POOLS / pool if is_named(pool) else Path("pool")
    spec = load_pool_text(path.read_text(encoding="utf-8") if is_named(pool) else pool, path)
    return spec.mode
