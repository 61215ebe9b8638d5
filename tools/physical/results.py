"""A real table's account and results (issue 31 items 2, 4; §11, §16, §7.1): what stays on every screen
once a round has ended — its dealer, world card and treasure order, each win with its scored items and
the wall then, each seat's points and contract — and, once the session has ended, the standings, the
rounds, and in party mode each seat's chips and the 欢乐之星, as an online table's results give them.
"""

from __future__ import annotations

from typing import Any

from engine.core.seats import PLAYERS
from engine.core.standings import standings
from modules.party.chips import party_stars
from tools.physical.state import SEATS, RoundState, TableState


def round_account(rnd: RoundState) -> dict[str, Any]:
    """One round played: its dealer, cards, wins and each seat's points and contract."""
    return {
        "number": rnd.number,
        "dealer": PLAYERS[rnd.dealer_seat],
        "world": rnd.world,
        "treasure": rnd.treasure,
        "wins": [
            {
                "seat": PLAYERS[w.player],
                "order": w.order,
                "from": None if w.source is None else PLAYERS[w.source],
                "way": w.way,
                "wall": w.wall,
                "total": w.total,
                "items": list(w.items),
            }
            for w in sorted(rnd.wins, key=lambda w: w.order)
        ],
        "points": {PLAYERS[p]: rnd.scores[p] for p in range(SEATS)},
        "contracts": {
            PLAYERS[p]: {"card": held.contract, "status": held.status.value}
            for p, held in enumerate(rnd.players)
            if held.contract is not None
        },
        "exhausted": len(rnd.wins) < SEATS - 1,
    }


def account(st: TableState) -> list[dict[str, Any]]:
    """Every round played this session, in order."""
    return [round_account(rnd) for rnd in st.played]


def results(st: TableState) -> dict[str, Any]:
    """The ended session (§16): the standings by total, ties sharing a rank; each round's points; in
    party mode the chips and the 欢乐之星, which never rank (§7.1)."""
    totals = st.totals
    shown: dict[str, Any] = {
        "standings": [
            {"seat": PLAYERS[s.player], "total": s.total, "rank": s.rank} for s in standings(totals)
        ],
        "rounds": [
            {
                "number": rnd.number,
                "dealer": PLAYERS[rnd.dealer_seat],
                "world": rnd.world,
                "scores": {PLAYERS[p]: rnd.scores[p] for p in range(SEATS)},
            }
            for rnd in st.played
        ],
    }
    if "party" in st.pool.modules:
        shown["party"] = {
            "chips": {PLAYERS[p]: st.chips.balance(p) for p in range(SEATS)},
            "stars": [PLAYERS[p] for p in party_stars(st.chips)],
        }
    return shown
