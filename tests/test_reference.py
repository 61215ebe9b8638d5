"""One source for the reference (dsl/reference.py): docs/dsl.md's vocabulary tables are the rows the
engine's vocabulary gives, and a hover shows the same row."""

from __future__ import annotations

from dsl.reference import DOC, SECTION, entries, hover_markdown, vocabulary_markdown
from engine.hextech import vocabulary as v
from engine.hextech.effects.facts import FACTS
from engine.hextech.statics import STATICS
from engine.hextech.words import PRIMITIVES


def test_the_vocabulary_tables_of_the_doc_are_the_generated_ones() -> None:
    """docs/dsl.md from "## The vocabulary" on is what `python -m dsl.reference` writes."""
    written = SECTION + DOC.read_text(encoding="utf-8").split(SECTION, 1)[1]
    assert written == vocabulary_markdown(), "run: python -m dsl.reference"


def test_every_declared_word_has_one_row() -> None:
    """Each event, primitive, static, fact, duration and role of engine/hextech/vocabulary.py is one entry."""
    for kind, names in (
        ("event", v.EVENTS), ("primitive", PRIMITIVES), ("static", STATICS), ("fact", FACTS),
        ("duration", v.DURATIONS), ("role", v.ROLES),
    ):  # fmt: skip
        for name in names:
            assert [table.kind for table, _ in entries(name)].count(kind) == 1, (kind, name)


def test_a_hover_is_the_row_of_the_table() -> None:
    """kong.established (§6.6): the hover holds each cell of its row in docs/dsl.md, under its title."""
    [(table, entry)] = entries("kong.established")
    shown = hover_markdown(table, entry)
    row = next(line for line in vocabulary_markdown().splitlines() if line.startswith("| `kong.established`"))
    cells = [cell.strip().replace("\\|", "|") for cell in row.strip("|").split(" | ")]
    assert shown.splitlines()[0] == "**event** `kong.established`"
    assert [f"- {title}: {cell}" for title, cell in zip(table.columns[1:], cells[1:], strict=True)] == (
        shown.splitlines()[2:]
    )
    assert "- rule: §6.6" in shown and "before the replacement draw" in shown
