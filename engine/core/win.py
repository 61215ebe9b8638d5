"""The shapes of a scored win: what a rule set's scoring reads (:class:`WinContext`) and what it
gives (:class:`Scored` of :class:`Fan` lines) (issue 14 item 2).

They live apart from :mod:`engine.core.ruleset` (which the compiled build leaves interpreted, for
:class:`~engine.core.ruleset.RuleSet`) and write out their ``__init__`` rather than being
dataclasses, so that the compiled build makes them native classes: a rule set's count reads a
:class:`WinContext` and builds a :class:`Scored` at every win, and a dataclass's generated
``__init__`` stays interpreted even in a compiled module (docs/performance.md).  Each compares,
hashes and pickles by its fields; its fields are :data:`~typing.Final`, read-only to the type
checker and, compiled, at run time.
"""

from __future__ import annotations

from typing import Final

from engine.core.melds import Meld


class Fan:
    """One line of an itemised win: the fan's name as its rule set writes it, its value, how many
    times it counts."""

    def __init__(self, name: str, value: int, count: int = 1) -> None:
        self.name: Final = name
        self.value: Final = value
        self.count: Final = count

    def fields(self) -> tuple[str, int, int]:
        return (self.name, self.value, self.count)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fan) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return f"Fan(name={self.name!r}, value={self.value!r}, count={self.count!r})"

    def __reduce__(self) -> tuple[type[Fan], tuple[str, int, int]]:
        return (Fan, self.fields())


class Scored:
    """A scored win: its fan lines and their total, after the rule set's caps and doublings."""

    def __init__(self, fan: tuple[Fan, ...], total: int) -> None:
        self.fan: Final = fan
        self.total: Final = total

    def fields(self) -> tuple[tuple[Fan, ...], int]:
        return (self.fan, self.total)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scored) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return f"Scored(fan={self.fan!r}, total={self.total!r})"

    def __reduce__(self) -> tuple[type[Scored], tuple[tuple[Fan, ...], int]]:
        return (Scored, self.fields())


WinFields = tuple[
    tuple[int, ...],
    tuple[Meld, ...],
    int,
    int,
    int | None,
    int,
    int,
    int,
    tuple[int | None, ...],
    tuple[int, ...],
    bool,
    bool,
    bool,
    bool,
    bool,
    bool,
]
_WIN_FIELDS = (
    "concealed",
    "melds",
    "winning_tile",
    "winner",
    "discarder",
    "prevalent_wind",
    "seat_wind",
    "dealer",
    "meld_sources",
    "flowers",
    "last_copy",
    "last_of_wall",
    "after_kong",
    "robbing_kong",
    "heavenly",
    "earthly",
)


class WinContext:
    """Everything a rule set's scoring may read of one win.

    ``concealed`` holds the winner's concealed tiles as kinds, the winning tile among them;
    ``melds`` its declared melds and ``meld_sources`` who gave each one's claimed tile (``None``
    for a concealed kong).  ``discarder`` is ``None`` for a self-drawn win.  The flags are the
    win's circumstances, named as the standard rules' fan table names them:

    * ``last_copy`` 和绝张: the winning tile is the last of its four copies not yet in sight;
    * ``last_of_wall`` 妙手回春 / 海底捞月: won on the last tile of the wall (drawn, or its discard);
    * ``after_kong`` 杠上开花: won on the replacement tile of one's own kong;
    * ``robbing_kong`` 抢杠和: won on the tile another player added to a pon;
    * ``heavenly`` 天和: the dealer's dealt hand is complete;
    * ``earthly`` 地和: a win on the first tile, before any call."""

    def __init__(
        self,
        concealed: tuple[int, ...],
        melds: tuple[Meld, ...],
        winning_tile: int,
        winner: int,
        discarder: int | None,
        prevalent_wind: int,
        seat_wind: int,
        dealer: int,
        meld_sources: tuple[int | None, ...] = (),
        flowers: tuple[int, ...] = (),
        last_copy: bool = False,
        last_of_wall: bool = False,
        after_kong: bool = False,
        robbing_kong: bool = False,
        heavenly: bool = False,
        earthly: bool = False,
    ) -> None:
        self.concealed: Final = concealed
        self.melds: Final = melds
        self.winning_tile: Final = winning_tile
        self.winner: Final = winner
        self.discarder: Final = discarder
        self.prevalent_wind: Final = prevalent_wind
        self.seat_wind: Final = seat_wind
        self.dealer: Final = dealer
        self.meld_sources: Final = meld_sources
        self.flowers: Final = flowers
        self.last_copy: Final = last_copy
        self.last_of_wall: Final = last_of_wall
        self.after_kong: Final = after_kong
        self.robbing_kong: Final = robbing_kong
        self.heavenly: Final = heavenly
        self.earthly: Final = earthly

    @property
    def self_drawn(self) -> bool:
        """自摸和: nobody discarded the winning tile; else the win is 点和 (spec 002 术语 十六, 十七)."""
        return self.discarder is None

    def fields(self) -> WinFields:
        return (
            self.concealed,
            self.melds,
            self.winning_tile,
            self.winner,
            self.discarder,
            self.prevalent_wind,
            self.seat_wind,
            self.dealer,
            self.meld_sources,
            self.flowers,
            self.last_copy,
            self.last_of_wall,
            self.after_kong,
            self.robbing_kong,
            self.heavenly,
            self.earthly,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WinContext) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(_WIN_FIELDS, self.fields(), strict=True))
        return f"WinContext({shown})"

    def __reduce__(self) -> tuple[type[WinContext], WinFields]:
        return (WinContext, self.fields())
