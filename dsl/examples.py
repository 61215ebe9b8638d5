"""Card examples: a designer's YAML file of arranged tables that prove what a card or a rule does
(docs/examples.md).

An example file lives in the ``examples/`` folder beside the card file of its card
(``cards/examples/W-01.yaml``, ``modules/party/examples/F-T01.yaml``); the examples of a rulebook
section live in ``cards/examples/rules/`` (``rules/12.3.yaml``)::

    card: W-01                      # the card (or version) the examples prove; or cards: [..]; or rule: §12.3
    examples:
      - example: the first kong draws a chance card before its replacement
        proves: lib 三 W-01 卡面正文 “…杠牌成立后…抽1张机遇牌”; §6.6
        table:
          world: W-01
          hands: {A: 1111m2222m345p111s}
          tail: 9p9s
          chance: [O-P03, O-P03]
        steps:
          - A: ankan 1m             # A answers the next decision
          - expect:
              events: [kong.established A, chance.draw A, draw.replacement A]
          - A: ankan 2m
          - expect:
              no events: [chance.draw]

:func:`load_examples` reads and checks a file: an unknown key, a value of the wrong kind, an unknown
card id, event or spelling of a decision, a player that is not A–D or tiles that do not parse is an
:class:`InputError` naming ``file:line:col`` and the key, before anything is played.
:mod:`dsl.example_run` plays them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from dsl.example_review import REVIEW
from dsl.example_words import DecisionSpec, EventSpec, read_decision, read_event
from dsl.files import named_files
from engine.core.errors import InputError
from engine.core.melds import Meld
from engine.core.seats import PLAYERS
from engine.core.tiles import parse
from engine.hextech.plugins import installed_modules
from engine.hextech.state import ContractStatus

EXAMPLES_FOLDER = "examples"
"""The folder beside a card file that holds the examples of its cards."""
RULES_FOLDER = "rules"
"""The folder of ``examples/`` that holds the examples of rulebook sections, one file a section."""

TIERS = ("silver", "gold", "prismatic")
"""The augment tiers, each a deck a table may stack and draft (§5)."""
TABLE_KEYS = (
    "dealer",
    "hands",
    "melds",
    "draws",
    "tail",
    "wall",
    "world",
    "augments",
    "contracts",
    "offered",
    "chance",
    "party",
    "treasure",
    "contract deck",
    "black deck",
    *TIERS,
    "draft",
    "round",
    "scores",
    "modules",
    "seed",
    "die",
)
CHECK_KEYS = (
    "since",
    "events",
    "no events",
    "count",
    "asked",
    "decision",
    "options",
    "no options",
    "only options",
    "hand",
    "has",
    "river",
    "revealed",
    "revealed has",
    "melds",
    "kongs",
    "flowers",
    "contract",
    "lasting",
    "top",
    "tail",
    "seen",
    "winners",
    "items",
    "no items",
    "points",
    "totals",
    "wall",
    "normal draws",
    "forced discards",
    "penalties",
    "wind",
    "treasure",
    "discards",
    "session",
    "not",
    "one of",
)
PLAY_KEYS = ("answer", "until", "to", "finish", "next round", "expect")
WINDS = ("east", "south", "west", "north")
"""A seat's wind as an example writes it (§4)."""
KONG_KINDS = ("ankan", "minkan", "kakan")
DECKS = ("chance", "party", "treasure", "contract", "black_contract", "world", *TIERS)
"""The decks whose discard piles an example may look at."""
_STATUSES = tuple(status.value for status in ContractStatus)
_PASSAGE = re.compile(r"§\d|\blib\b")
_SECTION = re.compile(r"§\d+(?:\.\d+)*")
_TEXT_LINE = re.compile(
    r"^(?P<key>[ \t]*(?:-[ \t]+)?(?:proves|example):[ \t]+)(?P<text>[^'\"|>\s].*?)[ \t]*$", re.M
)
"""A block line of a passage or an example's name: its text runs to the end of the line."""
DIE_SIDES = 6
Reader = Callable[[Any, tuple[int, int], str], Any]
"""Reads one value of a file at a place, for a key named in messages."""


