"""A card's own state: what one card in force keeps for the player it acts for, read and written by
its effect primitives, its facts and the rules that judge it (lib 二.1, §9.5, §14.4, §15).

Each card in a round has one :class:`CardState` per player it is held for (its holder; ``None`` for a
world card), kept in the round's :class:`CardStates` by the card's base id:

- the values its holder chose for it (``choose_value … as:``, ``choose one``), which its later
  triggers and the scorer read (B-11's suit, B-15's number, F-R02's route);
- what a module's primitive last reported of it (``challenge_lost``, F-R02);
- the tiles it made public as a contract, public until the round ends, and how many of them its
  holder has discarded (公开牌, B-09 "累计弃出超过1张公开牌");
- the tile it obliges its holder to discard (强制弃牌: a ``keep_drawn`` static forbids keeping the
  drawn tile) and how many such discards were made (B-10 "完成3次强制弃牌").

The flow of the round names no card: it asks the store the two things a discard needs — which copy
of a face a card obliges the player to part with (:meth:`CardStates.must_discard`), and whether the
discard just made was such a forced one (:meth:`CardStates.forced`), which no card may take back
(H4) — and tells it of every discard and every discard taken back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

NO_VALUES: Mapping[str, object] = {}
"""The values of a card nobody has chosen anything for."""


@dataclass(slots=True, eq=False)
class CardState:
    """One card's own state for one player in a round (each its own: two are never equal)."""

    values: dict[str, object] = field(default_factory=dict)
    """What the holder chose for the card (``choose_value … as: name``, the ``choice`` of ``choose one``)."""
    reported: Mapping[str, object] = field(default_factory=dict)
    """What a module's primitive last reported of the card for the holder (``challenge_lost``)."""
    revealed: set[int] = field(default_factory=set)
    """The tiles the card, a contract, made public for the rest of the round (公开牌, §14.4, B-09)."""
    revealed_discarded: int = 0
    """How many of :attr:`revealed` the holder has discarded (B-09; a discard taken back uncounted, R128)."""
    forced_tile: int | None = None
    """The tile the card obliges the holder to discard this turn (强制弃牌: ``keep_drawn``, B-10, R352)."""
    forced_discards: int = 0
    """How many discards the card has forced (B-10 "完成3次强制弃牌")."""

    def restart(self) -> None:
        """The card's progress starts again: a contract put in force anew reads nothing of before
        ("原进度清零", O-X08, G-06, G-16, R556); what was chosen for it stays."""
        self.revealed.clear()
        self.revealed_discarded = self.forced_discards = 0
        self.forced_tile = None


class CardStates:
    """Every card's own state in one round, by card (base id) and the player it is held for."""

    __slots__ = ("_forced", "_of_player", "_states")

    def __init__(self) -> None:
        self._states: dict[tuple[str, int | None], CardState] = {}
        self._of_player: dict[int, list[CardState]] = {}
        """Each player's card states that a discard may concern: those with tiles revealed or forced."""
        self._forced: set[int] = set()
        """The players whose latest discard a card forced (H4: no card takes it back)."""

    def of(self, card: str, player: int | None) -> CardState:
        """The state of ``card`` for ``player``, begun now if the card has none yet."""
        state = self._states.get((card, player))
        if state is None:
            state = self._states[(card, player)] = CardState()
        return state

    def get(self, card: str, player: int | None) -> CardState | None:
        """The state of ``card`` for ``player``, if it has one."""
        return self._states.get((card, player))

    def values(self, card: str, player: int | None) -> Mapping[str, object]:
        """What ``player`` chose for ``card``."""
        state = self._states.get((card, player))
        return NO_VALUES if state is None else state.values

    def restart(self, card: str, player: int) -> None:
        """``card``'s progress for ``player`` starts again (:meth:`CardState.restart`)."""
        state = self._states.get((card, player))
        if state is not None:
            state.restart()

    def reveal(self, card: str, player: int, tiles: list[int]) -> None:
        """``card``, a contract, made ``tiles`` of ``player``'s hand public for the round (B-09)."""
        state = self.of(card, player)
        state.revealed.update(tiles)
        self._concern(player, state)

    def force(self, card: str, player: int, tile: int | None) -> None:
        """``card`` obliges ``player`` to discard ``tile`` this turn (``keep_drawn``, B-10)."""
        state = self.of(card, player)
        state.forced_tile = tile
        self._concern(player, state)

    def _concern(self, player: int, state: CardState) -> None:
        concerned = self._of_player.setdefault(player, [])
        if state not in concerned:
            concerned.append(state)

    def must_discard(self, player: int) -> int | None:
        """The tile a card obliges ``player`` to discard now, if any (强制弃牌)."""
        for state in self._of_player.get(player, ()):
            if state.forced_tile is not None:
                return state.forced_tile
        return None

    def discarded(self, player: int, tile: int) -> None:
        """``player`` discarded ``tile``: a public contract tile is counted (B-09), a forced one is
        done (B-10), and whether this discard was forced is kept (:meth:`forced`)."""
        forced = False
        for state in self._of_player.get(player, ()):
            if tile in state.revealed:
                state.revealed_discarded += 1
            if state.forced_tile == tile:
                state.forced_discards += 1
                state.forced_tile = None
                forced = True
        if forced:
            self._forced.add(player)
        else:
            self._forced.discard(player)

    def forced(self, player: int) -> bool:
        """Whether the discard ``player`` made last was one a card forced (H4: L3 beats L4)."""
        return player in self._forced

    def taken_back(self, player: int, tile: int) -> bool:
        """``player``'s discard of ``tile`` was taken back and counts as never made: a contract's
        public tile is no public discard any more; true when a contract keeps the tile public (R128)."""
        public = False
        for state in self._of_player.get(player, ()):
            if tile in state.revealed:
                state.revealed_discarded -= 1
                public = True
        return public

    def forced_discards(self, player: int) -> int:
        """How many discards cards have forced on ``player`` this round."""
        return sum(state.forced_discards for state in self._of_player.get(player, ()))
