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
  drawn tile) and how many such discards were made (B-10 "完成3次强制弃牌");
- whether it made its holder's discard safe (安全弃牌, lib 二.1: S-05, O-P03, O-C01②);
- the end of the wall it binds its holder's next normal draw to (O-P07, O-C08; H17).

The flow of the round names no card: it asks the store the two things a discard needs — which copy
of a face a card obliges the player to part with (:meth:`CardStates.must_discard`), and whether the
discard just made was such a forced one (:meth:`CardStates.forced`), which no card may take back
(H4) — and tells it of every discard and every discard taken back; the responses to a discard ask
whether a card made it safe (:meth:`CardStates.safe`), and a normal draw which end a card bound it
to (:meth:`CardStates.bound_draw`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

NO_VALUES: Mapping[str, object] = {}
"""The values of a card nobody has chosen anything for."""
UNBOUND_DRAW = ("top", False)
"""A normal draw no card binds: from the top of the wall, unseen before it is drawn (§11 phase 2)."""


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
    safe: bool = False
    """The card made the holder's next discard, or the one being made, a safe one: no chi, pon or kong,
    hu stays (安全弃牌, lib 二.1, ``make_safe``), until that discard settles (R360)."""
    draw_end: tuple[str, bool] | None = None
    """The end of the wall the holder's next normal draw comes from (``top`` or ``tail``) and whether
    the holder looks at the top tile first (``set_draw_end``: O-P07, O-C08); it binds that
    draw, which no augment replaces (H17)."""

    def restart(self) -> None:
        """The card's progress starts again: a contract put in force anew reads nothing of before
        ("原进度清零", O-X08, G-06, G-16, R556); what was chosen for it stays."""
        self.revealed.clear()
        self.revealed_discarded = self.forced_discards = 0
        self.forced_tile = None


class CardStates:
    """Every card's own state in one round, by card (base id) and the player it is held for."""

    __slots__ = ("_bound", "_forced", "_of_player", "_safe", "_states")

    def __init__(self) -> None:
        self._states: dict[tuple[str, int | None], CardState] = {}
        self._of_player: dict[int, list[CardState]] = {}
        """Each player's card states that a discard may concern: those with tiles revealed or forced."""
        self._forced: set[int] = set()
        """The players whose latest discard a card forced (H4: no card takes it back)."""
        self._safe: dict[int, list[CardState]] = {}
        """Each player's card states that made the player's discard safe (安全弃牌)."""
        self._bound: dict[int, CardState] = {}
        """The card state that binds each player's next normal draw to an end (the latest to ask)."""

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

    def make_safe(self, card: str, player: int) -> None:
        """``card`` makes ``player``'s next discard, or the one being made, safe (安全弃牌, lib 二.1)."""
        state = self.of(card, player)
        state.safe = True
        holders = self._safe.setdefault(player, [])
        if state not in holders:
            holders.append(state)

    def safe(self, player: int) -> bool:
        """Whether a card made ``player``'s discard safe: nobody may chi, pon or kong it, hu stays
        (安全弃牌, lib 二.1, H15)."""
        return player in self._safe

    def settled(self, player: int) -> None:
        """``player``'s discard has settled: the safe discard a card gave is spent (lib 二.1)."""
        for state in self._safe.pop(player, ()):
            state.safe = False

    def lapsed(self, card: str, player: int) -> None:
        """``card``, a lasting card, lapsed or was let go for ``player``: the safe discard it gave and
        the draw it bound go with it (§6.9 "另一张立即放入弃牌区且不触发", R360, R720)."""
        state = self._states.get((card, player))
        if state is None:
            return
        if self._bound.get(player) is state:
            del self._bound[player]
            state.draw_end = None
        if not state.safe:
            return
        state.safe = False
        holders = self._safe[player]
        holders.remove(state)
        if not holders:
            del self._safe[player]

    def bind_draw(self, card: str, player: int, end: str, peek: bool) -> None:
        """``card`` binds ``player``'s next normal draw to ``end`` of the wall, the top tile looked at
        first with ``peek`` (O-P07, O-C08); a later binding replaces an earlier one."""
        earlier = self._bound.get(player)
        if earlier is not None:
            earlier.draw_end = None
        state = self._bound[player] = self.of(card, player)
        state.draw_end = (end, peek)

    def bound_draw(self, player: int) -> bool:
        """Whether a card bound ``player``'s next normal draw to an end (no augment replaces it, H17)."""
        return player in self._bound

    def take_draw_end(self, player: int) -> tuple[str, bool]:
        """The end ``player``'s normal draw now made comes from and whether the top tile is looked at
        first: a card's binding, spent by this draw, else the top unseen (§11 phase 2)."""
        state = self._bound.pop(player, None)
        if state is None or state.draw_end is None:
            return UNBOUND_DRAW
        end, state.draw_end = state.draw_end, None
        return end
