"""The party and treasure modules in real play, and the records ``hexmj play`` stores (§7, §8, §18.3).

Sessions are the engine's own (``engine.hextech.session.Session`` with the mode's
modules through ``engine.hextech.plugins.Modules``); single rounds are arranged
tables (``tests/play_cards_support.py``) playing with the enabled modules as
a session does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from play_cards_support import CardPlay, library, seat
from typer.testing import CliRunner

from engine.agents.roster import make_bots
from engine.core.decisions import Decision, DecisionKind
from engine.core.session import drive
from engine.hextech.bus import Event
from engine.hextech.card_runtime import lasting_card
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.hookspecs import WinSummary
from engine.hextech.plugins import Modules
from engine.hextech.session import Session, SessionConfig
from engine.hextech.view import PlayerView
from modules.party.challenges import ChallengePolicy
from modules.party.table import PartyTable
from tools.cli import app
from tools.hextech_session import session_cards
from tools.lab.engine_adapter import drawn_record
from tools.lab.records import Cohort, versions_fingerprint
from tools.lab.store import load_sessions, open_store

runner = CliRunner()
B = seat("B")


def _party(game: object) -> PartyTable:
    table = getattr(game, "module_state", {})["party"]
    assert isinstance(table, PartyTable)
    return table


# -- a party session: challenges asked, answered, chips counted (§7.1, §7.4) ----------------------


def _party_session(seed: int) -> tuple[Session, list[Event]]:
    cards, modules = session_cards("party")
    events: list[Event] = []
    session = Session(
        SessionConfig(seed=seed, mode="party"),
        cards=cards,
        modules=modules,
        plugins=Modules.enable(modules),
        sinks=[events.append],
    )
    _party(session).policy = ChallengePolicy(accept=0.34, alternative=0.33, skip=1.0)
    drive(session, make_bots(["greedy"] * 4, seed))
    return session, events


OUTCOMES = {"done", "alternative", "refused", "chip_skipped"}


def test_party_sessions_ask_answer_and_count_every_challenge_s7_1_s7_4() -> None:
    """§7.1, §7.4, §17.4: in party sessions the bots answer the challenges through the module's policy
    (here: a third each done, alternative, otherwise a chip skip when holding a chip, else a refusal);
    every outcome occurs within a few sessions, and each player's chips are exactly what the recorded
    outcomes moved to them (F-R04 pays its holder); the summary names the chips and the 欢乐之星."""
    seen: set[str] = set()
    for seed in range(1, 61):
        session, events = _party_session(seed)
        moved = [0, 0, 0, 0]
        for event in events:
            if event.name == "challenge.settled":
                for letter in str(event.data["to"]):
                    moved["ABCD".index(letter)] += int(str(event.data["chips"]))
                seen.add(str(event.data["outcome"]))
        assert list(_party(session).ledger.balances()) == moved
        assert session.plugins is not None
        summary = session.plugins.session_summary(session)
        assert summary[0].startswith("欢乐筹码：") and summary[1].startswith("欢乐之星：")
        if seen >= OUTCOMES:
            break
    assert seen == OUTCOMES


class Person:
    """A person at seat A who always refuses a challenge (§7.4, §17.4) and otherwise plays greedily."""

    name = "person"
    sees = True
    person = True

    def __init__(self, seed: int) -> None:
        self.bot = make_bots(["greedy"] * 4, seed)[0]
        self.challenges: list[str] = []

    def decide(self, view: PlayerView, decision: Decision) -> str:
        if decision.about.startswith("challenge ") and "refused" in decision.options:
            self.challenges.append(decision.about)
            return "refused"
        return self.bot.decide(view, decision)


def test_a_person_answers_their_own_challenges_the_bots_follow_the_policy_s7_4() -> None:
    """§7.4, §17.4: the right to refuse a challenge is the person's own, so a person's challenges come
    to them (here, every one refused), while the bots' challenges are answered by the module's bot
    policy (here: always done)."""
    cards, modules = session_cards("party")
    asked: list[str] = []
    outcomes: dict[str, set[str]] = {"A": set(), "others": set()}
    for seed in range(1, 30):
        events: list[Event] = []
        session = Session(
            SessionConfig(seed=seed, mode="party", rounds=4),
            cards=cards,
            modules=modules,
            plugins=Modules.enable(modules),
            sinks=[events.append],
        )
        _party(session).policy = ChallengePolicy(accept=1.0, alternative=0.0, skip=0.0)
        person = Person(seed)
        drive(session, [person, *make_bots(["greedy"] * 4, seed)[1:]])
        asked += person.challenges
        for event in events:
            if event.name == "challenge.settled":
                who = "A" if event.player == 0 else "others"
                outcomes[who].add(str(event.data["outcome"]))
        if asked and outcomes["others"]:
            break
    assert asked, "no challenge reached the person in 29 sessions"
    assert outcomes["A"] <= {"refused"}
    assert outcomes["others"] == {"done"}


OUTCOME_LINE = re.compile(r"^  [ABCD] (完成|以替代动作完成|拒绝|花费1枚筹码跳过|未成功) F-[A-Z]\d\d")


def test_hexmj_play_party_account_shows_challenges_and_the_party_star_s7_1() -> None:
    """§7.1, §16: the readable account has a line per performer's outcome and, after the standings,
    the chips and the 欢乐之星; ``--json`` adds a ``party`` field (chips, stars, challenges) and keeps
    every documented key."""
    args = ["play", "--seed", "1", "--mode", "party", "--db", "none"]
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    lines = text.output.rstrip().splitlines()
    assert lines[-2].startswith("欢乐筹码：") and lines[-1].startswith("欢乐之星：")
    doc = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert set(doc) == {"seed", "mode", "test_session", "rounds", "standings", "party"}
    party = doc["party"]
    assert party["challenges"] and len(party["challenges"]) == sum(map(bool, map(OUTCOME_LINE.match, lines)))
    assert sum(party["chips"].values()) == sum(c["chips"] * len(c["to"]) for c in party["challenges"])
    best = max(party["chips"].values())
    assert party["stars"] == [seat for seat, n in party["chips"].items() if n == best > 0]


# -- the F-T designated-tile template on an arranged wall (§7.5, lib 二.4) -------------------------

FT_A = "1z 1m2m3m 4p5p6p 7s8s9s 2z3z4z 9m"
FT_B = "1z1z 7m 2m3m4m 5p6p7p 2s3s 6z 9s"
"""A discards 1z, B pons it (W-14: B draws a party card) and keeps one 7m from the deal."""


def _ft_table(draws: str, b_hand: str = FT_B) -> CardPlay:
    table = CardPlay(
        hands={"A": FT_A, "B": b_hand},
        draws=draws,
        world="W-14",
        party=["F-T01"],
        plugins=Modules.for_mode("party"),
    )
    table.advance("discard 1z", "pon", "discard 6z")
    return table


def _challenges(table: CardPlay) -> list[str]:
    return [d.about for d in table.asked if d.kind is DecisionKind.CHOOSE and d.about.startswith("challenge")]


def test_f_t01_single_then_double_then_no_third_turn_s7_5() -> None:
    """§7.5, F-T01 (七万): B draws F-T01 by W-14 holding no 7m.  A 7m drawn and kept gives the single
    action at the turn's end, a second the double action, a third nothing (at most 2 turns a round):
    used up, the card leaves B's slot after its second action (§7.3, R132); each completed action
    earns 1 chip."""
    table = _ft_table("9p 9s 9m 7m 1p 1s 2p 7m 3p 3s 4p 7m", "1z1z 8s 2m3m4m 5p6p7p 2s3s 6z 9s")
    assert lasting_card(table.round, B, "party") == "F-T01"
    table.turn_of("B")
    table.advance("discard 9s")
    assert table.pending is not None and table.pending.about == "challenge F-T01 single"
    table.advance("done")
    table.turn_of("B")
    table.advance("discard 2s")
    assert table.pending is not None and table.pending.about == "challenge F-T01 double"
    assert lasting_card(table.round, B, "party") == "F-T01"
    table.advance("alternative")
    assert lasting_card(table.round, B, "party") is None
    assert [e.data["card"] for e in table.of("card.ended")] == ["F-T01"]
    table.turn_of("B")
    table.advance("discard 3s")
    table.turn_of("B")
    assert _challenges(table) == ["challenge F-T01 single", "challenge F-T01 double"]
    assert _party(table.game).ledger.balance(B) == 2


def test_f_t01_a_dealt_copy_triggers_nothing_but_counts_at_the_check_lib2_4() -> None:
    """lib 二.4, §7.5, R33 (re-ruled): the 7m dealt to B triggers nothing ("起手已有指定牌不触发": B's
    turn without a fresh 7m asks nothing); once a drawn 7m is kept, "检查时手中有至少2张该指定牌" counts
    the dealt one too: the double action, not the single."""
    table = _ft_table("9p 9s 9m 2p 1p 1s 2p 7m")
    table.turn_of("B")
    table.advance("discard 2p")
    table.turn_of("B")
    assert _challenges(table) == []
    table.advance("discard 9s")
    assert table.pending is not None and table.pending.about == "challenge F-T01 double"


def test_f_t01_a_copy_discarded_in_its_turn_does_not_count_s7_5() -> None:
    """§7.5: 同回合已经打出则不触发 — B draws 7m and discards it: nothing; the next 7m kept is a single
    action, not a double one."""
    table = _ft_table("9p 9s 9m 7m 1p 1s 2p 7m", "1z1z 8s 2m3m4m 5p6p7p 2s3s 6z 9s")
    table.turn_of("B")
    table.advance("discard 7m")
    table.turn_of("B")
    assert _challenges(table) == []
    table.advance("discard 9s")
    assert table.pending is not None and table.pending.about == "challenge F-T01 single"


def test_f_t01_a_face_drawn_and_discarded_beside_a_dealt_copy_does_not_trigger_s7_5() -> None:
    """§7.5 "同回合已经打出则不触发", lib 二.4 (R363): B holds the dealt 7m, draws a 7m and discards a 7m;
    the hand is as dealt, whichever copy went, and nothing triggers; keeping the next 7m drawn (the
    dealt one and it, two at the check) is the double action."""
    table = _ft_table("9p 9s 9m 7m 1p 1s 2p 7m")
    table.turn_of("B")
    table.advance("discard 7m")
    table.turn_of("B")
    assert _challenges(table) == []
    table.advance("discard 9s")
    assert table.pending is not None and table.pending.about == "challenge F-T01 double"


def test_f_t01_a_face_drawn_beside_a_dealt_copy_and_kept_triggers_s7_5() -> None:
    """§7.5, lib 二.4 (control): B holds the dealt 7m, draws a 7m and discards another tile: two 7m at
    the check, the double action."""
    table = _ft_table("9p 9s 9m 7m 1p 1s 2p 7m")
    table.turn_of("B")
    table.advance("discard 9s")
    assert table.pending is not None and table.pending.about == "challenge F-T01 double"


def test_f_t01_a_winner_is_checked_at_his_hu_s7_5() -> None:
    """§7.5, CARD-INVENTORY (F-T checks): B draws the 7m he waits on and wins by self-draw; the check is
    at his hu (弃牌或胡牌结算后), before he leaves, so the action is still asked — the double one, as the
    dealt 7m counts at the check (R33 re-ruled)."""
    table = _ft_table("9p 9s 9m 7m", "1z1z 7m 2m3m4m 5p6p7p 2s3s4s 6z")
    assert table.turn_of("B").options[0] == "hu"
    asked = table.advance("hu")
    assert asked is not None and (asked.player, asked.about) == (B, "challenge F-T01 double")


def test_a_chip_skips_a_challenge_and_puts_away_the_lasting_one_s7_4() -> None:
    """§7.4: with a chip B may skip a challenge (it costs the chip) and, about to act with a lasting
    challenge in front of him, pay a chip to put it away; it ends at once (``card.ended``).  The
    skipped one is F-T01's second triggering turn: used up, it then leaves B's slot (§7.5, R132)."""
    table = _ft_table("9p 9s 9m 7m 1p 1s 2p 7m 3p 3s 4p")
    table.turn_of("B")
    table.advance("discard 9s", "done")
    asked = table.play_until(lambda d: d.player == B and d.kind is DecisionKind.CHOOSE)
    assert (asked.about, asked.options) == ("chip_discard F-T01", ("keep", "discard"))
    table.advance("keep")
    table.advance("discard 2s")
    assert table.pending is not None and "chip_skipped" in table.pending.options
    table.advance("chip_skipped")
    assert _party(table.game).ledger.balance(B) == 0
    assert [e.data["outcome"] for e in table.of("challenge.settled")] == ["done", "chip_skipped"]
    assert [e.data["card"] for e in table.of("card.ended")] == ["F-T01"]
    assert lasting_card(table.round, B, "party") is None


def test_a_chip_puts_away_a_lasting_challenge_s7_4() -> None:
    """§7.4 "花费1枚欢乐筹码，可以…弃置自己面前的一张持续欢乐挑战牌": B, holding F-T01 and the chip its
    single action earned, pays it to put the card away; it ends at once (``card.ended``)."""
    table = _ft_table("9p 9s 9m 7m 1p 1s 2p")
    table.turn_of("B")
    table.advance("discard 9s", "done")
    ledger = _party(table.game).ledger
    assert ledger.balance(B) == 1
    table.play_until(lambda d: d.player == B and d.about == "chip_discard F-T01")
    table.advance("discard")
    assert ledger.balance(B) == 0
    assert [e.data["card"] for e in table.of("card.ended")] == ["F-T01"]
    assert lasting_card(table.round, B, "party") is None


def test_a_kept_slot_puts_the_new_card_away_without_effect_s7_3() -> None:
    """§7.3: holding F-T01, B draws F-T02 and keeps F-T01; F-T02 is put away neither triggered nor
    unexecutable in the lab's record (§18.3), and F-T01 stays in its slot."""
    table = _ft_table("9p 9s 9m 7m")
    table.decks["party"].cards = ["F-T02"]
    draw = table.round.draw_card("party", B, "rule")
    asked = next(draw)
    assert (asked.kind, asked.options) == (HextechKind.KEEP_LASTING, ("F-T01", "F-T02"))
    with pytest.raises(StopIteration):
        draw.send("F-T01")
    drawn = [d for d in table.round.drawn if d.card == "F-T02"]
    assert [(d.discarded, drawn_record(d).triggered, drawn_record(d).unexecutable) for d in drawn] == [
        (True, False, False)
    ]
    assert lasting_card(table.round, B, "party") == "F-T01"
    assert table.decks["party"].discards == ["F-T02"]


