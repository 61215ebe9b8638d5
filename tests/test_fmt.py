"""``hexmj fmt`` (dsl/formatter.py): one canonical layout, idempotent, every comment and card text
kept, and the cards of the output equal to those of the input, on every shipped card file and on
generated cards typed in any layout."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import chain
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pools_lint_cli import run_hexmj

from dsl import CardSyntaxError, default_paths, parse_text
from dsl.formatter import format_text

SHIPPED = default_paths()
COMMENT_OR_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*')


def shape(text: str) -> list[Any]:
    """The cards of a text without their locations: what a layout must not change."""
    return [_drop_locations(card.model_dump()) for card in parse_text(text, "x.hex")]


def _drop_locations(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            k: _drop_locations(v)
            for k, v in value.items()
            if not k.endswith("location") and k != "field_locations"
        }
    if isinstance(value, list | tuple):
        return [_drop_locations(item) for item in value]
    return value


def flat(parts: Iterable[list[str]]) -> list[str]:
    """The words of several parts, in order."""
    return list(chain.from_iterable(parts))


def kept_words(text: str) -> tuple[list[str], list[str]]:
    """The comments (trailing blanks aside), in order, and the quoted texts, in order."""
    words = [found.group().rstrip() for found in COMMENT_OR_STRING.finditer(text)]
    return [w for w in words if w.startswith("#")], [w for w in words if w.startswith('"')]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_card_file_keeps_its_cards_comments_and_texts(path: Path) -> None:
    """Each shipped file: the same cards, every comment and text character for character, and a
    second pass changes nothing."""
    source = path.read_text(encoding="utf-8")
    formatted = format_text(source, str(path))
    assert shape(formatted) == shape(source)
    assert kept_words(formatted) == kept_words(source)
    assert format_text(formatted) == formatted


MESSY = """# 头注释


card  W-01   "杠潮涌动"   world{
  触发者："成功完成杠牌的玩家"   # full-width colon
    卡面正文: "每名玩家第一次成功完成暗杠、明杠或加杠后，抽取1张机遇牌。"
  on kong.established
       by any   # who
    do draw_card( chance ,for:actor )
}
card G-16 "x" gold { 频率: "每局1次" 卡面正文: "x"
  on wall.count when ((drawable <= 32)) and (a or b) and not (c and d) do if not e { f() }
  else { # nothing else
  }
  # last words
}
# the end
"""

CANONICAL = """# 头注释

card W-01 "杠潮涌动" world {
  触发者: "成功完成杠牌的玩家"  # full-width colon
  卡面正文: "每名玩家第一次成功完成暗杠、明杠或加杠后，抽取1张机遇牌。"

  # who
  on kong.established by any do draw_card(chance, for: actor)
}

card G-16 "x" gold {
  频率: "每局1次"
  卡面正文: "x"

  on wall.count when drawable <= 32 and (a or b) and not (c and d) do if not e {
    f()
  } else {  # nothing else
  }
  # last words
}
# the end
"""


def test_a_card_typed_any_way_gets_the_canonical_layout() -> None:
    """Spacing, colons, line breaks and parentheses become canonical; a comment that ended a line
    joined to another moves above it; the blank lines between cards and before the abilities."""
    assert format_text(MESSY) == CANONICAL
    assert shape(CANONICAL) == shape(MESSY)
    assert format_text(CANONICAL) == CANONICAL


def test_an_ability_stays_on_one_line_however_long() -> None:
    """B-10's trigger, written over two lines, becomes one: no width decides a break (lib 十 B-10)."""
    text = (Path(__file__).parents[1] / "cards" / "black_contracts.hex").read_text(encoding="utf-8")
    head = "  on draw.normal by holder when tile_is(tile, number) and forced_discards(holder) < 3 do status"
    assert f"{head} forbid keep_drawn(tile: number) for holder until this_turn\n" in format_text(text)


def test_nested_conditions_keep_their_grouping() -> None:
    """``a and (b and c)`` is not ``a and b and c`` as parsed: the parentheses stay; redundant ones go."""
    text = 'card W-01 "x" world { on a.b when x and (y and z) or ((w)) do f() }'
    assert "when x and (y and z) or w do f()" in format_text(text)


# ---- generated cards, typed in a random layout -------------------------------------------------

