"""Playing card examples (:mod:`dsl.examples`) on the engine's arranged tables (``engine.hextech.scenario``).

An example passes when every step runs and every expectation holds; it fails at the first step
that does not, and the :class:`Outcome` names that step's ``file:line`` and what was seen instead,
down to the part of a decision or an event that differs.  Play steps answer from the script (an
answer must be among the options the rules offer; ``option 2`` names a card's second option);
``until``, ``to`` and ``finish`` play on with the plain policy (discard the tile just drawn, pass
every call, keep, and the first option of a card's choice); ``next round`` deals the session's next
round.  The events an expectation looks at are those since the last play step began (``since:
start``: since the round began); ``until`` carries that step on, so it is done at once when the
event already happened in it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from dsl.compiler import compile_cards
from dsl.example_words import (
    DecisionSpec,
    EventSpec,
    decision_difference,
    decision_matches,
    event_difference,
    event_matches,
    option_text,
    written_decision,
    written_event,
    written_options,
)
from dsl.examples import WINDS, Example, Step
from dsl.loader import files_key, load_cards
from engine.core.decisions import Decision
from engine.core.errors import HexError
from engine.core.seats import PLAYERS
from engine.core.tiles import EAST, format_one, format_tiles, kind_of_instance, parse
from engine.hextech.bus import Event
from engine.hextech.card_runtime import lasting_card
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.plugins import Modules
from engine.hextech.scenario import Scenario, plain_answer
from engine.hextech.vocabulary import CompiledCard

PLAY_LIMIT = 400
"""Decisions a play step answers before it gives up looking (a bounded search whatever is written)."""
LASTING_DECKS = ("chance", "party")
_QUIET = ("wall.count", "idle")
"""Events a failure message leaves out of what it saw."""


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
        """``{"file", "example", "cards", "passed"}`` (``"rule"`` for a rule's example; where and why
        it failed)."""
        out: dict[str, object] = {
            "file": self.example.file,
            "example": self.example.name,
            "cards": list(self.example.cards),
            "passed": self.passed,
        }
        if self.example.rule is not None:
            out["rule"] = self.example.rule
        if not self.passed:
            out["failed"] = {"location": self.where, "message": self.message}
        if self.trace:
            out["trace"] = list(self.trace)
        return out


@cache
def _compiled(key: tuple[tuple[str, int], ...]) -> dict[str, CompiledCard]:
    return {card.id: card for card in compile_cards(load_cards([Path(path) for path, _ in key]))}


def card_library(paths: Sequence[Path] | None = None) -> dict[str, CompiledCard]:
    """Every card of the card files ``paths`` (default: the core and installed modules), every
    version, compiled, by id; compiled again once a file was written since (``files_key``)."""
    return _compiled(files_key(paths))


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


def _letters(players: Sequence[int]) -> str:
    return "".join(PLAYERS[p] for p in players) or "none"


def _written_step(step: Step) -> str:
    """A play step the way the example writes it (``A: discard 5m``, ``until: …``, ``finish``)."""
    if step.kind == "answer":
        return f"{'answer' if step.player is None else PLAYERS[step.player]}: {step.value}"
    if step.kind == "finish":
        return "finish: take wins" if step.value else "finish"
    if step.kind == "next round":
        return "next round"
    return f"{step.kind}: {step.value}"


def _seen(events: Sequence[Event]) -> str:
    """The events of a window, briefly, for a failure message."""
    names = [
        f"{e.name} {'-' if e.player is None else PLAYERS[e.player]}" for e in events if e.name not in _QUIET
    ]
    shown = ", ".join(names[:24])
    return shown + (f", … ({len(names) - 24} more)" if len(names) > 24 else "") if names else "no events"


def _listed(items: Iterable[str], empty: str = "none") -> str:
    return ", ".join(items) or empty


def _sorted_tiles(text: str) -> str:
    return format_tiles(sorted(parse(text)))


def _written(instances: Iterable[int]) -> str:
    """Tiles in their order, one face after the other (``9m 1m 9m``)."""
    return " ".join(format_one(kind_of_instance(i)) for i in instances)


def _written_text(text: str) -> str:
    return " ".join(format_one(k) for k in parse(text))


def _holds(want: Any, got: Any) -> bool:
    """Whether the fields ``want`` are among ``got``: a mapping's keys each hold, a list or a value is
    equal (written numbers and texts compare as text)."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and _holds(v, got[k]) for k, v in want.items())
    if isinstance(want, list):
        return isinstance(got, list | tuple) and len(want) == len(got) and all(map(_holds, want, got))
    return str(want) == str(got)


