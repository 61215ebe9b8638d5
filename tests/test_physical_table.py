"""The real table's model (实体桌, issue 31 items 1–8) through its Python API: the round as §11 runs it,
the buttons the cards in force ask for, what the console does and what it shows the players to do,
a win scored as ``hexmj score`` scores it, the abandon window, the records, undo and rebuild."""

from __future__ import annotations

import json

import pytest
from physical_support import Table, pool_text

from engine.core.errors import IllegalActionError, InputError
from engine.hextech.vocabulary import EVENTS
from engine.hextech.words import PRIMITIVES, TABLE_PRIMITIVES
from tools.cmd_score import catalogue, score_text
from tools.physical import rulebook, views
from tools.physical.asks import HOST
from tools.physical.effects import CONSOLE
from tools.physical.game import Game
from tools.physical.record import round_record
from tools.physical.texts import TABLE_TEXTS

A, B, C, D = range(4)
SILVER = ["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"]
NORMAL = ["C-01", "C-02", "C-03", "C-04", "C-06", "C-07", "C-08", "C-12"]
BLACK = ["B-01", "B-02", "B-03", "B-04"]


def kong_table(seed: int = 3, **draw: object) -> Table:
    """A strategy table whose world card is W-01 (a kong draws a chance card) and whose only chance
    card is O-P03 (the next discard is safe, a lasting card)."""
    cards: dict[str, object] = {
        "W": ["W-01"], "O_P": ["O-P03"], "O_N": 0, "O_C": 0, "O_X": 0, "S": SILVER, "G": 0, "P": 0,
        "C": NORMAL, "B": BLACK,
    }  # fmt: skip
    cards.update(draw)
    return Table(pool_text(**cards), seed=seed)  # type: ignore[arg-type]


def test_every_primitive_is_done_by_the_console_or_shown_to_the_table_s6_8() -> None:
    """Item 3: each effect of the card language says who carries it out at a real table; the console
    has a handler for each of its own and a text for each the players do."""
    for name, spec in PRIMITIVES.items():
        if spec.done_by == "console":
            assert name in CONSOLE, name
        else:
            assert name in TABLE_PRIMITIVES and name in TABLE_TEXTS, name
    assert {spec.at_table for spec in EVENTS.values()} == {"console", "told", "turn"}


def test_a_session_drafts_deals_the_world_card_and_reveals_contracts_together_s5_2_s6_2_s9_1() -> None:
    """Item 2: the silver draft is chosen in secret on each phone and shown together; the world card is
    drawn and shown; the contract offers (two normal, one black) are chosen in secret and revealed
    together; the dealer of round 1 is A."""
    table = kong_table()
    draft = table.prompt(A)
    assert draft is not None and draft.kind == "draft" and draft.shown == "secret"
    assert all(len(draft.parts[p].options) == 2 for p in range(4))
    picked = table.prompt(A).parts[A].values()[0]  # type: ignore[union-attr]
    table.enter(A, picked)
    assert table.public()["seats"]["A"]["augments"] == []
    assert not any(picked.split()[1] in line for line in table.st.feed)
    table.settle(default="augment")
    assert table.public()["seats"]["A"]["augments"][0]["card"] == picked.split()[1]
    table.settle()
    state = table.public()
    assert state["world"] == "W-01" and state["dealer"] == "A" and state["round"] == 1
    offers = [table.st.rnd.players[p].offers for p in range(4)]
    assert all(len(o) == 2 for o in offers)
    contracts = [table.st.rnd.players[p].contract for p in range(4)]
    assert all(c is not None for c in contracts) and state["state"] == "playing"
    assert sum(c.startswith("B") for c in contracts) + sum(c.startswith("C") for c in contracts) == 4


