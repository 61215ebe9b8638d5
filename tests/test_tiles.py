"""The tile set and its notation (spec README; standard rules §1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import tiles


def test_full_set_has_144_tiles_34_kinds_by_4_and_8_flowers() -> None:
    """The wall holds 34 kinds × 4 and 8 flowers (§11 phase 1: 144 tiles)."""
    kinds = [tiles.kind_of_instance(i) for i in tiles.full_set()]
    assert len(kinds) == 144
    assert all(kinds.count(k) == 4 for k in range(34))
    assert all(kinds.count(k) == 1 for k in range(34, 42))


def test_parse_reads_the_spec_readme_example() -> None:
    """`123m456p789s1122z` from the spec README."""
    kinds = tiles.parse("123m456p789s1122z")
    assert [tiles.format_one(k) for k in kinds] == [
        "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z",
    ]  # fmt: skip


def test_chinese_names_follow_the_card_library() -> None:
    """Names as the library writes them: 七万 (F-T01), 七筒 (T-05), 八条 (T-06), 红中 (T-01), 春."""
    faces = ("7m", "7p", "8s", "7z", "6z", "5z", "1z", "1f", "8f")
    assert [tiles.name(tiles.parse_one(t)) for t in faces] == [
        "七万", "七筒", "八条", "红中", "发财", "白板", "东", "春", "菊",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "position", "problem"),
    [
        ("123x", 4, "unknown character"),
        ("8z", 1, "no such tile in suit z"),
        ("9f", 1, "no such tile in suit f"),
        ("m", 1, "suit letter without digits"),
        ("123", 4, "digits without a suit letter"),
    ],
)
def test_parse_error_names_the_character_and_position(text: str, position: int, problem: str) -> None:
    """A bad tile string names the bad character and its 1-based position."""
    with pytest.raises(tiles.TileSyntaxError) as err:
        tiles.parse(text)
    assert problem in str(err.value)
    assert f"position {position}" in str(err.value)


def test_classification_of_honours_terminals_and_flowers() -> None:
    """幺九 numbers, winds, dragons and flowers (§13.11.8 十三幺 uses all of them)."""
    assert tiles.format_tiles(tiles.ORPHANS) == "19m19p19s1234567z"
    assert tiles.is_wind(tiles.parse_one("4z")) and not tiles.is_wind(tiles.parse_one("5z"))
    assert tiles.is_dragon(tiles.RED) and tiles.is_honor(tiles.RED)
    assert tiles.is_terminal(tiles.parse_one("9s")) and not tiles.is_terminal(tiles.parse_one("1z"))
    assert tiles.is_flower(tiles.parse_one("5f")) and not tiles.is_number(tiles.parse_one("5f"))


@given(st.lists(st.integers(min_value=0, max_value=41), max_size=20))
def test_format_then_parse_gives_the_same_multiset(kinds: list[int]) -> None:
    """Notation round-trips: formatting sorts, parsing reads back the same tiles."""
    assert sorted(tiles.parse(tiles.format_tiles(kinds))) == sorted(kinds)


@given(st.lists(st.integers(min_value=0, max_value=33), max_size=14))
def test_count_vector_round_trip(kinds: list[int]) -> None:
    """Count vectors (the representation of hands) keep every tile."""
    assert tiles.from_counts(tiles.counts(kinds)) == sorted(kinds)


@given(st.integers(0, tiles.ALL_KINDS - 1))
def test_parse_one_reads_every_face_as_format_one_writes_it(kind: int) -> None:
    assert tiles.parse_one(tiles.format_one(kind)) == kind == tiles.parse(tiles.format_one(kind))[0]
    assert tiles.INSTANCE_KINDS[tiles.instances_of(kind)[-1]] == kind
