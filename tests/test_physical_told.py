"""What a real table tells its console and how the console takes it (实体桌, issue 31 items 3, 4): a card
that replaces a flower's replacement draw, the initial flowers a card hears, a 加杠 robbed before it
stands, the round's end after a win on the last tile, the calls a contract forbids, a chow told from
the player it must come from, and the questions a win asks — each clause with the case where it must
not act."""

from __future__ import annotations

import pytest
from physical_support import Table, pool_text

from engine.core.errors import IllegalActionError
from tools.physical import views
from tools.physical.asks import HOST

A, B, C, D = range(4)
SILVER = ["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"]
NORMAL = ["C-01", "C-02", "C-06", "C-07", "C-08", "C-14", "C-15", "C-16"]
BLACK = ["B-04", "B-05", "B-06", "B-07"]
HAND = {"concealed": "234m234p789m456s55s", "melds": [], "win_tile": "5s", "win_by": "self_draw"}
SUITED = ["C-01", "C-14", "C-23", "C-17", "C-18", "C-21"]
"""Normal contracts HAND completes at the hu."""


def table_of(seed: int = 3, **draw: object) -> Table:
    """A strategy table: W-01 (a kong draws a chance card, O-P03), the silver, normal and black
    contracts above, unless ``draw`` names others."""
    cards: dict[str, object] = {
        "W": ["W-01"], "O_P": ["O-P03"], "O_N": 0, "O_C": 0, "O_X": 0, "S": SILVER, "G": 0, "P": 0,
        "C": NORMAL, "B": BLACK,
    }  # fmt: skip
    cards.update(draw)
    return Table(pool_text(**cards), seed=seed)  # type: ignore[arg-type]


def next_round(table: Table, prefer: dict[int, list[str]] | None = None) -> None:
    """The round in play ends at the wall's end; the next is set up, ``prefer``'s cards chosen."""
    table.enter(A, "wall 24")
    table.settle(default="keep", until="draft")
    table.enter(A, "wall 0")
    table.settle(prefer)


def test_a_card_replacing_a_flowers_replacement_is_shown_to_its_holder_once_a_round_S04() -> None:
    """S-04: the holder's first flower replacement of the round is taken from the wall's tail as the
    card says: tapped "flower", its instruction is on the holder's phone; a second flower and a kong's
    replacement are the rules' own (lib 二.2: once a round; ``is(reason, flower)``)."""
    table = table_of(S=["S-04", *SILVER[:7]])
    table.settle(prefer={p: ["S-04"] for p in range(4)}, until="question")
    holder = table.holder_of("S-04")
    table.answer(holder, "no")
    table.settle()
    table.enter(holder, "kong ankan")
    table.settle(prefer={holder: ["O-P03"]})
    assert all(ask.card != "S-04" for ask in table.game.prompts())
    assert "flower" in table.options(holder)
    table.enter(holder, "flower")
    ask = table.prompt(holder)
    assert ask is not None and ask.kind == "do" and ask.card == "S-04"
    assert "查看牌墙尾部2张牌" in ask.text and "作为补牌" in ask.text
    table.answer(holder, "done")
    table.enter(holder, "flower")
    assert table.prompt(holder) is None
    assert table.public()["seats"]["ABCD"[holder]]["augments"][0]["round"] == 1


