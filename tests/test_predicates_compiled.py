"""Compiled conditions, the engine's one implementation of them, answer as the tree walk of the tests
(``tests/condition_oracle.py``) does: every word and argument form, on plain, melded, granted and
whole-hand readings, with the same errors, and over generated conditions and wins (every word of the
registry, every comparison, ``all``/``any``/``not`` nested); a contract's condition is compiled once,
with its terms; the scorer's facts of a reading, given the win's faces, answer as the facts that read
the faces from the reading."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from condition_oracle import walk
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import CardError
from engine.core.hand import decompose
from engine.core.melds import Meld, MeldKind
from engine.core.shapes import ShapeGrant
from engine.core.tiles import NUM_KINDS, Suit, parse, parse_one
from engine.hextech.conditions.hand_reading import FACT_FILTERS, SET_KINDS, TILE_CLASSES, Arg, Param, WinFacts
from engine.hextech.contracts import ContractTerms
from engine.hextech.predicates import COMPARE, REGISTRY, All, AnyOf, Call, Compare, Condition, Not, compiled

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
        found += [Compare(call, op, 1) for op in (">=", ">", "==", "!=", "<=", "<", "=>")]  # type: ignore[arg-type]  # "=>" is no comparison: the checker must refuse it
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


def test_an_unknown_word_raises_only_when_reached() -> None:
    facts = _facts()[0]
    assert not compiled(All((Call("form", ("seven_pairs",)), Call("nonesuch"))))(facts)
    with pytest.raises(CardError, match="unknown predicate 'nonesuch'"):
        compiled(All((Call("form", ("standard",)), Call("nonesuch"))))(facts)


# ---- generated conditions and wins ---------------------------------------------------------------

_NUMBERS = st.sampled_from([*range(1, 10)] * 4 + [0, 10])
_ATOMS: dict[str, st.SearchStrategy[str | int]] = {
    "set_kinds": st.sampled_from([*SET_KINDS] * 4 + ["nonesuch"]),
    "tile_filter": st.one_of(
        st.sampled_from([*TILE_CLASSES, *FACT_FILTERS, "5m", "9s", "1z", "7z", "nonesuch"]),
        _NUMBERS,
    ),
    "number": _NUMBERS,
    "form": st.sampled_from(["standard", "seven_pairs", "thirteen_orphans", "four_pairs_two_pungs", "x"]),
}
"""The atoms of each kind of argument, a few outside the vocabulary among them."""


def _arg(param: Param) -> st.SearchStrategy[Arg]:
    """An atom, or now and then two joined by ``|``."""
    atom = _ATOMS[param.kind]
    return st.sampled_from([0, 0, 0, 1]).flatmap(lambda two: st.tuples(atom, atom) if two else atom)


@st.composite
def _call(draw: st.DrawFn) -> Call:
    """A word of the registry with arguments of its parameters' kinds: the optional ones given or
    not, a variadic one one to three times, now and then one argument too many or too few."""
    name = draw(st.sampled_from(sorted(REGISTRY)))
    args: list[Arg] = []
    for param in REGISTRY[name].params:
        if param.variadic:
            args += draw(st.lists(_arg(param), min_size=1, max_size=3))
        elif not param.optional or draw(st.booleans()):
            args.append(draw(_arg(param)))
    miscount = draw(st.sampled_from([0] * 8 + [1, -1]))
    if miscount > 0:
        args.append(draw(_ATOMS["number"]))
    elif miscount < 0 and args:
        args.pop()
    return Call(name, tuple(args))


def _leaf(call: Call) -> st.SearchStrategy[Condition]:
    """The word called as a truth, or compared with a number by every comparison (and one there is
    not)."""
    ops = st.sampled_from([*COMPARE, "=>"])
    return st.one_of(st.just(call), st.builds(Compare, st.just(call), ops, st.integers(-1, 19)))


CONDITIONS = st.recursive(
    _call().flatmap(_leaf),
    lambda parts: st.one_of(
        st.builds(All, st.lists(parts, max_size=3).map(tuple)),
        st.builds(AnyOf, st.lists(parts, max_size=3).map(tuple)),
        st.builds(Not, parts),
    ),
    max_leaves=8,
)
"""Conditions of every word of the registry, every comparison, ``all``/``any``/``not`` nested."""

_GRANTS = (
    (),
    (ShapeGrant("P-05", "wild_in_chow"),),
    (ShapeGrant("G-03", "honour_mixed_pair"),),
    (ShapeGrant("P-11", "three_suit_pung"),),
)


@st.composite
def _win(draw: st.DrawFn) -> WinFacts:
    """A complete hand of four sets and a pair (some sets declared as melds, under a shape grant now
    and then), one of its readings and the other facts of its win drawn freely; a fixed hand of
    another form (seven pairs, thirteen orphans, a granted form) now and then."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(_facts()))
    counts = [0] * NUM_KINDS
    sets: list[tuple[int, ...]] = []
    for _ in range(4):
        if draw(st.booleans()):
            suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            tiles: tuple[int, ...] = tuple(9 * suit + start + i for i in range(3))
        else:
            tiles = (draw(st.integers(0, NUM_KINDS - 1)),) * 3
        sets.append(tiles)
    pair = draw(st.integers(0, NUM_KINDS - 1))
    melds: list[Meld] = []
    concealed = [pair, pair]
    for tiles in sets:
        declared = draw(st.sampled_from([None, None, MeldKind.PON, MeldKind.ANKAN, MeldKind.MINKAN]))
        if tiles[0] != tiles[1]:
            declared = MeldKind.CHI if declared is not None else None
        if declared is None:
            concealed += tiles
        else:
            melds.append(Meld(declared, (*tiles, tiles[0]) if declared in _KONGS else tiles))
    for tile in (*concealed, *(t for m in melds for t in m.tiles)):
        counts[tile] += 1
    if max(counts) > 4:
        return draw(st.sampled_from(_facts()))
    readings = decompose(concealed, tuple(melds), draw(st.sampled_from(_GRANTS)))
    assert readings, (concealed, melds)
    treasure = frozenset(draw(st.lists(st.integers(0, NUM_KINDS - 1), max_size=4)))
    return WinFacts(
        draw(st.sampled_from(readings)),
        draw(st.sampled_from(concealed)),
        draw(st.sampled_from(["ron", "tsumo"])),
        is_treasure=draw(st.sampled_from([None, treasure.__contains__])),
        chosen_suit=draw(st.sampled_from([None, *Suit])),
        single_wait_on_pair=draw(st.booleans()),
        before_abandon_window=draw(st.booleans()),
        revealed_kept=draw(st.integers(0, 4)),
    )


