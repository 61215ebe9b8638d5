"""A card's numbers and choices as data (issue 34, R650–R651, §18.3): what ``hexmj tune`` may vary,
inside the ranges the vocabulary declares, and the card printed again in the canonical layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.formatter import format_text
from dsl.parser import parse_text
from engine.core.errors import InputError
from engine.hextech.effects.facts import FACT_VALUES, FACTS
from engine.hextech.predicates import REGISTRY, VALUE_RANGES
from tools.lab.parameters import (
    card_block,
    options,
    parameters,
    restrictions,
    with_option,
    with_values,
    without_member,
)

CARDS = Path(__file__).resolve().parents[1] / "cards"


def block(file: str, card: str) -> str:
    text = (CARDS / file).read_text(encoding="utf-8")
    start, end = card_block(text, card)
    return text[start:end]


def test_every_whole_number_word_declares_the_values_it_can_take_r650() -> None:
    """Every hand word and table fact that gives a number has a declared range, so a comparison with
    it is a parameter; no other word has one."""
    assert {name for name, spec in REGISTRY.items() if spec.returns == "int"} == set(VALUE_RANGES)
    assert {name for name, spec in FACTS.items() if spec.returns == "int"} == set(FACT_VALUES)
    assert all(low < high for low, high in (*VALUE_RANGES.values(), *FACT_VALUES.values()))


def test_one_number_written_in_four_places_is_one_parameter_c04_r651() -> None:
    """C-04 (lib 九): "前6次正常摸牌" is one number, written in three prohibitions and its completion;
    moving it moves all four, and its text's other number (no calls: 0) is a parameter of its own."""
    found = parameters(block("contracts.hex", "C-04"))
    draws, calls = found
    assert (draws.name, draws.value, len(draws.spans), draws.roles) == (
        "normal_draws(holder)",
        6,
        4,
        frozenset({"condition", "restriction"}),
    )
    assert (draws.low, draws.high) == (1, 91)
    assert (calls.name, calls.value, calls.low, calls.high) == ("calls_made(holder, chi|pon|minkan)", 0, 0, 8)
    edited = with_values(block("contracts.hex", "C-04"), {draws.key: 5}, "C-04-v2")
    assert edited.count("normal_draws(holder) < 5") == 3 and "normal_draws(holder) == 5" in edited
    assert "6" not in edited.split("卡面正文")[1].split("\n", 1)[1]
    assert edited.startswith('card C-04-v2 "稳健六巡" contract {')
    assert format_text(edited) == edited
    assert [card.id for card in parse_text(edited)] == ["C-04-v2"]


def test_a_primitives_numbers_limits_and_durations_are_parameters_r650() -> None:
    """O-C07 (lib 四): its reveal's duration and its two looks; S-18: its two limits; B-09 (lib 十):
    the tiles it reveals are its restriction, the tiles it keeps its condition."""
    reveal, four, two = parameters(block("chance.hex", "O-C07"))
    assert (reveal.name, reveal.value, reveal.roles) == (
        "reveal(until)",
        "next_turn_end",
        frozenset({"timing"}),
    )
    assert "round_end" in reveal.choices
    assert [(p.name, p.value, p.low, p.high) for p in (four, two)] == [
        ("look_and_reorder(n)", 4, 1, 6),
        ("look_and_reorder(n)", 2, 1, 6),
    ]
    limits = parameters(block("silver.hex", "S-18"))
    assert [(p.name, p.value, p.low, p.high, p.roles) for p in limits] == [
        ("limit", 2, 1, 9, frozenset({"limit"})),
        ("limit", 1, 1, 9, frozenset({"limit"})),
    ]
    shown = {p.name: p.roles for p in parameters(block("black_contracts.hex", "B-09"))}
    assert shown["reveal(n)"] == frozenset({"restriction"})
    assert shown["revealed_kept"] == frozenset({"condition"})
    assert shown["revealed_discarded(holder)"] == frozenset({"restriction"})


