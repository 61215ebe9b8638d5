"""Tiles drawn and answers worded in Chinese on every screen (issue 30 item 3; R530): each face of the
144-tile set has its own drawing, a tile carries its Chinese name, every answer a decision of any
rule set offers reads in Chinese with its tiles drawn, and no phone's visible text writes a tile in
notation, over whole rounds of hextech, standard and hongzhong tables."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from console_support import console, create, seat_view
from starlette.testclient import TestClient

from engine.core.tiles import FACES
from tools.console_web.console import host_frame, seat_frame
from tools.console_web.labels import label, prompt
from tools.console_web.tile_art import sprite, symbol_id, tile

NOTATION = re.compile(r"[1-9][mpszf]")
"""A tile in notation."""
TAGS = re.compile(r"<[^>]+>")
CARDS = {"S-05": {"name": "先手布置", "fields": []}, "S-12": {"name": "牌河记忆", "fields": []}}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with console(tmp_path / "console.db") as running:
        yield running


def visible(fragment: str) -> str:
    """The text a page shows: tags and the hidden templates' and sprite's markup left out."""
    shown = re.sub(r"<template.*?</template>|<svg class=\"sprite\".*?</svg>", "", fragment, flags=re.S)
    return html.unescape(TAGS.sub(" ", shown))


def test_every_face_has_its_own_drawing_and_no_tile_is_written_in_notation() -> None:
    """万 with its numeral, 筒 and 条 drawn, the honours and the flowers: 42 symbols, each different,
    and a tile names itself in Chinese (一万, 红中, 春)."""
    drawn = sprite()
    symbols = re.findall(r'<symbol id="([^"]+)"[^>]*>(.*?)</symbol>', drawn)
    assert [name for name, _ in symbols] == [symbol_id(face) for face in FACES]
    assert len({body for _, body in symbols}) == len(FACES)
    assert not NOTATION.search(visible(drawn.replace('class="sprite"', "")))
    for face, name in (("1m", "一万"), ("9p", "九筒"), ("5s", "五条"), ("7z", "红中"), ("1f", "春")):
        shown = tile(face)
        assert f'aria-label="{name}"' in shown and f'href="#t-{face}"' in shown
        assert not NOTATION.search(visible(shown))
    assert ">五<" in drawn and ">万<" in drawn and ">中<" in drawn and ">春<" in drawn


@pytest.mark.parametrize(
    ("kind", "about", "option", "words", "tiles"),
    [
        ("turn", "", "discard 7s", "打出", ("7s",)),
        ("turn", "5m", "hu", "自摸", ()),
        ("turn", "", "ankan 5m", "暗杠", ("5m",)),
        ("call", "2p", "chi 123p", "吃", ("1p", "2p", "3p")),
        ("call", "2p", "pon", "碰", ("2p", "2p", "2p")),
        ("call", "2p", "kong", "杠", ("2p",) * 4),
        ("call", "2p", "hu", "胡", ("2p",)),
        ("call", "2p", "pass", "过", ()),
        ("rob_kong", "6s", "hu", "抢杠胡", ("6s",)),
        ("abandon", "C-09", "keep", "保留契约", ()),
        ("abandon", "C-09", "abandon", "放弃契约", ()),
        ("augment", "silver", "S-12", "牌河记忆", ()),
        ("choose", "S-05", "use S-05", "使用「先手布置」", ()),
        ("choose", "O-P06", "3m 5m 7m", "", ("3m", "5m", "7m")),
        ("choose", "O-C01", "p", "筒", ()),
        ("choose", "challenge F-S01", "refused", "拒绝（§17.4 无条件拒绝，不扣分）", ()),
    ],
)
def test_every_answer_reads_in_chinese_with_its_tiles_drawn_s10_s11(
    kind: str, about: str, option: str, words: str, tiles: tuple[str, ...]
) -> None:
    """§10, §11, §12.4, §5, §17.4: the same words at a table of any rule set; a card by its name."""
    shown = label(option, kind, about, CARDS, {"A": "小明"})
    assert (shown.words, shown.tiles) == (words, tiles)
    assert not NOTATION.search(shown.words)


def test_a_card_answer_opens_its_text_and_the_question_names_the_card_s5_2() -> None:
    """§5.2: an augment offered is its Chinese name on a button whose ⓘ opens the card's text."""
    assert label("S-12", "augment", "silver", CARDS, {}).card == "S-12"
    assert prompt("augment", "gold", CARDS).words == "选择金色强化"
    assert prompt("choose", "S-05", CARDS).words.startswith("「先手布置」")
    assert prompt("call", "2p", CARDS).tiles == ("2p",)


def _play_round(client: TestClient, body: dict[str, object]) -> list[str]:
    """One seat answers at random until the first round has ended; every phone and host fragment."""
    made = create(client, **body)
    token = made["seats"]["A"]["token"]
    rng = random.Random(5)
    shown = []
    for _ in range(400):
        table = next(iter(client.app.state.console.tables.tables.values()))  # type: ignore[attr-defined]
        shown += [seat_frame(table, "A")["html"], host_frame(table, {})["html"]]
        view = seat_view(client, token)
        if view["round_result"]:
            break
        if not view["options"]:
            break
        client.post(f"/api/seats/{token}/decide", json={"option": rng.choice(view["options"])})
    return shown


@pytest.mark.parametrize(
    "body",
    [
        {"mode": "all", "seed": 4, "bots": ["B", "C", "D"], "test": True},
        {"rules": "standard", "seed": 4, "bots": ["B", "C", "D"], "test": True},
        {"rules": "hongzhong", "seed": 4, "bots": ["B", "C", "D"], "test": True},
    ],
)
def test_no_screen_writes_a_tile_in_notation_over_a_round(
    client: TestClient, body: dict[str, object]
) -> None:
    """Issue 30 item 3: the hand, rivers, melds, calls, feed and results of a whole round, on the
    phone and the host screen, of every rule set, draw their tiles."""
    shown = _play_round(client, body)
    assert len(shown) > 20
    for fragment in shown:
        text = visible(fragment)
        found = NOTATION.search(text)
        assert found is None, text[max(0, found.start() - 40) : found.end() + 40]
    assert any('class="ht' in fragment and "data-option" in fragment for fragment in shown)


def test_the_drawn_tile_is_set_apart_and_the_latest_discard_marked(client: TestClient) -> None:
    """Issue 30 item 3: the dealer's 14th tile is the drawn one, apart from the hand and tapped like
    any other; after A's discard, A's river marks it as the latest."""
    made = create(client, rules="standard", seed=3, bots=["B", "C", "D"], test=True)
    token = made["seats"]["A"]["token"]
    view = seat_view(client, token)
    assert view["drawn"] == view["decision"]["about"] and view["last_discard"] is None
    page = client.get(f"/seat/{token}").text
    number = view["decision"]["number"]
    assert f'<button class="ht drawn" data-decision="{number}" data-option="discard {view["drawn"]}">' in page
    assert page.index('class="drawngap"') < page.index('class="ht drawn"')
    answered = client.post(f"/api/seats/{token}/decide", json={"option": f"discard {view['drawn']}"}).json()
    decision = answered["decision"]
    assert answered["drawn"] == (decision["about"] if decision and decision["kind"] == "turn" else None)
    latest = answered["last_discard"]
    assert latest is not None
    page = client.get(f"/seat/{token}").text
    river = page.split(f'data-seat="{latest}"', 1)[1].split('<div class="river">', 1)[1].split("</div>", 1)[0]
    face = answered["seats"][latest]["river"][-1]
    assert river.endswith(f'<span class="lastmark">{tile(face)}</span>')
