"""What a hextech table's messages show of its own (§5.4, §6.2, §6.9, §8, §9, §10, §11, §17.2; R770).

The one message builder (:mod:`tools.console_web.messages`) takes from here what hextech has that
another rule set lacks: :func:`hextech_own`, its own facts, the film mark, the party's chips and
stars (§7) and each seat's augments (§5.4); :func:`hextech_seat`, a
seat's own :class:`~engine.hextech.view.PlayerView` (its hand, the tiles a card let it see, its own
treasure faces, its contract and where it stands, §9, its lasting cards, §6.9); and
:func:`hextech_table`, the public table of :func:`~tools.console_web.public.public_view` (tiles a
card revealed, the winners' hands, contracts once all are chosen, §9.4, the abandon window, §12.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core.seats import PLAYERS
from engine.core.tiles import format_one, format_tiles
from engine.hextech.view import PlayerView
from tools.console_web.messages import SeatSight, TableSight
from tools.console_web.public import PublicView

CONTRACT_WORDS = {"open": "进行中", "failed": "已失败", "closed": "已结束"}


def hextech_own(
    filming: bool, party: Mapping[str, Any] | None, augments: Sequence[Sequence[str]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A hextech table's own facts: the film mark, the party's chips and stars (``None`` and none
    without the party module, §7); and each seat's augments (§5.4) and chips."""
    chips: Mapping[str, int] | None = None if party is None else party["chips"]
    stars = [] if party is None else list(party["stars"])
    own = {"filming": filming, "chips": None if chips is None else dict(chips), "stars": stars}
    seats_own = [
        {"augments": list(augments[p]), "chips": None if chips is None else chips.get(letter, 0)}
        for p, letter in enumerate(PLAYERS)
    ]
    return own, seats_own


def _faces(kinds: Iterable[int]) -> list[str]:
    return [format_one(k) for k in kinds]


def _contract_status(view: PlayerView) -> str | None:
    """Where the seat's own contract stands (§9): 进行中, 已失败, or 已结束 (completed or abandoned)."""
    if view.contracts[view.me] is None:
        return None
    if view.contract_failed:
        return CONTRACT_WORDS["failed"]
    return CONTRACT_WORDS["open" if view.contract_open else "closed"]


def hextech_seat(view: PlayerView, lasting: Sequence[str] = ()) -> SeatSight:
    """What a seat's own view shows: its hand, the tiles a card let it see, its treasure faces, its
    contract, its own lasting cards (§6.9), every seat's open parts, and its drawn tile."""
    dealt = any(view.hand_sizes)
    seats = [
        {
            "melds": [{"kind": kind, "tiles": _faces(tiles)} for kind, tiles in view.meld_faces[p]],
            "river": _faces(view.rivers[p]),
            "flowers": _faces(view.flowers[p]),
            "revealed": _faces(view.revealed[p]),
            "won": view.won[p],
            "won_hand": _faces(view.won_hands[p]),
            "concealed_count": view.hand_sizes[p],
            "contract": view.contracts[p],
        }
        for p in range(len(PLAYERS))
    ]
    own = {
        "hand": format_tiles(view.hand),
        "seen": _faces(view.seen),
        "treasure_faces": _faces(sorted(view.treasure)) if dealt else [],
        "contract_open": bool(dealt and view.contract_open),
        "contract_status": _contract_status(view) if dealt else None,
        "lasting": list(lasting),
        "wall": view.wall_left if dealt else None,
        "dealer": PLAYERS[view.dealer] if dealt else None,
    }
    drawn = None if view.drawn is None else format_one(view.drawn)
    return SeatSight(view.me, own, seats if dealt else [], drawn)


def hextech_table(public: PublicView) -> TableSight:
    """The public table: the wall, the dealer, whether the abandon window is done (§12.4) and each
    seat's open parts (nothing between rounds)."""
    seats = [
        {
            "melds": [{"kind": kind, "tiles": list(tiles)} for kind, tiles in shown.melds],
            "river": list(shown.river),
            "flowers": list(shown.flowers),
            "revealed": list(shown.revealed),
            "won": shown.won,
            "won_hand": list(shown.won_hand),
            "concealed_count": shown.concealed_count,
            "contract": shown.contract,
        }
        for shown in public.seats
    ]
    own = {
        "wall": public.wall_left if public.seats else None,
        "dealer": None if public.dealer is None else PLAYERS[public.dealer],
        "abandon_window_done": public.abandon_window_done,
    }
    return TableSight(own, seats)
