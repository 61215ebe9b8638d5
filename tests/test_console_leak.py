"""Secrets by construction (issue 13 items 4, 8): over a whole session, every HTTP response and every
WebSocket frame a seat or the host gets carries no other seat's secret (§5.2, §5.4, §9.1, §9.4).

Each card's name gets a unique marker (``⟦C-09⟧``), so a card's text cannot reach a screen without
its marker.  A seat's secrets are its concealed hand at each step (written out as the engine holds
it) and every card offered to it that it did not take and that no event ever made public (an
augment or contract left in the offer).  Neither may reach another seat, and the host gets none.
Two deliberate leaks — a seat's message holding the next seat's hand, the host's holding the open
decision's offer — must make the check fail, so the check is not empty.
"""

from __future__ import annotations

import json
import random
import re
import urllib.error
from collections.abc import Iterator, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from console_support import Server
from websockets.sync.client import ClientConnection, connect

from engine.core.seats import PLAYERS
from engine.core.tiles import format_one, format_tiles, parse
from tools.console_web import hextech_parts, live
from tools.console_web.cards import CardText, library

HAND_SHOWN = 5
"""A concealed hand is looked for once it has this many tiles: shorter ones read like a meld."""


def _marked(mode: str, filming: bool, pool: str | None = None) -> Mapping[str, CardText]:
    """The library with a unique marker in each card's name."""
    cards = library(mode, filming, pool)
    return MappingProxyType(
        {cid: CardText(f"{card.name}⟦{cid}⟧", card.fields) for cid, card in cards.items()}
    )


@dataclass
class Capture:
    """Everything each screen received, with the step it was received at, and the ground truth."""

    received: dict[str, list[tuple[int, str]]] = field(
        default_factory=lambda: {r: [] for r in (*PLAYERS, "host")}
    )
    hands: dict[int, dict[str, str]] = field(default_factory=dict)
    offered: dict[str, set[str]] = field(default_factory=lambda: {p: set() for p in PLAYERS})
    left: set[tuple[str, str]] = field(default_factory=set)
    public: set[str] = field(default_factory=set)
    frames: int = 0
    steps: int = 0


def _truth(server: Server, table: str) -> dict[str, str]:
    """Every seat's concealed hand now, as the engine holds it (the server is idle between answers)."""
    live_table = server.app.state.console.tables.tables[table]
    return {letter: format_tiles(live_table.session.view(p).hand) for p, letter in enumerate(PLAYERS)}


def play_watched(server: Server, seed: int, limit: int = 100_000) -> Capture:
    """A 4-round session of four seats answered at random through the API of a running server, each
    seat and the host on a WebSocket; every response and frame captured."""
    made = server.api("POST", "/api/tables", mode="all", seed=seed, test=True)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    host_token = made["host"].rsplit("/", 1)[1]
    capture = Capture()
    rng = random.Random(seed)
    step = 0
    ws = server.base.replace("http://", "ws://")
    with ExitStack() as stack:
        sockets: dict[str, ClientConnection] = {}
        last: dict[str, str] = {}

        def drain() -> None:
            """Read the frame of every screen whose view has changed (R223: no other gets one)."""
            table = server.app.state.console.tables.tables[made["table"]]
            for who, socket in sockets.items():
                if who == "host":
                    view = table.host_message(server.app.state.console.links(table, server.base))
                else:
                    view = table.seat_message(who)
                if view != json.loads(last[who])["view"]:
                    last[who] = str(socket.recv(timeout=10))
                    assert json.loads(last[who])["view"] == view
                    capture.received[who].append((step, last[who]))
                    capture.frames += 1

        def get(who: str, path: str) -> str:
            try:
                text = server.text("GET", path)
            except urllib.error.HTTPError as refused:
                text = refused.read().decode("utf-8")
            capture.received[who].append((step, text))
            return text

        sockets["host"] = stack.enter_context(connect(f"{ws}/ws/host/{host_token}"))
        last["host"] = str(sockets["host"].recv(timeout=10))
        capture.received["host"].append((step, last["host"]))
        for letter in PLAYERS:
            sockets[letter] = stack.enter_context(connect(f"{ws}/ws/seat/{tokens[letter]}"))
            last[letter] = str(sockets[letter].recv(timeout=10))
            capture.received[letter].append((step, last[letter]))
            drain()
        get("host", made["host"].removeprefix(server.base))
        get("host", f"/api/tables/{made['table']}")
        cards = library("all", False)
        capture.hands[step] = _truth(server, made["table"])
        while step < limit:
            views = {letter: json.loads(last[letter])["view"] for letter in PLAYERS}
            if step % 40 == 0:
                for letter in PLAYERS:
                    get(letter, f"/api/seats/{tokens[letter]}")
                    get(letter, f"/seat/{tokens[letter]}")
                get("host", made["host"].removeprefix(server.base))
                get("host", f"/replay/{made['table']}?host={host_token}")
            open_seats = [letter for letter in PLAYERS if views[letter]["options"]]
            if not open_seats:
                break
            letter = open_seats[0]
            options = views[letter]["options"]
            option = rng.choice(options)
            capture.offered[letter].update(options)
            capture.left.update((letter, o) for o in options if o != option and o in cards)
            answer = server.text("POST", f"/api/seats/{tokens[letter]}/decide", option=option)
            step += 1
            capture.received[letter].append((step, answer))
            capture.hands[step] = _truth(server, made["table"])
            drain()
        capture.steps = step
        for socket in sockets.values():
            with pytest.raises(TimeoutError):
                socket.recv(timeout=0.05)
        get("host", f"/api/tables/{made['table']}")
    texts = server.app.state.console.store.lines(made["table"], 1)
    said = [text for text in texts if json.loads(text)["type"] == "event"]
    capture.public = {word for text in said for word in CARDS.findall(text)}
    return capture


