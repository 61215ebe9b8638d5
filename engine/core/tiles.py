"""The 144-tile set of Hextech Mahjong and its notation (spec README; spec 002 【麻将牌】).

A tile *kind* is a small int:

* ``0..8``   万 characters ``1m..9m``
* ``9..17``  筒 dots ``1p..9p``
* ``18..26`` 条 bamboo ``1s..9s``
* ``27..33`` honours ``1z..7z``: 东 南 西 北 白 发 中
* ``34..41`` flowers ``1f..8f``: 春 夏 秋 冬 梅 兰 竹 菊

The wall holds four copies of each of the 34 suited/honour kinds and one of
each flower: 144 tiles.  A tile *instance* (``0..143``) names one physical
tile: ``kind * 4 + copy`` for the 136 ordinary tiles, ``136 + n`` for flower
``n``.  Cards that reveal or track particular copies (B-09, O-N01, F-S01) use
instances; hand analysis uses kinds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final

NUM_KINDS: Final = 34
NUM_FLOWERS = 8
ALL_KINDS = NUM_KINDS + NUM_FLOWERS
NUM_INSTANCES = 144


class Suit(StrEnum):
    """The notation letter of each family of tiles."""

    MAN = "m"
    PIN = "p"
    SOU = "s"
    HONOR = "z"
    FLOWER = "f"


NUMBER_SUITS: tuple[Suit, ...] = (Suit.MAN, Suit.PIN, Suit.SOU)
_SUIT_BASE = {Suit.MAN: 0, Suit.PIN: 9, Suit.SOU: 18, Suit.HONOR: 27, Suit.FLOWER: 34}
_SUIT_SIZE = {Suit.MAN: 9, Suit.PIN: 9, Suit.SOU: 9, Suit.HONOR: 7, Suit.FLOWER: 8}
_LETTER_SUITS = {suit.value: suit for suit in Suit}
_DIGITS: Final = "0123456789"
"""Each notation letter's family: a lookup, so that a word that is no tile is refused cheaply."""
_SUIT_CN = {Suit.MAN: "万", Suit.PIN: "筒", Suit.SOU: "条"}
_DIGIT_CN = "一二三四五六七八九"
HONOR_NAMES = ("东", "南", "西", "北", "白", "发", "中")
HONOR_LONG_NAMES = ("东风", "南风", "西风", "北风", "白板", "发财", "红中")
FLOWER_NAMES = ("春", "夏", "秋", "冬", "梅", "兰", "竹", "菊")

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS: tuple[int, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[int, ...] = (WHITE, GREEN, RED)
TERMINALS: tuple[int, ...] = (0, 8, 9, 17, 18, 26)
_TERMINAL_SET = frozenset(TERMINALS)
ORPHANS: Final[tuple[int, ...]] = (*TERMINALS, *WINDS, *DRAGONS)
SEASONS: tuple[int, ...] = (34, 35, 36, 37)
GENTLEMEN: tuple[int, ...] = (38, 39, 40, 41)


class TileSyntaxError(ValueError):
    """A tile string that does not follow the notation; names the position and character."""

    def __init__(self, text: str, position: int, problem: str) -> None:
        self.text = text
        self.position = position
        self.problem = problem
        shown = text[position] if position < len(text) else "end of text"
        super().__init__(f"{problem}: {shown!r} at position {position + 1} of {text!r}")


def kind(suit: Suit, number: int) -> int:
    """The kind of the ``number``-th tile (1-based) of ``suit``."""
    if not 1 <= number <= _SUIT_SIZE[suit]:
        raise ValueError(f"{suit.value} has no tile {number}")
    return _SUIT_BASE[suit] + number - 1


def suit_of(k: int) -> Suit:
    """The suit of kind ``k``."""
    if 0 <= k < ALL_KINDS:
        return _SUIT_OF[k]
    return _suit_by_range(k)


def _suit_by_range(k: int) -> Suit:
    if k < 9:
        return Suit.MAN
    if k < 18:
        return Suit.PIN
    if k < 27:
        return Suit.SOU
    if k < 34:
        return Suit.HONOR
    return Suit.FLOWER


def number_of(k: int) -> int:
    """The printed number of kind ``k`` (1-based; honours and flowers count within their family)."""
    if 0 <= k < ALL_KINDS:
        return _NUMBER_OF[k]
    return k - _SUIT_BASE[_suit_by_range(k)] + 1


_SUIT_OF = tuple(_suit_by_range(k) for k in range(ALL_KINDS))
_NUMBER_OF = tuple(k - _SUIT_BASE[suit] + 1 for k, suit in enumerate(_SUIT_OF))


def is_number(k: int) -> bool:
    """A 万, 筒 or 条 tile."""
    return 0 <= k < 27


def is_honor(k: int) -> bool:
    """A wind or dragon (字牌, spec 002 术语 八)."""
    return 27 <= k < 34


def is_wind(k: int) -> bool:
    """东 南 西 北."""
    return 27 <= k < 31


def is_dragon(k: int) -> bool:
    """白 发 中 (三元牌)."""
    return 31 <= k < 34


def is_terminal(k: int) -> bool:
    """A one or nine of a number suit (幺九 number tile; with the honours the 幺九牌 of spec 002 术语 九)."""
    return k in _TERMINAL_SET


def is_flower(k: int) -> bool:
    """One of the eight flowers."""
    return 34 <= k < 42


def kind_of_instance(instance: int) -> int:
    """The kind of physical tile ``instance``."""
    if instance >= 136:
        return 34 + instance - 136
    return instance // 4


def instances_of(k: int) -> tuple[int, ...]:
    """The physical tiles of kind ``k``: four copies, or one for a flower."""
    if is_flower(k):
        return (136 + k - 34,)
    return tuple(range(k * 4, k * 4 + 4))


def full_set() -> list[int]:
    """All 144 tile instances in kind order."""
    return list(range(NUM_INSTANCES))


def parse(text: str) -> list[int]:
    """Parse compact notation (``123m456p789s1122z``, ``1234f``) into kinds, in written order.

    Whitespace is ignored.  A digit outside a family's range or a stray
    character raises :class:`TileSyntaxError` naming it and its position.
    """
    kinds: list[int] = []
    pending: list[tuple[int, int]] = []
    for position, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch in _DIGITS:
            pending.append((position, int(ch)))
            continue
        suit = _LETTER_SUITS.get(ch)
        if suit is None:
            raise TileSyntaxError(text, position, "unknown character")
        if not pending:
            raise TileSyntaxError(text, position, "suit letter without digits")
        for digit_pos, digit in pending:
            if not 1 <= digit <= _SUIT_SIZE[suit]:
                raise TileSyntaxError(text, digit_pos, f"no such tile in suit {suit.value}")
            kinds.append(_SUIT_BASE[suit] + digit - 1)
        pending.clear()
    if pending:
        raise TileSyntaxError(text, len(text), "digits without a suit letter")
    return kinds


def parse_one(text: str) -> int:
    """Parse exactly one tile, e.g. ``5m``; a face written as :func:`format_one` writes it is looked
    up rather than parsed."""
    known = _ONE.get(text)
    if known is not None:
        return known
    kinds = parse(text)
    if len(kinds) != 1:
        raise TileSyntaxError(text, 0, f"expected one tile, found {len(kinds)}")
    return kinds[0]


def read_one(text: str) -> int | None:
    """The one tile ``text`` names, as :func:`parse_one` reads it, or ``None`` when it names no single
    tile: a text without a digit is none, and is turned away without being parsed."""
    known = _ONE.get(text)
    if known is not None:
        return known
    if not any(ch in _DIGITS for ch in text):
        return None
    try:
        return parse_one(text)
    except TileSyntaxError:
        return None


def format_tiles(kinds: Iterable[int]) -> str:
    """Format kinds in compact notation, sorted by kind, suits grouped: ``[0, 1, 2, 27] -> '123m1z'``."""
    by_suit: dict[Suit, list[int]] = {}
    for k in sorted(kinds):
        by_suit.setdefault(suit_of(k), []).append(number_of(k))
    return "".join("".join(map(str, nums)) + suit.value for suit, nums in by_suit.items())


def format_one(k: int) -> str:
    """One tile in notation, e.g. ``5m``."""
    if 0 <= k < ALL_KINDS:
        return FACES[k]
    return _notation(k)


def _notation(k: int) -> str:
    return f"{number_of(k)}{suit_of(k).value}"


FACES: Final[tuple[str, ...]] = tuple(_notation(k) for k in range(ALL_KINDS))
"""Each kind in notation, once (``5m``, ``7z``, ``1f``)."""


def name(k: int) -> str:
    """The Chinese name the card library uses: 一万, 七筒, 八条, 东, 红中, 春."""
    suit = suit_of(k)
    if suit in _SUIT_CN:
        return _DIGIT_CN[number_of(k) - 1] + _SUIT_CN[suit]
    if suit is Suit.HONOR:
        return HONOR_LONG_NAMES[k - 27] if is_dragon(k) else HONOR_NAMES[k - 27]
    return FLOWER_NAMES[k - 34]


def counts(kinds: Iterable[int]) -> list[int]:
    """A count vector of length 34 (flowers are not counted)."""
    vec = [0] * NUM_KINDS
    for k in kinds:
        if k < NUM_KINDS:
            vec[k] += 1
    return vec


def from_counts(vec: Sequence[int]) -> list[int]:
    """The kinds of a count vector, in kind order."""
    return [k for k, n in enumerate(vec) for _ in range(n)]


INSTANCE_KINDS: Final[tuple[int, ...]] = tuple(kind_of_instance(i) for i in range(NUM_INSTANCES))
"""The kind of each tile instance, looked up rather than computed (``INSTANCE_KINDS[i]``)."""

INSTANCE_SPANS: Final[tuple[tuple[int, int], ...]] = tuple(
    (instances_of(k)[0], instances_of(k)[-1]) for k in range(ALL_KINDS)
)
"""The first and the last instance of each kind, whose instances are consecutive (:func:`instances_of`)."""

_ONE: dict[str, int] = {format_one(k): k for k in range(ALL_KINDS)}
"""Every tile's canonical notation (``5m``, ``1f``) and its kind, for :func:`parse_one`."""
