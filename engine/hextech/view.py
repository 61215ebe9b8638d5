"""What one player may see of the table when they decide (§5.4, §9.4, §12.4, §14.4).

A :class:`PlayerView` holds the deciding player's own concealed tiles and
what is public: every river, exposed meld, flower, revealed hand tile, the
hands of players who have won (§11 phase 3), revealed contracts, augments
(public at any time, §5.4), scores, where each player sits (§14.3), the
drawable count, whether each player's latest discard is still in their river (R353), the card
library in
play (every card's text is public, §3) and the treasure faces in force for
this player: the public order and their own personal treasure (§8.3), as the
enabled modules mark them, and the tile the player's own latest draw gave it,
while it holds it (R500).  It never holds another player's concealed tiles or
drawn tile, an undisclosed choice or the wall beyond
what a card let this player see (``seen``).  A view is a snapshot: numbers,
strings, tuples and frozen values, the library as a read-only mapping of
frozen cards, and no reference to the table, the session, their random
generator or decks, so an agent can neither read nor change what its seat
may not.  Its parts are read-only properties.  The view of the table in play
(:class:`Snapshot`) copies the public parts when it is taken and reads them
as kinds when the agent first asks, so a decision pays only for what its
agent reads.

The view is a plain class with its parts written out (not a dataclass, no
``__getattr__``), so that the compiled build makes it a native class
(docs/performance.md, "The compiled build").

It is the core's view of a seat (:class:`engine.core.view.View`: the same parts under the same
names and types, each seat's melds as core :class:`~engine.core.melds.Meld` s, another's concealed
kong counted and never named until they have won, the rule set's name) with hextech's own parts
beside them, so the bots play a hextech seat as they play any rule set's, counselled by hextech's
counsel.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, TypeAlias, final

from engine.core.aim import PLAIN, Aim
from engine.core.melds import Meld, MeldKind
from engine.core.seats import seat_wind
from engine.core.table import Table
from engine.core.tiles import NUM_INSTANCES, NUM_KINDS, WINDS, kind_of_instance
from engine.hextech.seat_copies import Seat, hand_kinds, seat_copies
from engine.hextech.state import ContractStatus, PlayerState
from engine.hextech.vocabulary import CompiledCard

KINDS: Final[tuple[int, ...]] = tuple(kind_of_instance(i) for i in range(NUM_INSTANCES))
"""The kind of each tile instance, looked up rather than computed."""
NO_CARDS: Mapping[str, CompiledCard] = MappingProxyType({})
"""The library of a view given none."""
NO_DRAWS: Mapping[int, int] = MappingProxyType({})
"""The draws of a table no round has drawn from."""
RULES: Final = "hextech"
"""The name of the rule set whose seats these views are (:attr:`engine.hextech.ruleset.HEXTECH`'s)."""
HEXTECH_KINDS: Final[tuple[int, ...]] = tuple(range(NUM_KINDS))
"""The tile kinds hextech plays with, four copies of each (the 34 suited and honour kinds)."""

Melds: TypeAlias = tuple[tuple[Meld, ...], ...]
"""Each player's melds the viewer sees."""
MeldFaces: TypeAlias = tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]
"""Each player's melds as kind and faces in the order declared, a face-down kong with no faces."""
PerPlayer: TypeAlias = tuple[tuple[int, ...], ...]
"""Tiles of each player (kinds)."""


