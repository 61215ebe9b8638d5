"""The changes card effects make to the table that the round keeps track of: tiles revealed or
seen, tiles taken from a hand, a discard taken back, seats rotated, contracts swapped or replaced
(§9.1, §14.3, §14.4; lib P-10, O-X01, O-X08, S-06, G-06, G-16).
"""

from __future__ import annotations

from collections.abc import Generator

from engine.core.decisions import PASS, Decision, DecisionKind
from engine.core.seats import PLAYERS
from engine.core.tiles import kind_of_instance, parse_one
from engine.hextech.bus import Step
from engine.hextech.card_ids import base_of
from engine.hextech.effects.context import Ctx, RoundTable
from engine.hextech.state import ContractStart, ContractStatus


def reveal(rnd: RoundTable, owner: int, tiles: list[int], until: str, ctx: Ctx) -> None:
    """Tiles become public while staying in the hand (§14.4); a contract's reveal is the contract's own
    state for the round (:meth:`engine.hextech.card_state.CardStates.reveal`, B-09).  The reveal ends
    on the events of the player its duration names, the card's holder ("直到抽牌者的下一回合开始",
    O-X03), whoever owns the tiles (R131)."""
    player = rnd.table.players[owner]
    player.revealed.update(tiles)
    if ctx.card.contract is not None:
        rnd.card_states.reveal(ctx.card.base_id, owner, tiles)
    if until != "round_end":
        rnd.on_end(
            until,
            owner if ctx.holder is None else ctx.holder,
            lambda: player.revealed.difference_update(tiles),
        )


def see(rnd: RoundTable, viewer: int, tiles: list[int], *, public: bool) -> None:
    """Tiles a card lets ``viewer`` (or everyone) see; they appear in the agent's view."""
    kinds = tuple(kind_of_instance(i) for i in tiles)
    for p in range(4) if public else (viewer,):
        rnd.seen[p] = kinds


def take_from_hand(rnd: RoundTable, p: int, face: str) -> int:
    """Remove one hidden tile of ``face`` from the hand and return it."""
    player = rnd.table.players[p]
    k = parse_one(face)
    tile = next(
        i for i in sorted(player.hand, key=lambda i: (i in player.revealed, i)) if kind_of_instance(i) == k
    )
    player.hand.remove(tile)
    player.revealed.discard(tile)
    if rnd.win_tile.get(p) == tile:
        del rnd.win_tile[p]
    return tile


def can_retract(rnd: RoundTable, p: int) -> bool:
    """A card may take back (收回) the discard just made — no older one, nor one already answered
    (P-10, R562) — unless a card forced it (B-10; H4: L3 beats L4)."""
    river = rnd.table.players[p].river
    fresh = rnd.just_discarded.get(p)
    return fresh is not None and bool(river) and river[-1] == fresh and not rnd.card_states.forced(p)


def retract(rnd: RoundTable, p: int) -> bool:
    """The discard just made goes back to the hand and is void; the player discards again (P-10,
    R90, R128)."""
    if not can_retract(rnd, p):
        return False
    _take_back(rnd, p)
    rnd.taken_back.add(p)
    return True


def _take_back(rnd: RoundTable, p: int) -> None:
    """The last discard counts as never made: its tile returns from the river to the hand. A contract
    tile is public until the round ends, so it is revealed again and is no revealed discard for B-09,
    whose failure is judged only when a discard settles (§9.5, §15, R128)."""
    player = rnd.table.players[p]
    tile = player.river.pop()
    player.last_discard = None
    player.hand.append(tile)
    player.discarded.pop()
    if rnd.card_states.taken_back(p, tile):
        player.revealed.add(tile)


def rotate_seats(rnd: RoundTable, cause: str) -> Step:
    """O-X01: each in-game player moves to the next in-game seat; dealer, wind and order stay (§14.3)."""
    t = rnd.table
    moving = sorted((p for p in range(4) if t.in_game(p)), key=lambda p: t.seat_of[p])
    seats = [t.seat_of[p] for p in moving]
    for p, seat in zip(moving, seats[1:] + seats[:1], strict=True):
        t.seat_of[p] = seat
    yield from rnd.emit("seats.rotated", None, cause, seats={PLAYERS[p]: t.seat_of[p] for p in range(4)})


def swap_candidate(rnd: RoundTable, p: int, source: str) -> Generator[Decision, str, bool]:
    """S-06: put back one offered normal contract and draw a new one (§9.1)."""
    candidates = rnd.offered.candidates.get(p, [])
    normal = [c for c in candidates if not rnd.is_black(c)]
    if rnd.offer is None or not normal or not rnd.offer.normal:
        return False
    answer = yield Decision(DecisionKind.CHOOSE, p, (*normal, PASS), source)
    if answer == PASS:
        return True
    candidates.remove(answer)
    candidates.append(rnd.offer.normal.pop())
    rnd.offered.put_back(answer, black=False)
    return True


def replace_contract(
    rnd: RoundTable, p: int, offer: int, optional: bool, ctx: Ctx
) -> Generator[Decision, str, bool]:
    """A new contract of the same type, chosen from ``offer``; progress restarts (O-X08, G-06, G-16):
    its counts of the holder's discards and draws begin now (``ContractStart``, R556).
    A completed contract may go too, losing its completion: only O-X08 and G-16 ask for an unfinished
    one, in their own text (§15 supplement 1, R119)."""
    player = rnd.table.players[p]
    old = player.contract
    deck = rnd.cards.decks.get("black_contract" if rnd.is_black(old or "") else "contract")
    if old is None or deck is None:
        return False
    fresh = [c for c in (deck.draw() for _ in range(offer)) if c is not None]
    if not fresh:
        return False
    answer = yield Decision(DecisionKind.CHOOSE, p, (*fresh, *((PASS,) if optional else ())), ctx.card.id)
    if answer == PASS:
        deck.put_back(fresh)
        return True
    deck.put_back([c for c in fresh if c != answer] + [old])
    rnd.end_card(old, p)
    player.contract = answer
    player.contract_status = ContractStatus.OPEN
    rnd.card_states.restart(base_of(old), p)
    rnd.card_states.restart(base_of(answer), p)
    player.contract_start = ContractStart(len(player.discarded), player.normal_draws, frozenset(player.river))
    rnd.register(rnd.cards.library[answer], p)
    yield from rnd.emit("contract.replaced", p, ctx.cause, old=old, new=answer)
    return True
