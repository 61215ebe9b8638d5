"""Playing card examples (:mod:`dsl.examples`) on the engine's arranged tables (``engine.hextech.scenario``).

An example passes when every step runs and every expectation holds; it fails at the first step
that does not, and the :class:`Outcome` names that step's ``file:line`` and what was seen instead.
Play steps answer from the script (an answer must be among the options the rules offer); ``until``,
``to`` and ``finish`` play on with the plain policy (discard the tile just drawn, pass every call,
keep, and the first option of a card's choice).  The events an expectation looks at are those since
the last play step began (``since: start``: since the round began); ``until`` carries that step on,
so it is done at once when the event already happened in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dsl.compiler import compile_cards
from dsl.examples import DecisionSpec, EventSpec, Example, Step
from dsl.loader import load_cards
from engine.core.decisions import Decision
from engine.core.errors import HexError
from engine.core.seats import PLAYERS
from engine.core.tiles import format_one, format_tiles, kind_of_instance, parse
from engine.hextech.bus import Event
from engine.hextech.card_runtime import lasting_card
from engine.hextech.plugins import Modules
from engine.hextech.scenario import Scenario, plain_answer
from engine.hextech.vocabulary import CompiledCard

PLAY_LIMIT = 400
"""Decisions a play step answers before it gives up looking (a bounded search whatever is written)."""
LASTING_DECKS = ("chance", "party")
_VERSION = re.compile(r"-v\d+$")
"""A version's suffix: a card's events name its base id as their cause."""


class ExampleFailed(Exception):
    """An expectation that did not hold, or a step that could not be taken, at ``line``."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Outcome:
    """How one example went: passed, or the ``file:line`` of the failed step and what happened."""

    example: Example
    passed: bool
    where: str = ""
    message: str = ""
    trace: tuple[str, ...] = ()
    """With ``trace``: after each play step, its line, the events it brought (written as an example
    writes them) and the next decision."""

    def describe(self) -> str:
        """``PASS file:line name`` or ``FAIL file:line name: message``."""
        if self.passed:
            return f"PASS {self.example.file}:{self.example.line} {self.example.name}"
        return f"FAIL {self.where} {self.example.name}: {self.message}"

    def as_json(self) -> dict[str, object]:
        """``{"file", "example", "cards", "passed"}`` (and where and why it failed)."""
        out: dict[str, object] = {
            "file": self.example.file,
            "example": self.example.name,
            "cards": list(self.example.cards),
            "passed": self.passed,
        }
        if not self.passed:
            out["failed"] = {"location": self.where, "message": self.message}
        if self.trace:
            out["trace"] = list(self.trace)
        return out


@cache
def _compiled(paths: tuple[Path, ...] | None) -> dict[str, CompiledCard]:
    return {card.id: card for card in compile_cards(load_cards(None if paths is None else list(paths)))}


def card_library(paths: Sequence[Path] | None = None) -> dict[str, CompiledCard]:
    """Every card of the card files ``paths`` (default: the core and installed modules), every
    version, compiled, by id."""
    return _compiled(None if paths is None else tuple(paths))


def run_example(example: Example, library: Mapping[str, CompiledCard], *, trace: bool = False) -> Outcome:
    """Play ``example`` on its table and hold each expectation against what happened; ``trace``
    records what each play step brought."""
    notes: list[str] | None = [] if trace else None
    try:
        _Run(example, library, notes).play()
    except ExampleFailed as failed:
        return Outcome(example, False, f"{example.file}:{failed.line}", str(failed), tuple(notes or ()))
    return Outcome(example, True, trace=tuple(notes or ()))


def run_examples(
    examples: Iterable[Example], library: Mapping[str, CompiledCard], *, trace: bool = False
) -> list[Outcome]:
    """:func:`run_example` for each, in order."""
    return [run_example(example, library, trace=trace) for example in examples]


def _letter(p: int | None) -> str:
    return "-" if p is None else PLAYERS[p]


def _letters(players: Sequence[int]) -> str:
    return "".join(PLAYERS[p] for p in players) or "none"


def _matches(spec: EventSpec, event: Event) -> bool:
    if event.name != spec.name or (spec.player is not None and event.player != spec.player):
        return False
    for key, value in spec.fields:
        if key == "cause":
            if event.cause not in (value, f"card:{value}", f"card:{_VERSION.sub('', value)}"):
                return False
        elif key not in event.data or _shown(event.data[key]) != value:
            return False
    return True


