"""One session machinery for every rule set (issue 33 item 1, R382): :func:`engine.core.session.drive`
plays a standard session and a hextech session alike; while a log's answers last every bot is
asked all the same and no person is, and a bot's seat takes a module's policy answer (§8.4)."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from engine.agents.bots import LoggedPerson, RandomBot
from engine.agents.roster import make_bots
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import LogError
from engine.core.registry import ruleset
from engine.core.session import ask, drive
from engine.core.standings import standings
from engine.core.table_session import SessionResult as TableResult
from engine.core.table_session import TableConfig, TableSession
from engine.hextech.session import SessionConfig
from engine.hextech.session import SessionResult as HextechResult
from tools.hextech_session import new_session


class Counting:
    """A random bot that counts the decisions put to it."""

    name, sees, person = "random", False, False

    def __init__(self, bot: RandomBot) -> None:
        self.bot = bot
        self.asked = 0

    def decide(self, view: object, decision: Decision) -> str:
        self.asked += 1
        return self.bot.decide(view, decision)


def standard(seed: int) -> TableSession:
    rules = ruleset("standard")
    return TableSession(TableConfig(rules, rules.resolve_options([]), seed, rounds=1))


def played(seed: int) -> list[str]:
    """The answers of a one-round standard session of four random bots."""
    answers: list[str] = []
    drive(standard(seed), make_bots(["random"] * 4, seed), on_answer=lambda d, a: answers.append(a))
    return answers


def test_a_resumed_standard_session_asks_every_bot_the_logged_decisions_r382() -> None:
    """Resumed halfway, the random bots are asked each logged decision all the same, so the session
    goes on with the uninterrupted one's answers, every one."""
    answers = played(7)
    bots = make_bots(["random"] * 4, 7)
    watched = Counting(bots[1])  # type: ignore[arg-type]
    agents = [bots[0], watched, bots[2], bots[3]]
    half = len(answers) // 2
    resumed: list[tuple[Decision, str]] = []
    drive(standard(7), agents, script=iter(answers[:half]), on_answer=lambda d, a: resumed.append((d, a)))
    assert [a for _, a in resumed] == answers
    assert watched.asked == sum(d.player == 1 for d, _ in resumed)


def test_a_bot_not_asked_the_logged_decisions_would_go_elsewhere_r382() -> None:
    """Control: random bots that did not hear the logged half answer from generators standing
    elsewhere, and the session goes on with other answers."""
    answers = played(7)
    half = len(answers) // 2
    fresh = make_bots(["random"] * 4, 7)
    session = standard(7)
    steps = session.steps()
    decision = next(steps)
    after: list[str] = list(answers[:half])
    for logged in answers[:half]:
        decision = steps.send(logged)
    try:
        while True:
            answer = fresh[decision.player].decide(session.blind, decision)
            after.append(answer)
            decision = steps.send(answer)
    except StopIteration:
        assert after != answers


def test_a_person_seat_is_answered_by_the_log_alone_r375() -> None:
    """A person's seat in a log being replayed is never asked while the log answers; past the log's
    last answer it is a :class:`LogError` naming the seat."""
    answers = played(11)
    agents = [LoggedPerson(None), *make_bots(["random"] * 4, 11)[1:]]  # type: ignore[arg-type]
    replayed: list[str] = []
    drive(standard(11), agents, script=iter(answers), on_answer=lambda d, a: replayed.append(a))
    assert replayed == answers
    cut = iter(answers[:3])
    with pytest.raises(LogError, match="A is a person's seat"):
        drive(standard(11), [LoggedPerson(None), *make_bots(["random"] * 4, 11)[1:]], script=cut)  # type: ignore[arg-type]


class Policy:
    """A session whose policy answers every choice of a challenge with its last option."""

    blind = None
    table = None

    def steps(self) -> Generator[Decision, str, None]:
        yield Decision(DecisionKind.CHOOSE, 0, ("a", "b"), "challenge")

    def view(self, player: int) -> None:
        return None

    def policy_answer(self, decision: Decision) -> str | None:
        return decision.options[-1] if decision.kind is DecisionKind.CHOOSE else None


class First:
    name, sees = "first", False

    def __init__(self, person: bool) -> None:
        self.person = person

    def decide(self, view: object, decision: Decision) -> str:
        return decision.options[0]


def test_a_bots_seat_takes_the_modules_policy_answer_and_a_person_their_own_s8_4() -> None:
    decision = Decision(DecisionKind.CHOOSE, 0, ("a", "b"), "challenge")
    assert ask(Policy(), First(person=False), decision) == "b"
    assert ask(Policy(), First(person=True), decision) == "a"


def test_a_hextech_session_and_its_replay_go_through_the_same_drive_s18_3() -> None:
    """A four-round hextech session in the party mode played by random bots, then replayed from its
    answers with other bots: the same totals (the answers and the seed fix the session)."""
    answers: list[str] = []
    config = SessionConfig(3, "party", 4)
    first = drive(new_session(config), make_bots(["random"] * 4, 3), on_answer=lambda d, a: answers.append(a))
    again = drive(new_session(config), make_bots(["greedy"] * 4, 4), script=iter(answers))
    assert again.totals == first.totals and len(answers) > 100


def test_every_rule_set_ranks_equal_totals_together_s16() -> None:
    """§16 "总积分相同时，玩家直接并列排名": B first; A and C share second, so D is fourth; a standard and a
    hextech session's results rank by the same function."""
    ranked = [tuple(s) for s in standings((3, 5, 3, -1))]
    assert ranked == [(1, 5, 1, False), (0, 3, 2, True), (2, 3, 2, True), (3, -1, 4, False)]
    rules = ruleset("standard")
    table = TableResult(TableConfig(rules, rules.resolve_options([]), 1), (), (3, 5, 3, -1))
    hextech = HextechResult(SessionConfig(1), totals=[3, 5, 3, -1])
    assert table.standings() == hextech.standings() == standings((3, 5, 3, -1))
    assert [s.rank for s in standings((2, 2, 2, 2))] == [1, 1, 1, 1]
