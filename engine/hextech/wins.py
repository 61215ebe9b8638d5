"""Wins and exits (§11 phases 3–5, §12): the self-draw claim, the judge, multiple ron in seat order,
the winner leaving, and who plays next.

A winner is scored and leaves at once; play goes on from the seat after the
winner (self-draw) or after the discarder (ron), skipping seats that have won
(§12.1, §12.2).  The third win ends the round wherever the flow stands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from engine.core.hand import is_complete_counts
from engine.core.hand_counts import count_hand
from engine.core.seats import PLAYERS
from engine.core.tiles import FACES, kind_of_instance
from engine.hextech.abandon_window import abandon
from engine.hextech.bus import Step
from engine.hextech.card_ids import base_of
from engine.hextech.card_runtime import end_holder
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.hookspecs import ScoreContribution, WinSummary
from engine.hextech.round_state import RoundState
from engine.hextech.rules import OfferedWin, WinClaim, WinVerdict, binding_form, fits_form, grant_reach
from engine.hextech.state import ContractStatus, Win, WinWay

WINS_TO_END = 3


class EndReason(StrEnum):
    """Why a round ended (§11 phases 5 and 6)."""

    THIRD_WIN = "third_win"
    WALL_EXHAUSTED = "wall_exhausted"


class RoundOver(Exception):
    """The third win or the exhausted wall ends the round wherever the flow stands (§11 phases 5, 6)."""

    def __init__(self, reason: EndReason) -> None:
        self.reason = reason


@dataclass(init=False)
class Turn:
    """Who acts next and how their turn starts (its ``__init__`` written out, so that the compiled
    build compiles it: docs/performance.md)."""

    player: int
    draw: bool

    def __init__(self, player: int, draw: bool = True) -> None:
        self.player = player
        self.draw = draw


def self_draw_claim(rnd: RoundState, p: int, *, first: bool) -> WinClaim:
    """天胡: the dealer's first action on the dealt hand; 地胡: a non-dealer's first normal draw with
    no chi, pon or kong before it (§13.10.5, §13.10.6)."""
    t = rnd.table
    player = t.players[p]
    return WinClaim(
        WinWay.SELF_DRAW,
        rinshan=rnd.rinshan,
        last_tile=not t.wall,
        heavenly=first and p == rnd.dealer and player.normal_draws == 0,
        earthly=p != rnd.dealer and player.normal_draws == 1 and not t.any_call and not rnd.rinshan,
    )


def winnable(rnd: RoundState, p: int) -> bool:
    """Whether ``p``'s concealed tiles, the drawn tile among them, pass the judge's own pre-check
    (:meth:`Rules.judge_win`): complete when plain, within the grants' reach otherwise, or in the
    contract's own form (B-14, B-15).  Asked before the judge at every self-draw, from the counts
    kept while the hand is unchanged."""
    player = rnd.table.players[p]
    counted = count_hand(rnd.hand_counts, p, player.hand)
    reach = grant_reach(rnd.rules, rnd.table, p)
    if reach is None:
        form = binding_form(rnd.rules, rnd.table, p)
        near = counted.shanten(len(player.melds)) < rnd.rules.grants_reach(p)
        return near or (form is not None and fits_form(form, counted.vector))
    if reach == 0:
        return is_complete_counts(counted.vector, len(player.melds))
    return counted.shanten(len(player.melds)) < reach


def can_win(rnd: RoundState, p: int, tile: int, claim: WinClaim) -> bool:
    """Whether ``p`` may hu on ``tile`` this way: a legal hu that passes the contract gate (§12, §9).
    The verdict is kept for the settlement of the hu, if ``p`` takes it (:func:`settle_wins`)."""
    order = len(rnd.wins) + 1
    verdict = judge(rnd, p, tile, claim)
    rnd.rules.offered[p] = OfferedWin(tile, claim, order, verdict)
    return verdict is not None


def judge(rnd: RoundState, p: int, tile: int, claim: WinClaim, *, ahead: int = 0) -> WinVerdict | None:
    """The judge's verdict on ``p`` winning on ``tile`` (the score, the contract gate), or ``None``;
    ``ahead`` counts the winners of the same discard settled before ``p`` (§12.3)."""
    marks = (lambda: rnd.marked(p, TREASURE)) if rnd.cards.tile_marks is not None else None
    return rnd.rules.judge_win(
        rnd.table,
        p,
        kind_of_instance(tile),
        claim,
        order=len(rnd.wins) + 1 + ahead,
        window_opened=rnd.abandon_window_done,
        treasure=marks,
        extra=module_items(rnd, p, tile, claim),
    )


def _settled_verdict(rnd: RoundState, p: int, tile: int, claim: WinClaim, *, ahead: int) -> WinVerdict | None:
    """The verdict a winner is settled with: the one ``p``'s hu was offered on, when it was judged
    on the same tile, way and hu order, since nothing moves between the offer and the settlement;
    judged afresh otherwise (a later winner of a multiple ron has a later order, §12.3)."""
    kept = rnd.rules.offered.pop(p, None)
    if kept is not None and kept.matches(tile, claim, len(rnd.wins) + 1 + ahead):
        return kept.verdict
    return judge(rnd, p, tile, claim, ahead=ahead)


def module_items(
    rnd: RoundState, p: int, tile: int, claim: WinClaim
) -> Callable[[], tuple[ScoreContribution, ...]] | None:
    """The enabled modules' score items for ``p`` winning on ``tile`` (``hexmj_score_items``, §13)."""
    items = rnd.cards.score_items
    if items is None:
        return None
    player = rnd.table.players[p]

    def ask() -> tuple[ScoreContribution, ...]:
        hand = [kind_of_instance(i) for i in player.hand]
        if claim.way is not WinWay.SELF_DRAW:
            hand.append(kind_of_instance(tile))
        hand += [k for m in player.melds for k in m.meld.tiles]
        return items(WinSummary(p, tuple(sorted(hand)), kind_of_instance(tile)))

    return ask


