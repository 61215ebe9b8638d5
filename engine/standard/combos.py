"""The fans sets make together, counted under the principles 不拆移, 不得相同 and 套算一次
(spec 002 【番数计算规则】 2, 3, 5) and 就高不就低 (4).

A combination fan takes two or more of a hand's sets (一般高, 清龙, 三同刻, 大三元 …), some with the
pair (一色双龙会, 小三元).  Of the instances a hand's sets allow, the counted ones are the most
valuable choice in which

* no counted instance lies within the sets of another (不拆移: a fan's own sets are not split
  into a new fan);
* no set counts twice in one fan (不得相同);
* taken in some order, each instance brings at most one set that an earlier one used (套算一次:
  a set not yet combined combines once with one that was).

Single-set fans (箭刻, 圈风刻, 门风刻, 幺九刻) are each pung's own, counted per pung; a pung that
counts 圈风刻, 门风刻 or lies in a 三风刻 is not also a 幺九刻 (不重复).  The answers depend only
on the sets, so each is worked out once and kept, as a :class:`engine.standard.tally.Tally`: per
multiset of chows (the three suits in any order as one), per set of number pungs (likewise) and
per set of honour pungs with the pair — at most about 12,600, 20,900 and 800 entries.
"""

from __future__ import annotations

from itertools import combinations, pairwise
from typing import Final

from engine.standard import fans as F
from engine.standard.tally import Tally

PAIR = 4
"""The member index of the pair in a combination."""

_Instance = tuple[int, int]
"""A fan number and the bit mask of the members it takes."""

_CHOWS: dict[int, Tally] = {}
_NUMBER_PUNGS: dict[int, Tally] = {}
_HONOUR_PUNGS: dict[int, HonourPungs] = {}


def _suit(k: int) -> int:
    return k // 9


def _rank(k: int) -> int:
    return k % 9


def _steps(ranks: list[int], step: int) -> bool:
    return all(b - a == step for a, b in pairwise(ranks))


def _chow_pair(a: int, b: int) -> int:
    """The two-chow fan of chows starting at ``a`` and ``b`` (0: none)."""
    if _suit(a) != _suit(b):
        return F.MIXED_DOUBLE_CHOW if _rank(a) == _rank(b) else 0
    if a == b:
        return F.PURE_DOUBLE_CHOW
    if abs(a - b) == 3:
        return F.SHORT_STRAIGHT
    return F.TWO_TERMINAL_CHOWS if {_rank(a), _rank(b)} == {0, 6} else 0


def _chow_triple(starts: tuple[int, ...]) -> int:
    ordered = sorted(starts)
    suits = {_suit(k) for k in ordered}
    ranks = sorted(_rank(k) for k in ordered)
    if len(suits) == 3:
        if ranks == [0, 3, 6]:
            return F.MIXED_STRAIGHT
        if ranks[0] == ranks[2]:
            return F.MIXED_TRIPLE_CHOW
        return F.MIXED_SHIFTED_CHOWS if _steps(ranks, 1) else 0
    if len(suits) == 1:
        if ranks == [0, 3, 6]:
            return F.PURE_STRAIGHT
        if ranks[0] == ranks[2]:
            return F.PURE_TRIPLE_CHOW
        return F.PURE_SHIFTED_CHOWS if _steps(ranks, 1) or _steps(ranks, 2) else 0
    return 0


def _chow_quad(starts: tuple[int, ...]) -> int:
    if len({_suit(k) for k in starts}) != 1:
        return 0
    ranks = sorted(_rank(k) for k in starts)
    if ranks[0] == ranks[3]:
        return F.QUADRUPLE_CHOW
    return F.FOUR_PURE_SHIFTED_CHOWS if _steps(ranks, 1) or _steps(ranks, 2) else 0


def _dragon_chows(starts: tuple[int, ...], pair: int) -> int:
    """一色双龙会 / 三色双龙会: two 老少副 and a pair of fives (rows 13, 29)."""
    if pair >= 27 or _rank(pair) != 4:
        return 0
    by_suit: dict[int, list[int]] = {}
    for k in starts:
        if _rank(k) not in (0, 6):
            return 0
        by_suit.setdefault(_suit(k), []).append(_rank(k))
    shapes = sorted(sorted(r) for r in by_suit.values())
    if shapes == [[0, 0, 6, 6]] and _suit(starts[0]) == _suit(pair):
        return F.PURE_TERMINAL_CHOWS
    if shapes == [[0, 6], [0, 6]] and _suit(pair) not in by_suit:
        return F.THREE_SUITED_TERMINAL_CHOWS
    return 0


