"""The console as people use it (issue 13 item 8): Debian's Chromium, driven by Playwright, against
``hexmj serve``'s application on a 127.0.0.1 port — four phone-sized contexts and a host play a whole
round, a phone closed and reopened mid-turn, a server restart mid-round, results kept until all
four confirm (§16).  ``HEXMJ_SCREENSHOTS=DIR`` keeps the host and seat screenshots there
(``docs/console-host.png``, ``docs/console-seat.png`` come from it)."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path
from typing import Any

from console_support import CHROMIUM, PHONE, WAIT, Server, needs_chromium

pytestmark = needs_chromium


def _shots() -> Path | None:
    folder = os.environ.get("HEXMJ_SCREENSHOTS")
    return Path(folder) if folder else None


def _phones(browser: Any, seats: dict[str, Any]) -> dict[str, Any]:
    pages = {}
    for letter, seat in seats.items():
        page = browser.new_context(**PHONE).new_page()
        page.goto(seat["url"])
        pages[letter] = page
    return pages


def _tap_while(
    server: Server, seats: dict[str, Any], pages: dict[str, Any], going: Any, rng: random.Random
) -> int:
    """While ``going()``, tap an offered option on the phone whose decision it is; the taps made."""
    taps = 0
    while going():
        views = server.views(seats)
        open_seats = [letter for letter, view in views.items() if view["options"]]
        if not open_seats:
            return taps
        page = pages[open_seats[0]]
        page.wait_for_selector(".yourturn", timeout=WAIT)
        buttons = page.locator("button.option")
        choice = buttons.nth(rng.randrange(buttons.count())).element_handle()
        with page.expect_response(lambda r: r.url.endswith("/decide")) as answer:
            choice.click()
        assert answer.value.status == 200
        page.wait_for_function("button => !button.isConnected", arg=choice, timeout=WAIT)
        taps += 1
    return taps


def test_four_phones_and_a_host_play_a_whole_round(server: Server, browser: Any) -> None:
    """A whole round, every decision tapped on a phone; the host screen follows along."""
    made = server.api("POST", "/api/tables", mode="strategy", seed=12, test=True, nicknames={"A": "小明"})
    host = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    host.goto(made["host"])
    seats = made["seats"]
    phones = _phones(browser, seats)
    host.wait_for_selector(".online >> nth=3", timeout=WAIT)

    def in_round_one() -> bool:
        return bool(server.table(made["table"])["round"] <= 1)

    taps = _tap_while(server, seats, phones, in_round_one, random.Random(1))
    table = server.table(made["table"])
    assert taps > 40 and table["round"] == 2
    host.wait_for_function("document.body.innerText.includes('第 2 局')", timeout=WAIT)
    assert "本局结束" in host.inner_text(".feed") and "第2局开始" in host.inner_text(".feed")
    shots = _shots()
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        _tap_while(
            server,
            made["seats"],
            phones,
            lambda: len(server.table(made["table"])["feed"]) < 20,
            random.Random(2),
        )
        host.screenshot(path=str(shots / "console-host.png"), full_page=True)
        turn = next(letter for letter in phones if phones[letter].locator(".yourturn").count())
        phones[turn].screenshot(path=str(shots / "console-seat.png"), full_page=True)


def test_a_phone_closed_and_reopened_mid_turn_gets_its_turn_back(server: Server, browser: Any) -> None:
    made = server.api("POST", "/api/tables", mode="strategy", seed=3, bots=["B", "C", "D"], test=True)
    url = made["seats"]["A"]["url"]
    host = browser.new_page()
    host.goto(made["host"])
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(url)
    phone.wait_for_selector(".yourturn", timeout=WAIT)
    host.wait_for_selector("[data-seat=A] .online", timeout=WAIT)
    before = phone.locator("button.option").all_inner_texts()
    phone.context.close()
    host.wait_for_selector("[data-seat=A] .offline", timeout=WAIT)
    again = browser.new_context(**PHONE).new_page()
    again.goto(url)
    again.wait_for_selector(".yourturn", timeout=WAIT)
    assert again.locator("button.option").all_inner_texts() == before
    host.wait_for_selector("[data-seat=A] .online", timeout=WAIT)


def test_a_server_restart_mid_round_loses_nothing(server: Server, browser: Any) -> None:
    """The phones reconnect by themselves after a restart and show the same decision; play goes on."""
    made = server.api("POST", "/api/tables", mode="strategy", seed=5, bots=["C", "D"], test=True)
    seats = made["seats"]
    phones = _phones(browser, seats)
    rng = random.Random(3)
    _tap_while(server, seats, phones, lambda: server.table(made["table"])["round"] < 1, rng)
    _tap_while(server, seats, phones, lambda: server.table(made["table"])["wall"] > 70, rng)
    views = server.views(seats)
    server.stop()
    for page in phones.values():
        page.wait_for_function("document.body.classList.contains('offline')", timeout=WAIT)
    server.start()
    for letter, page in phones.items():
        page.wait_for_function("!document.body.classList.contains('offline')", timeout=WAIT)
        assert page.locator(".hand").get_attribute("data-hand") == views[letter]["hand"]
        assert page.locator("button.option").all_inner_texts() == views[letter]["options"]
    wall = views["A"]["wall"]
    _tap_while(server, seats, phones, lambda: server.table(made["table"])["wall"] >= wall - 3, rng)


def test_results_stay_until_all_four_confirm(server: Server, browser: Any) -> None:
    """§16: both people's phones and the host show the results; one confirmation keeps them; the
    second clears them and sets up the next session."""
    made = server.api("POST", "/api/tables", mode="strategy", seed=9, bots=["C", "D"], test=True)
    rng = random.Random(4)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    while True:
        views = {letter: server.api("GET", f"/api/seats/{token}") for letter, token in tokens.items()}
        open_seats = [letter for letter, view in views.items() if view["options"]]
        if not open_seats:
            break
        letter = open_seats[0]
        server.api("POST", f"/api/seats/{tokens[letter]}/decide", option=rng.choice(views[letter]["options"]))
    host = browser.new_page()
    host.goto(made["host"])
    seats = made["seats"]
    phones = _phones(browser, seats)
    assert "本场结果" in host.inner_text(".results")
    phones["A"].click("button.confirm")
    host.wait_for_function("document.querySelector('.confirmed').innerText.includes('A C D')", timeout=WAIT)
    host.reload()
    assert "本场结果" in host.inner_text(".results")
    assert phones["B"].locator("button.confirm").count() == 1
    phones["B"].click("button.confirm")
    host.wait_for_function("!document.querySelector('.results')", timeout=WAIT)
    assert "新一场" in host.inner_text("header")
    phones["A"].wait_for_selector("button.option", timeout=WAIT)


def test_chromium_is_the_debian_one() -> None:
    """The browser tests run on the packaged Chromium, never a downloaded build."""
    assert shutil.which("chromium") == str(CHROMIUM)
