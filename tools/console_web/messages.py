"""The messages the screens get: a seat's from its own view, the host's from the public view (§5.4,
§9.4, §17.2).

:func:`seat_message` is the JSON of ``GET /api/seats/{token}`` and of every
frame a seat's socket gets: it reads the seat's own
:class:`~engine.hextech.view.PlayerView` (its concealed tiles as ``"hand"``, every
other seat only as ``"concealed_count"``), the decision put to that seat if
any, and the :class:`Facts` every one at the table shares.
:func:`host_message` is the JSON of ``GET /api/tables/{ID}`` and of the host's
frames: the :class:`~tools.console_web.public.PublicView` and the same facts.
Neither is handed anything else, so neither can carry another seat's secret.
Each message lists the texts of the cards it names (``"cards"``), verbatim.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision, DecisionKind
from engine.core.seats import PLAYERS
from engine.core.tiles import format_one, format_tiles
from engine.hextech.card_ids import WRITTEN
from engine.hextech.view import PlayerView
from tools.console_web.cards import CardText
from tools.console_web.public import PublicFeed, PublicView
from tools.console_web.round_results import standings

FEED_SHOWN = 30
"""How many of the latest feed lines a message carries."""


@dataclass
class Facts:
    """What every screen of a table shows alike: all of it public (§16, §17.2, §18.1)."""

    table: str
    state: str
    nicknames: Mapping[str, str]
    test: bool
    filming: bool
    feed: PublicFeed
    library: Mapping[str, CardText]
    scores: tuple[int, ...] = (0, 0, 0, 0)
    augments: tuple[tuple[str, ...], ...] = ((), (), (), ())
    chips: Mapping[str, int] | None = None
    stars: tuple[str, ...] = ()
    results: Mapping[str, Any] | None = None
    confirmed: frozenset[str] = frozenset()
    connected: frozenset[str] = frozenset()
    failure: str | None = None
    bots: frozenset[str] = field(default_factory=frozenset)
    round_result: Mapping[str, Any] | None = None
    """The result of the round last finished (R531)."""
    round_seen: tuple[str, ...] = ()
    """The seats that have tapped on from it."""
    timer: int = 0
    """The seconds a person has for each decision (0: no timer, R535)."""
    standing_in: tuple[str, ...] = ()
    """The seats a stand-in bot answers for while their phone is away (R536)."""
    session: int = 1
    """The number of the session at the table (1 for its first)."""
    joined: tuple[str, ...] = ()
    """The seats whose phone has joined and whose join link the host screen no longer shows."""


def _faces(kinds: Iterable[int]) -> list[str]:
    return [format_one(k) for k in kinds]


def _common(facts: Facts) -> dict[str, Any]:
    feed = facts.feed
    return {
        "table": facts.table,
        "state": facts.state,
        "test": facts.test,
        "filming": facts.filming,
        "round": feed.round,
        "world": feed.world,
        "treasure": None if feed.treasure is None else {"card": feed.treasure, "faces": feed.treasure_faces},
        "turn": None if feed.turn is None else PLAYERS[feed.turn],
        "last_discard": None if feed.last_discard is None else PLAYERS[feed.last_discard],
        "feed": feed.lines[-FEED_SHOWN:],
        "chips": None if facts.chips is None else dict(facts.chips),
        "stars": list(facts.stars),
        "results": None if facts.results is None else dict(facts.results),
        "confirmed": sorted(facts.confirmed),
        "connected": sorted(facts.connected),
        "reason": facts.failure,
        "round_result": facts.round_result,
        "round_seen": list(facts.round_seen),
        "timer": facts.timer,
        "session": facts.session,
        "standing_in": list(facts.standing_in),
        "standings": standings(facts.scores),
    }


def _seat_common(facts: Facts, p: int) -> dict[str, Any]:
    letter = PLAYERS[p]
    return {
        "nickname": facts.nicknames.get(letter, letter),
        "bot": letter in facts.bots,
        "augments": list(facts.augments[p]),
        "score": facts.scores[p],
        "chips": None if facts.chips is None else facts.chips.get(letter, 0),
    }


CARD_ID = re.compile(rf"(?<![\w-]){WRITTEN}(?![\w-])")
"""How a card's versioned id is written (``S-08``, ``O-X08``, ``S-08-v2``)."""


