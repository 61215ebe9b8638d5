"""Shapes that cards grant, each used and refused as its card text says (lib 七–八, B-14, B-15;
CARD-INVENTORY §6): hextech's, registered with the core's shapes by ``engine/hextech/shapes.py``."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import CardError, InputError
from engine.core.groups import SEVEN_PAIRS, STANDARD
from engine.core.hand import SetKind, decompose, is_complete
from engine.core.melds import Meld
from engine.core.shapes import SHAPES, ShapeGrant
from engine.core.tiles import format_tiles, parse
from engine.hextech.shapes import HEXTECH_SHAPES

G01 = ShapeGrant("G-01", "adjacent_shift")
G03 = ShapeGrant("G-03", "honour_mixed_pair")
G14 = ShapeGrant("G-14", "cross_suit_chow")
P01 = ShapeGrant("P-01", "honour_chow")
P02 = ShapeGrant("P-02", "number_mixed_pair")
P05 = ShapeGrant("P-05", "wild_in_chow")
P11 = ShapeGrant("P-11", "three_suit_pung")
P15 = ShapeGrant("P-15", "honour_substitute")
P16 = ShapeGrant("P-16", "wrap_chow")
B14 = ShapeGrant("B-14", "four_pairs_two_pungs")
B15 = ShapeGrant("B-15", "lucky_number", (("number", "13812345678"),))


def _bent(
    hand: str, grants: list[ShapeGrant], melds: tuple[Meld, ...] = ()
) -> set[tuple[str, str, str, str]]:
    """The bent groups of every reading: (shape, physical, treated, kind)."""
    return {
        (g.shape, format_tiles(g.tiles), format_tiles(g.treated), g.kind.value)
        for d in decompose(parse(hand), melds, grants)
        for g in d.groups
        if g.shape != "plain" and g.meld is None
    }


@pytest.mark.parametrize(
    ("hand", "grant", "bent"),
    [
        ("124m456p789s11122z", G01, ("adjacent_shift", "124m", "123m", "chow")),
        ("123m456p789s111z23z", G03, ("honour_mixed_pair", "23z", "23z", "pair")),
        ("12m3p456p789s11122z", G14, ("cross_suit_chow", "12m3p", "123m", "chow")),
        ("123m456p789s123z55z", P01, ("honour_chow", "123z", "123z", "chow")),
        ("123m456p789s567z55z", P01, ("honour_chow", "567z", "567z", "chow")),
        ("123m456p789s111z5m5p", P02, ("number_mixed_pair", "5m5p", "5m5p", "pair")),
        ("127m456p789s11122z", P05, ("wild_in_chow", "127m", "123m", "chow")),
        ("123m456p789s5m5p5s11z", P11, ("three_suit_pung", "5m5p5s", "5m5p5s", "pung")),
        ("123m456p789s11z556z", P15, ("honour_substitute", "556z", "555z", "pung")),
        ("123m456p789s111z23z", P15, ("honour_substitute", "23z", "22z", "pair")),
        ("189m456p789s11122z", P16, ("wrap_chow", "189m", "189m", "chow")),
        ("129m456p789s11122z", P16, ("wrap_chow", "129m", "129m", "chow")),
    ],
)
def test_each_shape_completes_a_hand_only_with_its_grant(
    hand: str, grant: ShapeGrant, bent: tuple[str, str, str, str]
) -> None:
    """lib 七–八 (the card in ``grant``): the hand is incomplete without the card, complete with it,
    and the bent group is read as the card text says."""
    assert not is_complete(parse(hand))
    assert bent in _bent(hand, [grant])
    readings = decompose(parse(hand), (), [grant])
    assert all(d.grants_used == (grant.source,) for d in readings)
    assert all(g.granted_by == grant.source for d in readings for g in d.groups if g.shape != "plain")


@pytest.mark.parametrize(
    ("hand", "grant", "why"),
    [
        ("112m456p789s111z22z", G01, "G-01: chows only, never a pung, never below 1"),
        ("129m456p789s11122z", G01, "G-01: cannot cross from 9 to 1"),
        ("345m456p789s111z12m", G01, "G-01: not for pairs"),
        ("127m456p789s11122z", G01, "G-01: only ±1"),
        ("112233m4455p66s12z", G03, "G-03: not in seven pairs"),
        ("123m456p789s111z5m6m", G03, "G-03: honours only"),
        ("13m2p456p789s11122z", G14, "G-14: the other two tiles must be consecutive"),
        ("11m1p456p789s11122z", G14, "G-14: not for pungs"),
        ("12m4p456p789s11122z", G14, "G-14: same number only"),
        ("123m456p789s134z55z", P01, "P-01: exact groups only"),
        ("123m456p789s127z55z", P01, "P-01: no mixing winds and dragons"),
        ("123m456p789s111z5m6p", P02, "P-02: same number only"),
        ("11223344m5566p7m7s", P02, "P-02: the special pair is a 将, not a seven-pairs pair"),
        ("117m456p789s11122z", P05, "P-05: chows only"),
        ("12m7p456p789s11122z", P05, "P-05: within its suit"),
        ("113355779m1122z8m", P05, "P-05: not in seven pairs"),
        ("123m456p789s5m55p11z", P11, "P-11: three different suits"),
        ("123m456p789s111z2z5m", P15, "P-15: number tiles never become honours"),
        ("19m19p19s123455z77z", P15, "P-15: not in thirteen orphans"),
        ("123m456p789s124z55z", P15, "P-15: pairs and pungs only, not chows"),
        ("178m456p789s11122z", P16, "P-16: only 8-9-1 and 9-1-2"),
    ],
)
def test_each_shape_refuses_what_its_card_excludes(hand: str, grant: ShapeGrant, why: str) -> None:
    """lib 七–八: what each card text excludes (``why``) does not complete the hand."""
    assert not is_complete(parse(hand), (), [grant]), why


def test_g01_needs_a_concealed_hand_but_allows_a_concealed_kong() -> None:
    """lib G-01: 胡牌时保持门清; §13.11.1: 暗杠不破坏门清."""
    hand = parse("124m789s11122z")
    assert not is_complete(hand, [Meld.parse("pon 555p")], [G01])
    assert is_complete(hand, [Meld.parse("minkan 5555p")], [G14, P05])
    assert not is_complete(hand, [Meld.parse("minkan 5555p")], [G01])
    assert is_complete(hand, [Meld.parse("ankan 5555p")], [G01])


def test_p15_may_make_a_seven_pairs_pair() -> None:
    """CARD-INVENTORY §6: P-15 does not exclude seven pairs; G-03 does."""
    readings = decompose(parse("11223344m5566p12z"), (), [P15])
    assert {d.form for d in readings} == {SEVEN_PAIRS}
    assert not is_complete(parse("11223344m5566p12z"), (), [G03])


def test_p11_counts_as_a_pung_never_a_kong() -> None:
    (reading,) = decompose(parse("123m456p789s5m5p5s11z"), (), [P11])
    assert [g.kind for g in reading.groups if g.shape == "three_suit_pung"] == [SetKind.PUNG]


def test_p01_chi_uses_up_the_card() -> None:
    """lib P-01: the one use may be a chi from the upper seat; the chi stands as the special chow."""
    chi = (Meld.parse("chi 123z"),)
    (reading,) = decompose(parse("456p789s111m55z"), chi, [P01])
    declared = next(g for g in reading.groups if g.meld is not None)
    assert (declared.shape, declared.granted_by) == ("honour_chow", "P-01")
    assert reading.grants_used == ("P-01",)
    assert not is_complete(parse("567z456p789s55z"), chi, [P01])


def test_p16_cannot_be_declared_by_chi() -> None:
    """lib P-16: 该顺子不能通过吃牌公开."""
    with pytest.raises(InputError, match="chi needs three consecutive numbers of one suit"):
        Meld.parse("chi 189m")


def test_grants_of_different_cards_combine_each_once() -> None:
    """Several cards combine; each grant bends one group only."""
    hand = parse("127m124p789s11122z")
    (reading,) = decompose(hand, (), [P05, G01])
    assert reading.grants_used == ("G-01", "P-05")
    assert not is_complete(hand, (), [P05])
    assert not is_complete(parse("127m137p789s11122z"), (), [P05])
    for d in decompose(hand, (), [P05, G01, G14]):
        for g in d.groups:
            assert sum(p != t for p, t in zip(g.tiles, g.treated, strict=True)) <= 1


def test_b14_four_pairs_two_pungs() -> None:
    (reading,) = decompose(parse("11222m33p44455s66z"), (), [B14])
    assert (reading.form, reading.grants_used) == ("four_pairs_two_pungs", ("B-14",))
    assert sorted(g.kind.value for g in reading.groups) == ["pair"] * 4 + ["pung"] * 2
    assert not is_complete(parse("11222m33p44455s66z"))


@pytest.mark.parametrize(
    ("hand", "melds", "grants", "why"),
    [
        ("1111m222m33p444s55s", (), [B14], "six different faces"),
        ("11222m33p55s66z", (Meld.parse("ankan 4444s"),), [B14], "no declared kong"),
        ("11222m33p44455s67z", (), [B14, P15], "no grant inside the form"),
    ],
)
def test_b14_refusals(hand: str, melds: tuple[Meld, ...], grants: list[ShapeGrant], why: str) -> None:
    assert not is_complete(parse(hand), melds, grants), why


def test_b15_lucky_number_any_suits_any_order() -> None:
    """lib B-15 with the card's example 13812345678; H6: identical honour pair plus a different wind."""
    for hand in ("13812345678m551z", "13812m345p678s551z", "83712345618s774z"):
        (reading,) = decompose(parse(hand), (), [B15])
        assert reading.form == "lucky_number" and reading.grants_used == ("B-15",)
        assert reading.pair is not None and reading.pair.kind is SetKind.PAIR