NAMES = st.sampled_from(["holder", "any", "chance", "tile", "x_1", "kind", "honour"])
ATOMS = st.one_of(NAMES, st.integers(-9, 99).map(str), st.sampled_from(["7z", "5m", '"a\\"b"', '"队"']))
SEPARATORS = st.sampled_from([" ", "  ", "\n", "\n\n\n", " \t", "\n    "])


@st.composite
def spaced(draw: st.DrawFn, words: list[str]) -> str:
    """Words joined by random blanks, line breaks and comments (a comment ends its line)."""
    out = words[0]
    for word in words[1:]:
        sep = draw(SEPARATORS)
        if draw(st.integers(0, 6)) == 0:
            sep = f"  # 注 {draw(st.integers(0, 9))}\n" + draw(st.sampled_from(["", "  ", "\n"]))
        out += sep + word
    return out


def args() -> st.SearchStrategy[list[str]]:
    arg = st.tuples(st.one_of(st.none(), NAMES), st.lists(ATOMS, min_size=1, max_size=3)).map(
        lambda a: ([a[0], ":"] if a[0] else []) + " | ".join(a[1]).split(" ")
    )
    return st.lists(arg, max_size=3).map(lambda items: ["(", *flat(_commas(items)), ")"])


def _commas(items: list[list[str]]) -> list[list[str]]:
    return [item if i == 0 else [",", *item] for i, item in enumerate(items)]


def call() -> st.SearchStrategy[list[str]]:
    return st.tuples(NAMES, st.one_of(st.just([]), args())).map(lambda t: [t[0], *t[1]])


CONDITIONS: st.SearchStrategy[list[str]] = st.recursive(
    st.one_of(
        call(),
        st.tuples(call(), st.sampled_from([">=", "==", "<"]), st.integers(0, 9)).map(
            lambda t: [*t[0], t[1], str(t[2])]
        ),
    ),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(lambda t: ["(", *t[0], t[1], *t[2], ")"]),
        inner.map(lambda c: ["not", *c]),
        inner.map(lambda c: ["(", *c, ")"]),
    ),
    max_leaves=4,
)

EFFECTS: st.SearchStrategy[list[str]] = st.recursive(
    st.one_of(
        call(),
        st.tuples(st.sampled_from(["allow", "forbid"]), call(), NAMES, NAMES).map(
            lambda t: ["status", t[0], *t[1], "for", t[2], "until", t[3]]
        ),
    ),
    lambda body: st.one_of(
        st.lists(body.filter(lambda e: e[0] != "{"), max_size=3).map(lambda es: ["{", *flat(es), "}"]),
        st.lists(st.tuples(st.sampled_from(['"①"', '"选 #2"']), body), min_size=1, max_size=2).map(
            lambda os: ["choose", "one", "{", *flat((["option", label, *e] for label, e in os)), "}"]
        ),
        st.tuples(CONDITIONS, st.lists(body.filter(lambda e: e[0] != "{"), max_size=2), st.booleans()).map(
            lambda t: ["if", *t[0], "{", *flat(t[1]), "}", *(["else", "{", "}"] if t[2] else [])]
        ),
        st.tuples(NAMES, body).map(lambda t: ["for", "each", t[0], "from", "holder", *t[1]]),
        st.tuples(NAMES, body).map(lambda t: ["after", t[0], *t[1]]),
    ),
    max_leaves=5,
)

CLAUSES = st.sampled_from(
    [
        ["limit", "1", "per", "round"],
        ["limit", "none"],
        ["until", "round_end"],
        ["for", "2", "triggers"],
        ["limit", "2", "per", "player", "per", "round"],
    ]
)

ABILITIES = st.one_of(
    st.tuples(st.sampled_from([["on"], ["instead", "of"]]), st.lists(CLAUSES, max_size=2), st.booleans(),
              EFFECTS, st.booleans(), CONDITIONS).map(
        lambda t: [*t[0], "kong", ".", "established", "by", "any", *(["when", *t[5]] if t[4] else []),
                   *flat(t[1]), *(["may"] if t[2] else []), "do", *t[3]]
    ),
    st.tuples(st.sampled_from(["allow", "forbid"]), call(), CONDITIONS).map(
        lambda t: [t[0], *t[1], "for", "holder", "when", *t[2]]
    ),
    CONDITIONS.map(lambda c: ["complete", "at", "hu", "when", *c]),
    EFFECTS.map(lambda e: ["resolve", "do", *e]),
    st.just(["grant", "shape", "honour_mixed_pair"]),
    st.just(["fail", "on", "discard", ".", "settled", "by", "holder"]),
)  # fmt: skip

