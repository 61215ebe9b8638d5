"""Compiled behaviour of the chance, augment, party and treasure cards, by structure (lib 二, 四–八)."""

from __future__ import annotations

from functools import cache

from dsl import compile_cards, load_cards
from engine.tiles import name, parse_one
from engine.vocabulary import (
    ChooseStep,
    CompiledCard,
    ForEachStep,
    Hook,
    IfStep,
    LaterStep,
    LimitRule,
    PrimitiveStep,
    StatusStep,
    Step,
)

PENDING = frozenset(
    {
        "O-C04",
        "S-08",
        "G-06",
        "G-10",
        "G-12",
        "F-R02",
        "F-R04",
        "F-R05",
        "F-R06",
        "F-S01",
        "F-S02",
        "F-S03",
        *(f"T-{n:02d}" for n in range(1, 11)),
    }
)
"""Cards whose behaviour waits for a word of the language (docs/dsl-requests.md)."""


@cache
def compiled() -> dict[str, CompiledCard]:
    """Every card compiled into the engine's terms, by id."""
    return {card.id: card for card in compile_cards(load_cards())}


def all_steps(steps: tuple[Step, ...]) -> list[Step]:
    """Every step of a program, depth first, through choices, conditions, loops and delayed steps."""
    found: list[Step] = []
    for step in steps:
        found.append(step)
        if isinstance(step, ChooseStep):
            for option in step.options:
                found.extend(all_steps(option.steps))
        elif isinstance(step, IfStep):
            found.extend(all_steps(step.then) + all_steps(step.otherwise))
        elif isinstance(step, ForEachStep | LaterStep):
            found.extend(all_steps(step.steps))
    return found


def primitives(steps: tuple[Step, ...]) -> list[str]:
    """The primitives a program runs, in order."""
    return [step.primitive for step in all_steps(steps) if isinstance(step, PrimitiveStep)]


def only_hook(card_id: str) -> Hook:
    """The single hook of a card."""
    (hook,) = compiled()[card_id].hooks
    return hook


def has_behaviour(card: CompiledCard) -> bool:
    """The card does something: a resolution, a hook, a static or a shape grant."""
    return bool(card.resolution or card.hooks or card.statics or card.grants)


def test_every_o_s_g_p_f_card_has_behaviour_except_the_pending_ones() -> None:
    """lib 四–八: each chance, augment and party card is encoded; the rest wait on a named request."""
    ours = {"chance", "silver", "gold", "prismatic", "party", "treasure"}
    silent = {c.id for c in compiled().values() if c.type in ours and not has_behaviour(c)}
    assert silent == PENDING


def test_o_p01_looks_at_the_top_two_and_reorders() -> None:
    """lib 四 O-P01: 查看牌墙顶部2张牌，并按任意顺序放回."""
    assert compiled()["O-P01"].resolution == (
        PrimitiveStep("look_and_reorder", (("n", 2), ("end", "top"), ("rule", "any"), ("public", "no"))),
    )


def test_o_c01_offers_an_extra_tidy_or_a_safe_next_discard() -> None:
    """lib 四 O-C01 and lib 二.1 额外整理 / 安全弃牌: two options, the holder's choice."""
    (choose,) = compiled()["O-C01"].resolution
    assert isinstance(choose, ChooseStep)
    assert [option.label[0] for option in choose.options] == ["①", "②"]
    assert [primitives(option.steps) for option in choose.options] == [["extra_tidy"], ["make_safe"]]
    assert choose.options[1].steps == (PrimitiveStep("make_safe", (("scope", "next_discard"),)),)


def test_o_n02_forbids_chi_and_pon_until_the_next_turn_starts() -> None:
    """lib 四 O-N02: 在你的下一回合开始前，你不能吃牌或碰牌；仍可杠牌和胡牌."""
    statuses = [step.rule for step in compiled()["O-N02"].resolution if isinstance(step, StatusStep)]
    assert [(r.polarity, r.action, r.who) for r in statuses] == [
        ("forbid", "chi", "holder"),
        ("forbid", "pon", "holder"),
    ]
    assert {r.duration.until for r in statuses if r.duration} == {"next_turn_start"}


def test_o_x05_gives_every_in_game_player_an_extra_tidy_from_the_holder() -> None:
    """lib 四 O-X05: 从你开始，仍在游戏中的玩家按顺时针顺序各进行一次额外整理."""
    (loop,) = compiled()["O-X05"].resolution
    assert isinstance(loop, ForEachStep)
    assert (loop.players, loop.start) == ("all", "holder")
    assert loop.steps == (PrimitiveStep("extra_tidy", (("player", "each"),)),)


def test_o_c09_option_one_needs_the_party_module() -> None:
    """lib 四 O-C09 替换规则: 未启用欢乐挑战模块时，只能选择②."""
    (choose,) = compiled()["O-C09"].resolution
    assert isinstance(choose, ChooseStep)
    first, second = choose.options
    assert first.condition is not None and "module_enabled" in repr(first.condition)
    assert second.condition is None
    assert primitives(first.steps) == ["draw_card", "look_and_reorder"]


