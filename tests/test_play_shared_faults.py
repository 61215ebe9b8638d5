"""The engine's shared timing and card-runtime rules, each held against the card that shows it
(issue "Every card does what its text says", item 1): one test per rule with its control case.

Each rule is made exact for every card that uses it (a primitive, a fact, an event or a duration),
never for one card; the cards named are the library's examples of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from play_cards_support import CardPlay, seat, use
from pools_lint_cli import run_hexmj

from engine.core.decisions import PASS, DecisionKind
from engine.core.tiles import parse_one
from engine.hextech.card_runtime import lasting_card
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.decision_kinds import ABANDON, HextechKind
from engine.hextech.plugins import Modules
from engine.hextech.session import Session, SessionConfig
from engine.hextech.state import ContractStatus
from tools.hextech_session import session_cards

A, B, C, D = (seat(letter) for letter in "ABCD")

SINGLES = "1m4m7m2p5p8p3s6s9s1z2z3z4z6z"
"""A dealer hand of fourteen unrelated tiles: nothing to call, no win."""

FILLER = "9m8m7m6m5m4m3m2m1m9p8p7p6p5p4p3p2p1p9s8s7s6s5s4s3s2s1s9m8m7m6m5m"
"""Normal draws nobody calls or wins on in these tables, in order."""


def at_set_up(card: str, hands: Mapping[str, str] | None = None, **kw: Any) -> CardPlay:
    """Round 1 with W-15: the dealer A draws ``card`` (then ``more``) at set-up (§6.4, R18)."""
    return CardPlay(hands=hands or {"A": SINGLES}, world="W-15", chance=[card, *kw.pop("more", [])], **kw)


def after_opening(card: str, hands: Mapping[str, str] | None = None, **kw: Any) -> CardPlay:
    """Round 1 with W-05: A opens with 1z and draws ``card`` once that discard has settled (§6.6)."""
    sc = CardPlay(hands=hands or {"A": SINGLES}, world="W-05", chance=[card, *kw.pop("more", [])], **kw)
    sc.discard("1z")
    return sc


def offered_calls(sc: CardPlay, player: int) -> list[str]:
    """Every call option offered to ``player`` so far."""
    return [o for d in sc.asked if d.player == player and d.kind is DecisionKind.CALL for o in d.options]


def choices_about(sc: CardPlay, card: str) -> list[str]:
    """The players asked a choice about ``card`` so far, by letter."""
    return ["ABCD"[d.player] for d in sc.asked if d.kind is DecisionKind.CHOOSE and d.about == card]


# ---- the dealer's opening turn (lib 二.1, R130) ---------------------------------------------------


def test_the_dealers_opening_turn_starts_and_ends_o_n02_drawn_at_set_up_lib2_1() -> None:
    """lib 二.1 "你的下一回合：从你下一次开始行动…", R130: the dealer's opening turn (14 tiles, no draw)
    is A's next turn, so it starts (``turn.started`` before A's first decision) and O-N02 drawn at
    set-up ends then: B's 5p after the opening discard may be ponned.  (The control, O-N02 drawn after
    the opening, still bars the pon: ``test_on02_no_chi_or_pon_before_the_next_turn_s6_lib4``.)"""
    sc = at_set_up("O-N02", {"A": "55p1m4m7m2p8p3s6s9s1z2z3z4z"}, draws="5p")
    first = sc.pending
    assert first is not None and first.kind is DecisionKind.TURN and first.player == A
    assert [e.player for e in sc.of("turn.started")] == [A]
    sc.discard("1m")
    call = sc.play_until(lambda d: d.kind is DecisionKind.CALL and d.player == A)
    assert "pon" in call.options


# ---- the lasting slot follows the card's text (§6.9, §7.3, §14.1, R132) ---------------------------


def test_a_card_with_a_duration_takes_the_slot_and_offers_keep_one_s6_9() -> None:
    """§6.9: O-P03 "持续时间：直到你的下一次弃牌完成" is a lasting card; holding it, A draws O-N09, another
    lasting card, and must keep one of them; the one let go goes to the discard pile at once."""
    sc = at_set_up("O-P03", more=["O-N09"])
    assert lasting_card(sc.round, A, "chance") == "O-P03"
    drawing = sc.round.draw_card("chance", A, "card:W-15")
    keep = next(drawing)
    assert keep.kind is HextechKind.KEEP_LASTING and set(keep.options) == {"O-P03", "O-N09"}
    with pytest.raises(StopIteration):
        drawing.send("O-N09")
    assert lasting_card(sc.round, A, "chance") == "O-N09"
    assert "O-P03" in sc.decks["chance"].discards


def test_an_immediate_card_does_not_touch_the_slot_s6_9() -> None:
    """§6.9 "立即执行的机遇牌不占用该上限" (control): holding O-P03, A draws O-P01 (时机：立即): no keep-one
    choice, O-P01 resolves at once and O-P03 stays in the slot."""
    sc = at_set_up("O-P03", more=["O-P01"])
    first = next(sc.round.draw_card("chance", A, "card:W-15"))
    assert first.kind is DecisionKind.CHOOSE and first.about == "O-P01"
    assert lasting_card(sc.round, A, "chance") == "O-P03"


def test_a_lasting_card_leaves_the_slot_when_its_duration_ends_s6_5() -> None:
    """§6.5 "效果结束后，将机遇牌放入弃牌区": O-P03 leaves A's slot for the discard pile once A's next
    discard is complete, not at the round's end."""
    sc = at_set_up("O-P03")
    assert sc.decks["chance"].discards == []
    sc.discard("1m")
    assert lasting_card(sc.round, A, "chance") is None
    assert sc.decks["chance"].discards == ["O-P03"]


