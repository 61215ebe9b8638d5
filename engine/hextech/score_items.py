"""The score items of §13 and their caps, as data (§13.3–§13.13, quick table §13.16).

Each item has a stable English ``id``, the rulebook's Chinese ``name``, its
points and the cap group it counts under.  Hand patterns (§13.11) are
declared as conditions in the hand-predicate vocabulary
(:mod:`engine.hextech.predicates`), so the scorer and the contracts read hands the
same way: patterns about structure read the treated groups, patterns about
faces the physical tiles (CARD-INVENTORY §6).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.melds import MeldKind
from engine.core.tiles import GENTLEMEN, SEASONS
from engine.hextech.contracts import ABANDON_PENALTY, BONUS
from engine.hextech.predicates import All, Call, Compare, Condition

CAPS: dict[str, int] = {
    "kong": 2,
    "special_win": 2,
    "pattern": 4,
    "add_on": 5,
    "non_winner": 2,
}
"""Caps by id: kong points per round (§13.9.5), special wins per hu (§13.10.7), patterns per hu
(§13.11.10), all add-ons of a winner per round (§13.7), add-ons a non-winner keeps (§13.8)."""


@dataclass(frozen=True)
class ItemSpec:
    """One kind of score item: id, rulebook name, points, and the cap group it is clipped by first
    (``None``: only the add-on cap, or no cap at all for base items)."""

    id: str
    name: str
    points: int
    group: str | None = None


HU_ORDER: dict[int, ItemSpec] = {
    1: ItemSpec("hu_order", "第一名胡牌", 4),
    2: ItemSpec("hu_order", "第二名胡牌", 3),
    3: ItemSpec("hu_order", "第三名胡牌", 2),
}
"""Hu order points (§13.3)."""

CONTRACT_BONUS: dict[str, ItemSpec] = {
    "normal": ItemSpec("contract_normal", "普通契约并胡牌", BONUS["normal"]),
    "black": ItemSpec("contract_black", "黑色契约并胡牌", BONUS["black"]),
}
"""The contract bonus, only for a completed contract that was not abandoned (§13.4)."""

ABANDON_BLACK = ItemSpec("abandon_black", "放弃黑色契约", ABANDON_PENALTY["black"])
"""The penalty for abandoning a black contract: outside every cap (§10.2, §13.7, §13.14)."""

SELF_DRAW = ItemSpec("self_draw", "自摸", 1)
"""Self-draw bonus (§13.5); not for 天胡 (§13.10.5)."""

KONGS: dict[MeldKind, ItemSpec] = {
    MeldKind.ANKAN: ItemSpec("ankan", "暗杠", 2, "kong"),
    MeldKind.MINKAN: ItemSpec("minkan", "明杠", 1, "kong"),
    MeldKind.KAKAN: ItemSpec("kakan", "加杠", 1, "kong"),
}
"""Kong points, earned when the kong stands (§13.9.1–§13.9.3)."""

SPECIAL_WINS: dict[str, ItemSpec] = {
    spec.id: spec
    for spec in (
        ItemSpec("kong_replacement", "杠上开花", 1, "special_win"),
        ItemSpec("robbing_kong", "抢杠胡", 1, "special_win"),
        ItemSpec("last_tile", "海底捞月", 1, "special_win"),
        ItemSpec("last_discard", "河底捞鱼", 1, "special_win"),
        ItemSpec("heavenly", "天胡", 2, "special_win"),
        ItemSpec("earthly", "地胡", 2, "special_win"),
    )
}
"""Special wins (§13.10.1–§13.10.6, quick table §13.16), keyed by the flag that claims them."""

SPECIAL_WIN_NEEDS: dict[str, str] = {
    "kong_replacement": "tsumo",
    "robbing_kong": "ron",
    "last_tile": "tsumo",
    "last_discard": "ron",
    "heavenly": "tsumo",
    "earthly": "tsumo",
}
"""The way of winning each special win implies (spec README gap table)."""


def _c(name: str, *args: str | int | tuple[str | int, ...]) -> Call:
    return Call(name, args)


PATTERNS: tuple[tuple[ItemSpec, Condition], ...] = (
    (ItemSpec("concealed_hand", "门清胡牌", 1, "pattern"), _c("concealed")),
    (ItemSpec("seven_pairs", "七对", 1, "pattern"), _c("form", "seven_pairs")),
    (
        ItemSpec("all_pungs", "碰碰胡", 1, "pattern"),
        All((_c("form", "standard"), Compare(_c("count", ("pung", "kong")), "==", 4))),
    ),
    (
        ItemSpec("half_flush", "混一色", 1, "pattern"),
        All((Compare(_c("number_suits"), "==", 1), Compare(_c("tiles", "honour"), ">=", 1))),
    ),
    (
        ItemSpec("full_flush", "清一色", 2, "pattern"),
        All((Compare(_c("number_suits"), "==", 1), Compare(_c("tiles", "honour"), "==", 0))),
    ),
    (ItemSpec("pure_straight", "一条龙", 1, "pattern"), Compare(_c("suits_with_chows", 1, 4, 7), ">=", 1)),
    (ItemSpec("all_honours", "字一色", 3, "pattern"), Compare(_c("tiles", "number"), "==", 0)),
    (ItemSpec("thirteen_orphans", "十三幺", 3, "pattern"), _c("form", "thirteen_orphans")),
    (ItemSpec("all_terminals", "清老头", 3, "pattern"), Compare(_c("tiles", ("honour", "simple")), "==", 0)),
)
"""Hand patterns (§13.11.1–§13.11.9) and the condition each needs.  Standard four sets and a pair score
nothing; B-14's and B-15's forms are neither seven pairs nor standard, so they give no 七对 or
碰碰胡 (lib B-14)."""

FLOWER_SETS: tuple[tuple[ItemSpec, frozenset[int]], ...] = (
    (ItemSpec("four_seasons", "集齐四季", 1), frozenset(SEASONS)),
    (ItemSpec("four_gentlemen", "集齐四君子", 1), frozenset(GENTLEMEN)),
    (ItemSpec("eight_flowers", "集齐八花", 2), frozenset(SEASONS + GENTLEMEN)),
)
"""Flower sets collected in the round (§13.12.2–§13.12.4); a single flower scores nothing (§13.12.1)."""

EXCLUDES: dict[str, tuple[str, ...]] = {
    "full_flush": ("half_flush",),
    "all_honours": ("half_flush", "full_flush"),
    "thirteen_orphans": ("seven_pairs", "all_pungs", "pure_straight"),
    "eight_flowers": ("four_seasons", "four_gentlemen"),
}
"""Items that rule others out on the same hu (§13.11.5, §13.11.7, §13.11.8, §13.12.4, §13.13.2)."""

AUGMENT = ItemSpec("augment", "强化海克斯直接给予的分数", 0)
"""Points an augment gives directly: an add-on (§5.4, §13.2); the points are the augment's."""

TREASURE = ItemSpec("treasure", "宝牌奖励", 1)
"""At least one treasure tile in the complete hand: +1 once per win, an add-on (§8.2, §13.6)."""
