"""A designated-tile challenge at a real table (实体桌, issue 31 item 3; §7.5, lib 二.4, R622): the F-T
card lies in front of its drawer naming its tile; the console cannot see a tile drawn, so at the check
after a turn's discard or win the holder taps how many copies are in hand — one: the single action,
two or more: the double action, never both — at most two turns a round, a chip for each completion
(one for a double), refused without cost (§17.4), and it ends when its holder wins (§7.6)."""

from __future__ import annotations

import pytest
from physical_support import Table, pool_text

from engine.core.errors import IllegalActionError
from tools.physical import views

A, B, C, D = range(4)
HAND = {"concealed": "234m234p789m456s55s", "melds": [], "win_tile": "5s", "win_by": "self_draw"}
GOOD = ["C-01", "C-14", "C-23", "C-17", "C-18", "C-21"]


def table_with_ft() -> Table:
    """A party table whose world card W-14 draws a party card for a first exposed meld, and whose only
    party card is F-T05 (六条训练): A's pung draws it."""
    text = pool_text(
        mode="party",
        W=["W-14"], O_P=["O-P03"], O_N=0, O_C=0, O_X=0, F_T=["F-T05"], F_I=0, F_R=0, F_S=0,
        S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-01", "S-02"], G=8, P=8,
        C=[*GOOD, "C-02", "C-06"], B=["B-04", "B-05", "B-06", "B-07"],
    )  # fmt: skip
    table = Table(text, seed=4)
    table.settle(prefer={p: GOOD for p in range(4)})
    table.enter(A, "pon")
    table.settle()
    return table


def buttons(table: Table, player: int) -> list[dict[str, str]]:
    """The buttons on the player's phone, with their words."""
    shown: list[dict[str, str]] = views.seat(table.game, player, {})["buttons"]
    return shown


def test_the_card_lies_before_its_holder_naming_its_tile_and_only_the_holder_taps_it_s7_5() -> None:
    """抽到后正面放在自己面前: A's seat shows F-T05 with its tile (六条) until the round's end; A alone has
    the check's two buttons, which say the count and the action."""
    table = table_with_ft()
    seat = table.public()["seats"]["A"]
    assert seat["designated"] == [{"card": "F-T05", "tile": "6s", "turns": 0}]
    assert seat["lasting"] == [{"card": "F-T05", "until": "round_end", "ends": "本局结束"}]
    labels = {b["option"]: b["label"] for b in buttons(table, A)}
    assert labels["tile F-T05 single"] == "六条训练：新取得的六条检查时仍在手中，共1张 → 单张动作"
    assert "2张" in labels["tile F-T05 double"] and "双张动作" in labels["tile F-T05 double"]
    assert not any(o.startswith("tile ") for p in (B, C, D) for o in table.options(p))


def test_one_copy_does_the_single_action_two_the_double_a_chip_each_at_most_two_turns_s7_5() -> None:
    """单张动作 with one copy, 双张动作 with two or more (not the single twice); a chip for each one done,
    one for a double; the third turn of the round is not offered."""
    table = table_with_ft()
    table.enter(A, "tile F-T05 single")
    ask = table.prompt(A)
    assert ask is not None and ask.kind == "challenge" and "完成3次小幅深蹲" in ask.text
    assert "challenge F-T05 refused" in ask.parts[A].values()
    table.enter(A, "challenge F-T05 done")
    assert table.st.chips.balance(A) == 1
    table.enter(A, "tile F-T05 double")
    ask = table.prompt(A)
    assert ask is not None and "完成5次小幅深蹲" in ask.text and "完成3次" not in ask.text
    table.enter(A, "challenge F-T05 done")
    assert table.st.chips.balance(A) == 2
    assert table.public()["seats"]["A"]["designated"][0]["turns"] == 2
    assert not any(o.startswith("tile ") for o in table.options(A))
    with pytest.raises(IllegalActionError):
        table.enter(A, "tile F-T05 single")


def test_a_refusal_costs_nothing_and_the_card_ends_when_its_holder_wins_s17_4_s7_6() -> None:
    """§17.4: refused, no chip and no point lost, the turn counted; when A wins, A's designated-tile
    card ends at once and its buttons go."""
    table = table_with_ft()
    table.enter(A, "tile F-T05 single")
    table.enter(A, "challenge F-T05 refused")
    assert table.st.chips.balance(A) == 0 and table.public()["scores"]["A"] == 0
    assert [c[2] for c in table.st.rnd.challenges] == ["refused"]
    assert "tile F-T05 single" in table.options(A)
    table.enter(A, "hu", hand=dict(HAND, melds=["pon 111p"], concealed="234m234p789m55s"), wall=40)
    table.settle()
    seat = table.public()["seats"]["A"]
    assert seat["designated"] == [] and seat["lasting"] == [] and seat["won"] is not None
    assert "F-T05" in table.st.deck("party").discards