def test_contracts_stay_hidden_until_all_have_chosen_s9_4() -> None:
    """§9.4: one player's choice is not on any other screen until every player has chosen."""
    table = kong_table()
    table.settle(until="contract")
    ask = table.prompt(A)
    assert ask is not None and ask.kind == "contract"
    table.enter(A, ask.parts[A].values()[0])
    chosen = ask.parts[A].values()[0].split()[1]
    for other in (B, C, D):
        assert chosen not in json.dumps(table.public()["seats"], ensure_ascii=False)
        assert chosen not in json.dumps(views.seat(table.game, other, {}), ensure_ascii=False)
    assert views.seat(table.game, A, {})["me"]["chosen"] == f"contract {chosen}"


def test_a_kong_draws_a_chance_card_for_its_maker_once_a_round_s6_4_W01() -> None:
    """W-01: each player's first kong draws a chance card (a trigger that draws a chance card), shown
    on every screen; a second kong of the same player draws none (default limit, §6.3); the kong's
    points count (§13.9)."""
    table = kong_table()
    table.settle()
    table.enter(C, "kong ankan")
    table.settle()
    assert "C 抽到机遇牌：O-P03 安全通道" in table.st.feed
    lasting = table.public()["seats"]["C"]["lasting"]
    assert lasting == [{"card": "O-P03", "until": "next_discard", "ends": "你的下一次弃牌完成"}]
    assert "end O-P03" in table.options(C) and "end O-P03" not in table.options(B)
    drawn = len(table.st.rnd.drawn)
    table.enter(C, "kong minkan")
    table.settle()
    assert len(table.st.rnd.drawn) == drawn
    assert table.public()["seats"]["C"]["round_points"] == 2


def test_a_lasting_card_ends_when_its_holder_taps_and_goes_to_the_discard_pile_s6_9() -> None:
    """§6.5, §6.9: a lasting card lies in front of its holder until its end; a moment of a turn is the
    holder's to tap; then it is discarded and the next kong may draw it again."""
    table = kong_table()
    table.settle()
    table.enter(C, "kong ankan")
    table.settle()
    table.enter(C, "end O-P03")
    assert table.public()["seats"]["C"]["lasting"] == [] and "O-P03" in table.st.deck("chance").discards
    table.enter(D, "kong ankan")
    table.settle()
    assert "D 抽到机遇牌：O-P03 安全通道" in table.st.feed


