"""The console as people use it (issue 13 item 8, issue 30 item 8): Debian's Chromium, driven by
Playwright, against ``hexmj serve``'s application on a 127.0.0.1 port — phones at 390×844 (touch,
device scale 3) and the host at 1920×1080.  Two phones and the host play a whole round by tapping
tiles (a tile tapped twice is discarded), the seats' links leave the host screen once the phones
have joined, no phone shows a tile in notation, a round's result stays until each taps on; a second
phone takes a seat over; a server restart mid-round loses nothing; the session's results stay until
all four confirm (§16); a replay is stepped forward and back.  ``HEXMJ_SCREENSHOTS=DIR`` keeps the
screenshots there (``docs/console-host.png``, ``docs/console-results.png`` and ``docs/console-replay.png``
come from it, and ``docs/console-seat.png`` from its ``console-call.png``)."""

from __future__ import annotations

import os
import random
import re
import shutil
from pathlib import Path
from typing import Any

from console_support import CHROMIUM, PHONE, WAIT, Server, needs_chromium

pytestmark = needs_chromium
TV = {"viewport": {"width": 1920, "height": 1080}}
"""The host screen's browser context."""
NOTATION = re.compile(r"(?<![A-Za-z0-9])[1-9][mpsz](?![A-Za-z0-9])")
"""A tile written in notation."""


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


def _no_notation(page: Any) -> None:
    """Issue 30 item 8: the phone's visible text writes no tile in notation."""
    text = page.inner_text("body")
    found = NOTATION.search(text)
    assert found is None, text[max(0, found.start() - 30) : found.end() + 30]


def _tap_answer(page: Any, rng: random.Random) -> str:
    """Answer the decision on the phone by tapping: a hand tile twice, or a button of the bar; the
    kind of the decision."""
    page.wait_for_selector(".dock.asked", timeout=WAIT)
    kind = str(page.locator("#dock").get_attribute("data-kind"))
    choices = page.locator(".ht[data-option], .bar button.option:not([data-confirm-discard])")
    choice = choices.nth(rng.randrange(choices.count()))
    tile = "ht" in str(choice.get_attribute("class"))
    with page.expect_response(lambda r: r.url.endswith("/decide")) as answer:
        choice.tap()
        if tile:
            page.locator(".ht.selected").tap()
    assert answer.value.status == 200
    return kind


def _tap_while(
    server: Server,
    seats: dict[str, Any],
    pages: dict[str, Any],
    going: Any,
    rng: random.Random,
    shoot: Any = None,
) -> int:
    """While ``going()``, tap on the phone whose decision it is (``shoot(page, view)`` first, when
    given), or tap on from a round's result."""
    taps = 0
    while going():
        views = server.views(seats)
        unseen = [
            letter
            for letter, view in views.items()
            if view["round_result"] and letter not in view["round_seen"]
        ]
        if unseen:
            page = pages[unseen[0]]
            with page.expect_response(lambda r: r.url.endswith("/seen")):
                page.locator(".overlay button.next").tap()
            continue
        open_seats = [letter for letter, view in views.items() if view["options"]]
        if not open_seats:
            return taps
        page = pages[open_seats[0]]
        if shoot is not None:
            shoot(page, views[open_seats[0]])
        _tap_answer(page, rng)
        page.wait_for_function(
            "n => document.querySelector('#dock') && document.querySelector('#dock').dataset.answered != n",
            arg=str(views[open_seats[0]]["answered"]),
            timeout=WAIT,
        )
        taps += 1
        if taps % 15 == 0:
            _no_notation(page)
    return taps


