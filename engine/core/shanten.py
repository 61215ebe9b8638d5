"""Shanten (向听数): how many tile exchanges a hand is from waiting, for bots (standard rules 术语 十四).

``-1`` is a complete hand, ``0`` a waiting hand (听牌).  The value is the
least over the standard form, seven pairs (four identical undeclared tiles are
two pairs, docs/rulings.md) and thirteen orphans; the last two only
without declared melds.  Grants are not considered.

The standard form uses the classic count: with ``m`` sets, ``t`` partial sets
(two tiles of a set; at most ``4 - m`` count) and ``p`` = 1 when a pair serves
as the pair, shanten = ``8 - 2m - t - p``.  Each suit's achievable
``(m, t, p)`` are searched once per suit shape (its tiles slid to one end, a
number suit read from the nearer end, an honour suit's counts sorted) and
cached; a hand then folds its four suits.  A bot weighing draws or discards
keeps one hand's suit readings (:class:`DrawShanten`, :class:`DiscardShanten`)
and refolds only the suit a tile changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import TypeVar

from engine.core.errors import InputError
from engine.core.tiles import NUM_KINDS, ORPHANS, format_one

_Triple = tuple[int, int, int]
_Readings = frozenset[_Triple]
_CACHED = 1 << 15
"""The size of each cache of suit readings and their folds (bounded, so a long simulation's memory
stays flat): a full cache is emptied and fills again.  The caches are plain dictionaries, read with
``dict.get``: compiled, a hit is a native look-up, where an ``lru_cache`` call built, hashed and
freed a tuple of its arguments and kept its recency list (issue 33 item 7)."""
_K = TypeVar("_K")
_V = TypeVar("_V")
_NEAR: dict[bytes, bytes] = {}
_FOLDS_OF_THREE: dict[tuple[_Readings, _Readings, _Readings, _Readings], _Readings] = {}
_LESS: dict[tuple[bytes, int], _Readings] = {}
_MORE: dict[tuple[bytes, int], _Readings] = {}
_STANDARD_VALUES: dict[tuple[_Readings, _Readings], int] = {}
_VALUES: dict[_Readings, int] = {}
_FOLDS: dict[tuple[_Readings, _Readings], _Readings] = {}
_NUMBER_OPTIONS: dict[bytes, _Readings] = {}
_HONOUR_OPTIONS: dict[bytes, _Readings] = {}
_NUMBER_SHAPES: dict[bytes, _Readings] = {}
_HONOUR_SHAPES: dict[bytes, _Readings] = {}
"""The caches, one per function; a suit's key or shape is read apart for number and honour suits
(one shape may be either), and a key of 9 faces is a number suit's, of 7 an honour suit's."""
_START = tuple(frozenset({(n, 0, 0)}) for n in range(5))
_DISTINCT: dict[_Readings, _Readings] = {frozenset({(0, 0, 0)}): _START[0]}
"""Each distinct set of readings once (a few thousand occur, against hundreds of thousands of suit
keys), so that equal sets are one object: the caches hold references, and equal arguments are found
at once."""
_NOTHING = _START[0]
"""The one reading of a suit with no tiles."""
_orphan_counts = itemgetter(*ORPHANS)
_OTHER_SUITS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))
_SUIT_OF = tuple(min(k // 9, 3) for k in range(NUM_KINDS))
_PLACE = tuple(k - 9 * _SUIT_OF[k] for k in range(NUM_KINDS))
"""Where each face stands in its suit's key."""
_ORPHAN_SET = frozenset(ORPHANS)
_PAIRS = (0, 0, 1, 1, 2)
"""Pairs that ``n`` copies of a face make towards seven pairs."""
_BEYOND = 14
"""Above any shanten: the seven-pairs and thirteen-orphans shanten of a hand with melds, which may
take neither form."""
_NO_PAIRS = -8 * _BEYOND
_NO_ORPHANS = 8 * _BEYOND
"""The pairs and missing orphans a reading holds for a form it leaves out (a rule set without seven
pairs or thirteen orphans): the form's shanten stays above any other whatever a tile changes."""
_EVERY_FACE = b"\1" * NUM_KINDS
"""Every face, where a draw of any may help."""


