"""The canonical layout of a ``.hex`` file (``hexmj fmt``, docs/dsl.md "Layout").

:func:`format_text` prints the parse tree of a file again, so the layout
depends on what the cards say and not on how they were typed:

- a card's header on one line, its members indented by two spaces, one
  blank line between cards and one between the last field and the first
  ability; a blank line the designer left between two members is kept (at
  most one, never right after ``{`` or before ``}``);
- an ability on one line up to its ``do`` and its effect after it, however
  long (no width decides a break, so an edit never moves other lines); a block ``{ … }``, ``choose one``
  and the branches of ``if`` open on that line and hold one effect per line;
- single spaces between words, ``:`` after a label or an argument name,
  ``, `` between arguments, ``|`` between alternatives without spaces, the
  parentheses of a condition only where its nesting needs them;
- every comment kept character for character: one that ends a line stays at
  the end of the line that holds the word before it (two spaces, then ``#``);
  one on a line of its own stays on its own line before the word after it.

Field texts, names, numbers and tiles are copied as written (escapes
included), so the cards of the output are those of the input: only their
locations differ.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from lark import Token, Tree

from dsl.parser import parse_tree

INDENT = "  "
"""One level of indentation."""

Span = tuple[int, int]
"""Where a word is in the source: start and end offsets."""

_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*')
_EFFECTS = frozenset({"call", "choose", "for_each", "if_effect", "status", "later"})
_HOLDS_COMMENT = "block_with_comment"
"""An empty block with a comment inside: printed open, so that the comment stays inside."""
_BLOCKS = frozenset({"block", _HOLDS_COMMENT})
_PRECEDENCE = {"or_cond": 1, "and_cond": 2, "negation": 3}
_HEADS = {
    "trigger": "on",
    "replacement": "instead of",
    "complete_on": "complete on",
    "failure": "fail on",
}


@dataclass
class _Text:
    """Words on one line and the source spans of the words that came from the source."""

    text: str
    spans: list[Span] = field(default_factory=list)


@dataclass
class _Line:
    """One output line: depth of indentation, text, source spans; ``force_blank``: a blank line goes
    before it (or before the comments that lead it)."""

    depth: int
    text: str
    spans: list[Span]
    force_blank: bool = False
    comment: str = ""
    is_comment: bool = False

    @property
    def closes(self) -> bool:
        return not self.is_comment and self.text.startswith("}")


def _word(token: Token) -> _Text:
    return _Text(str(token), [(token.start_pos or 0, token.end_pos or 0)])


def _join(parts: Iterable[_Text], sep: str = " ") -> _Text:
    items = [part for part in parts if part.text]
    return _Text(sep.join(part.text for part in items), [span for part in items for span in part.spans])


def _close(tree: Tree[Token]) -> _Text:
    end = tree.meta.end_pos
    return _Text("}", [(end - 1, end)])


# ---- one-line parts ----------------------------------------------------------------


def _inline(node: Tree[Token] | Token) -> _Text:
    """A part that always fits on one line: names, events, arguments, conditions, clauses."""
    if isinstance(node, Token):
        return _word(node)
    kind = node.data
    kids = node.children
    if kind == "event":
        return _join((_inline(k) for k in kids), ".")
    if kind == "events":
        return _join((_inline(k) for k in kids), " | ")
    if kind == "args":
        meta = node.meta
        inner = _join((_inline(k) for k in kids), ", ")
        return _Text(f"({inner.text})", [(meta.start_pos, meta.start_pos + 1), *inner.spans])
    if kind == "arg":
        if len(kids) == 2:
            name = _inline(kids[0])
            return _join((_Text(name.text + ":", name.spans), _inline(kids[1])))
        return _inline(kids[0])
    if kind == "value":
        return _join((_inline(k) for k in kids), "|")
    if kind in ("fact", "action", "call"):
        return _join((_inline(k) for k in kids), "")
    if kind == "comparison":
        return _join(_inline(k) for k in kids)
    if kind in _PRECEDENCE:
        return _condition(node)
    if kind == "actor":
        return _join((_Text("by"), _inline(kids[0])))
    if kind == "guard":
        return _join((_Text("when"), _condition(kids[0])))
    if kind == "limit_count":
        words = [_Text("limit"), _inline(kids[0])]
        for period in kids[1:]:
            words += [_Text("per"), _inline(period)]
        return _join(words)
    if kind == "limit_none":
        return _join((_Text("limit"), _inline(kids[0])))
    if kind == "duration_until":
        return _join((_Text("until"), _inline(kids[0])))
    if kind == "duration_triggers":
        return _join((_Text("for"), _inline(kids[0]), _Text("triggers")))
    if kind in ("polarity", "grant_kind"):
        return _inline(kids[0])
    if kind == "status":
        polarity, action, who, *rest = kids
        words = [_Text("status"), _inline(polarity), _inline(action), _Text("for"), _inline(who)]
        return _join([*words, *(_inline(k) for k in rest)])
    raise ValueError(f"no one-line layout for {kind}")


def _condition(node: Tree[Token] | Token) -> _Text:
    """A condition with the parentheses its nesting needs: ``or`` binds loosest, then ``and``, ``not``."""
    if isinstance(node, Token) or node.data not in _PRECEDENCE:
        return _inline(node)
    own = _PRECEDENCE[node.data]
    if node.data == "negation":
        return _join((_Text("not"), _operand(node.children[0], 2)))
    word = "or" if node.data == "or_cond" else "and"
    parts = [_operand(child, own) for child in node.children]
    return _join(_interleave(parts, _Text(word)))


def _operand(node: Tree[Token] | Token, weakest: int) -> _Text:
    """An operand, parenthesised when its own operator binds no tighter than ``weakest``."""
    text = _condition(node)
    if isinstance(node, Tree) and _PRECEDENCE.get(node.data, 9) <= weakest:
        return _Text(f"({text.text})", text.spans)
    return text


def _interleave(parts: Sequence[_Text], between: _Text) -> list[_Text]:
    out: list[_Text] = []
    for index, part in enumerate(parts):
        if index:
            out.append(between)
        out.append(part)
    return out


# ---- effects: lines --------------------------------------------------------------------


def _after(prefix: _Text, lines: list[_Line]) -> list[_Line]:
    """``lines`` with ``prefix`` written before the first of them, on the same line."""
    first, *rest = lines
    merged = _join((prefix, _Text(first.text, first.spans)))
    return [_Line(first.depth, merged.text, merged.spans), *rest]


def _nested(lines: list[_Line]) -> list[_Line]:
    return [replace(line, depth=line.depth + 1) for line in lines]


def _block(tree: Tree[Token]) -> list[_Line]:
    start = tree.meta.start_pos
    if not tree.children and tree.data != _HOLDS_COMMENT:
        return [_Line(0, "{}", [(start, start + 1), *_close(tree).spans])]
    inner = [line for effect in tree.children for line in _effect(effect)]
    return [_Line(0, "{", [(start, start + 1)]), *_nested(inner), _line(_close(tree))]


def _line(text: _Text, depth: int = 0) -> _Line:
    return _Line(depth, text.text, text.spans)


def _body(node: Tree[Token] | Token) -> list[_Line]:
    """What follows ``do``, ``option "…"``, ``after <duration>`` or ``for each …``."""
    if isinstance(node, Tree) and node.data in _BLOCKS:
        return _block(node)
    return _effect(node)


def _effect(node: Tree[Token] | Token) -> list[_Line]:
    lines = _effect_lines(node)
    if isinstance(node, Tree):
        _starts_at(lines, node)
    return lines


def _starts_at(lines: list[_Line], tree: Tree[Token]) -> None:
    """Mark the first line with the source position of the tree's first word (a keyword the parse
    tree does not keep), for the blank lines and comments around it."""
    start = tree.meta.start_pos
    lines[0].spans.insert(0, (start, start + 1))


def _effect_lines(node: Tree[Token] | Token) -> list[_Line]:
    if isinstance(node, Token) or node.data in ("call", "status"):
        return [_line(_inline(node))]
    kids = node.children
    if node.data == "choose":
        start = node.meta.start_pos
        options = [line for option in kids for line in _option(_tree(option))]
        return [_Line(0, "choose one {", [(start, start + 6)]), *_nested(options), _line(_close(node))]
    if node.data == "for_each":
        names = [_inline(k) for k in kids[:-1]]
        head = [_Text("for each"), names[0], *([_Text("from"), names[1]] if len(names) > 1 else [])]
        return _after(_join(head), _body(kids[-1]))
    if node.data == "later":
        return _after(_join((_Text("after"), _inline(kids[0]))), _body(kids[-1]))
    if node.data == "if_effect":
        condition, then, *otherwise = kids
        lines = _after(_join((_Text("if"), _condition(condition))), _block(_tree(then)))
        if otherwise:
            last = lines.pop()
            lines += _after(_join((_Text(last.text, last.spans), _Text("else"))), _block(_tree(otherwise[0])))
        return lines
    raise ValueError(f"no layout for the effect {node.data}")


def _tree(node: Tree[Token] | Token) -> Tree[Token]:
    assert isinstance(node, Tree)
    return node


def _option(tree: Tree[Token]) -> list[_Line]:
    label, *rest = tree.children
    head = [_Text("option"), _inline(label), *(_inline(k) for k in rest[:-1])]
    lines = _after(_join(head), _body(rest[-1]))
    _starts_at(lines, tree)
    return lines


# ---- members and cards ------------------------------------------------------------------


def _member(tree: Tree[Token]) -> list[_Line]:
    lines = _member_lines(tree)
    _starts_at(lines, tree)
    return lines


def _member_lines(tree: Tree[Token]) -> list[_Line]:
    kind = tree.data
    kids = tree.children
    if kind == "field":
        label, text = (_inline(k) for k in kids)
        return [_line(_join((_Text(label.text + ":", label.spans), text)))]
    if kind in _HEADS:
        head = [_Text(_HEADS[kind])]
        for child in kids:
            if isinstance(child, Tree) and (child.data in _EFFECTS or child.data in _BLOCKS):
                return _after(_join([*head, _Text("do")]), _body(child))
            head.append(_Text("may") if isinstance(child, Token) and child.type == "MAY" else _inline(child))
        return [_line(_join(head))]
    if kind == "static":
        polarity, action, who, *rest = kids
        words = [_inline(polarity), _inline(action), _Text("for"), _inline(who), *(_inline(k) for k in rest)]
        return [_line(_join(words))]
    if kind == "grant":
        grant_kind, name, *args = kids
        return [
            _line(
                _join((_Text("grant"), _inline(grant_kind), _join([_inline(name), *map(_inline, args)], "")))
            )
        ]
    if kind == "complete_at_hu":
        return [_line(_join((_Text("complete at hu when"), _condition(kids[0]))))]
    if kind == "resolution":
        return _after(_Text("resolve do"), _body(kids[0]))
    raise ValueError(f"no layout for the member {kind}")


def _card(tree: Tree[Token]) -> list[_Line]:
    card_id, name, card_type, *rest = tree.children
    tags = [k for k in rest if isinstance(k, Tree) and k.data == "module_tag"]
    members = [k for k in rest if isinstance(k, Tree) and k.data != "module_tag"]
    start = tree.meta.start_pos
    words = [
        _Text("card", [(start, start + 4)]),
        _inline(card_id),
        _inline(name),
        *(_inline(k) for k in _tree(card_type).children),
    ]
    words += [_join((_Text("module"), _inline(_tree(tag).children[0]))) for tag in tags]
    lines = [_line(_join([*words, _Text("{")]))]
    after_field = False
    for member in members:
        printed = _nested(_member(_tree(member)))
        is_field = _tree(member).data == "field"
        printed[0].force_blank = after_field and not is_field
        after_field = is_field
        lines += printed
    return [*lines, _line(_close(tree))]


# ---- comments and blank lines -------------------------------------------------------------


def _comments(text: str) -> list[tuple[int, str]]:
    """Every comment of the source: where it starts and its text (trailing spaces dropped)."""
    return [
        (found.start(), found.group().rstrip())
        for found in _STRING_OR_COMMENT.finditer(text)
        if found.group().startswith("#")
    ]


class _Source:
    """Line lookups in the source text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [found.end() for found in re.finditer("\n", text)]

    def line_of(self, position: int) -> int:
        return bisect.bisect_right(self.starts, position) - 1

    def starts_line(self, position: int) -> bool:
        """Only blanks stand before ``position`` on its line."""
        return not self.text[self.starts[self.line_of(position)] : position].strip()

    def blank_before(self, position: int) -> bool:
        """``position`` begins its line and the line above it is blank."""
        line = self.line_of(position)
        if line == 0 or not self.starts_line(position):
            return False
        return not self.text[self.starts[line - 1] : self.starts[line]].strip()


