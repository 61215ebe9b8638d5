"""The card texts a table shows: every card's name and labelled fields verbatim from the library
(lib: "主持台中的卡名、正文、时机和状态应以本页为准"), with §17.3's filming substitution."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from dsl.pools import DEFAULT_POOL_FILE, pool_cards

ON_CAMERA = "对镜头"
TO_THE_TABLE = "面向全桌"
"""§17.3: without every player's consent to filming, each "对镜头" in a text reads "面向全桌"."""


@dataclass(frozen=True)
class CardText:
    """A card as the console shows it: its Chinese name and its labelled fields in library order."""

    name: str
    fields: tuple[tuple[str, str], ...]

    def json(self) -> dict[str, object]:
        """The card in a message: ``{"name", "fields": [[label, text], …]}``."""
        return {"name": self.name, "fields": [list(pair) for pair in self.fields]}


def unfilmed(text: str) -> str:
    """A text as it reads at a table that has not agreed to filming (§17.3)."""
    return text.replace(ON_CAMERA, TO_THE_TABLE)


def _fields(fields: Mapping[str, str], say: Callable[[str], str]) -> tuple[tuple[str, str], ...]:
    return tuple((label, say(text)) for label, text in fields.items())


POOLS = DEFAULT_POOL_FILE.parent / "pools"
"""The pool files a host may choose from (§18.2), by name."""


def pool_names() -> list[str]:
    """The pool files the host's set-up page offers."""
    return sorted(path.name for path in POOLS.glob("*.yaml"))


def pool_path(pool: str | None) -> Path | None:
    """The file of a pool chosen by name, or ``None`` for the mode's own pool."""
    return None if pool is None else POOLS / pool


@cache
def library(mode: str, filming: bool, pool: str | None = None) -> Mapping[str, CardText]:
    """Every card in play (the mode's pool, §3, or a pool file's, §18.2) by versioned id, as a table
    with or without filming shows it."""
    say = (lambda text: text) if filming else unfilmed
    return MappingProxyType(
        {
            card.id: CardText(say(card.name), _fields(card.fields, say))
            for card in pool_cards(mode, pool_path(pool))
        }
    )
