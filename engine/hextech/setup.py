"""The set-up of a round (§11 phase 1, §9.1, §9.4): the deal, the initial flowers, the contract
offers chosen secretly and revealed together, and who makes the first discard.

The dealer gets 14 tiles and the others 13, each flower is replaced from the
tail; every player is offered 2 normal + 1 black contract (P-09: 3 + 2), keeps
one, and the rest go back to be reshuffled.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import deal as core_deal
from engine.core.decisions import Decision
from engine.hextech.bus import Step
from engine.hextech.card_runtime import register
from engine.hextech.contract_offers import OFFER
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.draws import Replacing
from engine.hextech.round_state import RoundState
from engine.hextech.ruleset import DEALER_TILES
from engine.hextech.state import ContractStatus


class Dealing(Replacing):
    """The round's side of the core's deal (§11 phase 1): ``setup.dealt`` delivered to the cards once
    every hand is dealt, each initial flower revealed and replaced as in play (:class:`Replacing`),
    and the dealer's last tile its tile to win on."""

    __slots__ = ()

    def hands_dealt(self) -> Step:
        """``setup.dealt``."""
        yield from self.rnd.emit("setup.dealt")

    def flowers_replaced(self, order: Sequence[int]) -> Step:
        """The dealer's last tile is the tile it would win on (天胡)."""
        yield from ()
        rnd = self.rnd
        rnd.win_tile[rnd.dealer] = rnd.table.players[rnd.dealer].hand[-1]


def deal(rnd: RoundState) -> Step:
    """Deal 14 tiles to the dealer and 13 to each other player from the front (three fewer for each
    meld a player has declared already, as an arranged table may set), then replace every flower
    from the tail, dealer first (§11 phase 1): the core's deal (:func:`engine.core.deal.deal`) as
    :data:`engine.hextech.ruleset.HEXTECH` declares it, with the round's side, :class:`Dealing`."""
    yield from core_deal.deal(rnd.table, Dealing(rnd, None))


def choose_contracts(rnd: RoundState) -> Step:
    """Each player is offered 2 normal + 1 black contract and keeps one; all are revealed at once;
    the rest go back and are reshuffled (§9.1, §9.4; P-09 3 + 2, S-06 swap)."""
    if rnd.offer is None:
        return
    offered: dict[int, tuple[str, ...]] = {}
    candidates = rnd.offered.candidates
    order = [rnd.dealer, *rnd.table.clockwise_from(rnd.dealer)]
    for p in order:
        candidates[p] = draw_candidates(rnd, *OFFER)
        yield from rnd.emit("contract.offered", p)
        normal, black = rnd.offered.size(p)
        have = candidates[p]
        extra_normal = normal - sum(1 for c in have if not rnd.rules.is_black(c))
        extra_black = black - sum(1 for c in have if rnd.rules.is_black(c))
        have += draw_candidates(rnd, max(extra_normal, 0), max(extra_black, 0))
        offered[p] = tuple(have)
    picks: dict[int, str] = {}
    for p, options in offered.items():
        if options:
            picks[p] = yield Decision(HextechKind.CONTRACT, p, options)
    for p, options in offered.items():
        for cid in options:
            if cid != picks.get(p):
                rnd.offered.put_back(cid, rnd.rules.is_black(cid))
    for p in sorted(picks):
        player = rnd.table.players[p]
        player.contract = picks[p]
        player.contract_status = ContractStatus.OPEN
        card = rnd.cards.library.get(picks[p])
        if card is not None:
            register(rnd, card, p)
    rnd.contracts_revealed = True
    for p in order:
        if p in picks:
            yield from rnd.emit("contract.revealed", p, contract=picks[p])


def opener(rnd: RoundState) -> int:
    """Who makes the first discard: the dealer, or wherever O-X01 moved the dealer's 14 tiles (§14.3:
    hands move with players)."""
    sizes = [len(p.hand) + core_deal.MELD_TILES * len(p.melds) for p in rnd.table.players]
    return sizes.index(DEALER_TILES) if DEALER_TILES in sizes else rnd.dealer


def draw_candidates(rnd: RoundState, normal: int, black: int) -> list[str]:
    """Draw ``normal`` normal and ``black`` black contracts off the ends of the decks (§9.1)."""
    assert rnd.offer is not None
    drawn = [rnd.offer.normal.pop() for _ in range(min(normal, len(rnd.offer.normal)))]
    return drawn + [rnd.offer.black.pop() for _ in range(min(black, len(rnd.offer.black)))]
