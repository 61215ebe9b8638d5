"""A damaged table stops alone (issue 29 item 2, §16): ``hexmj serve`` reads and re-plays each
stored table on its own; one whose rows do not read or replay is shown stopped with the reason (its
public view, its host screen, its seats), refuses every act and is left in the store as it was,
while the server and every other table go on.  A store that has lost one of the console's tables is
refused at start-up with one line and exit 8, never started afresh."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
from durable_support import Seat, Serve, hexmj_command, serving

from engine.core.errors import LogError
from engine.core.log_lines import EDITED, dumps
from engine.core.log_reader import read_log
from engine.hextech.log import HEXTECH_LOG
from tools.cli import EXIT_MEANINGS

TABLES = (
    "no answer",
    "spec not JSON",
    "no mode",
    "tokens as a list",
    "bytes in a line",
    "bytes in the spec",
    "offer changed",
    "line re-spaced",
)
"""The damages done to the stored tables, one table each, besides one left whole."""


def _first_decision(raw: sqlite3.Connection, table: str) -> tuple[int, dict[str, Any]]:
    for seq, text in raw.execute(
        "SELECT seq, line FROM console_lines WHERE table_id = ? ORDER BY seq", (table,)
    ):
        line = json.loads(text)
        if line["type"] == "decision" and line["player"] == "A":
            return seq, line
    raise AssertionError(f"table {table} has no decision of A")


def _bytes_damaged(text: str, rng: random.Random) -> bytes:
    """``text`` with a few of its bytes overwritten by random ones."""
    data = bytearray(text.encode())
    for _ in range(4):
        data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def _damage(db: Path, tables: dict[str, str]) -> int:
    """Damage each table as its name says; the log line (from 1) of the decision left without its answer."""
    rng = random.Random(29)
    with sqlite3.connect(db) as raw:

        def spec_of(name: str) -> dict[str, Any]:
            (text,) = raw.execute("SELECT spec FROM console_tables WHERE id = ?", (tables[name],)).fetchone()
            data: dict[str, Any] = json.loads(text)
            return data

        def set_spec(name: str, spec: str | bytes) -> None:
            raw.execute("UPDATE console_tables SET spec = CAST(? AS TEXT) WHERE id = ?", (spec, tables[name]))

        answerless, line = _first_decision(raw, tables["no answer"])
        del line["answer"]
        raw.execute(
            "UPDATE console_lines SET line = ? WHERE table_id = ? AND seq = ?",
            (json.dumps(line), tables["no answer"], answerless),
        )
        set_spec("spec not JSON", json.dumps(spec_of("spec not JSON"))[:-9])
        no_mode = spec_of("no mode")
        del no_mode["mode"]
        set_spec("no mode", json.dumps(no_mode))
        listed = spec_of("tokens as a list")
        listed["tokens"] = list(listed["tokens"].values())
        set_spec("tokens as a list", json.dumps(listed))
        seq, line = _first_decision(raw, tables["bytes in a line"])
        raw.execute(
            "UPDATE console_lines SET line = CAST(? AS TEXT) WHERE table_id = ? AND seq = ?",
            (_bytes_damaged(json.dumps(line), rng), tables["bytes in a line"], seq),
        )
        set_spec("bytes in the spec", _bytes_damaged(json.dumps(spec_of("bytes in the spec")), rng))
        seq, line = _first_decision(raw, tables["offer changed"])
        line["options"] = [*line["options"], "S-99"]
        raw.execute(
            "UPDATE console_lines SET line = ? WHERE table_id = ? AND seq = ?",
            (dumps(line), tables["offer changed"], seq),
        )
        seq, line = _first_decision(raw, tables["line re-spaced"])
        raw.execute(
            "UPDATE console_lines SET line = ? WHERE table_id = ? AND seq = ?",
            (json.dumps(line), tables["line re-spaced"], seq),
        )
    return answerless + 1


def _rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as raw:
        raw.text_factory = bytes
        tables = raw.execute("SELECT id, spec, number, confirmed FROM console_tables ORDER BY id").fetchall()
        lines = raw.execute("SELECT * FROM console_lines ORDER BY table_id, number, seq").fetchall()
    return [*tables, *lines]


def _read_as_a_file(db: Path, table: str, folder: Path) -> str:
    """What the core's log reader says of a file holding a table's stored rows as its lines, after
    the file's name (R770: a row is refused in the same words as a line of a log file)."""
    log = folder / f"{table}.jsonl"
    with sqlite3.connect(db) as raw:
        raw.text_factory = bytes
        rows = raw.execute("SELECT line FROM console_lines WHERE table_id = ? ORDER BY seq", (table,))
        log.write_bytes(b"".join(row + b"\n" for (row,) in rows))
    with pytest.raises(LogError) as refused:
        read_log(log, HEXTECH_LOG)
    return str(refused.value).removeprefix(f"{log}:")


