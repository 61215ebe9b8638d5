"""Bad cards are reported with file:line:col, a caret, a hint and a stable code (docs/dsl.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsl import CardCheckError, CardSyntaxError, check_cards, load_cards, parse_text
from dsl.errors import Diagnostic
from engine.core.errors import CardError
from tools.exit_codes import exit_code

HEAD = (
    'card W-01 "杠潮涌动" world {\n'
    '  触发者: "成功完成杠牌的玩家"\n'
    '  卡面正文: "每名玩家第一次成功完成暗杠、明杠或加杠后，抽取1张机遇牌。"\n'
)


def _syntax(text: str) -> CardSyntaxError:
    with pytest.raises(CardSyntaxError) as caught:
        parse_text(text, "bad.hex")
    return caught.value


def _codes(text: str) -> list[Diagnostic]:
    return check_cards(parse_text(text, "bad.hex"))


def test_syntax_error_names_file_line_column_with_caret() -> None:
    """§6.6 W-01 written without 'do': the error points at the effect, 'do' is the hint."""
    err = _syntax(HEAD + "  on kong.established by any draw_card(chance)\n}\n")
    assert exit_code(err) == 4
    where = err.diagnostic.location
    assert where is not None and (where.line, where.column) == (4, 30)
    lines = str(err).splitlines()
    assert lines[0].startswith("bad.hex:4:30: error SYNTAX: unexpected 'draw_card'")
    assert "needs 'do'" in lines[0]
    assert lines[2].index("^") == 2 + 29
    assert "'do'" in lines[3]


def test_syntax_caret_counts_chinese_characters_double_width() -> None:
    """lib 三: the card text is Chinese; the caret under a later token accounts for wide characters."""
    err = _syntax('card W-01 "杠潮涌动" world {\n  说明："被抢杠胡" @\n}\n')
    lines = str(err).splitlines()
    assert lines[1] == '    说明："被抢杠胡" @'
    assert lines[2].index("^") == lines[1].index("@") + len("说明被抢杠胡") + 1


def test_syntax_unquoted_field_text_has_a_plain_hint() -> None:
    """lib 二: a card's fields are texts and must be quoted."""
    err = _syntax('card W-01 "x" world {\n  说明: 被抢杠胡\n}\n')
    assert "double quotes" in str(err) or "unexpected character" in str(err)
    assert err.diagnostic.location is not None and err.diagnostic.location.line == 2


def test_syntax_unclosed_card_points_at_the_end() -> None:
    """A card block left open is reported at the end of the file."""
    err = _syntax('card W-01 "x" world {\n  说明: "x"\n')
    assert "not closed" in str(err)
    assert err.diagnostic.location is not None and err.diagnostic.location.line == 2


def test_unknown_event_has_a_did_you_mean() -> None:
    """§6.6: the kong event is kong.established; a misspelling is named with a suggestion."""
    (found,) = _codes(HEAD + "  on kong.establishd by any do draw_card(chance, for: actor)\n}\n")
    assert found.code == "UNKNOWN-EVENT"
    assert found.hint == "did you mean 'kong.established'?"
    assert found.location is not None and (found.location.line, found.location.column) == (4, 6)


def test_every_problem_of_a_file_in_one_run() -> None:
    """The semantic pass reports all problems of the cards at once, each with its code and place."""
    text = (
        HEAD
        + "  on kong.established by anyone when river_suit(actor) >= 3 do draw_cards(chance)\n"
        + "  on discard.settled do draw_card(chance, fo: actor) then\n}\n"
    ).replace(" then", "")
    codes = [(d.code, d.location.line if d.location else 0) for d in _codes(text)]
    assert codes == [
        ("UNKNOWN-ROLE", 4),
        ("UNKNOWN-FACT", 4),
        ("UNKNOWN-PRIMITIVE", 4),
        ("BAD-ARGUMENT", 5),
    ]


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        ("  complete at hu when counts(chow) >= 2\n", "UNKNOWN-PREDICATE", "counts"),
        ("  complete at hu when count(chows) >= 2\n", "BAD-ARGUMENT", "unknown set kind"),
        ("  forbid chow for holder\n", "UNKNOWN-STATIC", "chow"),
        ("  grant form four_pair_two_pungs\n", "UNKNOWN-SHAPE", "four_pair_two_pungs"),
        ("  resolve do status forbid chi for holder until next_turn\n", "UNKNOWN-DURATION", "next_turn"),
        ("  forbid chi for holder limit 1 per game\n", "BAD-LIMIT", "per game"),
        ('  说明书: "x"\n', "UNKNOWN-FIELD", "说明书"),
    ],
)
def test_semantic_codes_on_a_black_contract(body: str, code: str, message: str) -> None:
    """lib 十 B-01 with one mistake each: the code is stable and the message names the word."""
    text = f'card B-01 "禁吃协议" black_contract {{\n  验证: "公开与隐藏结合"\n  卡面正文: "x"\n{body}}}\n'
    found = [d for d in _codes(text) if d.code != "MISPLACED"]
    assert [d.code for d in found] == [code]
    assert message in found[0].message
    assert found[0].location is not None and found[0].location.line == 4


def test_missing_field_duplicate_id_and_type_mismatch() -> None:
    """lib 九: a contract needs 验证; ids are unique; C- ids are normal contracts."""
    text = (
        'card C-01 "两副顺子" contract { 卡面正文: "x" }\n'
        'card C-01 "两副顺子" black_contract { 验证: "x" 卡面正文: "x" }\n'
    )
    codes = sorted(d.code for d in _codes(text))
    assert codes == ["DUPLICATE-ID", "ID-TYPE", "MISSING-FIELD"]