# -- after-round and next-win celebrations (F-R01, F-S03, §7.6) -----------------------------------


def test_f_r01_the_next_win_is_celebrated_by_the_others_s7_6() -> None:
    """F-R01 胜负庆祝: B holds it and wins next; the other three are asked, each completion earns 1."""
    table = CardPlay(
        hands={"A": "1z 1m2m3m 4p5p6p 7s8s9s 2z3z4z 9m", "B": "1z1z 1p1p 2p2p 3p3p 4p4p 5p5p 9s"},
        draws="9p 8s 8m 9s",
        world="W-14",
        party=["F-R01"],
        plugins=Modules.for_mode("party"),
    )
    table.advance("discard 1z", "pon", "discard 9s")
    table.finish(take_wins=True)
    settled = [(e.player, e.data["card"]) for e in table.of("challenge.settled")]
    assert settled == [(seat("C"), "F-R01"), (seat("D"), "F-R01"), (seat("A"), "F-R01")]


def test_f_s03_a_seven_pairs_win_is_celebrated_after_the_round_s7_6() -> None:
    """F-S03 稀有牌型庆祝 (§7.6): A wins with seven pairs and leaves; after the round the other three,
    winners included, are asked to celebrate."""
    table = CardPlay(
        hands={"A": "1z 1m1m 2m2m 3m3m 4p4p 5p5p 6p6p 9s"},
        draws="9p 8p 7p 9s",
        world="W-05",
        chance=["O-C09"],
        party=["F-S03"],
        plugins=Modules.for_mode("party"),
    )
    table.advance("discard 1z")
    table.advance(table.choice_about("O-C09").options[0])
    table.finish(take_wins=True)
    names = table.names()
    assert names.index("round.ended") < names.index("challenge.settled")
    assert [e.player for e in table.of("challenge.settled")] == [seat("B"), seat("C"), seat("D")]


