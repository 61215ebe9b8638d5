"""Text of a ``.hex`` file → :class:`dsl.model.Card` values (docs/dsl.md).

The LALR parser is built once per process from ``dsl/grammar.lark`` (and
cached on disk by Lark, keyed by the grammar's hash).  A text that does not
follow the grammar raises :class:`dsl.errors.CardSyntaxError` naming the
file, line and column, with the source line, a caret and a hint.  Names are
not resolved here: :mod:`dsl.compiler` checks them against the engine's
vocabulary.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.tree import Meta
from pydantic import BaseModel

from dsl import model as m
from dsl.errors import CardSyntaxError, Diagnostic, Location
from engine.hextech.card_ids import split_version

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")

_A = TypeVar("_A", bound=BaseModel)


TERMINAL_NAMES: dict[str, str] = {
    "CARD_ID": "a card id such as W-01 or S-08-v2",
    "STRING": 'a double-quoted text "…"',
    "LABEL": "a field label such as 卡面正文",
    "NAME": "a name",
    "INT": "a whole number",
    "NEGATIVE_INT": "a whole number",
    "TILE": "a tile such as 7z",
    "CMP": "a comparison (>=, ==, …)",
    "MAY": "'may'",
    "ALLOW": "'allow'",
    "FORBID": "'forbid'",
    "SHAPE": "'shape'",
    "FORM": "'form'",
    "NONE": "'none'",
    "$END": "the end of the file",
}
"""How error messages name the terminals that are not plain keywords."""

COMMON_MISTAKES: dict[str, list[str]] = {
    "a field's text must be in double quotes": [
        'card W-01 "x" world { 说明: x',
        'card W-01 "x" world { 说明: 1',
    ],
    "the card name must be in double quotes, after the id": [
        "card W-01 x",
        "card W-01 {",
    ],
    "the header needs a type (world, chance …, silver, contract …) before '{'": [
        'card W-01 "x" {',
    ],
    'a card starts with: card <ID> "<name>" <type> {': [
        "W-01",
        'x "x"',
    ],
    "an ability needs 'do' before its effect": [
        'card W-01 "x" world { on a.b f(',
        'card W-01 "x" world { on a.b by holder f(',
        'card W-01 "x" world { on a.b by holder when f() f(',
    ],
    "allow/forbid needs 'for <who>' after the action": [
        'card W-01 "x" world { forbid chi }',
        'card W-01 "x" world { allow chi(a) }',
        'card W-01 "x" world { forbid chi limit',
    ],
    "several effects go in braces: do { first() second() }": [
        'card W-01 "x" world { on a.b do f() g(',
        'card W-01 "x" world { on a.b do f g(',
        'card W-01 "x" world { resolve do f() g(',
        'card W-01 "x" world { resolve do f g(',
    ],
    "a comparison needs a whole number on its right, e.g. count(chow) >= 2": [
        'card W-01 "x" world { complete at hu when count(chow) >= x',
    ],
}
"""Examples of frequent mistakes and the hint each earns (Lark ``match_examples``)."""

MAX_NESTING = 24
"""How deep a file's parse may nest (``not``, ``and``/``or`` groups, blocks inside blocks …); the
library's deepest card nests 11 levels.  Deeper input is refused before anything recurses over it, so
that what parses also compiles and plays (R190)."""

MAX_DIGITS = 18
"""The longest whole number a card may write (B-15's 11-digit number fits); the checker then holds
each argument to its parameter's range (``engine.hextech.vocabulary.Param``, R190)."""

NUMBER_TERMINALS = frozenset({"INT", "NEGATIVE_INT"})

UNCLOSED = "a '{' is not closed with '}'"
"""The hint for a file that ends where a '}' could still close a card or a block."""

_OPEN = 'card W-01 "x" world { '
for _examples in COMMON_MISTAKES.values():
    _examples += [e.replace(_OPEN, _OPEN + '说明: "x" ', 1) for e in _examples if e.startswith(_OPEN)]


def _cache_file() -> str:
    """Where Lark keeps the built parser tables, or ``""`` (no cache) when there is no usable
    cache folder.  Lark itself rebuilds on an unreadable or stale cache file and ignores a failed
    write, so a read-only or missing cache folder only costs the build."""
    digest = hashlib.sha256(GRAMMAR_PATH.read_bytes()).hexdigest()[:16]
    try:
        root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hexmahjong"
        root.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # RuntimeError: no home folder to be found
        return ""
    return str(root / f"grammar-{digest}.lark.cache")


@cache
def grammar_parser() -> Lark:
    """The LALR parser of the card language, built once per process."""
    cache_file = _cache_file()
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
        cache=cache_file or False,
    )


