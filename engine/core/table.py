"""The table of a round any rule set plays: the wall, four players and the seats they sit at, the
dealer and the winds (standard rules 术语 一, 十三, 二十一, 二十二; rulebook §4, §11, §14.3; issue 14
item 1, issue 33 item 1).

Every tile is a physical instance (``0..143``, :mod:`engine.core.tiles`), so the tiles a rule set
plays with are always accounted for (:meth:`Table.accounted`) and a mark may name one tile; what
a rule judges is the instance's kind (``INSTANCE_KINDS[i]``).  Players are ``0..3`` (letters A–D,
:data:`engine.core.seats.PLAYERS`), seats ``0..3`` (table positions).  A seat keeps the dealer role,
the wind and the turn order; a player keeps hand, river, melds, flowers and score, and moves with
them when a rule set moves the players (hextech's O-X01, §14.3).  At the table of a rule set that
moves nobody, player ``p`` sits at seat ``p`` for good.

A :class:`Player` holds its concealed hand, its declared melds (each with its tiles and who gave
the claimed one), its river (the discards still lying there: a claimed discard moves into the
caller's meld), every discard it made and the flowers it set aside.  A rule set adds what it keeps
of a player by deriving from :class:`Player` (hextech's contract, :mod:`engine.hextech.state`);
the table holds its rule set's players.  The :class:`Table` keeps, beside the players, the round's
sinks, which hear its events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.core.aim import Aim
from engine.core.melds import Meld, MeldKind
from engine.core.ruleset import Call, OptionValue, RuleSet
from engine.core.seats import SEATS_AFTER, SEATS_BEFORE, seat_distance, seat_wind
from engine.core.tiles import INSTANCE_KINDS, INSTANCE_SPANS, NUM_KINDS, WINDS
from engine.core.wall import Wall

Sink = Callable[[str, int | None, Mapping[str, Any]], None]
"""Hears an event of the round: its name, the player it concerns (or ``None``), its data."""


@dataclass(slots=True)
class TableMeld:
    """A declared meld on the table: the meld, its tiles (instances), and whose discard it took
    (``None`` for a concealed kong or a meld of the player's own tiles)."""

    meld: Meld
    instances: tuple[int, ...]
    from_player: int | None = None


class KindsRead:
    """The kinds of a list of a player's tile instances, read again only when the list changed: the
    views and a win's facts read a player's tiles as kinds many times between two of its moves."""

    __slots__ = ("instances", "kinds")

    def __init__(self) -> None:
        self.instances: list[int] = []
        self.kinds: tuple[int, ...] = ()

    def of(self, tiles: list[int]) -> tuple[int, ...]:
        """The kinds of ``tiles``, in their order."""
        if not tiles:
            return ()
        if tiles != self.instances:
            self.instances = tiles.copy()
            self.kinds = tuple([INSTANCE_KINDS[i] for i in tiles])
        return self.kinds


@dataclass(slots=True)
class Player:
    """One player's tiles for the current round: concealed ``hand``, ``melds``, ``river``, every
    discard made (``discarded``), ``flowers``, and whether the player has won and left the round."""

    hand: list[int] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    river: list[int] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)
    """The face of every discard the player made this round, in order, whether or not it still lies
    in the river (天和 and 地和 are wins before one; hextech's conditions on a player's discards)."""
    flowers: list[int] = field(default_factory=list)
    won: bool = False
    _hand_read: KindsRead = field(default_factory=KindsRead, init=False, repr=False, compare=False)
    _river_read: KindsRead = field(default_factory=KindsRead, init=False, repr=False, compare=False)
    _flowers_read: KindsRead = field(default_factory=KindsRead, init=False, repr=False, compare=False)

    def hand_kinds(self) -> tuple[int, ...]:
        """The concealed hand's kinds, in hand order."""
        return self._hand_read.of(self.hand)

    def river_kinds(self) -> tuple[int, ...]:
        """The river's kinds, in the order discarded."""
        return self._river_read.of(self.river)

    def flower_kinds(self) -> tuple[int, ...]:
        """The flowers' kinds, in the order set aside."""
        return self._flowers_read.of(self.flowers)

    def counts(self) -> list[int]:
        """The concealed hand as 34 per-face counts."""
        vec = [0] * NUM_KINDS
        for k in self.hand_kinds():
            vec[k] += 1
        return vec

    @property
    def concealed(self) -> bool:
        """门清: no chi, pon or exposed kong (§13.11.1, standard rules 术语; a concealed kong keeps it)."""
        return all(m.meld.kind is MeldKind.ANKAN for m in self.melds)

    def on_view(self) -> list[int]:
        """The player's tiles on view to every seat: the river, the exposed melds' tiles, and the
        hand once the player has won and laid it down (§11 phase 3)."""
        shown = self.river.copy()
        for m in self.melds:
            if m.meld.exposed:
                shown += m.instances
        if self.won:
            shown += self.hand
        return shown

    def copies_on_view(self, face: int) -> int:
        """How many of :meth:`on_view` are of kind ``face``, counted without listing them: a kind's
        instances are consecutive (:func:`engine.core.tiles.instances_of`)."""
        first, last = INSTANCE_SPANS[face]
        n = 0
        for i in self.river:
            if first <= i <= last:
                n += 1
        for m in self.melds:
            if m.meld.exposed:
                for i in m.instances:
                    if first <= i <= last:
                        n += 1
        if self.won:
            for i in self.hand:
                if first <= i <= last:
                    n += 1
        return n