def _party_draw(card: str) -> CardPlay:
    """W-14: B pons A's opening 1z and draws ``card`` from the party deck (§7.2)."""
    sc = CardPlay(
        hands={"A": "1z1m2m3m4p5p6p7s8s9s2z3z4z9m", "B": "1z1z7m2m3m4m5p6p7p2s3s6z9s"},
        world="W-14",
        party=[card],
        plugins=Modules.for_mode("party"),
    )
    sc.advance("discard 1z", "pon")
    return sc


def test_a_used_up_lasting_challenge_leaves_the_slot_then_s7_3() -> None:
    """§7.3, F-R04 "持续时间：本局内，发动后弃置": once B has called 木头人 the card is used up and leaves
    B's slot at once (``card.ended``), free for the next lasting challenge."""
    sc = _party_draw("F-R04")
    assert lasting_card(sc.round, B, "party") == "F-R04"
    sc.choice_about("F-R04")
    sc.advance(use("F-R04"))
    sc.until_event("card.ended", player=B)
    assert lasting_card(sc.round, B, "party") is None
    assert "F-R04" in sc.decks["party"].discards


def test_a_lasting_challenge_not_yet_used_keeps_its_slot_s7_3() -> None:
    """§7.3 (control): B lets F-R04's moment pass; the card is not used up and stays in the slot."""
    sc = _party_draw("F-R04")
    sc.choice_about("F-R04")
    sc.advance(PASS)
    assert lasting_card(sc.round, B, "party") == "F-R04"
    assert not sc.of("card.ended")


# ---- a timed effect ends on the events of the player its duration names (R131) ---------------------
# O-X03 in test_play_cards_chance.py:
# test_ox03_every_player_shows_a_random_tile_until_the_drawers_next_turn_s14_4


# ---- a card's own guard hears the event it exists for; copy packs (§3, R133) -----------------------


def test_o_x06_drawing_its_second_copy_discards_it_and_draws_again_s3() -> None:
    """O-X06 说明 "若抽到O-X06，弃置并重抽1张", §3 复本包: with a second copy in the deck, A's O-X06 ① draws
    O-X06 副本2; the guard discards it unresolved and A draws O-P01 instead."""
    sc = at_set_up("O-X06", more=["O-X06", "O-P01"])
    sc.advance(sc.pending.options[0] if sc.pending else "")
    d = sc.pending
    assert d is not None and d.about == "O-P01"
    assert sc.drawn_cards() == [("O-X06", A), ("O-X06", A), ("O-P01", A)]
    assert choices_about(sc, "O-X06") == ["A"]
    assert sc.decks["chance"].discards.count("O-X06") == 1


def test_o_x06_resolves_another_card_it_draws_s6_7() -> None:
    """O-X06 ① (control): the card drawn is not O-X06, so the guard lets it resolve."""
    sc = at_set_up("O-X06", more=["O-P01", "O-P04"])
    sc.advance(sc.pending.options[0] if sc.pending else "")
    d = sc.pending
    assert d is not None and d.about == "O-P01"
    assert sc.drawn_cards() == [("O-X06", A), ("O-P01", A)]


