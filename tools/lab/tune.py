"""``hexmj tune``: the cards whose §18.3 figure lies outside its line, and the smallest edit of each
that brings it inside (issue 34 items 1, 2 and 5).

The pool is measured once (:meth:`Tuner.measure`); every card with a line — a chance card, a
normal or black contract (§18.3, :data:`tools.lab.lines.LINES`), an augment when the designer sets
a band — whose figure lies outside it is flagged.  For each flagged card the search tries versions
of its ``.hex`` text (:mod:`tools.lab.parameters`), round by round, in the directions §18.3 names for its
kind (the roles of :class:`tools.lab.lines.Line`):

- every number walks from its value — the way that gives the holder more when the figure is below
  its line and less when above (``Parameter.more``), both ways when the card does not say — in
  steps of 1, 2, 4, … up to its declared range, a
  way ending when the figure moved away from the line beyond its interval (on the same seeds); once
  a step lands inside the line or past it, the steps in between are halved back to the smallest one
  inside (:class:`_Way`);
- in the first round every duration is changed (a chance card's 时机); in the second, every
  prohibition is dropped (a black contract's 限制) and every option of the pool's choice cards is
  added (a chance card 改为二选一, :data:`OPTION_SOURCES`).

Each candidate is measured on the same seeds as the pool (duplicate seeding, common random
numbers): with ``--until-decided`` until its figure's always-valid interval lies inside the line or
wholly outside it (:func:`tools.lab.sequential.decide_line`), else on ``--games`` seeds with the
fixed-N interval.  The first round that brings a version inside the line (its interval too) gives
the proposal (:mod:`tools.lab.proposals`): the first such version in the order above.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from dsl.model import Card
from dsl.versions import next_version_id
from tools.lab.engine_adapter import session_cards
from tools.lab.lines import LINES, Line, card_kind
from tools.lab.measure import Bench, Measurement
from tools.lab.parameters import (
    Option,
    Parameter,
    card_block,
    options,
    parameters,
    restrictions,
    with_option,
    with_values,
    without_member,
)
from tools.lab.records import base_id
from tools.lab.seed_figures import Figure, card_figure, figure_fixed, figure_sequence, paired_fixed
from tools.lab.sequential import Interval, decide_line, looks
from tools.lab.session_spec import SessionSpec

MAX_ROUNDS = 24
"""The most rounds of a search: a walk over the widest range (91) halves back within 14."""
STRUCTURAL_ROUND = 2
"""The round that drops a prohibition or adds an option: such an edit weighs as a number's step of 2."""
OPTION_SOURCES = ("chance", "choice")
"""Where the options a chance card may gain come from: the pool's ``chance choice`` cards (lib 四
O-C: each is a choice of two a designer already wrote)."""

Verdict = Literal["inside", "short", "over", "undecided"]


class Flagged(BaseModel):
    """A card whose figure lies outside its line: the version in force, the figure over the pool's
    seeds with its interval, and the line."""

    model_config = ConfigDict(frozen=True)

    card: str
    figure: str
    interval: Interval
    line: Line


@dataclass
class Probe:
    """One candidate version: what was edited, its text, its measurement and what it gave."""

    edit: str
    block: str
    measurement: Measurement
    interval: Interval | None = None
    verdict: Verdict = "undecided"


@dataclass
class Tuned:
    """The search for one flagged card: the version in force, the new version's id, the probes in
    the order they were measured, and the one proposed (``None``: no edit brought it inside)."""

    flagged: Flagged
    source: Card
    block: str
    version: str
    probes: list[Probe] = field(default_factory=list)
    proposal: Probe | None = None