def _chow_instances(starts: tuple[int, ...], pair: int) -> list[_Instance]:
    found: list[_Instance] = []
    members = range(len(starts))
    for size, judge in ((2, None), (3, _chow_triple), (4, _chow_quad)):
        for chosen in combinations(members, size):
            picked = tuple(starts[i] for i in chosen)
            fan = _chow_pair(*picked) if judge is None else judge(picked)
            if fan:
                found.append((fan, sum(1 << i for i in chosen)))
    if len(starts) == 4 and pair >= 0:
        fan = _dragon_chows(starts, pair)
        if fan:
            found.append((fan, 0b11111))
    return found


def _pung_pair(a: int, b: int) -> int:
    if a < 27 and b < 27:
        return F.DOUBLE_PUNG if _rank(a) == _rank(b) else 0
    return F.TWO_DRAGON_PUNGS if a >= 31 and b >= 31 else 0


def _pung_triple(kinds: tuple[int, ...]) -> int:
    ordered = sorted(kinds)
    if ordered[2] < 27:
        suits = {_suit(k) for k in ordered}
        ranks = sorted(_rank(k) for k in ordered)
        if len(suits) == 3:
            if ranks[0] == ranks[2]:
                return F.TRIPLE_PUNG
            return F.MIXED_SHIFTED_PUNGS if _steps(ranks, 1) else 0
        return F.PURE_SHIFTED_PUNGS if len(suits) == 1 and _steps(ranks, 1) else 0
    if all(27 <= k < 31 for k in ordered):
        return F.BIG_THREE_WINDS
    return F.BIG_THREE_DRAGONS if ordered[0] >= 31 else 0


def _pung_quad(kinds: tuple[int, ...]) -> int:
    ordered = sorted(kinds)
    if ordered[3] < 27 and len({_suit(k) for k in ordered}) == 1 and _steps(ordered, 1):
        return F.FOUR_PURE_SHIFTED_PUNGS
    return F.BIG_FOUR_WINDS if ordered == [27, 28, 29, 30] else 0


def _pung_instances(kinds: tuple[int, ...], pair: int) -> list[_Instance]:
    found: list[_Instance] = []
    members = range(len(kinds))
    for size, judge in ((2, None), (3, _pung_triple), (4, _pung_quad)):
        for chosen in combinations(members, size):
            picked = tuple(kinds[i] for i in chosen)
            fan = _pung_pair(*picked) if judge is None else judge(picked)
            if fan:
                found.append((fan, sum(1 << i for i in chosen)))
    bit = 1 << PAIR
    winds = [i for i in members if 27 <= kinds[i] < 31]
    dragons = [i for i in members if kinds[i] >= 31]
    if 27 <= pair < 31 and len(winds) == 3:
        found.append((F.LITTLE_FOUR_WINDS, bit | sum(1 << i for i in winds)))
    if pair >= 31 and len(dragons) == 2:
        found.append((F.LITTLE_THREE_DRAGONS, bit | sum(1 << i for i in dragons)))
    return found


def _best(found: list[_Instance]) -> list[_Instance]:
    """The most valuable choice of ``found`` the three principles allow (module docstring); of
    choices worth the same, the one with the fans higher in the table (一般高 before 喜相逢 before
    连六 before 老少副)."""
    instances = sorted(found)
    best: list[_Instance] = []
    best_value = 0

    def extend(start: int, chosen: list[_Instance], used: int, value: int) -> None:
        nonlocal best, best_value
        if value > best_value:
            best, best_value = list(chosen), value
        for i in range(start, len(instances)):
            fan, mask = instances[i]
            if _allowed(fan, mask, chosen, used):
                chosen.append((fan, mask))
                extend(i + 1, chosen, used | mask, value + F.VALUES[fan])
                chosen.pop()

    extend(0, [], 0, 0)
    return best


def _allowed(fan: int, mask: int, chosen: list[_Instance], used: int) -> bool:
    for other, other_mask in chosen:
        if mask & other_mask in (mask, other_mask) or (other == fan and mask & other_mask):
            return False
    return (mask & used).bit_count() <= 1 or _orderable([m for _, m in chosen] + [mask], 0)


def _orderable(masks: list[int], used: int) -> bool:
    """Whether ``masks`` can be taken in an order in which each brings at most one used set."""
    if not masks:
        return True
    for index, mask in enumerate(masks):
        if (mask & used).bit_count() <= 1 and _orderable(masks[:index] + masks[index + 1 :], used | mask):
            return True
    return False