def test_f_i08_drawing_its_second_copy_discards_it_and_draws_again_s3() -> None:
    """F-I08 说明 "由本牌抽到F-I08时，弃置并重抽", §3: B's F-I08 ① draws F-I08 副本2, which is discarded;
    B draws F-I01 instead."""
    sc = CardPlay(
        hands={"A": "1z1m2m3m4p5p6p7s8s9s2z3z4z9m", "B": "1z1z7m2m3m4m5p6p7p2s3s6z9s"},
        world="W-14",
        party=["F-I08", "F-I08", "F-I01"],
        plugins=Modules.for_mode("party"),
    )
    sc.advance("discard 1z", "pon")
    sc.choice_about("F-I08")
    sc.advance(sc.pending.options[0] if sc.pending else "")
    assert sc.drawn_cards("party") == [("F-I08", B), ("F-I08", B), ("F-I01", B)]
    assert choices_about(sc, "F-I08") == ["B"]


def test_a_copy_pack_puts_a_second_copy_in_the_deck_s3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§3 "明确制作复本包后，才允许加入第二份同编号卡": a pool file's ``copies`` plays O-X06 twice — the
    pool lists it twice and the session's chance deck holds both copies; without it, one."""
    pool = tmp_path / "copies.yaml"
    pool.write_text("copies: [O-X06]\n", encoding="utf-8")
    argv = ["pool", "--mode", "strategy", "--pool", str(pool), "--json"]
    code, out, _ = run_hexmj(argv, monkeypatch, capsys)
    assert code == 0
    assert json.loads(out)["cards"].count("O-X06") == 2
    code, out, _ = run_hexmj(argv[:-1], monkeypatch, capsys)
    assert code == 0 and out.count("副本2") == 1
    cards, modules = session_cards("strategy", None, pool)
    session = Session(SessionConfig(seed=1, mode="strategy"), cards=cards, modules=modules)
    assert session.decks["chance"].cards.count("O-X06") == 2
    plain, _ = session_cards("strategy")
    single = Session(SessionConfig(seed=1, mode="strategy"), cards=plain)
    assert single.decks["chance"].cards.count("O-X06") == 1


def test_a_copy_pack_session_replays_from_its_log_s18_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.2, R134: a session played with a copy pack logs both copies and replays without the file."""
    pool = tmp_path / "copies.yaml"
    pool.write_text("copies: [O-X06]\n", encoding="utf-8")
    log = tmp_path / "game.log"
    argv = ["play", "--seed", "5", "--mode", "strategy", "--pool", str(pool), "--db", "none"]
    argv += ["--log", str(log)]
    assert run_hexmj(argv, monkeypatch, capsys)[0] == 0
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["cards"].count("O-X06") == 2
    pool.unlink()
    assert run_hexmj(["replay", str(log)], monkeypatch, capsys)[0] == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [("copies: [Z-99]\n", "copies: Z-99 is not a card of the pool"), ("copies: O-X06\n", "copies: expected")],
)
def test_a_bad_copy_pack_names_its_line(
    tmp_path: Path,
    text: str,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A copy pack naming no card of the pool, or not a list, is malformed input (exit 2) naming the line."""
    pool = tmp_path / "bad.yaml"
    pool.write_text("mode: strategy\n" + text, encoding="utf-8")
    code, _, err = run_hexmj(["pool", "--pool", str(pool)], monkeypatch, capsys)
    assert code == 2
    assert f"bad.yaml:2: {message}" in err and len(err.strip().splitlines()) == 1


# ---- one seat wind (§4, §14.3, R2) ----------------------------------------------------------------


def test_g_10_and_t_07_read_the_same_seat_wind_s4() -> None:
    """§4, spec 002 一 "门风东者为庄家", R2 (re-ruled): with C dealing, A's seat is 西 for G-10 and for
    T-07 alike; A drawing 西 is offered G-10, A drawing 东 (the control) is not."""
    sc = CardPlay(
        hands={"A": "5m1m4m7m2p8p3s6s9s2z4z6z5z"},
        dealer=C,
        draws="9p3z",
        augments={"A": ["G-10"]},
        plugins=Modules.for_mode("all"),
        treasure=["T-07"],
    )
    assert sc.round.seat_wind(A) == parse_one("3z")
    assert sc.round.marked(A, TREASURE) == frozenset({parse_one("3z")})
    assert sc.round.marked(C, TREASURE) == frozenset({parse_one("1z")})
    sc.play_until(lambda d: d.about == "G-10")
    hand = {"A": "5m1m4m7m2p8p3s6s9s2z4z6z5z"}
    control = CardPlay(hands=hand, dealer=C, draws="9p1z", augments={"A": ["G-10"]})
    control.turn_of("A")
    assert choices_about(control, "G-10") == []


