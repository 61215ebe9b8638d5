"""All 192 cards load and compile; counts, groups, fields and module tags (lib 一, 三–十二)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from dsl import Card, compile_cards, load_cards
from engine.hextech.vocabulary import CompiledCard, Level


@cache
def cards() -> dict[str, Card]:
    """Every library card (version 1) of the core and module card files, by id."""
    return {card.id: card for card in load_cards() if card.version == 1}


@cache
def compiled() -> dict[str, CompiledCard]:
    """Every card compiled into the engine's terms, by id."""
    return {card.id: card for card in compile_cards(list(cards().values()))}


def test_all_192_cards_load_and_compile() -> None:
    """lib 一: the pool holds 192 different cards; each compiles without a finding."""
    assert len(cards()) == 192
    assert sorted(compiled()) == sorted(cards())


def test_counts_per_type_follow_lib_one() -> None:
    """lib 一: 16 world, 36 chance, 36 party, 18 of each augment tier, 24 + 16 contracts, 10 orders."""
    counts = Counter(card.type for card in cards().values())
    assert counts == {
        "world": 16,
        "chance": 36,
        "party": 36,
        "silver": 18,
        "gold": 18,
        "prismatic": 18,
        "contract": 24,
        "black_contract": 16,
        "treasure": 10,
    }


def test_chance_and_party_groups_have_nine_and_their_sizes() -> None:
    """lib 四: four chance groups of 9; lib 五: party groups of 14, 8, 8 and 6."""
    groups = Counter((card.type, card.group) for card in cards().values() if card.group is not None)
    assert groups == {
        ("chance", "positive"): 9,
        ("chance", "negative"): 9,
        ("chance", "choice"): 9,
        ("chance", "chaos"): 9,
        ("party", "tile"): 14,
        ("party", "instant"): 8,
        ("party", "response"): 8,
        ("party", "social"): 6,
    }


MANDATORY: dict[str, tuple[str, ...]] = {
    "world": ("触发者", "卡面正文"),
    "chance": ("卡面正文",),
    "silver": ("频率", "卡面正文"),
    "gold": ("频率", "卡面正文"),
    "prismatic": ("频率", "卡面正文"),
    "contract": ("验证", "卡面正文"),
    "black_contract": ("验证", "卡面正文"),
    "treasure": ("卡面正文",),
}
"""The fields every card of a type carries (lib 三–十一); F-T cards are checked apart."""


def test_every_card_has_its_mandatory_fields() -> None:
    """lib 三–十一: world cards name the trigger, augments the frequency, contracts the verification."""
    missing = [
        (card.id, label)
        for card in cards().values()
        for label in (
            ("指定牌", "单张动作", "双张动作", "替代动作")
            if card.group == "tile"
            else MANDATORY.get(card.type, ("卡面正文",))
        )
        if not card.fields.get(label)
    ]
    assert missing == []


def test_durable_and_instant_chance_cards_say_which() -> None:
    """lib 四, §6.5: a chance card states 时机 or 持续时间, except five choice cards whose options differ."""
    unstated = sorted(
        card.id
        for card in cards().values()
        if card.type == "chance" and "时机" not in card.fields and "持续时间" not in card.fields
    )
    assert unstated == ["O-C01", "O-C02", "O-C04", "O-C05", "O-C09"]


def test_module_tags_match_the_label_fields() -> None:
    """lib 十二.1: party links W-14, O-C09, S-17; treasure links W-13, O-X09, S-16, P-14, C-24, F-S01."""
    tagged = {card.id: card.tags for card in cards().values() if card.tags}
    assert tagged == {
        "W-14": ("party",),
        "O-C09": ("party",),
        "S-17": ("party",),
        "W-13": ("treasure",),
        "O-X09": ("treasure",),
        "S-16": ("treasure",),
        "P-14": ("treasure",),
        "C-24": ("treasure",),
        "F-S01": ("treasure",),
    }
    for card_id, (tag,) in tagged.items():
        assert cards()[card_id].fields["标签"] == {"party": "欢乐挑战模块", "treasure": "宝牌模块"}[tag]


def test_strategy_mode_leaves_138_cards() -> None:
    """lib 十二.1: without both modules 138 cards remain; with the party module only, 176."""
    core = [card for card in cards().values() if not card.modules]
    party = [card for card in cards().values() if set(card.modules) <= {"party"}]
    assert len(core) == 138
    assert len(party) == 176


def test_levels_follow_the_card_types() -> None:
    """§15: augments at L4, treasure L5, world L6, chance L7, party L8, contracts L3."""
    levels = {card.type: card.level for card in compiled().values()}
    assert levels == {
        "contract": Level.CONTRACT,
        "black_contract": Level.CONTRACT,
        "silver": Level.AUGMENT,
        "gold": Level.AUGMENT,
        "prismatic": Level.AUGMENT,
        "treasure": Level.TREASURE,
        "world": Level.WORLD,
        "chance": Level.CHANCE,
        "party": Level.PARTY,
    }
