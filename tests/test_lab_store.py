"""The record store (§18.3, §18.4): SQLite by default, PostgreSQL through the same code.

The PostgreSQL test needs a server: ``.ci/run`` starts one and sets
``HEXMJ_TEST_PG_URL``; without that variable the test is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from durable_support import postgres_database
from sqlalchemy import select
from sqlalchemy.orm import Session

from engine.core.errors import InputError
from tools.lab.records import SessionRecord
from tools.lab.session_spec import SessionSpec
from tools.lab.standin import play_session
from tools.lab.store import (
    RoundRow,
    TableSessionRow,
    database_url,
    load_sessions,
    load_table_sessions,
    open_store,
    store_json,
    store_session,
    store_table_json,
    stored_table_id,
    unstored_table_records,
)

PG_ENV = "HEXMJ_TEST_PG_URL"


def records(versions: tuple[str, ...] = (), rounds: int = 4) -> list[SessionRecord]:
    spec = SessionSpec(rounds=rounds, versions=versions)
    return [play_session(spec.model_copy(update={"seed": seed})) for seed in range(3)]


def check_round_trip(url: str) -> None:
    store = open_store(url)
    try:
        old, new, short = records(), records(("S-08-v2",)), records(rounds=8)
        ids = store_json([r.model_dump_json() for r in [*old, *new, *short]], store)
        assert len(set(ids)) == 9
        assert load_sessions(store, old[0].cohort) == old
        assert load_sessions(store, new[0].cohort) == new
        assert load_sessions(store, short[0].cohort) == short
        with Session(store) as session:
            worlds = session.scalars(select(RoundRow.world).where(RoundRow.session_id == ids[0])).all()
        assert [w for w in worlds] == [r.world.card if r.world else None for r in old[0].played]
    finally:
        store.dispose()


def test_sqlite_keeps_every_version_apart_s18_4(tmp_path: Path) -> None:
    check_round_trip(f"sqlite:///{tmp_path / 'records.db'}")


def test_store_session_is_one_call_for_a_played_session_s18_3(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'played.db'}"
    played = records()[0].model_copy(update={"source": "play"})
    first, second = store_session(played, url), store_session(played, url)
    assert second == first + 1
    store = open_store(url)
    assert load_sessions(store, played.cohort) == [played, played]
    store.dispose()


def test_default_store_is_a_sqlite_file_and_postgres_urls_use_psycopg(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("HEXMJ_DB", raising=False)
    assert database_url() == "sqlite:///hexmj-records.db"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"


def test_a_bad_store_url_is_an_input_error() -> None:
    with pytest.raises(InputError, match="cannot open the record store"):
        open_store("nosuchdb://x")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    with postgres_database() as url:
        yield url


def test_postgresql_keeps_every_version_apart_s18_4(postgres_url: str) -> None:
    check_round_trip(postgres_url)


def check_table_round_trip(url: str) -> None:
    """Another rule set's sessions (issue 14 item 5) in their own table: each with its rule set and
    every option's value, loaded back in the order stored, found again by its exact record."""
    from engine.core.ruleset import OptionValue
    from tools.lab.pipeline import Chunk, play_chunk
    from tools.lab.table_games import TableGames

    standard_options: dict[str, OptionValue] = {"limit": "limited", "min_fan": 8, "base": 2}
    standard_games = TableGames("standard", dict(standard_options), 5, 1, ("random",) * 4)
    standard = play_chunk(Chunk(standard_games, 0, 2)).records
    flags = ("discard_win", "all_three_pay", "alarm", "heaven_earth_bonus", "kong_bloom_bonus")
    options = {flag: flag == "discard_win" for flag in flags}
    hongzhong = play_chunk(Chunk(TableGames("hongzhong", dict(options), 5, 1, ("random",) * 4), 0, 1)).records
    store = open_store(url)
    try:
        ids = store_table_json([*standard, *hongzhong], store)
        assert load_table_sessions(store, "standard") == list(zip(ids[:2], standard, strict=True))
        assert load_table_sessions(store, "hongzhong") == [(ids[2], hongzhong[0])]
        assert unstored_table_records([*standard, *hongzhong], store) == []
        with Session(store) as session:
            row = session.get(TableSessionRow, ids[0])
            assert row is not None
            assert (row.rules, row.options, row.seed, row.rounds, row.agents) == (
                "standard",
                '{"limit":"limited","min_fan":8,"base":2}',
                5,
                1,
                "random,random,random,random",
            )
    finally:
        store.dispose()
    assert stored_table_id(hongzhong[0], url) == ids[2]


def test_sqlite_keeps_another_rule_sets_sessions(tmp_path: Path) -> None:
    check_table_round_trip(f"sqlite:///{tmp_path / 'records.db'}")


def test_postgresql_keeps_another_rule_sets_sessions(postgres_url: str) -> None:
    check_table_round_trip(postgres_url)
