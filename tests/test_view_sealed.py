"""The sealed view (issue 17 item 6): what an agent is handed leads nowhere but to what its seat may
see (§5.4, §9.4, §14.4) — no table, wall, other hand, deck, session or random generator."""

from __future__ import annotations

import gc
import random
import types
from collections import Counter
from collections.abc import Iterator
from enum import StrEnum

import pytest

from engine.agents.bots import GreedyBot
from engine.agents.lookahead import unseen_tiles
from engine.core.decisions import Decision, DecisionKind
from engine.core.melds import Meld, MeldKind
from engine.core.session import drive
from engine.core.table import Table
from engine.core.tiles import INSTANCE_KINDS, parse_one
from engine.core.view import declared
from engine.core.wall import Wall
from engine.hextech.bus import Bus
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.round import Round
from engine.hextech.scenario import Scenario
from engine.hextech.session import Session, SessionConfig
from engine.hextech.state import Deck, PlayerState
from engine.hextech.view import PlayerView, build_view
from tools.hextech_session import new_session

LIVE_TYPES: tuple[type, ...] = (
    Session,
    Round,
    Table,
    PlayerState,
    Wall,
    Deck,
    Bus,
    random.Random,
    types.FunctionType,
    types.MethodType,
    types.CellType,
    types.FrameType,
    types.GeneratorType,
)
"""What a view must never lead to: the live game's objects, and code that could reach them."""


def reachable(root: object) -> Iterator[object]:
    """Everything reachable from ``root`` by the collector's references (``gc.get_referents``), not
    going through classes and modules (shared code, not the game)."""
    seen = {id(root)}
    todo = [root]
    while todo:
        obj = todo.pop()
        yield obj
        if isinstance(obj, type | types.ModuleType):
            continue
        for ref in gc.get_referents(obj):
            if id(ref) not in seen:
                seen.add(id(ref))
                todo.append(ref)


def live_objects(session: Session) -> dict[int, str]:
    """The session's live objects by identity, named: the table and its parts, every hand, the decks,
    the library the session plays with, its random generator and its modules' state."""
    live: dict[int, str] = {
        id(session): "session",
        id(session.rng): "session.rng",
        id(session.cards): "session.cards",
        id(session.decks): "session.decks",
        id(session.module_state): "session.module_state",
        id(session.augments): "session.augments",
        id(session.bus): "session.bus",
    }
    for name, deck in session.decks.items():
        live[id(deck)] = f"deck {name}"
        live[id(deck.cards)] = f"deck {name} cards"
    rnd = session.round
    if rnd is not None:
        live |= {id(rnd): "round", id(rnd.table): "table", id(rnd.table.wall): "wall", id(rnd.seen): "seen"}
        live[id(rnd.table.players)] = "players"
        for p, player in enumerate(rnd.table.players):
            live[id(player)] = f"player {p}"
            live[id(player.hand)] = f"hand of {p}"
            live[id(player.revealed)] = f"revealed of {p}"
    return live


def leaks(view: object, session: Session) -> list[str]:
    """What of the live game the view leads to, by name or type."""
    live = live_objects(session)
    found = []
    for obj in reachable(view):
        if id(obj) in live:
            found.append(live[id(obj)])
        elif isinstance(obj, LIVE_TYPES):
            found.append(type(obj).__name__)
    return found


class Inspector:
    """A greedy agent that walks the first views it is handed of each kind of decision (and every
    twentieth turn) and notes what they lead to."""

    name = "inspector"
    sees = True
    person = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self.greedy = GreedyBot(random.Random(5))
        self.found: dict[str, list[str]] = {}
        self.walked: dict[StrEnum, int] = {}
        self.turns = 0

    def decide(self, view: PlayerView, decision: Decision) -> str:
        self.turns += 1
        if decision.kind not in self.walked or self.turns % 20 == 0:
            self.walked[decision.kind] = self.walked.get(decision.kind, 0) + 1
            found = leaks(view, self.session)
            if found:
                self.found[decision.describe()] = found
        return self.greedy.decide(view, decision)


@pytest.fixture(scope="module")
def inspected() -> Inspector:
    session = new_session(SessionConfig(3, "all", 4))
    inspector = Inspector(session)
    drive(session, [inspector] * 4)
    return inspector


def test_no_view_an_agent_is_handed_leads_to_the_live_game_s5_4_s9_4(inspected: Inspector) -> None:
    """Every walked view, from the augment draft to the abandon window: no table, wall, hand list,
    deck, session, random generator, function or closure is reachable from it."""
    assert {HextechKind.AUGMENT, HextechKind.CONTRACT, DecisionKind.TURN, DecisionKind.CALL} <= set(
        inspected.walked
    )
    assert sum(inspected.walked.values()) > 20
    assert inspected.found == {}