def test_the_initial_flowers_are_asked_of_whom_a_card_of_theirs_hears_them_s11_R6() -> None:
    """§11 phase 1: the initial flower replacement is the table's own, told by nobody, but S-04's first
    replacement may be one of it (R6): once the deal is done its holder is asked, on every screen, and
    a yes does S-04 there; its use is then spent, and the first flower in play is the rules' own.
    A table with no such card is not asked."""
    table = table_of(S=["S-04", *SILVER[:7]])
    table.settle(prefer={p: ["S-04"] for p in range(4)}, until="dealt")
    holder = table.holder_of("S-04")
    table.enter(HOST, "dealt")
    ask = table.prompt(holder)
    assert ask is not None and ask.kind == "question" and ask.shown == "public" and "起手补花" in ask.text
    assert f"{'ABCD'[holder]} yes S-04" in table.host_options()
    table.answer(holder, "yes")
    done = table.prompt(holder)
    assert done is not None and done.card == "S-04" and done.kind == "do"
    table.answer(holder, "done")
    table.settle()
    table.enter(holder, "flower")
    assert table.prompt(holder) is None
    quiet = table_of(S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-01", "S-02"])
    kinds = []
    while (ask := next(iter(quiet.game.prompts()), None)) is not None and ask.kind != "contract":
        kinds.append(ask.kind)
        who = quiet.game.waiting(ask)[0]
        quiet.enter(who, ask.parts[who].values()[0])
    assert "dealt" not in kinds and "question" not in kinds


def test_a_robbed_kakan_never_stands_and_scores_nothing_s9_4_W01() -> None:
    """§9.4: a 加杠 robbed by another player's win never stands: no kong point, and W-01 (a first kong
    draws a chance card) does not hear it.  A 加杠 nobody robs stands at the next entry or at "无人抢杠",
    with its point and W-01's card."""
    table = table_of(C=[*SUITED, "C-02", "C-06"])
    table.settle(prefer={p: SUITED for p in range(4)})
    table.enter(D, "kong kakan")
    assert table.public()["seats"]["D"]["round_points"] == 0
    assert "close" in table.options(A) and "抢杠" in table.public()["feed"][-1]
    robbed = dict(HAND, win_by="ron", flags=["robbing_kong"])
    table.enter(C, "hu", hand=robbed, wall=40, **{"from": "D"})
    table.settle()
    assert table.public()["seats"]["D"]["round_points"] == 0
    assert not any("D 抽到机遇牌" in line for line in table.st.feed)
    items = {i["id"] for i in table.st.rnd.players[C].won.items}
    assert "robbing_kong" in items
    table.enter(B, "kong kakan")
    table.enter(B, "close")
    table.settle()
    assert table.public()["seats"]["B"]["round_points"] == 1
    assert any("B 抽到机遇牌" in line for line in table.st.feed)
    table.enter(A, "kong kakan")
    table.enter(A, "kong ankan")
    table.settle()
    assert table.public()["seats"]["A"]["round_points"] == 2


def test_a_kakan_nobody_may_rob_stands_at_once_s9_4_B12() -> None:
    """§9.4: a 加杠 waits to stand only while another player still in the round may win on it.  After
    the window B-12's holder, who kept it, holds a failed contract (no P-17): once two others have won,
    the last other player's 加杠 stands at its own tap — its point counted, no "无人抢杠" asked
    (R628).  Control: the same 加杠 while the B-12 holder is not the only other player waits."""
    table = table_of(B=["B-12", "B-04", "B-05", "B-06"])
    table.settle(prefer={p: ["B-12"] for p in range(4)})
    failed = table.holder_of("B-12")
    others = [p for p in (A, B, C, D) if p != failed]
    table.enter(A, "wall 24")
    for p in range(4):
        table.answer(p, "keep" if p == failed else "abandon")
    table.settle()
    assert table.st.rnd.players[failed].status.value == "failed"
    maker = others[2]
    table.enter(maker, "kong kakan")
    assert "close" in table.options(failed), "two others may still rob it"
    table.enter(maker, "close")
    table.settle()
    for winner in others[:2]:
        table.enter(winner, "hu", hand=HAND, wall=20)
        table.settle()
    letter = "ABCD"[maker]
    before = table.public()["seats"][letter]["round_points"]
    table.enter(maker, "kong kakan")
    assert "close" not in table.options(failed) and "close" not in table.options(maker)
    assert table.st.rnd.kakan is None and f"{letter} 的加杠成立" in table.st.feed
    assert table.public()["seats"][letter]["round_points"] == before + 1


def test_a_win_on_the_last_tile_leaves_the_wall_end_to_be_told_s11_6_s13_10() -> None:
    """海底捞月 and 河底捞鱼 are wins at a wall of 0: entered with "wall": 0, the round goes on until the
    table tells the wall's end (流局), which is still offered, and ends it."""
    table = table_of(C=[*SUITED, "C-02", "C-06"])
    table.settle(prefer={p: SUITED for p in range(4)})
    last = dict(HAND, flags=["last_tile"])
    table.enter(A, "hu", hand=last, wall=0)
    table.settle()
    assert table.st.round is not None and table.st.rnd.number == 1
    assert "wall 0" in table.options(B)
    table.enter(B, "wall 0")
    table.settle(until="draft")
    assert table.st.played[0].exhausted and [w.wall for w in table.st.played[0].wins] == [0]


def test_a_contract_asks_at_the_hu_only_what_the_hand_cannot_show_s9_5_B09() -> None:
    """B-09 completes only at the hu (two revealed tiles still used, R606): its holder is asked that
    alone, never whether the contract was completed before; C-12, completed in play by a kong, asks
    its holder who forgot to tap it (R607)."""
    table = table_of(B=["B-09", "B-04", "B-05", "B-06"])
    table.settle(prefer={p: ["B-09"] for p in range(4)})
    holder = table.holder_of("B-09")
    table.enter(holder, "hu", hand=HAND, wall=40)
    questions = []
    while (ask := table.prompt(holder)) is not None and ask.kind == "question":
        questions.append(ask.text.splitlines()[-1])
        table.answer(holder, "yes")
    assert questions == ["至少2张已公开的牌仍用于组成面子或将牌吗？"]
    assert table.st.rnd.players[holder].won is not None
    kong = table_of(C=["C-12", *NORMAL[:7]])
    kong.settle(prefer={p: ["C-12"] for p in range(4)})
    maker = kong.holder_of("C-12")
    kong.enter(maker, "hu", hand=HAND, wall=40)
    ask = kong.prompt(maker)
    assert ask is not None and ask.text.endswith("胡牌前契约已经完成了吗？")


def test_a_chow_is_told_from_the_upper_player_and_a_pung_names_the_discarder_a_card_reads_S13() -> None:
    """A chow takes the upper player's discard (上家), so "我吃了" needs no discarder: S-13's holder's
    lower player's chow took the holder's discard, another's did not.  A pung or an exposed kong names
    the discarder only where a card reads it: S-13's holder, or "another player"."""
    table = table_of(S=["S-13", *SILVER[:7]], W=["W-03"])
    table.settle(prefer={p: ["S-13"] for p in range(4)})
    holder = table.holder_of("S-13")
    lower, across = (holder + 1) % 4, (holder + 2) % 4
    name = "ABCD"[holder]
    assert {"chi", "pon", f"pon from {name}", "kong minkan", f"kong minkan from {name}"} <= set(
        table.options(across)
    )
    assert not any(o.startswith("chi from") for o in table.options(across))
    table.enter(across, "chi")
    table.settle(prefer={across: ["O-P03"]})
    assert all(ask.card != "S-13" for ask in table.game.prompts())
    table.enter(across, "pon")
    assert all(ask.card != "S-13" for ask in table.game.prompts())
    table.settle()
    assert "S-13" not in table.st.rnd.acted
    table.enter(lower, "chi")
    ask = table.prompt(holder)
    assert ask is not None and ask.card == "S-13"


def test_a_chow_from_any_player_spends_the_augment_that_allows_it_G04() -> None:
    """G-04 allows one chow a round from any player's discard: its holder tells the discarder, a chow
    from another than the upper player counts the use, and once it is spent only the upper player's
    discard may be chowed (a chow named from another is refused)."""
    table = table_of(G=["G-04", "G-01", "G-03", "G-09", "G-10", "G-14", "G-15", "G-18"])
    table.settle()
    next_round(table, {p: ["G-04"] for p in range(4)})
    holder = table.holder_of("G-04")
    upper, across = "ABCD"[(holder + 3) % 4], "ABCD"[(holder + 2) % 4]
    options = table.options(holder)
    assert {"chi", f"chi from {across}"} <= set(options) and f"chi from {upper}" not in options
    assert "use G-04" not in options
    table.enter(holder, f"chi from {across}")
    seat = table.public()["seats"]["ABCD"[holder]]
    assert seat["augments"][-1] == {"card": "G-04", "round": 1, "session": 0}
    assert not any(o.startswith("chi from") for o in table.options(holder))
    with pytest.raises(IllegalActionError):
        table.enter(holder, f"chi from {across}")


def test_a_call_the_contract_forbids_is_not_asked_s9_B12() -> None:
    """B-12 forbids its holder every chow, pung and exposed kong: the holder has no such button, and the
    host entering one for them is refused, naming the card; 暗杠 stays (B-12's 说明)."""
    table = table_of(B=["B-12", "B-04", "B-05", "B-06"], W=["W-03"])
    table.settle(prefer={p: ["B-12"] for p in range(4)})
    holder = table.holder_of("B-12")
    options = table.options(holder)
    assert not any(o.startswith(("chi", "pon", "kong minkan", "kong kakan")) for o in options)
    assert "kong ankan" in options
    assert "chi" in table.options((holder + 1) % 4)
    with pytest.raises(IllegalActionError, match="B-12"):
        table.enter(HOST, f"{'ABCD'[holder]} pon")


@pytest.mark.parametrize("card", ["C-04", "C-13"])
def test_a_ban_until_the_contracts_completion_holds_while_it_is_open_s9_C04_C13(card: str) -> None:
    """C-04 / C-13 forbid chow, pung and exposed kong until the holder's sixth / eighth normal draw,
    which completes the contract, a moment the holder taps (契约完成了).  Until that tap the calls are
    not offered and the host's entry of one is refused naming the card; once tapped they are, as W-03
    needs them told (R627).  Control: another player's calls are offered throughout."""
    table = table_of(C=[card, *NORMAL[1:]], W=["W-03"])
    table.settle(prefer={p: [card] for p in range(4)})
    holder = table.holder_of(card)
    letter = "ABCD"[holder]
    options = table.options(holder)
    assert not any(o.startswith(("chi", "pon", "kong minkan")) for o in options)
    assert {"kong ankan", "kong kakan", f"complete {card}"} <= set(options)
    assert {"chi", "pon", "kong minkan"} <= set(table.options((holder + 1) % 4))
    with pytest.raises(IllegalActionError, match=card):
        table.enter(HOST, f"{letter} pon")
    table.enter(holder, f"complete {card}")
    assert table.public()["seats"][letter]["contract_status"] == "completed"
    assert {"chi", "pon", "kong minkan"} <= set(table.options(holder))
    table.enter(HOST, f"{letter} pon")
    assert f"{letter} 碰" in table.st.feed


def test_the_next_player_to_act_is_asked_only_when_the_console_cannot_know_it_s6_4_W08_W09() -> None:
    """W-08: the wall told at 32 has no actor, so the console asks any screen, with one tap, who acts
    next (play going on meanwhile), and the chance cards are drawn clockwise from that player (§6.4).
    W-09: after a self-drawn win §12.1 names the next player (the winner's lower), so nobody is
    asked."""
    table = table_of(W=["W-08"], O_P=["O-P03", "O-P01", "O-P04"])
    table.settle()
    table.enter(A, "wall 32")
    table.settle(until="next")
    ask = table.game.prompts()[0]
    assert ask.kind == "next" and ask.shown == "public" and ask.anyone
    assert set(ask.parts) == {HOST, A, B, C, D}
    assert "next W-08 C" in table.host_options() and "next W-08 C" in table.options(B)
    assert "kong ankan" in table.options(D), "the wall's cards above 24 run while play goes on"
    table.enter(B, "next W-08 C")
    table.settle()
    drawn = [d.player for d in table.st.rnd.drawn if d.deck == "chance"]
    assert drawn[:4] == [C, D, A, B], drawn
    after = table_of(W=["W-09"], O_P=["O-P03", "O-P01", "O-P04"], C=[*SUITED, "C-02", "C-06"])
    after.settle(prefer={p: SUITED for p in range(4)})
    after.enter(A, "hu", hand=HAND, wall=40)
    assert all(ask.kind != "next" for ask in after.game.prompts())
    after.settle()
    assert [d.player for d in after.st.rnd.drawn][:3] == [B, C, D]


def test_a_card_that_may_be_used_is_offered_with_its_instruction_in_one_prompt_s5_5_S18() -> None:
    """S-18 (may, twice a session): after the deal its holder sees what to do with the tiles and answers
    once — done, cannot, or "不使用"; declined, no use is spent (§5.5's markers), used, one is."""
    table = table_of()
    table.settle(prefer={p: ["S-18"] for p in range(4)}, until="dealt")
    holder = table.holder_of("S-18")
    table.enter(HOST, "dealt")
    ask = table.prompt(holder)
    assert ask is not None and ask.kind == "do" and ask.card == "S-18"
    assert ask.parts[holder].values() == ("done S-18", "cannot S-18", "pass S-18")
    assert table.public()["state"] == "dealing"
    assert "牌墙底部" in ask.text
    table.answer(holder, "pass")
    table.settle()
    assert table.public()["seats"]["ABCD"[holder]]["augments"][0]["session"] == 0
    table.enter(A, "wall 24")
    table.settle(default="keep", until="draft")
    table.enter(A, "wall 0")
    table.settle(until="dealt")
    table.enter(HOST, "dealt")
    table.answer(holder, "done")
    assert table.public()["seats"]["ABCD"[holder]]["augments"][0]["session"] == 1


def test_a_lasting_card_whose_trigger_is_its_end_ends_with_it_s6_5_FR07_ON07() -> None:
    """F-R07 lasts until its holder's next turn starts and acts as that turn starts: the holder's one
    tap runs its challenge and ends it (no "end" tap).  O-N07 acts on the next draw but lasts until that
    turn ends: after its trigger it stays until its holder taps its end."""
    text = pool_text(
        mode="party",
        W=["W-14"], O_P=["O-P03"], O_N=0, O_C=0, O_X=0, F_T=0, F_I=0, F_R=["F-R07"], F_S=0,
        S=SILVER, G=8, P=8, C=NORMAL, B=BLACK,
    )  # fmt: skip
    party = Table(text, seed=3)
    party.settle()
    party.enter(A, "pon")
    party.settle()
    assert "end F-R07" in party.options(A)
    party.enter(A, "trigger F-R07")
    party.answer(A, "challenge F-R07 done")
    assert party.public()["seats"]["A"]["lasting"] == [] and "end F-R07" not in party.options(A)
    assert party.st.chips.balance(A) == 1
    chance = table_of(W=["W-01"], O_P=0, O_N=["O-N07"])
    chance.settle()
    chance.enter(B, "kong ankan")
    chance.settle()
    chance.enter(B, "trigger O-N07")
    chance.settle()
    assert chance.public()["seats"]["B"]["lasting"][0]["card"] == "O-N07" and "end O-N07" in chance.options(B)


def test_a_prompt_any_player_answers_left_open_is_one_missed_trigger_s18_3_OX02() -> None:
    """§18.3 漏触发: O-X02 (every player passes a tile) is one instruction any of them answers; left open
    at the round's end it is one missed trigger, not one per player."""
    table = table_of(O_P=0, O_X=["O-X02"])
    table.settle()
    table.enter(B, "kong ankan")
    ask = table.game.prompts()[0]
    assert ask.card == "O-X02" and ask.anyone and len(ask.parts) == 4
    table.enter(A, "wall 24")
    table.settle(default="keep", until="do")
    table.enter(A, "wall 0")
    missed = [(card, how) for card, _, how in table.st.played[0].missed]
    assert missed == [("O-X02", "unanswered")]


def test_a_value_chosen_for_a_card_is_on_every_screen_beside_it_B11() -> None:
    """B-11's suit, chosen on its holder's phone once the contracts are shown, is public: every screen
    shows it beside the contract (the others keep B-11's ban on that suit)."""
    table = table_of(B=["B-11", "B-04", "B-05", "B-06"])
    table.settle(prefer={p: ["B-11"] for p in range(4)}, until="value")
    holder = table.holder_of("B-11")
    table.enter(holder, "suit B-11 s")
    for screen in (table.public(), views.seat(table.game, (holder + 1) % 4, {})):
        assert screen["seats"]["ABCD"[holder]]["chosen"] == {"B-11": {"chosen_suit": "s"}}