def test_module_tag_must_match_the_label() -> None:
    """lib 十二.1: a card labelled 宝牌模块 belongs to the treasure module and says so in its header."""
    text = 'card W-13 "宝牌落河" world { 标签: "宝牌模块" 触发者: "x" 卡面正文: "x" }\n'
    (found,) = _codes(text)
    assert found.code == "TAG-MISMATCH" and "module treasure" in found.message


def test_chance_card_needs_its_group() -> None:
    """lib 四: chance cards come in four groups; O-P cards are positive."""
    found = _codes('card O-P01 "偷看未来" chance { 卡面正文: "x" }\n')
    assert [d.code for d in found] == ["BAD-GROUP"]


def test_loader_raises_every_problem_with_exit_code_4(tmp_path: Path) -> None:
    """A card file with semantic errors does not load; the error lists each problem with its caret."""
    path = tmp_path / "w.hex"
    path.write_text(HEAD + "  on kong.establishd by any do draw_card(chance)\n}\n", encoding="utf-8")
    with pytest.raises(CardCheckError) as caught:
        load_cards([path])
    assert exit_code(caught.value) == 4
    assert f"{path}:4:6: error UNKNOWN-EVENT" in str(caught.value)
    assert "\n       ^\n" in str(caught.value)


W01 = HEAD + "\n  on kong.established by any do draw_card(chance, for: actor)\n}\n"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_damaged_card_is_always_a_card_error_never_a_crash(data: st.DataObject) -> None:
    """W-01 with a stretch cut out or a character put in: a card error (exit 4), or a valid card."""
    start = data.draw(st.integers(0, len(W01) - 1))
    end = data.draw(st.integers(start, min(len(W01), start + 12)))
    inserted = data.draw(st.sampled_from(["", "{", "}", '"', "(", ")", "@", "|", ":", "do", "卡"]))
    text = W01[:start] + inserted + W01[end:]
    try:
        check_cards(parse_text(text, "cut.hex"))
    except CardError as err:
        assert str(err).startswith("cut.hex:")


def test_a_file_ending_inside_a_card_after_an_ability_says_it_is_not_closed() -> None:
    """A card left open after its last ability (not only after a field) is named as not closed."""
    err = _syntax(HEAD + "  on kong.established by any do draw_card(chance, for: actor)\n")
    assert "is not closed with '}'" in err.diagnostic.message
    assert err.diagnostic.location is not None and err.diagnostic.location.line == 4


def test_caret_line_follows_the_parser_line_count_past_a_unicode_line_separator() -> None:
    """Lark counts lines by '\\n' only: a U+2028 inside a text must not shift the source line shown."""
    err = _syntax('card W-01 "x" world {\n  说明: "a\u2028b"\n  @\n}\n')
    assert err.diagnostic.location is not None and err.diagnostic.location.line == 3
    assert str(err).split("\n")[1:3] == ["    @", "    ^"]


def test_an_ill_typed_argument_is_named_with_its_kind() -> None:
    """§14.4 reveal(n) takes a number; a text there is named with the parameter and its kind."""
    (found,) = _codes(HEAD + '  on idle do reveal("x")\n}\n')
    assert found.code == "BAD-ARGUMENT" and found.message == "n: 'x' is not a valid int"


def test_caret_keeps_a_tab_of_the_source_line() -> None:
    """A field indented with a tab: the caret line keeps the tab so the caret stays under the mistake."""
    err = _syntax('card W-01 "x" world {\n\t说明: @\n}\n')
    assert str(err).split("\n")[1:3] == ["  \t说明: @", "  \t      ^"]


@pytest.mark.parametrize("tile", ["8z", "0m", "10p"])
def test_a_tile_argument_must_be_a_tile_of_the_set(tile: str) -> None:
    """The honours are 1z..7z and the numbers 1..9 (standard rules 麻将牌): `8z` is no tile to count."""
    (found,) = _codes(HEAD + f"  on discard.made when visible_copies({tile}) >= 2 do extra_tidy()\n}}\n")
    assert (found.code, found.message) == ("BAD-ARGUMENT", f"tile: '{tile}' is not a valid tile")


def test_every_problem_of_one_hand_condition_is_reported_where_it_stands() -> None:
    """lib 九 C-01 (两副顺子) written with three mistakes: each is reported, each at its own fact."""
    condition = "counts(chow) >= 2 and tiles(8z) >= 2 and paire(x)"
    text = f'card C-99 "x" contract {{\n  验证: "x"\n  卡面正文: "x"\n  complete at hu when {condition}\n}}\n'
    found = [(d.code, d.location.column if d.location else 0) for d in _codes(text)]
    assert found == [("UNKNOWN-PREDICATE", 23), ("BAD-ARGUMENT", 45), ("UNKNOWN-PREDICATE", 64)]


@pytest.mark.parametrize("effects", ["extra_tidy() discard()", "extra_tidy discard"])
def test_two_effects_without_braces_get_a_plain_hint(effects: str) -> None:
    """docs/dsl.md: a sequence of effects is written `{ e1 e2 … }`; without braces the hint says so."""
    err = _syntax(HEAD + f"  on idle do {effects}\n}}\n")
    assert (
        err.diagnostic.message
        == "unexpected 'discard': several effects go in braces: do { first() second() }"
    )
