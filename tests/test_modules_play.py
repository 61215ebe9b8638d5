"""The two modules in play through their hooks, on a stand-in session (§7, §8, issue items 2–4).

The stand-in offers what ``engine.hextech.hookspecs.Game`` promises a module: the
seeded RNG, the bus, the module states, the decks and the players' hands.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core.decisions import Decision, DecisionKind
from engine.core.tiles import instances_of, name, parse, parse_one
from engine.hextech.bus import Bus, Event, Step
from engine.hextech.effects.context import RoundTable
from engine.hextech.hookspecs import Game, SetupStage
from engine.hextech.plugins import Modules
from engine.hextech.scoring import WinInput, score_win
from modules.party.challenges import ChallengePolicy

PLAYERS = ("A", "B", "C", "D")
SEVEN_MAN = instances_of(parse_one("7m"))


@dataclass
class Pile:
    cards: list[str]
    discards: list[str] = field(default_factory=list)

    def draw(self) -> str | None:
        return self.cards.pop(0) if self.cards else None


@dataclass
class StandIn:
    modules: Modules
    decks: dict[str, Pile] = field(default_factory=dict)
    hands: dict[int, tuple[int, ...]] = field(default_factory=dict)
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    bus: Bus[RoundTable, Game] = field(init=False)
    module_state: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    lasting: dict[tuple[str, int], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.module_state = self.modules.session_state(PLAYERS)
        self.bus = Bus(sinks=[self.events.append])
        for listener in self.modules.listeners():
            self.bus.listen_module(listener)

    def deck(self, kind: str) -> Pile:
        return self.decks.setdefault(kind, Pile([]))

    def hand_of(self, player: int) -> tuple[int, ...]:
        return self.hands.get(player, ())

    def lasting_card(self, player: int, deck: str) -> str | None:
        return self.lasting.get((deck, player))

    def end_lasting(self, player: int, deck: str) -> Step:
        card = self.lasting.pop((deck, player))
        yield from self.emit("card.ended", player, card=card)

    def emit(self, name: str, player: int | None = None, **data: object) -> Step:
        return self.bus.deliver(Event(name, player, data=data), self)

    def primitive(
        self, name: str, holder: int, args: Mapping[str, object]
    ) -> Generator[Decision, str, Mapping[str, object] | None]:
        return self.modules.primitives()[name](self, holder, args)


def play(step: Generator[Decision, str, object], *answers: str) -> list[Decision]:
    """Run a step, answering its decisions in order; return the decisions asked."""
    asked: list[Decision] = []
    queue = list(answers)
    try:
        decision = next(step)
        while True:
            asked.append(decision)
            decision = step.send(queue.pop(0))
    except StopIteration:
        return asked


def test_party_primitives_exist_only_with_the_party_module() -> None:
    """Issue item 4: off means absent; the strategy mode has no challenge primitive."""
    assert sorted(Modules.for_mode("party").primitives()) == ["challenge", "chips", "watch_tile"]
    assert Modules.for_mode("strategy").primitives() == {}


def test_a_neighbour_challenge_pays_the_performer() -> None:
    """F-I01, §7.1: the upper neighbour performs; the one who completes it earns 1 chip."""
    game = StandIn(Modules.for_mode("party"))
    asked = play(game.primitive("challenge", 0, {"card": "F-I01", "performer": 3}), "done")
    assert [(d.player, d.about) for d in asked] == [(3, "challenge F-I01")]
    assert game.module_state["party"].ledger.balances() == (0, 0, 0, 1)


def test_refusal_is_always_offered_and_a_chip_skip_only_with_a_chip() -> None:
    """§17.4, §7.4: refusing is always possible; paying to skip needs a chip."""
    game = StandIn(Modules.for_mode("party"))
    asked = play(game.primitive("challenge", 0, {"card": "F-I05"}), "refused")
    assert "refused" in asked[0].options
    assert "chip_skipped" not in asked[0].options
    play(game.primitive("chips", 0, {"card": "F-S04", "n": 1}))
    again = play(game.primitive("challenge", 0, {"card": "F-I06"}), "chip_skipped")
    assert "chip_skipped" in again[0].options
    assert game.module_state["party"].ledger.balance(0) == 0


def test_everyone_performs_and_each_participant_earns() -> None:
    """F-I03: 全场同步; each participant gets 1 chip, a refuser none."""
    game = StandIn(Modules.for_mode("party"))
    play(
        game.primitive("challenge", 0, {"card": "F-I03", "performer": (0, 1, 2, 3)}),
        "done",
        "refused",
        "done",
        "alternative",
    )
    assert game.module_state["party"].ledger.balances() == (1, 0, 1, 1)
    assert [e.data["outcome"] for e in game.events if e.name == "challenge.settled"] == [
        "done",
        "refused",
        "done",
        "alternative",
    ]


def test_the_f_t_template_runs_on_the_bus() -> None:
    """§7.5, F-T01: drawn after the card, held at the turn's end: the single action, 1 chip."""
    game = StandIn(Modules.for_mode("party"))
    play(game.primitive("watch_tile", 1, {"card": "F-T01", "face": "7m"}))
    play(game.emit("tile.acquired", 1, tile="7m", instance=SEVEN_MAN[0], via="normal"))
    game.hands[1] = (SEVEN_MAN[0],)
    asked = play(game.emit("turn.ended", 1), "done")
    assert [(d.player, d.about) for d in asked] == [(1, "challenge F-T01 single")]
    assert game.module_state["party"].ledger.balance(1) == 1


