"""A card file as an editor holds it: its cards, its findings and where each is, kept up to date
keystroke by keystroke (the language server, ``tools/lsp``).

A file is cut into chunks at each line that begins with ``card`` (a card header in the canonical
layout); each chunk is parsed on its own and the parse is cached by the chunk's text, so a change
re-parses only the card it touches, and a syntax error stops only its own card.  A chunk's cards
carry the chunk's key as their file and lines counted from the chunk's first line;
:class:`Analysis` maps them back to the document.

The findings are those of ``hexmj lint`` (:func:`dsl.lint.card_findings`) over the document's cards
together with the other cards of its card set (:func:`context_paths`), so a duplicate id or a §15
conflict with a card of another file shows in this one.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from dsl.errors import CardSyntaxError, Diagnostic, Location
from dsl.lint import card_findings
from dsl.loader import CORE_CARDS
from dsl.model import Card
from dsl.parser import parse_text
from engine.hextech.plugins import ModuleInfo

_CARD_LINE = re.compile(r"^card\b", re.M)
_WORD = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[^\s(),:：|{}"]+|\S')


@dataclass(frozen=True)
class Chunk:
    """The cards of one chunk of a file, or the syntax error that stops it; lines from the chunk's
    first line, file ``key``."""

    key: str
    cards: tuple[Card, ...]
    syntax: Diagnostic | None


@lru_cache(maxsize=8192)
def parse_chunk(text: str) -> Chunk:
    """Parse one chunk, cached by its text."""
    key = "chunk:" + hashlib.sha1(text.encode("utf-8")).hexdigest()
    try:
        return Chunk(key, tuple(parse_text(text, key)), None)
    except CardSyntaxError as err:
        return Chunk(key, (), err.diagnostic)


def split_chunks(text: str) -> list[tuple[int, str]]:
    """The chunks of a file with the 0-based line each starts on: text before the first card, then
    one chunk from each line that begins with ``card``."""
    starts = [found.start() for found in _CARD_LINE.finditer(text)]
    bounds = [0, *starts] if not starts or starts[0] else starts
    chunks: list[tuple[int, str]] = []
    line = 0
    for index, start in enumerate(bounds):
        end = bounds[index + 1] if index + 1 < len(bounds) else len(text)
        piece = text[start:end]
        chunks.append((line, piece))
        line += piece.count("\n")
    return chunks


@dataclass(frozen=True)
class Finding:
    """A finding placed in the document: 0-based line, start and end columns (the word it names)."""

    diagnostic: Diagnostic
    line: int
    start: int
    end: int


@dataclass(frozen=True)
class PlacedCard:
    """A card of the document and its lines there (0-based, first and last)."""

    card: Card
    first: int
    last: int


class Analysis:
    """One version of a document: its cards where they are, and its findings."""

    def __init__(self, path: str, text: str, context: Sequence[Card], registry: Sequence[ModuleInfo]) -> None:
        self.path = path
        self.text = text
        self.lines = text.split("\n")
        pieces = split_chunks(text)
        chunks = [(offset, parse_chunk(piece), piece.count("\n")) for offset, piece in pieces]
        self.offsets = {chunk.key: offset for offset, chunk, _ in chunks}
        self.cards: list[PlacedCard] = []
        for offset, chunk, height in chunks:
            starts = [card.location.line - 1 + offset for card in chunk.cards]
            ends = [*(start - 1 for start in starts[1:]), offset + max(height - 1, 0)][: len(starts)]
            self.cards += [PlacedCard(c, s, e) for c, s, e in zip(chunk.cards, starts, ends, strict=True)]
        own = [placed.card for placed in self.cards]
        found = [chunk.syntax for _, chunk, _ in chunks if chunk.syntax is not None]
        found += card_findings([*own, *context], registry)
        self.findings = sorted(
            {placed for d in found if (placed := self._place(d)) is not None},
            key=lambda f: (f.line, f.start, f.diagnostic.code),
        )

    def _place(self, finding: Diagnostic) -> Finding | None:
        where = finding.location
        if where is not None and where.file in self.offsets:
            line = where.line - 1 + self.offsets[where.file]
            return self._finding(finding, line, where.column - 1)
        mine = [placed for placed in self.cards if placed.card.id in finding.cards]
        if not mine:
            return None
        return self._finding(finding, mine[0].first, mine[0].card.location.column - 1)

    def _finding(self, finding: Diagnostic, line: int, column: int) -> Finding:
        text = self.lines[line] if 0 <= line < len(self.lines) else ""
        word = _WORD.search(text, column)
        end = word.end() if word is not None and word.start() == column else column + 1
        return Finding(finding, line, column, max(end, column + 1))

    def location(self, card: Card) -> Location:
        """Where ``card`` is in the document (1-based, as the models count)."""
        line = card.location.line + self.offsets.get(card.location.file, 0)
        return Location(file=self.path, line=line, column=card.location.column)

    def card_at(self, line: int) -> PlacedCard | None:
        """The card whose lines hold ``line`` (0-based)."""
        return next((placed for placed in self.cards if placed.first <= line <= placed.last), None)


def context_paths(path: Path, registry: Sequence[ModuleInfo]) -> list[Path]:
    """The other card files a card file is checked with: the ``.hex`` files of its folder and the
    installed modules' card files; for a module's card file, the core cards and the modules' files."""
    modules = [Path(p).resolve() for info in registry for p in info.card_files]
    folder = path.resolve().parent
    core = CORE_CARDS if path.resolve() in modules else folder
    files = [*sorted(core.glob("*.hex")), *modules]
    return [file for file in dict.fromkeys(p.resolve() for p in files) if file != path.resolve()]


_context: dict[tuple[Path, int], tuple[Card, ...]] = {}


def file_cards(path: Path) -> tuple[Card, ...]:
    """The cards of a card file on disk (none if it does not parse), cached by its modification time."""
    try:
        key = (path, path.stat().st_mtime_ns)
    except OSError:
        return ()
    if key not in _context:
        try:
            _context[key] = tuple(parse_text(path.read_text(encoding="utf-8"), str(path)))
        except (CardSyntaxError, OSError, UnicodeDecodeError):
            _context[key] = ()
    return _context[key]