def shanten(concealed: Iterable[int], n_melds: int = 0) -> int:
    """The shanten of concealed tiles (``13 - 3 * n_melds`` or one more) beside ``n_melds`` melds.

    Raises :class:`engine.core.errors.InputError` for a flower, a fifth copy of a face, more than four
    melds or a tile count that does not fit them.
    """
    counts = [0] * NUM_KINDS
    given: Iterable[object] = concealed  # checked one by one, as an untyped caller may pass anything
    for t in given:
        if not (isinstance(t, int) and 0 <= t < NUM_KINDS):
            raise InputError(f"shanten: tile {t!r} is not a suit or honour tile (a flower is set aside)")
        counts[t] += 1
    if not 0 <= n_melds <= 4 or sum(counts) not in (13 - 3 * n_melds, 14 - 3 * n_melds):
        raise InputError(f"shanten: {sum(counts)} concealed tiles do not fit {n_melds} melds")
    if max(counts) > 4:
        over = counts.index(max(counts))
        raise InputError(f"shanten: {counts[over]} copies of {format_one(over)}; the set has 4")
    return shanten_counts(counts, n_melds)


def shanten_counts(counts: Sequence[int], n_melds: int = 0) -> int:
    """:func:`shanten` on a count vector of 34 kinds; trusted input, the fast path for bots."""
    key = bytes(counts)
    parts = _parts(_suit_keys(key))
    best = _standard_value(_others(parts, 3, n_melds), parts[3])
    if n_melds == 0:
        best = min(best, _seven_pairs(key), _thirteen_orphans(key))
    return best


def standard_shanten(counts: Sequence[int], n_melds: int) -> int:
    """The shanten of a count vector toward the standard form alone (four sets and a pair), beside
    ``n_melds`` sets already made (at most four)."""
    parts = _parts(_suit_keys(bytes(counts)))
    return _standard_value(_others(parts, 3, n_melds), parts[3])


def shanten_after_discards(counts: Sequence[int], n_melds: int, faces: Iterable[int]) -> list[int]:
    """:func:`shanten_counts` of ``counts`` less one tile of each face in ``faces``, in order (a bot
    weighing its discards); see :class:`DiscardShanten`."""
    after = DiscardShanten(counts, n_melds)
    return [after[k] for k in faces]


class _Reading(dict[int, int]):
    """A hand's suit readings and its seven-pairs and thirteen-orphans counts, kept to work out the
    shanten of the hand changed by a tile, by face (``self[k]``, each on first use).  The suits a
    change leaves alone are folded once per suit; seven pairs and thirteen orphans are adjusted for
    the faces that change, and only where they may come below the standard form: a tile changes
    either by at most one.  ``seven_pairs`` or ``thirteen_orphans`` false leaves that form out (a
    rule set that has no such win, :mod:`engine.core.aim`)."""

    __slots__ = (
        "_doubled",
        "_forms",
        "_key",
        "_missing",
        "_n_melds",
        "_others",
        "_pairs",
        "_parts",
        "_suits",
    )

    def __init__(
        self, counts: Sequence[int], n_melds: int, seven_pairs: bool = True, thirteen_orphans: bool = True
    ) -> None:
        self._key = key = bytes(counts)
        self._n_melds = n_melds
        self._suits = suits = _suit_keys(key)
        self._parts = _parts(suits)
        self._others: list[_Readings | None] = [None, None, None, None]
        self._pairs = _pairs(key) if seven_pairs else _NO_PAIRS
        self._missing, self._doubled = _orphans(key)
        if not thirteen_orphans:
            self._missing = _NO_ORPHANS
        self._forms = (
            _BEYOND if n_melds else min(6 - min(7, self._pairs), self._missing - (self._doubled > 0))
        )

    def own(self) -> int:
        """The shanten of the hand itself."""
        return min(_standard_value(self._rest(3), self._parts[3]), self._forms)

    def _rest(self, suit: int) -> _Readings:
        """The readings of the melds and the other three suits, folded once."""
        rest = self._others[suit]
        if rest is None:
            rest = self._others[suit] = _others(self._parts, suit, self._n_melds)
        return rest


