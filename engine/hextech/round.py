"""One round (局) from the deal to its end: the flow of §11 and the play after a win of §12.

:meth:`Round.play` is a generator: it yields every :class:`Decision` a player
must take and resumes with the answer, and returns the :class:`RoundResult`.
Set-up (§11 phase 1): the wall is shuffled, the dealer gets 14 tiles and the
others 13, flowers are replaced from the tail, effects timed "after the deal,
before contracts" run, contracts are offered 2 normal + 1 black and chosen
secretly.  Play (phase 2): normal draws from the front, flowers and kongs
replaced from the tail, concealed / exposed / added kongs (an added kong may
be robbed), chi from the upper seat only unless a card says otherwise, pon,
hu with priority hu > pon/kong > chi and multiple ron in seat order from the
discarder.  A winner leaves and play goes on from the seat after the winner
(self-draw) or after the discarder (ron), skipping seats that have won; the
round ends at the third win or when the wall is exhausted (phases 3–6).  The
abandon window opens once, the first time the drawable tiles fall to 24 or
fewer, after the action in progress has settled (§10).

:class:`Round` plays a round from phase to phase, the side of the core's round loop
(:func:`engine.core.flow.run_round`) that opens it, plays each turn and closes it.  Its state and
the delivery of its events are :class:`engine.hextech.round_state.RoundState`'s; each part of the
flow is a module of functions taking that state: :mod:`engine.hextech.setup`
(phase 1), :mod:`engine.hextech.turn`, :mod:`engine.hextech.draws` and :mod:`engine.hextech.calls`
(phase 2), :mod:`engine.hextech.wins` (phases 3–5), :mod:`engine.hextech.abandon_window`
(§10).  The cards in play (:class:`engine.hextech.round_cards.Cards`) are run by
:mod:`engine.hextech.card_runtime`; their effects act on the round as
:class:`engine.hextech.effects.context.RoundTable` declares it, and :class:`Round`
carries out what they ask of it through those modules (the dependency points one
way: the flow and the effects import none of this module).  Importing this
module registers the effect primitives (:data:`PRIMITIVE_GROUPS`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from engine.core.decisions import Decision
from engine.core.flow import run_round
from engine.core.seats import PLAYERS
from engine.hextech import abandon_window, card_runtime, draws, turn, words
from engine.hextech.bus import Step
from engine.hextech.card_ids import base_of
from engine.hextech.effects.context import Ctx
from engine.hextech.hookspecs import SetupStage
from engine.hextech.round_state import DrawnCard, RoundState
from engine.hextech.setup import choose_contracts, deal, opener
from engine.hextech.state import ContractStatus, Win
from engine.hextech.vocabulary import CompiledCard, Program, StaticRule
from engine.hextech.wins import EndReason, RoundOver, Turn

PRIMITIVE_GROUPS = words.FAMILIES
"""The families of the words card programs run; importing them registers their runs
(:func:`engine.hextech.effects.program.primitive`)."""


@dataclass
class RoundResult:
    """What a round produced: its wins in order, each player's points, and why it ended."""

    wins: list[Win]
    scores: list[int]
    penalties: list[int]
    contracts: list[str | None]
    statuses: list[ContractStatus]
    reason: EndReason
    wall_left: int
    turns: int
    drawn: list[DrawnCard]
    exercised: set[str]
    returned_contracts: dict[str, list[str]]
    acted: dict[str, int] = field(default_factory=dict)
    """Per base id, the times a card's ability ran and acted (§18.3)."""
    unable: dict[str, int] = field(default_factory=dict)
    """Per base id, the times a card's ability was called on and could do nothing (§6.8, §18.3)."""


