"""Hextech's games for the lab's run (:mod:`tools.lab.pipeline`, §18.3): game ``i`` of a run with
base seed ``S`` is dealt from :func:`game_seed` ``(S, i)``, played at a session player (the
engine, or the stand-in table the lab's own tests play) into a :class:`SessionRecord` and counted
in a :class:`Tally` where it is played.  A game's seed derives from the base seed and its position,
never from the worker that plays it, so the same seed and N give the same records, and so the
same aggregate, whatever the number of workers or the cluster.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

from pydantic import ValidationError

from engine.core.errors import InputError, LogError
from tools.lab.pipeline import Progress, Records, play_run
from tools.lab.records import Cohort, Mode, SessionRecord
from tools.lab.session_spec import SessionSpec
from tools.lab.tally import Tally
from tools.rules_option import DEFAULT

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from tools.lab.people import Comparison

MAX_GAMES = 1_000_000
"""The most sessions one run plays (R590): a greedy million is some 36 CPU hours and every session is
kept in the record store, so a larger number is a typing slip, refused before anything is played."""
ENGINE_TABLE = "tools.lab.engine_adapter:play_session"
STANDIN_TABLE = "tools.lab.standin:play_session"

Table = Callable[[SessionSpec], SessionRecord]


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: 63 bits of BLAKE2b of the base seed and the index."""
    digest = hashlib.blake2b(f"hexmj/{base_seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest) >> 1


def check_games(games: int) -> None:
    """``--games`` must be a number of sessions one run can play: 1 to :data:`MAX_GAMES` (R590)."""
    if games < 1:
        raise InputError(f"--games must be at least 1, not {games}")
    if games > MAX_GAMES:
        raise InputError(
            f"--games: {games} is more than one run plays (at most {MAX_GAMES}, R590); "
            "play a longer study as several runs with different --seed values"
        )


def where_is(path: Path | None) -> str | None:
    """A file or folder a records file names, as the absolute path it has wherever the run goes on
    (R804)."""
    return None if path is None else str(path.resolve())


def load_table(path: str) -> Table:
    """The session player named ``module:function``."""
    module, _, name = path.partition(":")
    table: Table = getattr(importlib.import_module(module), name)
    return table


@dataclass(frozen=True)
class HextechGames:
    """The games of a hextech run: ``spec``'s session dealt from :func:`game_seed` ``(base_seed,
    i)``, played at ``table`` (``module:function``) and counted in a :class:`Tally`."""

    spec: SessionSpec
    base_seed: int
    table: str = ENGINE_TABLE

    def counts(self) -> Tally:
        """No game counted."""
        return Tally()

    def seed_of(self, index: int) -> int:
        """Game ``index``'s session seed."""
        return game_seed(self.base_seed, index)

    def play(self, index: int, counts: Tally) -> str:
        """Play game ``index``, count it and give its record as JSON."""
        record = load_table(self.table)(self.spec.model_copy(update={"seed": self.seed_of(index)}))
        counts.add(record)
        return record.model_dump_json()

    @property
    def rules(self) -> str:
        """The rule set's name."""
        return DEFAULT

    @property
    def rounds(self) -> int:
        """Rounds per session (§18.1)."""
        return self.spec.rounds

    @property
    def agents(self) -> tuple[str, ...]:
        """The bots of seats A to D."""
        return self.spec.agents

    def check(self, games: int) -> None:
        """Every game's seed is a hash of the base seed: any run length is dealt (R590 bounds it)."""

    def resumable(self, record: str) -> None:
        """A run goes on only with the cards it was played with: the pool's cards now (its mode,
        pool file, card folder and versions) must be those of a kept ``record``, else exit 2."""
        if self.table != ENGINE_TABLE:
            return
        from tools.lab.engine_adapter import session_cards

        spec = self.spec
        now = sorted(card.id for card in session_cards(spec.mode, spec.pool, spec.versions, spec.cards))
        kept = json.loads(record)["cards"]
        if now != kept:
            changed = sorted(set(now) ^ set(kept))
            raise InputError(
                f"the cards in play are no longer those of the run ({', '.join(changed[:5])}): a run "
                "goes on only with the pool and the card versions it was played with"
            )

    def recount(self, counts: Tally, record: str) -> None:
        """Count a record kept before (a resumed run's)."""
        counts.add(SessionRecord.model_validate_json(record))

    def head(self, games: int) -> dict[str, Any]:
        """The records file header's fields of a run of ``games`` sessions: the session's mode,
        pool file, card folder (each where it is, not as typed, R804) and versions in force besides
        the seed, length and bots."""
        spec = self.spec
        table = {} if self.table == ENGINE_TABLE else {"table": self.table}
        return {
            "rules": self.rules,
            "mode": spec.mode,
            "pool": where_is(spec.pool),
            "cards": where_is(spec.cards),
            "versions": list(spec.versions),
            "seed": self.base_seed,
            "games": games,
            "rounds": spec.rounds,
            "agents": list(spec.agents),
            **table,
        }

    @classmethod
    def from_head(cls, head: dict[str, Any], path: Path) -> HextechGames:
        """The run a records file's header describes (its digest checked already); a field missing,
        ill-typed or naming what is not there is a :class:`LogError` at ``file:1``."""

        def field(name: str, good: Callable[[Any], bool], wanted: str) -> Any:
            value = head.get(name)
            if not good(value):
                shown = json.dumps(head.get(name, "(absent)"), ensure_ascii=False)[:80]
                raise LogError(f"{path}:1: simulation header: {name}: expected {wanted}, got {shown}")
            return value

        def path_or_none(value: Any) -> bool:
            return value is None or isinstance(value, str)

        def whole(value: Any) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        pool = field("pool", path_or_none, "a pool file or null")
        cards = field("cards", path_or_none, "a card folder or null")
        agents = field(
            "agents",
            lambda a: isinstance(a, list) and len(a) == 4 and all(isinstance(n, str) for n in a),
            "4 agent names",
        )
        try:
            spec = SessionSpec(
                mode=field("mode", lambda m: m in get_args(Mode), " or ".join(get_args(Mode))),
                pool=None if pool is None else Path(pool),
                cards=None if cards is None else Path(cards),
                versions=tuple(field("versions", lambda v: isinstance(v, list), "a list of card versions")),
                rounds=field("rounds", lambda r: r in (4, 8), "8 or 4"),
                agents=(agents[0], agents[1], agents[2], agents[3]),
            )
        except ValidationError as err:
            raise LogError(f"{path}:1: simulation header: {err.errors()[0]['msg']}") from None
        seed = field("seed", whole, "a whole number")
        table = field("table", lambda t: isinstance(t, str), "a session player") if "table" in head else None
        return cls(spec, seed, table or ENGINE_TABLE)

    def store(self, records: list[str], engine: Engine) -> None:
        """Store records in hextech's rows, each with its rounds, in one transaction."""
        from tools.lab.store import store_json

        store_json(records, engine)

    def unstored(self, records: list[str], engine: Engine) -> list[str]:
        """Those of ``records`` the store does not hold yet."""
        from tools.lab.store import unstored_records

        return unstored_records(records, engine)

    def rotated(self, r: int) -> HextechGames:
        """The same seeds with the agents moved ``r`` seats on (duplicate sets)."""
        from tools.lab.duplicate import rotate

        return replace(self, spec=self.spec.model_copy(update={"agents": rotate(self.spec.agents, r)}))

    def scores(self, record: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """A record's agents and final scores by seat (duplicate sets)."""
        return tuple(record["agents"]), tuple(record["final_scores"])

    def describe(self) -> str:
        """The run's table, as a duplicate run's first line names it."""
        return f"{self.spec.mode} mode"

    def figures(self, counts: Tally, games: int, as_json: bool) -> str:
        """The run's §18.3 figures: the JSON document or the terminal summary."""
        from tools.lab.metrics import summarize
        from tools.lab.summary import aggregate_doc, aggregate_lines, dumps

        aggregate = summarize(counts)
        if as_json:
            return dumps(aggregate_doc(aggregate, self.base_seed, self.spec.pool_name))
        return "\n".join(aggregate_lines(aggregate, self.base_seed))

    def report(self, counts: Tally, games: int, folder: Path, db: str | None) -> None:
        """Write the run's §18.3 page, with the cohort's sessions at real tables beside the bots'
        when the store holds some."""
        from tools.lab.metrics import summarize
        from tools.lab.report import write_report

        aggregate = summarize(counts)
        write_report(folder, aggregate, counts, self.base_seed, None, beside(db, aggregate.cohort))


def beside(db: str | None, cohort: Cohort) -> Comparison | None:
    """The cohort's sessions played at real tables beside its simulated ones in the store, for the
    report (§18.3, issue 31 item 7); ``None`` without a store or a table session."""
    from tools.lab.people import compare
    from tools.lab.store import NO_STORE, load_sessions, open_store

    if db == NO_STORE:
        return None
    engine = open_store(db)
    try:
        table = load_sessions(engine, cohort, ["table"])
        simulated = load_sessions(engine, cohort, ["simulate"]) if table else []
    finally:
        engine.dispose()
    return compare(table, simulated) if table else None


def run(
    spec: SessionSpec,
    games: int,
    base_seed: int,
    executor: Executor,
    table: str = ENGINE_TABLE,
    progress: Progress | None = None,
    records: Records | None = None,
    slots: int = 1,
    start: int = 0,
) -> Tally:
    """Play ``games`` sessions of ``spec``, games ``start`` … ``start + games − 1`` of the run from
    ``base_seed``, through the lab's one run (:func:`tools.lab.pipeline.play_run`): their tally."""
    return play_run(HextechGames(spec, base_seed, table), games, executor, progress, records, slots, start)
