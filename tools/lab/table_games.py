"""The games of a run of a rule set on the core's table (standard, 红中, a third party's) for the
lab's one run (:mod:`tools.lab.pipeline`; issue 14 item 5, issue 33 item 1).

Game ``i`` of a run with seed ``S`` is the session of seed ``S + i``, whoever plays it; its record
is :func:`tools.table_record.session_record` (``source: "simulate"``), counted in
:class:`tools.lab.table_figures.Figures` where it is played.  What else is the rule set's own: its
records file header (the session header's fields and the games), its rows of the record store
(``table_sessions``), its figures, their JSON and their report page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from engine.core.errors import InputError
from engine.core.log_lines import SEED_RANGE, digest
from engine.core.registry import ruleset
from engine.core.ruleset import OptionValue
from engine.core.table_log import TableHeader, read_header
from tools.kinds.play import play_logged
from tools.kinds.table import TableSessionKind, logged_rules
from tools.lab.duplicate import rotate
from tools.lab.table_figures import Figures, figure_lines
from tools.table_record import record_text, session_record


@dataclass(frozen=True)
class TableGames:
    """The games of a run of ``rules`` with ``options``: game ``i`` the session of seed
    ``base_seed + i``, ``rounds`` rounds, played by ``agents``; plain fields, as a worker receives
    them (a compiled :class:`TableHeader` is not sent)."""

    rules: str
    options: dict[str, OptionValue]
    base_seed: int
    rounds: int
    agents: tuple[str, ...]

    @classmethod
    def of(cls, header: TableHeader) -> TableGames:
        """The run whose first session is ``header``'s."""
        return cls(header.rules, dict(header.options), header.seed, header.rounds, header.agents)

    @classmethod
    def from_head(cls, head: dict[str, Any], path: Path) -> TableGames:
        """The run a records file's header describes (its digest checked already); a field that
        is not a session header's, or names a rule set, option or agent not installed, is a
        :class:`LogError` at ``file:1``."""
        session = {key: value for key, value in head.items() if key not in ("digest", "games")}
        header = read_header({**session, "digest": digest(session)}, path)
        logged_rules(path, header)
        return cls.of(header)

    def check(self, games: int) -> None:
        """A run whose last seed passes the 64-bit seeds is exit 2."""
        if self.base_seed + games - 1 not in SEED_RANGE:
            raise InputError(f"--seed: {self.base_seed} + {games} games passes the 64-bit seeds")

    def counts(self) -> Figures:
        """No game counted."""
        return Figures()

    def seed_of(self, index: int) -> int:
        """Game ``index``'s session seed: the run's seed plus ``index``."""
        return self.base_seed + index

    def play(self, index: int, counts: Figures) -> str:
        """Play game ``index``, count it and give its record as JSON."""
        game = TableHeader(self.rules, self.options, self.seed_of(index), self.rounds, self.agents)
        rules = ruleset(self.rules)
        played = play_logged(TableSessionKind(rules.name, rules), game).result
        record = session_record(played, game.agents, "simulate")
        counts.add(record)
        return record_text(record)

    def resumable(self, record: str) -> None:
        """The rule set and its options were checked with the header: any kept record goes on."""

    def recount(self, counts: Figures, record: str) -> None:
        """Count a record kept before (a resumed run's)."""
        counts.add(json.loads(record))

    def head(self, games: int) -> dict[str, Any]:
        """The records file header's fields of a run of ``games`` sessions."""
        return {
            "rules": self.rules,
            "options": dict(self.options),
            "seed": self.base_seed,
            "games": games,
            "rounds": self.rounds,
            "agents": list(self.agents),
        }

    def store(self, records: list[str], engine: Engine) -> None:
        """Store records in the rule set's rows, in one transaction."""
        from tools.lab.store import store_table_json

        store_table_json(records, engine)

    def unstored(self, records: list[str], engine: Engine) -> list[str]:
        """Those of ``records`` the store does not hold yet."""
        from tools.lab.store import unstored_table_records

        return unstored_table_records(records, engine)

    def rotated(self, r: int) -> TableGames:
        """The same seeds with the agents moved ``r`` seats on (duplicate sets)."""
        a = self.agents
        return replace(self, agents=rotate((a[0], a[1], a[2], a[3]), r))

    def scores(self, record: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """A record's agents and final scores by seat (duplicate sets)."""
        totals = {row["seat"]: row["total"] for row in record["standings"]}
        return tuple(record["agents"]), tuple(totals[seat] for seat in sorted(totals))

    def describe(self) -> str:
        """The run's table, as a duplicate run's first line names it."""
        return f"rules {self.rules}"

    def figures(self, counts: Figures, games: int, as_json: bool) -> str:
        """The run's figures: the JSON document or the terminal lines."""
        from tools.lab.summary import dumps

        doc = counts.doc(self._head(games))
        return dumps(doc) if as_json else "\n".join(figure_lines(doc))

    def report(self, counts: Figures, games: int, folder: Path, db: str | None) -> None:
        """Write the rule set's report page of the run."""
        from tools.lab.table_report import write_report

        write_report(folder, counts.doc(self._head(games)), counts, f"seed {self.base_seed}")

    def _head(self, games: int) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "options": dict(self.options),
            "seed": self.base_seed,
            "games": games,
            "agents": list(self.agents),
        }