_KONGS = (MeldKind.ANKAN, MeldKind.MINKAN)


@settings(max_examples=400)
@given(CONDITIONS, _win())
def test_compiled_conditions_agree_with_the_oracle_over_generated_ones_s9_5(
    condition: Condition, facts: WinFacts
) -> None:
    """§9.5: a contract's hand condition is answered on a reading of the win; whatever the condition
    and the win, the compiled form answers as the tree walk, the same error at the same part."""
    assert _answer(compiled(condition), facts) == _answer(lambda f: walk(condition, f), facts)


def test_a_contract_answers_by_its_conditions_one_compiled_test_and_carries_no_function_s9_5() -> None:
    """§9.5: a contract's terms answer their hand condition by the condition's one compiled test, made
    once for every terms that carry an equal condition; the terms keep no function, so a view that
    shows them carries data alone (§9.4); terms without a hand condition are never met by one (the
    control)."""
    facts = _facts()[0]
    condition = Compare(Call("tiles", ("honour",)), ">=", 3)
    terms = ContractTerms("C-99", "测试", "normal", "隐藏验证", condition)
    assert compiled(Compare(Call("tiles", ("honour",)), ">=", 3)) is compiled(condition)
    assert terms.met_at_hu(facts) is walk(condition, facts) is True
    assert not any(callable(getattr(terms, f.name)) for f in dataclasses.fields(terms))
    assert not ContractTerms("C-98", "测试", "normal", "公开验证").met_at_hu(facts)


def test_a_condition_is_compiled_once_by_its_value() -> None:
    """Conditions are values: one built apart but equal shares the test, one that differs does not."""
    condition = Compare(Call("count", ("chow",)), ">=", 2)
    assert compiled(condition) is compiled(Compare(Call("count", ("chow",)), ">=", 2))
    assert compiled(condition) is not compiled(Compare(Call("count", ("chow",)), ">=", 3))


def test_the_engine_keeps_no_tree_walk_and_no_cache_by_identity() -> None:
    """Issue 33 item 5: one implementation of conditions in the engine, remembered by value."""
    engine = Path(__file__).resolve().parents[1] / "engine" / "hextech"
    sources = [engine / "predicates.py", engine / "effects" / "facts.py"]
    sources += sorted((engine / "conditions").glob("*.py"))
    for source in sources:
        text = source.read_text(encoding="utf-8")
        assert "id(" not in text and "_interpret" not in text and "def walk" not in text, source


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
            assert compiled(condition)(quick) == compiled(condition)(made)
        assert REGISTRY["tiles"].fn(quick, "number") == REGISTRY["tiles"].fn(made, "number")
        assert quick != WinFacts(reading, parse_one("1z"), "tsumo", (35,), chosen_number="13345567888")
