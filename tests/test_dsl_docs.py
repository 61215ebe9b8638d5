"""docs/dsl.md stays in step with the vocabulary, and its worked cards are the shipped ones (§6.6)."""

from __future__ import annotations

import re
from pathlib import Path

from dsl import CardSyntaxError, check_cards, compile_card, load_cards, parse_text
from engine.hextech import vocabulary as v
from engine.hextech.effects.facts import FACTS
from engine.hextech.statics import STATICS
from engine.hextech.words import PRIMITIVES

DOC = Path(__file__).resolve().parents[1] / "docs" / "dsl.md"


def test_every_declared_word_is_documented() -> None:
    """Every event, primitive, static, fact, duration and role of the vocabulary is in docs/dsl.md."""
    text = DOC.read_text(encoding="utf-8")
    names = [*v.EVENTS, *PRIMITIVES, *STATICS, *FACTS, *v.DURATIONS, *v.ROLES]
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


def _documented_codes() -> list[str]:
    errors = DOC.read_text(encoding="utf-8").split("## Errors", 1)[1].split("## Compiled values", 1)[0]
    return [
        code
        for row in re.findall(r"^\| (`.*?) \|", errors, flags=re.M)
        for code in re.findall(r"`([A-Z-]+)`", row)
    ]


WORLD = 'card W-99 "x" world {{\n  触发者: "x"\n  卡面正文: "x"\n  {}\n}}\n'
PRODUCED_BY: dict[str, str] = {
    "SYNTAX": 'card W-99 "x" world {\n',
    "NESTING": WORLD.format("on idle when " + "not " * 30 + "drawable() > 3 do extra_tidy()"),
    "NUMBER": WORLD.format("on idle when drawable() > " + "9" * 19 + " do extra_tidy()"),
    "UNKNOWN-EVENT": WORLD.format("on kong.establishd do extra_tidy()"),
    "UNKNOWN-PRIMITIVE": WORLD.format("on idle do draw_cards(chance)"),
    "UNKNOWN-STATIC": WORLD.format("forbid chow for holder"),
    "UNKNOWN-FACT": WORLD.format("on idle when river_suit(actor) >= 3 do extra_tidy()"),
    "UNKNOWN-PREDICATE": WORLD.format("complete at hu when counts(chow) >= 2"),
    "UNKNOWN-SHAPE": WORLD.format("grant shape honour_chows"),
    "UNKNOWN-DURATION": WORLD.format("on idle until next_turn do extra_tidy()"),
    "UNKNOWN-ROLE": WORLD.format("on idle by anyone do extra_tidy()"),
    "UNKNOWN-FIELD": WORLD.format('说明书: "x"'),
    "UNKNOWN-MODULE": WORLD.replace("world {{", "world module partty {{").format(""),
    "UNKNOWN-TYPE": 'card X-01 "x" worlds { 卡面正文: "x" }\n',
    "BAD-ARGUMENT": WORLD.format("on idle do draw_card(chance, fo: actor)"),
    "BAD-LIMIT": WORLD.format("on idle limit 1 per game do extra_tidy()"),
    "SHORT-HAND": WORLD.format("on idle do put_bottom()"),
    "BAD-GROUP": 'card O-P99 "x" chance { 卡面正文: "x" }\n',
    "ID-TYPE": 'card S-99 "x" gold { 频率: "x" 卡面正文: "x" }\n',
    "UNKNOWN-SERIES": 'card Z-01 "x" silver { 频率: "x" 卡面正文: "x" }\n',
    "BAD-ID": 'card S-08-v1 "x" silver { 频率: "x" 卡面正文: "x" }\n',
    "MISSING-FIELD": 'card W-99 "x" world { 卡面正文: "x" }\n',
    "TAG-MISMATCH": WORLD.format('标签: "宝牌模块"'),
    "DUPLICATE-ID": WORLD.format("") * 2,
    "MISPLACED": WORLD.format("fail on idle"),
}


def test_every_documented_error_code_is_produced() -> None:
    """docs/dsl.md's table of codes: each code is what the parser or the semantic pass reports for a card."""
    assert sorted(_documented_codes()) == sorted(PRODUCED_BY)
    for code, text in PRODUCED_BY.items():
        try:
            found = {d.code for d in check_cards(parse_text(text, "doc.hex"))}
        except CardSyntaxError as err:
            found = {err.diagnostic.code}
        assert code in found, (code, found)
