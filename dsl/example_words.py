"""How a card example writes an event and a decision: one spelling for what an example expects, what
``hexmj check --trace`` prints and what a failure names (docs/examples.md).

An event is ``name [PLAYER] [key=value]…``: ``kong.established A kind=ankan tile=1m``; a value with
spaces is quoted (``tiles='1z 2z 3z'``); ``cause=W-01`` stands for what card W-01 caused.  A decision
is ``kind PLAYER [about]``: ``turn A`` (A's turn of the round), ``turn A card:P-06`` (a discard P-06
makes A take), ``call B 3m``, ``choose A O-X06``, ``choose B challenge F-T01 double``; ``*`` stands
for any player or for whatever the decision is about (``asked: {call B *: 0}``).  A decision is
matched exactly: ``turn A`` is not ``turn A card:P-06``.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Collection, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import StrEnum
from functools import cache

from engine.core.decisions import Decision, DecisionKind
from engine.core.seats import PLAYERS
from engine.core.tiles import parse_one
from engine.hextech.bus import Event
from engine.hextech.card_ids import base_of
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.plugins import installed_modules
from engine.hextech.vocabulary import EVENTS, RECORDED_EVENTS, ChooseStep, CompiledCard

ANY = "*"
"""Any player, or whatever a decision is about."""
OPTION = re.compile(r"option (\d+)")
"""The short name of an option of a card's ``choose one``: its place among the options written."""
_TIERS = ("silver", "gold", "prismatic")
_LASTING_DECKS = ("chance", "party")
_ACTIONS = ("single", "double")
"""The action due of an F-T challenge (lib 二.4)."""
_ABOUT: Mapping[StrEnum, str] = {
    HextechKind.AUGMENT: "the tier drafted: silver, gold or prismatic",
    HextechKind.CONTRACT: "nothing",
    DecisionKind.TURN: "nothing (A's turn of the round) or card:ID (a discard a card makes)",
    DecisionKind.CALL: "the tile discarded (call B 3m)",
    DecisionKind.ROB_KONG: "the tile of the added kong (rob_kong B 3m)",
    HextechKind.ABANDON: "the contract held (abandon A C-05)",
    DecisionKind.CHOOSE: (
        "a card id, 'keep 1 of chance|party', 'challenge ID [single|double]' or 'chip_discard ID'"
    ),
    HextechKind.KEEP_LASTING: "the deck of the lasting slot: chance or party",
}
"""What each kind of decision is about, as an example writes it: the core's kinds and hextech's."""
_KINDS: Mapping[str, StrEnum] = {kind.value: kind for kind in _ABOUT}


@dataclass(frozen=True)
class EventSpec:
    """An event to look for: its name, the acting player (or any) and data fields that must equal the
    text written (``cause`` compares with the event's cause, ``W-01`` standing for ``card:W-01``)."""

    name: str
    player: int | None = None
    fields: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        who = f" {PLAYERS[self.player]}" if self.player is not None else ""
        return self.name + who + "".join(f" {key}={_quoted(value)}" for key, value in self.fields)


@dataclass(frozen=True)
class DecisionSpec:
    """A decision to look for: its kind, the player who takes it (``None``: any) and what it is about
    (``""``: nothing; ``None``: anything)."""

    kind: StrEnum
    player: int | None
    about: str | None

    def __str__(self) -> str:
        who = ANY if self.player is None else PLAYERS[self.player]
        about = f" {ANY}" if self.about is None else f" {self.about}" if self.about else ""
        return f"{self.kind.value} {who}{about}"


@cache
def known_events() -> frozenset[str]:
    """Every event a round can record: the vocabulary's, those no hook hears, the installed modules'."""
    modules = {name for info in installed_modules() for name in info.events}
    return frozenset(EVENTS) | RECORDED_EVENTS | modules


def read_event(text: str) -> EventSpec:
    """``name [PLAYER] [key=value]…``; :class:`ValueError` says what is wrong."""
    try:
        words = shlex.split(text)
    except ValueError as err:
        raise ValueError(f"{err} in {text!r}") from None
    if not words:
        raise ValueError("expected an event")
    name, player, fields = words[0], None, []
    if name not in known_events():
        raise ValueError(f"{name!r} is not an event a round records (docs/dsl.md, Events)")
    for word in words[1:]:
        if "=" in word:
            key, _, value = word.partition("=")
            fields.append((key, value))
        elif word in PLAYERS and len(word) == 1 and player is None:
            player = PLAYERS.index(word)
        else:
            raise ValueError(f"{word!r} is neither the player (A, B, C or D) nor key=value")
    return EventSpec(name, player, tuple(fields))