class PlayerView:
    """One player's view; tiles are kinds, players 0..3 (A–D)."""

    __slots__ = (
        "_aim",
        "_augments",
        "_cards",
        "_concealed_kongs",
        "_contract_failed",
        "_contract_open",
        "_contracts",
        "_contracts_public",
        "_dealer",
        "_drawn",
        "_flowers",
        "_hand",
        "_hand_sizes",
        "_kinds",
        "_latest_kept",
        "_me",
        "_meld_faces",
        "_melds",
        "_prevalent_wind",
        "_revealed",
        "_rivers",
        "_scores",
        "_seating",
        "_seats",
        "_seen",
        "_treasure",
        "_wall_left",
        "_won",
        "_won_hands",
    )

    def __init__(
        self,
        me: int,
        hand: tuple[int, ...],
        melds: Melds,
        rivers: PerPlayer,
        flowers: PerPlayer,
        revealed: PerPlayer,
        won: tuple[bool, ...],
        won_hands: PerPlayer,
        hand_sizes: tuple[int, ...],
        contracts: tuple[str | None, ...],
        contract_open: bool,
        augments: tuple[tuple[str, ...], ...],
        scores: tuple[int, ...],
        wall_left: int,
        dealer: int,
        seen: tuple[int, ...] = (),
        cards: Mapping[str, CompiledCard] = NO_CARDS,
        treasure: frozenset[int] = frozenset(),
        contract_failed: bool = False,
        drawn: int | None = None,
        seating: tuple[int, ...] = (0, 1, 2, 3),
        latest_kept: tuple[bool, ...] | None = None,
        concealed_kongs: tuple[int, ...] | None = None,
        prevalent_wind: int = WINDS[0],
        aim: Aim = PLAIN,
        kinds: tuple[int, ...] = HEXTECH_KINDS,
    ) -> None:
        self._me = me
        self._hand = hand
        self._augments = augments
        self._scores = scores
        self._wall_left = wall_left
        self._dealer = dealer
        self._prevalent_wind = prevalent_wind
        self._aim = aim
        self._kinds = kinds
        self._seen = seen
        self._cards = cards
        self._treasure = treasure
        self._drawn = drawn
        self._seating = seating
        self._seats: tuple[Seat, ...] = ()
        self._contracts_public: bool | None = None
        self._melds: Melds | None = melds
        self._meld_faces: MeldFaces | None = None
        self._concealed_kongs: tuple[int, ...] | None = (
            tuple([sum(1 for m in own if m.kind is MeldKind.ANKAN) for own in melds])
            if concealed_kongs is None
            else concealed_kongs
        )
        self._rivers: PerPlayer | None = rivers
        self._flowers: PerPlayer | None = flowers
        self._revealed: PerPlayer | None = revealed
        self._won: tuple[bool, ...] | None = won
        self._won_hands: PerPlayer | None = won_hands
        self._hand_sizes: tuple[int, ...] | None = hand_sizes
        self._contracts: tuple[str | None, ...] | None = contracts
        self._contract_open: bool | None = contract_open
        self._contract_failed: bool | None = contract_failed
        self._latest_kept: tuple[bool, ...] | None = (
            tuple([bool(river) for river in rivers]) if latest_kept is None else latest_kept
        )

    @property
    def me(self) -> int:
        """The deciding player."""
        return self._me

    @property
    def hand(self) -> tuple[int, ...]:
        """The deciding player's concealed tiles, lowest first."""
        return self._hand

    @property
    def augments(self) -> tuple[tuple[str, ...], ...]:
        """Every player's augments (public at any time, §5.4)."""
        return self._augments

    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's session score."""
        return self._scores

    @property
    def wall_left(self) -> int:
        """How many tiles are left to draw."""
        return self._wall_left

    @property
    def seating(self) -> tuple[int, ...]:
        """The seat each player sits at (public; O-X01 moves players and the turn order stays with the
        seats, §14.3, R139)."""
        return self._seating

    @property
    def dealer(self) -> int:
        """The player who deals this round."""
        return self._dealer

    @property
    def prevalent_wind(self) -> int:
        """圈风, the round's wind."""
        return self._prevalent_wind

    @property
    def seat_wind(self) -> int:
        """门风 of the deciding player's seat (:func:`engine.core.seats.seat_wind`, §14.3)."""
        seating = self._seating
        return seat_wind(seating[self._me], seating[self._dealer])

    @property
    def aim(self) -> Aim:
        """Hextech's win forms as a bot plays toward them (:mod:`engine.core.aim`)."""
        return self._aim

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds in play, four copies of each."""
        return self._kinds

    @property
    def rules(self) -> str:
        """The rule set whose seat this is: hextech's."""
        return RULES

    @property
    def seen(self) -> tuple[int, ...]:
        """Wall tiles a card let this player see."""
        return self._seen

    @property
    def cards(self) -> Mapping[str, CompiledCard]:
        """The card library in play, read-only (every card's text is public, §3)."""
        return self._cards

    @property
    def treasure(self) -> frozenset[int]:
        """The faces that are treasure for this player now (§8.3); empty while no module marks tiles."""
        return self._treasure

    @property
    def drawn(self) -> int | None:
        """The tile the player's own latest draw gave it (a normal draw or a replacement, §12), while
        it holds it; ``None`` otherwise (R500)."""
        return self._drawn

    @property
    def melds(self) -> Melds:
        """Every player's melds in the order declared: all of the player's own, the others' exposed
        ones, and their concealed kongs once they have won (§11 phase 3; face down before, §14.4)."""
        melds = self._melds
        if melds is None:
            me = self._me
            melds = tuple([_shown_melds(s, p != me and not s.won) for p, s in enumerate(self._seats)])
            self._melds = melds
        return melds

    @property
    def concealed_kongs(self) -> tuple[int, ...]:
        """How many concealed kongs each player has declared."""
        kongs = self._concealed_kongs
        if kongs is None:
            kongs = tuple([sum(1 for m in seat.melds if m.kind is MeldKind.ANKAN) for seat in self._seats])
            self._concealed_kongs = kongs
        return kongs

    @property
    def meld_faces(self) -> MeldFaces:
        """Every player's melds as kind and faces where they lie, as the console shows them: another's
        concealed kong face down (no faces) until they have won.  A view built without the table
        lays the face-down kongs after the melds it names."""
        faces = self._meld_faces
        if faces is None:
            me = self._me
            if self._seats:
                faces = tuple([_meld_faces(s, p != me and not s.won) for p, s in enumerate(self._seats)])
            else:
                faces = tuple(
                    [_laid_faces(own, n) for own, n in zip(self.melds, self.concealed_kongs, strict=True)]
                )
            self._meld_faces = faces
        return faces

    @property
    def rivers(self) -> PerPlayer:
        """Every player's discards, in order."""
        rivers = self._rivers
        if rivers is None:
            rivers = tuple([tuple([KINDS[i] for i in seat.river]) for seat in self._seats])
            self._rivers = rivers
        return rivers

    @property
    def latest_kept(self) -> tuple[bool, ...]:
        """Whether each player's latest discard is still in their river, its last tile (a called
        discard has left it and stays the latest, R353); a view built without it reads each river's
        last tile as its latest discard."""
        kept = self._latest_kept
        if kept is None:
            kept = tuple([seat.latest_kept for seat in self._seats])
            self._latest_kept = kept
        return kept

    @property
    def flowers(self) -> PerPlayer:
        """Every player's flowers set aside."""
        flowers = self._flowers
        if flowers is None:
            flowers = tuple([tuple([KINDS[i] for i in seat.flowers]) for seat in self._seats])
            self._flowers = flowers
        return flowers

    @property
    def revealed(self) -> PerPlayer:
        """Every player's hand tiles a card revealed (§14.4), lowest first."""
        revealed = self._revealed
        if revealed is None:
            revealed = tuple([tuple(sorted([KINDS[i] for i in seat.revealed])) for seat in self._seats])
            self._revealed = revealed
        return revealed

    @property
    def won(self) -> tuple[bool, ...]:
        """Which players have won this round."""
        won = self._won
        if won is None:
            won = tuple([seat.won for seat in self._seats])
            self._won = won
        return won

    @property
    def won_hands(self) -> PerPlayer:
        """The hands of players who have won (§11 phase 3), laid down for all to see."""
        hands = self._won_hands
        if hands is None:
            hands = tuple([tuple(sorted([KINDS[i] for i in seat.won_hand])) for seat in self._seats])
            self._won_hands = hands
        return hands

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many concealed tiles each player holds."""
        sizes = self._hand_sizes
        if sizes is None:
            sizes = tuple([seat.hand_size for seat in self._seats])
            self._hand_sizes = sizes
        return sizes

    @property
    def contracts(self) -> tuple[str | None, ...]:
        """Every contract once all are revealed, else only the own (§9.4)."""
        contracts = self._contracts
        if contracts is None:
            seats = self._seats
            public = self._contracts_public
            if public is None:
                public = all(seat.status is not ContractStatus.NONE for seat in seats)
            me = self._me
            contracts = tuple([s.contract if public or p == me else None for p, s in enumerate(seats)])
            self._contracts = contracts
        return contracts

    @property
    def contract_open(self) -> bool:
        """The player's own contract is held and open."""
        is_open = self._contract_open
        if is_open is None:
            is_open = self._seats[self._me].status is ContractStatus.OPEN
            self._contract_open = is_open
        return is_open

    @property
    def contract_failed(self) -> bool:
        """The player's own contract has failed (public, §9.5): the abandon window still asks it (R63)."""
        failed = self._contract_failed
        if failed is None:
            failed = self._seats[self._me].status is ContractStatus.FAILED
            self._contract_failed = failed
        return failed

    @property
    def n_melds(self) -> int:
        """How many melds the deciding player has declared."""
        melds = self._melds
        if melds is None:
            return len(self._seats[self._me].melds)
        return len(melds[self._me])

    def parts(self) -> dict[str, Any]:
        """Every part by name, as :class:`PlayerView` takes them."""
        return {
            "me": self._me,
            "hand": self._hand,
            "melds": self.melds,
            "rivers": self.rivers,
            "flowers": self.flowers,
            "revealed": self.revealed,
            "won": self.won,
            "won_hands": self.won_hands,
            "hand_sizes": self.hand_sizes,
            "contracts": self.contracts,
            "contract_open": self.contract_open,
            "augments": self._augments,
            "scores": self._scores,
            "wall_left": self._wall_left,
            "dealer": self._dealer,
            "seen": self._seen,
            "cards": self._cards,
            "treasure": self._treasure,
            "contract_failed": self.contract_failed,
            "drawn": self._drawn,
            "seating": self._seating,
            "latest_kept": self.latest_kept,
            "concealed_kongs": self.concealed_kongs,
            "prevalent_wind": self._prevalent_wind,
            "aim": self._aim,
            "kinds": self._kinds,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerView) and self.parts() == other.parts()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self.parts().items())
        return f"{type(self).__name__}({shown})"