P = TypeVar("P", bound=Player)


class Table(Generic[P]):
    """A round's wall, players, seats and circumstances; the flow of :mod:`engine.core.flow` (or a
    rule set's own round) moves its tiles."""

    __slots__ = (
        "_at_seat",
        "_seated",
        "aim",
        "any_call",
        "calls",
        "calls_not_upper",
        "dealer_seat",
        "options",
        "plain_judge",
        "players",
        "prevalent_wind",
        "rules",
        "scores",
        "seat_of",
        "sinks",
        "tiers",
        "turns",
        "wall",
    )

    def __init__(
        self,
        rules: RuleSet,
        options: Mapping[str, OptionValue],
        wall: Wall,
        *,
        players: Sequence[P],
        dealer_seat: int = 0,
        seat_of: Sequence[int] = (0, 1, 2, 3),
        prevalent_wind: int = WINDS[0],
        scores: tuple[int, ...] = (0, 0, 0, 0),
        sinks: tuple[Sink, ...] = (),
    ) -> None:
        self.rules = rules
        self.options = options
        self.wall = wall
        self.players: list[P] = list(players)
        self.seat_of = list(seat_of)
        """The seat each player sits at, by player."""
        self._seated: list[int] = []
        self._at_seat: tuple[int, ...] = ()
        self.dealer_seat = dealer_seat
        self.prevalent_wind = prevalent_wind
        self.scores = scores
        self.sinks = sinks
        self.any_call = False
        """Whether any call or kong has been made this round (地和 is a win before one)."""
        self.turns = 0
        """The turns taken: the dealer's first, then one per draw or call that gave a turn."""
        self.calls = frozenset(call for tier in rules.calls for call in tier)
        """The calls the rule set allows, in any tier."""
        self.calls_not_upper = self.calls - {Call.CHI} if rules.chi_from_upper_seat_only else self.calls
        """The calls a seat other than the discarder's 下家 may make on a discard."""
        self.tiers = rules.claim_tiers()
        """Each call's tier and how many of its claims stand, as the response window ranks them."""
        self.aim: Aim = rules.aim(options)
        """What the bots play toward: the rule set's win forms and suit length (:mod:`engine.core.aim`)."""
        self.plain_judge = type(rules).may_win is RuleSet.may_win
        """Whether the rule set judges a win as :meth:`RuleSet.may_win` declares it, a reading in one
        of its win forms, which the core reads as standard, seven pairs or thirteen orphans only:
        then a hand the core finds incomplete in all three is no win, and is not asked."""

    @property
    def dealer(self) -> int:
        """The player at the dealer seat (§4, standard rules 术语 二)."""
        return self.players_by_seat()[self.dealer_seat]

    def player_at(self, seat: int) -> int:
        """The player sitting at ``seat``."""
        return self.players_by_seat()[seat]

    def players_by_seat(self) -> tuple[int, ...]:
        """The player at each seat, by seat: :attr:`seat_of` inverted, again only when it changed."""
        seat_of = self.seat_of
        if seat_of != self._seated:
            at_seat = [0] * len(seat_of)
            for p, seat in enumerate(seat_of):
                at_seat[seat] = p
            self._seated = seat_of.copy()
            self._at_seat = tuple(at_seat)
        return self._at_seat

    def seat_wind(self, player: int) -> int:
        """门风 of ``player``'s seat: the dealer's seat is 东, its 下家 南, 对家 西, 上家 北 (standard rules
        术语 一)."""
        return seat_wind(self.seat_of[player], self.dealer_seat)

    def in_game(self, player: int) -> bool:
        """仍在游戏中: the player has not won and left the round (§12.1, lib 二.1)."""
        return not self.players[player].won

    def clockwise_from(self, player: int) -> list[int]:
        """The in-game players in seat order after ``player``'s seat (§6.4, §12.1)."""
        at_seat = self.players_by_seat()
        players = self.players
        after = []
        for seat in SEATS_AFTER[self.seat_of[player]]:
            p = at_seat[seat]
            if not players[p].won:
                after.append(p)
        return after

    def next_in_game(self, player: int) -> int | None:
        """The next in-game player clockwise after ``player``, skipping seats that have won (§12.1)."""
        return self._first_in_game(SEATS_AFTER[self.seat_of[player]])

    def next_after_seat(self, seat: int) -> int | None:
        """The next in-game player clockwise after the seat ``seat``: the turn order stays with the
        seats when the players move (§14.3, R139)."""
        return self._first_in_game(SEATS_AFTER[seat])

    def upper_of(self, player: int) -> int | None:
        """上家: the nearest in-game player counter-clockwise (CARD-INVENTORY conventions)."""
        return self._first_in_game(SEATS_BEFORE[self.seat_of[player]])

    def _first_in_game(self, seats: tuple[int, ...]) -> int | None:
        """The player at the first of ``seats`` who has not won."""
        players = self.players
        at_seat = self.players_by_seat()
        for seat in seats:
            p = at_seat[seat]
            if not players[p].won:
                return p
        return None

    def seat_distance(self, source: int, player: int) -> int:
        """Steps clockwise from ``source``'s seat to ``player``'s seat: orders an event's listeners (§6.4)."""
        return seat_distance(self.seat_of[source], self.seat_of[player])

    def visible_kinds(self) -> list[int]:
        """Every face on view to every seat, as kinds (:meth:`Player.on_view`): what 和绝张 counts
        (standard rules 番种 和绝张) and a card's "visible" reads (H21)."""
        return [INSTANCE_KINDS[i] for p in self.players for i in p.on_view()]

    def accounted(self) -> bool:
        """True when the wall, hands, melds, rivers and flowers hold each of the rule set's tiles
        exactly once."""
        seen = list(self.wall)
        for p in self.players:
            seen += p.hand
            seen += p.river
            seen += p.flowers
            for m in p.melds:
                seen += m.instances
        return len(seen) == len(set(seen)) and sorted(seen) == sorted(self.rules.tiles.instances())

    def emit(self, name: str, player: int | None = None, **data: Any) -> None:
        """Tell the sinks an event; nothing is built when none listens."""
        for sink in self.sinks:
            sink(name, player, data)