def parse_tree(text: str, file: str = "<text>") -> Tree[Token]:
    """The parse tree of one ``.hex`` file (positions kept); raise :class:`CardSyntaxError` on bad syntax."""
    parser = grammar_parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput as err:
        raise _syntax_error(err, text, file, parser) from None
    _check_bounds(tree, text, file)
    return tree


def parse_text(text: str, file: str = "<text>") -> list[m.Card]:
    """Parse the text of one ``.hex`` file into cards; raise :class:`CardSyntaxError` on bad syntax."""
    cards: list[m.Card] = _Builder(file).transform(parse_tree(text, file))
    return cards


def _check_bounds(tree: Tree[Token], text: str, file: str) -> None:
    """Refuse a parse nested deeper than :data:`MAX_NESTING` or a number longer than
    :data:`MAX_DIGITS`, at the place it starts; the walk keeps its own stack, so no input can exhaust
    Python's."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            where = node.meta if not node.meta.empty else _first_token(node)
            message = f"nested more than {MAX_NESTING} levels deep"
            hint = "split the condition or the effects; nest fewer 'not', 'and'/'or' or blocks"
            raise _bound_error("NESTING", message, hint, where, text, file)
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))
            elif len(digits := _digits(child)) > MAX_DIGITS:
                message = f"a number of {len(digits)} digits; at most {MAX_DIGITS} are read"
                raise _bound_error("NUMBER", message, "", child, text, file)


def _digits(token: Token) -> str:
    """The digits of a number, or of a card id's version (``S-08-v2``); ``""`` for other tokens."""
    if token.type in NUMBER_TERMINALS:
        return token.lstrip("-")
    if token.type == "CARD_ID":
        return split_version(str(token))[1]
    return ""


def _first_token(node: Tree[Token]) -> Token | Meta:
    return next(iter(node.scan_values(lambda value: isinstance(value, Token))), node.meta)


def _bound_error(
    code: str, message: str, hint: str, where: Meta | Token, text: str, file: str
) -> CardSyntaxError:
    location = Location(file=file, line=getattr(where, "line", 1), column=getattr(where, "column", 1))
    diagnostic = Diagnostic(
        severity="error", code=code, cards=(), message=message, location=location, hint=hint
    )
    return CardSyntaxError(diagnostic, text)


def parse_file(path: Path) -> list[m.Card]:
    """Parse one ``.hex`` file."""
    return parse_text(path.read_text(encoding="utf-8"), str(path))


def _syntax_error(err: UnexpectedInput, text: str, file: str, parser: Lark) -> CardSyntaxError:
    line, column = max(err.line, 1), max(err.column, 1)
    label = None
    if isinstance(err, UnexpectedCharacters):
        position = err.pos_in_stream or 0
        found = repr(text[position]) if position < len(text) else "the end"
        message = f"unexpected character {found}"
        expected = set(err.allowed or ())
    else:
        label = err.match_examples(parser.parse, COMMON_MISTAKES, use_accepts=True)
        if isinstance(err, UnexpectedToken):
            message = f"unexpected {_describe_token(err.token)}"
            expected = set(err.accepts or err.expected)
        else:
            message = "unexpected end of file"
            expected = set(getattr(err, "expected", ()) or ())
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        lines = text.rstrip().split("\n")
        line, column = len(lines), len(lines[-1]) + 1
        label = label or (UNCLOSED if "_RBRACE" in expected else None)
    if label:
        message = f"{message}: {label}"
    named = sorted({_terminal_name(name, parser) for name in expected})
    diagnostic = Diagnostic(
        severity="error",
        code="SYNTAX",
        cards=(),
        message=message,
        location=Location(file=file, line=line, column=column),
        hint="expected " + ", ".join(named) if named else "",
    )
    return CardSyntaxError(diagnostic, text)


def _describe_token(token: Token) -> str:
    return "end of file" if token.type == "$END" else repr(str(token))


def _terminal_name(name: str, parser: Lark) -> str:
    if name in TERMINAL_NAMES:
        return TERMINAL_NAMES[name]
    for terminal in parser.terminals:
        if terminal.name == name and terminal.pattern.type == "str":
            return f"'{terminal.pattern.value}'"
    return name.lstrip("_").lower()


def _loc(file: str, meta: Meta | Token) -> Location:
    return Location(file=file, line=getattr(meta, "line", 1), column=getattr(meta, "column", 1))


def _text(token: Token) -> str:
    return re.sub(r'\\(["\\])', r"\1", str(token)[1:-1])


