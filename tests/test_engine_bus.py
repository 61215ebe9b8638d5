"""The bus (§15, §6.3, §6.7): precedence levels then clockwise from the actor; world cards ignore
card-caused events and trigger once per player per round."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from engine.agents.roster import make_bots
from engine.core.decisions import Decision, DecisionKind
from engine.core.session import drive
from engine.hextech.bus import Bus, Event, Sink
from engine.hextech.effects.context import RoundTable
from engine.hextech.scenario import Scenario
from engine.hextech.session import Session, SessionConfig, SessionResult
from tools.hextech_session import new_session


@dataclass
class _Recorder:
    event: str
    level: int
    holder: int | None
    source: str
    heard: list[str] = field(default_factory=list)

    def run(self, event: Event, game: object) -> Generator[Decision, str, None]:
        self.heard.append(self.source)
        yield from ()


def test_listeners_run_by_level_then_clockwise_from_the_actor_s15_s6_4() -> None:
    sc = Scenario(hands={})
    heard: list[str] = []
    bus: Bus[RoundTable, None] = Bus()
    for source, level, holder in (
        ("chance-D", 7, 3),
        ("world", 6, None),
        ("aug-B", 4, 1),
        ("chance-B", 7, 1),
    ):
        recorder = _Recorder("x", level, holder, source, heard)
        bus.listen(recorder)
    list(bus.dispatch(Event("x", player=0), sc.round, None))
    assert heard == ["aug-B", "world", "chance-B", "chance-D"]
    heard.clear()
    list(bus.dispatch(Event("x", player=2), sc.round, None))
    assert heard == ["aug-B", "world", "chance-D", "chance-B"]


def test_card_caused_event_is_marked_s6_7() -> None:
    assert Event("discard.made", 0, "card:O-P02").card_caused
    assert not Event("discard.made", 0).card_caused


@dataclass
class _HolderOnly(_Recorder):
    """A trigger written ``by holder``: it answers only its holder's own events."""

    holder_only: bool = True


def test_a_holder_only_trigger_is_offered_only_its_holder_s_events_s15() -> None:
    sc = Scenario(hands={})
    heard: list[str] = []
    bus: Bus[RoundTable, None] = Bus()
    bus.listen(_HolderOnly("x", 4, 1, "aug-B", heard))
    bus.listen(_Recorder("x", 6, None, "world", heard))
    bus.listen(_HolderOnly("x", 6, None, "world-holder", heard))
    list(bus.dispatch(Event("x", player=0), sc.round, None))
    assert heard == ["world"]
    heard.clear()
    list(bus.dispatch(Event("x", player=1), sc.round, None))
    assert heard == ["aug-B", "world"]
    heard.clear()
    list(bus.dispatch(Event("x"), sc.round, None))
    assert heard == ["world"]


@dataclass
class _Starter(_Recorder):
    """A listener asked to start: it acts (a step that yields one decision) only when ``acts``."""

    acts: bool = False
    deaf_to: str | None = None

    def start(self, event: Event, game: object) -> Generator[Decision, str, None] | None:
        self.heard.append(self.source)
        return self._act() if self.acts else None

    def _act(self) -> Generator[Decision, str, None]:
        yield Decision(DecisionKind.CHOOSE, 0, ("ok",), self.source)
        self.heard.append(f"{self.source} done")


def test_a_delivery_nobody_acts_on_is_done_at_once_s15() -> None:
    sc = Scenario(hands={})
    heard: list[str] = []
    bus: Bus[RoundTable, None] = Bus()
    bus.listen(_Starter("x", 4, 1, "aug-B", heard))
    bus.listen(_Starter("x", 6, None, "world", heard))
    assert bus.dispatch(Event("x", player=0), sc.round, None) == ()
    assert heard == ["aug-B", "world"]


def test_listeners_after_the_first_that_acts_start_in_their_turn_s15() -> None:
    sc = Scenario(hands={})
    heard: list[str] = []
    bus: Bus[RoundTable, None] = Bus()
    bus.listen(_Starter("x", 4, 1, "aug-B", heard, acts=True))
    bus.listen(_Starter("x", 6, None, "world", heard))
    step = iter(bus.dispatch(Event("x", player=0), sc.round, None))
    assert next(step).about == "aug-B"
    assert heard == ["aug-B"]
    assert list(step) == []
    assert heard == ["aug-B", "aug-B done", "world"]


def test_a_card_s_own_effects_are_not_offered_to_it_world_cards_are_offered_every_event_s6_7() -> None:
    """lib 二.2: no effect retriggers its own card.  A world card is asked about a card-caused event
    too: it answers none, but counts it toward its "first" (R552, ``CardHook``)."""
    sc = Scenario(hands={})
    heard: list[str] = []
    bus: Bus[RoundTable, None] = Bus()
    bus.listen(_Starter("x", 6, None, "world", heard))
    bus.listen(_Starter("x", 7, 1, "chance-B", heard, deaf_to="card:O-P02"))
    bus.listen(_Recorder("x", 8, None, "module", heard))
    list(bus.dispatch(Event("x", 0, "card:O-P02"), sc.round, None))
    assert heard == ["world", "module"]
    heard.clear()
    list(bus.dispatch(Event("x", 0, "card:O-P01"), sc.round, None))
    assert heard == ["world", "chance-B", "module"]
    heard.clear()
    list(bus.dispatch(Event("x", 0), sc.round, None))
    assert heard == ["world", "chance-B", "module"]


@dataclass
class _Named:
    """A sink that records only the events it names."""

    events: frozenset[str]
    got: list[Event] = field(default_factory=list)

    def __call__(self, event: Event) -> None:
        self.got.append(event)


