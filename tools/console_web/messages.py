"""The messages the screens get, for every rule set: a seat's from its own view, the host's from the
public table (§5.4, §9.4, §17.2; standard rules 出牌 2–3; R370, R770).

:func:`seat_message` is the JSON of ``GET /api/seats/{token}`` and of every frame a seat's socket
gets: the :class:`SeatSight` a rule set makes of the seat's own view only (its concealed tiles as
``"hand"``, every other seat only as ``"concealed_count"``), the decision put to that seat if any,
and the :class:`Facts` every one at the table shares.  :func:`host_message` is the JSON of ``GET
/api/tables/{ID}`` and of the host's frames: the :class:`TableSight` a rule set makes of the public
table, the same facts and the seats' join links.  Neither is handed anything else, so neither can
carry another seat's secret.  What a rule set has that another lacks (hextech's cards, contracts,
augments and treasure marks; the prevalent and seat winds of the core's table) is in the sights and
the facts' ``own`` parts that the rule set's module makes (:mod:`tools.console_web.hextech_shown`,
:mod:`tools.console_web.table_shown`); a rule set with a card library has the texts of the cards a
message names listed in it (``"cards"``), verbatim.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.decisions import Decision, DecisionKind
from engine.core.seats import PLAYERS
from engine.hextech.card_ids import WRITTEN
from tools.console_web.cards import CardText
from tools.console_web.feed import PublicFeed
from tools.console_web.round_results import standings

FEED_SHOWN = 30
"""How many of the latest feed lines a message carries."""


@dataclass(frozen=True)
class Facts:
    """What every screen of a table shows alike: all of it public (§16, §17.2, §18.1)."""

    table: str
    state: str
    nicknames: Mapping[str, str]
    test: bool
    feed: PublicFeed
    scores: Sequence[int]
    results: Mapping[str, Any] | None
    confirmed: frozenset[str]
    connected: frozenset[str]
    failure: str | None
    bots: frozenset[str]
    round_result: Mapping[str, Any] | None
    """The result of the round last finished (R531)."""
    round_seen: Sequence[str]
    """The seats that have tapped on from it."""
    timer: int
    """The seconds a person has for each decision (0: no timer, R535)."""
    session: int
    """The number of the session at the table (1 for its first)."""
    standing_in: Sequence[str]
    """The seats a stand-in bot answers for while their phone is away (R536)."""
    joined: Sequence[str]
    """The seats whose phone has joined and whose join link the host screen no longer shows."""
    own: Mapping[str, Any]
    """The rule set's own facts every screen shows."""
    seats_own: Sequence[Mapping[str, Any]]
    """The rule set's own public facts of each seat."""
    library: Mapping[str, CardText] | None = None
    """The texts of the rule set's cards, which a message lists when it names one; ``None`` for a rule
    set without cards."""


@dataclass(frozen=True)
class SeatSight:
    """What one seat's own view shows, as its rule set gives it: the seat, its own fields (its hand,
    the wall, the dealer, …; one named as a shared fact is the rule set's word for it, as the core
    table's ``"turn"`` told by the hand sizes), each seat's table as this seat sees it (none before
    the deal), and the tile it drew, if any."""

    me: int
    own: Mapping[str, Any]
    seats: Sequence[Mapping[str, Any]]
    drawn: str | None


@dataclass(frozen=True)
class TableSight:
    """The public table as its rule set gives it: its own fields (as :class:`SeatSight`'s) and each
    seat's open parts (none before the deal)."""

    own: Mapping[str, Any]
    seats: Sequence[Mapping[str, Any]]


def _common(facts: Facts) -> dict[str, Any]:
    feed = facts.feed
    return {
        "table": facts.table,
        "state": facts.state,
        "test": facts.test,
        **facts.own,
        "round": feed.round,
        **feed.shown(),
        "turn": None if feed.turn is None else PLAYERS[feed.turn],
        "last_discard": None if feed.last_discard is None else PLAYERS[feed.last_discard],
        "feed": feed.lines[-FEED_SHOWN:],
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


def _seats(facts: Facts, shown: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Each seat's nickname, whether a bot plays it, its score, the rule set's facts of it and what
    the message shows of its table (nothing before the deal)."""
    seats: dict[str, Any] = {}
    for p, letter in enumerate(PLAYERS):
        seats[letter] = {
            "nickname": facts.nicknames.get(letter, letter),
            "bot": letter in facts.bots,
            "score": facts.scores[p],
            **facts.seats_own[p],
            **(shown[p] if shown else {}),
        }
    return seats


CARD_ID = re.compile(rf"(?<![\w-]){WRITTEN}(?![\w-])")
"""How a card's versioned id is written (``S-08``, ``O-X08``, ``S-08-v2``)."""


def _with_cards(message: dict[str, Any], library: Mapping[str, CardText] | None) -> dict[str, Any]:
    """The message with the texts of every card it names anywhere in its strings, for a rule set
    with cards."""
    if library is not None:
        words = CARD_ID.findall(json.dumps(message, ensure_ascii=False))
        message["cards"] = {word: library[word].json() for word in sorted(set(words)) if word in library}
    return message


def seat_message(
    sight: SeatSight, decision: Decision | None, facts: Facts, answered: int = 0
) -> dict[str, Any]:
    """A seat's message: its own view, its decision (``"options"`` empty when it is not this seat's),
    the tile it drew while it is to discard after a draw, how many decisions it has answered this
    session, the shared facts."""
    me = sight.me
    mine = decision is not None and decision.player == me
    turn = mine and decision is not None and decision.kind is DecisionKind.TURN
    message = {
        **_common(facts),
        "seat": PLAYERS[me],
        "nickname": facts.nicknames.get(PLAYERS[me], PLAYERS[me]),
        **sight.own,
        "drawn": sight.drawn if turn and facts.feed.called != me else None,
        **asked(decision, mine, answered),
        "seats": _seats(facts, sight.seats),
    }
    return _with_cards(message, facts.library)


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


def host_message(sight: TableSight, facts: Facts, links: Mapping[str, str]) -> dict[str, Any]:
    """The host's message: the public table, the shared facts, and the join link of each person's
    seat whose phone has not joined."""
    message = {
        **_common(facts),
        **sight.own,
        "seats": _seats(facts, sight.seats),
        "links": dict(links),
        "joined": list(facts.joined),
    }
    return _with_cards(message, facts.library)
