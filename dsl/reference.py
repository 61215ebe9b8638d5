"""The reference of the card language's words, from the engine's vocabulary: one source for the
tables of docs/dsl.md ("The vocabulary") and for what the language server shows on hover.

Each word's documentation is the row of its table (:func:`entries`): the tables are those rows,
and a hover is the same cells under their column titles.  ``tests/test_reference.py`` fails when
docs/dsl.md's tables differ from :func:`vocabulary_markdown`; ``python -m dsl.reference`` rewrites
them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from engine.hextech import predicates as pr
from engine.hextech import vocabulary as v
from engine.hextech.conditions import hand_reading
from engine.hextech.effects.facts import FACTS
from engine.hextech.statics import STATICS
from engine.hextech.words import PRIMITIVES

DOC = Path(__file__).resolve().parents[1] / "docs" / "dsl.md"
SECTION = "## The vocabulary"
INTRO = (
    "Generated from `engine/hextech/vocabulary.py` and `engine/hextech/words/` by `dsl/reference.py`\n"
    "(`python -m dsl.reference` rewrites it); the language server's hover shows the same rows, and\n"
    "`tests/test_reference.py` fails when the two differ."
)


@dataclass(frozen=True)
class Entry:
    """One word of the vocabulary: its kind (a table), the name written in cards, the table's cells."""

    kind: str
    name: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """One table of the reference: its heading, its column titles, its entries."""

    kind: str
    heading: str
    columns: tuple[str, ...]
    entries: tuple[Entry, ...]


def _code(text: str) -> str:
    return f"`{text}`"


def _param(p: v.Param) -> str:
    """A parameter as the reference writes it: ``name``, ``name=default``, then a whole number's range
    (``n [1…6]``, ``take=1 [1…n]``, R190)."""
    shown = p.name if p.default is None else f"{p.name}={p.default}"
    if p.low is None and p.high is None:
        return shown
    high = p.most or ("" if p.high is None else str(p.high))
    return f"{shown} [{'' if p.low is None else p.low}…{high}]"


def _signature(name: str, params: Iterable[v.Param]) -> str:
    return f"{name}({', '.join(map(_param, params))})"


def _predicate_signature(spec: hand_reading.PredicateSpec) -> str:
    shown = [f"{p.name}?" if p.optional else p.name for p in spec.params]
    return f"{spec.name}({', '.join(shown)})"


def _timing(spec: v.EventSpec) -> str:
    return spec.timing if spec.actor else f"{spec.timing} (table event: no actor)"


def _table(
    kind: str, heading: str, columns: tuple[str, ...], rows: Iterable[tuple[str, tuple[str, ...]]]
) -> Table:
    return Table(kind, heading, columns, tuple(Entry(kind, name, cells) for name, cells in rows))


LIMIT_FORMS: dict[str, str] = {
    **{
        f"limit N per {period}": f"the ability is used at most N times per {period} in all"
        for period in v.LIMIT_PERIODS
    },
    **{
        f"limit N per player per {period}": f"at most N times per {period} for each acting player"
        for period in v.LIMIT_PERIODS
    },
    "limit none": "no count: removes the default (G-05, P-07)",
    "(none written)": "a world trigger: once per player per round, four per round (§6.3, lib 三); an "
    "augment: once per round (lib 二.2)",
}
"""The limit clauses (``engine.hextech.vocabulary.LIMIT_PERIODS``) and the defaults the compiler applies."""


def tables() -> tuple[Table, ...]:
    """The reference's tables, in the order docs/dsl.md shows them."""
    return (
        _table("event", "Events", ("event", "payload", "fires (timing)", "rule"), (
            (s.name, (_code(s.name), ", ".join(s.payload) or "—", _timing(s), s.section))
            for s in v.EVENTS.values()
        )),
        _table("primitive", "Primitives", ("primitive(params)", "does", "may cause", "rule"), (
            (s.name, (_code(_signature(s.name, s.params)), s.doc,
                      ", ".join(map(_code, s.causes)) or "—", s.section))
            for s in PRIMITIVES.values()
        )),
        _table("static", "Statics (legality questions)", ("static(params)", "question", "rule"), (
            (s.name, (_code(_signature(s.name, s.params)), s.question, s.section)) for s in STATICS.values()
        )),
        _table("fact", "Table facts (event filters and guards)", ("fact(params)", "gives", "meaning"), (
            (s.name, (_code(_signature(s.name, s.params)), s.returns, s.doc)) for s in FACTS.values()
        )),
        _table("predicate", "Hand conditions (`complete at hu when …`)", ("predicate(params)", "gives",
                                                                          "meaning"), (
            (s.name, (_code(_predicate_signature(s)), s.returns, s.doc)) for s in pr.REGISTRY.values()
        )),
        _table("duration", "Durations", ("duration", "ends at", "meaning"), (
            (s.name, (_code(s.name), _code(s.ends_on), s.doc)) for s in v.DURATIONS.values()
        )),
        _table("limit", "Limits", ("limit", "meaning"), (
            (form, (_code(form), doc)) for form, doc in LIMIT_FORMS.items()
        )),
        _table("role", "Roles", ("role", "who"), (
            (name, (_code(name), who)) for name, who in v.ROLES.items()
        )),
        _table("words", "Argument words", ("kind", "words"), (
            (kind, (kind, ", ".join(words))) for kind, words in v.ARGUMENT_WORDS.items()
        )),
    )  # fmt: skip


def _row(cells: Iterable[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def vocabulary_markdown() -> str:
    """The section "The vocabulary" of docs/dsl.md, heading included."""
    parts = [SECTION, "", INTRO]
    for table in tables():
        parts += ["", f"### {table.heading}", "", _row(table.columns), _row("---" for _ in table.columns)]
        parts += [_row(entry.cells) for entry in table.entries]
    return "\n".join(parts) + "\n"


def entries(name: str) -> list[tuple[Table, Entry]]:
    """Every entry of the reference written ``name``, with its table (a word may be, say, a static
    and an argument word)."""
    return [(table, entry) for table in tables() for entry in table.entries if entry.name == name]


def hover_markdown(table: Table, entry: Entry) -> str:
    """A word's documentation as the hover shows it: its table's row, each cell under its title."""
    head, *rest = entry.cells
    lines = [f"**{table.kind}** {head}", ""]
    lines += [f"- {title}: {cell}" for title, cell in zip(table.columns[1:], rest, strict=True)]
    return "\n".join(lines)


def rewrite_doc(path: Path = DOC) -> None:
    """Replace the vocabulary section (the last of the file) of docs/dsl.md with the generated one."""
    text = path.read_text(encoding="utf-8")
    before = text.split(SECTION, 1)[0]
    path.write_text(before + vocabulary_markdown(), encoding="utf-8")


if __name__ == "__main__":
    rewrite_doc(Path(sys.argv[1]) if len(sys.argv) > 1 else DOC)