FIELDS = st.sampled_from(
    [["卡面正文", ":", '"正文 # 不是注释"'], ["说明", "：", '"x\\\\y"'], ["频率", ":", '"每局1次"']]
)

HEADERS = st.sampled_from([["silver"], ["chance", "positive"], ["world", "module", "treasure"]])

CARDS = st.lists(
    st.tuples(st.tuples(st.sampled_from(["W-01", "S-08-v2", "O-P01"]), HEADERS), st.lists(FIELDS, max_size=3),
              st.lists(ABILITIES, max_size=3)).map(
        lambda t: ["card", t[0][0], '"名"', *t[0][1], "{", *flat(t[1]), *flat(t[2]), "}"]
    ),
    min_size=1,
    max_size=3,
)  # fmt: skip


@given(CARDS.flatmap(lambda cards: spaced(flat(cards))), st.sampled_from(["", "# 头\n\n", "\n"]))
def test_generated_cards_keep_their_parse_in_the_canonical_layout(body: str, head: str) -> None:
    """Any card the grammar accepts, typed with any blanks, breaks and comments: the same cards,
    the same comments and texts, and formatting twice is formatting once."""
    source = head + body + "\n# tail\n"
    formatted = format_text(source)
    assert shape(formatted) == shape(source)
    assert kept_words(formatted) == kept_words(source)
    assert format_text(formatted) == formatted


# ---- the command ------------------------------------------------------------------------------


def test_fmt_writes_the_layout_and_check_then_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--check`` names the file and exits 1, ``--diff`` shows the change, plain fmt writes it."""
    path = tmp_path / "w.hex"
    path.write_text(MESSY, encoding="utf-8")
    code, out, _ = run_hexmj(["fmt", "--check", str(path)], monkeypatch, capsys)
    assert (code, out) == (1, f"would reformat {path}\n1 file(s) would be reformatted, 0 already formatted\n")
    code, out, _ = run_hexmj(["fmt", "--diff", str(path)], monkeypatch, capsys)
    assert code == 1 and "-    do draw_card( chance ,for:actor )\n" in out and "+  on kong.established" in out
    assert path.read_text(encoding="utf-8") == MESSY
    assert run_hexmj(["fmt", str(tmp_path)], monkeypatch, capsys)[0] == 0
    assert path.read_text(encoding="utf-8") == CANONICAL
    code, out, _ = run_hexmj(["fmt", "--check", str(path)], monkeypatch, capsys)
    assert (code, out) == (0, "0 file(s) would be reformatted, 1 already formatted\n")


def test_a_file_that_does_not_parse_stops_fmt_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 4 with file:line:col and a caret (README's table); the other file is left as it was."""
    good, bad = tmp_path / "a.hex", tmp_path / "b.hex"
    good.write_text(MESSY, encoding="utf-8")
    bad.write_text('card W-02 "x" world {\n  on a.b f()\n}\n', encoding="utf-8")
    code, out, err = run_hexmj(["fmt", str(good), str(bad)], monkeypatch, capsys)
    assert (code, out) == (4, "")
    assert err.startswith(f"hexmj: error: {bad}:2:10: error SYNTAX: unexpected 'f'")
    assert good.read_text(encoding="utf-8") == MESSY
    with pytest.raises(CardSyntaxError):
        format_text(bad.read_text(encoding="utf-8"))


def test_fmt_of_a_working_copy_touches_only_that_folder(
    working_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--cards DIR`` (the designer guide's copy): that folder's files, not the installed modules'."""
    assert run_hexmj(["fmt", "--cards", str(working_copy)], monkeypatch, capsys)[0] == 0
    (working_copy / "world.hex").write_text(MESSY, encoding="utf-8")
    code, out, _ = run_hexmj(["fmt", "--check", "--cards", str(working_copy)], monkeypatch, capsys)
    files = len(list(working_copy.glob("*.hex")))
    assert code == 1 and f"would reformat {working_copy / 'world.hex'}\n" in out
    assert out.endswith(f"1 file(s) would be reformatted, {files - 1} already formatted\n")