def _tally(chosen: list[_Instance]) -> dict[int, int]:
    tally: dict[int, int] = {}
    for fan, _ in chosen:
        tally[fan] = tally.get(fan, 0) + 1
    return tally


_SUIT_CHOWS: Final = 5**7
"""The chow numbers of one suit's chows (seven base-5 digits)."""
_SUIT_PUNGS: Final = 0x1FF


def _canonical(first: int, second: int, third: int, scale: int) -> int:
    """The three suits' parts of a hand's sets, largest first: the fans of number sets do not
    depend on which suit is which (mixed fans ask for three suits, pure ones for one), so the sets
    of the three suits in any order are kept as one."""
    if first < second:
        first, second = second, first
    if second < third:
        second, third = third, second
        if first < second:
            first, second = second, first
    return first + (second + third * scale) * scale


def chow_fans(chows: int, five: int) -> Tally:
    """The combination fans of a hand's chows, given as their chow number
    (``engine.standard.decompose.CHOW_UNIT`` summed), with ``five`` the suit of a pair of fives plus
    one when the four chows are 老少副 that may make a 双龙会 with it (0 otherwise)."""
    if not five:
        chows = _canonical(
            chows % _SUIT_CHOWS, chows // _SUIT_CHOWS % _SUIT_CHOWS, chows // _SUIT_CHOWS**2, _SUIT_CHOWS
        )
    key = chows << 2 | five
    known = _CHOWS.get(key)
    if known is None:
        starts: list[int] = []
        for index in range(21):
            starts += [9 * (index // 7) + index % 7] * (chows % 5)
            chows //= 5
        pair = 9 * (five - 1) + 4 if five else -1
        known = Tally.of(_tally(_best(_chow_instances(tuple(starts), pair))).items())
        _CHOWS[key] = known
    return known


def number_pung_fans(pungs: int) -> Tally:
    """The fans of a hand's pungs and kongs of number tiles, given as a bit mask of kinds:
    三同刻, 节高 and 双同刻 among them and each pung's own 幺九刻."""
    pungs = _canonical(pungs & _SUIT_PUNGS, pungs >> 9 & _SUIT_PUNGS, pungs >> 18, _SUIT_PUNGS + 1)
    known = _NUMBER_PUNGS.get(pungs)
    if known is None:
        kinds = tuple(k for k in range(27) if pungs >> k & 1)
        tally = _tally(_best(_pung_instances(kinds, -1)))
        terminals = sum(1 for k in kinds if _rank(k) in (0, 8))
        if terminals:
            tally[F.PUNG_OF_TERMINALS_OR_HONORS] = terminals
        known = Tally.of(tally.items())
        _NUMBER_PUNGS[pungs] = known
    return known


class HonourPungs:
    """The fans of a hand's honour pungs that do not depend on the winds of the round and the
    seat — 大四喜, 大三元, 小四喜, 小三元, 三风刻, 双箭刻 and each dragon pung's 箭刻 — and the
    wind pungs (bits of the four winds) that count 幺九刻 unless they count 圈风刻 or 门风刻: those
    not in a 三风刻."""

    def __init__(self, fans: Tally, plain_winds: int) -> None:
        self.fans = fans
        self.plain_winds = plain_winds


def honour_pung_fans(pungs: int, pair: int) -> HonourPungs:
    """The fans of a hand's pungs and kongs of honours, given as a bit mask of the seven faces, with
    the pair ``pair``.  Number pungs make no fan with honour ones (a combination's sets are all
    numbers or all honours), so the two are counted apart."""
    key = pungs << 3 | (pair - 26 if pair >= 27 else 0)
    known = _HONOUR_PUNGS.get(key)
    if known is None:
        kinds = tuple(27 + face for face in range(7) if pungs >> face & 1)
        chosen = _best(_pung_instances(kinds, pair if pair >= 27 else -1))
        tally = _tally(chosen)
        dragons = sum(1 for k in kinds if k >= 31)
        if dragons:
            tally[F.DRAGON_PUNG] = dragons
        in_winds = sum(m for fan, m in chosen if fan == F.BIG_THREE_WINDS)
        plain = sum(1 << k - 27 for i, k in enumerate(kinds) if k < 31 and not in_winds >> i & 1)
        known = HonourPungs(Tally.of(tally.items()), plain)
        _HONOUR_PUNGS[key] = known
    return known
