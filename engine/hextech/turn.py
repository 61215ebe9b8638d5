"""A rotation turn (§11 phase 2): the abandon window if due, the normal draw, the acting player's
choices (hu, kongs, a discard), and the discard with the responses to it (§12.2, §12.3).

The acting player's choices run in the core's turn loop (:func:`engine.core.flow.own_turn`), with
hextech's steps as its :class:`~engine.core.flow.OwnTurn`.  The legal discards fall back level by
level when card rules forbid every tile (§15); a discard a card makes a player take has its own
nested response window and carries the card's cause (H9).
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Final

from engine.core.decisions import HU, Decision, DecisionKind, put
from engine.core.flow import own_turn
from engine.core.hand_counts import count_hand
from engine.core.melds import MeldKind
from engine.core.responses import after_discard
from engine.core.tiles import FACES, INSTANCE_KINDS
from engine.hextech import calls
from engine.hextech.abandon_window import abandon_window
from engine.hextech.bus import RULE, Step
from engine.hextech.calls import declare_kong, kong_added, kong_options, kong_robbed, make_call, responses
from engine.hextech.draws import normal_draw
from engine.hextech.round_state import RoundState
from engine.hextech.rules import WinClaim
from engine.hextech.state import PlayerState, WinWay
from engine.hextech.wins import (
    EndReason,
    RoundOver,
    Turn,
    after_exit,
    can_win,
    decided,
    end_if_decided,
    self_draw_claim,
    settle_wins,
    winnable,
)


def play_turn(rnd: RoundState, turn: Turn) -> Generator[Decision, str, Turn | None]:
    """One rotation turn: the abandon window if due, ``turn.started``, the draw, own actions and a
    discard.  The dealer's opening turn (14 tiles, no draw) is a turn too: it starts, so "你的下一回合"
    of a card the dealer drew at set-up is that turn (lib 二.1, R130)."""
    yield from abandon_window(rnd)
    p = turn.player
    if not rnd.table.in_game(p):
        return after_exit(rnd, p)
    rnd.actor = rnd.turn_of = p
    rnd.owing.add(p)
    rnd.turn_number += 1
    if "turn.started" in rnd.audible:
        yield from rnd.emit("turn.started", p, seat=rnd.table.seat_of[p])
    if turn.draw:
        yield from normal_draw(rnd, p)
    nxt = yield from act(rnd, p, drawn=True)
    yield from turn_ended(rnd, rnd.turn_of)
    return nxt


def turn_ended(rnd: RoundState, p: int) -> Step:
    """``p``'s turn is over: its discard and the responses to it (or its hu) are settled (lib 二.1
    本回合).  A turn whose discard is called ends there, and the caller's own turn begins (R557)."""
    if "turn.ended" in rnd.audible:
        yield from rnd.emit("turn.ended", p, seat=rnd.table.seat_of[p])


def act(rnd: RoundState, p: int, *, drawn: bool) -> Generator[Decision, str, Turn | None]:
    """The acting player's choices after a draw or a call: hu, kongs, then a discard (§11 phase 2),
    in the core's turn loop (:func:`engine.core.flow.own_turn`)."""
    rnd.owing.add(p)
    if "idle" in rnd.audible:
        yield from rnd.emit("idle", p)
    return (yield from own_turn(_Act(rnd, p, drawn=drawn)))