def _cards_named(message: Mapping[str, Any], library: Mapping[str, CardText]) -> dict[str, Any]:
    """The texts of every card a message names anywhere in its strings."""
    words = CARD_ID.findall(json.dumps(message, ensure_ascii=False))
    return {word: library[word].json() for word in sorted(set(words)) if word in library}


def seat_message(
    view: PlayerView, decision: Decision | None, facts: Facts, answered: int = 0, lasting: Sequence[str] = ()
) -> dict[str, Any]:
    """A seat's message: its own view, its decision (``"options"`` empty when it is not this seat's),
    how many decisions the seat has answered this session, its own lasting cards (§6.9), the shared
    facts."""
    me = view.me
    dealt = any(view.hand_sizes)
    seats: dict[str, Any] = {}
    for p in range(4):
        seat = _seat_common(facts, p)
        if dealt:
            seat.update(
                melds=[{"kind": kind, "tiles": _faces(tiles)} for kind, tiles in view.melds[p]],
                river=_faces(view.rivers[p]),
                flowers=_faces(view.flowers[p]),
                revealed=_faces(view.revealed[p]),
                won=view.won[p],
                won_hand=_faces(view.won_hands[p]),
                concealed_count=view.hand_sizes[p],
                contract=view.contracts[p],
            )
        seats[PLAYERS[p]] = seat
    mine = decision is not None and decision.player == me
    turn = mine and decision is not None and decision.kind is DecisionKind.TURN
    message = {
        **_common(facts),
        "seat": PLAYERS[me],
        "nickname": facts.nicknames.get(PLAYERS[me], PLAYERS[me]),
        "hand": format_tiles(view.hand),
        "drawn": format_one(view.drawn)
        if turn and view.drawn is not None and facts.feed.called != me
        else None,
        "seen": _faces(view.seen),
        "treasure_faces": _faces(sorted(view.treasure)) if dealt else [],
        "contract_open": bool(dealt and view.contract_open),
        "contract_status": _contract_status(view) if dealt else None,
        "lasting": list(lasting),
        "wall": view.wall_left if dealt else None,
        "dealer": PLAYERS[view.dealer] if dealt else None,
        **asked(decision, mine, answered),
        "seats": seats,
    }
    message["cards"] = _cards_named(message, facts.library)
    return message


CONTRACT_WORDS = {"open": "进行中", "failed": "已失败", "closed": "已结束"}


def _contract_status(view: PlayerView) -> str | None:
    """Where the seat's own contract stands (§9): 进行中, 已失败, or 已结束 (completed or abandoned)."""
    if view.contracts[view.me] is None:
        return None
    if view.contract_failed:
        return CONTRACT_WORDS["failed"]
    return CONTRACT_WORDS["open" if view.contract_open else "closed"]


def asked(decision: Decision | None, mine: bool, answered: int) -> dict[str, Any]:
    """A seat message's part on the question put: whether the seat is the one asked, and only then
    the decision's number (the seat's count of decisions in the session, which ``/decide`` names so
    that an answer sent twice is taken once), kind, what it is about and its options (§5.4: no seat
    learns what another is asked); and how many decisions the seat has answered this session."""
    put = decision if mine else None
    number = answered + 1
    return {
        "your_turn": mine,
        "decision": None if put is None else {"number": number, "kind": put.kind.value, "about": put.about},
        "options": [] if put is None else list(put.options),
        "answered": answered,
    }


def host_message(public: PublicView, facts: Facts, links: Mapping[str, str]) -> dict[str, Any]:
    """The host's message: the public table, the shared facts, and the join link of each person's seat."""
    seats: dict[str, Any] = {}
    for p in range(4):
        seat = _seat_common(facts, p)
        if public.seats:
            shown = public.seats[p]
            seat.update(
                melds=[{"kind": kind, "tiles": list(tiles)} for kind, tiles in shown.melds],
                river=list(shown.river),
                flowers=list(shown.flowers),
                revealed=list(shown.revealed),
                won=shown.won,
                won_hand=list(shown.won_hand),
                concealed_count=shown.concealed_count,
                contract=shown.contract,
            )
        seats[PLAYERS[p]] = seat
    message = {
        **_common(facts),
        "wall": public.wall_left if public.seats else None,
        "dealer": None if public.dealer is None else PLAYERS[public.dealer],
        "abandon_window_done": public.abandon_window_done,
        "seats": seats,
        "links": dict(links),
        "joined": list(facts.joined),
    }
    message["cards"] = _cards_named(message, facts.library)
    return message
