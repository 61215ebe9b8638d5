"""One set of plain bots for every rule set (issue 33 item 1): the random bot is one agent over any
view, the bots share their reading of a hand (§11 phase 2; spec 002 出牌 1–3)."""

from __future__ import annotations

import random

from engine.agents.bots import RandomBot
from engine.agents.greedy import after_kong, called_tiles, move
from engine.core.decisions import Decision, DecisionKind
from engine.core.tiles import parse_one


def test_the_random_bot_draws_as_its_generator_chooses_s11() -> None:
    """Whatever the view (none is read: ``sees`` is false), a seeded random bot answers as
    ``rng.choice`` of the options would, so a seed fixes every game as before; its answers are
    among the options."""
    decision = Decision(DecisionKind.CALL, 2, ("pass", "pon", "chi 345m", "kong"), "3m")
    bot, rng = RandomBot(random.Random(11)), random.Random(11)
    answers = [bot.decide(view, decision) for view in (None, "any view", 0) * 20]
    assert answers == [rng.choice(decision.options) for _ in answers]
    assert set(answers) == set(decision.options) and not bot.sees


def test_a_call_takes_its_tiles_from_the_hand_spec002_chupai_1() -> None:
    """A kong on a discard takes three of it, a pon two, a chi the run's other two; the control: a
    chi's run keeps none of the discard."""
    three = parse_one("3m")
    assert called_tiles("kong", "", three) == (three,) * 3
    assert called_tiles("pon", "", three) == (three,) * 2
    assert called_tiles("chi", "345m", three) == (parse_one("4m"), parse_one("5m"))
    assert three not in called_tiles("chi", "123m", three)


def test_a_kong_at_ones_turn_leaves_its_hand_s11() -> None:
    """A concealed kong lays down four and is one meld more; a kong added to a pon lays down one."""
    vec = [0] * 34
    vec[4] = 4
    assert after_kong(vec, "ankan", 4) == ([0] * 34, 1)
    assert after_kong(vec, "kakan", 4)[0][4] == 3 and after_kong(vec, "kakan", 4)[1] == 0
    assert move("discard 5m") == ("discard", 4)
