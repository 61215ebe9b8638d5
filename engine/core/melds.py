"""Declared melds (面子/副露): chi, pon and the three kinds of kong (standard rules 术语 十–十二, 出牌 1–3).

A meld is what a player has *declared*: a chi (吃), a pon (碰), an exposed
kong (明杠), a concealed kong (暗杠) or an added kong (加杠).  Its tiles are
kinds, sorted.  Only a concealed kong stays hidden (``exposed`` is false),
which is what "门清" cards (G-01, B-12) look at.

A chi is three consecutive number tiles of one suit, or one of the honour
runs 东南西 / 南西北 / 中发白 that P-01 lets its holder chi (lib P-01);
whether the player may make the call is the table's question, not this
module's.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.errors import InputError
from engine.core.tiles import NUM_KINDS, TileSyntaxError, format_tiles, is_number, parse

HONOUR_RUNS: tuple[tuple[int, int, int], ...] = ((27, 28, 29), (28, 29, 30), (31, 32, 33))
"""东南西, 南西北 and 白发中: the only honour groups that count as a chow (lib P-01)."""


class MeldKind(StrEnum):
    """The five ways a set can be declared: 吃, 碰 and the three kongs (spec 002 术语 十, 十一, 十二)."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    ANKAN = "ankan"
    KAKAN = "kakan"


_SIZE = {
    MeldKind.CHI: 3,
    MeldKind.PON: 3,
    MeldKind.MINKAN: 4,
    MeldKind.ANKAN: 4,
    MeldKind.KAKAN: 4,
}


def is_plain_run(tiles: tuple[int, ...]) -> bool:
    """Three sorted number tiles of one suit with consecutive numbers (顺子, standard rules 术语 五)."""
    if len(tiles) != 3 or not is_number(tiles[0]):
        return False
    first = tiles[0]
    return first % 9 <= 6 and tiles == (first, first + 1, first + 2)


@dataclass(frozen=True, init=False)
class Meld:
    """A declared set: its kind and its tiles (kinds, sorted).

    Raises :class:`engine.core.errors.InputError` when the tiles cannot form that
    kind of meld.  Its ``__init__`` is written out, so that the compiled build
    compiles it (docs/performance.md).
    """

    kind: MeldKind
    tiles: tuple[int, ...]

    def __init__(self, kind: MeldKind, tiles: tuple[int, ...]) -> None:
        tiles = tuple(sorted(tiles))
        problem = _problem(kind, tiles)
        if problem:
            raise InputError(f"meld {kind.value} {format_tiles(tiles) or '-'}: {problem}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)

    @property
    def exposed(self) -> bool:
        """Visible to the table: every meld but a concealed kong."""
        return self.kind is not MeldKind.ANKAN

    @property
    def is_kong(self) -> bool:
        """A kong of any of the three kinds."""
        return _SIZE[self.kind] == 4

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse ``"<kind> <tiles>"``, e.g. ``"chi 123m"``, ``"pon 555p"``, ``"ankan 7777z"``."""
        words = text.split()
        if len(words) != 2:
            raise InputError(f"meld {text!r}: expected '<kind> <tiles>', e.g. 'chi 123m'")
        try:
            kind = MeldKind(words[0].lower())
        except ValueError:
            known = ", ".join(k.value for k in MeldKind)
            raise InputError(f"meld {text!r}: unknown kind {words[0]!r} (one of {known})") from None
        try:
            tiles = parse(words[1])
        except TileSyntaxError as err:
            raise InputError(f"meld {text!r}: {err}") from None
        return cls(kind, tuple(tiles))

    def __str__(self) -> str:
        return f"{self.kind.value} {format_tiles(self.tiles)}"

    def __reduce__(self) -> tuple[type[Meld], tuple[MeldKind, tuple[int, ...]]]:
        """Pickled as its kind and tiles and rebuilt through ``__init__``: compiled, a frozen
        dataclass cannot be restored field by field."""
        return (Meld, (self.kind, self.tiles))


def _problem(kind: MeldKind, tiles: tuple[int, ...]) -> str:
    if len(tiles) != _SIZE[kind]:
        return f"needs {_SIZE[kind]} tiles, has {len(tiles)}"
    if any(not 0 <= t < NUM_KINDS for t in tiles):
        return "flowers cannot be melded"
    if kind is MeldKind.CHI:
        if is_plain_run(tiles) or tiles in HONOUR_RUNS:
            return ""
        return "a chi needs three consecutive numbers of one suit"
    if len(set(tiles)) != 1:
        return "all tiles must be the same face"
    return ""
