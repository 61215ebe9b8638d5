"""The treasure module's rules as pure functions (§8, §13.6, lib 十一, P-14, O-X09)."""

from __future__ import annotations

import pytest

from dsl.parser import parse_text
from engine.core.errors import CardError, IllegalActionError
from engine.core.tiles import EAST, NORTH, SOUTH, WEST, parse, parse_one
from modules.treasure.faces import declare, faces_for, public_faces, reveal, treasure_bonus
from modules.treasure.orders import TreasureKind, TreasureOrder, order_of
from modules.treasure.table import TreasureTable

RED = parse_one("7z")


def _card(behaviour: str, card_id: str = "T-01") -> str:
    return f'card {card_id} "测试宝牌" treasure {{\n  卡面正文: "测试"\n  {behaviour}\n}}\n'


def test_a_face_order_is_read_from_the_cards_data() -> None:
    """lib 十一 T-01: the order names its face in the card, not through its id."""
    card = parse_text(_card("resolve do treasure_order(face: 5m)", "T-01"))[0]
    assert order_of(card) == TreasureOrder("T-01", TreasureKind.FACE, parse_one("5m"))


@pytest.mark.parametrize("kind", ["seat_wind", "die_number", "dealer_named", "dealer_wind"])
def test_the_other_kinds_are_read_by_name(kind: str) -> None:
    """lib 十一 T-07…T-10: each kind is one word in the card."""
    card = parse_text(_card(f"resolve do treasure_order({kind})", "T-07"))[0]
    assert order_of(card).kind is TreasureKind(kind)


def test_a_treasure_card_without_an_order_is_a_card_error() -> None:
    """A T card must say what it makes treasure; the error names the card."""
    card = parse_text(_card("", "T-03"))[0]
    with pytest.raises(CardError, match="T-03"):
        order_of(card)


def test_a_flower_face_is_a_card_error() -> None:
    """§8.1: treasure is a face of the hand; a flower never is."""
    card = parse_text(_card("resolve do treasure_order(face: 1f)"))[0]
    with pytest.raises(CardError, match="flower"):
        order_of(card)


def test_a_fixed_face_is_public_treasure() -> None:
    """T-01: 红中 is treasure for every player."""
    revealed = reveal(TreasureOrder("T-01", TreasureKind.FACE, RED), dealer_wind=EAST)
    assert faces_for(revealed, seat_wind=SOUTH) == frozenset({RED})
    assert faces_for(revealed, seat_wind=NORTH) == frozenset({RED})


def test_the_die_makes_that_number_of_all_three_suits_treasure() -> None:
    """T-08: a 4 makes 四万, 四筒 and 四条 treasure."""
    revealed = reveal(TreasureOrder("T-08", TreasureKind.DIE_NUMBER), dealer_wind=EAST, die=4)
    assert public_faces(revealed) == frozenset(parse("4m4p4s"))


def test_the_die_must_show_one_to_six() -> None:
    """T-08: a six-sided die."""
    with pytest.raises(IllegalActionError, match=r"T-08: the die is rolled \(1–6\).*got 7"):
        reveal(TreasureOrder("T-08", TreasureKind.DIE_NUMBER), dealer_wind=EAST, die=7)


def test_the_dealer_names_a_face_but_never_a_flower() -> None:
    """T-09: the dealer names an exact face before the deal; not a flower."""
    order = TreasureOrder("T-09", TreasureKind.DEALER_NAMED)
    assert public_faces(reveal(order, dealer_wind=EAST, named=parse_one("3p"))) == frozenset(
        {parse_one("3p")}
    )
    with pytest.raises(IllegalActionError, match="flower"):
        reveal(order, dealer_wind=EAST, named=parse_one("2f"))


def test_a_named_order_needs_its_name() -> None:
    """T-09: the order cannot be revealed without the dealer's face."""
    with pytest.raises(IllegalActionError, match="T-09: the dealer names a face"):
        reveal(TreasureOrder("T-09", TreasureKind.DEALER_NAMED), dealer_wind=EAST)


def test_seat_wind_treasure_is_personal_and_follows_the_seat() -> None:
    """T-07, §8.3: each player's current seat wind; after a seat change, the new seat's wind."""
    revealed = reveal(TreasureOrder("T-07", TreasureKind.SEAT_WIND), dealer_wind=EAST)
    assert faces_for(revealed, seat_wind=SOUTH) == frozenset({SOUTH})
    assert faces_for(revealed, seat_wind=WEST) == frozenset({WEST})
    assert public_faces(revealed) == frozenset()


def test_dealer_wind_treasure_stays_with_the_round_start() -> None:
    """T-10: the dealer's seat wind at round start, for everyone, whatever seat a player moves to."""
    revealed = reveal(TreasureOrder("T-10", TreasureKind.DEALER_WIND), dealer_wind=WEST)
    assert faces_for(revealed, seat_wind=EAST) == frozenset({WEST})
    assert faces_for(revealed, seat_wind=NORTH) == frozenset({WEST})


def test_a_p14_declaration_replaces_the_order_for_its_holder_alone() -> None:
    """P-14, §8.3: the holder counts only his own face; the others keep the public one."""
    revealed = reveal(TreasureOrder("T-04", TreasureKind.FACE, parse_one("5m")), dealer_wind=EAST)
    assert faces_for(revealed, seat_wind=SOUTH, declared=parse_one("9s")) == frozenset({parse_one("9s")})
    assert faces_for(revealed, seat_wind=WEST) == frozenset({parse_one("5m")})


def test_a_p14_declaration_cannot_be_a_flower() -> None:
    """P-14 (ruling): an exact face of the hand, as for T-09."""
    assert declare(parse_one("5m")) == parse_one("5m")
    with pytest.raises(IllegalActionError, match="flower"):
        declare(parse_one("1f"))


def test_the_bonus_is_one_point_however_many_treasure_tiles() -> None:
    """§8.2, §13.6: at least one treasure tile gives +1; three still give 1."""
    faces = frozenset({RED})
    assert treasure_bonus(parse("123m456p789s777z11z"), faces) == 1
    assert treasure_bonus(parse("123m456p789s111z77z"), faces) == 1


def test_no_treasure_tile_no_bonus() -> None:
    """§8.2: a hand without a treasure tile earns nothing."""
    assert treasure_bonus(parse("123m456p789s111z55z"), frozenset({RED})) == 0


def test_the_table_s_faces_follow_the_order_the_seat_and_a_declaration_s8_3_s8_4() -> None:
    """§8.3, §8.4, §8.5: a player's faces change with his seat, a P-14 declaration and an O-X09
    rewrite, and are gone once the round ends."""
    table = TreasureTable()
    assert table.faces(0, 0) == frozenset()
    table.start_round(reveal(TreasureOrder("T-07", TreasureKind.SEAT_WIND), dealer_wind=EAST), dealer=0)
    assert table.faces(0, 0) == frozenset({EAST})
    assert table.faces(0, 1) == frozenset({SOUTH})
    table.declare(0, parse_one("9s"))
    assert table.faces(0, 0) == frozenset({parse_one("9s")})
    assert table.faces(1, 0) == frozenset({EAST})
    table.rewrite(reveal(TreasureOrder("T-01", TreasureKind.FACE, RED), dealer_wind=EAST))
    assert table.faces(1, 0) == frozenset({RED})
    assert table.faces(0, 0) == frozenset({parse_one("9s")})
    table.end_round()
    assert table.faces(1, 0) == frozenset()
