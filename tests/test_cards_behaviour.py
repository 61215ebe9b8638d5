"""Compiled behaviour of the chance, augment, party and treasure cards, by structure (lib 二, 四–八)."""

from __future__ import annotations

from functools import cache

from dsl import compile_cards, load_cards
from engine.core.tiles import name, parse_one
from engine.hextech.vocabulary import (
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


@cache
def compiled() -> dict[str, CompiledCard]:
    """Every library card (version 1) compiled into the engine's terms, by id."""
    return {card.id: card for card in compile_cards(load_cards()) if card.version == 1}


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


def test_every_card_has_behaviour() -> None:
    """lib 三–十一: each of the 192 cards does something: a resolution, a hook, a static, a grant or terms."""
    silent = [c.id for c in compiled().values() if not (has_behaviour(c) or c.contract is not None)]
    assert silent == []


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
    """§7.1: party cards never change legality: no statics; only challenges, party draws and reveals."""
    allowed = {"challenge", "watch_tile", "draw_card", "redraw", "pick_player", "reveal"}
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


def test_o_c04_reveals_the_top_tile_and_takes_it_only_on_the_chosen_suit() -> None:
    """lib 四 O-C04: 公开牌墙顶部1张牌。花色相同则将其加入手牌并弃1张牌；否则按原样放回顶部."""
    choose_suit, take = compiled()["O-C04"].resolution
    assert isinstance(choose_suit, PrimitiveStep) and isinstance(take, PrimitiveStep)
    assert dict(choose_suit.args)["kind"] == "suit"
    args = dict(take.args)
    assert (take.primitive, args["n"], args["public"], args["discard"], args["rest"]) == (
        "look_and_take",
        1,
        "yes",
        "yes",
        "top",
    )
    assert args["suit"] == dict(choose_suit.args)["as"]


def test_o_x06_and_f_i08_carry_their_own_redraw_guard() -> None:
    """lib 四 O-X06 / lib 五 F-I08 and K1: a copy drawn by the card itself is discarded and redrawn."""
    for card_id, event in (("O-X06", "chance.drawn"), ("F-I08", "party.drawn")):
        (guard,) = compiled()[card_id].hooks
        assert guard.event == event
        assert primitives(guard.steps) == ["redraw"]
        assert "self" in repr(guard.condition)


def test_treasure_orders_name_their_kind() -> None:
    """lib 十一: six fixed faces, then seat wind, die number, a named face and the dealer's wind."""
    expected = {
        "T-01": ("face", "7z"),
        "T-02": ("face", "6z"),
        "T-03": ("face", "5z"),
        "T-04": ("face", "5m"),
        "T-05": ("face", "7p"),
        "T-06": ("face", "8s"),
        "T-07": ("seat_wind", "chosen"),
        "T-08": ("die_number", "chosen"),
        "T-09": ("dealer_named", "chosen"),
        "T-10": ("dealer_wind", "chosen"),
    }
    found = {}
    for card_id in expected:
        (step,) = compiled()[card_id].resolution
        assert isinstance(step, PrimitiveStep) and step.primitive == "treasure_order"
        found[card_id] = (dict(step.args)["kind"], dict(step.args)["face"])
    assert found == expected


def test_fixed_treasure_faces_match_the_card_text() -> None:
    """lib 十一 T-01…T-06: "本局<face>是宝牌" names the face the order declares."""
    for card in load_cards():
        if card.type == "treasure" and card.version == 1 and card.id <= "T-06":
            (step,) = compiled()[card.id].resolution
            assert isinstance(step, PrimitiveStep)
            face = name(parse_one(str(dict(step.args)["face"])))
            assert card.text.startswith(f"本局{face}是宝牌"), card.id


def test_s08_counts_visible_copies() -> None:
    """lib 六 S-08 and H21: 桌面上已经公开可见至少2张同名牌 when a tile is acquired."""
    hook = only_hook("S-08")
    assert (hook.event, hook.actor) == ("tile.acquired", "holder")
    assert "visible_copies" in repr(hook.condition) and ">=" in repr(hook.condition)
    assert primitives(hook.steps) == ["look_and_reorder"]


DURATION_WORDS: dict[str, str] = {
    "直到你的下一回合结束": "next_turn_end",
    "直到你的下一回合开始": "next_turn_start",
    "直到抽牌者的下一回合开始": "next_turn_start",
    "直到你的下一次弃牌完成": "next_discard",
    "直到你的下一次正常弃牌完成": "next_normal_discard",
    "直到你的下一次正常摸牌": "next_normal_draw",
    "直到你下一次吃牌或碰牌机会结束": "next_call_chance",
}
"""The 持续时间 wordings of the chance cards (lib 四) and the duration each compiles to."""


def test_durable_chance_cards_last_as_long_as_their_field_says() -> None:
    """lib 四 持续时间 and §6.5: each durable chance card carries the duration its field names.

    O-C08's draw-end status is by its nature "the next normal draw".
    """
    durable = [c for c in load_cards() if c.type == "chance" and c.version == 1 and "持续时间" in c.fields]
    assert len(durable) == 16
    for card in durable:
        wanted = DURATION_WORDS[card.fields["持续时间"]]
        body = repr(compiled()[card.id])
        assert wanted in body or (wanted == "next_normal_draw" and "set_draw_end" in body), card.id


def test_safe_discards() -> None:
    """lib 二.1 安全弃牌: O-P03 and O-C01② the next discard, S-05 this discard, O-X07 every discard."""
    assert compiled()["O-P03"].resolution == (PrimitiveStep("make_safe", (("scope", "next_discard"),)),)
    (s05,) = only_hook("S-05").steps
    assert s05 == PrimitiveStep("make_safe", (("scope", "this_discard"),))
    (status,) = compiled()["O-X07"].resolution
    assert isinstance(status, StatusStep)
    rule = status.rule
    assert (rule.polarity, rule.action, dict(rule.args), rule.who) == (
        "forbid",
        "call_discard",
        {"of": "all"},
        "all",
    )
    assert rule.duration is not None and rule.duration.until == "next_turn_start"


def test_flower_replacement_picks() -> None:
    """lib 六 S-04 (first flower, once) and lib 七 G-05 (every flower): look at 2 at the tail, keep 1."""
    s04, g05 = only_hook("S-04"), only_hook("G-05")
    assert (s04.replaces, s04.event, s04.limits) == (True, "draw.replacement", (LimitRule(1, "round"),))
    assert (g05.replaces, g05.event, g05.limits) == (True, "draw.replacement", ())
    assert s04.steps == g05.steps
    (take,) = s04.steps
    assert isinstance(take, PrimitiveStep)
    args = dict(take.args)
    assert (args["n"], args["end"], args["as"], args["rest"]) == (2, "tail", "replacement", "tail")