def settle_wins(rnd: RoundState, winners: list[int], tile: int, claim: WinClaim) -> Step:
    """Score each winner in order and let them leave (§11 phases 3–5, §12.3, §12.5).  In a multiple
    ron the discard physically joins the first winner's tiles; every winner is scored with it.  The
    winners of one discard win at the same moment: all are judged before the first one's hu sets off
    any card, which cannot cancel a legal hu (§6.6, §15; R127), and every one of them is about to
    leave from then on: none answers a discard a card's effect makes meanwhile (R24, R141)."""
    t = rnd.table
    verdicts = [_settled_verdict(rnd, q, tile, claim, ahead=ahead) for ahead, q in enumerate(winners)]
    rnd.exiting.update(winners)
    for q, verdict in zip(winners, verdicts, strict=True):
        assert verdict is not None
        player = t.players[q]
        if claim.way is not WinWay.SELF_DRAW and q == winners[0]:
            player.hand.append(tile)
        win = Win(
            player=q,
            order=len(rnd.wins) + 1,
            way=claim.way,
            tile=kind_of_instance(tile),
            from_player=claim.from_player,
            total=verdict.total,
            items=verdict.items,
            wall_left=len(t.wall),
        )
        rnd.wins.append(win)
        rnd.exiting.add(q)
        if verdict.abandons:
            abandon(rnd, q)
        rnd.exercised.update(base_of(g) for g in verdict.grants_used)
        if verdict.contract_met and player.contract_status is ContractStatus.OPEN:
            player.contract_status = ContractStatus.COMPLETED
            yield from rnd.emit("contract.completed", q, at_hu=True)
        yield from rnd.emit(
            "hu.confirmed",
            q,
            way=claim.way.value,
            tile=FACES[win.tile],
            order=win.order,
            total=win.total,
            form=verdict.form,
        )
        player.won = True
        yield from end_holder(rnd, q)
        yield from rnd.emit("player.exited", q, remaining=sum(t.in_game(x) for x in range(4)))
    named = [PLAYERS[q] for q in winners]
    remaining = sum(t.in_game(x) for x in range(4))
    if decided(rnd):
        rnd.record("hu.settled", winners=named, remaining=remaining)
        return
    yield from rnd.emit("hu.settled", winners=named, remaining=remaining)


def decided(rnd: RoundState) -> bool:
    """The round's third hu is settled: the round is over, and what settles now is only recorded,
    for no card acts in a round that has ended (§11 phase 6, R570)."""
    return len(rnd.wins) >= WINS_TO_END


def end_if_decided(rnd: RoundState) -> None:
    """End the round once its third hu has settled (§11 phase 6)."""
    if decided(rnd):
        raise RoundOver(EndReason.THIRD_WIN)


def after_exit(rnd: RoundState, source: int) -> Turn | None:
    """Play goes on from the next in-game seat after ``source`` (§12.1, §12.2)."""
    nxt = rnd.table.next_in_game(source)
    return None if nxt is None else Turn(nxt)
