"""Random winning hands of the standard rules, deterministic from a seed (standard rules 和牌的规定 二;
issue 14 item 6).

Each hand is a :class:`engine.core.win.WinContext` a table could reach: one of the legal forms
of 和牌的要求 (一) — the basic form (four sets and a pair, concealed or with chows, pungs and the
three kinds of kong, each with the seat it was claimed from), 七对, 十三幺, 全不靠 (with or without
its 组合龙, 七星不靠) and 组合龙 with one set and a pair — with the win's circumstances: self-drawn
or on a discard, 和绝张, the last tile of the wall, a kong's replacement or a robbed kong, the
prevalent and seat winds and the flowers.  Tiles are drawn from themes (one suit, one suit and
honours, terminals and honours, simples, green tiles, …) often enough that the high fans of the
table occur, not only the plain hands of a uniform draw.

The circumstances are kept consistent with the table: 和绝张 only when no copy of the winning tile
stays concealed in the hand, and always when the hand's melds show the other three; a replacement
tile only after a kong; a robbed kong only of a face the winner holds no copy of (the robbed pon
shows the other three, so it is also the last copy); the last tile of the wall never together with
a kong's tile.  The benchmark ``benchmarks/standard_fan.py`` and the tests draw from here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from engine.core.melds import Meld, MeldKind
from engine.core.tiles import (
    DRAGONS,
    EAST,
    GENTLEMEN,
    ORPHANS,
    SEASONS,
    WINDS,
    is_honor,
    is_terminal,
    is_wind,
)
from engine.core.win import WinContext

Tiles = tuple[int, ...]
_Theme = Callable[[Tiles], bool]

CHOWS: tuple[Tiles, ...] = tuple((b + n, b + n + 1, b + n + 2) for b in (0, 9, 18) for n in range(7))
PUNGS: tuple[Tiles, ...] = tuple((k, k, k) for k in range(34))
FLOWERS: Tiles = (*SEASONS, *GENTLEMEN)
KNITTED: tuple[Tiles, ...] = tuple(
    tuple(
        sorted(
            9 * suit + n
            for suit, start in zip(order, (0, 1, 2), strict=True)
            for n in (start, start + 3, start + 6)
        )
    )
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
"""The six 组合龙: 147 of one suit, 258 of another, 369 of the third (番种 35)."""
HONOURS: Tiles = (*WINDS, *DRAGONS)
_GREEN = frozenset((19, 20, 21, 23, 25, 32))
"""23468条 and 发 (番种 3 绿一色)."""
_REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))
"""1234589饼, 245689条 and 白板 (番种 40 推不倒)."""

FORMS: tuple[tuple[str, int], ...] = (
    ("basic", 80),
    ("seven_pairs", 7),
    ("thirteen_orphans", 2),
    ("honours_and_knitted", 4),
    ("knitted_straight", 5),
    ("nine_gates", 1),
    ("seven_shifted_pairs", 1),
)
"""Each form and its weight among the hands drawn."""


def _rank(t: int) -> int:
    return t % 9 + 1


def _suit(t: int) -> int:
    return t // 9


THEMES: tuple[tuple[str, int, _Theme], ...] = (
    ("any", 40, lambda g: True),
    ("one suit", 10, lambda g: all(t < 9 for t in g)),
    ("one suit and honours", 10, lambda g: all(t < 9 or is_honor(t) for t in g)),
    ("terminals and honours", 4, lambda g: all(is_terminal(t) or is_honor(t) for t in g)),
    ("a terminal or honour in each", 5, lambda g: any(is_terminal(t) or is_honor(t) for t in g)),
    ("simples", 6, lambda g: all(not is_honor(t) and not is_terminal(t) for t in g)),
    ("a five in each", 3, lambda g: any(not is_honor(t) and _rank(t) == 5 for t in g)),
    ("green", 2, lambda g: all(t in _GREEN for t in g)),
    ("reversible", 3, lambda g: all(t in _REVERSIBLE for t in g)),
    ("honours", 3, lambda g: all(is_honor(t) for t in g)),
    ("winds and one suit", 4, lambda g: all(is_wind(t) or t < 9 for t in g)),
    ("1 to 4", 2, lambda g: all(not is_honor(t) and _rank(t) <= 4 for t in g)),
    ("6 to 9", 2, lambda g: all(not is_honor(t) and _rank(t) >= 6 for t in g)),
    ("1 to 3, 4 to 6 or 7 to 9", 3, lambda g: len({(_rank(t) - 1) // 3 for t in g if not is_honor(t)}) <= 1),
    ("even pungs", 2, lambda g: g[0] == g[1] and not is_honor(g[0]) and _rank(g[0]) % 2 == 0),
    (
        "terminal chows and a five",
        3,
        lambda g: _rank(g[0]) == 5 if len(g) == 2 else g[0] != g[1] and _rank(g[0]) in (1, 7),
    ),
    ("two suits", 6, lambda g: all(_suit(t) in (1, 2) for t in g)),
)
"""Which sets and pairs a hand draws from: a theme admits a set when its predicate holds of it."""


def random_wins(seed: int, count: int) -> Iterator[WinContext]:
    """``count`` random winning hands, the same for the same seed."""
    rng = random.Random(seed)
    for _ in range(count):
        yield random_win(rng)


def random_win(rng: random.Random) -> WinContext:
    """One random winning hand of one of :data:`FORMS`, with random circumstances."""
    form = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
    if form == "basic":
        concealed, melds = _basic(rng)
    elif form == "knitted_straight":
        concealed, melds = _knitted_straight(rng)
    else:
        concealed, melds = _WHOLE_HAND[form](rng), ()
    return _circumstances(rng, concealed, melds)


def _moved(group: Tiles, perm: Tiles) -> Tiles:
    return tuple(t if is_honor(t) else 9 * perm[_suit(t)] + t % 9 for t in group)


_PERMS: tuple[Tiles, ...] = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
_ANY: tuple[list[Tiles], list[Tiles]] = (list((*CHOWS, *PUNGS)), [(k, k) for k in range(34)])


def _theme_groups(admits: _Theme, perm: Tiles) -> tuple[list[Tiles], list[Tiles]]:
    sets = [_moved(g, perm) for g in (*CHOWS, *PUNGS) if admits(g)]
    pairs = [_moved((k, k), perm) for k in range(34) if admits((k, k))]
    return (sets, pairs) if sets and pairs else _ANY


_THEMED = tuple(_theme_groups(admits, perm) for _, _, admits in THEMES for perm in _PERMS)
"""Each theme's sets and pairs under each of the six orders of the suits (a theme that admits no set
or no pair falls back to any), so that one-suit themes land in every suit."""
_THEME_WEIGHTS = tuple(w for _, w, _ in THEMES for _ in _PERMS)


def _themed(rng: random.Random) -> tuple[list[Tiles], list[Tiles]]:
    """The sets and pairs of a random theme in a random order of the suits."""
    return rng.choices(_THEMED, _THEME_WEIGHTS)[0]


def _fits(held: list[int], group: Tiles, extra: int = 0) -> bool:
    return all(held[t] + group.count(t) + extra <= 4 for t in set(group))


def _take(held: list[int], group: Tiles) -> None:
    for t in group:
        held[t] += 1


def _pick(rng: random.Random, held: list[int], groups: list[Tiles]) -> Tiles | None:
    """A random group of ``groups`` that still fits beside ``held`` (four copies of a face at most)."""
    for _ in range(8):
        group = rng.choice(groups)
        if _fits(held, group):
            return group
    fitting = [g for g in groups if _fits(held, g)]
    return rng.choice(fitting) if fitting else None


def _basic(rng: random.Random) -> tuple[Tiles, tuple[Meld, ...]]:
    """Four sets and a pair; some sets declared: a chow as 吃, a pung as 碰 or one of the three kongs."""
    chosen: list[Tiles] = []
    pair: Tiles | None = None
    held = [0] * 34
    while len(chosen) < 4 or pair is None:
        sets, pairs = _themed(rng)
        held = [0] * 34
        chosen = []
        for _ in range(4):
            again = chosen[-1] if chosen and rng.random() < 0.2 and _fits(held, chosen[-1]) else None
            group = again or _pick(rng, held, sets)
            if group is None:
                break
            chosen.append(group)
            _take(held, group)
        pair = _pick(rng, held, pairs) if len(chosen) == 4 else None
    declared = rng.choices((0, 1, 2, 3, 4), (30, 20, 20, 15, 15))[0]
    melds: list[Meld] = []
    concealed: list[int] = list(pair)
    for index, group in enumerate(chosen):
        if index >= declared:
            concealed.extend(group)
        elif group[0] != group[1]:
            melds.append(Meld(MeldKind.CHI, group))
        else:
            free = held[group[0]] + pair.count(group[0]) == 3
            kind = rng.choices(_PUNG_MELDS, _KONG_WEIGHTS if free else _PON_ONLY)[0]
            melds.append(Meld(kind, group if kind is MeldKind.PON else (*group, group[0])))
    return tuple(concealed), tuple(melds)


_PUNG_MELDS = (MeldKind.PON, MeldKind.MINKAN, MeldKind.KAKAN, MeldKind.ANKAN)
_KONG_WEIGHTS = (60, 12, 10, 18)
_PON_ONLY = (1, 0, 0, 0)


def _knitted_straight(rng: random.Random) -> tuple[Tiles, tuple[Meld, ...]]:
    """组合龙 and one set and a pair (番种 35); the set declared now and then: a chow as 吃, a pung as
    碰 or, when the fourth copy is free, as a concealed kong."""
    knitted = rng.choice(KNITTED)
    while True:
        held = [0] * 34
        _take(held, knitted)
        group = rng.choice((*CHOWS, *PUNGS))
        pair = (rng.randrange(34),) * 2
        if _fits(held, group) and _fits(held, pair, group.count(pair[0])):
            break
    concealed = (*knitted, *pair)
    if rng.random() < 0.7:
        return (*concealed, *group), ()
    if group[0] != group[1]:
        return concealed, (Meld(MeldKind.CHI, group),)
    if held[group[0]] == 0 and pair[0] != group[0] and rng.random() < 0.4:
        return concealed, (Meld(MeldKind.ANKAN, (*group, group[0])),)
    return concealed, (Meld(MeldKind.PON, group),)


def _seven_pairs(rng: random.Random) -> Tiles:
    """七对: seven pairs, now and then four of a face as two of them."""
    _, pairs = _themed(rng)
    faces = sorted({p[0] for p in pairs})
    if len(faces) < 7:
        faces = list(range(34))
    chosen = rng.sample(faces, 7)
    if rng.random() < 0.15:
        chosen[6] = chosen[0]
    return tuple(t for k in chosen for t in (k, k))


def _seven_shifted_pairs(rng: random.Random) -> Tiles:
    """连七对 (番种 6): seven consecutive pairs of one suit."""
    start = 9 * rng.randrange(3) + rng.randrange(3)
    return tuple(t for k in range(start, start + 7) for t in (k, k))


def _thirteen_orphans(rng: random.Random) -> Tiles:
    """十三幺 (番种 7): one of each terminal and honour and a second of one of them."""
    return (*ORPHANS, rng.choice(ORPHANS))


def _honours_and_knitted(rng: random.Random) -> Tiles:
    """全不靠 (番种 34): fourteen singles of one 组合龙's nine and the seven honours; 七星不靠 (番种 20)
    when all seven honours are there."""
    honours = rng.choice((5, 6, 7, 7))
    return (*rng.sample(rng.choice(KNITTED), 14 - honours), *rng.sample(HONOURS, honours))


def _nine_gates(rng: random.Random) -> Tiles:
    """九莲宝灯 (番种 4): 1112345678999 of one suit and one more of it."""
    base = 9 * rng.randrange(3)
    return (*(base + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)), base + rng.randrange(9))


_WHOLE_HAND: dict[str, Callable[[random.Random], Tiles]] = {
    "seven_pairs": _seven_pairs,
    "seven_shifted_pairs": _seven_shifted_pairs,
    "thirteen_orphans": _thirteen_orphans,
    "honours_and_knitted": _honours_and_knitted,
    "nine_gates": _nine_gates,
}


def _circumstances(rng: random.Random, concealed: Tiles, melds: tuple[Meld, ...]) -> WinContext:
    """The win's tile, seats and flags, consistent with the table (see the module's docstring)."""
    winning = rng.choice(concealed)
    hand = list(concealed)
    hand.remove(winning)
    hand.append(winning)
    winner = rng.randrange(4)
    seat_wind = rng.choice(WINDS)
    dealer = (winner - (seat_wind - EAST)) % 4
    others = [(winner + step) % 4 for step in (1, 2, 3)]
    left = (winner + 3) % 4
    sources = tuple(
        None if m.kind is MeldKind.ANKAN else left if m.kind is MeldKind.CHI else rng.choice(others)
        for m in melds
    )
    self_drawn = rng.random() < 0.45
    in_hand = hand[:-1].count(winning)
    shown = sum(m.tiles.count(winning) for m in melds)
    kongs = any(m.is_kong for m in melds)
    event = rng.choices(("none", "last", "kong"), (80, 8, 12))[0]
    after_kong = event == "kong" and self_drawn and kongs
    robbing = event == "kong" and not self_drawn and in_hand + shown == 0
    last_copy = shown == 3 or robbing or (in_hand == 0 and rng.random() < 0.15)
    flowers = tuple(sorted(rng.sample(FLOWERS, rng.choices(range(9), (50, 20, 12, 6, 4, 3, 2, 2, 1))[0])))
    return WinContext(
        concealed=tuple(hand),
        melds=melds,
        winning_tile=winning,
        winner=winner,
        discarder=None if self_drawn else rng.choice(others),
        prevalent_wind=rng.choice(WINDS),
        seat_wind=seat_wind,
        dealer=dealer,
        meld_sources=sources,
        flowers=flowers,
        last_copy=last_copy,
        last_of_wall=event == "last",
        after_kong=after_kong,
        robbing_kong=robbing,
    )