@pytest.mark.parametrize(
    ("hand", "why"),
    [
        ("13812345679m551z", "digit multiset differs"),
        ("13812345678m556z", "the single tile must be a wind"),
        ("13812345678m111z", "the single wind differs from the pair"),
        ("13812345678m123z", "the pair is identical honours"),
    ],
)
def test_b15_refusals(hand: str, why: str) -> None:
    assert not is_complete(parse(hand), (), [B15]), why


@pytest.mark.parametrize("number", ["1381234567", "13812345670", "1381234567x"])
def test_b15_number_must_be_eleven_digits_one_to_nine(number: str) -> None:
    with pytest.raises(InputError, match="11 digits"):
        ShapeGrant("B-15", "lucky_number", (("number", number),))


@pytest.mark.parametrize(
    ("shape", "params"),
    [
        ("honour_chow", (("number", "13812345678"),)),
        ("lucky_number", (("number", "13812345678"), ("n", "1"))),
    ],
)
def test_a_parameter_the_shape_does_not_take_is_an_input_error(
    shape: str, params: tuple[tuple[str, str], ...]
) -> None:
    """lib B-15 takes one number, P-01 none: a parameter the shape does not name is refused."""
    with pytest.raises(InputError, match="takes no parameter"):
        ShapeGrant("X-01", shape, params)