def test_a_lasting_card_that_ends_takes_its_tracker_along() -> None:
    """§7.3: when the engine drops an F-T card from the lasting slot, its template stops."""
    game = StandIn(Modules.for_mode("party"))
    play(game.primitive("watch_tile", 1, {"card": "F-T01", "face": "7m"}))
    play(game.emit("card.ended", 1, card="F-T01"))
    play(game.emit("tile.acquired", 1, tile="7m", instance=SEVEN_MAN[0], via="normal"))
    game.hands[1] = (SEVEN_MAN[0],)
    assert play(game.emit("turn.ended", 1)) == []


def test_a_winner_is_checked_at_his_hu_then_his_challenge_ends() -> None:
    """lib 二.4, §7.6: the winning turn is checked at the hu; then the lasting challenge ends."""
    game = StandIn(Modules.for_mode("party"))
    play(game.primitive("watch_tile", 2, {"card": "F-T01", "face": "7m"}))
    play(game.emit("tile.acquired", 2, tile="7m", instance=SEVEN_MAN[0], via="normal"))
    play(game.emit("tile.acquired", 2, tile="7m", instance=SEVEN_MAN[1], via="replacement"))
    game.hands[2] = SEVEN_MAN[:2]
    asked = play(game.emit("hu.confirmed", 2), "done")
    assert asked[0].about == "challenge F-T01 double"
    assert game.module_state["party"].watched == {}


def test_bots_answer_challenges_by_the_configured_policy() -> None:
    """Issue item 2: a bot's challenge answer comes from the module's policy and the seeded RNG."""
    modules = Modules.for_mode("party")
    game = StandIn(modules)
    decision = Decision(
        DecisionKind.CHOOSE, 0, ("done", "alternative", "refused", "failed"), "challenge F-I05"
    )
    assert modules.bot_answer(decision, game) in decision.options
    other = Decision(DecisionKind.CHOOSE, 0, ("a", "b"), "O-C01")
    assert modules.bot_answer(other, game) is None


