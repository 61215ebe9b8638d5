"""A table played with real tiles (实体桌) on the console (issue 31): the cards, markers and records a
host would keep by hand, held for four people at a real mahjong table.

The table's session is a :class:`tools.physical.game.Game` made from its entries.  Its log — what the
record store keeps line by line, before an answer is acknowledged — is a header (the seed, the length,
the mode, the pool, the start) and every entry as it was made, the host's "undo" among them; a restart
rebuilds the game from them, and so does an undo, which takes back the last entry of the play (a
look-up, a missed trigger and a dispute stay recorded).  Each screen's entries are numbered, a seat's
and the host's apart: an entry sent again under a number already taken changes nothing (R615).  When
the session ends its §18.3 record is stored once, source ``table`` (:mod:`tools.physical.record`), and
the results stay until all four players confirm "开始新一场" (§16).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import HexError, IllegalActionError, InputError
from engine.core.seats import PLAYERS
from tools.console_web.requests import BadRequest
from tools.console_web.seated import session_seed
from tools.console_web.spec import TableSpec
from tools.physical.asks import HOST, Entry
from tools.physical.game import RECORDS, UNDO, Game
from tools.physical.hu_check import check
from tools.physical.pool import table_pool
from tools.physical.record import session_record
from tools.physical.results import results
from tools.physical.views import host, public, seat

PHYSICAL = "physical"
"""The ``table`` of a table played with real tiles."""
FORMAT = 1
ENTRY_FIELDS = frozenset(
    {"option", "hand", "from", "wall", "card", "section", "seat", "question", "step", "outcome", "cards"}
)
"""What an entry's body may hold: the option, a hu's hand, discarder and wall count, and a record's fields."""
NUMBER = "entry"
"""The body's field naming the entry's number (R615); kept apart from what the entry records."""
NUMBER_ERROR = "entry: expected the number of the entry made (a whole number from 1)"
CHECK_FIELDS = frozenset({"hand", "from", "wall"})
"""What a hu checked before it is entered carries (R629); the host's names its ``seat`` too."""
LOOKUP = "lookup"


def clock() -> int:
    """Now, in milliseconds since the epoch: when an entry is made (§18.3's round time)."""
    return time.time_ns() // 1_000_000


@dataclass(frozen=True)
class Results:
    """The ended session: each seat's total (the log's end)."""

    totals: tuple[int, ...]


def effective(entries: Sequence[Entry]) -> list[Entry]:
    """The entries in force: each ``undo`` takes back the latest entry of the play still in force."""
    kept: list[Entry] = []
    for entry in entries:
        if entry.option != UNDO:
            kept.append(entry)
            continue
        for index in range(len(kept) - 1, -1, -1):
            if kept[index].option not in RECORDS:
                del kept[index]
                break
    return kept