def test_only_the_events_the_cards_listen_to_are_asked_s11() -> None:
    """Item 3: W-01 hears only kongs, so nobody has a chi, pon or flower button unless a card of theirs
    counts on one; W-03 (a first exposed meld) gives every seat chi and pon but a C-04 holder before its
    sixth draw (R627)."""
    quiet = kong_table(
        S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"],
        C=["C-01", "C-02", "C-06", "C-07", "C-08", "C-12", "C-14", "C-15"],
        B=["B-04", "B-05", "B-06", "B-07"],
    )
    quiet.settle()
    for p in range(4):
        assert not {"chi", "pon", "flower"} & set(quiet.options(p)), quiet.options(p)
        assert {"hu", "kong ankan", "kong minkan", "kong kakan", "wall 24", "wall 0"} <= set(quiet.options(p))
    meld = kong_table(W=["W-03"], S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"])
    meld.settle()
    for p in range(4):
        barred = meld.st.rnd.players[p].contract == "C-04"
        assert ({"chi", "pon"} <= set(meld.options(p))) is not barred


def test_a_per_turn_trigger_is_tapped_by_whom_it_concerns_s6_1_W05() -> None:
    """Item 3: W-05 listens to a discard, which the console never sees; every seat has its tap; C's tap
    draws C a chance card; C's tap is gone after (once a player a round, §6.3), D's stays."""
    table = kong_table(W=["W-05"])
    table.settle()
    assert all("trigger W-05" in table.options(p) for p in range(4))
    table.enter(C, "trigger W-05")
    table.settle()
    assert "C 抽到机遇牌：O-P03 安全通道" in table.st.feed
    assert "trigger W-05" not in table.options(C) and "trigger W-05" in table.options(D)


def test_a_chance_card_the_table_cannot_do_is_replaced_once_s6_8() -> None:
    """§6.8: O-P01 (look at the wall's top two and reorder) is shown to its drawer with its text; the
    drawer answers "cannot": it is discarded and another is drawn; if that one cannot be done either,
    nothing happens."""
    table = kong_table(O_P=["O-P01", "O-P04"])
    table.settle()
    table.enter(B, "kong ankan")
    ask = table.prompt(B)
    assert ask is not None and ask.kind == "do" and ask.shown == "public"
    assert "查看牌墙顶部" in ask.text and ask.card in ("O-P01", "O-P04")
    assert f"B done {ask.card}" in table.host_options()
    first = ask.card
    table.enter(B, f"cannot {first}")
    second = table.prompt(B)
    assert second is not None and second.card != first
    table.enter(B, f"cannot {second.card}")
    assert table.prompt(B) is None
    drawn = [(d.card, d.unexecutable) for d in table.st.rnd.drawn]
    assert drawn == [(first, True), (second.card, True)]
    assert table.st.feed.count("§6.8：机遇牌完全无法执行，弃置并重抽1张") == 1


def test_a_chance_card_done_by_the_table_counts_as_triggered_s6_5() -> None:
    """The drawer does what the card says and taps done: the card acted and goes to the discard pile."""
    table = kong_table(O_P=["O-P01"])
    table.settle()
    table.enter(B, "kong ankan")
    table.enter(HOST, "B done O-P01")
    assert [(d.card, d.triggered, d.unexecutable) for d in table.st.rnd.drawn] == [("O-P01", True, False)]
    assert table.st.deck("chance").discards == ["O-P01"]


def test_a_condition_on_unseen_tiles_is_asked_of_the_holder_S13() -> None:
    """Item 3: S-13 acts when another player's call took the holder's discard; the console asks whether
    a pung took the holder's discard or another's, and judges (a chow takes the upper player's
    discard, so only the holder's lower player is asked for chows); S-08 (a tile seen twice) turns on
    tiles the console never sees, so its holder taps it."""
    table = kong_table(S=["S-13", "S-08", "S-05", "S-06", "S-11", "S-12", "S-14", "S-15"])
    table.settle(prefer={p: ["S-13"] for p in range(4)})
    holder = table.holder_of("S-13")
    other = (holder + 1) % 4
    assert {"pon", f"pon from {'ABCD'[holder]}"} <= set(table.options(other)), table.options(other)
    assert "chi" in table.options(other) and "chi" not in table.options((holder + 2) % 4)
    table.enter(other, "pon")
    assert table.prompt(holder) is None
    table.enter(other, f"pon from {'ABCD'[holder]}")
    ask = table.prompt(holder)
    assert ask is not None and ask.card == "S-13" and "查看牌墙顶部2张牌" in ask.text


def test_a_question_about_the_holders_tiles_is_on_the_holders_phone_alone_s14_4() -> None:
    """Item 3, §14.4: G-18 acts after a flower only when the replacement is not a flower, which the
    console never sees: its holder is asked yes or no, with the card's text, on their phone alone;
    the other phones and the host see only whom the table waits for."""
    gold = ["G-18", "G-01", "G-03", "G-04", "G-09", "G-10", "G-14", "G-15"]
    table = kong_table(G=gold)
    table.settle()
    table.enter(A, "wall 24")
    table.settle(default="keep", until="draft")
    table.enter(A, "wall 0")
    table.settle(prefer={p: ["G-18"] for p in range(4)}, until="question")
    holder = table.holder_of("G-18")
    table.answer(holder, "no")
    table.settle()
    assert "flower" in table.options(holder)
    assert all("flower" not in table.options(p) for p in range(4) if p != holder)
    table.enter(holder, "flower")
    ask = table.prompt(holder)
    assert ask is not None and ask.kind == "question" and ask.shown == "private" and ask.card == "G-18"
    for other in range(4):
        if other != holder:
            assert ask.text not in json.dumps(views.seat(table.game, other, {}), ensure_ascii=False)
    assert ask.text not in json.dumps(views.host(table.game, {}), ensure_ascii=False)
    waiting = table.public()["waiting"]
    assert waiting[0]["seats"] == ["ABCD"[holder]] and "text" not in waiting[0]
    table.answer(holder, "yes")
    may = table.prompt(holder)
    assert may is not None and may.kind == "do" and "底部" in may.text
    assert "pass G-18" in may.parts[holder].values()


def test_a_may_card_is_offered_while_usable_and_counted_s5_5() -> None:
    """S-05 (may, once a round): its holder has "use S-05" until used; the use is counted on the card."""
    table = kong_table()
    table.settle(prefer={p: ["S-05"] for p in range(4)})
    holder = table.holder_of("S-05")
    assert "use S-05" in table.options(holder)
    table.enter(holder, "use S-05")
    assert "use S-05" not in table.options(holder)
    seat = table.public()["seats"]["ABCD"[holder]]
    assert seat["augments"] == [{"card": "S-05", "round": 1, "session": 0}]
    assert seat["states"][0]["card"] == "S-05"


HAND = {"concealed": "234m234p789m456s55s", "melds": [], "win_tile": "5s", "win_by": "self_draw"}


def test_a_win_is_scored_as_hexmj_score_scores_it_s13() -> None:
    """Item 4: the console adds the order, the contract and its standing, the augments' shapes and the
    kongs told; the items are those ``hexmj score`` gives the same win."""
    table = kong_table(C=["C-01"] * 1 + ["C-02", "C-06", "C-07", "C-08", "C-12", "C-14", "C-15"])
    table.settle(prefer={p: ["C-01"] for p in range(4)})
    winner = table.holder_of("C-01")
    table.enter(winner, "hu", hand=HAND, wall=40)
    win = table.st.rnd.players[winner].won
    assert win is not None
    request = dict(HAND, hu_order=1, contract={"id": "C-01"})
    expected = score_text(json.dumps(request), catalogue())
    assert win.total == expected.total
    assert [i["id"] for i in win.items] == [i.id for i in expected.items]
    assert table.public()["next"] == "ABCD"[(winner + 1) % 4]


def test_a_hand_that_misses_its_contract_is_refused_and_changes_nothing_s9_6() -> None:
    """§9.6: a complete hand whose contract is not met is no legal hu: refused (409 at the API), and
    the table stands as before."""
    table = kong_table()
    table.settle(prefer={p: ["C-06"] for p in range(4)})
    holder = table.holder_of("C-06")
    before = table.public()
    with pytest.raises(IllegalActionError, match="not completed"):
        table.enter(holder, "hu", hand=HAND, wall=40)
    assert table.public() == before


def test_a_malformed_hand_names_its_field() -> None:
    """Bad input: one clear line naming the field; nothing changes."""
    table = kong_table()
    table.settle()
    with pytest.raises(InputError, match=r"^hand\.concealed"):
        table.enter(A, "hu", hand={"concealed": "12x", "win_tile": "1m", "win_by": "self_draw"}, wall=3)
    with pytest.raises(InputError, match=r"^hand\.contract"):
        table.enter(A, "hu", hand=dict(HAND, contract={"id": "C-01"}), wall=3)
    with pytest.raises(InputError, match=r"^from"):
        table.enter(A, "hu", hand=dict(HAND, win_by="ron"), wall=3)
    with pytest.raises(InputError, match=r"^wall"):
        table.enter(A, "hu", hand=HAND, wall=200)


SUITED = ["C-01", "C-21", "C-14", "C-23", "C-17", "C-18"]
"""Normal contracts HAND completes at the hu (chows in three suits, six 万, six of 4–6 …)."""


def test_two_wins_on_one_discard_take_their_places_from_the_discarder_s12_3() -> None:
    """一炮多响 (§12.3): two players win on one discard; the one nearer the discarder clockwise is the
    earlier winner, whatever order the wins were entered in, and each is scored for its place; the
    player after the discarder plays next; the cards that hear "every winner has left" act once."""
    table = kong_table(C=SUITED, B=["B-04", "B-16"], W=["W-09"], O_P=["O-P03", "O-P01"])
    table.settle(prefer={p: [*SUITED, "B-04", "B-16"] for p in range(4)})
    discarder = A
    near, far = C, D
    ron = dict(HAND, win_by="ron")
    table.enter(far, "hu", hand=ron, wall=30, **{"from": "A"})
    table.settle()
    assert table.st.rnd.players[far].won.order == 1
    assert "close" in table.options(B) and "hu" in table.options(near)
    table.enter(near, "hu", hand=ron, wall=30, **{"from": "A"})
    table.settle()
    wins = {w.player: w for w in table.st.rnd.wins}
    assert (wins[near].order, wins[far].order) == (1, 2)
    assert wins[near].items[0]["points"] == 4 and wins[far].items[0]["points"] == 3
    assert any(line.startswith(f"一炮多响按座位顺序：{'ABCD'[near]} 第1名") for line in table.st.feed)
    assert table.public()["next"] == "B" and discarder == A
    assert not any("机遇牌" in line for line in table.st.feed)
    table.enter(B, "close")
    table.settle()
    assert sum("抽到机遇牌" in line for line in table.st.feed) == 2


def test_the_abandon_window_asks_in_secret_and_charges_a_black_abandon_at_once_s10() -> None:
    """§10: at 24 every player with an unfinished contract keeps or abandons on their own phone; the
    answers show together; a black contract abandoned costs 1 at once."""
    table = kong_table(C=["C-01", "C-02", "C-06", "C-07", "C-08", "C-14", "C-15", "C-16"])
    table.settle(prefer={p: BLACK for p in range(4)})
    blacks = [p for p in range(4) if (table.st.rnd.players[p].contract or "").startswith("B")]
    assert blacks
    table.enter(A, "wall 24")
    ask = table.prompt(blacks[0])
    assert ask is not None and ask.kind == "window" and ask.shown == "secret"
    table.enter(blacks[0], "abandon")
    assert "abandon" not in json.dumps(table.public(), ensure_ascii=False).replace("放弃契约", "")
    table.settle(default="keep")
    assert table.st.rnd.players[blacks[0]].status.value == "abandoned"
    assert table.public()["scores"]["ABCD"[blacks[0]]] == -1
    assert "wall 24" not in table.options(A)


def test_undo_and_rebuild_give_the_table_exactly_as_it_was_s18_3() -> None:
    """Item 8: the game rebuilt from its entries is the same, byte for byte; without its last entry it
    is the game before that entry."""
    table = kong_table()
    table.settle()
    before = json.dumps(table.public(), ensure_ascii=False, sort_keys=True)
    kept = len(table.game.entries)
    table.enter(C, "kong ankan")
    table.settle()
    rebuilt = Game(table.pool, table.game.seed, table.game.rounds, 0, table.game.entries)
    assert json.dumps(views.public(rebuilt, {}), sort_keys=True) == json.dumps(table.public(), sort_keys=True)
    undone = Game(table.pool, table.game.seed, table.game.rounds, 0, table.game.entries[:kept])
    assert json.dumps(views.public(undone, {}), ensure_ascii=False, sort_keys=True) == before


def test_a_round_ends_at_the_wall_and_the_record_keeps_its_figures_s18_3() -> None:
    """§11 phase 6 and §18.3: the round ends when the wall is told empty (the window first, §10); the
    record has the time from its start to its end, the look-ups, the missed triggers, the kong's
    points, the world card and the cards drawn."""
    table = kong_table()
    table.settle()
    start = table.st.rnd.start
    table.enter(A, "lookup", card="W-01")
    table.enter(A, "missed", card="W-01", seat="B")
    table.enter(B, "kong ankan")
    table.enter(A, "wall 0")
    table.settle(default="keep", until="dealt")
    round_one = table.st.played[0]
    assert round_one.exhausted and round_one.end == table.clock
    record = round_record(table.st, round_one)
    assert record.table is not None and record.table.seconds == (table.clock - start) // 1000
    assert record.table.lookups == 1
    assert [(m.card, m.player, m.how) for m in record.table.missed] == [("W-01", B, "button")]
    assert record.exhausted and record.wins == () and record.turns is None
    assert record.world is not None and record.world.card == "W-01" and record.world.triggered == 1
    assert [(d.card, d.player, d.triggered) for d in record.drawn] == [("O-P03", B, True)]
    assert [p.score for p in record.players] == [0, 2, 0, 0]


def test_the_console_carries_the_rulebook_section_by_section_s18_3() -> None:
    """Item 6: the rulebook is searchable on any screen; its chapters 三 to 十九 and their sections are
    numbered as the rulebook numbers them (§10.1 统一暂停, §13.9.1 暗杠), §13.10's special wins
    included, filled where the copy lacks them (杠上开花 to 天胡)."""
    numbers = [s.number for s in rulebook.sections()]
    assert [n for n in numbers if n.count(".") == 0] == [f"§{n}" for n in range(3, 20)]
    assert rulebook.section("§10.1").title == "统一暂停"  # type: ignore[union-attr]
    assert rulebook.section("§13.9.1").title == "暗杠"  # type: ignore[union-attr]
    special = [s.number for s in rulebook.sections() if s.number.startswith("§13.10")]
    assert special == [f"§13.10{n}" for n in ("", ".1", ".2", ".3", ".4", ".5", ".6", ".7")]
    assert rulebook.section("§13.10.3").title == "海底捞月"  # type: ignore[union-attr]
    assert "+1分" in rulebook.section("§13.10.2").text  # type: ignore[union-attr]
    assert "天胡不额外计算自摸奖励" in rulebook.section("§13.10.5").text  # type: ignore[union-attr]
    assert [s.number for s in rulebook.search("河底捞鱼")][:1] == ["§13.10.4"]
    assert "§12.3" in [s.number for s in rulebook.search("一炮多响")]
    assert rulebook.search("") == []


def _screens(table: Table, but: int) -> str:
    """Every screen but one seat's, as text."""
    others = [views.seat(table.game, p, {}) for p in range(4) if p != but]
    return json.dumps(
        [*others, views.host(table.game, {}), table.public()], ensure_ascii=False, sort_keys=True
    )


def test_a_secret_choice_reaches_no_other_screen_before_the_reveal_s5_2_s9_1_s10_1() -> None:
    """Two tables that differ only in what A chose in secret — an augment, a contract, keep or abandon
    — show every other seat and the host the same, byte for byte, until the choices are revealed
    together; then they differ."""
    for kind in ("draft", "contract"):
        first, second = kong_table(seed=9), kong_table(seed=9)
        for table in (first, second):
            table.settle(until=kind)
        ask = first.prompt(A)
        assert ask is not None and ask.kind == kind
        one, two = ask.parts[A].values()[:2]
        first.enter(A, one)
        second.enter(A, two)
        assert _screens(first, A) == _screens(second, A)
        for table in (first, second):
            table.settle(until="contract" if kind == "draft" else "")
        assert _screens(first, A) != _screens(second, A)
    blacks = kong_table(seed=9, C=["C-01", "C-02", "C-06", "C-07", "C-08", "C-14", "C-15", "C-16"])
    twin = kong_table(seed=9, C=["C-01", "C-02", "C-06", "C-07", "C-08", "C-14", "C-15", "C-16"])
    for table in (blacks, twin):
        table.settle()
        table.enter(B, "wall 24")
    blacks.enter(A, "keep")
    twin.enter(A, "abandon")
    assert _screens(blacks, A) == _screens(twin, A)
