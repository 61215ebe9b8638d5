"""Tables of standard (seed 002) and 红中 (seed 003) as people use them (issue 14 item 5, issue 30
items 5, 7, 8): Debian's Chromium, driven by Playwright, against ``hexmj serve --rules standard``'s
application on a 127.0.0.1 port — the host sets a standard table up on the set-up page with its own
options, the person at A plays a whole round by tapping on a 390×844 phone, and the round's result
(the winner's hand, the fans, the payments, the standings) is on the phone and the host screen with
no card part; a 红中 table's result reads the same way."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from console_support import KEY, PHONE, WAIT, Server, needs_chromium

from tools.console_web.requests import Served

pytestmark = needs_chromium
NOTATION = re.compile(r"(?<![A-Za-z0-9])[1-9][mpsz](?![A-Za-z0-9])")
CARD_WORDS = ("世界牌", "强化", "契约", "欢乐", "宝牌")
"""What only a hextech table shows."""


@pytest.fixture
def served() -> Served:
    """The console as ``hexmj serve --rules standard --option base=2`` serves it."""
    return Served("standard", {"limit": "limited", "min_fan": 8, "base": 2})


def _tap_through_round_one(phone: Any, rng: random.Random) -> int:
    """Tap A's answers until round 1's result is on the phone; the taps made."""
    taps = 0
    while phone.locator(".overlay .roundresult").count() == 0:
        phone.wait_for_selector(".dock.asked, .overlay .roundresult", timeout=WAIT)
        if phone.locator(".overlay .roundresult").count():
            break
        answered = phone.locator("#dock").get_attribute("data-answered")
        choices = phone.locator(".ht[data-option], .bar button.option:not([data-confirm-discard])")
        choice = choices.nth(rng.randrange(choices.count()))
        tile = "ht" in str(choice.get_attribute("class"))
        with phone.expect_response(lambda r: r.url.endswith("/decide")) as answer:
            choice.tap()
            if tile:
                phone.locator(".ht.selected").tap()
        assert answer.value.status == 200
        phone.wait_for_function(
            "n => !document.querySelector('#dock') || document.querySelector('#dock').dataset.answered != n"
            " || document.querySelector('.overlay')",
            arg=answered,
            timeout=WAIT,
        )
        taps += 1
    return taps


def test_a_phone_plays_a_round_of_a_standard_table_set_up_on_the_page(server: Server, browser: Any) -> None:
    host = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    host.goto(f"{server.base}/?key={KEY}")
    assert host.locator("select[name=rules]").input_value() == "standard"
    assert host.locator("fieldset[data-rules=hextech]").is_hidden()
    assert host.locator("[data-rules=standard] [data-option-name=base]").input_value() == "2"
    host.fill("input[name=seed]", "2")
    for letter in "BCD":
        host.check(f"input[name=bot{letter}]")
    host.check("input[name=test]")
    host.click("button[type=submit]")
    host.wait_for_url("**/host/**", timeout=WAIT)
    assert "标准麻将" in host.inner_text(".rules") and "底分：2" in host.inner_text(".rules")
    link = host.locator("figure.join[data-seat=A] a").get_attribute("href")
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(link)
    host.wait_for_selector("[data-seat=A] .online", timeout=WAIT)
    assert _tap_through_round_one(phone, random.Random(2)) > 5
    result = phone.inner_text(".overlay")
    assert "第 1 局结果" in result and ("番" in result or "荒牌" in result) and "总分" in result
    assert NOTATION.search(phone.inner_text("body")) is None
    host.wait_for_selector(".overlay .roundresult", timeout=WAIT)
    for word in CARD_WORDS:
        assert word not in host.inner_text("body") and word not in phone.inner_text("body")
    phone.locator(".overlay button.next").tap()
    host.wait_for_function("!document.querySelector('.overlay')", timeout=WAIT)


def test_a_hongzhong_rounds_result_on_a_phone(server: Server, browser: Any) -> None:
    """Issue 30 item 5: 红中's result reads like the others': the winner's hand, its 番, the
    payments, the standings; its options in its own words on the host screen."""
    made = server.api("POST", "/api/tables", rules="hongzhong", seed=6, bots=["B", "C", "D"], test=True)
    token = made["seats"]["A"]["token"]
    rng = random.Random(2)
    while (view := server.api("GET", f"/api/seats/{token}"))["round_result"] is None:
        server.api("POST", f"/api/seats/{token}/decide", option=rng.choice(view["options"]))
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(made["seats"]["A"]["url"])
    phone.wait_for_selector(".overlay .roundresult", timeout=WAIT)
    result = phone.inner_text(".overlay")
    assert "第 1 局结果" in result and "总分" in result
    assert all(f"{s['total']} 分" in result for s in view["round_result"]["standings"])
    for win in view["round_result"]["wins"]:
        assert f"{win['total']} 番" in result
    assert NOTATION.search(phone.inner_text("body")) is None
    host = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    host.goto(made["host"])
    assert "可点炮胡：是" in host.inner_text(".rules") and "discard_win" not in host.inner_text("body")
