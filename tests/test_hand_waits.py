"""Waits of a hand one tile short, and the single wait on the pair (standard rules 术语 十四 听牌;
lib C-16 单钓终局)."""

from __future__ import annotations

import pytest

import engine.hextech.shapes  # noqa: F401  (registers the shapes the grants below name)
from engine.core.errors import InputError
from engine.core.hand import single_wait_on_pair, waits
from engine.core.melds import Meld
from engine.core.shapes import ShapeGrant
from engine.core.tiles import format_tiles, parse


def _waits(hand: str, melds: tuple[Meld, ...] = (), grants: tuple[ShapeGrant, ...] = ()) -> str:
    return format_tiles(waits(parse(hand), melds, grants))


def test_nine_gates_waits_on_all_nine() -> None:
    """Standard rules 术语 十四 听牌: 1112345678999m (九莲宝灯) waits on every 万."""
    assert _waits("1112345678999m") == "123456789m"


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123m456p789s1122z", "12z"),
        ("123m456p789s11z45m", "36m"),
        ("123m456p789s11z13m", "2m"),
        ("1122335566m789s", "56m"),
        ("19m19p19s1234567z", "19m19p19s1234567z"),
        ("112233m4455p667s", "7s"),
    ],
)
def test_waits_of_known_hands(hand: str, expected: str) -> None:
    """Standard rules 术语 十四 听牌, with §13.11.2 七对 and §13.11.8 十三幺 (the 13-sided wait)."""
    assert _waits(hand) == expected


def test_a_face_held_four_times_is_no_wait() -> None:
    """Ruling: no fifth copy exists, so a face held four times (in hand or melded) is never waited on."""
    assert _waits("1111m234p567s789s") == ""
    pons = tuple(Meld.parse(f"pon {m}") for m in ("111m", "222p", "333p", "444p"))
    assert _waits("1m", pons) == ""
    assert _waits("9m", pons) == "9m"


def test_waits_use_the_holders_grants() -> None:
    """CARD-INVENTORY §6: waits are computed with the holder's grants: with P-05, 12m waits on any 万."""
    plain = waits(parse("12m456p789s11122z"))
    granted = waits(parse("12m456p789s11122z"), (), (ShapeGrant("P-05", "wild_in_chow"),))
    assert plain == frozenset(parse("3m"))
    assert granted == frozenset(parse("123456789m"))


@pytest.mark.parametrize(
    ("hand", "single"),
    [
        ("123m456p789s111z2z", True),
        ("1233m456p789s111z", True),
        ("1234m456p789s111z", False),
        ("123m456p789s1122z", False),
        ("123m456p789s11z13m", False),
        ("11223344m5566p7z", False),
    ],
)
def test_single_wait_on_the_pair_c16(hand: str, single: bool) -> None:
    """lib C-16: 胡牌前必须只等待一张确切牌作为将牌; a seven-pairs wait has no 将 (H23).
    1233m waits on 3m alone and one reading pairs it: single wait (ruling in docs/rulings.md)."""
    assert single_wait_on_pair(parse(hand)) is single


def test_single_wait_on_a_granted_special_pair() -> None:
    """With G-03 the lone 2z may pair with any other honour: no longer one face, so not C-16."""
    hand = parse("123m456p789s111z2z")
    assert not single_wait_on_pair(hand, (), (ShapeGrant("G-03", "honour_mixed_pair"),))


def test_waits_need_a_hand_one_tile_short() -> None:
    """Standard rules 术语 十四: a waiting hand holds 13 tiles counting 3 per meld."""
    with pytest.raises(InputError, match="needs 13"):
        waits(parse("1112345678999m1z"))