class _Act:
    """A player's action: the hextech side of the core's turn loop and of the core's sequences after
    its discard and its added kong (:func:`engine.core.responses.after_discard`, ``added_kong``).
    In its turn: ``discard.before`` before every choice, the self-drawn win only on a drawn tile
    (``drawn``) and as the judge allows, the kongs as card rules allow, the discards of every §15
    level; a player whose choice is pending owes its turn action (H9) until it wins, discards or is
    robbed.  Of its discard (its turn's, or one a card's ``cause`` makes it take): whether it was the
    turn's normal discard (``normal``), the seat it was made from (``seat``) and whether it was the
    wall's last tile's (``last_tile``, 海底), as they stood when it went to the river."""

    __slots__ = ("cause", "claim", "drawn", "last_tile", "normal", "p", "rnd", "seat", "tiers", "win_tile")

    def __init__(self, rnd: RoundState, p: int, *, drawn: bool, cause: str | None = None) -> None:
        self.rnd = rnd
        self.p = p
        self.drawn = drawn
        self.cause = cause
        self.claim: WinClaim | None = None
        self.win_tile: int | None = None
        self.normal = False
        self.seat = 0
        self.last_tile = False
        self.tiers: Mapping[str, tuple[int, int]] = calls.TIERS
        """The ``hextech`` declaration's call tiers (:data:`engine.hextech.calls.TIERS`)."""

    def choose(self) -> Generator[Decision, str, str]:
        """``discard.before``, then the choice among hu, the kongs and the discards."""
        rnd, p = self.rnd, self.p
        t = rnd.table
        player = t.players[p]
        if "discard.before" in rnd.audible:
            yield from rnd.emit("discard.before", p)
        first = rnd.first_turn
        rnd.first_turn = False
        win_tile = self.win_tile = rnd.win_tile.get(p)
        own: list[str] = []
        self.claim = None
        if self.drawn and win_tile in player.hand and winnable(rnd, p):
            claim = self.claim = self_draw_claim(rnd, p, first=first)
            if can_win(rnd, p, win_tile, claim):
                own.append(HU)
        if self.drawn and t.wall:
            own += kong_options(rnd, p)
        discards = discard_options(rnd, p)
        return (yield put(DecisionKind.TURN, p, (*own, *discards) if own else discards))

    def win(self) -> Generator[Decision, str, Turn | None]:
        """The self-drawn win is settled and the winner leaves."""
        rnd, p = self.rnd, self.p
        assert self.win_tile is not None and self.claim is not None
        rnd.owing.discard(p)
        yield from settle_wins(rnd, [p], self.win_tile, self.claim)
        end_if_decided(rnd)
        return after_exit(rnd, p)

    def discard(self, face: int) -> Generator[Decision, str, Turn | None]:
        """The discard and its response window."""
        self.rnd.owing.discard(self.p)
        return after_discard(self, self.p, face)

    def kong(self, added: bool, face: int) -> Generator[Decision, str, bool]:
        """The kong, robbed or established and replaced; a new choice follows on a drawn tile."""
        robbed = yield from declare_kong(
            self.rnd, self, self.p, MeldKind.KAKAN if added else MeldKind.ANKAN, face
        )
        if robbed:
            self.rnd.owing.discard(self.p)
            return False
        self.drawn = True
        return True

    def ended(self) -> Turn | None:
        """A robbed kong: play goes on after the robbed player."""
        return after_exit(self.rnd, self.p)

    def discarded(self, p: int, face: int) -> Generator[Decision, str, int]:
        """``p`` puts a copy of ``face`` in the river (§11 phase 2), ``discard.made``; a discard a
        card takes back is made again (P-10).  The tile that lies in the river when the window opens;
        its seat kept, so the next turn goes to the seat after the seat the discard was made from,
        whoever sits there once the discard has settled (O-X01 at ``discard.settled``, §14.3)."""
        rnd, cause = self.rnd, self.cause
        t = rnd.table
        player = t.players[p]
        self.seat = t.seat_of[p]
        tile = _copy_to_discard(player, face, rnd.card_states.must_discard(p))
        player.hand.remove(tile)
        player.river.append(tile)
        player.last_discard = tile
        player.discarded.append(face)
        player.revealed.discard(tile)
        rnd.card_states.discarded(p, tile)
        drawn = rnd.win_tile.pop(p, None)
        rnd.rinshan = False
        drew = p in rnd.drew
        self.normal = drew and (cause or rnd.ambient) == RULE
        rnd.drew.discard(p)
        self.last_tile = not t.wall
        shown = FACES[face]
        rnd.just_discarded[p] = tile
        if rnd.first_discard:
            rnd.first_discard = False
            yield from rnd.emit("discard.first_of_round", p, cause, tile=shown)
        if "discard.made" in rnd.audible:
            yield from rnd.emit("discard.made", p, cause, tile=shown, k=len(player.discarded))
        rnd.just_discarded.pop(p, None)
        if p in rnd.taken_back:
            again = yield from _discard_again(self, face, drawn, drew)
            return (yield from self.discarded(p, again))
        return tile

    def respond(self, source: int, tile: int, rob: bool) -> Generator[Decision, str, dict[int, str]]:
        """The window on the discard or added kong (:func:`engine.hextech.calls.responses`)."""
        return responses(self.rnd, source, tile, rob=rob)

    def settled(self, p: int, tile: int, outcome: str) -> Step:
        """``discard.settled``: ``p``'s discard ``tile`` came to ``outcome`` (``none``, ``ron``,
        ``called``), told with whether it was a normal discard (§11 phase 2)."""
        yield from self.rnd.emit(
            "discard.settled",
            p,
            self.cause,
            tile=FACES[INSTANCE_KINDS[tile]],
            outcome=outcome,
            normal=self.normal,
        )

    def unclaimed(self, p: int, tile: int) -> Generator[Decision, str, Turn | None]:
        """Nobody claimed the discard: it extends the discarder's run of uncalled discards (W-16,
        P-06), ``discard.settled`` with nothing, and the next seat plays (§11 phase 2)."""
        rnd = self.rnd
        rnd.table.players[p].uncalled_streak += 1
        if "discard.settled" in rnd.audible:
            yield from self.settled(p, tile, "none")
        nxt = rnd.table.next_after_seat(self.seat)
        return None if nxt is None else Turn(nxt)

    def ron(self, p: int, tile: int, winners: list[int]) -> Generator[Decision, str, Turn | None]:
        """The winners leave with the discard (§12.2, §12.3 一炮多响); the third win ends the round
        (§11 phase 5), its ``discard.settled`` recorded but heard by no card (R570); else play goes
        on from the seat after the discarder's."""
        rnd = self.rnd
        player = rnd.table.players[p]
        shown = FACES[INSTANCE_KINDS[tile]]
        player.river.remove(tile)
        player.uncalled_streak += 1
        yield from settle_wins(
            rnd, winners, tile, WinClaim(WinWay.RON, from_player=p, last_tile=self.last_tile)
        )
        if decided(rnd):
            rnd.record("discard.settled", p, self.cause, tile=shown, outcome="ron", normal=self.normal)
            raise RoundOver(EndReason.THIRD_WIN)
        yield from self.settled(p, tile, "ron")
        nxt = rnd.table.next_after_seat(self.seat)
        return None if nxt is None else Turn(nxt)

    def call(self, p: int, tile: int, caller: int, answer: str) -> Generator[Decision, str, Turn | None]:
        """The call is made and ends the discarder's run of uncalled discards; a call on a turn's own
        discard ends that turn before the caller's begins (R557), and the caller acts (§12.2)."""
        rnd = self.rnd
        rnd.table.players[p].uncalled_streak = 0
        yield from make_call(rnd, caller, p, tile, answer)
        yield from self.settled(p, tile, "called")
        if (self.cause or rnd.ambient) == RULE:
            yield from turn_ended(rnd, p)
            rnd.turn_of = caller
        return (yield from act(rnd, caller, drawn=answer == "kong"))

    def robbed(self, p: int, tile: int, robbers: list[int]) -> Step:
        """The added kong is robbed (:func:`engine.hextech.calls.kong_robbed`)."""
        return kong_robbed(self.rnd, p, tile, robbers)

    def stands(self, p: int, tile: int) -> Step:
        """The added kong stands (:func:`engine.hextech.calls.kong_added`)."""
        return kong_added(self.rnd, p, tile)