def test_two_phones_and_the_host_play_a_whole_round_by_tapping_tiles(server: Server, browser: Any) -> None:
    """A whole round, every decision tapped on a phone; the links leave the host screen once the
    phones have joined; the round's result stays on the phones and the host until each taps on."""
    made = server.api(
        "POST", "/api/tables", mode="strategy", seed=12, test=True, bots=["C", "D"], nicknames={"A": "小明"}
    )
    host = browser.new_context(**TV).new_page()
    host.goto(made["host"])
    assert host.locator("figure.join").count() == 2
    seats = made["seats"]
    phones = _phones(browser, seats)
    host.wait_for_selector("[data-seat=B] .online", timeout=WAIT)
    host.wait_for_function("!document.querySelector('figure.join')", timeout=WAIT)
    rng = random.Random(1)
    shots = _shots()
    called: list[str] = []

    def shoot(page: Any, view: dict[str, Any]) -> None:
        """A phone at its first call, for the docs."""
        if shots is not None and view["decision"]["kind"] == "call" and not called:
            called.append(view["seat"])
            shots.mkdir(parents=True, exist_ok=True)
            page.wait_for_selector(".dock.asked[data-kind=call]", timeout=WAIT)
            page.screenshot(path=str(shots / "console-call.png"))

    def before_its_result() -> bool:
        return not any(view["round_result"] for view in server.views(seats).values())

    taps = _tap_while(server, seats, phones, before_its_result, rng, shoot)
    assert taps > 20
    result = server.views(seats)["A"]["round_result"]
    assert result is not None and result["number"] == 1
    phones["A"].wait_for_selector(".overlay .roundresult", timeout=WAIT)
    host.wait_for_selector(".overlay .roundresult", timeout=WAIT)
    _no_notation(phones["A"])
    if shots is not None:
        phones["A"].screenshot(path=str(shots / "console-results.png"))
    for letter in "AB":
        with phones[letter].expect_response(lambda r: r.url.endswith("/seen")):
            phones[letter].locator(".overlay button.next").tap()
    host.wait_for_function("!document.querySelector('.overlay')", timeout=WAIT)

    def early_in_round_two() -> bool:
        table = server.table(made["table"])
        return bool(table["round"] < 2 or sum(len(s.get("river", [])) for s in table["seats"].values()) < 14)

    _tap_while(server, seats, phones, early_in_round_two, rng)
    host.wait_for_function("document.body.innerText.includes('第 2 局')", timeout=WAIT)
    if shots is not None:
        host.screenshot(path=str(shots / "console-host.png"))


def test_a_second_phone_takes_the_seat_over_and_the_host_shows_the_link_again(
    server: Server, browser: Any
) -> None:
    """Issue 30 item 2: the second phone is asked, takes the seat, and plays it; the first is told it
    lost the seat; the host shows the seat's code again on a tap."""
    made = server.api("POST", "/api/tables", rules="standard", seed=3, bots=["B", "C", "D"], test=True)
    url = made["seats"]["A"]["url"]
    host = browser.new_context(**TV).new_page()
    host.goto(made["host"])
    first = browser.new_context(**PHONE).new_page()
    first.goto(url)
    first.wait_for_selector(".dock.asked", timeout=WAIT)
    host.wait_for_selector("button.showlink", timeout=WAIT)
    assert host.locator("figure.join").count() == 0
    host.locator("button.showlink").click()
    host.wait_for_selector("figure.join[data-seat=A]", timeout=WAIT)
    second = browser.new_context(**PHONE).new_page()
    second.goto(url)
    assert "在这台手机上接管" in second.inner_text("body") and second.locator(".hand").count() == 0
    second.locator("button.takeover").tap()
    second.wait_for_selector(".dock.asked", timeout=WAIT)
    first.wait_for_selector(".lostseat", timeout=WAIT)
    assert "座位已被接管" in first.inner_text("body") and first.locator(".hand").count() == 0
    host.wait_for_function("!document.querySelector('figure.join')", timeout=WAIT)
    assert _tap_answer(second, random.Random(1)) == "turn"


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
        assert page.locator("#away").is_visible()
    server.start()
    for letter, page in phones.items():
        page.wait_for_function("!document.body.classList.contains('offline')", timeout=WAIT)
        assert page.locator(".hand").get_attribute("data-hand") == views[letter]["hand"]
        shown = page.locator("[data-option]:not([data-confirm-discard])").evaluate_all(
            "e => e.map(b => b.dataset.option)"
        )
        assert sorted(set(shown)) == sorted(views[letter]["options"])
    wall = views["A"]["wall"]
    _tap_while(server, seats, phones, lambda: server.table(made["table"])["wall"] >= wall - 3, rng)


def test_a_tap_while_the_server_is_away_is_sent_when_it_returns(server: Server, browser: Any) -> None:
    """Issue 30 item 3: with the server away a banner says so; a tap waits and is sent on return."""
    made = server.api("POST", "/api/tables", rules="standard", seed=3, bots=["B", "C", "D"], test=True)
    phone = _phones(browser, made["seats"])["A"]
    phone.wait_for_selector(".dock.asked", timeout=WAIT)
    before = server.views(made["seats"])["A"]
    server.stop()
    phone.wait_for_selector("#away:not([hidden])", timeout=WAIT)
    tile = phone.locator(".ht[data-option]").first
    option = tile.get_attribute("data-option")
    tile.tap()
    tile.tap()
    phone.wait_for_function("document.getElementById('queued').textContent.length > 0", timeout=WAIT)
    server.start()
    phone.wait_for_function("document.getElementById('away').hidden", timeout=WAIT)
    phone.wait_for_function(
        "n => document.querySelector('#dock') && document.querySelector('#dock').dataset.answered != n",
        arg=str(before["answered"]),
        timeout=WAIT,
    )
    after = server.views(made["seats"])["A"]
    assert after["answered"] == before["answered"] + 1 and option in before["options"]


