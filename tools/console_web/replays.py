"""A finished session re-played move by move, every hand open, for the replay view (issue 30 item 6;
R538, R539).

:func:`build` reads a session log in the ``hexmj play --log`` format of any rule set — a table's
stored lines, a file given to ``hexmj replay LOG --serve``, or one uploaded on the set-up page —
re-plays it with its logged answers, checking that every line comes out the same (a log that does
not is a :class:`~engine.core.errors.LogError` naming the line), and keeps a :class:`Frame` after
each step that put something on the table: the move as the feed words it, each seat's concealed
hand, melds, river and flowers, the wall, the scores.  Only a log that ran to its end is re-played:
every round of it is over, so every hand may be shown (§11 phase 3), and nothing is played past
what the log holds.  Notes (a stand-in bot's answers, R535) are read past.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.agents.bots import PERSON
from engine.agents.hextech.roster import make_agents
from engine.core.decisions import Decision, DecisionKind, check_answer
from engine.core.errors import IllegalActionError, InputError, LogError
from engine.core.log_lines import NOTE
from engine.core.log_writer import LogWriter
from engine.core.registry import ruleset
from engine.core.seats import PLAYERS
from engine.core.session import drive
from engine.core.table_log import event_sink as table_sink
from engine.core.table_log import is_table_log, logged_options
from engine.core.table_log import read_header as read_table_header
from engine.core.table_session import TableConfig, TableSession
from engine.core.tiles import FACES, format_one
from engine.hextech.bus import Event
from engine.hextech.log import event_sink, read_header
from engine.hextech.session import SessionConfig
from engine.hextech.view import KINDS, PlayerView
from tools.console import PEOPLE
from tools.console_web.cards import library
from tools.console_web.feed import PublicFeed
from tools.console_web.public import FEED, HEXTECH_FEED
from tools.console_web.table_shown import TABLE_FEED
from tools.hextech_session import header_cards, new_session


class _Silent:
    """A person's seat in a replay: the log answers it, so what it would say is never used."""

    name = PERSON
    sees = False
    person = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView, decision: Decision) -> str:
        """Any offered option: the logged answer stands in its place."""
        return decision.options[0]


STEP_LIMIT = 200_000
"""The most decisions a replayed log may hold (a log far longer is not a session's)."""


@dataclass(frozen=True)
class Frame:
    """The table after one step: the round, what was done, and every seat as it lay, hands open."""

    round: int
    moves: tuple[str, ...]
    wall: int
    dealer: str | None
    seats: Mapping[str, Mapping[str, Any]]
    scores: Mapping[str, int]
    world: str | None = None
    treasure: str | None = None
    treasure_faces: str = ""
    prevalent_wind: str | None = None


@dataclass
class Replay:
    """A re-played session: its title, the cards it names, and its frames in order."""

    title: str
    rules: str
    frames: list[Frame] = field(default_factory=list)
    cards: Mapping[str, Any] = field(default_factory=dict)
    nicknames: Mapping[str, str] = field(default_factory=dict)

    def rounds(self) -> dict[int, int]:
        """Each round's first frame, by round number."""
        first: dict[int, int] = {}
        for i, frame in enumerate(self.frames):
            first.setdefault(frame.round, i)
        return first


def _melds(melds: Sequence[tuple[str, Sequence[int]]]) -> list[dict[str, Any]]:
    return [{"kind": kind, "tiles": [format_one(k) for k in tiles]} for kind, tiles in melds]


def _decisions(lines: Sequence[Mapping[str, Any]]) -> list[str]:
    answers = [str(line["answer"]) for line in lines if line.get("type") == "decision"]
    if len(answers) > STEP_LIMIT:
        raise LogError(f"the log holds more than {STEP_LIMIT} decisions")
    return answers


def _steps(
    steps: Generator[Decision, str, Any],
    answers: Sequence[str],
    answered: Callable[[Decision, str], None],
    after: Callable[[], None],
    where: str,
) -> None:
    """Answer the session's decisions with the logged answers, each checked, until it ends;
    ``answered`` hears each answer as it is given, ``after`` each step once the table stands."""
    try:
        decision = next(steps)
        after()
        for n, answer in enumerate(answers, start=1):
            try:
                check_answer(decision, answer)
            except IllegalActionError as err:
                raise LogError(f"{where}: logged answer {n} does not fit: {err}") from None
            answered(decision, answer)
            decision = steps.send(answer)
            after()
    except StopIteration:
        after()
        return
    raise LogError(f"{where}: the session asks more than the log answers")