class DiscardShanten(_Reading):
    """:func:`shanten_counts` of one hand less one tile, by the face discarded (``after[k]``, a face
    the hand holds), each worked out on first use (a bot weighing its discards)."""

    __slots__ = ()

    def __missing__(self, k: int) -> int:
        suit = _SUIT_OF[k]
        rest = self._others[suit] or self._rest(suit)
        best = _standard_value(rest, _options_less(self._suits[suit], _PLACE[k], suit < 3))
        if self._forms < best:
            n = self._key[k]
            missing, doubled = self._missing, self._doubled
            if k in _ORPHAN_SET:
                missing += n == 1
                doubled -= n == 2
            best = min(best, 6 - min(7, self._pairs - _PAIRS[n] + _PAIRS[n - 1]), missing - (doubled > 0))
        self[k] = best
        return best


class DrawShanten(_Reading):
    """:func:`shanten_counts` of one hand plus one tile, by the face drawn (``draws[k]``), each worked
    out on first use (a bot's playouts draw to the same hand again and again), and of the hand after
    a draw and a discard (:meth:`after_swap`).  A face is drawn only while fewer than four of it are
    held."""

    __slots__ = ()

    def __missing__(self, k: int) -> int:
        suit = _SUIT_OF[k]
        rest = self._others[suit] or self._rest(suit)
        best = _standard_value(rest, _options_more(self._suits[suit], _PLACE[k], suit < 3))
        if self._forms <= best:
            n = self._key[k]
            missing, doubled = self._missing, self._doubled
            if k in _ORPHAN_SET:
                missing -= n == 0
                doubled += n == 1
            best = min(best, 6 - min(7, self._pairs - _PAIRS[n] + _PAIRS[n + 1]), missing - (doubled > 0))
        self[k] = best
        return best

    def reach(self, level: int) -> bytes:
        """For each face, nonzero when a draw of it may leave the hand below shanten ``level`` (at most
        the hand's own): a face within two of a held tile of its number suit, a held honour, and, while
        thirteen orphans is within a tile of ``level``, every face.  Any other draw joins no set,
        partial set or pair, so it leaves every reading as it is and the shanten at ``level`` or
        above."""
        if not self._n_melds and self._missing - (self._doubled > 0) <= level:
            return _EVERY_FACE
        suits = self._suits
        return _near(suits[0]) + _near(suits[1]) + _near(suits[2]) + suits[3]

    def after_swap(self, drawn: int, discarded: int) -> int:
        """The shanten of the hand plus a tile ``drawn`` and less one ``discarded`` (a draw kept and a
        tile it holds thrown)."""
        key = self._key
        suit, lost = _SUIT_OF[drawn], _SUIT_OF[discarded]
        if suit == lost:
            own = bytearray(self._suits[suit])
            own[_PLACE[drawn]] += 1
            own[_PLACE[discarded]] -= 1
            best = _standard_value(self._rest(suit), _options(bytes(own), suit < 3))
        else:
            parts = list(self._parts)
            parts[suit] = _options_more(self._suits[suit], _PLACE[drawn], suit < 3)
            less = _options_less(self._suits[lost], _PLACE[discarded], lost < 3)
            best = _standard_value(_others(parts, lost, self._n_melds), less)
        if self._forms > best:
            return best
        n = key[drawn]
        held = key[discarded] + (drawn == discarded)
        pairs = self._pairs - _PAIRS[n] + _PAIRS[n + 1] - _PAIRS[held] + _PAIRS[held - 1]
        missing, doubled = self._missing, self._doubled
        if drawn in _ORPHAN_SET:
            missing -= n == 0
            doubled += n == 1
        if discarded in _ORPHAN_SET:
            missing += held == 1
            doubled -= held == 2
        return min(best, 6 - min(7, pairs), missing - (doubled > 0))


