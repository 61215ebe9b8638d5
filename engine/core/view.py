"""One seat's view of any rule set's table (§4 seats, §14.4; standard rules 出牌 3 (二); issue 33
item 1).

:class:`View` names the parts every rule set's view offers its seat, under the same names and types:
the core's :class:`~engine.core.seat_view.SeatView` has them all, and hextech's
:class:`~engine.hextech.view.PlayerView` has them beside its own (cards, contracts, augments, the
tiles a card revealed, the winners' hands …).  The bots (:mod:`engine.agents`) read a view through
this protocol alone, so they play every rule set's table, hextech's among them, each counselled by
the rule set the view names.

A seat sees its own concealed tiles and what lies open: each seat's melds (all of its own, the
exposed ones of the others; another's concealed kong is 扣放, laid face down, counted in
``concealed_kongs`` and never named, until a rule set lays a winner's hand open, §11 phase 3), every
river and flower set aside, how many tiles each seat holds, the wall's count, the scores, the dealer,
the winds, the rule set's name, aim and tile kinds (the rules, which every seat knows).
"""

from __future__ import annotations

from typing import Protocol

from engine.core.aim import Aim
from engine.core.melds import Meld, MeldKind


class View(Protocol):
    """What one seat sees of any rule set's table; tiles are kinds, players 0..3 (A–D)."""

    @property
    def me(self) -> int:
        """The deciding seat's player."""
        ...

    @property
    def hand(self) -> tuple[int, ...]:
        """The deciding seat's concealed tiles, lowest first."""
        ...

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Each seat's melds in the order declared: all of its own, the others' it may see."""
        ...

    @property
    def concealed_kongs(self) -> tuple[int, ...]:
        """How many concealed kongs each seat has declared."""
        ...

    @property
    def rivers(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's discards lying in its river, in order."""
        ...

    @property
    def flowers(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's flowers set aside."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many concealed tiles each seat holds."""
        ...

    @property
    def wall_left(self) -> int:
        """How many tiles are left to draw."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's score."""
        ...

    @property
    def dealer(self) -> int:
        """The player at the dealer's seat."""
        ...

    @property
    def prevalent_wind(self) -> int:
        """圈风, the round's wind."""
        ...

    @property
    def aim(self) -> Aim:
        """The rule set's win forms as a bot plays toward them (:mod:`engine.core.aim`)."""
        ...

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds the rule set plays with, four copies of each."""
        ...

    @property
    def rules(self) -> str:
        """The name of the rule set the table plays."""
        ...

    @property
    def n_melds(self) -> int:
        """How many melds the deciding seat has declared (its concealed kongs among them)."""
        ...

    @property
    def seat_wind(self) -> int:
        """门风 of the deciding seat."""
        ...


def declared(view: View, player: int) -> int:
    """How many melds ``player`` has declared as ``view`` sees them: those it names and the concealed
    kongs it counts face down."""
    melds = view.melds[player]
    named = sum(1 for meld in melds if meld.kind is MeldKind.ANKAN)
    return len(melds) + view.concealed_kongs[player] - named