def _hextech(head: Mapping[str, Any], lines: Sequence[dict[str, Any]], where: str) -> Replay:
    header = read_header(dict(head), Path(where))
    chosen = header_cards(header, Path(where), None, None)
    writer = LogWriter(None, lines, where)
    feed = PublicFeed(HEXTECH_FEED)
    heard: list[str] = []

    def said(event: Event) -> None:
        if event.name in FEED:
            heard.append(FEED[event.name](event))
        if event.name == "round.ended":
            frame()

    config = SessionConfig(seed=header.seed, mode=header.mode, rounds=header.rounds)
    session = new_session(config, [event_sink(writer), feed, said], None, chosen)
    texts = library(header.mode, False)
    replay = Replay(
        f"海克斯麻将 · 种子 {header.seed}", "hextech", cards={c: t.json() for c, t in texts.items()}
    )

    def frame() -> None:
        table = session.table
        if not heard or table is None:
            return
        seats = {}
        for p, held in enumerate(table.players):
            seats[PLAYERS[p]] = {
                "hand": [format_one(KINDS[i]) for i in sorted(held.hand, key=lambda i: KINDS[i])],
                "melds": _melds([(m.meld.kind.value, m.meld.tiles) for m in held.melds]),
                "river": [format_one(KINDS[i]) for i in held.river],
                "flowers": [format_one(KINDS[i]) for i in held.flowers],
                "won": held.won,
            }
        totals = session.result.totals
        replay.frames.append(
            Frame(
                round=feed.round,
                moves=tuple(heard),
                wall=len(table.wall),
                dealer=PLAYERS[table.player_at(table.dealer_seat)],
                seats=seats,
                scores={PLAYERS[p]: totals[p] for p in range(4)},
                world=feed.marks.get("world"),
                treasure=feed.marks.get("treasure"),
                treasure_faces=feed.marks.get("treasure_faces", ""),
            )
        )
        heard.clear()

    def answered(decision: Decision, answer: str) -> None:
        frame()
        writer.decision(decision, answer)

    people = {name: _Silent for name in (*PEOPLE, PERSON)}
    try:
        agents = make_agents(list(header.agents), header.seed, people)
    except InputError as err:
        raise LogError(f"{where}:1: session header: {err}") from None
    drive(session, agents, script=iter(_decisions(lines)), on_answer=answered)
    frame()
    return replay


def _other(head: Mapping[str, Any], lines: Sequence[dict[str, Any]], where: str) -> Replay:
    header = read_table_header(head, Path(where))
    try:
        rules = ruleset(header.rules)
    except InputError as err:
        raise LogError(f"{where}:1: session header: rules: {err}") from None
    options = logged_options(rules, header.options, Path(where))
    writer = LogWriter(None, lines, where)
    feed = PublicFeed(TABLE_FEED)
    config = TableConfig(rules, options, header.seed, header.rounds)

    def ended(name: str, player: int | None, data: Mapping[str, Any]) -> None:
        if name == "round.ended":
            frame()

    session = TableSession(config, (table_sink(writer), feed.event, ended))
    replay = Replay(f"{rules.title} · 种子 {header.seed}", rules.name)
    shown = [0]

    def answered(decision: Decision, answer: str) -> None:
        writer.decision(decision, answer)
        if decision.kind is DecisionKind.TURN:
            feed.turn_answer(decision.player, answer)

    def frame() -> None:
        moves = feed.since(shown[0])
        if not moves:
            return
        shown[0] = feed.written
        table = session.table
        seats = {}
        for p, held in enumerate(table.seats):
            seats[PLAYERS[p]] = {
                "hand": [FACES[k] for k in sorted(held.hand)],
                "melds": _melds([(m.kind.value, m.tiles) for m in held.melds]),
                "river": [FACES[k] for k in held.river],
                "flowers": [FACES[k] for k in held.flowers],
                "won": False,
            }
        replay.frames.append(
            Frame(
                round=feed.round,
                moves=tuple(moves),
                wall=len(table.wall),
                dealer=PLAYERS[table.dealer],
                seats=seats,
                scores={PLAYERS[p]: session.totals[p] for p in range(4)},
                prevalent_wind=feed.marks.get("prevalent_wind") or None,
            )
        )

    _steps(session.steps(), _decisions(lines), answered, frame, where)
    return replay


def build(
    lines: Sequence[Mapping[str, Any]], where: str, nicknames: Mapping[str, str] | None = None
) -> Replay:
    """The replay of the finished session a log's ``lines`` hold (``where`` names the log in errors)."""
    records = [dict(line) for line in lines if line.get("type") != NOTE]
    if not records or records[0].get("type") != "session":
        raise LogError(f"{where}:1: no session header")
    head, rest = records[0], records[1:]
    if not rest or rest[-1].get("type") != "end":
        raise LogError(f"{where}: the session was cut short: only a finished session is replayed")
    replay = (_other if is_table_log(head) else _hextech)(head, rest, where)
    replay.nicknames = {letter: (nicknames or {}).get(letter, letter) for letter in PLAYERS}
    return replay
