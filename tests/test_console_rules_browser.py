"""A standard table (seed 002) as people use it (issue 14 item 5): Debian's Chromium, driven by
Playwright, against ``hexmj serve --rules standard``'s application on a 127.0.0.1 port — the host
sets the table up on the set-up page, the person at A plays a whole round by tapping on a phone,
the host screen shows the round's account with its itemised fan and no card part."""

from __future__ import annotations

import random
from typing import Any

import pytest
from console_support import KEY, PHONE, WAIT, Server, needs_chromium

from tools.console_web.requests import Served

VERBS = {"discard", "hu", "pass", "pon", "kong", "chi", "ankan", "kakan"}
"""The first word of every answer the core's table offers."""
pytestmark = needs_chromium


@pytest.fixture
def served() -> Served:
    """The console as ``hexmj serve --rules standard --option base=2`` serves it."""
    return Served("standard", {"limit": "limited", "min_fan": 8, "base": 2})


def test_a_phone_plays_a_round_of_a_standard_table_set_up_on_the_page(server: Server, browser: Any) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    host.goto(f"{server.base}/?key={KEY}")
    assert host.locator("select[name=rules]").input_value() == "standard"
    host.fill("input[name=seed]", "2")
    for letter in "BCD":
        host.check(f"input[name=bot{letter}]")
    host.check("input[name=test]")
    host.click("button[type=submit]")
    host.wait_for_url("**/host/**", timeout=WAIT)
    assert "标准麻将" in host.inner_text("header") and "base=2" in host.inner_text("header")
    link = host.locator("figure.join[data-seat=A] a").get_attribute("href")
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(link)
    host.wait_for_selector("[data-seat=A] .online", timeout=WAIT)
    rng = random.Random(2)
    taps = 0
    while phone.locator(".account [data-round='1'] .gains").count() == 0:
        phone.wait_for_selector(".yourturn", timeout=WAIT)
        buttons = phone.locator("button.option")
        texts = buttons.all_inner_texts()
        assert all(
            t.split()[0] in {"discard", "hu", "pass", "pon", "kong", "chi", "ankan", "kakan"} for t in texts
        )
        choice = buttons.nth(rng.randrange(len(texts))).element_handle()
        with phone.expect_response(lambda r: r.url.endswith("/decide")) as answer:
            choice.click()
        assert answer.value.status == 200
        phone.wait_for_function("button => !button.isConnected", arg=choice, timeout=WAIT)
        taps += 1
    assert taps > 5
    host.wait_for_selector(".account [data-round='1'] .gains", timeout=WAIT)
    account = host.inner_text(".account")
    assert "第 1 局" in account and ("番" in account or "荒牌" in account)
    for word in ("世界牌", "强化", "契约", "欢乐", "宝牌"):
        assert word not in host.inner_text("body") and word not in phone.inner_text("body")
