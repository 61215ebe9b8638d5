"""Every contract's condition at hu, met and not met, through the scorer's gate (§9, lib 九–十).

Hidden conditions are answered on the winning hand; public contracts by the
table's completion flag; prohibitions by the declared melds (§9.7).  Bonus:
normal +1, black +3 (§9.2, §9.3, §13.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest
from scoring_cards import CATALOGUE, CONTRACT_IDS, terms

from engine.core.melds import Meld
from engine.core.tiles import Suit, parse, parse_one
from engine.hextech.scoring import ContractState, ScoreResult, WinInput, score_win


@dataclass(frozen=True)
class Hand:
    """A win in notation: concealed tiles with the winning tile, the winning tile, the way, melds."""

    concealed: str
    win_tile: str
    win_by: str = "ron"
    melds: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    state: Mapping[str, object] = field(default_factory=dict)
    treasure: str = ""
    before_window: bool = True


def score(card_id: str, hand: Hand) -> ScoreResult:
    """Score ``hand`` for the holder of ``card_id``."""
    treasure = set(parse(hand.treasure))
    return score_win(
        WinInput(
            concealed=tuple(parse(hand.concealed)),
            win_tile=parse_one(hand.win_tile),
            win_by=hand.win_by,  # type: ignore[arg-type]
            hu_order=1,
            melds=tuple(Meld.parse(m) for m in hand.melds),
            flags=hand.flags,
            contract=ContractState(terms(card_id), **hand.state),  # type: ignore[arg-type]
            is_treasure=treasure.__contains__ if treasure else None,
            before_abandon_window=hand.before_window,
        )
    )


PLAIN = Hand("123m456p789s11122z", "2z")
PUNGS = Hand("111m999p789s11122z", "2z")
DONE: Mapping[str, object] = {"completed": True}
M_SUIT: Mapping[str, object] = {"chosen_suit": Suit.MAN}
LUCKY: Mapping[str, object] = {"chosen_number": "13812345678"}

MET: dict[str, Hand] = {
    "C-01": PLAIN,
    "C-02": PUNGS,
    "C-06": PLAIN,
    "C-07": Hand("123m456p789s55566z", "6z"),
    "C-08": Hand("123m789p456s11122z", "2z"),
    "C-14": Hand("123456m789p11122z", "2z"),
    "C-15": PLAIN,
    "C-16": Hand("123m456p789s11122z", "2z", melds=()),
    "C-17": PLAIN,
    "C-18": Hand("234m234p789s11122z", "2z"),
    "C-19": PLAIN,
    "C-20": Hand("123m789m456p11122z", "2z"),
    "C-21": PLAIN,
    "C-22": Hand("123m456p789s11155z", "5z"),
    "C-23": Hand("456m456p456s11122z", "2z"),
    "C-24": Hand("123m456p789s11177z", "7z", treasure="7z"),
    "B-01": PUNGS,
    "B-02": PLAIN,
    "B-03": Hand("123m456p789s11122z", "2z", "tsumo"),
    "B-04": Hand("123m456p789s123s55m", "5m"),
    "B-05": Hand("111z222z789s123m55p", "5p"),
    "B-06": Hand("123456789m111m22m", "2m"),
    "B-07": Hand("111m222p333s44455z", "5z"),
    "B-08": Hand("1122m3344p5566s77z", "7z"),
    "B-11": Hand("123456789m11122z", "2z", state=M_SUIT),
    "B-12": PLAIN,
    "B-13": Hand("123m456p789s77711z", "1z", "tsumo"),
    "B-14": Hand("1122m3344p555s666z", "6z"),
    "B-15": Hand("1138m2345p678s155z", "1z", state=LUCKY),
    "B-16": PLAIN,
}

NOT_MET: dict[str, Hand] = {
    "C-01": Hand("111m456p999s11122z", "2z"),
    "C-02": PLAIN,
    "C-06": Hand("123m456p789s55566z", "6z"),
    "C-07": PLAIN,
    "C-08": Hand("234m789p456s11122z", "2z"),
    "C-14": PLAIN,
    "C-15": Hand("1122m3344p5566s77z", "7z"),
    "C-16": Hand("123m456p789s11222z", "2z"),
    "C-17": Hand("123m456m789s11122z", "2z"),
    "C-18": Hand("234m345p789s11122z", "2z"),
    "C-19": Hand("123m456p789s123s22z", "2z"),
    "C-20": Hand("123m789p456s11122z", "2z"),
    "C-21": Hand("123456789m11122z", "2z"),
    "C-22": PLAIN,
    "C-23": Hand("123m789p123s11122z", "2z"),
    "C-24": Hand("123m678p789s11122z", "2z", treasure="5m"),
    "B-01": PLAIN,
    "B-02": PUNGS,
    "B-03": Hand("123m456p789s11122z", "2z", "ron"),
    "B-04": PLAIN,
    "B-05": PLAIN,
    "B-06": Hand("123456789m11122z", "2z"),
    "B-07": PLAIN,
    "B-08": PLAIN,
    "B-11": Hand("123456789m11122z", "2z", state={"chosen_suit": Suit.PIN}),
    "B-12": Hand("123m456p789s11122z", "2z", before_window=False),
    "B-13": Hand("123m456p789s77711z", "1z", "ron"),
    "B-14": Hand("1122m3344p5566s77z", "7z"),
    "B-15": Hand("123m456p789s11122z", "2z", state=LUCKY),
    "B-16": Hand("111m222p333s44455z", "5z"),
}

PUBLIC = ("C-03", "C-04", "C-05", "C-09", "C-10", "C-11", "C-12", "C-13", "B-09", "B-10")


def test_every_contract_is_covered_lib_9_10() -> None:
    """All 40 contracts (24 normal, 16 black) have a test: a hand, or the public flag; the
    public ones are exactly the cards whose 验证 is 公开验证 or 持续公开."""
    assert set(MET) | set(PUBLIC) == set(CONTRACT_IDS)
    assert set(NOT_MET) == set(MET)
    assert len(CONTRACT_IDS) == 40
    assert {card_id for card_id in CONTRACT_IDS if terms(card_id).public} == set(PUBLIC)
    assert {card_id for card_id in CONTRACT_IDS if terms(card_id).kind == "black"} == {
        card_id for card_id in CONTRACT_IDS if card_id.startswith("B-")
    }


@pytest.mark.parametrize("card_id", sorted(MET))
def test_condition_met_gives_the_bonus_13_4(card_id: str) -> None:
    """§9.5, §13.4: the condition holds on the winning hand: legal, +1 normal / +3 black."""
    result = score(card_id, MET[card_id])
    assert result.legal, result.reason
    bonus = {i.id: i.points for i in result.items}
    assert bonus.get("contract_normal", 0) + bonus.get("contract_black", 0) == terms(card_id).bonus


@pytest.mark.parametrize("card_id", sorted(NOT_MET))
def test_condition_not_met_is_no_hu_9_6(card_id: str) -> None:
    """§9.6: a complete hand whose contract is not completed cannot be declared."""
    result = score(card_id, NOT_MET[card_id])
    assert not result.legal
    assert card_id in result.reason


@pytest.mark.parametrize("card_id", PUBLIC)
def test_public_contract_follows_the_table_flag_9_5(card_id: str) -> None:
    """§9.5: a public contract completed in play lets the holder win with its bonus; otherwise not."""
    done = score(card_id, Hand("123m456p789s11122z", "2z", state=DONE))
    assert done.legal and done.total == 4 + terms(card_id).bonus + 1
    assert not score(card_id, PLAIN).legal


def test_revealed_tiles_complete_b09_at_hu() -> None:
    """lib B-09: at least 2 of the revealed tiles still used in the winning hand."""
    assert score("B-09", Hand("123m456p789s11122z", "2z", state={"revealed_kept": 2})).legal
    assert not score("B-09", Hand("123m456p789s11122z", "2z", state={"revealed_kept": 1})).legal


@pytest.mark.parametrize(
    ("card_id", "meld", "concealed"),
    [
        ("B-01", "chi 789s", "111m999p11122z"),
        ("B-02", "pon 999p", "123m456m789s22z"),
        ("B-03", "chi 789s", "123m456p11122z"),
        ("B-12", "minkan 9999p", "123m456m789s22z"),
    ],
)
def test_prohibited_call_breaks_the_contract_9_7(card_id: str, meld: str, concealed: str) -> None:
    """§9.7: a contract that forbids a call cannot be completed once that call was made."""
    result = score(card_id, Hand(concealed, "2z", "tsumo", melds=(meld,)))
    assert not result.legal
    assert "forbids" in result.reason


def test_b02_allows_a_concealed_kong_lib_b02() -> None:
    """lib B-02: 暗杠不违反本契约."""
    assert score("B-02", Hand("123m456p789s22z", "2z", melds=("ankan 1111z",))).legal


def test_abandoned_contract_wins_without_bonus_10_2() -> None:
    """§10.2, §13.14: abandoned: legal without the condition, no bonus; a black one costs −1."""
    normal = score("C-01", Hand("111m456p999s11122z", "2z", state={"abandoned": True}))
    assert normal.legal and normal.total == 4 + 1
    black = score("B-08", Hand("123m456p789s11122z", "2z", state={"abandoned": True}))
    assert black.legal
    assert ("abandon_black", -1) in [(i.id, i.points) for i in black.items]
    assert black.total == 4 + 1 - 1


def test_abandon_penalty_charged_at_the_window_is_not_repeated_10_2() -> None:
    """§10.2: the −1 is charged once; a table that charged it at the window says so."""
    state = {"abandoned": True, "penalty_settled": True}
    result = score("B-08", Hand("123m456p789s11122z", "2z", state=state))
    assert "abandon_black" not in [i.id for i in result.items]


def test_abandoned_form_contract_loses_its_form_9_9() -> None:
    """§9.9: without the contract the B-14 structure is no hu."""
    assert not score("B-14", Hand("1122m3344p555s666z", "6z", state={"abandoned": True})).legal


def test_failed_contract_cannot_complete_lib_b16() -> None:
    """lib B-16: a repeated discard fails the contract; the hand no longer completes it."""
    assert not score("B-16", Hand("123m456p789s11122z", "2z", state={"failed": True})).legal


def test_heavenly_bypasses_the_gate_without_bonus_9_8() -> None:
    """§9.8: 天胡 may win with the contract unmet, but gets no contract bonus."""
    hand = Hand("111m456p999s11122z", "2z", "tsumo", flags=frozenset({"heavenly"}))
    result = score("C-01", hand)
    assert result.legal
    assert "contract_normal" not in [i.id for i in result.items]
    assert result.total == 4 + 2 + 1


def test_earthly_bonus_only_when_actually_met_9_8() -> None:
    """§9.8: 地胡 with the condition actually met earns the bonus (black 3)."""
    hand = Hand("111m999p789s11122z", "2z", "tsumo", flags=frozenset({"earthly"}))
    result = score("B-01", hand)
    assert ("contract_black", 3) in [(i.id, i.points) for i in result.items]
    assert result.total == 4 + 3 + 1 + 2 + 1


def test_b14_form_gives_no_seven_pairs_or_all_pungs_lib_b14() -> None:
    """lib B-14: 本牌型不能同时计算七对或碰碰胡奖励."""
    result = score("B-14", MET["B-14"])
    ids = {i.id for i in result.items}
    assert not {"seven_pairs", "all_pungs"} & ids
    assert result.decomposition is not None and result.decomposition.form == "four_pairs_two_pungs"


def test_b11_without_a_suit_counts_none() -> None:
    """lib B-11: with no suit recorded, no tile is of the chosen suit; the contract is not met."""
    assert not score("B-11", Hand("123456789m11122z", "2z")).legal


def test_b15_without_a_number_uses_the_cards_example() -> None:
    """lib B-15: "建议使用示例“13812345678”": with no number recorded, the card's example applies."""
    assert score("B-15", Hand("1138m2345p678s155z", "1z")).legal


