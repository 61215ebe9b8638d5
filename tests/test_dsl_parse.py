"""The card language reads every shipped card and keeps the library's fields verbatim (lib 一–十一)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from dsl import compile_cards, load_cards, parse_text
from engine.vocabulary import Level

REPO = Path(__file__).resolve().parents[1]


def test_lib_all_192_cards_load_and_compile() -> None:
    """lib 一: the full-module pool holds 192 different cards; every one parses and compiles."""
    cards = load_cards()
    assert len(cards) == 192
    assert not [card_id for card_id, n in Counter(c.id for c in cards).items() if n > 1]
    compiled = compile_cards(cards)
    assert Counter(c.type for c in compiled)["black_contract"] == 16
    assert all(c.contract is not None for c in compiled if c.type in ("contract", "black_contract"))


def test_lib_header_version_suffix_and_fields_verbatim() -> None:
    """A version suffix names the same library card (S-08 and S-08-v2); field texts are kept verbatim."""
    text = """
    card S-08-v2 "绝张观察" silver {
      频率: "每局1次"
      卡面正文: "当你取得一张牌，且桌面上已经公开可见至少2张同名牌时，查看牌墙顶部3张牌并重新排列。"
      说明: "自己的公开面子、所有牌河和其他玩家公开牌均计入“公开可见”。"
    }
    """
    (card,) = parse_text(text, "s08.hex")
    assert (card.id, card.base_id, card.version, card.type) == ("S-08-v2", "S-08", 2, "silver")
    assert card.fields["说明"] == "自己的公开面子、所有牌河和其他玩家公开牌均计入“公开可见”。"
    assert card.text.startswith("当你取得一张牌")
    assert card.field_locations["频率"].line == 3


def test_lib_module_tags_follow_the_label() -> None:
    """lib 十二.1: W-13 belongs to the treasure module, W-14 to the party module."""
    by_id = {card.id: card for card in load_cards()}
    assert by_id["W-13"].modules == ("treasure",)
    assert by_id["W-14"].modules == ("party",)
    assert by_id["W-01"].modules == ()


def test_section_15_levels_follow_card_types() -> None:
    """§15: contracts L3 above augments L4 above world L6 above chance L7."""
    compiled = {c.id: c for c in compile_cards(load_cards())}
    assert compiled["B-01"].level is Level.CONTRACT
    assert compiled["G-04"].level is Level.AUGMENT
    assert compiled["W-01"].level is Level.WORLD
    assert compiled["O-P01"].level is Level.CHANCE


def test_escaped_quotes_and_full_width_colon() -> None:
    """A field may use the library's full-width colon, and a text may hold an escaped quote."""
    (card,) = parse_text('card W-99 "试" world { 触发者： "a \\"b\\" c"  卡面正文: "x" }', "w.hex")
    assert card.fields["触发者"] == 'a "b" c'
