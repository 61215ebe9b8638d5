"""The §18.3 record of a session played at a real table, for the record store (issue 31 item 6).

Per round: the dealer, the world card and how often it acted, the treasure order, each player's
augments (how often each acted or could not), contract (completed, abandoned) and own treasure face
(P-14), every chance and
party card drawn (acted, or could not be done at all, §6.8), every challenge's outcome, the winners
in order with the wall they told, the round's points; and what only a real table gives: the round's
time from its start to its end, the rule look-ups, the missed triggers (the button, and every prompt
never answered), the disputes walked through §15.  The record's source is ``table``: it is stored
and reported apart from the sessions bots played (§18.3), a 4-round test session apart from formal
ones (§16, §18.1).
"""

from __future__ import annotations

from typing import cast

from engine.hextech.state import ContractStatus
from tools.lab.records import (
    ChallengeRecord,
    ContractRecord,
    DisputeRecord,
    DrawnCard,
    HeldCard,
    MissedTrigger,
    Mode,
    PlayerRound,
    RoundRecord,
    SessionLength,
    SessionRecord,
    TableFigures,
    WinRecord,
    WorldRecord,
    base_id,
)
from tools.physical.state import SEATS, RoundState, TableState

AGENT = "table"
"""A seat's agent in a table session's record: a person at a real table."""


def _held(rnd: RoundState, card: str) -> HeldCard:
    base = base_id(card)
    return HeldCard(card=card, triggered=rnd.acted.get(base, 0), unable=rnd.unable.get(base, 0))


def _contract(st: TableState, rnd: RoundState, player: int) -> ContractRecord | None:
    held = rnd.players[player]
    if held.contract is None:
        return None
    base = base_id(held.contract)
    return ContractRecord(
        card=held.contract,
        kind="black" if st.pool.card(held.contract).type == "black_contract" else "normal",
        completed=held.status is ContractStatus.COMPLETED,
        abandoned=held.status is ContractStatus.ABANDONED,
        triggered=rnd.acted.get(base, 0),
        unable=rnd.unable.get(base, 0),
    )


def round_record(st: TableState, rnd: RoundState) -> RoundRecord:
    """One round played as the record store keeps it."""
    players = [
        PlayerRound(
            augments=tuple(_held(rnd, card) for card in rnd.held[p]),
            contract=_contract(st, rnd, p),
            score=rnd.scores[p],
            treasure=rnd.personal_treasure.get(p),
        )
        for p in range(SEATS)
    ]
    world = None
    if rnd.world is not None:
        base = base_id(rnd.world)
        world = WorldRecord(
            card=rnd.world, triggered=rnd.acted.get(base, 0), unexecutable=rnd.unable.get(base, 0)
        )
    figures = TableFigures(
        seconds=max(0, ((rnd.end or rnd.start) - rnd.start) // 1000),
        lookups=rnd.lookups,
        missed=tuple(MissedTrigger(card=card, player=p, how=how) for card, p, how in rnd.missed),
        disputes=tuple(
            DisputeRecord(question=d.question, step=d.step, outcome=d.outcome, cards=d.cards)
            for d in rnd.disputes
        ),
    )
    return RoundRecord(
        number=rnd.number,
        dealer=rnd.dealer_seat,
        world=world,
        treasure=rnd.treasure,
        players=(players[0], players[1], players[2], players[3]),
        drawn=tuple(
            DrawnCard(
                card=d.card, deck=d.deck, player=d.player, triggered=d.triggered, unexecutable=d.unexecutable
            )
            for d in rnd.drawn
        ),
        challenges=tuple(
            ChallengeRecord(card=card, player=p, outcome=outcome) for card, p, outcome in rnd.challenges
        ),
        wins=tuple(
            WinRecord(player=w.player, order=w.order, wall_left=w.wall, self_drawn=w.source is None)
            for w in sorted(rnd.wins, key=lambda w: w.order)
        ),
        exhausted=len(rnd.wins) < 3,
        turns=None,
        table=figures,
    )


def session_record(st: TableState) -> SessionRecord:
    """The finished session's record, source ``table``."""
    totals = st.totals
    chips = st.chips.balances() if "party" in st.pool.modules else None
    return SessionRecord(
        source="table",
        cards=tuple(sorted({card.id for card in st.pool.cards})),
        mode=cast(Mode, st.pool.mode),
        pool=st.pool.name,
        seed=st.seed,
        rounds=cast(SessionLength, st.rounds),
        agents=(AGENT, AGENT, AGENT, AGENT),
        played=tuple(round_record(st, rnd) for rnd in st.played),
        final_scores=(totals[0], totals[1], totals[2], totals[3]),
        chips=None if chips is None else (chips[0], chips[1], chips[2], chips[3]),
    )