# -- the treasure bonus: once in the all mode, never without the module (§8.2, §13.6) ------------

TREASURE_WIN = {"A": "5p 1m1m9m 2p3p 7s8s9s 2z3z4z 6z", "B": "1m2m3m 4m5m6m 7p8p9p 7z7z7z 5p"}
"""B waits on 5p with a 红中 pung; the dealer A discards 5p."""


@pytest.mark.parametrize(("modules", "bonus"), [(Modules.for_mode("all"), 1), (None, 0)])
def test_a_treasure_win_scores_one_point_once_s8_2_s13_6(modules: Modules | None, bonus: int) -> None:
    """§8.2, §13.6: T-01 makes 红中 treasure; B's ron holds three of them and scores +1 exactly once in
    the all mode; with no module (the strategy mode) there is no treasure item at all."""
    table = CardPlay(hands=TREASURE_WIN, treasure=["T-01"], plugins=modules)
    table.advance("discard 5p", "hu")
    win = table.round.wins[0]
    assert win.player == B
    assert [item for item, _, _ in win.items].count("treasure") == bonus


def _bonuses(mode: str, seed: int) -> list[int]:
    cards, modules = session_cards(mode)
    config = SessionConfig(seed=seed, mode=mode, rounds=4)
    session = Session(config, cards=cards, modules=modules, plugins=Modules.enable(modules))
    result = drive(session, make_bots(["greedy"] * 4, seed))
    return [[i for i, _, _ in w.items].count("treasure") for r in result.rounds for w in r.result.wins]