def test_unknown_shape_is_a_card_error() -> None:
    """CARD-INVENTORY §6: a card may grant only a registered shape."""
    with pytest.raises(CardError, match="unknown shape"):
        ShapeGrant("X-01", "rainbow_chow")


def test_every_registered_shape_names_its_card_in_its_doc() -> None:
    """lib 七–八, §9.9: every shape cites its card; only B-14 and B-15 are whole-hand forms."""
    assert all(re.search(r"\(lib [GPB]-\d\d\)\.$", rule.doc) for rule in HEXTECH_SHAPES)
    assert {r.name for r in HEXTECH_SHAPES if r.is_form} == {"four_pairs_two_pungs", "lucky_number"}
    assert all(SHAPES[rule.name] is rule for rule in HEXTECH_SHAPES)


def test_plain_hand_keeps_plain_readings_beside_bent_ones_lib_p05() -> None:
    """lib P-05 only adds readings: a hand complete without it keeps its plain reading, and every
    reading (plain or bent) reassembles to the hand's own tiles."""
    hand = parse("123m456p789s11122z")
    readings = decompose(hand, (), [P05])
    assert any(d.grants_used == () and d.form == STANDARD for d in readings)
    assert decompose(hand) == [d for d in readings if d.grants_used == ()]


_SET_GRANTS = [G01, G03, G14, P01, P02, P05, P11, P15, P16]
_PLAIN_SETS = [(b + n, b + n + 1, b + n + 2) for b in (0, 9, 18) for n in range(7)] + [
    (k,) * 3 for k in range(34)
]


@st.composite
def granted_hands(draw: st.DrawFn) -> tuple[list[int], ShapeGrant]:
    """A hand built around one bent group of a grant, the rest plain: complete with that grant."""
    while True:
        grant = draw(st.sampled_from(_SET_GRANTS))
        bent = draw(st.sampled_from(grant.rule.candidates))
        pair_bent = bent.kind is SetKind.PAIR
        sets = draw(
            st.lists(st.sampled_from(_PLAIN_SETS), min_size=4 - (not pair_bent), max_size=4 - (not pair_bent))
        )
        pair = [] if pair_bent else [draw(st.integers(0, 33))] * 2
        tiles = [*bent.tiles, *(t for s in sets for t in s), *pair]
        if max(Counter(tiles).values()) <= 4:
            return tiles, grant


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(granted_hands(), st.sampled_from(_SET_GRANTS))
def test_granted_readings_reassemble_and_use_each_grant_once(
    case: tuple[list[int], ShapeGrant], other: ShapeGrant
) -> None:
    """lib 七–八: each grant once per reading, one substituted tile per group, tiles preserved."""
    hand, grant = case
    grants = [grant] if other.source == grant.source else [grant, other]
    readings = decompose(hand, (), grants)
    assert readings
    for d in readings:
        assert Counter(t for g in d.groups for t in g.tiles) == Counter(hand)
        sources = [g.granted_by for g in d.groups if g.granted_by]
        assert len(sources) == len(set(sources)) and tuple(sorted(sources)) == d.grants_used
        for g in d.groups:
            assert sum(p != t for p, t in zip(g.tiles, g.treated, strict=True)) <= 1


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(granted_hands(), st.sampled_from(_SET_GRANTS), st.integers(0, 13), st.integers(0, 33))
def test_completeness_agrees_with_the_readings(
    case: tuple[list[int], ShapeGrant], other: ShapeGrant, at: int, face: int
) -> None:
    """The judge's completeness test stops at the first reading; it answers as the readings do, for
    complete hands and for the same hands with one tile changed."""
    hand, grant = case
    grants = [grant, other, B14]
    changed = [*hand[:at], face, *hand[at + 1 :]]
    for tiles in (hand, changed):
        if max(Counter(tiles).values()) <= 4:
            assert is_complete(tiles, (), grants) == bool(decompose(tiles, (), grants))