class PhysicalTable:
    """One real table's session on the console."""

    def __init__(
        self,
        spec: TableSpec,
        number: int = 1,
        stored: Sequence[Mapping[str, Any]] = (),
        confirmed: frozenset[str] = frozenset(),
    ) -> None:
        self.spec = spec
        self.number = number
        self.confirmed = set(confirmed)
        self.connected: dict[str, int] = {}
        self.failure: str | None = None
        self.pending: None = None
        self._lines: list[str] = []
        self._start(stored)

    def _start(self, stored: Sequence[Mapping[str, Any]]) -> None:
        spec = self.spec
        self.seed = session_seed(spec, self.number, stored)
        self.pool = table_pool(spec.mode, spec.pool, spec.filming)
        if stored:
            head = stored[0]
            start = int(head["start"])
            self.entries = [Entry.from_json(line) for line in stored[1:]]
        else:
            start = clock()
            self.entries = []
            header = {
                "type": PHYSICAL,
                "format": FORMAT,
                "seed": self.seed,
                "rounds": spec.rounds,
                "mode": self.pool.mode,
                "pool": self.pool.name,
                "start": start,
            }
            self._lines.append(json.dumps(header, ensure_ascii=False, sort_keys=True))
        self.start = start
        try:
            self.game = Game(self.pool, self.seed, spec.rounds, start, effective(self.entries))
        except HexError as err:
            self.failure = f"table {spec.id} session {self.number}: the stored entries do not replay: {err}"
            self.game = Game(self.pool, self.seed, spec.rounds, start)

    # ---- what the web application calls -----------------------------------------------------

    @property
    def result(self) -> Results | None:
        """The results once the session has ended (§16)."""
        return Results(tuple(self.game.st.totals)) if self.game.st.ended else None

    def seat_of(self, token: str) -> str | None:
        """The seat letter a token opens, if it is one of this table's."""
        for letter, known in self.spec.tokens.items():
            if secrets.compare_digest(known, token):
                return letter
        return None

    def next_entry(self, letter: str | None) -> int:
        """The number of the entry seat ``letter`` (the host: ``None``) would make next: one more than
        the entries it has made this session, undone ones and undos included; a look-up, which a page
        sends by itself as a card's text or a section opens, is not numbered (R615)."""
        by = HOST if letter is None else PLAYERS.index(letter)
        return 1 + sum(1 for entry in self.entries if entry.by == by and entry.option != LOOKUP)

    def answer(self, letter: str | None, body: object) -> bool:
        """A seat's (``letter``) or the host's (``None``) entry: an answer, a tap, a hu with its hand, a
        record, the host's undo; ``False``, changing nothing, when its ``entry`` number is one already
        taken (R615).  A body that does not fit is a :class:`BadRequest`; an entry the table cannot
        take now, or numbered past the next, an :class:`IllegalActionError`; neither changes anything."""
        if self.failure is not None:
            raise IllegalActionError(f"table {self.spec.id} is stopped: {self.failure}")
        if not isinstance(body, dict) or not isinstance(body.get("option"), str):
            raise BadRequest('option: expected {"option": "<one of the options>"}')
        unknown = sorted(set(body) - ENTRY_FIELDS - {NUMBER})
        if unknown:
            raise BadRequest(
                f"{unknown[0]}: not a field of an entry (one of {', '.join(sorted(ENTRY_FIELDS | {NUMBER}))})"
            )
        number = body.get(NUMBER)
        if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1):
            raise BadRequest(NUMBER_ERROR)
        expected = self.next_entry(letter)
        if body["option"] == LOOKUP:
            number = None
        if number is not None and number < expected:
            return False
        if number is not None and number > expected:
            who = "the host" if letter is None else letter
            raise IllegalActionError(f"entry {number} is not {who}'s next: the next is {expected}")
        option = str(body["option"])
        by = HOST if letter is None else PLAYERS.index(letter)
        data = {k: v for k, v in body.items() if k not in ("option", NUMBER)}
        entry = Entry(by, option, data, clock())
        if option == UNDO:
            self._undo(entry)
            return True
        try:
            self.game.enter(entry)
        except InputError as err:
            raise BadRequest(str(err)) from None
        self._keep(entry)
        return True

    def check(self, letter: str | None, body: object) -> dict[str, Any]:
        """A seat's hu (the host's: for ``seat``) checked before it is entered, as the hu picker asks
        (R629): what is wrong with it in Chinese, or what it scores; nothing is stored or counted."""
        if self.failure is not None:
            raise IllegalActionError(f"table {self.spec.id} is stopped: {self.failure}")
        allowed = CHECK_FIELDS | ({"seat"} if letter is None else set())
        if not isinstance(body, dict):
            raise BadRequest(f"body: expected {{{', '.join(sorted(allowed))}}}")
        unknown = sorted(set(body) - allowed)
        if unknown:
            raise BadRequest(
                f"{unknown[0]}: not a field of a hu checked (one of {', '.join(sorted(allowed))})"
            )
        seat = body.get("seat") if letter is None else letter
        if not isinstance(seat, str) or seat not in PLAYERS:
            raise BadRequest("seat: expected the winner's seat, A, B, C or D")
        try:
            return check(self.game, PLAYERS.index(seat), body).json()
        except InputError as err:
            raise BadRequest(str(err)) from None

    def _undo(self, entry: Entry) -> None:
        """The host takes back the table's last entry of the play: the game is rebuilt without it."""
        if entry.by != HOST:
            raise IllegalActionError("undo: only the host undoes the last entry")
        kept = effective([*self.entries, entry])
        if len(kept) == len(effective(self.entries)):
            raise IllegalActionError("undo: no entry of the play to take back")
        self.game = Game(self.pool, self.seed, self.spec.rounds, self.start, kept)
        self._keep(entry)

    def _keep(self, entry: Entry) -> None:
        self.entries.append(entry)
        self._lines.append(json.dumps(entry.json(), ensure_ascii=False, sort_keys=True))

    def confirm(self, letter: str) -> bool:
        """Seat ``letter`` confirms "开始新一场" on the results (§16); once all four have, the next
        session is set up, seeded as every table's next session is (R523), and ``True`` returned."""
        if self.result is None:
            raise IllegalActionError("the session has not ended: nothing to confirm")
        self.confirmed.add(letter)
        if len(self.confirmed) < len(PLAYERS):
            return False
        self.number += 1
        self.confirmed = set()
        self.failure = None
        self._start(())
        return True

    def take_lines(self) -> list[str]:
        """The log lines made since the last call, for the record store."""
        lines, self._lines = self._lines, []
        return lines

    def rewind(self, number: int, stored: Sequence[Mapping[str, Any]], confirmed: frozenset[str]) -> None:
        """Stand again where the ``stored`` lines of session ``number`` leave the table, as a restarted
        server would (R511): the entries made since are undone."""
        self.number = number
        self.confirmed = set(confirmed)
        self.failure = None
        self._lines = []
        self._start(stored)

    def stop(self, reason: str) -> None:
        """Stop the table: no entry is taken, and ``reason`` says why (R512)."""
        self.failure = reason

    def record(self) -> str:
        """The §18.3 record of the session that has ended at the table, as the record store keeps it."""
        return session_record(self.game.st).model_dump_json()

    # ---- messages ----------------------------------------------------------------------------

    def _shared(self, view: dict[str, Any]) -> dict[str, Any]:
        result = self.result
        view.update(
            table=self.spec.id,
            test=self.spec.test,
            filming=self.spec.filming,
            session=self.number,
            confirmed=sorted(self.confirmed),
            connected=sorted(letter for letter, n in self.connected.items() if n > 0),
            failure=self.failure,
            results=None if result is None else {**results(self.game.st), "test_session": self.spec.test},
        )
        return view

    def seat_message(self, letter: str) -> dict[str, Any]:
        """A seat's view: the public state, its own cards and prompts, its ``options``."""
        view = self._shared(seat(self.game, PLAYERS.index(letter), dict(self.spec.nicknames)))
        view[NUMBER] = self.next_entry(letter)
        return view

    def host_message(self, links: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The public state (``GET /api/tables/{ID}``); with the seats' ``links``, the host screen's view
        with the options the host may enter."""
        nicknames = dict(self.spec.nicknames)
        if links is None:
            return self._shared(public(self.game, nicknames))
        view = self._shared(host(self.game, nicknames))
        view["links"] = dict(links)
        view[NUMBER] = self.next_entry(None)
        return view
