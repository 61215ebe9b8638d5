"""Hidden information at a rule set's table on the console (issue 14 item 5; R370): every message a
seat gets is built from that seat's own view, the host's from the open table alone.

Two tables that differ only in tiles hidden from seat A — one tile of B's concealed hand swapped with
one of C's — give A the same message at every step of a whole session and the host the same public
view, while B's own messages tell them apart; a deliberate leak (A's message also carrying B's hand)
makes the messages differ.  Over sessions of random answers at every seat no seat's message
holds another's concealed hand and the host's holds none; a concealed kong's face reaches its owner
alone (standard rules 出牌 3 (二) "扣放").
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_support import arrange, console, create, first_walls, seat_view
from starlette.testclient import TestClient

from engine.agents import roster
from engine.agents.roster import LOGGED
from engine.core.deal import shuffled_wall
from engine.core.decisions import Decision, DecisionKind
from engine.core.registry import ruleset
from engine.core.seat_view import SeatView
from engine.core.seats import PLAYERS
from engine.core.tiles import INSTANCE_KINDS, format_tiles, is_flower, parse
from engine.core.wall import Wall
from tools.console_web import live
from tools.kinds import table as table_kind

SEED = 21
STEPS = 200
"""The answers of the random sessions checked: two rounds and more."""
HAND_SHOWN = 5
"""A concealed hand is looked for once it has this many tiles: shorter ones read like a meld."""


class Tsumogiri:
    """A test bot whose play reads nothing hidden: it discards the tile it has just drawn and passes
    every call, so two tables that differ only in concealed tiles play alike."""

    name = "tsumogiri"
    sees = False
    person = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView, decision: Decision) -> str:
        return answer(decision.kind.value, decision.about, list(decision.options))


def answer(kind: str, about: str, options: list[str]) -> str:
    """Discard the tile just taken (the dealer's first: its last), else pass."""
    if kind == DecisionKind.TURN.value:
        drawn = f"discard {about}"
        return drawn if drawn in options else [o for o in options if o.startswith("discard")][-1]
    return options[0]


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(table_kind, "LOGGED", {**LOGGED, Tsumogiri.name: Tsumogiri})
    monkeypatch.setattr(roster, "BOTS", {**LOGGED, Tsumogiri.name: Tsumogiri})
    with console(tmp_path / "console.db") as running:
        yield running


def hidden_swap(name: str) -> tuple[int, int]:
    """Two places of the first round's wall that deal into B's and C's hands (13–25, 26–38) and hold
    different faces, neither a flower."""
    wall = [INSTANCE_KINDS[i] for i in shuffled_wall(ruleset(name).tiles, random.Random(f"{SEED}:wall:1"))]
    b = next(i for i in range(13, 26) if not is_flower(wall[i]))
    c = next(i for i in range(26, 39) if not is_flower(wall[i]) and wall[i] != wall[b])
    return b, c


def swapping(monkeypatch: pytest.MonkeyPatch, places: tuple[int, int]) -> None:
    """Tables made from now on deal their first round with the tiles at ``places`` swapped."""

    def swap(wall: Wall) -> Wall:
        i, j = places
        wall[i], wall[j] = wall[j], wall[i]
        return wall

    first_walls(monkeypatch, swap)


def messages(client: TestClient, name: str) -> dict[str, list[Any]]:
    """A's, B's and the host's messages after each of A's answers over a whole test session, A
    playing as :class:`Tsumogiri` does through the API, B–D that bot (the table id left out)."""
    bots = ["B", "C", "D"]
    made = create(
        client, rules=name, seed=SEED, bots=bots, agents=dict.fromkeys(bots, "tsumogiri"), test=True
    )
    token = made["seats"]["A"]["token"]
    table = client.app.state.console.tables.tables[made["table"]]  # type: ignore[attr-defined]
    seen: dict[str, list[Any]] = {"A": [], "B": [], "host": []}
    view = seat_view(client, token)
    while True:
        host = client.get(f"/api/tables/{made['table']}").json()
        for message, who in ((view, "A"), (table.seat_message("B"), "B"), (host, "host")):
            seen[who].append({key: value for key, value in message.items() if key != "table"})
        if not view["options"]:
            break
        option = answer(view["decision"]["kind"], view["decision"]["about"], view["options"])
        response = client.post(f"/api/seats/{token}/decide", json={"option": option})
        assert response.status_code == 200, response.text
        view = response.json()
    assert view["state"] == "results"
    return seen


@pytest.mark.parametrize("name", ["standard", "hongzhong"])
def test_tables_differing_in_hidden_tiles_give_a_seat_the_same_messages(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    plain = messages(client, name)
    swapping(monkeypatch, hidden_swap(name))
    swapped = messages(client, name)
    assert len(plain["A"]) > 60
    assert plain["B"] != swapped["B"], "the swap reaches B's own hand"
    assert plain["A"] == swapped["A"]
    assert plain["host"] == swapped["host"]


def test_a_seat_message_carrying_another_hand_tells_the_tables_apart(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control: the same comparison fails once A's message also holds B's concealed hand."""
    honest = live.LiveTable.seat_message

    def leaky(self: live.LiveTable, letter: str) -> dict[str, Any]:
        message = honest(self, letter)
        message["peek"] = format_tiles(self.session.view((PLAYERS.index(letter) + 1) % 4).hand)
        return message

    monkeypatch.setattr(live.LiveTable, "seat_message", leaky)
    plain = messages(client, "standard")
    swapping(monkeypatch, hidden_swap("standard"))
    assert plain["A"] != messages(client, "standard")["A"]


def hands(client: TestClient, table_id: str) -> dict[str, str]:
    """Every seat's concealed hand now, as the engine holds it."""
    table = client.app.state.console.tables.tables[table_id]  # type: ignore[attr-defined]
    return {letter: format_tiles(table.session.view(p).hand) for p, letter in enumerate(PLAYERS)}


def leaks(text: str, who: str, truth: dict[str, str]) -> list[str]:
    """The other seats whose concealed hand is written in ``text``."""
    return [
        other
        for other, hand in truth.items()
        if other != who and len(parse(hand)) >= HAND_SHOWN and hand != truth.get(who) and hand in text
    ]


@pytest.mark.parametrize("name", ["standard", "hongzhong"])
def test_no_message_carries_another_seats_hand_over_two_rounds(client: TestClient, name: str) -> None:
    """Four persons answering at random through the API for 200 answers: at every step every seat's
    message and the host's, and now and then every page, checked against the engine's hands."""
    made = create(client, rules=name, seed=SEED, test=True)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    host = str(made["host"]).removeprefix("http://testserver")
    rng = random.Random(SEED)
    steps = 0
    while steps < STEPS:
        truth = hands(client, made["table"])
        texts = {letter: client.get(f"/api/seats/{token}").text for letter, token in tokens.items()}
        views = {letter: json.loads(text) for letter, text in texts.items()}
        public = client.get(f"/api/tables/{made['table']}").text
        if steps % 40 == 0:
            for letter, token in tokens.items():
                texts[letter] += client.get(f"/seat/{token}").text
            public += client.get(host).text
        for who, text in texts.items():
            assert leaks(text, who, truth) == [], f"step {steps}"
        assert leaks(public, "host", truth) == [] and '"hand"' not in public, f"step {steps}"
        letter = next(letter for letter, view in views.items() if view["options"])
        option = rng.choice(views[letter]["options"])
        assert client.post(f"/api/seats/{tokens[letter]}/decide", json={"option": option}).status_code == 200
        steps += 1
    assert len(views["A"]["account"]) >= 2


def test_a_concealed_kong_shows_its_face_to_its_owner_alone(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """出牌 3 (二) "扣放": B declares a concealed kong of 6p; A, C, D and the host see a face-down
    kong and the feed names no tile, B sees its four 6p."""
    arrange(monkeypatch, "standard", ["3m11p479p258s12345z", "6666p58m349s5677z", "", ""], draws="1s")
    made = create(client, rules="standard", seed=4)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    client.post(f"/api/seats/{tokens['A']}/decide", json={"option": "discard 3m"})
    for letter in "CD":
        if seat_view(client, tokens[letter])["options"]:
            client.post(f"/api/seats/{tokens[letter]}/decide", json={"option": "pass"})
    assert "ankan 6p" in seat_view(client, tokens["B"])["options"]
    own = client.post(f"/api/seats/{tokens['B']}/decide", json={"option": "ankan 6p"}).json()
    assert own["seats"]["B"]["melds"] == [{"kind": "ankan", "tiles": ["6p"] * 4}]
    for text, view in [
        *((seat_view(client, tokens[x]), x) for x in "ACD"),
        (client.get(f"/api/tables/{made['table']}").json(), "host"),
    ]:
        assert text["seats"]["B"]["melds"] == [{"kind": "ankan", "tiles": []}], view
        assert "B 暗杠" in text["feed"] and not any("6p" in line for line in text["feed"]), view