def _place_comments(lines: list[_Line], source: _Source) -> list[_Line]:
    """The code lines with the source's comments: at a line's end or on lines of their own."""
    spans = sorted((span, index) for index, line in enumerate(lines) for span in line.spans)
    starts = [span[0] for span, _ in spans]
    ends = sorted((span[1], index) for index, line in enumerate(lines) for span in line.spans)
    end_positions = [end for end, _ in ends]
    last_end = [max((span[1] for span in line.spans), default=-1) for line in lines]
    before: dict[int, list[_Line]] = {}
    for position, text in _comments(source.text):
        at = bisect.bisect_right(end_positions, position) - 1
        if at >= 0:
            end, index = ends[at]
            same_line = source.line_of(end - 1) == source.line_of(position)
            if same_line and end == last_end[index] and not lines[index].comment:
                lines[index].comment = text
                continue
        following = bisect.bisect_left(starts, position)
        target = spans[following][1] if following < len(spans) else len(lines)
        depth = 0
        if target < len(lines):
            depth = lines[target].depth + (1 if lines[target].closes else 0)
        before.setdefault(target, []).append(_Line(depth, text, [(position, position + 1)], is_comment=True))
    placed: list[_Line] = []
    for index, line in enumerate([*lines, None]):
        leading = before.get(index, [])
        if line is not None and leading and line.force_blank:
            leading[0].force_blank, line.force_blank = True, False
        placed += leading
        if line is not None:
            placed.append(line)
    return placed