def test_a_bot_skips_with_a_chip_and_puts_away_its_lasting_challenge_by_policy_s7_4() -> None:
    """§7.4: the policy's ``skip`` is used only when a chip skip is offered; ``discard`` pays a chip
    for the lasting challenge; nothing is drawn from the RNG for a probability of 0."""
    modules = Modules.for_mode("party")
    game = StandIn(modules)
    game.module_state["party"].policy = ChallengePolicy(accept=0.0, alternative=0.0, skip=1.0, discard=1.0)
    free = ("done", "alternative", "refused", "failed")
    assert modules.bot_answer(Decision(DecisionKind.CHOOSE, 0, free, "challenge F-I05"), game) == "refused"
    paid = Decision(DecisionKind.CHOOSE, 0, (*free, "chip_skipped"), "challenge F-I05")
    assert modules.bot_answer(paid, game) == "chip_skipped"
    away = Decision(DecisionKind.CHOOSE, 0, ("keep", "discard"), "chip_discard F-T01")
    assert modules.bot_answer(away, game) == "discard"
    state = game.rng.getstate()
    game.module_state["party"].policy = ChallengePolicy()
    assert modules.bot_answer(away, game) == "keep"
    assert game.rng.getstate() == state


def test_a_chip_puts_away_the_lasting_challenge_when_about_to_act_s7_4() -> None:
    """§7.4: a player about to act (``idle``) with a lasting challenge and a chip is offered to pay the
    chip; paying ends the card (``card.ended``) and the account says so; without a chip, no offer."""
    modules = Modules.for_mode("party")
    game = StandIn(modules)
    game.lasting[("party", 1)] = "F-T01"
    assert play(game.emit("idle", 1)) == []
    game.module_state["party"].ledger.earn(1, 1, "F-I05", 1)
    asked = play(game.emit("idle", 1), "discard")
    assert [(d.player, d.options, d.about) for d in asked] == [(1, ("keep", "discard"), "chip_discard F-T01")]
    assert game.module_state["party"].ledger.balance(1) == 0
    assert [e.name for e in game.events[-2:]] == ["challenge.discarded", "card.ended"]
    assert modules.account_lines(game.events[-2], game) == ["B 花费1枚筹码弃置 F-T01（欢乐筹码 -1）"]
    assert game.lasting == {}


def test_the_session_summary_names_the_party_star() -> None:
    """§7.1, §16: chips and the 欢乐之星 are reported apart from the ranking."""
    modules = Modules.for_mode("party")
    game = StandIn(modules)
    play(game.primitive("chips", 2, {"card": "F-S04", "n": 2}))
    assert modules.session_summary(game) == ["欢乐筹码：A 0，B 0，C 2，D 0", "欢乐之星：C"]


def test_the_account_has_a_line_per_outcome() -> None:
    """The readable account shows who did which challenge and the chips it moved."""
    modules = Modules.for_mode("party")
    game = StandIn(modules)
    play(game.primitive("challenge", 0, {"card": "F-I05"}), "alternative")
    settled = [e for e in game.events if e.name == "challenge.settled"]
    assert modules.account_lines(settled[0], game) == ["A 以替代动作完成 F-I05（欢乐筹码 +1）"]


@pytest.mark.parametrize("mode", ["strategy", "party"])
def test_without_the_treasure_module_nothing_is_treasure(mode: str) -> None:
    """§8, issue item 4: with the treasure module off there are no marks and no set-up step."""
    modules = Modules.for_mode(mode)
    game = StandIn(modules)
    assert modules.tile_marks(0, 0, game) == {}
    assert play(modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0)) == []


def _all_mode(*orders: str) -> StandIn:
    game = StandIn(Modules.for_mode("all"))
    game.decks["treasure"] = Pile(list(orders))
    return game


def _faces(game: StandIn, player: int, seat: int) -> frozenset[int]:
    return game.modules.tile_marks(player, seat, game)["treasure"]


def test_the_order_is_revealed_after_the_world_card() -> None:
    """§8, T-01: the dealer reveals the order before the deal; 红中 is everyone's treasure."""
    game = _all_mode("T-01")
    assert play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0)) == []
    assert [_faces(game, p, p) for p in range(4)] == [frozenset({parse_one("7z")})] * 4
    revealed = [e for e in game.events if e.name == "treasure.revealed"]
    assert game.modules.account_lines(revealed[0], game) == ["宝牌令 T-01 红中为宝：宝牌 红中"]