def test_g04_permits_chi_from_any_seat_once_per_round() -> None:
    """lib 七 G-04: 你可以吃任意一名玩家打出的数字牌 (频率: 每局1次), at the augment level (§15)."""
    (rule,) = compiled()["G-04"].statics
    assert (rule.polarity, rule.action, rule.who) == ("allow", "chi", "holder")
    assert dict(rule.args) == {"from": "any", "tile": "number"}
    assert rule.limits == (LimitRule(1, "round"),)


def test_g13_and_p03_permit_two_chis_from_any_seat() -> None:
    """lib 七 G-13 (after one's own 暗杠) and lib 八 P-03: at most 2 chis from any seat per round."""
    for card_id in ("G-13", "P-03"):
        (rule,) = compiled()[card_id].statics
        assert dict(rule.args)["from"] == "any"
        assert rule.limits == (LimitRule(2, "round"),)
    assert "ankan" in repr(compiled()["G-13"].statics[0].condition)
    assert compiled()["P-03"].statics[0].condition is None


def test_shape_grants_name_the_hand_engine_shapes() -> None:
    """lib 七–八 and CARD-INVENTORY §6: each hu-time augment switches on exactly its shape."""
    expected = {
        "G-01": "adjacent_shift",
        "G-03": "honour_mixed_pair",
        "G-14": "cross_suit_chow",
        "P-01": "honour_chow",
        "P-02": "number_mixed_pair",
        "P-05": "wild_in_chow",
        "P-11": "three_suit_pung",
        "P-15": "honour_substitute",
        "P-16": "wrap_chow",
    }
    granted = {c.id: [g.shape for g in c.grants] for c in compiled().values() if c.grants}
    assert granted == {card_id: [shape] for card_id, shape in expected.items()}


def test_draw_replacements_are_replacements() -> None:
    """lib 六–八 "改为": P-07 replaces every chance draw, G-07 one, S-17 the first party draw."""
    p07, g07, s17 = only_hook("P-07"), only_hook("G-07"), only_hook("S-17")
    assert (p07.replaces, p07.event, p07.limits, p07.optional) == (True, "chance.draw", (), False)
    assert (g07.replaces, g07.event, g07.limits, g07.optional) == (
        True,
        "chance.draw",
        (LimitRule(1, "round"),),
        True,
    )
    assert (s17.replaces, s17.event) == (True, "party.draw")
    assert primitives(p07.steps) == primitives(g07.steps) == ["draw_keep"]


def test_normal_draw_replacements_take_as_the_normal_draw() -> None:
    """lib 六 S-11, 七 G-15, 八 P-18: the pick is this normal draw, so it may win (H14)."""
    for card_id, n, rest in (("S-11", 2, "top"), ("G-15", 2, "bottom"), ("P-18", 3, "bottom_random")):
        hook = only_hook(card_id)
        assert (hook.replaces, hook.event) == (True, "draw.normal")
        (step,) = hook.steps
        assert isinstance(step, PrimitiveStep)
        args = dict(step.args)
        assert (step.primitive, args["n"], args["as"], args["rest"]) == ("look_and_take", n, "normal", rest)
    assert "drawable" in repr(only_hook("P-18").condition)


def test_s06_and_s18_are_limited_per_session() -> None:
    """lib 六 S-06 (整场1次) and S-18 (整场2次, at most once in a round: lib 二.2)."""
    assert only_hook("S-06").limits == (LimitRule(1, "session"),)
    assert only_hook("S-18").limits == (LimitRule(2, "session"), LimitRule(1, "round"))


def test_f_t_cards_use_one_template_on_their_designated_tile() -> None:
    """lib 二.4: every F-T card is the designated-tile template on the face its 指定牌 names."""
    tile_cards = [c for c in compiled().values() if c.group == "tile"]
    assert len(tile_cards) == 14
    fields = {card.id: card.fields for card in load_cards()}
    for card in tile_cards:
        (step,) = card.resolution
        assert isinstance(step, PrimitiveStep)
        assert step.primitive == "watch_tile"
        assert name(parse_one(str(dict(step.args)["face"]))) == fields[card.id]["指定牌"]
    assert compiled()["F-T01"].resolution == (PrimitiveStep("watch_tile", (("face", "7m"),)),)


def test_party_cards_only_challenge_draw_party_cards_or_watch_tiles() -> None:
    """§7.1: party cards never change legality: no statics, and no primitive outside the party's own."""
    allowed = {"challenge", "watch_tile", "draw_card", "pick_player"}
    for card in compiled().values():
        if card.type == "party":
            assert card.statics == ()
            used = primitives(card.resolution) + [p for h in card.hooks for p in primitives(h.steps)]
            assert set(used) <= allowed, card.id


def test_chance_cards_draw_nothing_but_chance_or_party_cards() -> None:
    """§6.7 and K4: a chance card may draw chance cards (O-X06) or a party card (O-C09), nothing else."""
    decks = {
        (card.id, dict(step.args)["deck"])
        for card in compiled().values()
        if card.type == "chance"
        for step in all_steps(card.resolution)
        if isinstance(step, PrimitiveStep) and step.primitive == "draw_card"
    }
    assert decks == {("O-X06", "chance"), ("O-C09", "party")}