@dataclass
class Tuner:
    """Measures a pool and searches edits of its flagged cards (§18.3, §18.4).

    ``spec`` is the pool as played; ``library`` every card of the folder (every version);
    ``until`` chooses the sequential stop, else ``games`` seeds each; ``bands`` are the designer's
    lines for augments.
    """

    bench: Bench
    spec: SessionSpec
    library: Sequence[Card]
    games: int
    until: bool
    bands: Sequence[Line] = ()
    heard: Callable[[str], object] | None = None
    """Told one line as each measurement ends (the pool's, each version's), for a terminal."""
    pool: Measurement = field(init=False)

    def __post_init__(self) -> None:
        self.pool = Measurement(self.spec)

    def in_force(self) -> list[str]:
        """The versioned ids of the pool's cards."""
        return sorted(card.id for card in session_cards(*self._cards_key()))

    def _cards_key(self) -> tuple[str, Path | None, tuple[str, ...], Path | None, tuple[str, ...]]:
        s = self.spec
        return s.mode, s.pool, s.versions, s.cards, s.drafts

    def lines_of(self, card: str) -> list[Line]:
        """The lines a card of the pool is held to: its kind's §18.3 line, the bands for an augment."""
        kind = card_kind(base_id(card))
        if kind == "augment":
            return list(self.bands)
        return [LINES[kind]] if kind in LINES else []

    def figure(self, card: str, line: Line) -> Figure:
        return card_figure(base_id(card), line.figure)

    def _tell(self, line: str) -> None:
        if self.heard is not None:
            self.heard(line)

    def interval(self, measurement: Measurement, figure: Figure) -> Interval | None:
        seeds = measurement.seeds
        return figure_sequence(figure, seeds) if self.until else figure_fixed(figure, seeds)

    def measure(self, targets: Sequence[str] = ()) -> list[Flagged]:
        """Play the pool (``games`` seeds, or with ``until`` until every figure with a line is inside
        or outside it, at most ``games``) and flag the cards outside their line, in library order;
        ``targets`` (base ids) narrows the cards the stop waits for."""
        held = [(card, line) for card in self.in_force() for line in self.lines_of(card)]
        waited = [(c, line) for c, line in held if not targets or base_id(c) in targets]
        for seeds in looks(self.games) if self.until else (self.games,):
            self.bench.extend(self.pool, seeds)
            if all(self._decided(self.pool, c, line) for c, line in waited):
                break
        self._tell(f"pool: {self.pool.played} seeds")
        flagged = []
        for card, line in held:
            iv = self.interval(self.pool, self.figure(card, line))
            if iv is not None and not line.low <= iv.value <= line.high:
                flagged.append(Flagged(card=card, figure=line.figure, interval=iv, line=line))
        return flagged

    def _decided(self, m: Measurement, card: str, line: Line) -> bool:
        iv = self.interval(m, self.figure(card, line))
        return iv is not None and decide_line(iv, line.low, line.high) is not None

    def settle(self, probe: Probe, flagged: Flagged) -> None:
        """Measure a candidate on the pool's seeds until its figure is decided against the line (or
        on ``games`` seeds) and say where it lies: ``inside`` the line, still ``short`` of it on the
        side the card was, ``over`` it on the other side, or ``undecided``."""
        line, figure = flagged.line, self.figure(flagged.card, flagged.line)
        iv = None
        for seeds in looks(self.games) if self.until else (self.games,):
            self.bench.extend(probe.measurement, seeds)
            iv = self.interval(probe.measurement, figure)
            if iv is not None and decide_line(iv, line.low, line.high) is not None:
                break
        probe.interval = iv
        probe.verdict = verdict(iv, line, flagged.interval.value)

    def search(self, flagged: Flagged) -> Tuned:
        """The smallest edit of the flagged card that brings its figure inside the line: round by
        round, every number's walks take their next step (:class:`_Way`), durations are changed in
        the first round and structural edits tried in the second; the search ends with the first
        round that finds a version inside the line, or when no walk goes on."""
        source = next(card for card in self.library if card.id == flagged.card)
        text = Path(source.location.file).read_text(encoding="utf-8")
        start, end = card_block(text, source.id)
        tuned = Tuned(flagged, source, text[start:end], next_version_id(self.library, source.base_id))
        params = [p for p in parameters(tuned.block) if p.roles & flagged.line.roles]
        ways = [_Way(p, sign) for p in params if p.numeric for sign in _signs(p, flagged)]
        for round_number in range(1, MAX_ROUNDS + 1):
            found: list[Probe] = []
            for way in ways:
                step = way.next_step()
                if step is None:
                    continue
                probe = self._probe(
                    tuned, way.edit(step), with_values(tuned.block, way.values(step), tuned.version)
                )
                way.saw(step, probe, self._harmful(tuned, probe))
                if way.done and way.best is not None:
                    found.append(way.best)
            for edit, block in self._edits(tuned, params, round_number):
                probe = self._probe(tuned, edit, block)
                if probe.verdict == "inside":
                    found.append(probe)
            if found:
                tuned.proposal = found[0]
                return tuned
            if all(way.done for way in ways) and round_number >= STRUCTURAL_ROUND:
                return tuned
        return tuned

    def _probe(self, tuned: Tuned, edit: str, block: str) -> Probe:
        spec = self.spec.model_copy(update={"versions": (tuned.version,), "drafts": (block,)})
        session_cards(spec.mode, spec.pool, spec.versions, spec.cards, spec.drafts)
        probe = Probe(edit, block, Measurement(spec))
        self.settle(probe, tuned.flagged)
        tuned.probes.append(probe)
        shown = "" if probe.interval is None else f" {probe.interval.value:.3f}"
        self._tell(f"{tuned.version} ({edit}): {probe.verdict}{shown} after {probe.measurement.played} seeds")
        return probe

    def _harmful(self, tuned: Tuned, probe: Probe) -> bool:
        """The candidate moved the figure away from the line beyond its 95 % interval, on the seeds
        both it and the pool have played (none is played for this alone)."""
        if probe.verdict not in ("short", "undecided"):
            return False
        seeds = min(self.pool.played, probe.measurement.played)
        figure = self.figure(tuned.flagged.card, tuned.flagged.line)
        diff = paired_fixed(figure, self.pool.seeds[:seeds], probe.measurement.seeds[:seeds])
        if diff is None:
            return False
        below = tuned.flagged.interval.value < tuned.flagged.line.low
        return diff.high < 0 if below else diff.low > 0

    def _edits(self, tuned: Tuned, params: list[Parameter], round_number: int) -> Iterator[tuple[str, str]]:
        """The edits that are not a number's walk: in the first round every duration changed, in
        round :data:`STRUCTURAL_ROUND` every prohibition dropped (black contracts) and every option
        added (chance cards)."""
        block, version = tuned.block, tuned.version
        if round_number == 1:
            for param in params:
                for choice in () if param.numeric else param.choices:
                    if choice != param.value:
                        edit = f"{param.name}: {param.value} → {choice}"
                        yield edit, with_values(block, {param.key: choice}, version)
        if round_number != STRUCTURAL_ROUND:
            return
        line = tuned.flagged.line
        if line.drop_restriction:
            for member in restrictions(block):
                yield f"dropped: {member.text}", without_member(block, member, version)
        if line.add_option:
            first = tuned.source.text or tuned.source.name
            for option in self.option_sources(tuned.source):
                added = with_option(block, first, option, version)
                if added is not None:
                    yield f"option added: {option.label}", added

    def option_sources(self, card: Card) -> list[Option]:
        """The options a chance card may gain: those of the pool's choice cards, each once, without
        an empty one (a choice to do nothing would hide the fault, not mend it, R653)."""
        in_force = set(self.in_force())
        found: dict[str, Option] = {}
        for source in self.library:
            if source.id not in in_force or source.id == card.id:
                continue
            if (source.type, source.group) != OPTION_SOURCES:
                continue
            text = Path(source.location.file).read_text(encoding="utf-8")
            start, end = card_block(text, source.id)
            for option in options(text[start:end]):
                if option.body.strip("{} \n"):
                    found.setdefault(option.body, option)
        return list(found.values())