_DISCARDS: Final[tuple[str, ...]] = tuple(f"discard {face}" for face in FACES)
"""Each face's discard option, as agents answer it."""
_DISCARD_FACES: Final = {text: k for k, text in enumerate(_DISCARDS)}
"""The face each discard option names."""


def discard_options(rnd: RoundState, p: int) -> tuple[str, ...]:
    """The legal discards; each §15 level of card rules falls back to what the levels above it
    allow when it forbids every tile (O-N03, O-N08, B-11 fallbacks; CARD-INVENTORY §3 pair 6)."""
    player = rnd.table.players[p]
    held = count_hand(rnd.hand_counts, p, player.hand)
    binds = rnd.rules.binds_discards(p)
    if not binds and not held.flowers:
        return tuple([_DISCARDS[k] for k, n in enumerate(held.vector) if n])
    faces = sorted(set(map(INSTANCE_KINDS.__getitem__, player.hand)))
    if binds:
        drawn = rnd.win_tile.get(p)
        drawn_kind = INSTANCE_KINDS[drawn] if drawn is not None and drawn in player.hand else None
        faces = rnd.rules.legal_discards(rnd.table, p, faces, drawn_kind)
    return tuple(map(_DISCARDS.__getitem__, faces))


def _discard_again(act: _Act, face: int, drawn: int | None, drew: bool) -> Generator[Decision, str, int]:
    """A discard a card took back (收回, ``retract_discard``) is void and the player discards again
    (P-10 "改为弃出另一张牌", R90, R128).  The void discard took nothing from the turn: the tile drawn
    this turn is again the drawn tile, and the replacement is the turn's normal discard, so O-N03,
    O-N08, O-P03 and S-05 bind it as they bound the void one (R122, R129); it is another face than
    the one taken back unless the hand may discard nothing else (R301): the face it discards instead."""
    rnd, p = act.rnd, act.p
    rnd.taken_back.discard(p)
    if drawn is not None and drawn in rnd.table.players[p].hand:
        rnd.win_tile[p] = drawn
    if drew:
        rnd.drew.add(p)
    legal = discard_options(rnd, p)
    other = tuple(option for option in legal if option != _DISCARDS[face])
    again = yield put(DecisionKind.TURN, p, other or legal)
    return _DISCARD_FACES[again]


def _copy_to_discard(player: PlayerState, face: int, forced: int | None) -> int:
    """The copy of ``face`` that goes to the river: ``forced``, the one a card obliges the player to
    discard (强制弃牌, B-10, R352), else a hidden one before one a card revealed (B-09), then the lowest."""
    copies = [i for i in player.hand if INSTANCE_KINDS[i] == face]
    if forced is not None and forced in copies:
        return forced
    if player.revealed:
        return min(copies, key=lambda i: (i in player.revealed, i))
    return min(copies)


def card_discard(rnd: RoundState, p: int, cause: str) -> Step:
    """A discard a card makes a player take, with its own nested response window (H9); everything
    that follows from it — calls, the caller's discard, kongs, wins — carries the card's cause
    (CARD-INVENTORY §0), so world cards do not see it (§6.7)."""
    if rnd.table.players[p].won or not rnd.table.players[p].hand:
        return
    answer = yield put(DecisionKind.TURN, p, discard_options(rnd, p), cause)
    outer, rnd.ambient = rnd.ambient, cause
    try:
        yield from after_discard(_Act(rnd, p, drawn=False, cause=cause), p, _DISCARD_FACES[answer])
    finally:
        rnd.ambient = outer