def test_a_value_outside_the_declared_range_is_refused_r190() -> None:
    card = block("chance.hex", "O-C07")
    look = parameters(card)[1]
    with pytest.raises(InputError, match=r"look_and_reorder\(n\): 7 is not in 1..6"):
        with_values(card, {look.key: 7})
    with pytest.raises(InputError, match="is not one of"):
        with_values(card, {parameters(card)[0].key: "tomorrow"})
    with pytest.raises(InputError, match="no parameter"):
        with_values(card, {"nothing@1:1": 1})


def test_a_black_contract_may_lose_one_prohibition_s18_3() -> None:
    """B-03 (lib 十) forbids four calls; dropping the first leaves the other three and its condition."""
    card = block("black_contracts.hex", "B-03")
    forbids = restrictions(card)
    assert [f.text for f in forbids] == [
        "forbid chi for holder",
        "forbid pon for holder",
        "forbid minkan for holder",
        "forbid kakan for holder",
    ]
    edited = without_member(card, forbids[0], "B-03-v2")
    assert (
        "forbid chi" not in edited
        and edited.count("forbid") == 3
        and "complete at hu when self_draw" in edited
    )
    assert format_text(edited) == edited


def test_a_chance_card_becomes_a_choice_of_two_s18_3() -> None:
    """O-P05 (lib 四) gains O-C05's second option: its own effect is the first option, labelled with
    its text; a card that already chooses (O-C05) gains one more option."""
    source = block("chance.hex", "O-C05")
    first, second = options(source)
    assert (first.label, second.label, second.body) == (
        "①取回最新弃牌，再弃1张牌",
        "②查看牌墙顶部2张牌并重新排列",
        "look_and_reorder(2)",
    )
    edited = with_option(block("chance.hex", "O-P05"), "原效果", second, "O-P05-v2")
    assert edited is not None
    (card,) = parse_text(edited)
    assert card.id == "O-P05-v2"
    assert 'resolve do choose one {\n    option "原效果" {' in edited
    assert 'option "②查看牌墙顶部2张牌并重新排列" look_and_reorder(2)' in edited
    more = with_option(source, "unused", second)
    assert more is not None and more.count("option ") == 3
    assert with_option(block("contracts.hex", "C-01"), "x", second) is None


def test_each_number_says_which_way_gives_its_holder_more() -> None:
    """A larger ``max_suit_tiles >= 6`` (C-14) asks more, so gives less; C-04's "前6次" forbids calls
    longer; a larger look (G-15) gives more, a larger reveal (B-09) costs more, a larger limit (S-18)
    allows more; B-10's 3 is read both ways (``< 3`` to force, ``>= 3`` to complete), so it says
    nothing."""
    more = {
        card: [(p.name, p.more) for p in parameters(block(file, card))]
        for file, card in (
            ("contracts.hex", "C-14"),
            ("contracts.hex", "C-04"),
            ("gold.hex", "G-15"),
            ("black_contracts.hex", "B-09"),
            ("black_contracts.hex", "B-10"),
            ("silver.hex", "S-18"),
        )
    }
    assert more["C-14"] == [("max_suit_tiles", -1)]
    assert more["C-04"] == [("normal_draws(holder)", -1), ("calls_made(holder, chi|pon|minkan)", 0)]
    assert more["G-15"] == [("look_and_take(n)", 1)]
    assert more["B-09"][0] == ("reveal(n)", -1) and more["B-09"][3] == ("revealed_discarded(holder)", 1)
    assert more["B-10"][0] == ("forced_discards(holder)", 0)
    assert more["S-18"] == [("limit", 1), ("limit", 1)]


def test_a_number_compared_with_stays_where_the_comparison_can_fail_c02_r659() -> None:
    """C-02 (lib 九, 两副刻子): "至少包含两副刻子或杠子" is ``count(pung|kong) >= 2``; at 0 it would hold
    at every hu (no condition at all), so its range starts at 1 and ends at the seven sets a hand can
    count. The same word compared the other way, ``<= k``, stops one short of its largest value."""
    (sets,) = parameters(block("contracts.hex", "C-02"))
    low, high = VALUE_RANGES["count"]
    assert (sets.name, sets.value, sets.low, sets.high) == ("count(pung|kong)", 2, low + 1, high)
    at_most = block("contracts.hex", "C-02").replace(">= 2", "<= 2")
    (turned,) = parameters(at_most)
    assert (turned.low, turned.high) == (low, high - 1)