def test_a_sink_naming_its_events_is_given_only_those_a_plain_sink_every_one() -> None:
    sc = Scenario(hands={})
    named = _Named(frozenset({"y"}))
    everything: list[Event] = []
    bus: Bus[RoundTable, None] = Bus(sinks=[named, everything.append])
    for name in ("x", "y", "z"):
        list(bus.dispatch(Event(name, player=0), sc.round, None))
    assert [e.name for e in everything] == ["x", "y", "z"]
    assert [e.name for e in named.got] == ["y"]
    assert bus.recorders("y") == (named, everything.append)
    assert bus.recorders("x") == (everything.append,)


def test_audible_events_are_those_listened_to_recorded_or_awaited() -> None:
    """A round builds an event only when the bus counts it audible: a listener's, a named sink's, or
    one a duration in force waits for; a plain sink makes every event audible."""
    bus: Bus[RoundTable, None] = Bus(sinks=[_Named(frozenset({"y"}))])
    bus.listen(_Recorder("x", 9, None, "rule"))
    bus.wait_for(["w"])
    assert [name in bus.audible for name in ("x", "y", "w", "z")] == [True, True, True, False]
    bus.wait_only_for([])
    assert "w" not in bus.audible and "x" in bus.audible
    bus.clear()
    assert "x" not in bus.audible and "y" in bus.audible
    everything: list[Event] = []
    assert "z" in Bus(sinks=[everything.append]).audible


def test_a_round_gives_a_named_sink_only_its_events_and_plays_the_same_s11() -> None:
    """A sink naming one event gets every such event the round emits and no other, and the session
    comes out as it does with a sink recording every event."""
    ended = _Named(frozenset({"round.ended"}))
    everything: list[Event] = []
    alone = _played(ended)
    accompanied = _played(everything.append)
    assert [e.name for e in ended.got] == ["round.ended"] * 4
    assert [e.data for e in ended.got] == [e.data for e in everything if e.name == "round.ended"]
    assert alone.totals == accompanied.totals
    assert [r.result.scores for r in alone.rounds] == [r.result.scores for r in accompanied.rounds]


def _played(sink: Sink) -> SessionResult:
    session = Session(SessionConfig(3, "strategy", 4), sinks=[sink])
    return drive(session, make_bots(["greedy"] * 4, 3))


@dataclass
class _Dormant(_Recorder):
    dormant_until: str = "party"


def test_a_dormant_listener_alone_makes_no_event_audible_until_its_deck_wakes_it_s7_3() -> None:
    """A module's listener dormant until a card of its deck is drawn makes its event audible only
    once woken by that deck or by one of its own module's primitives, not another deck's card or
    another module's primitive; beside another listener it is delivered the event as any listener
    is; a new round puts it to sleep again."""
    sc = Scenario(hands={})
    heard: list[str] = []
    bus: Bus[RoundTable, None] = Bus()
    bus.listen(_Dormant("idle", 8, None, "party", heard))
    bus.listen(_Dormant("x", 8, None, "party", heard))
    bus.listen(_Recorder("x", 7, None, "chance", heard))
    assert "idle" not in bus.audible and "x" in bus.audible
    list(bus.dispatch(Event("x", 0), sc.round, None))
    assert heard == ["chance", "party"]
    bus.wake("chance")
    assert "idle" not in bus.audible
    bus.wake("party")
    assert "idle" in bus.audible
    bus.clear()
    bus.listen(_Dormant("idle", 8, None, "party", heard))
    assert "idle" not in bus.audible
    bus.wake_module("treasure")
    assert "idle" not in bus.audible
    bus.wake_module("party")
    assert "idle" in bus.audible


def test_the_party_listeners_sleep_in_a_round_until_a_party_card_or_a_module_acts_s7_3() -> None:
    """In party play ``idle`` (the party module's offer to pay a chip for a lasting challenge, §7.4)
    is not built in a round before a party card is drawn or a card runs a module's primitive, and is
    from then on; rounds of both kinds are played."""
    heard = _Named(frozenset({"round.started", "party.drawn"}))
    session = new_session(SessionConfig(4, "party", 4), sinks=[heard])
    seen: set[tuple[bool, bool]] = set()

    def note(decision: Decision, answer: str) -> None:
        since = [e.name for e in heard.got][::-1]
        if "round.started" in since:
            drawn = "party.drawn" in since[: since.index("round.started")]
            seen.add((drawn, "idle" in session.bus.audible))

    drive(session, make_bots(["random"] * 4, 4), on_answer=note)
    assert {(False, False), (True, True), (False, True)} <= seen


@dataclass
class _Given:
    """A listener that keeps what it was handed to act on."""

    event: str
    level: int
    holder: int | None
    source: str
    given: list[object] = field(default_factory=list)

    def run(self, event: Event, game: object) -> Generator[Decision, str, None]:
        self.given.append(game)
        yield from ()


def test_card_listeners_act_on_the_round_module_listeners_on_the_session_s15() -> None:
    """A delivery the session or a module makes (``deliver``) hands a card's listener the round in
    progress and a module's the session it was given; with no round in progress (between rounds, the
    listeners cleared) a card's listener is handed nothing and passed over, a module's still acts."""
    sc = Scenario(hands={})
    session = object()
    bus = sc.round.bus
    card = _Given("x", 4, None, "aug")
    module = _Given("x", 8, None, "party")
    bus.listen(card)
    bus.listen_module(module)
    assert bus.playing is sc.round
    list(bus.deliver(Event("x", 0), session))  # type: ignore[arg-type]  # any object stands in for the session
    assert card.given == [sc.round] and module.given == [session]
    bus.clear()
    assert bus.playing is None
    bus.listen(card)
    bus.listen_module(module)
    list(bus.deliver(Event("x", 0), session))
    assert card.given == [sc.round] and module.given == [session, session]
