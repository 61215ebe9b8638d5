"""Compiled conditions, the engine's one implementation of them, answer as the tree walk of the tests
(``tests/condition_oracle.py``) does: every word and argument form, on plain, melded, granted and
whole-hand readings, with the same errors; the scorer's facts of a reading, given the win's faces,
answer as the facts that read the faces from the reading."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from condition_oracle import walk

from engine.core.errors import CardError
from engine.core.hand import decompose
from engine.core.melds import Meld
from engine.core.shapes import ShapeGrant
from engine.core.tiles import Suit, parse, parse_one
from engine.hextech.predicates import (
    REGISTRY,
    TILE_CLASSES,
    All,
    AnyOf,
    Arg,
    Call,
    Compare,
    Condition,
    Not,
    WinFacts,
    compiled,
    evaluate,
)

HANDS: tuple[tuple[str, tuple[str, ...], tuple[ShapeGrant, ...]], ...] = (
    ("123m456p789s11122z", (), ()),
    ("123456789m11122z", (), ()),
    ("11223344556677m", (), ()),
    ("19m19p19s12345677z", (), ()),
    ("22z", ("pon 555p", "chi 123m", "ankan 7777z", "minkan 9999s"), ()),
    ("135m456p789s11122z", (), (ShapeGrant("P-05", "wild_in_chow"),)),
    ("123m456p789s12z333z", (), (ShapeGrant("G-03", "honour_mixed_pair"),)),
    ("111m222p333s444z55z", (), (ShapeGrant("P-11", "three_suit_pung"),)),
    ("11m22p33s44z555z666z", (), (ShapeGrant("B-14", "four_pairs_two_pungs"),)),
    ("11238m345p678s155z", (), (ShapeGrant("B-15", "lucky_number", (("number", "13812345678"),)),)),
)

FILTERS: tuple[Arg, ...] = (
    *TILE_CLASSES,
    "treasure",
    "chosen_suit",
    "5m",
    1,
    9,
    ("honour", "simple"),
    ("man", "treasure"),
    0,
    "nonesuch",
)
KINDS: tuple[Arg, ...] = ("chow", "pung", "kong", "pair", "set", ("pung", "kong"), "nonesuch")


def _calls() -> list[Call]:
    calls = [Call(name) for name in REGISTRY]
    for kinds in KINDS:
        calls += [Call("suits_with", (kinds,))]
        calls += [Call(word, (kinds, where)) for word in ("count", "distinct_sets") for where in FILTERS]
    calls += [Call(word, (where,)) for word in ("tiles", "pair") for where in FILTERS]
    calls += [Call("has_chow", args) for args in ((1, 2, 3), (3, 2, 1), (7, 8, 9), (4, 4, 4))]
    calls += [Call("suits_with_chows", args) for args in ((1,), (1, 4, 7), (7,), (8,), (9, 1), (0,))]
    calls += [Call("suits_with_numbers", args) for args in ((1, 9), (5,), (0,), (10,), tuple(range(1, 10)))]
    calls += [
        Call("form", (name,)) for name in ("standard", "seven_pairs", "thirteen_orphans", "lucky_number")
    ]
    calls += [Call("form", (("standard", "seven_pairs"),)), Call("nonesuch"), Call("count", ())]
    return calls


def _conditions() -> list[Condition]:
    found: list[Condition] = []
    for call in _calls():
        found.append(call)
        found += [Compare(call, op, 1) for op in (">=", ">", "==", "!=", "<=", "<", "=>")]
    form = Call("form", ("standard",))
    found += [
        All(()),
        AnyOf(()),
        All((Call("form", ("x",)), Call("nonesuch"))),
        AnyOf((form, Call("nonesuch"))),
        All((form, Call("concealed"), Compare(Call("tiles", ("honour",)), ">=", 1))),
        AnyOf((Not(form), Call("self_draw"), Compare(Call("number_suits"), "==", 1))),
        Not(Not(Call("concealed"))),
    ]
    return found


def _facts() -> list[WinFacts]:
    found = []
    for concealed, melds, grants in HANDS:
        readings = decompose(parse(concealed), tuple(Meld.parse(m) for m in melds), grants)
        assert readings, concealed
        for reading in readings:
            found.append(
                WinFacts(
                    reading,
                    parse(concealed)[-1],
                    "tsumo",
                    is_treasure=lambda k: k in (4, 27),
                    chosen_suit=Suit.PIN,
                    single_wait_on_pair=True,
                    revealed_kept=2,
                )
            )
    return found


def _answer(test: Callable[[WinFacts], bool], facts: WinFacts) -> object:
    try:
        return test(facts)
    except Exception as err:  # the same error, raised at the same point
        return (type(err), str(err))


@pytest.mark.parametrize("facts", _facts(), ids=lambda f: f"{f.decomposition.form}:{len(f.groups)}")
def test_compiled_conditions_answer_as_the_tree_walk(facts: WinFacts) -> None:
    for condition in _conditions():
        walked = _answer(lambda f, c=condition: walk(c, f), facts)  # type: ignore[misc]
        assert _answer(compiled(condition), facts) == walked, condition
        assert _answer(lambda f, c=condition: evaluate(c, f), facts) == walked, condition  # type: ignore[misc]


def test_an_unknown_word_raises_only_when_reached() -> None:
    facts = _facts()[0]
    assert not evaluate(All((Call("form", ("seven_pairs",)), Call("nonesuch"))), facts)
    with pytest.raises(CardError, match="unknown predicate 'nonesuch'"):
        evaluate(All((Call("form", ("standard",)), Call("nonesuch"))), facts)


def test_a_condition_is_compiled_once_by_its_value() -> None:
    """Conditions are values: one built apart but equal shares the test, one that differs does not."""
    condition = Compare(Call("count", ("chow",)), ">=", 2)
    assert compiled(condition) is compiled(Compare(Call("count", ("chow",)), ">=", 2))
    assert compiled(condition) is not compiled(Compare(Call("count", ("chow",)), ">=", 3))


def test_the_engine_keeps_no_tree_walk_and_no_cache_by_identity() -> None:
    """Issue 33 item 5: one implementation of conditions in the engine, remembered by value."""
    engine = Path(__file__).resolve().parents[1] / "engine" / "hextech"
    for source in (engine / "predicates.py", engine / "effects" / "facts.py"):
        text = source.read_text(encoding="utf-8")
        assert "id(" not in text and "_interpret" not in text


@pytest.mark.parametrize(("concealed", "melds", "grants"), HANDS)
def test_facts_given_the_faces_answer_as_facts_that_read_them(
    concealed: str, melds: tuple[str, ...], grants: tuple[ShapeGrant, ...]
) -> None:
    """The scorer gives every reading of one win its faces in any order: equal facts, the same repr
    and tiles, the same face words; a field that differs makes them unequal (the control)."""
    declared = tuple(Meld.parse(m) for m in melds)
    tiles = parse(concealed)
    faces = bytes(tiles) + b"".join(bytes(m.tiles) for m in declared)
    face_words = [Compare(Call(w, a), ">=", 0) for w, a in (("tiles", ("any",)), ("distinct_faces", ()))]
    for reading in decompose(tiles, declared, grants):
        made = WinFacts(reading, parse_one("1z"), "ron", (35,), chosen_number="13345567888", revealed_kept=1)
        quick = WinFacts(
            reading, parse_one("1z"), "ron", (35,), chosen_number="13345567888", revealed_kept=1, faces=faces
        )
        assert quick == made and hash(quick) == hash(made)
        assert repr(quick) == repr(made)
        assert quick.tiles == made.tiles and sorted(quick.faces) == sorted(made.faces)
        for condition in face_words:
            assert evaluate(condition, quick) == evaluate(condition, made)
        assert REGISTRY["tiles"].fn(quick, "number") == REGISTRY["tiles"].fn(made, "number")
        assert quick != WinFacts(reading, parse_one("1z"), "tsumo", (35,), chosen_number="13345567888")
