"""One set of bots for every rule set (issue 33 item 1, "one set of bots"; §11 phases 2–3): one
roster, one :class:`GreedyBot` and one :class:`SearchBot` whose knowledge of a hand is the counsel of
the view's rule set — hextech's own, the aim's at standard's and 红中's tables and at any rule set
that declares none."""

from __future__ import annotations

import importlib.util
import random
from enum import StrEnum

import pytest

from engine.agents.aimed import AIMED
from engine.agents.bots import GreedyBot, RandomBot
from engine.agents.counsel import Counsel, counsel_named, counsel_of
from engine.agents.hextech.counsel import COUNSEL as HEXTECH
from engine.agents.roster import BOTS, BUDGETED, make_bots
from engine.agents.search import SearchBot
from engine.core.agent import Agent
from engine.core.decisions import HU, Decision, DecisionKind
from engine.core.registry import ruleset
from engine.core.seat_view import SeatView
from engine.core.session import Playable, drive
from engine.core.table_session import TableConfig, TableSession
from engine.core.tiles import WINDS, parse
from engine.core.view import View
from engine.hextech.ruleset import HEXTECH as HEXTECH_RULES
from engine.hextech.session import SessionConfig
from engine.hextech.view import BLIND, with_parts
from tools.hextech_session import new_session, session_cards

GREEDY_HAND = "234p567p345s789s1m1z"
"""Four sets and two lone tiles, 1m and 东: either discard leaves the hand waiting on the other."""


class Asked:
    """A bot of the roster that notes each decision's kind, its answer and its view's counsel."""

    def __init__(self, agent: Agent[View]) -> None:
        self.agent = agent
        self.name, self.sees, self.person = agent.name, agent.sees, agent.person
        self.answers: list[tuple[StrEnum, str]] = []
        self.counsels: set[int] = set()

    def decide(self, view: View, decision: Decision) -> str:
        self.counsels.add(id(counsel_of(view)))
        answer = self.agent.decide(view, decision)
        self.answers.append((decision.kind, answer))
        return answer


def session(name: str, seed: int) -> Playable[View, object]:
    """A seeded session of rule set ``name``: two rounds of the core's table, four of hextech's."""
    if name == HEXTECH_RULES.name:
        return new_session(SessionConfig(seed, "all", rounds=4))
    rules = ruleset(name)
    return TableSession(TableConfig(rules, rules.resolve_options([]), seed, rounds=2))


def one_set_at(name: str, seed: int) -> list[Asked]:
    """A seeded session of rule set ``name`` played by the roster's greedy and search bots."""
    asked = [Asked(agent) for agent in make_bots(["greedy", "search:2", "greedy", "search:2"], seed)]
    drive(session(name, seed), asked)
    return asked


@pytest.mark.parametrize(
    ("name", "counsel"), [("hextech", HEXTECH), ("standard", AIMED), ("hongzhong", AIMED)]
)
def test_one_greedy_and_one_search_bot_play_every_rule_set_by_its_counsel_s11_issue_33(
    name: str, counsel: Counsel
) -> None:
    """The roster's ``greedy`` and ``search:2`` are one class each at every rule set's table; they
    play a seeded session to its end from each seat's view (§11 phases 2–3), answering turns and
    calls, taking the wins offered, every view counselled by its rule set's counsel (hextech's own,
    the aim's at standard's and 红中's), and a seed fixes every answer."""
    asked = one_set_at(name, 7)
    assert [type(seat.agent) for seat in asked] == [GreedyBot, SearchBot, GreedyBot, SearchBot]
    assert {c for seat in asked for c in seat.counsels} == {id(counsel)}
    for seat in asked:
        assert DecisionKind.TURN in {kind for kind, _ in seat.answers}, seat.name
    answers = [answer for seat in asked for _, answer in seat.answers]
    assert HU in answers and any(answer.startswith("discard ") for answer in answers)
    assert [seat.answers for seat in one_set_at(name, 7)] == [seat.answers for seat in asked]


def seat_view(hand: str, rules: str) -> SeatView:
    """Seat A's view at its first turn of a table of ``rules`` holding ``hand``, every win form plain."""
    nothing: tuple[tuple[int, ...], ...] = ((), (), (), ())
    return SeatView(
        0, tuple(sorted(parse(hand))), ((), (), (), ()), (0,) * 4, nothing, nothing, (14, 13, 13, 13),
        83, (0,) * 4, 0, WINDS[0], rules=rules,
    )  # fmt: skip


def test_the_greedy_discard_follows_its_rule_sets_tie_order_s11() -> None:
    """Of 1m and 东, each leaving the hand waiting (§11 phase 2), the aim's counsel throws the honour
    first (the least connected: an honour, then a terminal), hextech's the lower face of two equally
    isolated tiles; the control: a rule set that declares no counsel of its own is counselled
    toward its view's aim, as standard is."""
    turn = Decision(DecisionKind.TURN, 0, ("discard 1m", "discard 1z"))
    standard, unknown = seat_view(GREEDY_HAND, "standard"), seat_view(GREEDY_HAND, "nonesuch")
    hextech = with_parts(BLIND, hand=tuple(sorted(parse(GREEDY_HAND))), wall_left=83)
    assert counsel_named("nonesuch") is AIMED and counsel_of(hextech) is HEXTECH
    assert hextech.rules == HEXTECH_RULES.name
    assert GreedyBot(random.Random(1)).decide(standard, turn) == "discard 1z"
    assert GreedyBot(random.Random(1)).decide(unknown, turn) == "discard 1z"
    assert GreedyBot(random.Random(1)).decide(hextech, turn) == "discard 1m"


def test_one_roster_names_the_bots_of_every_rule_set_s4() -> None:
    """One table of names (``random``, ``greedy``, ``search``, ``search:N``) for every rule set; the
    search bot's default budget is its rule set's counsel's (hextech's imagined rounds, the aim's
    imagined draws), ``search:N`` its own; hextech's roster is gone."""
    assert {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot} == BOTS
    assert set(BUDGETED) == {"search"}
    assert importlib.util.find_spec("engine.agents.hextech.roster") is None
    plain, budgeted = make_bots(["search", "search:3", "greedy", "random"], 1)[:2]
    assert isinstance(plain, SearchBot) and isinstance(budgeted, SearchBot)
    assert plain.budget_at("hextech") == HEXTECH.budget > plain.budget_at("standard") == AIMED.budget
    assert budgeted.budget_at("hextech") == budgeted.budget_at("standard") == 3


def test_a_call_that_lowers_the_shanten_is_made_where_its_counsel_welcomes_it_s11() -> None:
    """55m123p456p789s 1z3z offered the pon of 5m, which lowers its shanten (§11 phase 2): the aim's
    counsel welcomes every such call, so the standard seat pons; hextech's welcomes none that
    breaks the held contract, so a seat holding C-04 (稳健六巡, complete only without calls) passes;
    the control: the hextech seat holding no contract pons."""
    hand = tuple(sorted(parse("55m123p456p789s13z")))
    call = Decision(DecisionKind.CALL, 0, ("pass", "pon"), "5m")
    cards, _ = session_cards("all")
    free = with_parts(BLIND, hand=hand, wall_left=83, cards={card.id: card for card in cards})
    bound = with_parts(free, contracts=("C-04", None, None, None), contract_open=True)
    assert GreedyBot(random.Random(1)).decide(seat_view("55m123p456p789s13z", "standard"), call) == "pon"
    assert GreedyBot(random.Random(1)).decide(free, call) == "pon"
    assert GreedyBot(random.Random(1)).decide(bound, call) == "pass"
