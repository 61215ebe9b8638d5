"""The card language reads every shipped card and keeps the library's fields verbatim (lib 一–十一)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from dsl import compile_cards, load_cards, parse_text
from dsl import model as m
from engine.hextech.vocabulary import Level

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


EVERY_FORM = """
card W-99 "每种写法" world module party {  # a comment
  触发者: "x"
  卡面正文: "x"
  标签: "欢乐挑战模块"
  on kong.established by any when is(kind, ankan|minkan) and not (drawable() < 5 or in_game() == 2)
     limit 1 per player per round limit 2 per session until round_end may do chips(-1)
  allow chi(from: any) for holder when window_opened limit 1 per turn for 2 triggers
  instead of chance.draw by holder limit none do draw_keep(chance, n: 2, keep: 1)
  grant form lucky_number(number: 13812345678)
  resolve do {
    choose one { option "①" when drawable() > 3 extra_tidy option "②" { make_safe(next_discard) } }
    for each all from next_actor draw_tile()
    if drawable() != 3 { extra_tidy() } else { discard() }
    status forbid chi(from: upper) for holder when drawable() <= 3 until round_end
    after round_end look_and_reorder(3)
  }
  complete at hu when self_draw and count(pung|kong) >= 2
  complete on discard.settled by holder when is(tile, 5m)
  fail on discard.settled by holder
}
"""


def test_every_documented_form_parses() -> None:
    """docs/dsl.md: every ability, effect, clause and condition form, with all optional parts written."""
    (card,) = parse_text(EVERY_FORM, "forms.hex")
    trigger, static, replacement, grant, resolution, at_hu, complete_on, fail = card.abilities
    assert isinstance(trigger, m.Trigger) and trigger.optional and trigger.actor == "any"
    assert [(limit.count, limit.per) for limit in trigger.limits] == [
        (1, ("player", "round")),
        (2, ("session",)),
    ]
    assert trigger.duration is not None and trigger.duration.until == "round_end"
    assert isinstance(trigger.guard, m.AllOf) and isinstance(trigger.guard.parts[1], m.Negation)
    (chips,) = trigger.effects
    assert isinstance(chips, m.EffectCall) and chips.args[0].alternatives == (m.Atom(kind="int", value=-1),)
    assert isinstance(static, m.Static) and static.duration is not None and static.duration.triggers == 2
    assert isinstance(replacement, m.Replacement) and replacement.limits[0].count is None
    assert isinstance(grant, m.Grant) and grant.kind == "form" and grant.args[0].name == "number"
    assert isinstance(resolution, m.Resolution)
    assert [type(step) for step in resolution.effects] == [m.Choose, m.ForEach, m.IfEffect, m.Status, m.Later]
    assert isinstance(at_hu, m.CompleteAtHu) and isinstance(at_hu.condition, m.AllOf)
    self_draw = at_hu.condition.parts[0]
    assert isinstance(self_draw, m.FactCall) and (self_draw.name, self_draw.args) == ("self_draw", ())
    assert isinstance(complete_on, m.CompleteOn) and complete_on.guard is not None
    assert isinstance(fail, m.Fail) and fail.actor == "holder" and fail.guard is None
    assert card.tags == ("party",)
