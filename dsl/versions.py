"""Card versions (§18.4): ``S-08`` is version 1, ``S-08-v2`` its second version, and so on.

A designer changes a card by adding a version, never by overwriting the old
one, so that old test records keep their meaning.  A pool plays one version of
each card, the base id unless the pool picks another.  Ids are also what the
tools sort by: the library's series order (lib 一), then the number, then the
version.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from engine.core.errors import InputError
from engine.hextech.card_ids import CardId, parse_id

SERIES_ORDER: tuple[str, ...] = (
    "W",
    "O-P",
    "O-N",
    "O-C",
    "O-X",
    "F-T",
    "F-I",
    "F-R",
    "F-S",
    "S",
    "G",
    "P",
    "C",
    "B",
    "T",
)
"""The id series in the order the card library lists them (lib 一)."""


def sort_key(card_id: str) -> tuple[int, int, int]:
    """Library order of an id: series (lib 一), number, version; unknown series go last."""
    parsed = parse_id(card_id)
    rank = SERIES_ORDER.index(parsed.series) if parsed.series in SERIES_ORDER else len(SERIES_ORDER)
    return rank, parsed.number, parsed.version


class Versioned(Protocol):
    """What version selection needs of a card."""

    @property
    def id(self) -> str: ...

    @property
    def base_id(self) -> str: ...


C = TypeVar("C", bound=Versioned)


def latest_versions(cards: Iterable[Versioned]) -> dict[str, str]:
    """For each base id, the id of its highest version."""
    latest: dict[str, str] = {}
    for card in cards:
        current = latest.get(card.base_id)
        if current is None or sort_key(card.id) > sort_key(current):
            latest[card.base_id] = card.id
    return latest


def next_version_id(cards: Iterable[Versioned], base_id: str) -> str:
    """The id a new version of ``base_id`` gets: one above its latest (§18.4: ``S-08`` → ``S-08-v2``)."""
    latest = latest_versions(cards).get(base_id)
    if latest is None:
        raise InputError(f"no card {base_id!r}")
    parsed = parse_id(latest)
    return str(CardId(parsed.series, parsed.number, parsed.version + 1))


def choose_versions(cards: Sequence[C], picks: Mapping[str, str]) -> list[C]:
    """One version of each card: the base id, or the version ``picks`` names for its base (§18.4).

    ``picks`` maps a base id to a version id; callers validate it first with
    :func:`check_pick`.  The result is in library order.
    """
    wanted = {card.base_id: card.base_id for card in cards}
    wanted.update(picks)
    chosen = [card for card in cards if wanted.get(card.base_id) == card.id]
    return sorted(chosen, key=lambda card: sort_key(card.id))


def check_pick(cards: Iterable[Versioned], base_id: str, version_id: str) -> str | None:
    """Why ``base_id: version_id`` is not a valid pick, or ``None`` when it is."""
    ids = {card.id: card.base_id for card in cards}
    if base_id not in ids:
        return f"no card {base_id!r}"
    if ids.get(version_id) != base_id:
        return f"{version_id!r} is not a version of {base_id}"
    return None


def _block_end(text: str, start: int) -> int:
    """The offset just past the ``}`` that closes the card block starting at ``start``."""
    depth = 0
    index = start
    while index < len(text):
        char = text[index]
        if char == "#":
            newline = text.find("\n", index)
            index = len(text) if newline < 0 else newline
            continue
        if char == '"':
            index += 1
            while index < len(text) and text[index] not in '"\n':
                index += 2 if text[index] == "\\" else 1
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    raise InputError(f"the card block at offset {start} is not closed with '}}'")


def _offset(text: str, line: int, column: int) -> int:
    lines = text.splitlines(keepends=True)
    return sum(len(part) for part in lines[: line - 1]) + column - 1


def with_new_version(text: str, line: int, column: int, old_id: str, new_id: str) -> tuple[str, int]:
    """Copy the card block at ``line:column`` as ``new_id`` right after it (§18.4).

    ``text`` is the whole ``.hex`` file and ``old_id`` the id in the block's
    header.  Returns the new text and the 1-based line where the copy starts;
    the old block is left as it was, so old records keep their meaning.
    """
    start = _offset(text, line, column)
    block = text[start : _block_end(text, start)]
    header = re.compile(rf"(card\s+){re.escape(old_id)}(?=\s)")
    copy, found = header.subn(rf"\g<1>{new_id}", block, count=1)
    if not found:
        raise InputError(f"line {line}: no 'card {old_id}' header here")
    return with_block_after(text, line, column, copy)


def with_block_after(text: str, line: int, column: int, block: str) -> tuple[str, int]:
    """Put the card ``block`` (a new version, §18.4) right after the card block at ``line:column``
    of the ``.hex`` file ``text``, a blank line between them; the new text and the 1-based line where
    ``block`` starts.  Nothing of ``text`` changes but the insertion."""
    end = _block_end(text, _offset(text, line, column))
    new_line = text.count("\n", 0, end) + 3
    return f"{text[:end]}\n\n{block.strip()}{text[end:]}", new_line
