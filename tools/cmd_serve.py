"""``hexmj serve``: the host console (主持台), a web server for real tables (§16, §17, §18.1).

The host opens ``http://HOST:PORT/`` on a laptop or TV at the table, sets up a
session and shows each seat's join link and QR code; each player opens theirs on
their own phone.  Tables and their logs are kept in the record store ``--db`` (as
``hexmj play`` takes it), so a restarted server resumes every table where it was.
``--rules NAME`` and ``--option NAME[=VALUE]`` give the rule set and the table options of a table
whose request names none (R373); an unknown rule set or option is refused before any port is
bound (exit 2, or 6 for a rule set that cannot be loaded), and so is a store that has lost one of
the console's tables (exit 8, R513).  ``docs/console.md`` describes the pages and the JSON API.
"""

from __future__ import annotations

from typing import Annotated

import typer
import uvicorn

from tools.console_web.app import create_app
from tools.console_web.requests import HEXTECH, Served
from tools.rules_option import RULES_HELP
from tools.table_play import TableOptions, choose, plays_elsewhere

ServedRules = Annotated[str, typer.Option("--rules", metavar="NAME", help=RULES_HELP)]


def serve(
    host: Annotated[
        str, typer.Option(help="The address to listen on (the table's local network).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="The record store: sqlite:///FILE or postgresql://…; "
            "default $HEXMJ_DB, else hexmj-records.db."
        ),
    ] = None,
    rules: ServedRules = "hextech",
    option: TableOptions = None,
) -> None:
    """Run the host console: a host screen and a phone screen per seat, live over WebSockets."""
    served = HEXTECH
    if plays_elsewhere(rules, option):
        chosen = choose(rules, option or ())
        served = Served(chosen.rules.name, chosen.options)
    app = create_app(db, served)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=16_384)