def test_a_cards_text_stays_open_over_updates_and_the_players_own_cards_are_one_tap_away(
    server: Server, browser: Any
) -> None:
    """Issue 30 item 3: the world card's text opened in a sheet stays open while the table moves on,
    until closed; 我的牌 shows the seat's contract and augments; the turn buzzes the phone and its
    timer counts down."""
    made = server.api(
        "POST", "/api/tables", mode="strategy", seed=12, bots=["B", "C", "D"], test=True, timer=60
    )
    token = made["seats"]["A"]["token"]
    rng = random.Random(3)
    while (
        not (view := server.api("GET", f"/api/seats/{token}"))["world"] or view["decision"]["kind"] != "turn"
    ):
        server.api("POST", f"/api/seats/{token}/decide", option=rng.choice(view["options"]))
    context = browser.new_context(**PHONE)
    context.add_init_script(
        "navigator.vibrate = () => { window.buzzed = (window.buzzed || 0) + 1; return true; };"
    )
    phone = context.new_page()
    phone.goto(made["seats"]["A"]["url"])
    phone.wait_for_selector(".dock.asked", timeout=WAIT)
    assert phone.evaluate("window.buzzed") >= 1
    phone.wait_for_function(
        "/^\\d+ 秒$/.test(document.querySelector('.countdown').textContent)", timeout=WAIT
    )
    phone.locator(f".world .cardchip[data-card='{view['world']}']").tap()
    assert phone.locator("#sheet").is_visible()
    text = phone.inner_text("#sheet")
    assert "卡面正文" in text
    server.api("POST", f"/api/seats/{token}/decide", option=view["options"][0])
    phone.wait_for_function(
        "n => document.querySelector('#dock').dataset.answered != n", arg=str(view["answered"]), timeout=WAIT
    )
    assert phone.locator("#sheet").is_visible() and phone.inner_text("#sheet") == text
    phone.locator("#sheet button.close").tap()
    assert phone.locator("#sheet").is_hidden()
    phone.locator("button.minebtn").tap()
    mine = phone.inner_text("#sheet")
    assert "我的牌" in mine and "契约" in mine and "强化" in mine


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
    host = browser.new_context(**TV).new_page()
    host.goto(made["host"])
    seats = made["seats"]
    phones = _phones(browser, seats)
    for page in phones.values():
        page.locator(".overlay button.next").tap()
    host.wait_for_selector(".results", timeout=WAIT)
    phones["A"].wait_for_selector("button.confirm", timeout=WAIT)
    phones["A"].locator("button.confirm").tap()
    host.wait_for_function("document.querySelector('.confirmed').innerText.includes('A C D')", timeout=WAIT)
    host.reload()
    assert "本场结果" in host.inner_text(".results")
    phones["B"].wait_for_selector("button.confirm", timeout=WAIT)
    phones["B"].locator("button.confirm").tap()
    host.wait_for_function("!document.querySelector('.results')", timeout=WAIT)
    assert "新一场" in host.inner_text("header")
    assert host.locator("a.replaylink").count() == 1
    phones["A"].wait_for_selector(".dock.asked", timeout=WAIT)


def test_a_replay_steps_forward_and_back(server: Server, browser: Any) -> None:
    """Issue 30 item 6: the host opens the ended session's replay and steps it with taps and keys."""
    made = server.api("POST", "/api/tables", rules="hongzhong", seed=5, bots=["B", "C", "D"], test=True)
    token = made["seats"]["A"]["token"]
    rng = random.Random(6)
    while (view := server.api("GET", f"/api/seats/{token}"))["options"]:
        server.api("POST", f"/api/seats/{token}/decide", option=rng.choice(view["options"]))
    server.api("POST", f"/api/seats/{token}/seen", round=view["round_result"]["number"])
    host = browser.new_context(**TV).new_page()
    host.goto(made["host"])
    host.locator(".overlay a.replaylink").click()
    host.wait_for_selector(".controls", timeout=WAIT)
    assert "第 1 局 · 第 1 /" in host.inner_text(".where")
    host.locator("a.next").click()
    host.locator("a.next").click()
    assert "第 1 局 · 第 3 /" in host.inner_text(".where")
    host.locator("a.prev").click()
    assert "第 1 局 · 第 2 /" in host.inner_text(".where")
    host.keyboard.press("ArrowRight")
    host.wait_for_function("document.querySelector('.where').innerText.includes('第 3 /')", timeout=WAIT)
    host.keyboard.press("PageDown")
    host.wait_for_function("document.querySelector('.where').innerText.includes('第 2 局')", timeout=WAIT)
    assert host.locator(".concealedhand .tile").count() > 40
    shots = _shots()
    if shots is not None:
        host.screenshot(path=str(shots / "console-replay.png"))


def test_chromium_is_the_debian_one() -> None:
    """The browser tests run on the packaged Chromium, never a downloaded build."""
    assert shutil.which("chromium") == str(CHROMIUM)