def _with_augment(card_id: str, augment: str, concealed: str, win_tile: str) -> ScoreResult:
    grants = CATALOGUE.shapes(augment)
    assert grants is not None
    return score_win(
        WinInput(
            concealed=tuple(parse(concealed)),
            win_tile=parse_one(win_tile),
            win_by="ron",
            hu_order=1,
            contract=ContractState(terms(card_id)),
            grants=grants,
        )
    )


def test_cross_suit_chow_completes_c18_by_its_treated_suit_h23() -> None:
    """H23 / lib G-14: 23m + 4p read as 234m gives two same-number chows of different suits."""
    assert not score("C-18", Hand("234p23m4p789s11122z", "2z")).legal
    result = _with_augment("C-18", "G-14", "234p23m4p789s11122z", "2z")
    assert result.legal and result.decomposition is not None
    assert result.decomposition.grants_used == ("G-14",)


def test_three_suit_pung_is_in_no_suit_for_c17_h23() -> None:
    """H23 / lib P-11: 1m1p1s counts as a pung, but it gives no suit a set (ruling: scoring.md)."""
    result = _with_augment("C-02", "P-11", "1m1p1s999m456m11122z", "2z")
    assert result.legal
    assert not _with_augment("C-17", "P-11", "1m1p1s999m456m11122z", "2z").legal


def test_mixed_honour_pair_is_an_honour_pair_for_c15_h23() -> None:
    """lib G-03 + C-15: two different honours as the pair are a pair of honours (字牌)."""
    assert _with_augment("C-15", "G-03", "123m456p789s11123z", "3z").legal
