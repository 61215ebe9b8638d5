"""``hexmj record LOG``: store a finished session's record from its log, afterwards (§18.3, §18.4).

``hexmj play`` stores a record when its session ends; a store that was down,
or a kill after the log's last line and before the record was stored, would
lose it for good.  ``record`` re-plays the log exactly as ``replay`` does
(exit 5 at the first line that differs) and stores the record the session
gives, the one ``play`` would have stored.  A record already in the store is
not stored twice: the command says which it is and exits 0.  ``--db`` and
``--cards`` are those of ``play``.  Exit 2: a store that cannot be opened (or
``--db none``); exit 5: a log that does not replay, or a session cut short.  A log of another rule
set (``hexmj play --rules NAME --log``) is replayed with the rule set and options its header names
and its record stored as ``play`` stores it, the one way every session's record is stored
(:mod:`tools.kinds.play`); ``--rules``, when given, must name the log's rule set.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from engine.core.errors import InputError
from engine.core.log_reader import first_line
from engine.core.registry import ruleset
from tools.cmd_pool import CardsOption
from tools.kinds.choice import kind_of_log
from tools.kinds.play import replay_logged
from tools.rules_option import DEFAULT, RULES_HELP


def record(
    log: Annotated[Path, typer.Argument(help="A finished log written by hexmj play --log.")],
    db: Annotated[
        str | None,
        typer.Option(
            help="The record store: a SQLite file, sqlite:///FILE or postgresql://…; default $HEXMJ_DB, "
            "else hexmj-records.db in the working folder."
        ),
    ] = None,
    folder: CardsOption = None,
    rules: Annotated[str | None, typer.Option(metavar="NAME", help=RULES_HELP)] = None,
) -> None:
    """Store the record of a finished session from its log (after a store that failed or a kill)."""
    from tools.lab.store import NO_STORE, check_store, database_url, shown

    if db == NO_STORE:
        raise typer.BadParameter("a record needs a store", param_hint="--db")
    if rules is not None:
        ruleset(rules)
    logged = first_line(log)
    named = logged.get("rules", DEFAULT) if logged.get("type") == "session" else None
    if rules is not None and named is not None and rules != named:
        raise InputError(f"--rules {rules} contradicts the log {log}, a session of {named}")
    check_store(db)
    kind = kind_of_log(logged, folder)
    played = replay_logged(kind, log, kind.read(log), "finish")
    where = shown(database_url(db))
    known = kind.stored(played, db)
    if known is not None:
        typer.echo(f"{log}: already stored as session {known} in {where}")
        return
    typer.echo(f"{log}: stored as session {kind.store(played, db)} in {where}")