@dataclass(frozen=True)
class Step:
    """One step of an example at ``line``: ``answer`` (``player`` answers ``value``), ``until`` (play on
    to an event), ``to`` (play on to a decision), ``finish`` (play the round out; ``value`` true takes
    every win offered), ``next round`` (the session's next round on the table ``value``) or one
    expectation (``kind`` a key of :data:`CHECK_KEYS`, ``since_start`` when its events are counted
    from the round's start rather than from the last play step; ``not`` holds a step, ``one of``
    a tuple of alternatives, each a tuple of steps)."""

    kind: str
    line: int
    value: Any
    player: int | None = None
    since_start: bool = False

    @property
    def plays(self) -> bool:
        """Whether the step moves the round on (each but ``until`` starts a new window of events)."""
        return self.kind in PLAY_KEYS


@dataclass(frozen=True)
class Example:
    """One arranged table, its steps, the cards it proves (none for a rule's example), the rulebook
    section it proves (a rule's example) and the passage it proves them by."""

    file: str
    line: int
    name: str
    proves: str
    cards: tuple[str, ...]
    table: dict[str, Any]
    table_line: int
    steps: tuple[Step, ...]
    rule: str | None = None
    review: str | None = None
    """Why the example is to be checked again (``review:``, put by ``hexmj card new-version``, R594)."""


@dataclass(frozen=True)
class ExampleFile:
    """An example file: the cards or the rulebook section it is about, and its examples."""

    path: Path
    cards: tuple[str, ...]
    examples: tuple[Example, ...] = field(default_factory=tuple)
    rule: str | None = None


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.preserve_quotes = True
    return yaml


def _quote_texts(text: str) -> str:
    """Quote a passage (``proves:``) or a name (``example:``) written plainly that holds ``": "``, which
    plain YAML would read as a mapping: the text is everything to the end of its line."""

    def quoted(found: re.Match[str]) -> str:
        body = found["text"]
        if ": " not in body and not body.endswith(":"):
            return found[0]
        return found["key"] + "'" + body.replace("'", "''") + "'"

    return _TEXT_LINE.sub(quoted, text)


