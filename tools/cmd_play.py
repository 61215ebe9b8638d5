"""``hexmj play``: a whole session with bots, as a readable round-by-round account or as JSON (§4–§16).

The account shows, per round, the dealer, the world card, the contracts,
each win with its score items and the wall left at it, the enabled modules'
lines (challenges and chips, treasure orders) and the round's scores; then
the final standings (§16) and the modules' summary (欢乐之星, §7.1).
``--log FILE`` writes the JSON-lines log (every event and decision, flushed
as it happens; missing folders are made, as for every file hexmj writes, and
a path that cannot be written stops the command before play with exit 2);
``--resume FILE`` continues a session cut short, losing nothing that was
logged.  The core cards come from ``--cards DIR`` (or ``$HEXMJ_CARDS``),
default ``cards/``; the log's header names the folder where it is, so ``replay`` and ``--resume``
play its cards from any working folder (R807).  The same seed gives the same bytes.  Every session
played is stored as a session record for the balance lab (§18.3, §18.4) in
``--db`` (default ``hexmj-records.db`` in the working folder, or
``$HEXMJ_DB``; ``--db none`` stores nothing).  ``--pool FILE`` plays a pool
file's cards, one version of each (§18.2, §18.4), as ``hexmj pool --pool`` lists
them; the log's header names the file and every card in play, so ``replay``
and ``--resume`` play the same cards without it, and the record stores the
file's name as its pool.  ``--rules NAME`` plays another installed rule set on the core's
table, with its ``--option`` values (issue 14 item 5); a session of any rule set is played,
resumed and stored one way (:mod:`tools.kinds.play`), its kind chosen from ``--rules`` or the
log's header (:mod:`tools.kinds.choice`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tools.cmd_pool import CardsOption, ModeOption
from tools.kinds.choice import kind_named, kind_to_resume
from tools.kinds.kind import Asked
from tools.kinds.play import play_logged, resume_logged, show, store_played
from tools.lab.store import NO_STORE, check_store
from tools.rules_option import RulesOption, TableOptions

DEFAULT_AGENTS = "greedy,greedy,greedy,greedy"


def play(
    ctx: typer.Context,
    seed: Annotated[int, typer.Option(metavar="N", help="The session's seed: same seed, same session.")] = 1,
    mode: ModeOption = None,
    rounds: Annotated[int, typer.Option(help="8, or 4 for the shortened test session (§18.1).")] = 8,
    agents: Annotated[
        str,
        typer.Option(
            help="A,B,C,D (or one for all): greedy, random, search (search:N sets its budget) or human."
        ),
    ] = DEFAULT_AGENTS,
    log: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Write the JSON-lines event log here (missing folders are made)."),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Continue the session of this log.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the session as JSON.")] = False,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Store the session's record here (§18.3): a file, sqlite:///FILE or postgresql://…; default "
            "$HEXMJ_DB, else hexmj-records.db in the working folder; 'none' stores nothing.",
        ),
    ] = None,
    folder: CardsOption = None,
    pool: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="A pool file (§18.2): play its cards; default: the mode's pool."),
    ] = None,
    rules: RulesOption = None,
    option: TableOptions = None,
) -> None:
    """Play a whole session with bots, print the account and the standings, store its record."""
    given = {name: value for name, value in ctx.params.items() if _given(ctx, name)}
    if resume is not None:
        kind = kind_to_resume(resume, rules, option, folder)
        kind.check_flags(given)
        check_db(db)
        played = resume_logged(kind, resume, given)
    else:
        kind = kind_named(rules, option, folder, pool)
        kind.check_flags(given)
        header = kind.new_header(Asked(seed, given.get("rounds"), agents, mode, pool, option or ()))
        check_db(db)
        played = play_logged(kind, header, log=log)
    typer.echo(show(kind, played, json_out))
    if db != NO_STORE:
        store_played(kind, played, db, resume or log)


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT")


def check_db(db: str | None) -> None:
    """Open the store ``--db`` names and close it again, unless it is ``none``: a bad store is found
    before a session is played, so that no account is lost to it (§18.3)."""
    if db != NO_STORE:
        check_store(db)
