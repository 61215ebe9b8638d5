"""Worked cards compile to the engine's vocabulary: hooks, statics, contract terms (docs/dsl.md)."""

from __future__ import annotations

import pytest

from dsl import check_cards, compile_card, compile_cards, load_cards, parse_text
from engine.core.hand import decompose
from engine.core.melds import Meld
from engine.core.shapes import ShapeGrant
from engine.core.tiles import parse
from engine.hextech import predicates as pr
from engine.hextech.conditions.hand_reading import WinFacts
from engine.hextech.vocabulary import (
    CompiledCard,
    IfStep,
    Level,
    LimitRule,
    PrimitiveStep,
    StaticRule,
    StatusStep,
)

G04 = """
card G-04 "三家皆可吃" gold {
  频率: "每局1次"
  卡面正文: "你可以吃任意一名玩家打出的数字牌，不再限制只能吃上家。"
  说明: "仍须用手中两张牌组成合法顺子，且胡牌响应优先。"

  allow chi(from: any, tile: number) for holder
}
"""

O_C01 = """
card O-C01 "进取或防守" chance choice {
  卡面正文: "选择一项：①进行一次额外整理；②你的下一张弃牌成为安全弃牌。"

  resolve do choose one {
    option "①进行一次额外整理" extra_tidy()
    option "②你的下一张弃牌成为安全弃牌" make_safe(next_discard)
  }
}
"""


def _cards() -> dict[str, CompiledCard]:
    return {card.id: card for card in compile_cards(load_cards())}


def _win(hand: str, melds: tuple[str, ...] = (), win_by: str = "ron") -> list[WinFacts]:
    tiles = parse(hand)
    return [
        WinFacts(decomposition=d, win_tile=tiles[-1], win_by=win_by)  # type: ignore[arg-type]
        for d in decompose(tiles, tuple(Meld.parse(m) for m in melds))
    ]


def test_lib_w15_round_one_only_the_dealer_draws() -> None:
    """W-15 说明: in round 1 only the dealer draws; later the lowest players, from the dealer."""
    (hook,) = _cards()["W-15"].hooks
    (step,) = hook.steps
    assert isinstance(step, IfStep)
    assert step.condition == pr.Compare(pr.Call("round_number", ()), "==", 1)
    assert step.then == (PrimitiveStep("draw_card", (("deck", "chance"), ("for", "dealer"))),)


def test_lib_g04_compiles_to_a_static_permission_with_the_personal_default_limit() -> None:
    """G-04 (频率 每局1次, lib 二.2): a permission to chi from any seat, once per round, at L4."""
    (card,) = parse_text(G04, "g04.hex")
    (rule,) = compile_card(card).statics
    assert rule == StaticRule(
        source="G-04",
        polarity="allow",
        action="chi",
        args=(("from", "any"), ("tile", "number")),
        who="holder",
        condition=None,
        limits=(LimitRule(1, "round"),),
        duration=None,
        level=Level.AUGMENT,
    )


def test_lib_oc01_resolves_to_a_choice_of_two_primitives() -> None:
    """O-C01: choose one of an extra tidy (§6.11) or a safe next discard."""
    (card,) = parse_text(O_C01, "oc01.hex")
    (choice,) = compile_card(card).resolution
    labels = [option.label for option in choice.options]  # type: ignore[union-attr]
    assert labels == ["①进行一次额外整理", "②你的下一张弃牌成为安全弃牌"]
    steps = [option.steps for option in choice.options]  # type: ignore[union-attr]
    assert steps == [
        (PrimitiveStep("extra_tidy", (("player", "holder"),)),),
        (PrimitiveStep("make_safe", (("scope", "next_discard"),)),),
    ]


def test_lib_b01_contract_terms_forbid_chi_and_need_two_pungs() -> None:
    """B-01, §9.7: chi is prohibited at L3; at hu two pungs or kongs are needed."""
    terms = _cards()["B-01"].contract
    assert terms is not None
    assert (terms.kind, terms.prohibits, terms.public) == ("black", frozenset({"chi"}), False)
    assert terms.at_hu is not None
    assert any(terms.met_at_hu(facts) for facts in _win("111m222p345789s11z"))
    assert not any(terms.met_at_hu(facts) for facts in _win("123m456p789s11122z"))


def test_lib_b02_b03_b12_forbid_added_kongs_with_exposed_kongs() -> None:
    """Ruling (§15 last resort): a contract that bans 明杠 bans 加杠 too; 暗杠 stays allowed."""
    cards = _cards()
    for card_id in ("B-02", "B-03", "B-12"):
        terms = cards[card_id].contract
        assert terms is not None and {"minkan", "kakan"} <= terms.prohibits
        assert "ankan" not in terms.prohibits


def test_lib_public_contracts_complete_by_watches_not_at_hu() -> None:
    """lib 九: the contracts marked 公开验证 complete during play; their play is in their examples."""
    cards = _cards()
    public = sorted(card_id for card_id, c in cards.items() if c.contract is not None and c.contract.public)
    assert public == ["B-09", "B-10", "C-03", "C-04", "C-05", "C-09", "C-10", "C-11", "C-12", "C-13"]


def test_lib_b10_forced_discard_is_a_status_for_this_turn() -> None:
    """B-10: a normally drawn number tile must be discarded in that turn (an L3 status)."""
    card = _cards()["B-10"]
    (hook,) = card.hooks
    (step,) = hook.steps
    assert isinstance(step, StatusStep)
    assert (step.rule.polarity, step.rule.action, step.rule.level) == ("forbid", "keep_drawn", Level.CONTRACT)
    assert step.rule.duration is not None and step.rule.duration.until == "this_turn"
    assert sorted(w.outcome for w in card.watches) == ["complete", "fail"]


def test_lib_b15_form_grant_carries_the_suggested_number() -> None:
    """B-15 (H6): the form grant carries the pre-filled number; the holder's number replaces it."""
    terms = _cards()["B-15"].contract
    assert terms is not None and terms.form is not None
    assert (terms.form.shape, terms.form.values) == ("lucky_number", {"number": "13812345678"})


B99 = 'card B-99 "x" black_contract {{\n  验证: "公开与隐藏结合"\n  卡面正文: "x"\n  {}\n}}\n'


@pytest.mark.parametrize(
    ("grant", "hint"),
    [
        ("grant shape lucky_number(number: 13812345678)", "write: grant form lucky_number"),
        ("grant form honour_chow", "write: grant shape honour_chow"),
    ],
)
def test_a_grant_must_say_shape_or_form_as_registered(grant: str, hint: str) -> None:
    """lib B-15 is a whole-hand form, lib P-01 a bent set: `grant shape` and `grant form` differ."""
    (found,) = check_cards(parse_text(B99.format(grant), "b99.hex"))
    assert (found.code, found.hint) == ("UNKNOWN-SHAPE", hint)


def test_a_shape_parameter_binds_by_position_too() -> None:
    """lib B-15: `lucky_number(13812345678)` is `lucky_number(number: 13812345678)`, like any call."""
    written = parse_text(B99.format("grant form lucky_number(13812345678)"), "b99.hex")[0]
    terms = compile_card(written).contract
    assert terms is not None and terms.form == ShapeGrant(
        "B-99", "lucky_number", (("number", "13812345678"),)
    )
