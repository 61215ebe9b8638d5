"""A contract's standing at a real table (§9, §10): completed, failed or abandoned, and the −1 of an
abandoned black contract charged at once (§10.2)."""

from __future__ import annotations

from engine.core.seats import PLAYERS
from engine.hextech.state import ContractStatus
from tools.physical.state import TableState

ABANDON_BLACK = -1
"""§10.2: abandoning a black contract costs 1 point at once, outside every cap (§13.14)."""


def is_black(st: TableState, card_id: str | None) -> bool:
    """Whether the contract is a black one (§9.3)."""
    return card_id is not None and st.pool.card(card_id).type == "black_contract"


def abandon(st: TableState, player: int) -> bool:
    """Give up the player's unfinished contract: its effects lapse, a black one costs 1 at once (§10.2);
    a completed contract cannot be given up (§10.3).  Whether it was."""
    held = st.rnd.players[player]
    if held.contract is None or held.status in (ContractStatus.COMPLETED, ContractStatus.ABANDONED):
        return False
    held.status = ContractStatus.ABANDONED
    if is_black(st, held.contract):
        held.penalty += ABANDON_BLACK
    st.rnd.until[:] = [u for u in st.rnd.until if not (u.holder == player and u.source == held.contract)]
    charge = "，扣1分" if is_black(st, held.contract) else ""
    st.say(f"{PLAYERS[player]} 放弃契约 {held.contract}{charge}")
    return True


def settle_contract(st: TableState, player: int, outcome: str) -> bool:
    """Mark the player's open contract completed or failed (§9.5, §9.7); whether it changed."""
    held = st.rnd.players[player]
    if held.contract is None or held.status is not ContractStatus.OPEN:
        return False
    if outcome == "complete":
        held.status = ContractStatus.COMPLETED
        st.say(f"{PLAYERS[player]} 契约完成：{held.contract}")
    else:
        held.status = ContractStatus.FAILED
        st.say(f"{PLAYERS[player]} 契约失败：{held.contract}")
    return True
