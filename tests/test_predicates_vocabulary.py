"""The hand-predicate vocabulary: each word on a concrete hand, the treated/physical split of
CARD-INVENTORY H23, and the checks a compiled condition goes through (§9.5, lib 九–十)."""

from __future__ import annotations

import re

import pytest

from engine.core.errors import CardError
from engine.core.hand import decompose
from engine.core.melds import Meld
from engine.core.shapes import ShapeGrant
from engine.core.tiles import Suit, parse, parse_one
from engine.hextech.conditions.hand_reading import WinFacts
from engine.hextech.predicates import (
    REGISTRY,
    All,
    AnyOf,
    Call,
    Compare,
    Condition,
    Not,
    check,
    compiled,
    mentions,
    problems,
)


def facts(
    concealed: str,
    win_tile: str,
    *,
    melds: tuple[str, ...] = (),
    grants: tuple[ShapeGrant, ...] = (),
    **extra: object,
) -> WinFacts:
    """The facts of the first reading of the hand."""
    reading = decompose(parse(concealed), tuple(Meld.parse(m) for m in melds), grants)[0]
    return WinFacts(decomposition=reading, win_tile=parse_one(win_tile), win_by="ron", **extra)  # type: ignore[arg-type]


def value(f: WinFacts, name: str, *args: str | int | tuple[str | int, ...]) -> int | bool:
    """The raw answer of one word."""
    return REGISTRY[name].fn(f, *args)


PLAIN = facts("123m456p789s11122z", "2z")


@pytest.mark.parametrize(
    ("name", "args", "expected"),
    [
        ("count", ("chow",), 3),
        ("count", (("pung", "kong"),), 1),
        ("count", (("pung", "kong"), "wind"), 1),
        ("count", (("pung", "kong"), "dragon"), 0),
        ("count", ("set", "man"), 1),
        ("count", ("pair", "honour"), 1),
        ("distinct_sets", ("chow",), 3),
        ("has_chow", (1, 2, 3), True),
        ("has_chow", (7, 8, 9), True),
        ("has_chow", (2, 3, 4), False),
        ("same_number_chows_different_suits", (), 1),
        ("suits_with", ("set",), 3),
        ("suits_with", ("chow",), 3),
        ("suits_with_chows", (1,), 1),
        ("suits_with_chows", (1, 4, 7), 0),
        ("pair", ("honour",), True),
        ("pair", ("wind",), True),
        ("pair", ("number",), False),
        ("form", ("standard",), True),
        ("form", ("seven_pairs",), False),
        ("tiles", ("honour",), 5),
        ("tiles", ("east",), 3),
        ("tiles", ((4, 5, 6),), 3),
        ("tiles", ("5p",), 1),
        ("tiles", (("terminal", "wind"),), 7),
        ("distinct_faces", (), 11),
        ("max_suit_tiles", (), 3),
        ("number_suits", (), 3),
        ("suits_with_numbers", (1, 9), 0),
        ("suits_with_numbers", (1,), 1),
        ("self_draw", (), False),
        ("concealed", (), True),
        ("before_abandon_window", (), True),
        ("revealed_kept", (), 0),
    ],
)
def test_each_word_on_a_plain_hand(name: str, args: tuple[str | int, ...], expected: int | bool) -> None:
    """123m 456p 789s 111z(东) 22z(南): each word of the vocabulary answers as lib 九 reads it."""
    assert (
        problems(Compare(Call(name, args), ">=", 0) if REGISTRY[name].returns == "int" else Call(name, args))
        == ()
    )
    assert value(PLAIN, name, *args) == expected


def test_structure_reads_treated_faces_reads_physical_h23() -> None:
    """H23: P-11's 1m1p1s counts as a pung (C-02 structure) while its faces stay one per suit."""
    f = facts("1m1p1s123m456p789s22z", "2z", grants=(ShapeGrant("P-11", "three_suit_pung"),))
    assert value(f, "count", "pung") == 1
    assert value(f, "tiles", "man") == 4
    assert value(f, "suits_with", "pung") == 0


def test_cross_suit_chow_counts_in_its_treated_suit_h23() -> None:
    """H23 / lib G-14: 23m + 4p read as 234m makes two same-number chows (C-18) by treated suit."""
    f = facts("234s234p23m4p789s22z", "2z", grants=(ShapeGrant("G-14", "cross_suit_chow"),))
    assert f.decomposition.grants_used == ("G-14",)
    assert value(f, "same_number_chows_different_suits") == 3
    assert value(f, "tiles", "man") == 2


def test_seven_pairs_has_no_pair_h23() -> None:
    """H23: seven pairs has no 将, so C-15's pair(honour) and C-16 never hold."""
    f = facts("1122m3344p5566s77z", "7z", single_wait_on_pair=True)
    assert value(f, "pair", "any") is False
    assert value(f, "single_wait_on_pair") is False


def test_thirteen_orphans_pair_is_the_doubled_tile() -> None:
    """CARD-INVENTORY §5 C-15: in 十三幺 the doubled tile is the pair."""
    f = facts("19m19p19s12345677z", "7z")
    assert value(f, "pair", "dragon") is True


def test_kong_counts_four_tiles_in_the_whole_win() -> None:
    """CARD-INVENTORY §5: 全部牌 includes melds; a kong counts 4."""
    f = facts("123m456p789s22z", "2z", melds=("minkan 1111z",))
    assert value(f, "tiles", "east") == 4
    assert value(f, "concealed") is False
    assert value(f, "count", "kong", "east") == 1


def test_fact_filters_treasure_and_chosen_suit() -> None:
    """lib C-24 and B-11: the treasure test and the chosen suit come with the facts."""
    f = facts("123456789m11122z", "2z", is_treasure=lambda k: k == parse_one("5m"), chosen_suit=Suit.MAN)
    assert value(f, "tiles", "treasure") == 1
    assert value(f, "tiles", "chosen_suit") == 9


def test_combinators_all_anyof_not() -> None:
    """Conditions combine with and / or / not: `has_chow(1,2,3) and has_chow(7,8,9)` (lib C-08)."""
    both: Condition = All((Call("has_chow", (1, 2, 3)), Call("has_chow", (7, 8, 9))))
    assert compiled(both)(PLAIN)
    assert compiled(AnyOf((Call("self_draw"), Compare(Call("tiles", ("red",)), "==", 0))))(PLAIN)
    assert not compiled(Not(Call("concealed")))(PLAIN)
    assert mentions(Not(Compare(Call("tiles", ("chosen_suit",)), ">=", 7)), "chosen_suit")
    assert not mentions(both, "chosen_suit")


@pytest.mark.parametrize(
    ("condition", "problem"),
    [
        (Call("count_pungs"), "unknown predicate"),
        (Compare(Call("count", ("triplet",)), ">=", 2), "unknown set kind"),
        (Compare(Call("tiles", ("purple",)), ">=", 1), "unknown tile filter"),
        (Call("has_chow", (1, 2)), "takes 3 argument"),
        (Call("has_chow", (0, 1, 2)), "must be a number 1..9"),
        (Call("count", ("chow",)), "is a number"),
        (Compare(Call("self_draw"), "==", 1), "is a truth"),
        (Compare(Call("suits_with_numbers"), ">=", 1), "takes 1+ argument"),
    ],
)
def test_problems_name_the_mistake(condition: Condition, problem: str) -> None:
    """A card that misuses the vocabulary is a card error naming the word (exit 4)."""
    found = problems(condition)
    assert found and problem in found[0]
    with pytest.raises(CardError, match=re.escape(problem)):
        check(condition)
