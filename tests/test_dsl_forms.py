"""Every form of the language compiles to the engine value it names (docs/dsl.md, lib 二.2, §6.9)."""

from __future__ import annotations

from pathlib import Path

from dsl import compile_card, load_cards, parse_text
from engine.hextech import predicates as pr
from engine.hextech.vocabulary import (
    DurationRule,
    ForEachStep,
    IfStep,
    LaterStep,
    LimitRule,
    PrimitiveStep,
    StatusStep,
)

P07 = """
card P-07 "双重机遇" prismatic {
  频率: "每次抽取机遇牌"
  卡面正文: "每当你需要抽取机遇牌时，改为抽2张，选择1张结算，另一张弃置。"

  instead of chance.draw by holder limit none do draw_keep(chance, n: 2, keep: 1)
}
"""

OC06 = """
card O-C06 "临时誓约" chance choice {
  持续时间: "直到你的下一回合结束"
  卡面正文: "选择“不能吃牌”或“不能碰牌”。遵守到你的下一回合结束，然后查看牌墙顶部3张牌并重新排列。"

  resolve do {
    choose one {
      option "不能吃牌" status forbid chi for holder until next_turn_end
      option "不能碰牌" status forbid pon for holder until next_turn_end
    }
    after next_turn_end look_and_reorder(3)
  }
}
"""

S18 = """
card S-18 "开局微调" silver {
  频率: "整场2次"
  卡面正文: "发牌和起手补花完成后、选择契约前，可以将1张数字牌放到牌墙底部，再从牌墙顶部摸1张牌。"

  on setup.ready limit 2 per session limit 1 per round may do {
    put_bottom(number)
    draw_tile(top, as: extra)
    if holds(flower) >= 1 { for each all look_and_reorder(1) }
  }
}
"""


def test_lib_p07_replacement_without_limit() -> None:
    """P-07 (每次抽取机遇牌): a replacement of the chance draw with no limit (`limit none`)."""
    (hook,) = compile_card(parse_text(P07, "p07.hex")[0]).hooks
    assert hook.replaces and hook.limits == () and hook.event == "chance.draw"
    assert hook.steps == (PrimitiveStep("draw_keep", (("deck", "chance"), ("n", 2), ("keep", 1))),)


def test_lib_oc06_choice_of_vow_then_a_delayed_look() -> None:
    """O-C06: a vow held until the next turn ends (H10), then a look at the top 3 (H22)."""
    steps = compile_card(parse_text(OC06, "oc06.hex")[0]).resolution
    choice, later = steps
    first = choice.options[0].steps[0]  # type: ignore[union-attr]
    assert isinstance(first, StatusStep)
    assert (first.rule.action, first.rule.duration) == ("chi", DurationRule(until="next_turn_end"))
    assert isinstance(later, LaterStep) and later.expiry == "next_turn_end"


def test_lib_s18_session_and_round_limits_combine() -> None:
    """S-18 (整场2次, at most once per round by lib 二.2): both limits hold; the draw cannot win."""
    (hook,) = compile_card(parse_text(S18, "s18.hex")[0]).hooks
    assert hook.limits == (LimitRule(2, "session"), LimitRule(1, "round"))
    assert hook.optional
    put, draw, branch = hook.steps
    assert put == PrimitiveStep("put_bottom", (("which", "number"), ("player", "holder")))
    assert draw == PrimitiveStep("draw_tile", (("end", "top"), ("as", "extra"), ("player", "holder")))
    assert isinstance(branch, IfStep) and branch.otherwise == ()
    assert branch.condition == pr.Compare(pr.Call("holds", ("flower", "actor")), ">=", 1)
    assert isinstance(branch.then[0], ForEachStep) and branch.then[0].start is None


def test_extra_card_files_load_with_the_core(tmp_path: Path) -> None:
    """A designer's extra file loads beside the core files; its cards follow them."""
    path = tmp_path / "extra.hex"
    path.write_text(P07.replace("P-07", "P-07-v2"), encoding="utf-8")
    cards = load_cards(extra=[path])
    assert len(cards) == 193 and cards[-1].id == "P-07-v2" and cards[-1].base_id == "P-07"