TILES = re.compile(r"(?<![\w-])(?:\d+[mpsz])+(?![\w-])")
"""Tiles written compactly, as a concealed hand is."""
CARDS = re.compile(r"(?<![\w-])[A-Z]{1,2}-[A-Z]?\d\d(?:-v\d+)?(?![\w-])")
"""A card id."""
MARKS = re.compile(r"⟦([^⟧]+)⟧")


def _laid_out(value: Any, key: str = "") -> set[str]:
    """Every list of tiles a message holds, written compactly (a hand as the round results or a
    replay would lay it out), but a won hand, which is public (§11 phase 3)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for name, item in value.items():
            found |= _laid_out(item, name)
    elif isinstance(value, list):
        faces = [item for item in value if isinstance(item, str) and TILES.fullmatch(item)]
        if key != "won_hand" and len(faces) == len(value) >= HAND_SHOWN:
            found.add(format_tiles(parse("".join(faces))))
        for item in value:
            found |= _laid_out(item, key)
    return found


def _written(text: str) -> set[str]:
    """The tiles a response or frame writes: compact strings, and its lists of tiles."""
    written = set(TILES.findall(text))
    try:
        message = json.loads(text)
    except json.JSONDecodeError:
        return written
    return written | _laid_out(message)


def check(capture: Capture) -> None:
    """No screen got another seat's hand or a card left secret in another seat's offer."""
    for who, texts in capture.received.items():
        secret = {
            card: other
            for other, card in capture.left
            if other != who and card not in capture.public and card not in capture.offered.get(who, ())
        }
        for step, text in texts:
            hands = capture.hands[step]
            written = _written(text)
            for other, hand in hands.items():
                if other != who and len(parse(hand)) >= HAND_SHOWN and hand != hands.get(who):
                    assert hand not in written, f"{other}'s hand {hand} reached {who} at step {step}"
            for card in (set(MARKS.findall(text)) | set(CARDS.findall(text))) & secret.keys():
                raise AssertionError(f"{secret[card]}'s secret card {card} reached {who} at step {step}")


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hextech_parts, "library", _marked)


@pytest.fixture
def server(tmp_path: Path, marked: None) -> Iterator[Server]:
    running = Server(tmp_path / "console.db")
    running.start()
    yield running
    running.stop()


def test_no_screen_gets_another_seats_secret_in_a_whole_session(server: Server) -> None:
    """§5.4, §9.4: over a whole test session, checked at every response and frame."""
    capture = play_watched(server, seed=7)
    assert len(capture.hands) > 300 and capture.left
    assert all(len(texts) > 100 for texts in capture.received.values())
    assert capture.frames < 5 * capture.steps
    assert any("⟦" in text for _, text in capture.received["host"])
    check(capture)


def test_a_seat_message_with_another_hand_fails_the_check(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deliberate leak: each seat's message also carries the next seat's hand."""
    honest = live.LiveTable.seat_message

    def leaky(self: live.LiveTable, letter: str) -> dict[str, Any]:
        message = honest(self, letter)
        message["peek"] = format_tiles(self.session.view((PLAYERS.index(letter) + 1) % 4).hand)
        return message

    monkeypatch.setattr(live.LiveTable, "seat_message", leaky)
    with pytest.raises(AssertionError, match=r"hand \S+ reached"):
        check(play_watched(server, seed=7, limit=40))


def test_a_host_message_laying_out_a_hand_fails_the_check(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deliberate leak: the host's message lays A's concealed hand out tile by tile, as a round's
    result lays out a winner's."""
    honest = live.LiveTable.host_message

    def leaky(self: live.LiveTable, links: Mapping[str, str] | None = None) -> dict[str, Any]:
        message = honest(self, links)
        message["round_result"] = {"wins": [{"hand": [format_one(k) for k in self.session.view(0).hand]}]}
        return message

    monkeypatch.setattr(live.LiveTable, "host_message", leaky)
    with pytest.raises(AssertionError, match=r"A's hand \S+ reached host"):
        check(play_watched(server, seed=7, limit=40))


def test_a_host_message_with_the_open_offer_fails_the_check(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deliberate leak: the host's message carries the options of the decision open now."""
    honest = live.LiveTable.host_message

    def leaky(self: live.LiveTable, links: Mapping[str, str] | None = None) -> dict[str, Any]:
        message = honest(self, links)
        message["offer"] = [] if self.pending is None else list(self.pending.options)
        return message

    monkeypatch.setattr(live.LiveTable, "host_message", leaky)
    with pytest.raises(AssertionError, match="secret card"):
        check(play_watched(server, seed=7, limit=40))
