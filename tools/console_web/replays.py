"""A finished session re-played move by move, every hand open, for the replay view (issue 30 item 6;
R538, R539).

:func:`build` reads a session log in the ``hexmj play --log`` format of any rule set — a table's
stored lines, a file given to ``hexmj replay LOG --serve``, or one uploaded on the set-up page —
re-plays it with its logged answers, checking that every line comes out the same (a log that does
not is a :class:`~engine.core.errors.LogError` naming the line), and keeps a :class:`Frame` after
each step that put something on the table: the move as the feed words it, each seat's concealed
hand, melds, river and flowers, the wall, the scores.  The session is opened with the parts its rule
set gives the console (:mod:`tools.console_web.rule_parts`), one frame builder for every rule set;
every seat is answered by the log, a bot's seat drawing its module's policy answer as in play (§8.4).
Only a log that ran to its end is re-played:
every round of it is over, so every hand may be shown (§11 phase 3), and nothing is played past
what the log holds.  Notes (a stand-in bot's answers, R535) are read past.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import LogError
from engine.core.log_lines import NOTE
from engine.core.log_writer import LogWriter
from engine.core.seats import PLAYERS
from engine.core.session import drive
from tools.console_web.laid import laid_open
from tools.console_web.live import rule_parts
from tools.console_web.rule_parts import LoggedSeat
from tools.kinds.choice import logged_rules_name
from tools.rules_option import DEFAULT

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


def _decisions(lines: Sequence[Mapping[str, Any]]) -> list[str]:
    answers = [str(line["answer"]) for line in lines if line.get("type") == "decision"]
    if len(answers) > STEP_LIMIT:
        raise LogError(f"the log holds more than {STEP_LIMIT} decisions")
    return answers


def _played(head: Mapping[str, Any], lines: Sequence[dict[str, Any]], where: str) -> Replay:
    """Re-play the log's session with its rule set's parts, a frame kept after each step that put
    something on the table and at each round's end, every hand open."""
    writer = LogWriter(None, lines, where)
    shown = [0]

    def frame() -> None:
        moves = parts.feed.since(shown[0])
        laid = laid_open(parts.session.table)
        if not moves or laid is None:
            return
        shown[0] = parts.feed.written
        marks = parts.feed.marks
        if replay.frames and replay.frames[-1].round != parts.feed.round:
            settled()
        totals = parts.totals()
        replay.frames.append(
            Frame(
                round=parts.feed.round,
                moves=tuple(moves),
                wall=laid.wall,
                dealer=laid.dealer,
                seats=laid.seats,
                scores={PLAYERS[p]: totals[p] for p in range(4)},
                world=marks.get("world"),
                treasure=marks.get("treasure"),
                treasure_faces=marks.get("treasure_faces", ""),
                prevalent_wind=marks.get("prevalent_wind") or None,
            )
        )

    def settled() -> None:
        """The round's last frame shows the totals after it, which the session counts once the round
        is over (§16 本场累计积分)."""
        totals = parts.totals()
        replay.frames[-1] = replace(replay.frames[-1], scores={PLAYERS[p]: totals[p] for p in range(4)})

    opened = rule_parts(logged_rules_name(head) or DEFAULT).replayed(head, where, writer, frame)
    parts = opened.parts
    replay = Replay(opened.title, opened.rules, cards=opened.cards)

    def answered(decision: Decision, answer: str) -> None:
        frame()
        writer.decision(decision, answer)
        if decision.kind is DecisionKind.TURN:
            parts.feed.turn_answer(decision.player, answer)

    seats = [LoggedSeat(agent.person) for agent in parts.agents]
    try:
        drive(parts.session, seats, script=iter(_decisions(lines)), on_answer=answered)
    except LogError as err:
        raise writer.placed(err) from None
    frame()
    if replay.frames:
        settled()
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
    replay = _played(head, rest, where)
    replay.nicknames = {letter: (nicknames or {}).get(letter, letter) for letter in PLAYERS}
    return replay
