"""docs/dsl.md stays in step with the vocabulary, and its worked cards are the shipped ones (§6.6)."""

from __future__ import annotations

import re
from pathlib import Path

from dsl import compile_card, load_cards, parse_text
from engine import vocabulary as v

DOC = Path(__file__).resolve().parents[1] / "docs" / "dsl.md"


def test_every_declared_word_is_documented() -> None:
    """Every event, primitive, static, fact, duration and role of engine/vocabulary.py is in docs/dsl.md."""
    text = DOC.read_text(encoding="utf-8")
    names = [*v.EVENTS, *v.PRIMITIVES, *v.STATICS, *v.FACTS, *v.DURATIONS, *v.ROLES]
    missing = [name for name in names if f"`{name}" not in text]
    assert missing == []


def test_worked_cards_in_the_doc_equal_the_shipped_cards() -> None:
    """The three worked cards of docs/dsl.md (W-01, B-11, O-C01) parse, compile and match cards/."""
    blocks = re.findall(r"```\n(card [A-Z].*?\n})\n```", DOC.read_text(encoding="utf-8"), flags=re.S)
    shipped = {card.id: card for card in load_cards()}
    documented = [card for block in blocks for card in parse_text(block, "docs/dsl.md")]
    assert [card.id for card in documented] == ["W-01", "B-11", "O-C01"]
    for card in documented:
        assert card.fields == shipped[card.id].fields
    for card in documented[:2]:
        assert compile_card(card) == compile_card(shipped[card.id])