@final
class Snapshot(PlayerView):
    """A :class:`PlayerView` of the table in play, taken when the decision is put: the own hand at
    once (every decision reads it), the public parts copied as they stand (:class:`Seat`) and read
    as kinds the first time the agent asks for them (a turn reads little more than the hand).  It
    holds copies only: nothing in it leads back to the table, which may change after it is taken."""

    __slots__ = ()

    def __init__(
        self,
        table: Table[PlayerState],
        me: int,
        *,
        contracts_public: bool | None,
        augments: tuple[tuple[str, ...], ...],
        scores: tuple[int, ...],
        seen: tuple[int, ...],
        cards: Mapping[str, CompiledCard],
        treasure: frozenset[int],
        drawn: int | None,
    ) -> None:
        players = table.players
        self._me = me
        self._hand = hand_kinds(players[me])
        self._augments = augments
        self._scores = scores
        self._wall_left = len(table.wall)
        self._dealer = table.player_at(table.dealer_seat)
        self._prevalent_wind = table.prevalent_wind
        self._aim = table.aim
        self._kinds = table.rules.tiles.kinds
        self._seating = tuple(table.seat_of)
        self._seen = seen
        self._cards = cards
        self._treasure = treasure
        self._drawn = KINDS[drawn] if drawn is not None and drawn in players[me].hand else None
        self._seats = seat_copies(players)
        self._contracts_public = contracts_public
        self._melds = None
        self._meld_faces = None
        self._concealed_kongs = None
        self._rivers = None
        self._flowers = None
        self._revealed = None
        self._won = None
        self._won_hands = None
        self._hand_sizes = None
        self._contracts = None
        self._contract_open = None
        self._contract_failed = None
        self._latest_kept = None