def read_decision(text: str, known: Collection[str]) -> DecisionSpec | None:
    """``kind PLAYER [about]``, or ``none`` (the round is over: ``None``); :class:`ValueError` says what
    is wrong: a kind, a player, or what it is about that no decision can have (``known``: the card ids)."""
    words = text.split()
    if words == ["none"]:
        return None
    if not words or words[0] not in _KINDS:
        shown = words[0] if words else ""
        raise ValueError(f"{shown!r} is not a kind of decision (one of {', '.join(_KINDS)}, or none)")
    kind = _KINDS[words[0]]
    if len(words) < 2 or not (words[1] == ANY or (len(words[1]) == 1 and words[1] in PLAYERS)):
        raise ValueError(f"{kind.value}: write the player who decides (A, B, C, D or {ANY}) after the kind")
    player = None if words[1] == ANY else PLAYERS.index(words[1])
    about = " ".join(words[2:])
    if about == ANY:
        return DecisionSpec(kind, player, None)
    problem = _about_problem(kind, about, known)
    if problem:
        raise ValueError(f"{kind.value} {words[1]} {about}".rstrip() + f": {problem}")
    return DecisionSpec(kind, player, about)


def _about_problem(kind: StrEnum, about: str, known: Collection[str]) -> str:
    """Why no decision of ``kind`` is about ``about`` ("" when one may be)."""
    words = about.split()
    expected = f"a {kind.value} decision is about {_ABOUT[kind]}, or {ANY} for any"
    if kind is DecisionKind.TURN:
        ok = not words or (len(words) == 1 and about.startswith("card:") and about[5:] in known)
    elif kind in (DecisionKind.CALL, DecisionKind.ROB_KONG):
        ok = len(words) == 1 and _is_tile(about)
    elif kind is HextechKind.AUGMENT:
        ok = about in _TIERS
    elif kind is HextechKind.KEEP_LASTING:
        ok = about in _LASTING_DECKS
    elif kind is HextechKind.ABANDON:
        ok = about in known
    elif kind is HextechKind.CONTRACT:
        ok = not words
    else:
        ok = _choice_about(words, known)
    return "" if ok else expected


def _is_tile(text: str) -> bool:
    try:
        parse_one(text)
    except ValueError:
        return False
    return True


def _choice_about(words: list[str], known: Collection[str]) -> bool:
    """A card's choice (``O-X06``), keeping one of several drawn (``keep 1 of chance``), a party
    challenge (``challenge F-T01 double``) or paying a chip for a lasting one (``chip_discard F-T08``)."""
    match words:
        case [card]:
            return card in known
        case ["keep", "1", "of", deck]:
            return deck in _LASTING_DECKS
        case ["challenge", card]:
            return card in known
        case ["challenge", card, action]:
            return card in known and action in _ACTIONS
        case ["chip_discard", card]:
            return card in known
    return False


def written_event(event: Event) -> str:
    """``name PLAYER cause=… key=value…``, the way an example writes an event."""
    who = "" if event.player is None else f" {PLAYERS[event.player]}"
    cause = "" if event.cause == "rule" else f" cause={event.cause.removeprefix('card:')}"
    fields = "".join(f" {key}={_quoted(shown(value))}" for key, value in event.data.items())
    return f"{event.name}{who}{cause}{fields}"


def written_decision(decision: Decision) -> str:
    """``kind PLAYER [about]``, the way an example writes a decision (:meth:`Decision.named`)."""
    return decision.named()