class Round(RoundState):
    """A round's flow from the deal to its end, and what card effects ask of it; drive it with
    :meth:`play`."""

    end_reason: EndReason
    """Why the round ended: the third win, or else the exhausted wall (§11 phases 5, 6)."""

    def play(self) -> Generator[Decision, str, RoundResult]:
        """Deal, choose contracts, play until the third win or the exhausted wall (§11), in the
        core's round loop (:func:`engine.core.flow.run_round`) with this round as its side."""
        return run_round(self)

    def open_round(self) -> Generator[Decision, str, Turn | None]:
        """§11 phase 1: the start, the deal, the effects timed after the deal, ``setup.ready`` and the
        contracts; then play begins with the dealer's opening turn (no draw), or none when the
        third win came meanwhile."""
        self.end_reason = EndReason.WALL_EXHAUSTED
        yield from self.start()
        try:
            yield from deal(self)
            if self.cards.setup is not None:
                yield from self.cards.setup(SetupStage.AFTER_DEAL, self.dealer)
            yield from self.emit("setup.ready")
            yield from choose_contracts(self)
            self.phase = "play"
            return Turn(opener(self), draw=False)
        except RoundOver as over:
            self.end_reason = over.reason
            return None

    def play_turn(self, at: Turn) -> Generator[Decision, str, Turn | None]:
        """A rotation turn (:func:`engine.hextech.turn.play_turn`): the next, or none when the wall is
        exhausted or the third win ends the round wherever the flow stands (§11 phases 5, 6)."""
        try:
            return (yield from turn.play_turn(self, at))
        except RoundOver as over:
            self.end_reason = over.reason
            return None

    def close_round(self) -> Generator[Decision, str, RoundResult]:
        """``round.ended``, the cards' slots closed, the result."""
        yield from self.emit("round.ended", reason=self.end_reason.value)
        card_runtime.close_slots(self)
        return self._result(self.end_reason)

    def start(self) -> Step:
        """§11 phase 1 begins: the world card (if already known) and the augments are put in force, then
        ``round.started`` is delivered, so augments timed "at the start of the round" hear it (G-08).
        Once; :meth:`play` calls it if the session did not."""
        if self._started:
            return
        self._started = True
        if self.cards.world is not None:
            card_runtime.register(self, self.cards.world, None)
        for p, held in enumerate(self.cards.augments):
            for card in held:
                card_runtime.register(self, card, p)
        yield from self.emit("round.started", self.dealer, round=self.number, dealer=PLAYERS[self.dealer])

    # -- what card effects ask of the round ----------------------------------------------------

    def acquire(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """A tile enters ``p``'s hand (:func:`engine.hextech.draws.acquire`)."""
        return draws.acquire(self, p, tile, via, cause, **data)

    def announce(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """The events of a tile already in ``p``'s hand (:func:`engine.hextech.draws.announce`)."""
        return draws.announce(self, p, tile, via, cause, **data)

    def card_discard(self, p: int, cause: str) -> Step:
        """A discard a card makes ``p`` take (:func:`engine.hextech.turn.card_discard`)."""
        return turn.card_discard(self, p, cause)

    def resolve(self, ctx: Ctx, steps: Program) -> Step:
        """Run a card's program (:func:`engine.hextech.card_runtime.resolve`)."""
        return card_runtime.resolve(self, ctx, steps)

    def draw_card(self, deck_name: str, p: int, cause: str, offered: int = 1) -> Step:
        """Draw a chance or party card for ``p`` and resolve it (:func:`card_runtime.draw_card`)."""
        return card_runtime.draw_card(self, deck_name, p, cause, offered)

    def ask_redraw(self) -> None:
        """Put away the card being announced and draw another (:func:`card_runtime.ask_redraw`)."""
        card_runtime.ask_redraw(self)

    def add_status(self, ctx: Ctx, rule: StaticRule) -> None:
        """A static in force until its duration ends (:func:`engine.hextech.card_runtime.add_status`)."""
        card_runtime.add_status(self, ctx, rule)

    def add_later(self, ctx: Ctx, until: str, steps: Program) -> None:
        """Steps to run when the holder's duration ends (:func:`engine.hextech.card_runtime.add_later`)."""
        card_runtime.add_later(self, ctx, until, steps)

    def register(self, card: CompiledCard, holder: int | None) -> None:
        """Put a card in force for its holder (:func:`engine.hextech.card_runtime.register`)."""
        card_runtime.register(self, card, holder)

    def end_card(self, card_id: str, p: int) -> None:
        """End ``card_id`` for ``p`` (:func:`engine.hextech.card_runtime.end_card`)."""
        card_runtime.end_card(self, card_id, p)

    def abandon(self, p: int) -> None:
        """``p`` gives up the contract (:func:`engine.hextech.abandon_window.abandon`)."""
        abandon_window.abandon(self, p)

    # -- helpers -----------------------------------------------------------------------

    def _settled_contracts(self) -> set[str]:
        """Contracts whose condition was decided this round: completed, failed, or read at the holder's hu."""
        done = (ContractStatus.COMPLETED, ContractStatus.FAILED)
        return {
            base_of(p.contract)
            for p in self.table.players
            if p.contract and (p.contract_status in done or p.won)
        }

    def _result(self, reason: EndReason) -> RoundResult:
        t = self.table
        scores = [0, 0, 0, 0]
        for win in self.wins:
            scores[win.player] += win.total
        for p in range(4):
            if t.in_game(p):
                scores[p] += self.rules.non_winner_points(t, p)
            scores[p] += self.penalties[p]
        return RoundResult(
            wins=list(self.wins),
            scores=scores,
            penalties=list(self.penalties),
            contracts=[pl.contract for pl in t.players],
            statuses=[pl.contract_status for pl in t.players],
            reason=reason,
            wall_left=len(t.wall),
            turns=self.turn_number,
            drawn=self.drawn,
            exercised=self.exercised | self.rules.decided | self._settled_contracts(),
            returned_contracts=self.offered.returned,
            acted=dict(self.acted),
            unable=dict(self.unable),
        )