# ---- a flower drawn as the counted normal draw (lib 二.1, R135) ----------------------------------


def _nth_draw_is_a_flower(n: int, **kw: Any) -> CardPlay:
    """B's ``n``-th normal draw is a flower, replaced from the tail by 5z (B draws every 4th tile)."""
    draws = FILLER[: 2 * 4 * (n - 1)] + "1f" + FILLER[2 * 4 * (n - 1) :]
    return CardPlay(hands={"A": SINGLES}, draws=draws, tail="5z", **kw)


@pytest.mark.parametrize(("contract", "n"), [("C-04", 6), ("C-13", 8)])
def test_a_flower_as_the_nth_normal_draw_completes_c_04_and_c_13_lib2_1(contract: str, n: int) -> None:
    """lib 二.1 正常摸牌, C-04 (6th) and C-13 (8th): B's N-th normal draw is a flower; once it is
    replaced the N-th normal draw is complete and the contract completes — not one draw earlier."""
    sc = _nth_draw_is_a_flower(n, contracts={"B": contract})
    done = sc.until_event("contract.completed", player=B)
    draws = [e for e in sc.events if e.name == "draw.normal" and e.player == B]
    assert [e.data["k"] for e in draws] == list(range(1, n + 1))
    assert draws[-1].data["tile"] == "1f"
    assert sc.events.index(sc.of("draw.replacement")[0]) < sc.events.index(draws[-1]) < sc.events.index(done)
    assert sc.player("B").contract_status is ContractStatus.COMPLETED


def test_a_flower_as_the_fifth_normal_draw_gives_s_01_its_look_lib6() -> None:
    """S-01 (5th), lib 二.1: B's fifth normal draw is a flower; after its replacement S-01 looks at the
    top two tiles; control: nothing was asked before the fifth draw."""
    sc = _nth_draw_is_a_flower(5, augments={"B": ["S-01"]})
    sc.until_event("flower.revealed", player=B)
    assert choices_about(sc, "S-01") == []
    d = sc.play_until(lambda d: d.about == "S-01")
    assert d.player == B and sc.player("B").normal_draws == 5


def test_o_n07_a_flower_as_the_next_normal_draw_shows_nothing_more_lib4() -> None:
    """O-N07 "你的下一次正常摸牌必须正面公开", R135: A's next normal draw is a flower, public already; its
    replacement, a second 9s, is no normal draw and stays hidden (the control, a 9s drawn normally
    and shown, is ``test_on07_the_next_normal_draw_is_shown_s6_lib4``)."""
    sc = after_opening("O-N07", draws="2z3z4z1f", tail="9s")
    sc.turn_of("A")
    assert sc.has("A", "9s") == 2 and sc.player("A").revealed == set()


def test_g_02_a_kong_replacement_that_is_a_flower_still_gives_the_tidy_lib7() -> None:
    """G-02 "成功完成杠牌并正常补牌后": A's concealed kong is replaced by a flower, which is replaced in
    turn; the kong has had its replacement, so G-02 offers its extra tidy."""
    sc = CardPlay(hands={"A": "1111m4m7m2p5p8p3s6s9s1z2z"}, tail="1f5z", augments={"A": ["G-02"]})
    sc.advance("ankan 1m")
    assert [e.data["reason"] for e in sc.of("draw.replacement")] == ["flower", "kong"]
    d = sc.pending
    assert d is not None and d.about == "G-02"


def test_g_02_a_flower_without_a_kong_gives_no_tidy_lib7() -> None:
    """G-02 (control): a flower drawn normally and replaced is no kong replacement."""
    sc = CardPlay(hands={"A": SINGLES}, draws="9p9p9p1f", tail="5z", augments={"A": ["G-02"]})
    sc.discard("1m")
    sc.turn_of("A")
    assert sc.of("flower.revealed") and choices_about(sc, "G-02") == []


# ---- a failed contract is still asked at the abandon window (§10.1, §10.3, R63) -----------------