def test_the_walk_finds_a_live_object_hidden_in_a_view() -> None:
    """The control: a view that carries the table, a closure over the session, or the session's own
    library is caught."""
    session = new_session(SessionConfig(3, "all", 4))
    steps = session.steps()
    decision = next(steps)
    while session.round is None:
        decision = steps.send(decision.options[0])
    view = session.view(0)
    assert leaks(view, session) == []
    table = session.round.table
    assert "table" in leaks((view, table), session)
    assert "session.rng" in leaks((view, lambda: session.rng), session)
    assert "session.cards" in leaks((view, types.MappingProxyType(session.cards)), session)
    assert "hand of 1" in leaks([view, table.players[1].hand], session)


def test_a_view_cannot_change_the_game_s5_4() -> None:
    """Its parts are tuples and a read-only library; assigning to the view is refused."""
    session = new_session(SessionConfig(3, "all", 4))
    steps = session.steps()
    decision = next(steps)
    view = session.view(decision.player)
    with pytest.raises(TypeError):
        view.cards["S-01"] = view.cards["S-01"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]
    assert session.cards and session.cards.keys() == view.cards.keys()


def shown_of(player: PlayerState) -> Counter[int]:
    """The kinds of a player's tiles that lie open to the others: the river, the flowers, the tiles a
    card revealed, the exposed melds, and once the player has won the hand laid down and its
    concealed kongs (§11 phase 3, §14.4)."""
    tiles = [*player.river, *player.flowers, *player.revealed]
    tiles += [i for m in player.melds if m.meld.exposed or player.won for i in m.instances]
    tiles += player.hand if player.won else []
    return Counter(INSTANCE_KINDS[i] for i in tiles)


def named_of(view: PlayerView, q: int) -> Counter[int]:
    """The kinds ``view`` names of another player ``q``."""
    melded = [k for m in view.melds[q] for k in m.tiles]
    return Counter([*melded, *view.rivers[q], *view.flowers[q], *view.revealed[q], *view.won_hands[q]])


class Sealed:
    """The greedy bot at a hextech seat, checking at each decision that its view names of every
    other player only what lies open, and counts the concealed kongs it does not name."""

    name, sees, person = "greedy", True, False

    def __init__(self, session: Session, seat: int) -> None:
        self.session = session
        self.bot = GreedyBot(random.Random(seat))
        self.face_down = 0

    def decide(self, view: PlayerView, decision: Decision) -> str:
        rnd = self.session.round
        if rnd is not None:
            for q, player in enumerate(rnd.table.players):
                if q == view.me:
                    continue
                assert not named_of(view, q) - shown_of(player), (q, named_of(view, q) - shown_of(player))
                kongs = sum(m.meld.kind is MeldKind.ANKAN for m in player.melds)
                assert view.concealed_kongs[q] == kongs and declared(view, q) == len(player.melds)
                self.face_down += 0 if player.won else kongs
        return self.bot.decide(view, decision)


def test_a_hextech_seat_view_names_no_concealed_tile_nor_face_down_kong_of_another_s14_4() -> None:
    """Through a whole seeded session played by the greedy bots, every view a seat is handed
    names of each other player only tiles that lie open (its river, flowers, revealed tiles, exposed
    melds, and once it has won its hand and kongs, §11 phase 3): never a concealed tile, nor the
    face of a concealed kong, which it counts (§14.4, standard rules 出牌 3 (二))."""
    session = new_session(SessionConfig(4, "all", 4))
    seats = [Sealed(session, seat) for seat in range(4)]
    drive(session, seats)
    assert sum(seat.face_down for seat in seats) > 0


def test_another_s_concealed_kong_is_counted_face_down_and_unseen_s14_4() -> None:
    """A's concealed kong of 1m: B's view counts it and names no 1m, so the aim's lookahead counts
    all four 1m unseen from B; the control: A's own view names its kong."""
    sc = Scenario(hands={"A": "1111m23m456p789s55s", "B": "234m456m789m12p66s"})
    sc.advance("ankan 1m")
    table, one = sc.round.table, parse_one("1m")
    other = build_view(table, 1, augments=((),) * 4, scores=(0,) * 4)
    assert other.melds[0] == () and other.concealed_kongs == (1, 0, 0, 0) and declared(other, 0) == 1
    assert unseen_tiles(other)[one] == 4
    own = build_view(table, 0, augments=((),) * 4, scores=(0,) * 4)
    assert own.melds[0] == (Meld(MeldKind.ANKAN, (one,) * 4),) and own.n_melds == 1
    assert unseen_tiles(own)[one] == 0
