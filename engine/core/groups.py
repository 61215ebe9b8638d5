"""The parts a winning hand is read as: sets, pairs and whole-hand forms (standard rules
和牌的规定 二; §13.11).

A :class:`Decomposition` is one reading of a complete hand: its form
(``standard`` = four sets and a pair, ``seven_pairs``, ``thirteen_orphans``,
or a form a card grants) and its groups.  Each :class:`Group` keeps both the
physical faces (``tiles``) and the identities they count as (``treated``),
because structure predicates read the treated identities while face
predicates (清一色, B-04, treasure) read the physical faces (CARD-INVENTORY H23).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.core.melds import MeldKind

STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"
HONOURS_AND_KNITTED: Final = "honours_and_knitted"
"""全不靠 (七星不靠 among its hands): fourteen singles of a knitted pattern and the honours."""
KNITTED_STRAIGHT: Final = "knitted_straight"
"""组合龙: the nine tiles of a knitted pattern, one set and a pair."""


class SetKind(StrEnum):
    """What a group counts as: a chow, a pung, a kong or a pair (顺子, 刻子, 杠, 将牌 or 对子: spec
    002 术语 四, 五, 六, 七).  ``loose`` holds tiles a whole-hand form leaves outside any set
    (the twelve single orphans of 十三幺, the eleven digits and the single wind of B-15)."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    LOOSE = "loose"


@dataclass(frozen=True, slots=True, init=False)
class Group:
    """One set of a decomposition.

    ``tiles`` are the physical kinds, sorted; ``treated[i]`` is what
    ``tiles[i]`` counts as (equal to ``tiles`` unless a shape substituted a
    tile); ``shape`` is ``"plain"`` or the name of the shape that made the
    group; ``meld`` is the kind of a declared meld, ``None`` for a set formed in
    hand; ``granted_by`` is the source of the grant that made it.  Its
    ``__init__`` is written out, so that the compiled build compiles it
    (docs/performance.md).
    """

    kind: SetKind
    tiles: tuple[int, ...]
    treated: tuple[int, ...]
    shape: str
    meld: MeldKind | None
    granted_by: str | None

    def __init__(
        self,
        kind: SetKind,
        tiles: tuple[int, ...],
        treated: tuple[int, ...],
        shape: str = "plain",
        meld: MeldKind | None = None,
        granted_by: str | None = None,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "treated", treated)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "meld", meld)
        object.__setattr__(self, "granted_by", granted_by)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a complete hand: its form, every group (declared melds included) and the
    sources of the grants it used, sorted."""

    form: str
    groups: tuple[Group, ...]
    grants_used: tuple[str, ...] = ()

    @property
    def pair(self) -> Group | None:
        """The pair (将): the one pair of the hand; ``None`` when there are several (七对, B-14)."""
        pairs = [g for g in self.groups if g.kind is SetKind.PAIR]
        return pairs[0] if len(pairs) == 1 else None


_RANK = {SetKind.KONG: 0, SetKind.PUNG: 1, SetKind.PAIR: 2, SetKind.CHOW: 3, SetKind.LOOSE: 4}


def group_order(group: Group) -> tuple[int, int, int, tuple[int, ...], tuple[int, ...], str, str]:
    """The canonical order of groups in a decomposition: declared melds first, then by lowest tile."""
    return (
        0 if group.meld else 1,
        group.tiles[0],
        _RANK[group.kind],
        group.tiles,
        group.treated,
        group.shape,
        group.granted_by or "",
    )