def shown(value: object) -> str:
    """An event's data value as an example writes it: a list ``B+D``, a mapping ``A:1+B:2`` (no comma,
    so a traced event goes into a flow list ``[…]`` as it is)."""
    if isinstance(value, Mapping):
        return "+".join(f"{key}:{shown(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return "+".join(map(str, value))
    return str(value)


def _quoted(value: str) -> str:
    return shlex.quote(value) if not value or any(c.isspace() or c in "'\"" for c in value) else value


def event_matches(spec: EventSpec, event: Event) -> bool:
    """Whether ``event`` is one ``spec`` looks for."""
    return event.name == spec.name and not _event_difference(spec, event)


def _event_difference(spec: EventSpec, event: Event) -> str:
    """The first part of ``spec`` that ``event`` (of the same name) does not have ("" if none)."""
    if spec.player is not None and event.player != spec.player:
        who = "no player" if event.player is None else PLAYERS[event.player]
        return f"the player is {who}, not {PLAYERS[spec.player]}"
    for key, value in spec.fields:
        if key == "cause":
            base = base_of(value)
            if event.cause not in (value, f"card:{value}", f"card:{base}"):
                return f"cause is {event.cause.removeprefix('card:')}, not {value}"
        elif key not in event.data:
            return f"it has no {key}"
        elif shown(event.data[key]) != value:
            return f"{key} is {shown(event.data[key])}, not {value}"
    return ""


def event_difference(spec: EventSpec, events: Collection[Event]) -> str:
    """Which part of ``spec`` the nearest event of its name differs in, for a failure message
    (``kong.established A: kind is minkan, not ankan``); "" when no event has its name."""
    for event in events:
        if event.name == spec.name:
            return f"{written_event(event)}: {_event_difference(spec, event)}"
    return ""


def decision_matches(spec: DecisionSpec, decision: Decision) -> bool:
    """Whether ``decision`` is the one ``spec`` names: kind, player and what it is about, exactly."""
    return not decision_difference(spec, decision)


def decision_difference(spec: DecisionSpec, decision: Decision) -> str:
    """The part of ``spec`` that ``decision`` differs in ("" if none): ``the player is C, not B``."""
    if decision.kind is not spec.kind:
        return f"the kind is {decision.kind.value}, not {spec.kind.value}"
    if spec.player is not None and decision.player != spec.player:
        return f"the player is {PLAYERS[decision.player]}, not {PLAYERS[spec.player]}"
    if spec.about is not None and decision.about != spec.about:
        return f"it is about {decision.about or 'nothing'}, not {spec.about or 'nothing'}"
    return ""


def option_labels(card: CompiledCard) -> tuple[tuple[str, ...], ...]:
    """The option texts of each ``choose one`` of ``card``, in the order its text writes them."""
    found: list[tuple[str, ...]] = []

    def walk(node: object) -> None:
        if isinstance(node, ChooseStep):
            found.append(tuple(option.label for option in node.options))
        if is_dataclass(node) and not isinstance(node, type):
            for part in fields(node):
                walk(getattr(node, part.name))
        elif isinstance(node, tuple | list):
            for item in node:
                walk(item)

    walk(card)
    return tuple(found)


def option_choice(decision: Decision, library: Mapping[str, CompiledCard]) -> tuple[str, ...]:
    """The option texts of the card's ``choose one`` that put ``decision``, every one written, open or
    not (``()`` when the decision is no such choice)."""
    card = library.get(decision.about) if decision.kind is DecisionKind.CHOOSE else None
    if card is None:
        return ()
    offered = set(decision.options)
    return next((labels for labels in option_labels(card) if offered <= set(labels)), ())


def option_text(written: str, decision: Decision, library: Mapping[str, CompiledCard]) -> str:
    """The option an answer or an expectation names: ``option 2`` is the second text of the choice
    that put ``decision``; any other answer is itself.  :class:`ValueError` for a place the choice
    does not have."""
    named = OPTION.fullmatch(written)
    labels = option_choice(decision, library) if named else ()
    if named is None:
        return written
    if not labels:
        raise ValueError(f"{written!r}: {written_decision(decision)} is no card's choice of options")
    place = int(named[1])
    if not 1 <= place <= len(labels):
        raise ValueError(f"{written!r}: {decision.about}'s choice has {len(labels)} options")
    return labels[place - 1]


def written_options(decision: Decision, library: Mapping[str, CompiledCard]) -> str:
    """The options of ``decision`` as --trace shows them, a choice's with their short names
    (``option 1 = ①自己再抽1张机遇牌|option 2 = …``)."""
    labels = option_choice(decision, library)
    return "|".join(
        f"option {labels.index(option) + 1} = {option}" if option in labels else option
        for option in decision.options
    )
