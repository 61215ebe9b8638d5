"""``hexmj replay LOG``: re-play a logged session and check it comes out the same, line for line.

The seed and the logged answers fix the session; every event and decision
the engine produces again must equal the logged line, or the command stops
with exit 5 naming the first line that differs, its first differing field and
both values; a logged answer the session refuses is named by its line too.
A log played with ``--cards DIR`` replays with that folder's cards, which its header names where
it is (``--cards`` naming another is exit 2; once the folder is gone, ``--cards`` names where it
went, R807); a log played with ``--pool FILE`` replays the cards its
header names, without the file (§18.2).  On success it prints the account (or ``--json``) of the
session, the enabled modules' lines and fields included, as ``hexmj play``
printed them.  With ``--serve`` it serves the log's replay view instead (the console's, R538): round
by round, move by move, every hand open.  A log whose header names another rule set
(``hexmj play --rules NAME``) is replayed with that rule set and the options its header records
(:mod:`tools.kinds.table`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
import uvicorn

from engine.core.errors import LogError
from engine.core.log_reader import first_line
from tools.cmd_pool import CardsOption
from tools.console_web.replay_routes import parse_log, replay_app
from tools.kinds.choice import kind_of_log
from tools.kinds.play import replay_logged, show


def serve_replay(log: Path, host: str, port: int) -> None:
    """``hexmj replay LOG --serve``: the log's replay view on ``http://HOST:PORT/`` (a log that does not
    replay stops with exit 5 before any port is bound)."""
    try:
        text = log.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise LogError(f"{log}: cannot read log: {err}") from None
    app = replay_app(parse_log(text, str(log)), str(log))
    typer.echo(f"hexmj replay: the replay of {log} on http://{host}:{port}/ (Ctrl-C stops it)", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")


def replay(
    log: Annotated[Path, typer.Argument(help="A log written by hexmj play --log.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the session as JSON.")] = False,
    folder: CardsOption = None,
    serve: Annotated[
        bool, typer.Option("--serve", help="Serve the replay view of the log: round by round, move by move.")
    ] = False,
    host: Annotated[str, typer.Option(help="With --serve: the address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="With --serve: the port to listen on.")] = 8001,
) -> None:
    """Re-play a session log exactly and print its account."""
    if serve:
        serve_replay(log, host, port)
        return
    kind = kind_of_log(first_line(log), folder)
    played = replay_logged(kind, log, kind.read(log), "continue")
    typer.echo(show(kind, played, json_out))
