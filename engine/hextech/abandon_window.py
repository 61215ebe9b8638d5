"""The abandon window (§10): once a round, the first time the drawable tiles fall to 24 or fewer,
every in-game player with an unfinished contract — open or failed — decides together to keep or
abandon it; only a completed contract is kept without a question (§10.3).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.decisions import Decision
from engine.core.seats import PLAYERS
from engine.hextech.bus import Step
from engine.hextech.decision_kinds import ABANDON, KEEP, HextechKind
from engine.hextech.round_state import RoundState
from engine.hextech.state import ContractStatus

ABANDON_THRESHOLD = 24
"""§10: the window opens the first time the drawable tiles fall to this many or fewer."""
_UNFINISHED = (ContractStatus.OPEN, ContractStatus.FAILED)
"""The contracts the window asks about: every one not completed, a failed one too (§10.1, §10.3, R63)."""


def abandon_window(rnd: RoundState) -> Iterable[Decision]:
    """§10: the first time ≤ 24 drawable tiles remain, every in-game player with an unfinished contract
    decides together to keep or abandon it; abandoning a black contract costs 1 point.  Asked before
    every turn, it is nothing until then; the caller iterates it at once (``yield from``)."""
    t = rnd.table
    if rnd.abandon_window_done or len(t.wall) > ABANDON_THRESHOLD:
        return ()
    return _window(rnd)


def _window(rnd: RoundState) -> Step:
    """The window once open: every asked player decides, then the choices are announced (§10)."""
    t = rnd.table
    rnd.abandon_window_done = True
    asked = [p for p in range(4) if t.in_game(p) and t.players[p].contract_status in _UNFINISHED]
    answers = {}
    for p in asked:
        answers[p] = yield Decision(HextechKind.ABANDON, p, (KEEP, ABANDON), t.players[p].contract or "")
    for p in asked:
        if answers[p] == ABANDON:
            abandon(rnd, p)
    yield from rnd.emit("abandon.window", choices={PLAYERS[p]: answers[p] for p in asked})
    for p in asked:
        yield from rnd.emit("abandon.decided", p, choice=answers[p])


def abandon(rnd: RoundState, p: int) -> None:
    """Give up the contract: its prohibitions and effects lapse; a black one costs 1 point (§10.2)."""
    player = rnd.table.players[p]
    player.contract_status = ContractStatus.ABANDONED
    if rnd.rules.is_black(player.contract or ""):
        rnd.penalties[p] -= 1
    source = player.contract
    rnd.in_force.statuses[:] = [
        s for s in rnd.in_force.statuses if not (s.holder == p and s.rule.source == source)
    ]