def test_a_module_score_item_joins_the_scorer_beside_the_treasure_bonus_s13_7(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§13.7: a third party's item (the test module ``lucky``: 幸运七, +1 for a 7 in the hand) reaches
    the scorer through ``WinInput.extra``; the treasure +1 stays the scorer's own, once. The table's
    cards are the library's as installed, read before ``lucky`` joins the import path."""
    cards = library()
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent / "plugins"))
    table = CardPlay(
        hands=TREASURE_WIN, treasure=["T-01"], plugins=Modules.enable(["lucky", "treasure"]), library=cards
    )
    table.advance("discard 5p", "hu")
    assert table.round.wins[0].player == B
    items = [item for item, _, _ in table.round.wins[0].items]
    assert (items.count("lucky_seven"), items.count("treasure")) == (1, 1)


def test_all_mode_sessions_score_the_treasure_bonus_at_most_once_per_win_s13_6() -> None:
    """§13.6 through whole sessions: in the all mode the bonus comes from the scorer's own item, fed by
    the treasure mark, at most once per win, and some win earns it; a strategy session has none."""
    bonuses: list[int] = []
    for seed in range(1, 11):
        bonuses += _bonuses("all", seed)
        if 1 in bonuses:
            break
    assert set(bonuses) == {0, 1}
    assert set(_bonuses("strategy", 1)) == {0}