def test_the_after_deal_stage_adds_no_treasure_step() -> None:
    """§8: the order comes before the deal and only then."""
    game = _all_mode("T-01")
    play(game.modules.round_setup(SetupStage.AFTER_DEAL, game, dealer=0))
    assert game.deck("treasure").cards == ["T-01"]


def test_the_die_order_uses_the_seeded_die() -> None:
    """T-08: the dealer's d6 makes that number of all three suits treasure; a seed replays it."""
    first, second = _all_mode("T-08"), _all_mode("T-08")
    for game in (first, second):
        play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=1))
    faces = _faces(first, 0, 0)
    assert len(faces) == 3
    assert len({face % 9 for face in faces}) == 1
    assert faces == _faces(second, 0, 0)


def test_the_dealer_names_the_face_before_the_deal() -> None:
    """T-09: the dealer names an exact face; flowers are not offered."""
    game = _all_mode("T-09")
    asked = play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=2), "3p")
    assert (asked[0].player, len(asked[0].options), "1f" in asked[0].options) == (2, 34, False)
    assert _faces(game, 0, 0) == frozenset({parse_one("3p")})


def test_seat_wind_treasure_follows_the_players_seat() -> None:
    """T-07, §14.3: B in seat 南 has 南; moved to seat 西 by O-X01, he has 西."""
    game = _all_mode("T-07")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0))
    assert _faces(game, 1, 1) == frozenset({parse_one("2z")})
    assert _faces(game, 1, 2) == frozenset({parse_one("3z")})


def test_dealer_wind_treasure_is_fixed_at_round_start() -> None:
    """T-10, R2 (re-ruled): the dealer's seat is 东 ("门风东者为庄家", spec 002 一) in round 3 as in
    round 1 (dealer C at seat 2), whatever seats change later; never the 西 of seat 2 counted from A."""
    game = _all_mode("T-10")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=2))
    assert {_faces(game, p, (p + 1) % 4) for p in range(4)} == {frozenset({parse_one("1z")})}


def test_seat_wind_treasure_counts_from_the_dealer_seat() -> None:
    """T-07, §4, R2 (re-ruled): with C dealing (seat 2), C's seat is 东 and A's (seat 0) is 西 — the
    winds G-10 reads (``Round.seat_wind``); the control, seat 3, is 南."""
    game = _all_mode("T-07")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=2))
    assert _faces(game, 2, 2) == frozenset({parse_one("1z")})
    assert _faces(game, 0, 0) == frozenset({parse_one("3z")})
    assert _faces(game, 3, 3) == frozenset({parse_one("2z")})


def test_p14_replaces_the_public_treasure_for_its_holder() -> None:
    """P-14, §8.3: the holder's own face replaces 红中 for him; the others keep 红中."""
    game = _all_mode("T-01")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0))
    play(game.primitive("set_personal_treasure", 3, {}), "5m")
    assert _faces(game, 3, 3) == frozenset({parse_one("5m")})
    assert _faces(game, 0, 0) == frozenset({parse_one("7z")})


def test_the_bonus_is_one_point_through_the_scorer() -> None:
    """§8.2, §13.6: three 红中 in a winning hand still give one treasure point."""
    game = _all_mode("T-01")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0))
    faces = _faces(game, 0, 0)
    hand = tuple(parse("123m456p789s777z11z"))
    result = score_win(
        WinInput(concealed=hand, win_tile=hand[0], win_by="ron", hu_order=1, is_treasure=faces.__contains__)
    )
    assert [(item.id, item.points) for item in result.items if item.id == "treasure"] == [("treasure", 1)]