class _Run:
    """One example being played: the table, the start of the current window of events and of the
    current round."""

    def __init__(
        self, example: Example, library: Mapping[str, CompiledCard], notes: list[str] | None
    ) -> None:
        self.example = example
        self.library = library
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
        self.round_mark = 0
        self.asked_round_mark = 0
        self.line = example.table_line
        if notes is not None:
            self._note_opening()

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

    def _note_opening(self) -> None:
        """The trace of what came before the first step: the events, and a decision put before it."""
        assert self.notes is not None
        if self.sc.pending is not None and not self.sc.asked and self.sc.round.phase == "setup":
            self.notes.append(f"{self.example.file}:{self.example.table_line}: table")
            self.notes.extend(f"  {written_event(e)}" for e in self.sc.events)
            self.notes.append(f"  next: {self._next()}")

    def _note(self, step: Step, before: int) -> None:
        """The trace of one play step: its line, each event as an example writes it, what comes next."""
        if self.notes is None:
            return
        self.notes.append(f"{self.example.file}:{step.line}: {_written_step(step)}")
        self.notes.extend(f"  {written_event(e)}" for e in self.sc.events[before:])
        self.notes.append(f"  next: {self._next()}")

    def _next(self) -> str:
        """The next decision as an example writes it, and its options."""
        pending = self.sc.pending
        if pending is None:
            return "round over"
        return f"{written_decision(pending)}: {written_options(pending, self.library)}"

    # -- play steps ------------------------------------------------------------------

    def _pending(self, step: Step) -> Decision:
        decision = self.sc.pending
        if decision is None:
            raise ExampleFailed(step.line, "the round is over")
        return decision

    def _option(self, written: str, decision: Decision, line: int) -> str:
        try:
            return option_text(written, decision, self.library)
        except ValueError as err:
            raise ExampleFailed(line, str(err)) from None

    def _play(self, step: Step) -> None:
        if step.kind == "answer":
            decision = self._pending(step)
            if step.player is not None and decision.player != step.player:
                raise ExampleFailed(
                    step.line, f"the next decision is not {PLAYERS[step.player]}'s: {self._next()}"
                )
            answer = self._option(step.value, decision, step.line)
            if answer not in decision.options:
                raise ExampleFailed(step.line, f"{step.value!r} is not offered: {self._next()}")
            self.sc.advance(answer)
        elif step.kind == "until":
            self._until(step, step.value)
        elif step.kind == "to":
            self._to(step, step.value)
        elif step.kind == "next round":
            self._next_round(step)
        else:
            self.sc.finish(take_wins=bool(step.value))

    def _next_round(self, step: Step) -> None:
        table = dict(step.value)
        at = len(self.sc.events)
        asked = len(self.sc.asked)
        try:
            self.sc = self.sc.next_round(**table)
        except (ValueError, AssertionError) as err:
            raise ExampleFailed(step.line, f"the next round cannot be set: {err}") from None
        self.mark = self.round_mark = at
        self.asked_mark = self.asked_round_mark = asked

    def _until(self, step: Step, spec: EventSpec) -> None:
        for _ in range(PLAY_LIMIT):
            if any(event_matches(spec, e) for e in self.sc.events[self.mark :]):
                return
            self._plain(step, f"no {spec} happened")
        raise ExampleFailed(step.line, f"no {spec} within {PLAY_LIMIT} decisions")

    def _to(self, step: Step, spec: DecisionSpec) -> None:
        for _ in range(PLAY_LIMIT):
            decision = self.sc.pending
            if decision is not None and decision_matches(spec, decision):
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
        problem = self._problem(step)
        if problem:
            raise ExampleFailed(step.line, problem)

    def _problem(self, step: Step) -> str:
        """What does not hold of the expectation ``step`` ("" when it holds)."""
        self.line = step.line
        if step.kind == "not":
            inner: Step = step.value
            return (
                ""
                if self._problem(inner)
                else f"expected {inner.kind} (line {inner.line}) not to hold; it holds"
            )
        if step.kind == "one of":
            problems = [next(filter(None, map(self._problem, steps)), "") for steps in step.value]
            if all(problems):
                listed = "; ".join(f"({n}) {p}" for n, p in enumerate(problems, 1))
                return f"expected one of {len(problems)} alternatives; none holds: {listed}"
            return ""
        if step.kind == "asked":
            start = self.asked_round_mark if step.since_start else self.asked_mark
            return self._asked(step.value, self.sc.asked[start:])
        window = self.sc.events[self.round_mark if step.since_start else self.mark :]
        check = getattr(self, "_" + step.kind.replace(" ", "_"))
        return str(check(step.value, window))

    def _events(self, specs: Sequence[EventSpec], window: Sequence[Event]) -> str:
        at = 0
        for spec in specs:
            found = next((i for i in range(at, len(window)) if event_matches(spec, window[i])), None)
            if found is None:
                after = " in this order" if at else ""
                nearest = event_difference(spec, window[at:])
                return f"expected {spec}{after}; " + (
                    f"saw {nearest}" if nearest else f"saw {_seen(window[at:] if at else window)}"
                )
            at = found + 1
        return ""

    def _no_events(self, specs: Sequence[EventSpec], window: Sequence[Event]) -> str:
        for spec in specs:
            hit = next((e for e in window if event_matches(spec, e)), None)
            if hit is not None:
                return f"expected no {spec}; saw {written_event(hit)}"
        return ""

    def _count(self, counts: Sequence[tuple[EventSpec, int]], window: Sequence[Event]) -> str:
        for spec, want in counts:
            got = sum(1 for e in window if event_matches(spec, e))
            if got != want:
                return f"expected {want} × {spec}; saw {got}"
        return ""

    def _asked(self, counts: Sequence[tuple[DecisionSpec, int]], answered: Sequence[Decision]) -> str:
        for spec, want in counts:
            got = sum(1 for decision in answered if decision_matches(spec, decision))
            if got != want:
                return f"expected {want} × decision {spec} answered; saw {got}"
        return ""

    def _decision(self, spec: DecisionSpec | None, _: object) -> str:
        decision = self.sc.pending
        if spec is None:
            return "" if decision is None else f"expected the round to be over; {self._next()}"
        if decision is None:
            return f"expected a decision {spec}; the round is over"
        differs = decision_difference(spec, decision)
        return (
            f"expected a decision {spec}; it is {written_decision(decision)} ({differs})" if differs else ""
        )

    def _offered(self, options: Sequence[str]) -> tuple[Decision | None, list[str]]:
        """The next decision and the options written, a card's short names read as its texts."""
        decision = self.sc.pending
        if decision is None:
            return None, list(options)
        return decision, [self._option(o, decision, self.line) for o in options]

    def _options(self, options: Sequence[str], _: object) -> str:
        decision, wanted = self._offered(options)
        missing = [o for o in wanted if decision is None or o not in decision.options]
        return f"expected {missing[0]!r} offered; {self._next()}" if missing else ""

    def _no_options(self, options: Sequence[str], _: object) -> str:
        decision, wanted = self._offered(options)
        offered = [o for o in wanted if decision is not None and o in decision.options]
        return f"expected {offered[0]!r} not offered; {self._next()}" if offered else ""

    def _only_options(self, options: Sequence[str], _: object) -> str:
        decision, wanted = self._offered(options)
        if decision is None:
            return "expected a decision with these options; the round is over"
        missing = [o for o in wanted if o not in decision.options]
        extra = [o for o in decision.options if o not in wanted]
        if missing or extra:
            parts = [
                f"{', '.join(missing)} not offered" if missing else "",
                f"{', '.join(extra)} offered too" if extra else "",
            ]
            return f"expected exactly the options {', '.join(wanted)}; " + "; ".join(filter(None, parts))
        return ""

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

    def _kongs(self, wanted: Sequence[tuple[int, Sequence[str]]], _: object) -> str:
        for p, kinds in wanted:
            got = [kind.value for kind in self.sc.player(PLAYERS[p]).kong_kinds]
            if got != list(kinds):
                return f"expected {PLAYERS[p]}'s kongs {_listed(kinds)}; they are {_listed(got)}"
        return ""

    def _flowers(self, wanted: Sequence[tuple[int, int]], _: object) -> str:
        for p, n in wanted:
            got = len(self.sc.player(PLAYERS[p]).flowers)
            if got != n:
                return f"expected {PLAYERS[p]} to have {n} flower(s) out; has {got}"
        return ""

    def _counted(self, wanted: Sequence[tuple[int, int]], what: str, got_of: Any) -> str:
        for p, n in wanted:
            got = got_of(p)
            if got != n:
                return f"expected {PLAYERS[p]}'s {what} {n}; it is {got}"
        return ""

    def _normal_draws(self, wanted: Sequence[tuple[int, int]], _: object) -> str:
        return self._counted(wanted, "normal draws", lambda p: self.sc.round.table.players[p].normal_draws)

    def _forced_discards(self, wanted: Sequence[tuple[int, int]], _: object) -> str:
        return self._counted(wanted, "forced discards", self.sc.round.card_states.forced_discards)

    def _penalties(self, wanted: Sequence[tuple[int, int]], _: object) -> str:
        return self._counted(wanted, "penalties", lambda p: self.sc.round.penalties[p])

    def _totals(self, wanted: Sequence[tuple[int, int]], _: object) -> str:
        result = self.sc.result
        played = (0, 0, 0, 0) if result is None else result.scores
        return self._counted(wanted, "session total", lambda p: self.sc.scores[p] + played[p])

    def _wind(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in wanted:
            got = WINDS[self.sc.round.seat_wind(p) - EAST]
            if got != want:
                return f"expected {PLAYERS[p]}'s seat wind {want}; it is {got}"
        return ""

    def _treasure(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in wanted:
            got = format_tiles(sorted(self.sc.round.marked(p, TREASURE)))
            if got != _sorted_tiles(want):
                want = _sorted_tiles(want) or "none"
                return f"expected {PLAYERS[p]}'s treasure faces {want}; they are {got or 'none'}"
        return ""

    def _discards(self, wanted: Sequence[tuple[str, Sequence[str]]], _: object) -> str:
        for deck, cards in wanted:
            pile = self.sc.decks.get(deck)
            got = [] if pile is None else list(pile.discards)
            if got != list(cards):
                pile_now = _listed(got, "empty")
                return f"expected the {deck} discard pile {_listed(cards, 'empty')}; it is {pile_now}"
        return ""

    def _session(self, wanted: dict[str, Any], _: object) -> str:
        game = self.sc.game
        if game is None:
            return "expected the modules' session fields; no module is enabled"
        got = game.modules.session_fields(game)
        for name, fields in wanted.items():
            if not _holds(fields, got.get(name)):
                return f"expected the {name} session fields to hold {fields}; they are {got.get(name)}"
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
                return (
                    f"expected {PLAYERS[p]}'s river {_written_text(want) or 'empty'}; it is {got or 'empty'}"
                )
        return ""

    def _top(self, want: str, _: object) -> str:
        got = _written(self.sc.round.table.wall.look_front(len(parse(want))))
        return (
            f"expected the wall's next tiles {_written_text(want)}; they are {got}"
            if got != _written_text(want)
            else ""
        )

    def _tail(self, want: str, _: object) -> str:
        got = _written(self.sc.round.table.wall.look_tail(len(parse(want))))
        return (
            f"expected the wall's tail (the next replacements) {_written_text(want)}; it is {got}"
            if got != _written_text(want)
            else ""
        )

    def _lasting(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, card in wanted:
            held = [c for deck in LASTING_DECKS if (c := lasting_card(self.sc.round, p, deck)) is not None]
            if (card == "none" and held) or (card != "none" and card not in held):
                return f"expected {PLAYERS[p]}'s lasting card {card}; it is {', '.join(held) or 'none'}"
        return ""

    def _public(self, p: int) -> list[int]:
        return sorted(kind_of_instance(i) for i in self.sc.player(PLAYERS[p]).revealed)

    def _revealed(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in wanted:
            got = format_tiles(self._public(p))
            if got != _sorted_tiles(want):
                written = _sorted_tiles(want) or "none"
                return f"expected {PLAYERS[p]}'s revealed tiles {written}; they are {got or 'none'}"
        return ""

    def _revealed_has(self, wanted: Sequence[tuple[int, str]], _: object) -> str:
        for p, want in wanted:
            public = self._public(p)
            for k in parse(want):
                if k not in public:
                    shown = format_tiles(self._public(p)) or "none"
                    return f"expected {format_one(k)} among {PLAYERS[p]}'s revealed tiles; they are {shown}"
                public.remove(k)
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