def test_the_strategy_mode_has_no_module_at_all_s3() -> None:
    """§3, §6.12: off means absent — no state, primitive, listener, tile mark, score item or module card."""
    cards, modules = session_cards("strategy")
    plugins = Modules.enable(modules)
    session = Session(SessionConfig(seed=1, mode="strategy"), cards=cards, modules=modules, plugins=plugins)
    assert (plugins.names, session.module_state, session.primitives) == ((), {}, {})
    assert plugins.listeners() == [] and not plugins.marks_tiles()
    assert session.score_items(WinSummary(0, tuple(range(14)), 0)) == ()
    assert all(not card.modules for card in cards)


# -- hexmj play stores its record (§18.3, §18.4) ---------------------------------------------------


def test_hexmj_play_stores_a_record_the_lab_reads_back_s18_3(tmp_path: Path) -> None:
    """§18.3, §18.4: ``hexmj play --db URL`` stores the session with its card versions, mode and
    seed; ``--db none`` stores nothing."""
    url = f"sqlite:///{tmp_path / 'play.db'}"
    done = runner.invoke(app, ["play", "--seed", "5", "--mode", "all", "--rounds", "4", "--db", url])
    assert done.exit_code == 0, done.output
    cards, _ = session_cards("all")
    ids = tuple(sorted(card.id for card in cards))
    [record] = load_sessions(
        open_store(url), Cohort(versions=versions_fingerprint(ids), rounds=4, mode="all")
    )
    assert (record.source, record.cards, record.mode, record.seed) == ("play", ids, "all", 5)
    assert all(r.treasure is not None and r.treasure.startswith("T-") for r in record.played)
    skipped = runner.invoke(app, ["play", "--seed", "5", "--rounds", "4", "--db", "none"])
    assert skipped.exit_code == 0 and not (tmp_path / "none").exists()


def test_hexmj_replay_prints_the_modules_lines_as_play_did_s18_3(tmp_path: Path) -> None:
    """§7.1, §8: a replayed party-and-treasure session gives the very account ``hexmj play`` printed,
    the modules' lines and 欢乐之星 included, and the same ``--json``."""
    log = tmp_path / "all.jsonl"
    played = runner.invoke(app, ["play", "--seed", "1", "--mode", "all", "--log", str(log), "--db", "none"])
    assert played.exit_code == 0, played.output
    assert "欢乐之星：" in played.output and "宝牌令 " in played.output
    assert runner.invoke(app, ["replay", str(log)]).output == played.output
    again = json.loads(runner.invoke(app, ["replay", str(log), "--json"]).output)
    assert {"party", "treasure"} <= set(again)