def _shown(value: object) -> str:
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return str(value)


def _written_step(step: Step) -> str:
    """A play step the way the example writes it (``A: discard 5m``, ``until: …``, ``finish``)."""
    if step.kind == "answer":
        return f"{'answer' if step.player is None else PLAYERS[step.player]}: {step.value}"
    if step.kind == "finish":
        return "finish: take wins" if step.value else "finish"
    return f"{step.kind}: {step.value}"


def _written_event(event: Event) -> str:
    """``name PLAYER key=value…``, the way an example writes an event."""
    who = "" if event.player is None else f" {PLAYERS[event.player]}"
    cause = "" if event.cause == "rule" else f" cause={event.cause.removeprefix('card:')}"
    fields = "".join(f" {key}={_shown(value)}" for key, value in event.data.items())
    return f"{event.name}{who}{cause}{fields}"


def _seen(events: Sequence[Event]) -> str:
    """The events of a window, briefly, for a failure message."""
    names = [f"{e.name} {_letter(e.player)}" for e in events if e.name not in ("wall.count", "idle")]
    shown = ", ".join(names[:24])
    return shown + (f", … ({len(names) - 24} more)" if len(names) > 24 else "") if names else "no events"


def _sorted_tiles(text: str) -> str:
    return format_tiles(sorted(parse(text)))


def _written(instances: Iterable[int]) -> str:
    """Tiles in their order, one face after the other (``9m 1m 9m``)."""
    return " ".join(format_one(kind_of_instance(i)) for i in instances)


def _written_text(text: str) -> str:
    return " ".join(format_one(k) for k in parse(text))


