"""What the language server answers, in the card language's terms: the word under the caret, its
hover, the words that may come next, where a card is defined, the cards of a file, quick fixes.

Positions are 0-based lines and columns in characters, as :mod:`dsl.analysis` keeps them; the
server (:mod:`tools.lsp.server`) turns them into the protocol's types.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from dsl.analysis import Analysis, Finding
from dsl.compiler import FIELD_LABELS, FILTER_WORDS
from dsl.errors import Location
from dsl.model import Card
from dsl.reference import Entry, Table, entries, hover_markdown
from engine.hextech import predicates as pr
from engine.hextech import vocabulary as v
from engine.hextech.card_ids import WRITTEN
from engine.hextech.conditions import hand_reading
from engine.hextech.effects.facts import FACTS
from engine.hextech.statics import STATICS
from engine.hextech.words import PRIMITIVES

CARD_ID = re.compile(WRITTEN)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_LIMIT = re.compile(r"limit\s+(?:none|[0-9]+(?:\s+per\s+\w+){1,2})")
_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'\?")
_UNKNOWN = re.compile(r"'([^']+)'")

KEYWORDS: tuple[str, ...] = (
    "on", "instead of", "allow", "forbid", "grant shape", "grant form", "complete at hu when",
    "complete on", "fail on", "resolve do",
)  # fmt: skip
"""The words an ability begins with (docs/dsl.md "Abilities")."""

TILE_FILTERS: tuple[str, ...] = (*hand_reading.TILE_CLASSES, *hand_reading.FACT_FILTERS, *FILTER_WORDS)
"""The tile filters an argument may name (docs/dsl.md "Conditions")."""

_PRIORITY_AFTER: dict[str, tuple[str, ...]] = {
    "on": ("event",),
    "of": ("event",),
    "allow": ("static",),
    "forbid": ("static",),
    "until": ("duration",),
    "after": ("duration",),
    "by": ("role",),
    "for": ("role",),
    "from": ("role",),
    "each": ("role",),
    "when": ("fact", "predicate"),
    "and": ("fact", "predicate"),
    "or": ("fact", "predicate"),
    "not": ("fact", "predicate"),
    "if": ("fact",),
}
"""Which table a word most likely belongs to, by the word before it."""

_DEFAULT_ORDER = ("primitive", "fact", "static", "predicate", "event", "duration", "role", "words")


@dataclass(frozen=True)
class Word:
    """The word under the caret: its text, line and columns."""

    text: str
    line: int
    start: int
    end: int


def word_at(lines: Sequence[str], line: int, column: int, pattern: re.Pattern[str] = _NAME) -> Word | None:
    """The word of ``pattern`` that holds (or ends at) the caret."""
    if not 0 <= line < len(lines):
        return None
    for found in pattern.finditer(lines[line]):
        if found.start() <= column <= found.end():
            return Word(found.group(), line, found.start(), found.end())
    return None


def _previous_word(text: str, start: int) -> str:
    words = re.findall(r"[A-Za-z_]+", text[:start])
    return words[-1] if words else ""


def reference_entry(lines: Sequence[str], word: Word) -> tuple[Table, Entry] | None:
    """The reference entry the word names, by where it stands: ``on X`` an event, ``forbid X`` a
    static, ``until X`` a duration, after ``when`` a fact (a hand condition after ``complete at hu``)."""
    text = lines[word.line]
    found = entries(word.text)
    if not found:
        return None
    previous = _previous_word(text, word.start)
    preferred = _PRIORITY_AFTER.get(previous, ())
    if text.lstrip().startswith("complete at hu"):
        preferred = ("predicate", *preferred)
    order = [*preferred, *_DEFAULT_ORDER]
    return min(found, key=lambda pair: order.index(pair[0].kind) if pair[0].kind in order else len(order))


def limit_entry(lines: Sequence[str], line: int, column: int) -> tuple[Table, Entry] | None:
    """The limit clause under the caret (``limit 2 per player per round``), as the reference names it."""
    if not 0 <= line < len(lines):
        return None
    for found in _LIMIT.finditer(lines[line]):
        if found.start() <= column <= found.end():
            form = re.sub(r"[0-9]+", "N", re.sub(r"\s+", " ", found.group()))
            matches = entries(form)
            return matches[0] if matches else None
    return None


def card_markdown(card: Card) -> str:
    """A card as hover shows it: id, name, type and group, then every labelled field verbatim."""
    kind = " ".join(word for word in (card.type, card.group) if word)
    version = f" (version {card.version} of {card.base_id})" if card.version > 1 else ""
    lines = [f"**{card.id} {card.name}** — {kind}{version}", ""]
    lines += [f"- {label}: {text}" for label, text in card.fields.items()]
    return "\n".join(lines)


def hover(analysis: Analysis, cards: dict[str, Card], line: int, column: int) -> tuple[str, Word] | None:
    """The hover at a place: a card id shows its card; a word of the vocabulary its reference row."""
    card_word = word_at(analysis.lines, line, column, CARD_ID)
    if card_word is not None and card_word.text in cards:
        return card_markdown(cards[card_word.text]), card_word
    word = word_at(analysis.lines, line, column)
    if word is None:
        return None
    found = limit_entry(analysis.lines, line, column) if word.text in ("limit", "per", "none") else None
    found = found or reference_entry(analysis.lines, word)
    return (hover_markdown(*found), word) if found is not None else None


# ---- completion -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Completion:
    """One proposal: the label, its kind (a table of the reference), a detail, the text to insert."""

    label: str
    kind: str
    detail: str
    insert: str


def _table_completions(kind: str, names: Iterable[str], detail: dict[str, str]) -> list[Completion]:
    return [Completion(name, kind, detail.get(name, ""), name) for name in names]


def _call_completions(kind: str, specs: Iterable[tuple[str, Sequence[v.Param], str]]) -> list[Completion]:
    """Calls with their parameters as a snippet: required ones to fill, defaults shown."""
    out = []
    for name, params, doc in specs:
        required = [p for p in params if p.default is None]
        holes = ", ".join(f"${{{i}:{p.name}}}" for i, p in enumerate(required, 1))
        signature = ", ".join(p.name if p.default is None else f"{p.name}={p.default}" for p in params)
        out.append(Completion(f"{name}({signature})", kind, doc, f"{name}({holes})"))
    return out


def _events() -> list[Completion]:
    return _table_completions("event", v.EVENTS, {n: s.timing for n, s in v.EVENTS.items()})


def _primitives() -> list[Completion]:
    return _call_completions("primitive", ((s.name, s.params, s.doc) for s in PRIMITIVES.values()))


def _statics() -> list[Completion]:
    return _call_completions("static", ((s.name, s.params, s.question) for s in STATICS.values()))


def _facts() -> list[Completion]:
    return _call_completions("fact", ((s.name, s.params, s.doc) for s in FACTS.values()))


def _predicates() -> list[Completion]:
    return [Completion(s.name, "predicate", s.doc, s.name) for s in pr.REGISTRY.values()]


def _durations() -> list[Completion]:
    return _table_completions("duration", v.DURATIONS, {n: s.doc for n, s in v.DURATIONS.items()})


def _roles() -> list[Completion]:
    return _table_completions("role", v.ROLES, v.ROLES)


def _arguments() -> list[Completion]:
    words = dict.fromkeys(w for ws in v.ARGUMENT_WORDS.values() for w in ws)
    filters = _table_completions("filter", TILE_FILTERS, dict.fromkeys(TILE_FILTERS, "tile filter"))
    return [*filters, *_roles(), *_table_completions("words", words, {})]


def _members() -> list[Completion]:
    labels = [
        Completion(label, "field", "a labelled field of the card library", f'{label}: "$1"')
        for label in FIELD_LABELS
    ]
    return [*_table_completions("keyword", KEYWORDS, {}), *labels]


_AFTER: dict[str, Callable[[], list[Completion]]] = {
    "on": _events,
    "of": _events,
    "allow": _statics,
    "forbid": _statics,
    "until": _durations,
    "after": _durations,
    "by": _roles,
    "each": _roles,
    "from": _roles,
    "when": _facts,
    "and": _facts,
    "or": _facts,
    "not": _facts,
    "if": _facts,
    "do": _primitives,
}


def completions(lines: Sequence[str], line: int, column: int) -> list[Completion]:
    """What may be written at the caret of a card file, by the word before it."""
    text = lines[line][:column] if 0 <= line < len(lines) else ""
    typed = re.search(r"[A-Za-z_][A-Za-z0-9_.]*$", text)
    before = text[: typed.start()] if typed else text
    previous = _previous_word(before, len(before))
    open_args = before.count("(") > before.count(")")
    if open_args:
        return _arguments()
    if previous in ("when", "and", "or", "not") and text.lstrip().startswith("complete at hu"):
        return _predicates()
    if not before.strip():
        return [*_members(), *_primitives()]
    if before.rstrip().endswith("{"):
        return _primitives()
    maker = _AFTER.get(previous)
    return maker() if maker is not None else []


def card_id_completions(cards: dict[str, Card]) -> list[Completion]:
    """Every known card id (and version) with its name, for pool files."""
    return [Completion(card.id, "card", f"{card.name} ({card.type})", card.id) for card in cards.values()]


# ---- definitions, symbols, quick fixes ----------------------------------------------------------


def definition(lines: Sequence[str], line: int, column: int, places: dict[str, Location]) -> Location | None:
    """Where the card id under the caret is defined: ``S-08-v2`` its own card, ``S-08`` version 1."""
    word = word_at(lines, line, column, CARD_ID)
    return places.get(word.text) if word is not None else None


@dataclass(frozen=True)
class Fix:
    """A quick fix: its title, and the text that replaces a line's columns."""

    title: str
    line: int
    start: int
    end: int
    text: str


def quick_fixes(analysis: Analysis, finding: Finding) -> list[Fix]:
    """The fixes lint knows: the name it suggests ("did you mean"), the module tag 标签 asks for."""
    diagnostic = finding.diagnostic
    text = analysis.lines[finding.line]
    suggested = _DID_YOU_MEAN.search(diagnostic.hint)
    if suggested is not None:
        wrong = _UNKNOWN.search(diagnostic.message)
        at = text.find(wrong.group(1), finding.start) if wrong else -1
        if wrong is not None and at >= 0:
            word = suggested.group(1)
            return [Fix(f"Change to '{word}'", finding.line, at, at + len(wrong.group(1)), word)]
    tag = re.search(r"add '(module \w+)'", diagnostic.message)
    if diagnostic.code == "TAG-MISMATCH" and tag is not None:
        brace = text.rfind("{")
        if brace > 0:
            return [Fix(f"Add '{tag.group(1)}'", finding.line, brace, brace, f"{tag.group(1)} ")]
    return []