def test_a_failed_contract_is_asked_at_the_window_and_a_completed_one_is_not_s10_1() -> None:
    """§10.1 asks every player not yet out, §10.3 exempts only completed contracts (R63): B's B-09 has
    failed (two revealed tiles discarded) and B is asked, and abandons it (−1, §10.2); A's C-05,
    completed by a flower, is not asked."""
    sc = CardPlay(
        hands={"A": SINGLES, "B": "1z2z3z1m4m7m2p5p8p3s6s9s5z"},
        draws="9p9p9p1f" + FILLER,
        offered={"A": ["C-05", "C-01", "B-01"], "B": ["C-02", "C-03", "B-09"]},
    )
    sc.advance("C-05", "B-09", "1z", "2z", "3z")
    sc.turn_of("B")
    sc.discard("1z")
    sc.turn_of("B")
    sc.discard("2z")
    assert sc.player("B").contract_status is ContractStatus.FAILED
    assert sc.player("A").contract_status is ContractStatus.COMPLETED
    window = sc.play_until(lambda d: d.kind is HextechKind.ABANDON, limit=1200)
    assert window.player == B
    sc.advance(ABANDON)
    assert sc.player("B").contract_status is ContractStatus.ABANDONED
    assert sc.round.penalties[B] == -1
    assert sc.of("abandon.window")[0].data["choices"] == {"B": ABANDON}


# ---- conditions mean their words (S-09, C-11, B-11, O-N08) --------------------------------------


def _a_pons(sc: CardPlay, discard: str) -> None:
    """Play on to A's next call decision, pon, and discard ``discard``."""
    sc.play_until(lambda d: d.kind is DecisionKind.CALL and d.player == A and "pon" in d.options)
    sc.advance("pon")
    sc.discard(discard)


def test_s_09_two_pungs_are_no_chow_lib6() -> None:
    """S-09 "其中至少一副为顺子" (``exposed_melds(holder, chow)``): A pons twice — two exposed melds, no
    chow — and S-09 does not look."""
    sc = CardPlay(hands={"A": "55p66p1m4m7m3s6s9s2z3z"}, draws="5p6p", augments={"A": ["S-09"]})
    sc.discard("1m")
    _a_pons(sc, "4m")
    _a_pons(sc, "7m")
    assert len(sc.player("A").melds) == 2
    assert choices_about(sc, "S-09") == []


def test_s_09_a_chow_and_a_pung_look_lib6() -> None:
    """S-09 (control): A's second exposed meld is a chow beside a pung: S-09 looks at three."""
    sc = CardPlay(hands={"A": "55p1m4m7m3s6s9s2z3z4z5m6m"}, draws="5p9p9p4m", augments={"A": ["S-09"]})
    sc.discard("1m")
    _a_pons(sc, "7m")
    sc.play_until(lambda d: d.kind is DecisionKind.CALL and d.player == A and "chi 456m" in d.options)
    sc.advance("chi 456m")
    assert sc.pending is not None and sc.pending.about == "S-09"


def test_c_11_an_added_kong_adds_no_meld_lib9() -> None:
    """C-11 "你再完成自己的第一副公开面子": A's first meld, a pon, came before anyone else's; B then pons;
    A's later 加杠 of that pon is not a first meld and does not complete C-11."""
    sc = CardPlay(
        hands={"A": "55p1m4m7m2p8p3s6s9s2z3z", "B": "11s4m7m1p4p7p3z4z6z7z8s9s"},
        draws="5p9p1s9m8m5p",
        contracts={"A": "C-11"},
    )
    sc.discard("1m")
    _a_pons(sc, "4m")
    assert sc.player("A").contract_status is ContractStatus.OPEN
    sc.play_until(lambda d: d.kind is DecisionKind.CALL and d.player == B and "pon" in d.options)
    sc.advance("pon")
    sc.play_until(lambda d: d.kind is DecisionKind.TURN and d.player == A and "kakan 5p" in d.options)
    sc.advance("kakan 5p")
    assert any(e.data.get("kind") == "kakan" for e in sc.of("meld.exposed"))
    assert sc.player("A").contract_status is ContractStatus.OPEN


def test_b_11_the_dealers_opening_discard_of_the_suit_does_not_fail_it_lib10() -> None:
    """B-11 "从第一次正常摸牌结束后开始" (R58): the dealer A, all in 万, opens with 1m — legal and no
    failure; after A's first normal draw, a 万 discard (the only one left) fails it (the control)."""
    sc = CardPlay(
        hands={"A": "1m1m2m3m4m5m6m7m8m9m9m2m3m4m"},
        draws="9p9p9p5m",
        offered={"A": ["C-01", "C-02", "B-11"]},
    )
    sc.advance("B-11", "m")
    sc.discard("1m")
    assert sc.player("A").contract_status is ContractStatus.OPEN
    sc.turn_of("A")
    sc.discard("5m")
    assert sc.player("A").contract_status is ContractStatus.FAILED


