"""``hexmj serve``: the host console (主持台), a web server for real tables (§16, §17, §18.1).

The host opens the set-up URL ``hexmj serve`` prints on a laptop or TV at the table, sets up a
session and shows each seat's join link and QR code; each player opens theirs on their own phone.
Tables and their logs are kept in the record store ``--db`` (as ``hexmj play`` takes it), so a
restarted server resumes every table where it was.  ``--rules NAME`` and ``--option NAME[=VALUE]``
give the rule set and the table options of a table whose request names none (R373); an unknown rule
set or option is refused before any port is bound (exit 2, or 6 for a rule set that cannot be
loaded), and so is a store that has lost one of the console's tables (exit 8, R513).

Once it listens it prints the banner: the address(es) a phone on the same network opens (each
address it listens on that is not loopback, or ``--public-url``), the set-up URL with the console key
(random at start, or ``--key`` / ``$HEXMJ_CONSOLE_KEY``), and how to stop it; with only a loopback
address it says that phones can't join.  A port it cannot listen on (another program's) is one line
and exit 9.  ``--max-budget`` bounds what a bot may think a decision, ``--expire`` how long an idle
table lives.  ``docs/console.md`` describes the pages and the JSON API.
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Sequence
from typing import Annotated

import typer
import uvicorn

from engine.agents.budget import MAX_BUDGET, is_whole
from engine.core.errors import InputError
from tools.console_web.access import KEY_ENV, Access, console_key
from tools.console_web.addresses import public_url
from tools.console_web.app import create_app
from tools.console_web.bot_pool import DEFAULT_MAX_BUDGET
from tools.console_web.expiry import expire_seconds
from tools.console_web.limits import SOCKET_FRAME_LIMIT
from tools.console_web.requests import HEXTECH, Served
from tools.console_web.settings import ServeSettings
from tools.exit_codes import CommandError
from tools.kinds.table import choose
from tools.rules_option import RULES_HELP, TableOptions, plays_elsewhere

ServedRules = Annotated[str, typer.Option("--rules", metavar="NAME", help=RULES_HELP)]
EXIT_CANNOT_LISTEN = 9


class CannotListen(CommandError):
    """The console cannot listen where it is asked: the port is another program's, or the address is
    not the machine's (exit 9)."""

    status = EXIT_CANNOT_LISTEN


def max_budget(text: str) -> int:
    """``--max-budget``: a whole number 1…4096 in ASCII digits, as an agent's budget is read."""
    if not is_whole(text, len(str(MAX_BUDGET))) or not 1 <= int(text) <= MAX_BUDGET:
        raise InputError(f"--max-budget: expected a whole number 1…{MAX_BUDGET}, got {text!r}")
    return int(text)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` for the server to listen on; a :class:`CannotListen` in one
    line naming the address otherwise."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as err:
        raise CannotListen(f"--host: cannot listen on {host!r}: {err.strerror}") from None
    bound = socket.socket(family, kind, proto)
    bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6:
        bound.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    try:
        bound.bind(address)
    except OSError as err:
        bound.close()
        if err.errno == errno.EADDRINUSE:
            raise CannotListen(
                f"port {port} on {host} is in use by another program: stop it, or give another --port"
            ) from None
        raise CannotListen(f"cannot listen on {host} port {port}: {err.strerror}") from None
    return bound


def banner(access: Access, host: str) -> list[str]:
    """What ``hexmj serve`` prints once it listens."""
    lines = ["hexmj serve: the host console is listening."]
    if access.phones:
        lines += [f"  Phones on this network open   {address}" for address in access.phones]
    else:
        lines.append(
            f"  Phones can't join: it listens on {host} only, this machine's own loopback address; "
            "start it with --host 0.0.0.0 (or --public-url URL) for phones on the table's network."
        )
    lines.append(f"  Set-up page (the host's alone) {access.setup_url()}")
    lines.append("  Stop it with Ctrl-C: the tables stay in the store and go on at the next start.")
    return lines


class Announced(uvicorn.Server):
    """The console's server, which prints ``lines`` once it listens."""

    def __init__(self, config: uvicorn.Config, lines: Sequence[str]) -> None:
        super().__init__(config)
        self.lines = lines

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """Start, then print the banner."""
        await super().startup(sockets)
        if self.started:
            typer.echo("\n".join(self.lines))


def serve(
    host: Annotated[
        str, typer.Option(help="The address to listen on: 0.0.0.0 for every address of the machine.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on (0: one the system picks).")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="The record store: sqlite:///FILE or postgresql://…; "
            "default $HEXMJ_DB, else hexmj-records.db."
        ),
    ] = None,
    rules: ServedRules = "hextech",
    option: TableOptions = None,
    key: Annotated[
        str | None,
        typer.Option(
            envvar=KEY_ENV,
            show_envvar=True,
            help="The console key (16–128 letters, digits or ._~-): creating, listing and deleting "
            "tables take it; default a random one, printed in the set-up URL.",
        ),
    ] = None,
    public: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            metavar="URL",
            help="The address phones open (http://NAME:PORT): join links and QR codes are built from it.",
        ),
    ] = None,
    budget: Annotated[
        str,
        typer.Option(
            "--max-budget",
            metavar="N",
            help="The largest budget a bot may think with (search:N): a greater one is refused.",
        ),
    ] = str(DEFAULT_MAX_BUDGET),
    expire: Annotated[
        str,
        typer.Option(
            metavar="TIME",
            help="How long an idle table lives (90m, 12h, 1d); results awaiting confirmation stay.",
        ),
    ] = "1d",
) -> None:
    """Run the host console: a host screen and a phone screen per seat, live over WebSockets."""
    served = HEXTECH
    if plays_elsewhere(rules, option):
        chosen = choose(rules, option or ())
        served = Served(chosen.rules.name, chosen.options)
    the_key = console_key(key)
    address = None if public is None else public_url(public)
    settings = ServeSettings(
        access=Access.listening(the_key, host, port, address),
        max_budget=max_budget(budget),
        expire=expire_seconds(expire),
    )
    app = create_app(db, served, settings)
    bound = listen(host, port)
    access = Access.listening(the_key, host, bound.getsockname()[1], address)
    app.state.console.access = access
    config = uvicorn.Config(app, log_level="warning", ws_max_size=SOCKET_FRAME_LIMIT)
    Announced(config, banner(access, host)).run(sockets=[bound])
