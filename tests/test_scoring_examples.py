"""The five worked examples of §13.15, as written in the rulebook."""

from __future__ import annotations

from scoring_cards import terms

from engine.core.melds import Meld, MeldKind
from engine.core.tiles import parse, parse_one
from engine.hextech.scoring import ContractState, WinInput, score_non_winner, score_win, total


def test_example_1_plain_win_on_a_discard_13_15() -> None:
    """示例一: first hu 4 + normal contract 1 + 门清 1, won on a discard: 6."""
    result = score_win(
        WinInput(
            concealed=tuple(parse("123m456p789s11122z")),
            win_tile=parse_one("2z"),
            win_by="ron",
            hu_order=1,
            contract=ContractState(terms("C-01")),
        )
    )
    assert [(i.name, i.points) for i in result.items] == [
        ("第一名胡牌", 4),
        ("普通契约并胡牌", 1),
        ("门清胡牌", 1),
    ]
    assert result.total == 6


def test_example_2_black_contract_and_self_draw_13_15() -> None:
    """示例二: second hu 3 + black contract 3 + self-draw 1 + 碰碰胡 1 + one minkan 1: 9."""
    result = score_win(
        WinInput(
            concealed=tuple(parse("111m999s22277z")),
            win_tile=parse_one("7z"),
            win_by="tsumo",
            hu_order=2,
            melds=(Meld.parse("minkan 5555p"),),
            contract=ContractState(terms("B-07")),
        )
    )
    assert {i.name: i.points for i in result.items} == {
        "第二名胡牌": 3,
        "黑色契约并胡牌": 3,
        "自摸": 1,
        "明杠": 1,
        "碰碰胡": 1,
    }
    assert result.total == 9


def test_example_3_ankan_then_kong_replacement_win_13_15() -> None:
    """示例三: 4 + 1 + self-draw 1 + ankan 2 + 杠上开花 1 + 门清 1: add-ons 4, total 10."""
    result = score_win(
        WinInput(
            concealed=tuple(parse("123m456p789p11z")),
            win_tile=parse_one("1z"),
            win_by="tsumo",
            hu_order=1,
            melds=(Meld.parse("ankan 7777s"),),
            contract=ContractState(terms("C-01")),
            flags=frozenset({"kong_replacement"}),
        )
    )
    assert {i.name: i.points for i in result.items} == {
        "第一名胡牌": 4,
        "普通契约并胡牌": 1,
        "自摸": 1,
        "暗杠": 2,
        "门清胡牌": 1,
        "杠上开花": 1,
    }
    assert result.total == 10


def test_example_4_add_ons_reach_the_cap_13_15() -> None:
    """示例四: 4 + black 3 + self-draw 1 + (十三幺 3, 门清 1, 海底捞月 1, 四季 1 = 6 → 5): 13."""
    result = score_win(
        WinInput(
            concealed=tuple(parse("19m19p19s12345677z")),
            win_tile=parse_one("7z"),
            win_by="tsumo",
            hu_order=1,
            flowers=tuple(parse("1234f")),
            contract=ContractState(terms("B-13")),
            flags=frozenset({"last_tile"}),
        )
    )
    add_ons = [i for i in result.items if i.id not in ("hu_order", "contract_black", "self_draw")]
    assert sum(i.points for i in add_ons) == 5
    assert [i.id for i in add_ons if i.capped_by == "add_on"] == ["four_seasons"]
    assert result.total == 13


def test_example_5_non_winner_with_an_ankan_13_15() -> None:
    """示例五: a player who made one ankan and never won keeps 2."""
    kept = score_non_winner((MeldKind.ANKAN,))
    assert [(i.name, i.points) for i in kept] == [("暗杠", 2)]
    assert total(kept) == 2