def test_o_n08_drawn_mid_turn_binds_the_next_normal_draw_lib4() -> None:
    """O-N08 "你的下一次正常摸牌不能在同一回合直接弃出": drawn at A's opening 暗杠 (W-01), it leaves the
    kong's replacement 9p free to discard; A's next normal draw 8s is the one barred (the control)."""
    sc = CardPlay(
        hands={"A": "1111m4m7m2p5p8p3s6s9s1z2z"}, world="W-01", chance=["O-N08"], tail="9p", draws="9s9s9s8s"
    )
    d = sc.advance("ankan 1m")
    assert d is not None and d.kind is DecisionKind.TURN and "discard 9p" in d.options
    sc.discard("9p")
    turn = sc.turn_of("A")
    assert "discard 8s" not in turn.options


@pytest.mark.parametrize(("contract", "offered"), [("C-04", False), ("C-13", False), ("C-09", True)])
def test_c_04_and_c_13_ban_calls_before_their_nth_draw_s9_7(contract: str, offered: bool) -> None:
    """C-04 / C-13 "自己完成前6（8）次正常摸牌之前，不得吃、碰或明杠" is a contract ban (§9.7, R140), as
    B-03's "不得" is: B holding 55p is not offered A's 5p; holding C-09 (the control) B is."""
    sc = CardPlay(
        hands={"A": "5p1m4m7m2p8p3s6s9s1z2z3z4z", "B": "55p1m4m7m2p8p3s6s1z2z3z"}, contracts={"B": contract}
    )
    d = sc.advance("discard 5p")
    assert (d is not None and d.kind is DecisionKind.CALL and d.player == B and "pon" in d.options) is offered


# ---- the turn order stays with the seats (§14.3, O-X01, R139) ------------------------------------


def _turn_after_the_opening(sc: CardPlay) -> tuple[int | None, object]:
    """The player and seat of the first turn to start after A's opening discard settled."""
    settled = sc.events.index(sc.of("discard.settled")[0])
    started = next(e for e in sc.events[settled:] if e.name == "turn.started")
    return started.player, started.data["seat"]


def test_after_o_x01_the_next_turn_goes_to_the_seat_after_the_one_that_acted_s14_3() -> None:
    """§14.3, O-X01 "庄家身份、座位风和行动顺序留在桌位": A discards 1z from seat 0 and O-X01 moves
    everyone on one seat; the next turn is seat 1's, where A now sits."""
    sc = after_opening("O-X01")
    assert sc.of("seats.rotated")
    assert _turn_after_the_opening(sc) == (A, 1)


def test_without_a_rotation_the_next_turn_is_the_next_seat_s11() -> None:
    """§11 (control): with a card that moves nobody (O-P04), the turn after A's goes to B at seat 1."""
    sc = after_opening("O-P04")
    sc.advance(sc.pending.options[0] if sc.pending else "")
    assert _turn_after_the_opening(sc) == (B, 1)


# ---- the winners of one discard leave together (§12.3, R127, R141) -------------------------------


def test_a_second_winner_of_a_discard_answers_no_discard_made_meanwhile_s12_3() -> None:
    """§12.3 一炮多响, R24, R127, R141: B and D both win on A's 3p; B's hu completes C-01, W-04 gives B
    O-X05, and C's extra tidy discards another 3p.  D, already a winner of A's 3p, is not asked about
    it (he would win twice); D wins once, as the second winner."""
    sc = CardPlay(
        hands={"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s", "D": "123s456s789s12p77z"},
        draws="3p",
        world="W-04",
        chance=["O-X05"],
        contracts={"B": "C-01", "D": "C-01"},
    )
    sc.advance("discard 3p", "hu", "hu")
    tidy = sc.pending
    assert tidy is not None and tidy.player == C and "discard 3p" in tidy.options
    sc.advance("discard 3p")
    sc.until_event("hu.confirmed", player=D)
    asked_d = [d for d in sc.asked if d.player == D and d.kind is DecisionKind.CALL]
    assert len(asked_d) == 1
    assert [(w.player, w.order) for w in sc.round.wins] == [(B, 1), (D, 2)]