class _Reader:
    """Checks one file's nodes, raising :class:`InputError` at ``file:line:col`` of the bad one."""

    def __init__(self, path: Path, known: Collection[str]) -> None:
        self.path = path
        self.known = known

    def fail(self, at: tuple[int, int], what: str) -> InputError:
        return InputError(f"{self.path}:{at[0] + 1}:{at[1] + 1}: {what}")

    @staticmethod
    def key_at(node: CommentedMap, key: Any) -> tuple[int, int]:
        return node.lc.key(key)  # type: ignore[no-any-return]

    @staticmethod
    def value_at(node: CommentedMap, key: Any) -> tuple[int, int]:
        return node.lc.value(key)  # type: ignore[no-any-return]

    def mapping(self, node: Any, at: tuple[int, int], what: str, keys: Sequence[str] = ()) -> CommentedMap:
        if not isinstance(node, CommentedMap):
            raise self.fail(at, f"{what}: expected a mapping")
        for key in node:
            if keys and key not in keys:
                raise self.fail(
                    self.key_at(node, key), f"{what}: unknown key {key!r} (one of {', '.join(keys)})"
                )
        return node

    def text(self, node: Any, at: tuple[int, int], what: str) -> str:
        if isinstance(node, bool) or not isinstance(node, str | int) or str(node).strip() == "":
            raise self.fail(at, f"{what}: expected text")
        return str(node).strip()

    def whole(self, node: Any, at: tuple[int, int], what: str) -> int:
        if isinstance(node, bool) or not isinstance(node, int):
            raise self.fail(at, f"{what}: expected a whole number")
        return node

    def count(self, node: Any, at: tuple[int, int], what: str) -> int:
        """A whole number, not below 0."""
        number = self.whole(node, at, what)
        if number < 0:
            raise self.fail(at, f"{what}: expected a count (0 or more), not {number}")
        return number

    def card(self, node: Any, at: tuple[int, int], what: str) -> str:
        card = self.text(node, at, what)
        if card not in self.known:
            raise self.fail(at, f"{what}: no card {card!r}")
        return card

    def cards(self, node: Any, at: tuple[int, int], what: str) -> tuple[str, ...]:
        if isinstance(node, str):
            return (self.card(node, at, what),)
        if not isinstance(node, CommentedSeq):
            raise self.fail(at, f"{what}: expected a card id or a list of card ids")
        return tuple(self.card(item, node.lc.item(i), what) for i, item in enumerate(node))

    def module(self, node: Any, at: tuple[int, int], what: str) -> str:
        name = self.text(node, at, what)
        installed = [info.name for info in installed_modules()]
        if name not in installed:
            raise self.fail(at, f"{what}: no module {name!r} (installed: {', '.join(installed) or 'none'})")
        return name

    def player(self, node: Any, at: tuple[int, int], what: str) -> int:
        if node not in tuple(PLAYERS):
            raise self.fail(at, f"{what}: {node!r} is not a player (A, B, C or D)")
        return PLAYERS.index(node)

    def tiles(self, node: Any, at: tuple[int, int], what: str) -> str:
        text = "" if node is None else self.text(node, at, what)
        try:
            parse(text)
        except ValueError as err:
            raise self.fail(at, f"{what}: {err}") from None
        return text

    def some_tiles(self, node: Any, at: tuple[int, int], what: str) -> str:
        """Tiles, or ``none`` (or nothing) for no tiles."""
        return "" if node in (None, "none") else self.tiles(node, at, what)

    def one_of(self, node: Any, at: tuple[int, int], what: str, words: Sequence[str]) -> str:
        word = self.text(node, at, what)
        if word not in words:
            raise self.fail(at, f"{what}: {word!r} is not one of {', '.join(words)}")
        return word

    def per_player(self, node: Any, at: tuple[int, int], what: str) -> list[tuple[str, Any, tuple[int, int]]]:
        """``{A: …, C: …}`` as ``(letter, value, where)``."""
        mapping = self.mapping(node, at, what)
        out = []
        for key in mapping:
            self.player(key, self.key_at(mapping, key), what)
            out.append((str(key), mapping[key], self.value_at(mapping, key)))
        return out

    def items(self, node: Any, at: tuple[int, int], what: str) -> list[tuple[Any, tuple[int, int]]]:
        """A list (or one value standing for a list of one) as ``(item, where)``."""
        if isinstance(node, CommentedSeq):
            return [(item, node.lc.item(i)) for i, item in enumerate(node)]
        if node is None:
            raise self.fail(at, f"{what}: expected a value or a list")
        return [(node, at)]

    def listed(self, node: Any, at: tuple[int, int], what: str, read: Reader) -> tuple[Any, ...]:
        """A list read item by item; ``[]`` or ``none`` for an empty one."""
        if node in ([], "none"):
            return ()
        return tuple(read(v, w, what) for v, w in self.items(node, at, what))

    # -- the parts of an example -----------------------------------------------------

    def table(self, node: Any, at: tuple[int, int], *, first: bool = True) -> dict[str, Any]:
        """The table as :class:`engine.hextech.scenario.Scenario` arguments (``first``: the round an
        example starts with, which must write its hands)."""
        node = self.mapping(node, at, "table", TABLE_KEYS)
        if not first and "modules" in node:
            raise self.fail(
                self.key_at(node, "modules"), "next round: the modules of the first round carry on"
            )
        out: dict[str, Any] = {}
        for key in node:
            value, where = node[key], self.value_at(node, key)
            what = f"table.{key}"
            if key == "dealer":
                out["dealer"] = self.player(value, where, what)
            elif key == "hands":
                out["hands"] = {
                    p: self.tiles(v, w, f"{what}.{p}") for p, v, w in self.per_player(value, where, what)
                }
            elif key == "melds":
                out["melds"] = {
                    p: self.listed(v, w, f"{what}.{p}", self.meld)
                    for p, v, w in self.per_player(value, where, what)
                }
            elif key in ("draws", "tail"):
                out[key] = self.tiles(value, where, what)
            elif key == "wall":
                out["drawable"] = self.count(value, where, what)
            elif key == "world":
                out["world"] = self.card(value, where, what)
            elif key in ("augments", "offered"):
                out[key] = {
                    p: self.cards(v, w, f"{what}.{p}") for p, v, w in self.per_player(value, where, what)
                }
            elif key == "contracts":
                out["contracts"] = {
                    p: self.card(v, w, f"{what}.{p}") for p, v, w in self.per_player(value, where, what)
                }
            elif key in ("chance", "party", "treasure", "contract deck", "black deck"):
                out[key.replace(" ", "_")] = self.cards(value, where, what)
            elif key in TIERS:
                out.setdefault("augment_decks", {})[key] = self.cards(value, where, what)
            elif key == "draft":
                out["draft"] = self.one_of(value, where, what, TIERS)
            elif key == "round":
                out["number"] = self.whole(value, where, what)
            elif key == "scores":
                scores = [0, 0, 0, 0]
                for p, v, w in self.per_player(value, where, what):
                    scores[PLAYERS.index(p)] = self.whole(v, w, f"{what}.{p}")
                out["scores"] = tuple(scores)
            elif key == "seed":
                out["seed"] = self.count(value, where, what)
            elif key == "die":
                out["die"] = tuple(self.roll(v, w, what) for v, w in self.items(value, where, what))
            else:
                out["modules"] = tuple(self.module(v, w, what) for v, w in self.items(value, where, what))
        if first and "hands" not in out:
            raise self.fail(at, "table: no hands (write at least one player's hand, e.g. hands: {A: 123m…})")
        if first and "draft" in out and out["draft"] not in out.get("augment_decks", {}):
            raise self.fail(at, f"table: a {out['draft']} draft needs the {out['draft']} deck stacked")
        return out

    def meld(self, node: Any, at: tuple[int, int], what: str) -> str:
        text = self.text(node, at, what)
        try:
            Meld.parse(text)
        except (ValueError, InputError) as err:
            raise self.fail(at, f"{what}: {err}") from None
        return text

    def roll(self, node: Any, at: tuple[int, int], what: str) -> int:
        value = self.whole(node, at, what)
        if not 1 <= value <= DIE_SIDES:
            raise self.fail(at, f"{what}: a die shows 1 to {DIE_SIDES}, not {value}")
        return value

    def event(self, node: Any, at: tuple[int, int], what: str) -> EventSpec:
        """``name [PLAYER] [key=value]…``, an event a round records."""
        try:
            return read_event(self.text(node, at, what))
        except ValueError as err:
            raise self.fail(at, f"{what}: {err}") from None

    def decision(self, node: Any, at: tuple[int, int], what: str) -> DecisionSpec | None:
        """``kind PLAYER [about]``, or ``none`` for the round being over (``dsl.example_words``)."""
        try:
            return read_decision(self.text(node, at, what), self.known)
        except ValueError as err:
            raise self.fail(at, f"{what}: {err}") from None

    def some_decision(self, node: Any, at: tuple[int, int], what: str) -> DecisionSpec:
        spec = self.decision(node, at, what)
        if spec is None:
            raise self.fail(at, f"{what}: 'none' is not a decision")
        return spec

    def events(self, node: Any, at: tuple[int, int], what: str) -> tuple[EventSpec, ...]:
        return tuple(self.event(v, w, what) for v, w in self.items(node, at, what))

    def counts(self, node: Any, at: tuple[int, int], what: str) -> tuple[tuple[EventSpec, int], ...]:
        counts = self.mapping(node, at, what)
        return tuple(
            (
                self.event(k, self.key_at(counts, k), what),
                self.count(counts[k], self.value_at(counts, k), what),
            )
            for k in counts
        )

    def asked(self, node: Any, at: tuple[int, int], what: str) -> tuple[tuple[DecisionSpec, int], ...]:
        counts = self.mapping(node, at, what)
        return tuple(
            (
                self.some_decision(k, self.key_at(counts, k), what),
                self.count(counts[k], self.value_at(counts, k), what),
            )
            for k in counts
        )

    def texts(self, node: Any, at: tuple[int, int], what: str) -> tuple[str, ...]:
        return tuple(self.text(v, w, what) for v, w in self.items(node, at, what))

    def players(self, node: Any, at: tuple[int, int], what: str) -> tuple[int, ...]:
        return self.listed(node, at, what, self.player)

    def faces(self, node: Any, at: tuple[int, int], what: str) -> tuple[tuple[str, int], ...]:
        faces = self.mapping(node, at, what)
        return tuple(
            (self.tiles(f, self.key_at(faces, f), what), self.count(faces[f], self.value_at(faces, f), what))
            for f in faces
        )

    def melds(self, node: Any, at: tuple[int, int], what: str) -> tuple[str, ...]:
        return () if node == [] else self.texts(node, at, what)

    def kongs(self, node: Any, at: tuple[int, int], what: str) -> tuple[str, ...]:
        return self.listed(node, at, what, lambda v, w, x: self.one_of(v, w, x, KONG_KINDS))

    def wind(self, node: Any, at: tuple[int, int], what: str) -> str:
        return self.one_of(node, at, what, WINDS)

    def status(self, node: Any, at: tuple[int, int], what: str) -> str:
        """``completed``, or the contract and its status: ``C-05 completed``."""
        words = self.text(node, at, what).split()
        status = words[-1]
        if len(words) > 2 or (len(words) == 2 and words[0] not in self.known):
            raise self.fail(at, f"{what}: expected a status, or a contract id and its status")
        if status not in _STATUSES:
            raise self.fail(
                at, f"{what}: {status!r} is not a contract status (one of {', '.join(_STATUSES)})"
            )
        return " ".join(words)

    def lasting(self, node: Any, at: tuple[int, int], what: str) -> str:
        card = self.text(node, at, what)
        return card if card == "none" else self.card(card, at, what)

    def discards(self, node: Any, at: tuple[int, int], what: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """``{chance: [O-P03], treasure: []}``: each deck's discard pile, in the order discarded."""
        piles = self.mapping(node, at, what, DECKS)
        return tuple(
            (str(deck), self.listed(piles[deck], self.value_at(piles, deck), f"{what}.{deck}", self.card))
            for deck in piles
        )

    def session(self, node: Any, at: tuple[int, int], what: str) -> Any:
        """``{party: {stars: [B]}}``: fields the enabled modules give the session (``hexmj play --json``)."""
        fields = self.mapping(node, at, what)
        for key in fields:
            self.module(key, self.key_at(fields, key), what)
        return _plain(fields)

    def check(self, key: str, value: Any, at: tuple[int, int], since_start: bool) -> Step:
        """One expectation: per player (``hand: {A: …}``) or of the table as a whole."""
        what = f"expect.{key}"
        per_player: dict[str, Reader] = {
            "hand": self.tiles,
            "has": self.faces,
            "river": self.some_tiles,
            "melds": self.melds,
            "kongs": self.kongs,
            "flowers": self.count,
            "contract": self.status,
            "lasting": self.lasting,
            "revealed": self.some_tiles,
            "revealed has": self.tiles,
            "seen": self.some_tiles,
            "items": self.texts,
            "no items": self.texts,
            "points": self.whole,
            "totals": self.whole,
            "normal draws": self.count,
            "forced discards": self.count,
            "penalties": self.whole,
            "wind": self.wind,
            "treasure": self.some_tiles,
        }
        whole: dict[str, Reader] = {
            "events": self.events,
            "no events": self.events,
            "count": self.counts,
            "asked": self.asked,
            "decision": self.decision,
            "options": self.texts,
            "no options": self.texts,
            "only options": self.texts,
            "winners": self.players,
            "top": self.tiles,
            "tail": self.tiles,
            "wall": self.count,
            "discards": self.discards,
            "session": self.session,
        }
        if key == "not":
            [inner] = self.inner(value, at, what, since_start, one=True)
            return Step("not", at[0] + 1, inner, None, since_start)
        if key == "one of":
            alternatives = tuple(
                tuple(self.inner(v, w, what, since_start)) for v, w in self.items(value, at, what)
            )
            if len(alternatives) < 2:
                raise self.fail(at, f"{what}: write two alternatives or more, each a mapping of expectations")
            return Step("one of", at[0] + 1, alternatives, None, since_start)
        if key in per_player:
            read = per_player[key]
            parsed: Any = tuple(
                (PLAYERS.index(p), read(v, w, f"{what}.{p}")) for p, v, w in self.per_player(value, at, what)
            )
        else:
            parsed = whole[key](value, at, what)
        return Step(key, at[0] + 1, parsed, None, since_start)

    def inner(
        self, node: Any, at: tuple[int, int], what: str, since_start: bool, *, one: bool = False
    ) -> list[Step]:
        """The expectations of ``not`` (``one``: a single one) or of one alternative of ``one of``."""
        node = self.mapping(node, at, what, [k for k in CHECK_KEYS if k != "since"])
        if one and len(node) != 1:
            raise self.fail(at, f"{what}: write one expectation, e.g. not: {{decision: turn B}}")
        if not node:
            raise self.fail(at, f"{what}: expected a mapping of expectations")
        return [self.check(str(key), node[key], self.value_at(node, key), since_start) for key in node]

    def expect(self, node: Any, at: tuple[int, int]) -> list[Step]:
        node = self.mapping(node, at, "expect", CHECK_KEYS)
        since = node.get("since")
        if since is not None and since != "start":
            raise self.fail(self.value_at(node, "since"), "expect.since: the only window is 'start'")
        return [
            self.check(str(key), node[key], self.value_at(node, key), since is not None)
            for key in node
            if key != "since"
        ]

    def step(self, node: Any, at: tuple[int, int]) -> list[Step]:
        line = at[0] + 1
        if node == "finish":
            return [Step("finish", line, False)]
        if not isinstance(node, CommentedMap) or len(node) != 1:
            raise self.fail(
                at, "steps: each step is one of A: answer, answer:, until:, to:, finish, next round:, expect:"
            )
        key = next(iter(node))
        value, where = node[key], self.value_at(node, key)
        if key in tuple(PLAYERS):
            return [Step("answer", line, self.text(value, where, f"steps.{key}"), PLAYERS.index(key))]
        if key == "answer":
            return [Step("answer", line, self.text(value, where, "steps.answer"))]
        if key == "until":
            return [Step("until", line, self.event(value, where, "steps.until"))]
        if key == "to":
            spec = self.decision(value, where, "steps.to")
            if spec is None:
                raise self.fail(where, "steps.to: use 'finish' to play the round out")
            return [Step("to", line, spec)]
        if key == "finish":
            if value != "take wins":
                raise self.fail(where, "steps.finish: write 'finish' alone, or 'finish: take wins'")
            return [Step("finish", line, True)]
        if key == "next round":
            return [Step("next round", line, self.table(value, where, first=False))]
        if key == "expect":
            return self.expect(value, where)
        raise self.fail(self.key_at(node, key), f"steps: unknown step {key!r} (A–D, {', '.join(PLAY_KEYS)})")

    def passage(self, node: Any, at: tuple[int, int], rule: str | None) -> str:
        """The passage an example proves: it names the card library (``lib 三 …``) or a rulebook §; a
        rule's example names a §."""
        text = self.text(node, at, "proves")
        if rule is not None and not _SECTION.search(text):
            raise self.fail(at, f"proves: name the rulebook passage proved (§…) of {rule}")
        if not _PASSAGE.search(text):
            raise self.fail(
                at, "proves: name the passage proved: the library (lib 三 W-01 卡面正文 …) or a §"
            )
        return text

    def example(self, node: Any, at: tuple[int, int], cards: tuple[str, ...], rule: str | None) -> Example:
        keys = ("example", "proves", "cards", "table", "steps", REVIEW)
        node = self.mapping(node, at, "examples[]", keys)
        for key in ("example", "proves", "table", "steps"):
            if key not in node:
                raise self.fail(at, f"example: no {key!r}")
        name = self.text(node["example"], self.value_at(node, "example"), "example")
        if "cards" in node:
            cards = self.cards(node["cards"], self.value_at(node, "cards"), "cards")
        steps_node = node["steps"]
        if not isinstance(steps_node, CommentedSeq) or not steps_node:
            raise self.fail(self.value_at(node, "steps"), "steps: expected a list of steps")
        steps = [s for i, item in enumerate(steps_node) for s in self.step(item, steps_node.lc.item(i))]
        return Example(
            file=str(self.path),
            line=at[0] + 1,
            name=name,
            proves=self.passage(node["proves"], self.value_at(node, "proves"), rule),
            cards=cards,
            table=self.table(node["table"], self.value_at(node, "table")),
            table_line=self.value_at(node, "table")[0] + 1,
            steps=tuple(steps),
            rule=rule,
            review=self.text(node[REVIEW], self.value_at(node, REVIEW), REVIEW) if REVIEW in node else None,
        )

    def subject(self, top: CommentedMap) -> tuple[tuple[str, ...], str | None]:
        """What a file proves: ``card: ID``, ``cards: [ID, …]`` or ``rule: §N``, exactly one of them."""
        named = [key for key in ("card", "cards", "rule") if key in top]
        if len(named) != 1:
            raise self.fail(
                (0, 0),
                "example file: name what it proves: card: ID, cards: [ID, …] or rule: §N (one of them)",
            )
        key = named[0]
        at = self.value_at(top, key)
        if key == "card":
            return (self.card(top[key], at, "card"),), None
        if key == "cards":
            return self.cards(top[key], at, "cards"), None
        section = str(top[key]).strip() if isinstance(top[key], float) else self.text(top[key], at, "rule")
        if not _SECTION.fullmatch(section):
            raise self.fail(at, f"rule: {section!r} is not a rulebook section (write §12.3)")
        return (), section


def _plain(node: Any) -> Any:
    """A YAML node as plain dicts, lists and scalars."""
    if isinstance(node, CommentedMap):
        return {str(key): _plain(value) for key, value in node.items()}
    if isinstance(node, CommentedSeq):
        return [_plain(item) for item in node]
    return node


def load_examples(path: Path, known: Collection[str]) -> ExampleFile:
    """Read and check one example file; ``known`` are the card ids there are (every version)."""
    reader = _Reader(path, known)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise InputError(f"{path}: cannot read example file: {err.strerror}") from None
    except UnicodeDecodeError as err:
        line = err.object[: err.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: not UTF-8 text") from None
    try:
        data = _yaml().load(_quote_texts(text))
    except YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise InputError(f"{where}: {getattr(err, 'problem', None) or 'not valid YAML'}") from None
    top = reader.mapping(data, (0, 0), "example file", ("card", "cards", "rule", "examples"))
    cards, rule = reader.subject(top)
    if "examples" not in top:
        raise reader.fail((0, 0), "example file: no 'examples'")
    listed = top["examples"]
    if not isinstance(listed, CommentedSeq) or not listed:
        raise reader.fail(reader.value_at(top, "examples"), "examples: expected a list of examples")
    examples = tuple(reader.example(item, listed.lc.item(i), cards, rule) for i, item in enumerate(listed))
    names = [e.name for e in examples]
    for e in examples:
        if names.count(e.name) > 1:
            raise reader.fail((e.line - 1, 0), f"example: the name {e.name!r} is used twice in this file")
    return ExampleFile(path, cards, examples, rule)


def example_files(paths: Iterable[Path]) -> list[Path]:
    """The example files named by ``paths``: a ``.yaml`` file, or a folder standing for the example files
    in it: those of the ``examples/`` folders beneath it when it has any (``hexmj check cards`` reads
    ``cards/examples``, not the pool files), else its own ``.yaml`` files, recursively; see
    :func:`dsl.files.named_files` for what is refused."""
    named: list[Path] = []
    for path in paths:
        folders = (
            sorted(path.rglob(EXAMPLES_FOLDER)) if path.is_dir() and path.name != EXAMPLES_FOLDER else []
        )
        folders = [f for f in folders if f.is_dir() and EXAMPLES_FOLDER not in f.relative_to(path).parts[:-1]]
        named.extend(folders or [path])
    return named_files(named, ".yaml", "example file")


def example_folders(card_files: Iterable[Path]) -> list[Path]:
    """The ``examples/`` folders beside ``card_files`` that exist, in order."""
    folders = dict.fromkeys(Path(path).parent / EXAMPLES_FOLDER for path in card_files)
    return [folder for folder in folders if folder.is_dir()]


_NAMING = re.compile(r"^(?P<indent>[ -]*)(?P<key>cards?):[ \t]*(?P<rest>[^#\n]*)", re.M)
_LISTED = re.compile(r"^(?P<indent> *)- *(?P<id>[^\s#]+)")


def named_cards(folder: Path) -> set[str]:
    """The card ids the example files of ``folder`` and its ``rules/`` name (``card:``, ``cards:`` and
    an example's ``cards:``), read leniently line by line: lint asks only which cards have examples,
    quickly; ``hexmj check`` parses each file whole and reports a malformed one."""
    named: set[str] = set()
    for path in sorted(folder.rglob("*.yaml")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        lines = text.splitlines()
        for found in _NAMING.finditer(text):
            rest = found["rest"].strip().strip("[]")
            if rest:
                named.update(part.strip().strip("'\"") for part in rest.split(",") if part.strip())
                continue
            at = text.count("\n", 0, found.start()) + 1
            for line in lines[at:]:
                listed = _LISTED.match(line)
                if listed is None or len(listed["indent"]) < len(found["indent"]):
                    break
                named.add(listed["id"].strip("'\""))
    return named