def _signs(param: Parameter, flagged: Flagged) -> tuple[int, ...]:
    """The ways a number walks: the one that gives the holder more when the figure is below its line
    (a contract's completion, an augment's advantage both rise as the card gives more) and less when
    above, as the card says (``Parameter.more``); both when it does not say."""
    if param.more == 0:
        return (-1, 1)
    need = 1 if flagged.interval.value < flagged.line.low else -1
    return (need * param.more,)


def verdict(iv: Interval | None, line: Line, before: float) -> Verdict:
    """Where a candidate's figure lies against the line the card was outside of (``before``)."""
    if iv is None:
        return "undecided"
    if line.low <= iv.low and iv.high <= line.high:
        return "inside"
    below = before < line.low
    if (iv.value < line.low) == below and not line.low <= iv.value <= line.high:
        return "short"
    if line.low <= iv.value <= line.high:
        return "undecided"
    return "over"


@dataclass
class _Way:
    """One number walked one way (``sign``) from its value: steps of 1, 2, 4, … (the range's end
    last) while the figure stays short of the line and does not move away from it beyond its
    interval; once a step lands inside the line or passes it, the steps between the last short one
    and that one are halved until the smallest step inside is found."""

    param: Parameter
    sign: int
    short: int = 0
    """The largest step known to leave the figure short of the line (0: the value as written)."""
    above: int | None = None
    """The smallest step known to land inside the line or past it, while the steps are halved."""
    best: Probe | None = None
    done: bool = False

    def next_step(self) -> int | None:
        if self.done:
            return None
        if self.above is not None:
            return (self.short + self.above) // 2
        step = 1 if self.short == 0 else min(2 * self.short, self._room())
        if step <= self.short or step > self._room():
            self.done = True
            return None
        return step

    def _room(self) -> int:
        """The largest step the range allows this way."""
        value = self.param.value
        assert isinstance(value, int)
        return self.param.high - value if self.sign > 0 else value - self.param.low

    def values(self, step: int) -> dict[str, int | str]:
        value = self.param.value
        assert isinstance(value, int)
        return {self.param.key: value + self.sign * step}

    def edit(self, step: int) -> str:
        return f"{self.param.name}: {self.param.value} → {self.values(step)[self.param.key]}"

    def saw(self, step: int, probe: Probe, harmful: bool) -> None:
        """What the probe at ``step`` gave."""
        if probe.verdict == "inside":
            self.best = probe
        if probe.verdict in ("inside", "over"):
            self.above = step
        elif harmful:
            self.done = True
            return
        else:
            self.short = step
        if self.above is not None and self.above - self.short <= 1:
            self.done = True