def test_each_damaged_table_stops_alone_with_its_reason_and_the_others_go_on_s16(tmp_path: Path) -> None:
    """A decision line without ``answer``, a line re-spaced (its rows read as a log file's lines are,
    R593, R770), a spec that is not JSON or lacks ``mode``, tokens stored as a list, random bytes in
    a line or a spec: the server starts, each such table is ``"state":
    "stopped"`` with a reason naming what is wrong, its host screen (where its host token still reads)
    says so, its seats are put no decision and refused, its rows stay as they were; the whole table
    plays on and a new table is made."""
    db = tmp_path / "console.db"
    url = f"sqlite:///{db}"
    with serving(url, tmp_path) as server:
        made = {
            name: server.create(mode="strategy", seed=n, bots=["B", "C", "D"], test=True)
            for n, name in enumerate((*TABLES, "whole"))
        }
        for table in made.values():
            Seat(server, table["seats"]["A"]["token"], seed=1).answer(2)
        server.stop()
    answerless = _damage(db, {name: table["table"] for name, table in made.items()})
    kept = _rows(db)
    with serving(url, tmp_path) as server:
        shown = {name: server.table(table["table"]) for name, table in made.items()}
        for name in TABLES:
            assert shown[name]["state"] == "stopped", name
            assert shown[name]["reason"].startswith(f"table {made[name]['table']}"), name
        reasons = {name: shown[name]["reason"] for name in TABLES}
        assert reasons["no answer"].endswith(
            f"session 1:{answerless}: a decision line needs its answer as a text"
        )
        assert " session 1:" in reasons["line re-spaced"] and reasons["line re-spaced"].endswith(EDITED)
        for name in ("no answer", "line re-spaced"):
            table = made[name]["table"]
            assert reasons[name] == f"table {table} session 1:{_read_as_a_file(db, table, tmp_path)}", name
        assert "its spec is not JSON" in reasons["spec not JSON"]
        assert reasons["no mode"].endswith("spec: mode: missing")
        assert reasons["tokens as a list"].endswith(
            "spec: tokens: expected an object of seat letters to texts, got list"
        )
        assert reasons["offer changed"].endswith(": replay diverges")
        assert "the session gives" in server.said.read_text() and "S-99" in server.said.read_text()
        for name in TABLES:
            secrets = [made[name]["host"].rsplit("/", 1)[1], made[name]["seats"]["A"]["token"], "S-"]
            assert not any(secret in json.dumps(shown[name]) for secret in secrets), name
        for name in ("no answer", "no mode", "tokens as a list"):
            host = made[name]["host"].rsplit("/", 1)[1]
            status, page = server.page(f"/host/{host}")
            assert status == 200 and "此桌已停止" in page and "已停止" in page, name
        for name in ("no answer", "no mode"):
            token = made[name]["seats"]["A"]["token"]
            view = server.view(token)
            assert view["state"] == "stopped" and view["options"] == [] and view["decision"] is None
            status, refused = server.decide(token, "discard 1m", 1)
            assert status == 409 and "is stopped" in refused["error"], name
        assert shown["whole"]["state"] == "playing" and shown["whole"]["reason"] is None
        Seat(server, made["whole"]["seats"]["A"]["token"], seed=2).answer(3)
        server.create(mode="strategy", bots=["B", "C", "D"], test=True)
        server.stop()
    damaged_ids = {made[name]["table"].encode() for name in TABLES}
    assert [row for row in _rows(db) if row[0] in damaged_ids] == [
        row for row in kept if row[0] in damaged_ids
    ]


@pytest.mark.parametrize("dropped", ["console_lines", "console_tables"])
def test_a_store_missing_one_of_the_consoles_tables_is_refused_at_start_up(
    tmp_path: Path, dropped: str
) -> None:
    """One ``hexmj: error:`` line naming the store and the missing table, exit 8 — never a silent
    fresh start; ``hexmj serve -h`` lists the status."""
    db = tmp_path / "console.db"
    with serving(f"sqlite:///{db}", tmp_path) as server:
        Seat(server, server.create(bots=["B", "C", "D"], test=True)["seats"]["A"]["token"], seed=1).answer(1)
        server.stop()
    with sqlite3.connect(db) as raw:
        raw.execute(f"DROP TABLE {dropped}")
    port = Serve("", tmp_path).port
    done = subprocess.run(
        hexmj_command("serve", "--port", str(port), "--db", f"sqlite:///{db}"),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout) == (8, "")
    assert done.stderr == (
        f"hexmj: error: the record store 'sqlite:///{db}' has no table {dropped}: the console's tables "
        "are damaged; restore the store from a copy, or give another with --db\n"
    )
    helped = subprocess.run(
        hexmj_command("serve", "-h"), capture_output=True, text=True, check=True, timeout=60
    )
    assert f"8 {EXIT_MEANINGS[8]}" in " ".join(helped.stdout.split())
