"""A trigger of a turn's moment at a real table (实体桌, issue 31 item 3, R626): where all its card then has
its holder do is with the tiles, the holder's one tap says it fired and was done, with "cannot" (§6.8)
one tap away; a card that asks anything more keeps its tap and its prompts."""

from __future__ import annotations

import pytest
from physical_support import Table, pool_text

from engine.core.errors import IllegalActionError
from tools.physical import views
from tools.physical.asks import HOST
from tools.physical.record import round_record

A, B, C, D = range(4)
SILVER = ["S-01", "S-05", "S-12", "S-06", "S-11", "S-14", "S-15", "S-18"]
NORMAL = ["C-01", "C-02", "C-06", "C-07", "C-08", "C-14", "C-15", "C-16"]
BLACK = ["B-04", "B-05", "B-06", "B-07"]


def table_of(world: str = "W-01", seed: int = 3) -> Table:
    text = pool_text(
        W=[world], O_P=["O-P01"], O_N=0, O_C=0, O_X=0, S=SILVER, G=0, P=0, C=NORMAL, B=BLACK
    )  # fmt: skip
    return Table(text, seed=seed)


def labels(table: Table, player: int) -> dict[str, str]:
    """The seat's buttons, option → label."""
    return {b["option"]: b["label"] for b in views.seat(table.game, player, {})["buttons"]}


def test_a_trigger_done_with_the_tiles_is_fired_and_done_in_one_tap_s6_8_S01() -> None:
    """S-01 (once a round: after the fifth normal draw, look at the wall's top two and reorder): its
    holder's button says what to do and that it is done; one tap runs it — no prompt follows — and
    counts its use and its acting (§18.3); "cannot" is the button beside it."""
    table = table_of()
    table.settle(prefer={p: ["S-01"] for p in range(4)})
    holder = table.holder_of("S-01")
    shown = labels(table, holder)
    assert shown["trigger S-01"] == "稳健运营：触发了，已完成（查看牌墙顶部2张牌，按任意顺序放回）"
    assert shown["trigger S-01 cannot"] == "稳健运营：触发了，但无法执行"
    letter = "ABCD"[holder]
    assert {f"{letter} trigger S-01", f"{letter} trigger S-01 cannot"} <= set(table.host_options())
    table.enter(holder, "trigger S-01")
    assert table.game.prompts() == []
    assert f"{letter} S-01 稳健运营：已完成" in table.st.feed
    seat = table.public()["seats"][letter]
    assert seat["augments"] == [{"card": "S-01", "round": 1, "session": 0}]
    assert "trigger S-01" not in table.options(holder) and "trigger S-01 cannot" not in table.options(holder)
    assert table.st.rnd.acted["S-01"] == 1 and "S-01" not in table.st.rnd.unable


def test_cannot_is_one_tap_and_counts_a_card_unable_s6_8_S01() -> None:
    """The holder who could not do it (the wall held too few tiles) taps "cannot" once: the use is
    spent as the trigger fired, and the round's record counts S-01 unable, not acted (§18.3)."""
    table = table_of()
    table.settle(prefer={p: ["S-01"] for p in range(4)})
    holder = table.holder_of("S-01")
    table.enter(HOST, f"{'ABCD'[holder]} trigger S-01 cannot")
    assert table.game.prompts() == []
    assert f"{'ABCD'[holder]} S-01 稳健运营：无法执行" in table.st.feed
    table.enter(A, "wall 24")
    table.settle(default="keep", until="draft")
    table.enter(A, "wall 0")
    record = round_record(table.st, table.st.played[0])
    held = [a for p in record.players for a in p.augments if a.card == "S-01"]
    assert [(a.triggered, a.unable) for a in held] == [(0, 1)]


def test_a_card_that_may_be_used_is_used_and_done_in_one_tap_s5_5_S12() -> None:
    """S-12 (may: put the drawn tile at the wall's bottom and draw again): "使用了，已完成" is one tap;
    the use is counted as §5.5's marker would be."""
    table = table_of()
    table.settle(prefer={p: ["S-12"] for p in range(4)})
    holder = table.holder_of("S-12")
    shown = labels(table, holder)
    assert shown["use S-12"].startswith("牌河记忆：使用了，已完成（将1张刚摸到的手牌背面朝上放到牌墙底部")
    table.enter(holder, "use S-12")
    assert table.game.prompts() == []
    assert table.public()["seats"]["ABCD"[holder]]["augments"][0]["round"] == 1


def test_a_trigger_that_asks_more_keeps_its_tap_and_prompts_s6_1_W05_S05() -> None:
    """Control: W-05's tap draws a chance card, whose instruction is then answered done or cannot on
    the drawer's phone; S-05's makes a state with nothing to do with the tiles.  Neither has a
    "cannot" beside its tap, and such an option is refused."""
    table = table_of(world="W-05")
    table.settle(prefer={p: ["S-05"] for p in range(4)})
    holder = table.holder_of("S-05")
    shown = labels(table, holder)
    assert shown["trigger W-05"].endswith("：触发了")
    assert shown["use S-05"].endswith("：我要使用")
    assert not any(option.endswith(" cannot") for option in table.options(holder))
    with pytest.raises(IllegalActionError):
        table.enter(holder, "trigger W-05 cannot")
    table.enter(holder, "trigger W-05")
    ask = table.prompt(holder)
    assert ask is not None and ask.kind == "do" and ask.card == "O-P01"
    assert ask.parts[holder].values() == ("done O-P01", "cannot O-P01")