def test_a_rewrite_applies_from_its_resolution_and_takes_nothing_back() -> None:
    """O-X09, §8.4: the old order goes to the discard pile; later checks use the new one."""
    game = _all_mode("T-01", "T-06")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0))
    hand = tuple(parse("123m456p123s777z11z"))
    before = score_win(WinInput(hand, hand[0], "ron", 1, is_treasure=_faces(game, 0, 0).__contains__))
    play(game.primitive("redraw_treasure", 1, {}))
    after = score_win(WinInput(hand, hand[0], "ron", 2, is_treasure=_faces(game, 2, 2).__contains__))
    assert "treasure" in [item.id for item in before.items]
    assert "treasure" not in [item.id for item in after.items]
    assert game.deck("treasure").discards == ["T-01"]
    assert _faces(game, 0, 0) == frozenset({parse_one("8s")})


def test_the_order_goes_to_the_discard_pile_when_the_round_ends() -> None:
    """§8.5: after the round the order is discarded; nothing is treasure until the next reveal."""
    game = _all_mode("T-04")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0))
    play(game.emit("round.ended"))
    assert game.deck("treasure").discards == ["T-04"]
    assert _faces(game, 0, 0) == frozenset()


def test_p14_takes_a_face_the_effect_already_carries() -> None:
    """P-14: a declared face passed by the effect is used without asking again."""
    game = _all_mode("T-02")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0))
    assert play(game.primitive("set_personal_treasure", 1, {"face": "9p"})) == []
    assert _faces(game, 1, 1) == frozenset({parse_one("9p")})


def test_only_the_first_completion_pays_when_the_card_says_so() -> None:
    """F-R05: 第一次完成时获得1枚欢乐筹码，后续只为娱乐 (`rewarded: 1`)."""
    game = StandIn(Modules.for_mode("party"))
    for _ in range(3):
        play(game.primitive("challenge", 1, {"card": "F-R05", "rewarded": 1}), "done")
    assert game.module_state["party"].ledger.balance(1) == 1


def test_chips_after_both_completions() -> None:
    """F-R06: 两次均完成后获得1枚欢乐筹码 (`needs: 2`); one refusal leaves nothing."""
    game = StandIn(Modules.for_mode("party"))
    play(game.primitive("challenge", 0, {"card": "F-R06", "needs": 2}), "done")
    assert game.module_state["party"].ledger.balance(0) == 0
    play(game.primitive("challenge", 0, {"card": "F-R06", "needs": 2}), "alternative")
    assert game.module_state["party"].ledger.balance(0) == 1


def test_chips_to_the_holder_at_most_two() -> None:
    """F-R04: each admitting player earns the holder 1 chip, at most 2 (`reward_to: holder, max: 2`)."""
    game = StandIn(Modules.for_mode("party"))
    args = {"card": "F-R04", "performer": (1, 2, 3), "reward_to": 0, "max": 2}
    play(game.primitive("challenge", 0, args), "done", "done", "done")
    assert game.module_state["party"].ledger.balances() == (2, 0, 0, 0)


def test_the_account_and_json_name_the_faces_of_a_rewritten_order_s8_4() -> None:
    """O-X09, §8.4: after T-01 (红中) the rewrite draws T-08; the account line and the ``treasure``
    field of ``--json`` give the die's faces now in force, not 各家门风."""
    game = _all_mode("T-01", "T-08")
    play(game.modules.round_setup(SetupStage.AFTER_WORLD, game, dealer=0))
    play(game.primitive("redraw_treasure", 1, {}))
    faces = _faces(game, 0, 0)
    shown = "".join(sorted({f"{face % 9 + 1}" for face in faces}))
    changed = [e for e in game.events if e.name == "treasure.changed"]
    assert changed[0].data == {"card": "T-08", "faces": f"{shown}m{shown}p{shown}s"}
    line = game.modules.account_lines(changed[0], game)[0]
    assert line.startswith("宝牌令 T-08") and "各家门风" not in line
    assert line.endswith("、".join(name(face) for face in sorted(faces)))
    orders = game.modules.session_fields(game)["treasure"]["orders"]
    assert orders[-1] == {"reveal": 1, "card": "T-08", "faces": f"{shown}m{shown}p{shown}s"}