class _Run:
    """One example being played: the table, the start of the current window of events."""

    def __init__(
        self, example: Example, library: Mapping[str, CompiledCard], notes: list[str] | None
    ) -> None:
        self.example = example
        self.notes = notes
        table = dict(example.table)
        modules = table.pop("modules", ())
        try:
            self.sc = Scenario(
                library=library, plugins=Modules.enable(list(modules)) if modules else None, **table
            )
        except (ValueError, AssertionError) as err:
            raise ExampleFailed(example.table_line, f"the table cannot be set: {err}") from None
        self.mark = 0
        self.asked_mark = 0

    def play(self) -> None:
        for step in self.example.steps:
            try:
                if step.plays:
                    if step.kind != "until":
                        self.mark = len(self.sc.events)
                        self.asked_mark = len(self.sc.asked)
                    before = len(self.sc.events)
                    try:
                        self._play(step)
                    finally:
                        self._note(step, before)
                else:
                    self._check(step)
            except HexError as err:
                raise ExampleFailed(step.line, f"{type(err).__name__}: {err}") from None

    def _note(self, step: Step, before: int) -> None:
        """The trace of one play step: its line, each event as an example writes it, what comes next."""
        if self.notes is None:
            return
        self.notes.append(f"{self.example.file}:{step.line}: {_written_step(step)}")
        self.notes.extend(f"  {_written_event(e)}" for e in self.sc.events[before:])
        pending = self.sc.pending
        self.notes.append(f"  next: {'round over' if pending is None else pending.describe()}")

    # -- play steps ------------------------------------------------------------------

    def _pending(self, step: Step) -> Decision:
        decision = self.sc.pending
        if decision is None:
            raise ExampleFailed(step.line, "the round is over")
        return decision

    def _play(self, step: Step) -> None:
        if step.kind == "answer":
            decision = self._pending(step)
            if step.player is not None and decision.player != step.player:
                raise ExampleFailed(
                    step.line, f"the next decision is not {PLAYERS[step.player]}'s: {decision.describe()}"
                )
            if step.value not in decision.options:
                raise ExampleFailed(step.line, f"{step.value!r} is not offered: {decision.describe()}")
            self.sc.advance(step.value)
        elif step.kind == "until":
            self._until(step, step.value)
        elif step.kind == "to":
            self._to(step, step.value)
        else:
            self.sc.finish(take_wins=bool(step.value))

    def _until(self, step: Step, spec: EventSpec) -> None:
        for _ in range(PLAY_LIMIT):
            if any(_matches(spec, e) for e in self.sc.events[self.mark :]):
                return
            self._plain(step, f"no {spec} happened")
        raise ExampleFailed(step.line, f"no {spec} within {PLAY_LIMIT} decisions")

    def _to(self, step: Step, spec: DecisionSpec) -> None:
        for _ in range(PLAY_LIMIT):
            decision = self.sc.pending
            if decision is not None and _is(spec, decision):
                return
            self._plain(step, f"the round ended before a decision {spec}")
        raise ExampleFailed(step.line, f"no decision {spec} within {PLAY_LIMIT} decisions")

    def _plain(self, step: Step, ended: str) -> None:
        decision = self.sc.pending
        if decision is None:
            raise ExampleFailed(step.line, ended)
        self.sc.advance(plain_answer(decision, self.sc.round))

    # -- expectations ----------------------------------------------------------------

    def _check(self, step: Step) -> None:
        if step.kind == "asked":
            problem = self._asked(step.value, self.sc.asked[0 if step.since_start else self.asked_mark :])
        else:
            window = self.sc.events[0 if step.since_start else self.mark :]
            problem = getattr(self, "_" + step.kind.replace(" ", "_"))(step.value, window)
        if problem:
            raise ExampleFailed(step.line, problem)

    def _events(self, specs: Sequence[EventSpec], window: Sequence[Event]) -> str:
        at = 0
        for spec in specs:
            found = next((i for i in range(at, len(window)) if _matches(spec, window[i])), None)
            if found is None:
                after = " in this order" if at else ""
                return f"expected {spec}{after}; saw {_seen(window)}"
            at = found + 1
        return ""

    def _no_events(self, specs: Sequence[EventSpec], window: Sequence[Event]) -> str:
        for spec in specs:
            hit = next((e for e in window if _matches(spec, e)), None)
            if hit is not None:
                return f"expected no {spec}; saw {hit.name} {_letter(hit.player)} {dict(hit.data)}"
        return ""

    def _count(self, counts: Sequence[tuple[EventSpec, int]], window: Sequence[Event]) -> str:
        for spec, want in counts:
            got = sum(1 for e in window if _matches(spec, e))
            if got != want:
                return f"expected {want} × {spec}; saw {got}"
        return ""

    def _asked(self, counts: Sequence[tuple[DecisionSpec, int]], answered: Sequence[Decision]) -> str:
        for spec, want in counts:
            got = sum(1 for decision in answered if _is(spec, decision))
            if got != want:
                return f"expected {want} × decision {spec} answered; saw {got}"
        return ""

    def _decision(self, spec: DecisionSpec | None, _: object) -> str:
        decision = self.sc.pending
        if spec is None:
            return "" if decision is None else f"expected the round to be over; {decision.describe()}"
        if decision is None or not _is(spec, decision):
            return f"expected a decision {spec}; " + (
                "the round is over" if decision is None else decision.describe()
            )
        return ""

    def _options(self, options: Sequence[str], _: object) -> str:
        decision = self.sc.pending
        missing = [o for o in options if decision is None or o not in decision.options]
        if missing:
            return f"expected {missing[0]!r} offered; " + (
                "the round is over" if decision is None else decision.describe()
            )
        return ""

    def _no_options(self, options: Sequence[str], _: object) -> str:
        decision = self.sc.pending
        offered = [o for o in options if decision is not None and o in decision.options]
        return f"expected {offered[0]!r} not offered; {decision.describe()}" if offered and decision else ""

    def _hand(self, hands: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in hands:
            got = self.sc.hand(PLAYERS[p])
            if got != _sorted_tiles(want):
                return f"expected {PLAYERS[p]}'s hand {_sorted_tiles(want)}; it is {got}"
        return ""

    def _has(self, wanted: Sequence[tuple[int, Sequence[tuple[str, int]]]], _: object) -> str:
        for p, faces in wanted:
            for face, n in faces:
                got = self.sc.has(PLAYERS[p], face)
                if got != n:
                    hand = self.sc.hand(PLAYERS[p])
                    return f"expected {PLAYERS[p]} to hold {n} × {face}; holds {got} (hand {hand})"
        return ""

    def _melds(self, wanted: Sequence[tuple[int, Sequence[str]]], _: object) -> str:
        for p, melds in wanted:
            got = [str(m.meld) for m in self.sc.player(PLAYERS[p]).melds]
            if got != list(melds):
                return f"expected {PLAYERS[p]}'s melds {list(melds)}; they are {got}"
        return ""

    def _flowers(self, wanted: Sequence[tuple[int, int]], _: object) -> str:
        for p, n in wanted:
            got = len(self.sc.player(PLAYERS[p]).flowers)
            if got != n:
                return f"expected {PLAYERS[p]} to have {n} flower(s) out; has {got}"
        return ""

    def _contract(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in wanted:
            player = self.sc.player(PLAYERS[p])
            got = f"{player.contract} {player.contract_status.value}"
            if not got.endswith(want) or (" " in want and got != want):
                return f"expected {PLAYERS[p]}'s contract {want}; it is {got}"
        return ""

    def _river(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in wanted:
            got = _written(self.sc.player(PLAYERS[p]).river)
            if got != _written_text(want):
                return f"expected {PLAYERS[p]}'s river {_written_text(want)}; it is {got or 'empty'}"
        return ""

    def _top(self, want: str, _: object) -> str:
        n = len(parse(want))
        got = _written(self.sc.round.table.wall.look_front(n))
        return (
            f"expected the wall's next tiles {_written_text(want)}; they are {got}"
            if got != _written_text(want)
            else ""
        )

    def _lasting(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, card in wanted:
            held = [c for deck in LASTING_DECKS if (c := lasting_card(self.sc.round, p, deck)) is not None]
            if (card == "none" and held) or (card != "none" and card not in held):
                return f"expected {PLAYERS[p]}'s lasting card {card}; it is {', '.join(held) or 'none'}"
        return ""

    def _revealed(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in wanted:
            got = format_tiles(sorted(kind_of_instance(i) for i in self.sc.player(PLAYERS[p]).revealed))
            if got != _sorted_tiles(want):
                written = _sorted_tiles(want) or "none"
                return f"expected {PLAYERS[p]}'s revealed tiles {written}; they are {got or 'none'}"
        return ""

    def _seen(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in wanted:
            got = " ".join(map(format_one, self.sc.round.seen.get(p, ()))) or "nothing"
            written = " ".join(map(format_one, parse(want))) or "nothing"
            if got != written:
                return f"expected {PLAYERS[p]} to have seen {written} (in order); saw {got}"
        return ""

    def _winners(self, wanted: Sequence[int], _: object) -> str:
        got = [w.player for w in self.sc.round.wins]
        if got != list(wanted):
            return f"expected the winners {_letters(wanted)}; they are {_letters(got)}"
        return ""

    def _win_items(self, p: int) -> list[str] | None:
        """The items of ``p``'s win as ``id=points``, or ``None`` if ``p`` has not won."""
        win = next((w for w in self.sc.round.wins if w.player == p), None)
        return None if win is None else [f"{item[0]}={item[2]}" for item in win.items]

    def _items(self, wanted: Sequence[tuple[int, Sequence[str]]], _: object) -> str:
        for p, items in wanted:
            got = self._win_items(p)
            if got is None:
                return f"expected {PLAYERS[p]}'s win to score {', '.join(items)}; {PLAYERS[p]} has not won"
            missing = [i for i in items if not any(g == i or g.split("=")[0] == i for g in got)]
            if missing:
                return f"expected {PLAYERS[p]}'s win to score {missing[0]}; it scores {', '.join(got)}"
        return ""

    def _no_items(self, wanted: Sequence[tuple[int, Sequence[str]]], _: object) -> str:
        for p, items in wanted:
            got = self._win_items(p)
            if got is None:
                return f"expected {PLAYERS[p]}'s win; {PLAYERS[p]} has not won"
            found = [g for g in got if g.split("=")[0] in items]
            if found:
                return f"expected {PLAYERS[p]}'s win not to score {found[0]}; it scores {', '.join(got)}"
        return ""

    def _points(self, wanted: Sequence[tuple[int, int]], _: object) -> str:
        result = self.sc.result
        if result is None:
            return "expected the round's points; the round is not over (add a finish step)"
        for p, n in wanted:
            if result.scores[p] != n:
                return f"expected {PLAYERS[p]} to score {n}; scores {result.scores[p]} (all: {result.scores})"
        return ""

    def _wall(self, n: int, _: object) -> str:
        got = len(self.sc.round.table.wall)
        return f"expected {n} drawable tiles in the wall; there are {got}" if got != n else ""


def _is(spec: DecisionSpec, decision: Decision) -> bool:
    return (
        decision.kind is spec.kind
        and (spec.player is None or decision.player == spec.player)
        and (spec.about is None or decision.about == spec.about)
    )
