"""A round's result as every screen shows it, at a table of any rule set (issue 30 item 5; §13, §16;
R531, R532).

:func:`hextech_round` reads a hextech round's record: each win in the order settled with the
winner's hand laid down, the §13 items and their points; each seat's points of the round (a
penalty among them, §13); :func:`rules_round` reads a round of another rule set's account: each
win's fan and what each seat gained or paid.  Both end with the standings so far (:func:`standings`):
by total, highest first, equal totals sharing a rank with no tie-break (§16).  Only what the table
has laid open is read: a winner's hand is public once it has won (§11 phase 3; standard rules 和牌).

:class:`WinnerHands` keeps each winner's hand and melds as they lie when the win is announced, read
from the round's table by a callable the table gives it (:class:`HextechWinners` hears a hextech
round's wins).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.seats import PLAYERS
from engine.core.standings import standings as ranked
from engine.core.tiles import FACES
from engine.hextech.bus import Event
from engine.hextech.session import RoundRecord

WAYS = {"self_draw": "自摸", "ron": "点和", "rob_kong": "抢杠"}
"""How a hextech win was made (§11)."""


def standings(totals: Sequence[int]) -> list[dict[str, Any]]:
    """Each seat by total, highest first; equal totals share a rank, with no tie-break (§16)."""
    return [
        {"seat": PLAYERS[s.player], "total": s.total, "rank": s.rank, "tied": s.tied} for s in ranked(totals)
    ]


Hand = tuple[list[str], list[dict[str, Any]]]
"""A winner's concealed tiles and melds, as faces."""


@dataclass
class WinnerHands:
    """The hand and melds of each winner, as they lie at the win: of the round in play and of the
    round last finished; ``seats`` reads a seat's concealed tiles and melds from the table."""

    seats: Callable[[int], Hand]
    playing: dict[int, Hand] = field(default_factory=dict)
    finished: dict[int, Hand] = field(default_factory=dict)

    def won(self, player: int) -> None:
        """``player`` has won: keep their hand as laid down."""
        self.playing[player] = self.seats(player)

    def ended(self) -> None:
        """The round in play has ended."""
        self.finished, self.playing = self.playing, {}


@dataclass
class HextechWinners:
    """A hextech bus sink of the wins and the rounds' ends, into :class:`WinnerHands`."""

    hands: WinnerHands
    events: frozenset[str] = frozenset({"hu.confirmed", "round.ended"})

    def __call__(self, event: Event) -> None:
        if event.name == "round.ended":
            self.hands.ended()
        elif event.player is not None:
            self.hands.won(event.player)


def _hand(hands: Mapping[int, Hand], p: int, tile: str) -> dict[str, Any]:
    """The winner's hand laid down, the winning tile apart (a self-drawn one is in the hand)."""
    concealed, melds = hands.get(p, ([], []))
    shown = list(concealed)
    if len(shown) % 3 == 2 and tile in shown:
        shown.remove(tile)
    return {"hand": shown, "melds": melds}


def hextech_round(
    record: RoundRecord,
    hands: Mapping[int, Hand],
    totals: Sequence[int],
) -> dict[str, Any]:
    """A hextech round's result: its wins with hands and §13 items, each seat's points, standings."""
    result = record.result
    wins = []
    for w in result.wins:
        wins.append(
            {
                "seat": PLAYERS[w.player],
                "how": WAYS.get(w.way.value, w.way.value),
                "from": None if w.from_player is None else PLAYERS[w.from_player],
                "tile": FACES[w.tile],
                **_hand(hands, w.player, FACES[w.tile]),
                "items": [{"name": name, "points": points} for _, name, points in w.items],
                "total": w.total,
                "unit": "分",
            }
        )
    penalties = {PLAYERS[p]: n for p, n in enumerate(result.penalties) if n}
    return {
        "number": record.number,
        "wins": wins,
        "drawn": not wins,
        "penalties": penalties,
        "payments": {PLAYERS[p]: result.scores[p] for p in range(4)},
        "standings": standings(totals),
    }


def rules_round(
    account: Mapping[str, Any],
    hands: Mapping[int, Hand],
    totals: Sequence[int],
) -> dict[str, Any]:
    """A round of another rule set: its wins with hands and fan, what each seat gained or paid, the
    standings."""
    wins = []
    for w in account.get("wins", []):
        wins.append(
            {
                "seat": w["seat"],
                "how": "自摸" if w["from"] is None else "点和",
                "from": w["from"],
                "tile": w["tile"],
                **_hand(hands, PLAYERS.index(w["seat"]), w["tile"]),
                "items": [
                    {"name": f["name"] + (f" ×{f['count']}" if f["count"] > 1 else ""), "points": f["value"]}
                    for f in w["fan"]
                ],
                "total": w["total"],
                "unit": "番",
                "gains": w["gains"],
            }
        )
    return {
        "number": account["number"],
        "wins": wins,
        "drawn": bool(account.get("drawn")),
        "penalties": {},
        "payments": dict(account.get("gains", {})),
        "standings": standings(totals),
    }