@v_args(meta=True)
class _Builder(Transformer[Token, Any]):
    """Builds the models of :mod:`dsl.model` from the parse tree, keeping every location."""

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file

    def start(self, meta: Meta, children: list[m.Card]) -> list[m.Card]:
        return children

    def card(self, meta: Meta, children: list[Any]) -> m.Card:
        card_id, name, (ctype, group), *rest = children
        tags = tuple(item[1] for item in rest if isinstance(item, tuple) and item[0] == "module")
        fields: dict[str, str] = {}
        field_locations: dict[str, Location] = {}
        abilities: list[Any] = []
        for item in rest:
            if isinstance(item, tuple) and item[0] == "field":
                _, label, text, where = item
                fields.setdefault(label, text)
                field_locations.setdefault(label, where)
            elif not isinstance(item, tuple):
                abilities.append(item)
        base_id, version = split_version(str(card_id))
        return m.Card(
            id=str(card_id),
            base_id=base_id,
            version=int(version or 1),
            name=_text(name),
            type=ctype,
            group=group,
            tags=tags,
            fields=fields,
            field_locations=field_locations,
            abilities=tuple(abilities),
            location=_loc(self.file, meta),
        )

    def card_type(self, meta: Meta, children: list[Token]) -> tuple[str, str | None]:
        return str(children[0]), (str(children[1]) if len(children) > 1 else None)

    def module_tag(self, meta: Meta, children: list[Token]) -> tuple[str, str]:
        return ("module", str(children[0]))

    def field(self, meta: Meta, children: list[Token]) -> tuple[str, str, str, Location]:
        label, text = children
        return ("field", str(label), _text(text), _loc(self.file, label))

    # ---- abilities ---------------------------------------------------------

    def _parts(self, children: list[Any]) -> dict[str, Any]:
        parts: dict[str, Any] = {"limits": [], "duration": None, "actor": None, "guard": None}
        parts["optional"] = False
        for child in children:
            if isinstance(child, tuple) and child[0] == "event":
                parts["event"], parts["event_location"] = child[1]
            elif isinstance(child, tuple) and child[0] == "events":
                (parts["event"], parts["event_location"]), *also = child[1]
                parts["also"] = tuple(m.EventName(name=name, location=where) for name, where in also)
            elif isinstance(child, tuple):
                key, value = child
                parts[key] = value
            elif isinstance(child, m.Limit):
                parts["limits"].append(child)
            elif isinstance(child, m.Duration):
                parts["duration"] = child
            elif isinstance(child, Token) and child.type == "MAY":
                parts["optional"] = True
        parts["limits"] = tuple(parts["limits"])
        return parts

    def _ability(self, model: type[_A], meta: Meta, children: list[Any], **given: Any) -> _A:
        """The ability ``model`` built from its clauses (event, actor, guard, limits, …) and ``given``."""
        parts = self._parts(children)
        fields = {key: value for key, value in parts.items() if key in model.model_fields}
        return model(location=_loc(self.file, meta), **fields, **given)

    def trigger(self, meta: Meta, children: list[Any]) -> m.Trigger:
        return self._ability(m.Trigger, meta, children)

    def replacement(self, meta: Meta, children: list[Any]) -> m.Replacement:
        return self._ability(m.Replacement, meta, children)

    def static(self, meta: Meta, children: list[Any]) -> m.Static:
        polarity, action, who, *rest = children
        return self._ability(m.Static, meta, rest, polarity=polarity, action=action, who=str(who))

    def grant(self, meta: Meta, children: list[Any]) -> m.Grant:
        kind, name, *rest = children
        args = rest[0] if rest else []
        return m.Grant(kind=kind, name=str(name), args=tuple(args), location=_loc(self.file, meta))

    def complete_at_hu(self, meta: Meta, children: list[Any]) -> m.CompleteAtHu:
        return m.CompleteAtHu(condition=children[-1], location=_loc(self.file, meta))

    def complete_on(self, meta: Meta, children: list[Any]) -> m.CompleteOn:
        return self._ability(m.CompleteOn, meta, children)

    def failure(self, meta: Meta, children: list[Any]) -> m.Fail:
        return self._ability(m.Fail, meta, children)

    def resolution(self, meta: Meta, children: list[Any]) -> m.Resolution:
        return m.Resolution(effects=children[-1][1], location=_loc(self.file, meta))

    def event(self, meta: Meta, children: list[Token]) -> tuple[str, tuple[str, Location]]:
        return ("event", (".".join(str(c) for c in children), _loc(self.file, children[0])))

    def events(
        self, meta: Meta, children: list[tuple[str, tuple[str, Location]]]
    ) -> tuple[str, list[tuple[str, Location]]]:
        return ("events", [named for _, named in children])

    def actor(self, meta: Meta, children: list[Token]) -> tuple[str, str]:
        return ("actor", str(children[0]))

    def guard(self, meta: Meta, children: list[Any]) -> tuple[str, Any]:
        return ("guard", children[0])

    def polarity(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0])

    def grant_kind(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0])

    def action(self, meta: Meta, children: list[Any]) -> m.Action:
        args = children[1] if len(children) > 1 else []
        return m.Action(name=str(children[0]), args=tuple(args), location=_loc(self.file, children[0]))

    def limit_count(self, meta: Meta, children: list[Token]) -> m.Limit:
        return m.Limit(
            count=int(children[0]), per=tuple(str(c) for c in children[1:]), location=_loc(self.file, meta)
        )

    def limit_none(self, meta: Meta, children: list[Token]) -> m.Limit:
        return m.Limit(count=None, per=(), location=_loc(self.file, meta))

    def duration_until(self, meta: Meta, children: list[Token]) -> m.Duration:
        return m.Duration(until=str(children[0]), location=_loc(self.file, children[0]))

    def duration_triggers(self, meta: Meta, children: list[Token]) -> m.Duration:
        return m.Duration(triggers=int(children[0]), location=_loc(self.file, meta))

    # ---- effects -------------------------------------------------------------

    def block(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return ("effects", tuple(step for child in children for step in self._effects(child)))

    def _effects(self, child: Any) -> tuple[Any, ...]:
        if isinstance(child, tuple) and child[0] == "effects":
            return tuple(child[1])
        return (child,)

    def call(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        args = children[1] if len(children) > 1 else []
        return (
            "effects",
            (m.EffectCall(name=str(children[0]), args=tuple(args), location=_loc(self.file, children[0])),),
        )

    def choose(self, meta: Meta, children: list[m.Option]) -> tuple[str, tuple[Any, ...]]:
        return ("effects", (m.Choose(options=tuple(children), location=_loc(self.file, meta)),))

    def option(self, meta: Meta, children: list[Any]) -> m.Option:
        label, *rest = children
        guard = rest[0][1] if len(rest) > 1 else None
        return m.Option(
            label=_text(label), guard=guard, effects=self._effects(rest[-1]), location=_loc(self.file, meta)
        )

    def for_each(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        players, *rest = children
        start = str(rest[0]) if len(rest) > 1 else None
        step = m.ForEach(
            players=str(players), start=start, effects=self._effects(rest[-1]), location=_loc(self.file, meta)
        )
        return ("effects", (step,))

    def if_effect(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        condition, then, *otherwise = children
        step = m.IfEffect(
            condition=condition,
            then=self._effects(then),
            otherwise=self._effects(otherwise[0]) if otherwise else (),
            location=_loc(self.file, meta),
        )
        return ("effects", (step,))

    def status(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        polarity, action, who, *rest = children
        guard = rest[0][1] if len(rest) > 1 else None
        step = m.Status(
            polarity=polarity,
            action=action,
            who=str(who),
            guard=guard,
            duration=rest[-1],
            location=_loc(self.file, meta),
        )
        return ("effects", (step,))

    def later(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        step = m.Later(
            expiry=str(children[0]), effects=self._effects(children[1]), location=_loc(self.file, meta)
        )
        return ("effects", (step,))

    def args(self, meta: Meta, children: list[m.Arg]) -> list[m.Arg]:
        return children

    def arg(self, meta: Meta, children: list[Any]) -> m.Arg:
        name = str(children[0]) if len(children) > 1 else None
        return m.Arg(name=name, alternatives=children[-1], location=_loc(self.file, meta))

    def value(self, meta: Meta, children: list[Token]) -> tuple[m.Atom, ...]:
        return tuple(_atom(token) for token in children)

    # ---- conditions --------------------------------------------------------

    def or_cond(self, meta: Meta, children: list[Any]) -> m.AnyOf:
        return m.AnyOf(parts=tuple(children))

    def and_cond(self, meta: Meta, children: list[Any]) -> m.AllOf:
        return m.AllOf(parts=tuple(children))

    def negation(self, meta: Meta, children: list[Any]) -> m.Negation:
        return m.Negation(part=children[0])

    def comparison(self, meta: Meta, children: list[Any]) -> m.Comparison:
        fact, comparator, value = children
        return m.Comparison(fact=fact, comparator=str(comparator), value=int(value))

    def fact(self, meta: Meta, children: list[Any]) -> m.FactCall:
        args = children[1] if len(children) > 1 else []
        return m.FactCall(name=str(children[0]), args=tuple(args), location=_loc(self.file, children[0]))


def _atom(token: Token) -> m.Atom:
    if token.type in ("INT", "NEGATIVE_INT"):
        return m.Atom(kind="int", value=int(token))
    if token.type == "TILE":
        return m.Atom(kind="tile", value=str(token))
    if token.type == "STRING":
        return m.Atom(kind="text", value=_text(token))
    return m.Atom(kind="name", value=str(token))