def with_parts(view: PlayerView, **changes: Any) -> PlayerView:
    """A plain copy of ``view`` with some parts changed (an imagined position, a view before any
    table exists)."""
    parts = view.parts()
    parts.update(changes)
    return PlayerView(**parts)


BLIND = PlayerView(
    me=0,
    hand=(),
    melds=((), (), (), ()),
    rivers=((), (), (), ()),
    flowers=((), (), (), ()),
    revealed=((), (), (), ()),
    won=(False,) * 4,
    won_hands=((), (), (), ()),
    hand_sizes=(0,) * 4,
    contracts=(None,) * 4,
    contract_open=False,
    augments=((), (), (), ()),
    scores=(0, 0, 0, 0),
    wall_left=0,
    dealer=0,
)
"""The view before any table exists (an augment draft), and what an agent that never looks gets."""


def _shown_melds(seat: Seat, hidden: bool) -> tuple[Meld, ...]:
    """A player's melds the viewer sees; ``hidden`` (another's, before they win): no concealed
    kong."""
    if not hidden:
        return seat.melds
    return tuple([m for m in seat.melds if m.kind is not MeldKind.ANKAN])


def _laid_faces(melds: tuple[Meld, ...], kongs: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """A player's ``melds`` as kind and faces, then face down the ones of its ``kongs`` concealed
    kongs they do not name."""
    named = sum(1 for m in melds if m.kind is MeldKind.ANKAN)
    return tuple([(m.kind.value, m.tiles) for m in melds]) + ((MeldKind.ANKAN.value, ()),) * (kongs - named)


def _meld_faces(seat: Seat, hidden: bool) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """A player's melds as kind and faces; ``hidden`` (another's, before they win): concealed kongs
    face down."""
    return tuple([(m.kind.value, () if hidden and m.kind is MeldKind.ANKAN else m.tiles) for m in seat.melds])


def build_view(
    table: Table[PlayerState],
    me: int,
    *,
    contracts_public: bool | None = None,
    augments: tuple[tuple[str, ...], ...],
    scores: tuple[int, ...],
    seen: tuple[int, ...] = (),
    cards: Mapping[str, CompiledCard] = NO_CARDS,
    treasure: frozenset[int] = frozenset(),
    drawn: Mapping[int, int] = NO_DRAWS,
) -> PlayerView:
    """The view of ``me``, a snapshot of the table now: own hand in full, others' concealed kongs
    face down until they have won, everything public; the contracts are public as
    ``contracts_public`` says, by default once every player has chosen one (§9.4); ``treasure`` is
    the faces the modules mark as treasure for ``me`` (§8.3); ``drawn`` the tile each player's
    latest draw gave it, by player (the round's record, ``Round.win_tile``), of which only ``me``'s
    is read, and only while ``me`` holds it (R500).  Nothing in it leads back to the table."""
    return Snapshot(
        table,
        me,
        contracts_public=contracts_public,
        augments=augments,
        scores=scores,
        seen=seen,
        cards=cards,
        treasure=treasure,
        drawn=drawn.get(me),
    )