def _kept(cache: dict[_K, _V], key: _K, value: _V) -> _V:
    """``value`` stored in ``cache`` under ``key``, the cache emptied first when full."""
    if len(cache) >= _CACHED:
        cache.clear()
    cache[key] = value
    return value


def _near(key: bytes) -> bytes:
    """For each face of a number suit, 1 when a tile of the suit is held within two of it."""
    near = _NEAR.get(key)
    if near is None:
        near = _kept(_NEAR, key, bytes(any(key[max(i - 2, 0) : i + 3]) for i in range(len(key))))
    return near


def _suit_keys(key: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    """The keys of a hand's four suits."""
    return key[0:9], key[9:18], key[18:27], key[27:34]


def _parts(suits: tuple[bytes, bytes, bytes, bytes]) -> tuple[_Readings, _Readings, _Readings, _Readings]:
    """The readings of a hand's four suits."""
    return (
        _options(suits[0], True),
        _options(suits[1], True),
        _options(suits[2], True),
        _options(suits[3], False),
    )


def _others(parts: Sequence[_Readings], suit: int, n_melds: int) -> _Readings:
    """The readings of the hand's melds and every suit but ``suit``, folded."""
    first, second, third = _OTHER_SUITS[suit]
    return _fold_three(_START[n_melds], parts[first], parts[second], parts[third])


def _fold_three(acc: _Readings, first: _Readings, second: _Readings, third: _Readings) -> _Readings:
    key = (acc, first, second, third)
    folded = _FOLDS_OF_THREE.get(key)
    if folded is None:
        folded = _kept(_FOLDS_OF_THREE, key, _fold(_fold(_fold(acc, first), second), third))
    return folded


def _pairs(key: bytes) -> int:
    """The pairs a hand makes towards seven pairs (four of a face are two)."""
    return key.count(2) + key.count(3) + 2 * key.count(4)


def _orphans(key: bytes) -> tuple[int, int]:
    """The terminal and honour faces a hand lacks, and those it holds twice or more."""
    held: tuple[int, ...] = _orphan_counts(key)
    missing = held.count(0)
    return missing, len(held) - missing - held.count(1)


def _options_less(key: bytes, i: int, chows: bool) -> _Readings:
    """:func:`_options` of one suit's tiles less one tile ``i``."""
    cached = (key, i)
    found = _LESS.get(cached)
    if found is None:
        less = bytearray(key)
        less[i] -= 1
        found = _kept(_LESS, cached, _options(bytes(less), chows))
    return found


def _options_more(key: bytes, i: int, chows: bool) -> _Readings:
    """:func:`_options` of one suit's tiles plus one tile ``i``."""
    cached = (key, i)
    found = _MORE.get(cached)
    if found is None:
        more = bytearray(key)
        more[i] += 1
        found = _kept(_MORE, cached, _options(bytes(more), chows))
    return found


def _standard_value(acc: _Readings, part: _Readings) -> int:
    """The standard-form shanten of readings ``acc`` folded with the last suit's ``part``."""
    key = (acc, part)
    value = _STANDARD_VALUES.get(key)
    if value is None:
        value = _kept(_STANDARD_VALUES, key, _value(_fold(acc, part)))
    return value


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    """Shanten towards seven pairs; four of a face are two pairs."""
    return _seven_pairs(bytes(counts))


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten towards thirteen orphans: one of each terminal and honour, one of them twice."""
    return _thirteen_orphans(bytes(counts))


def _value(acc: _Readings) -> int:
    """The standard-form shanten of a hand's folded readings."""
    value = _VALUES.get(acc)
    if value is None:
        value = _kept(_VALUES, acc, 8 - max(2 * m + min(t, 4 - m) + p for m, t, p in acc))
    return value


def _seven_pairs(key: bytes) -> int:
    return 6 - min(7, _pairs(key))


def _thirteen_orphans(key: bytes) -> int:
    missing, doubled = _orphans(key)
    return missing - (doubled > 0)


def _fold(acc: _Readings, part: _Readings) -> _Readings:
    key = (acc, part)
    folded = _FOLDS.get(key)
    if folded is None:
        found = ((m + m2, t + t2, p + p2) for m, t, p in acc for m2, t2, p2 in part if p + p2 <= 1)
        folded = _kept(_FOLDS, key, _pareto(found))
    return folded


def _options(key: bytes, chows: bool) -> _Readings:
    """The best (sets, partial sets, pair) readings of one suit's tiles."""
    cache = _NUMBER_OPTIONS if chows else _HONOUR_OPTIONS
    found = cache.get(key)
    if found is None:
        found = _kept(cache, key, _shape_options(_shape(key, chows), chows))
    return found


def _shape(key: bytes, chows: bool) -> bytes:
    """The shape of a suit's tiles, which alone fixes its readings: a number suit's counts without
    the empty faces at either end, read from the end that comes first (tiles may slide along or turn
    round); an honour suit's counts sorted, as no set joins two honour faces."""
    if not chows:
        return bytes(sorted(key)).lstrip(b"\0")
    held = key.strip(b"\0")
    return min(held, held[::-1])


def _shape_options(shape: bytes, chows: bool) -> _Readings:
    """:func:`_options` of a suit's shape: its first tile is part of a set, a partial set, the pair, or
    nothing, and the tiles left read on."""
    if not shape:
        return _NOTHING
    cache = _NUMBER_SHAPES if chows else _HONOUR_SHAPES
    known = cache.get(shape)
    if known is not None:
        return known
    counts = bytearray(shape)
    found: list[_Triple] = []
    for removed, (sets, partials, pair) in _moves(counts, 0, chows):
        for n in removed:
            counts[n] -= 1
        for m, t, p in _shape_options(_shape(bytes(counts), chows), chows):
            found.append((m + sets, t + partials, p + pair))
        for n in removed:
            counts[n] += 1
    return _kept(cache, shape, _pareto(found))


def _moves(counts: bytearray, i: int, chows: bool) -> list[tuple[tuple[int, ...], _Triple]]:
    """What the first tile ``i`` can be part of: a set, a partial set, the pair, or nothing."""
    moves: list[tuple[tuple[int, ...], _Triple]] = [((i,), (0, 0, 0))]
    if counts[i] >= 3:
        moves.append(((i, i, i), (1, 0, 0)))
    if counts[i] >= 2:
        moves += [((i, i), (0, 1, 0)), ((i, i), (0, 0, 1))]
    if chows:
        size = len(counts)
        if i + 2 < size and counts[i + 1] and counts[i + 2]:
            moves.append(((i, i + 1, i + 2), (1, 0, 0)))
        if i + 1 < size and counts[i + 1]:
            moves.append(((i, i + 1), (0, 1, 0)))
        if i + 2 < size and counts[i + 2]:
            moves.append(((i, i + 2), (0, 1, 0)))
    return moves


def _pareto(triples: Iterable[_Triple]) -> _Readings:
    """Drop every reading that another matches or beats in all three counts.  Taken from the greatest
    down, a reading can only be beaten by one taken before it, and only by one kept."""
    kept: list[_Triple] = []
    for m, t, p in sorted(set(triples), reverse=True):
        for m2, t2, p2 in kept:
            if m2 >= m and t2 >= t and p2 >= p:
                break
        else:
            kept.append((m, t, p))
    found = frozenset(kept)
    return _DISTINCT.setdefault(found, found)