def _render(lines: list[_Line], source: _Source) -> str:
    out: list[str] = []
    previous: _Line | None = None
    for line in lines:
        blank = line.force_blank or (bool(line.spans) and source.blank_before(line.spans[0][0]))
        opens = previous is not None and not previous.is_comment and previous.text.endswith("{")
        if previous is None or opens or (line.closes and not line.is_comment):
            blank = False
        if blank:
            out.append("")
        text = f"{line.text}  {line.comment}" if line.comment else line.text
        out.append(INDENT * line.depth + text)
        previous = line
    return "\n".join(out) + "\n" if out else ""


def format_text(text: str, file: str = "<text>") -> str:
    """The canonical layout of the text of one ``.hex`` file; raises
    :class:`dsl.errors.CardSyntaxError` when the text does not parse."""
    tree = parse_tree(text, file)
    comments = [position for position, _ in _comments(text)]
    for block in tree.find_data("block"):
        meta = block.meta
        if not block.children and bisect.bisect_left(comments, meta.start_pos) < bisect.bisect_left(
            comments, meta.end_pos
        ):
            block.data = _HOLDS_COMMENT
    lines: list[_Line] = []
    for index, card in enumerate(tree.children):
        printed = _card(_tree(card))
        printed[0].force_blank = index > 0
        lines += printed
    source = _Source(text)
    return _render(_place_comments(lines, source), source)
