"""A real table as people use it (实体桌, issue 31 item 10): Debian's Chromium, driven by Playwright, against
``hexmj serve``'s application — four phones (390×844, device scale 3) and a host at 1920×1080 through one
round: the draft and the contracts chosen in secret on the phones, a kong tapped (sent with its screen's
entry number, R615) and the chance card it draws done, a card's text opened (a rule look-up), the wall at
24 told by the host and the window answered on the phones, three wins entered through the hu picker —
two on the winners' phones, one on the host screen — the console saying in Chinese what the hand lacks
until it is whole, and no tile in notation on a phone's screen.  ``HEXMJ_SCREENSHOTS=DIR`` keeps the
host, seat and picker screenshots there (``docs/physical-host.png``, ``docs/physical-seat.png``,
``docs/physical-picker.png`` come from it)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from console_support import PHONE, WAIT, Server, needs_chromium
from physical_support import pool_text

pytestmark = needs_chromium

POOL = pool_text(
    W=["W-01"], O_P=["O-P01", "O-P04"], O_N=0, O_C=0, O_X=0,
    S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"], G=0, P=0,
    C=["C-01", "C-21", "C-14", "C-17", "C-18", "C-12", "C-23", "C-08"], B=["B-04", "B-16", "B-03", "B-01"],
)  # fmt: skip
GOOD = ("C-01", "C-21", "C-14", "C-17", "C-18", "C-12", "B-16", "B-04")
"""Contracts the test hand completes (C-12 once its holder's kong is told)."""
HAND = ("2m", "3m", "4m", "2p", "3p", "4p", "7m", "8m", "9m", "4s", "5s", "6s", "5s")
"""The concealed tiles of the test hand without its winning tile, 5s."""
NOTATION = re.compile(r"(?<![A-Za-z0-9-])[1-9]+[mpszf](?![A-Za-z0-9])")
"""A tile in notation (``5s``, ``123m``) as a word of a screen's text."""
SHOTS = os.environ.get("HEXMJ_SCREENSHOTS")


def _tap_prompts(
    phones: dict[str, Any], server: Server, seats: dict[str, Any], prefer: tuple[str, ...] = ()
) -> int:
    """Tap every prompt on the phones: a preferred card if offered, else the first option."""
    taps = 0
    while True:
        views = server.views(seats)
        open_ = [letter for letter, view in views.items() if view["prompts"]]
        if not open_:
            return taps
        letter = open_[0]
        page = phones[letter]
        page.wait_for_selector(".prompt button.option", timeout=WAIT)
        values = [o["option"] for o in views[letter]["prompts"][0]["options"]]
        chosen = next((v for p in prefer for v in values if v.endswith(p)), values[0])
        button = page.locator(f".prompt button[data-option='{chosen}']").first
        with page.expect_response(lambda r: r.url.endswith("/decide")) as answer:
            button.click()
        assert answer.value.status == 200, answer.value.text()
        taps += 1


def _hu(page: Any, wall: int, opener: str = ".dock button.hu", shot: str = "") -> None:
    """Enter the test hand through the hu picker: the concealed tiles tapped, the winning tile chosen,
    self-drawn, the wall told; the console says what is missing until the hand is whole, and the entry
    is sent only once it finds the hand right."""
    page.click(opener)
    picker = page.locator("#picker")
    picker.wait_for(state="visible", timeout=WAIT)
    for face in HAND[:3]:
        page.click(f"#picker .pt[data-face='{face}']")
    page.fill("#picker [data-wall]", str(wall))
    page.wait_for_function(
        "document.querySelector('#picker [data-verdict]').textContent.includes('还差11张')", timeout=WAIT
    )
    assert page.is_disabled("#picker [data-picker-submit]")
    for face in HAND[3:]:
        page.click(f"#picker .pt[data-face='{face}']")
    assert page.is_disabled("#picker .pt[data-face='5s']") is False
    page.click("#picker [data-choose=mode] button[data-value=win]")
    page.click("#picker .pt[data-face='5s']")
    page.wait_for_function(
        "document.querySelector('#picker [data-verdict]').textContent.startsWith('可以提交')", timeout=WAIT
    )
    assert page.is_disabled("#picker .pt[data-face='5s']"), "a fifth 五条 cannot be tapped"
    assert not NOTATION.search(picker.inner_text()), picker.inner_text()
    if shot:
        page.screenshot(path=shot)
    with page.expect_response(lambda r: r.url.endswith("/decide")) as answer:
        page.click("#picker [data-picker-submit]")
    assert answer.value.status == 200, answer.value.text()
    assert answer.value.request.post_data_json["hand"] == {
        "concealed": "234789m234p45556s", "melds": [], "win_tile": "5s", "win_by": "self_draw",
        "flowers": "", "flags": [],
    }  # fmt: skip
    picker.wait_for(state="hidden", timeout=WAIT)


def test_four_phones_and_a_host_play_one_round_at_a_real_table(server: Server, browser: Any) -> None:
    """One round of §11 on four phones and the host screen."""
    made = server.api(
        "POST", "/api/tables", table="physical", pool=POOL, seed=5, test=True, nicknames={"A": "小明"}
    )
    seats = made["seats"]
    host = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    host.goto(made["host"])
    phones = {}
    for letter, seat in seats.items():
        page = browser.new_context(**PHONE).new_page()
        page.goto(seat["url"])
        phones[letter] = page
    host.wait_for_selector(".online >> nth=3", timeout=WAIT)
    assert _tap_prompts(phones, server, seats, GOOD) >= 8
    table = server.table(made["table"])
    assert table["state"] == "playing" and all(table["seats"][s]["contract"] for s in "ABCD")
    host.wait_for_function("document.body.innerText.includes('进行中')", timeout=WAIT)

    kong = phones["C"]
    kong.wait_for_selector("button[data-option='kong ankan']", timeout=WAIT)
    number = server.views({"C": seats["C"]})["C"]["entry"]
    with kong.expect_response(lambda r: r.url.endswith("/decide")) as answer:
        kong.click("button[data-option='kong ankan']")
    assert answer.value.status == 200
    assert answer.value.request.post_data_json == {"option": "kong ankan", "entry": number}
    kong.wait_for_selector(".prompt[data-kind='do']", timeout=WAIT)
    assert "查看牌墙顶部" in kong.inner_text(".prompt[data-kind='do']")
    assert "查看牌墙顶部" in host.wait_for_selector(".prompt[data-kind='do']", timeout=WAIT).inner_text()
    _tap_prompts(phones, server, seats)

    reader = phones["B"]
    with reader.expect_response(lambda r: r.url.endswith("/decide")) as answer:
        reader.click(".world details.card summary")
    assert answer.value.status == 200
    reader.fill("#rules input[name=q]", "统一暂停")
    reader.click("#rules button[type=submit]")
    reader.wait_for_selector("details.rule[data-section='§10.1']", timeout=WAIT)
    with reader.expect_response(lambda r: r.url.endswith("/decide")) as answer:
        reader.click("details.rule[data-section='§10.1'] summary")
    assert answer.value.status == 200

    host.wait_for_selector("button[data-option='A wall 24']", timeout=WAIT)
    with host.expect_response(lambda r: r.url.endswith("/decide")) as answer:
        host.click("button[data-option='A wall 24']")
    assert answer.value.status == 200
    for page in phones.values():
        page.wait_for_selector(".prompt[data-kind='window']", timeout=WAIT)
    _tap_prompts(phones, server, seats, ("keep",))
    assert server.table(made["table"])["window"] is True

    for page in phones.values():
        assert not NOTATION.search(page.inner_text("body")), page.inner_text("body")
    winners = [s for s in "ABCD" if server.table(made["table"])["seats"][s]["contract"] != "C-12"][:3]
    folder = Path(SHOTS) if SHOTS else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for wall, letter in zip((20, 15), winners, strict=False):
        shot = str(folder / "physical-picker.png") if folder is not None and wall == 20 else ""
        _hu(phones[letter], wall, shot=shot)
        _tap_prompts(phones, server, seats)
    _hu(host, 10, f".seatbox button.hu[data-seat='{winners[2]}']")
    _tap_prompts(phones, server, seats)
    table = server.table(made["table"])
    assert table["round"] == 2 and [w["seat"] for w in table["account"][0]["wins"]] == winners
    host.wait_for_function("document.body.innerText.includes('第 2 / 4 局')", timeout=WAIT)
    assert "第1局结束" in host.inner_text(".feed")
    if folder is not None:
        _tap_prompts(phones, server, seats, GOOD)
        phones["C"].click("button[data-option='kong ankan']")
        host.wait_for_selector(".waiting", timeout=WAIT)
        host.screenshot(path=str(folder / "physical-host.png"))
        phones["C"].wait_for_selector(".prompt", timeout=WAIT)
        phones["C"].screenshot(path=str(folder / "physical-seat.png"))
