"""The console's web application: the JSON API, the host and seat pages and their sockets (§16, §17).

Routes (``docs/console.md`` documents each):

- ``POST /api/tables`` creates a table (``"table": "physical"``: one played with real tiles,
  :mod:`tools.console_web.physical_routes`), ``GET /api/tables`` lists them and ``DELETE
  /api/tables/{ID}`` deletes one, each with the console key (:mod:`tools.console_web.access`);
  ``GET /api/tables/{ID}`` is a table's public view;
- ``GET /api/seats/{token}`` is a seat's view; ``POST /api/seats/{token}/decide`` answers the
  decision put to it (409 for an option not offered); ``POST /api/seats/{token}/confirm``
  confirms "开始新一场" on the results screen (§16);
- ``GET /host/{host token}/log`` the log of the table's last ended session, which
  ``hexmj replay`` replays (409 before the first has ended; R371);
- ``GET /`` the host's set-up page (the console key's cookie; ``/?key=KEY`` sets it),
  ``GET /host/{host token}`` the host screen,
  ``GET /seat/{token}`` a seat's screen; ``/ws/host/{host token}`` and ``/ws/seat/{token}``
  their live updates: a ``view`` frame on connecting and after every change.

Handlers are coroutines that run the engine in the event loop, so one table's
decisions never interleave; its bots' turns are played beside every other request, a searching
bot's in a worker process (:mod:`tools.console_web.bot_turns`).  Every answer's log lines are in
the record store before the answer is acknowledged, and a store that fails refuses it with 503
(:mod:`tools.console_web.durable`); on start the server rebuilds every stored table on its own
(:mod:`tools.console_web.restore`).  Every request passes the guard first
(:mod:`tools.console_web.guard`: no other site's, no body past its bound, :mod:`tools.console_web.limits`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable, Mapping
from functools import partial
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from engine.core.errors import HexError, IllegalActionError
from engine.core.registry import installed
from tools.console_web.answers import read_answer
from tools.console_web.bot_pool import OverBudget, check_budgets
from tools.console_web.cards import pool_names
from tools.console_web.console import (
    Console,
    Watchers,
    console_of,
    ended,
    host_frame,
    log_link,
    seat_frame,
    send_text,
)
from tools.console_web.guard import Guard
from tools.console_web.limits import read_json, receive_message
from tools.console_web.pages import HERE, render
from tools.console_web.phones import LOST, device_of, lose, seat_screen
from tools.console_web.phones import ROUTES as PHONE_ROUTES
from tools.console_web.physical_routes import host_enters, physical_routes, physical_spec
from tools.console_web.physical_table import PHYSICAL, PhysicalTable
from tools.console_web.records import StoreUnavailable
from tools.console_web.replay_routes import ROUTES as REPLAY_ROUTES
from tools.console_web.replay_routes import UPLOAD_LIMIT, Shelf
from tools.console_web.requests import HEXTECH, BadRequest, Served, table_spec
from tools.console_web.seated import PLAYING, RESULTS, SeatedTable
from tools.console_web.settings import ServeSettings
from tools.console_web.tables import AnyTable, PlayedTable
from tools.console_web.tending import tend

UNKNOWN_MESSAGE = 'expected {"type": "ping"} or {"type": "decide", "option": …}'
"""The error frame's message for a socket message that is neither."""
NO_SUCH_SOCKET = 4404
"""The close code of a socket whose token opens no table or seat (404 in the application's range)."""


async def _send(socket: WebSocket, frame: Mapping[str, Any]) -> None:
    await send_text(socket, json.dumps(frame, ensure_ascii=False))


def _base(request: Request | WebSocket) -> str:
    """The address links are built from: the console's own, never the request's ``Host``."""
    return console_of(request).access.base


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> Any:
    """The request's JSON body, bounded (:func:`tools.console_web.limits.read_json`); malformed JSON
    is a :class:`BadRequest`."""
    return read_json(await request.body())


def _keyless(request: Request) -> Response | None:
    """401 naming the header for a request without the console key, else ``None``."""
    if console_of(request).access.holds_key(request):
        return None
    return _error(
        401, "Authorization: expected Bearer and the console key (hexmj serve prints its set-up URL)"
    )


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: a table as the body asks (see :func:`tools.console_web.requests.table_spec`),
    with the console key; a bot's budget over ``--max-budget`` is 422."""
    console = console_of(request)
    refusal = _keyless(request)
    if refusal is not None:
        return refusal
    try:
        taken = set(console.tables.tables) | set(console.unseated)
        body = await _body(request)
        if isinstance(body, dict) and body.get("table") == PHYSICAL:
            spec = physical_spec(body, taken)
        else:
            spec = table_spec(body, taken, console.served)
        check_budgets(spec.bot_agents, console.max_budget, spec.rules)
        table = console.create(spec)
    except OverBudget as err:
        return _error(422, str(err))
    except BadRequest as err:
        return _error(400, str(err))
    except HexError as err:
        return _error(400, str(err))
    except StoreUnavailable as err:
        return _error(503, str(err))
    if spec.tokens:
        await console.turns.settle(table)
    else:
        console.turns.start(table)
    base = _base(request)
    links = console.links(table, base)
    return JSONResponse(
        {
            "table": spec.id,
            "host": f"{base}/host/{spec.host_token}",
            "seats": {letter: {"token": spec.tokens[letter], "url": links[letter]} for letter in links},
        },
        status_code=201,
    )


async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: every table, with the console key: its id, rule set, state, whether it is
    a test session, its host screen's link and its person's seats."""
    refusal = _keyless(request)
    if refusal is not None:
        return refusal
    console = console_of(request)
    listed = [
        {
            "table": table.spec.id,
            "rules": table.spec.rules,
            "state": _state(table),
            "test": table.spec.test,
            "host": f"{console.access.base}/host/{table.spec.host_token}",
            "seats": sorted(table.spec.tokens),
        }
        for table in console.tables.tables.values()
    ]
    return JSONResponse({"tables": listed})


def _state(table: AnyTable) -> str:
    """A table's state as its public view names it."""
    if isinstance(table, PhysicalTable):
        return RESULTS if table.result is not None else PLAYING
    return table.state


async def delete_table(request: Request) -> Response:
    """``DELETE /api/tables/{ID}``, with the console key: the table is gone, from the store too."""
    refusal = _keyless(request)
    if refusal is not None:
        return refusal
    table_id = request.path_params["table"]
    if not await console_of(request).delete(table_id):
        return _error(404, f"no table {table_id!r}")
    return JSONResponse({"deleted": table_id})


async def get_table(request: Request) -> Response:
    """``GET /api/tables/{ID}``: the public view."""
    table = console_of(request).tables.tables.get(request.path_params["table"])
    if table is None:
        return _error(404, f"no table {request.path_params['table']!r}")
    return JSONResponse(table.host_message())


async def get_seat(request: Request) -> Response:
    """``GET /api/seats/{token}``: the seat's own view."""
    found = console_of(request).tables.by_seat(request.path_params["token"])
    if found is None:
        return _error(404, "no seat has this token")
    table, letter = found
    return JSONResponse(table.seat_message(letter))


async def decide(request: Request) -> Response:
    """``POST /api/seats/{token}/decide``: answer the seat's decision, once; 409 for an option not
    offered."""
    try:
        body: object = await _body(request)
    except BadRequest as err:
        body = err

    def answer(table: PlayedTable, letter: str) -> None:
        if isinstance(body, BadRequest):
            raise body
        _answer(table, letter, body)

    return await _seat_acts(request, answer)


async def confirm(request: Request) -> Response:
    """``POST /api/seats/{token}/confirm``: the seat confirms "开始新一场" (§16)."""
    return await _seat_acts(request, lambda table, letter: table.confirm(letter))


async def _seat_acts(request: Request, act: Callable[[PlayedTable, str], object]) -> Response:
    """The seat of the request's token acts (404 for no such seat); a malformed request (400), an
    act the engine refuses (409) and one the store does not take (503) change nothing; a legal one
    is stored before every screen hears of it."""
    console = console_of(request)
    found = console.tables.by_seat(request.path_params["token"])
    if found is None:
        return _error(404, "no seat has this token")
    table, letter = found
    if isinstance(table, SeatedTable) and not table.holders.may_answer(letter, device_of(request)):
        return _error(409, LOST)
    try:
        console.ledger.act(table, lambda playing: act(playing, letter))
    except BadRequest as err:
        return _error(400, str(err))
    except IllegalActionError as err:
        return _error(409, str(err))
    except StoreUnavailable as err:
        return _error(503, str(err))
    await console.turns.settle(table)
    return JSONResponse(table.seat_message(letter))


async def table_log(request: Request) -> Response:
    """``GET /host/{token}/log``: the whole log of the table's last ended session, in the
    ``hexmj play --log`` format of its rule set (R371); before the first has ended every concealed
    hand is still in play and the answer is 409."""
    console = console_of(request)
    table = console.tables.by_host(request.path_params["token"])
    if table is None:
        return _error(404, "no table has this host token")
    number = ended(table)
    if number == 0:
        return _error(409, f"table {table.spec.id}: the session has not ended; its log is kept till then")
    try:
        texts = console.store.lines(table.spec.id, number)
    except StoreUnavailable as err:
        return _error(503, str(err))
    name = f"hexmj-{table.spec.rules}-{table.spec.id}-{number}.log"
    return PlainTextResponse(
        "".join(f"{text}\n" for text in texts),
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def _missing(what: str) -> HTMLResponse:
    return HTMLResponse(render("missing.html", what=what), status_code=404)


async def index(request: Request) -> Response:
    """The host's set-up page: create a session (§17.2, §17.3, §18.1); ``/?key=KEY`` sets the console
    key's cookie, and without it the page says how to open it (401)."""
    console = console_of(request)
    access = console.access
    if "key" in request.query_params:
        given = request.query_params["key"].encode()
        if secrets.compare_digest(given, access.key.encode()):
            return access.set_cookie("/")
        return HTMLResponse(render("locked.html", wrong=True), status_code=401)
    if not access.holds_key(request):
        return HTMLResponse(render("locked.html", wrong=False), status_code=401)
    served = console.served
    rulesets = installed().rulesets
    page = render(
        "index.html",
        pools=pool_names(),
        rulesets=rulesets,
        served=served.rules,
        chosen=served.options,
        phones=access.phones,
    )
    return HTMLResponse(page)


async def host_page(request: Request) -> Response:
    """The host screen of the table the host token opens."""
    console = console_of(request)
    table = console.tables.by_host(request.path_params["token"])
    if table is None:
        return _missing("没有这张桌子 (no such table)")
    view = table.host_message(console.links(table, _base(request)))
    socket = f"/ws/host/{table.spec.host_token}"
    page = "physical_host.html" if isinstance(table, PhysicalTable) else "host.html"
    return HTMLResponse(
        render(
            page,
            v=view,
            socket=socket,
            log=log_link(table),
            host_token=table.spec.host_token,
            host=table.spec.host_token,
        )
    )


async def seat_page(request: Request) -> Response:
    """A seat's screen."""
    found = console_of(request).tables.by_seat(request.path_params["token"])
    if found is None:
        return _missing("没有这个座位 (no such seat)")
    table, letter = found
    if isinstance(table, SeatedTable):
        return seat_screen(request, table, letter)
    token = request.path_params["token"]
    view = table.seat_message(letter)
    page = "physical_seat.html" if isinstance(table, PhysicalTable) else "seat.html"
    return HTMLResponse(render(page, v=view, socket=f"/ws/seat/{token}", token=token))


def _answer(table: PlayedTable, letter: str, body: object) -> bool:
    """Seat ``letter`` answers (``body`` the request's JSON, a real table's entry whole); ``False``
    when the decision named is already answered (R510)."""
    if isinstance(table, PhysicalTable):
        return table.answer(letter, body)
    given = read_answer(body)
    return table.decide(letter, given.option, given.decision)


async def _listen(socket: WebSocket, table: AnyTable, letter: str | None) -> None:
    """Read a socket until it closes: ``{"type": "ping"}`` is answered, ``{"type": "decide",
    "option", "decision"}`` answers a seat's decision (one already answered brings the seat's view
    again, R510), and at a real table ``{"type": "decide", "option", "entry"}`` is the seat's entry or,
    on the host's socket, the host's (one already taken brings the view again, R615); anything else,
    and an answer refused, gets an error frame and the socket stays."""
    console = console_of(socket)
    physical = isinstance(table, PhysicalTable)
    while True:
        try:
            message = await receive_message(socket)
        except BadRequest as err:
            await _send(socket, {"type": "error", "message": str(err)})
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            await _send(socket, {"type": "pong"})
        elif kind == "decide" and isinstance(message, dict) and (letter is not None or physical):
            try:
                body = {key: value for key, value in message.items() if key != "type"}
                act = (
                    partial(host_enters, body=body)
                    if letter is None
                    else partial(_answer, letter=letter, body=body)
                )
                taken = console.ledger.act(table, act)
            except (BadRequest, IllegalActionError, StoreUnavailable) as err:
                await _send(socket, {"type": "error", "message": str(err)})
                continue
            if not taken:
                links = console.links(table, _base(socket))
                await _send(socket, host_frame(table, links) if letter is None else seat_frame(table, letter))
            console.turns.start(table)
        else:
            await _send(socket, {"type": "error", "message": UNKNOWN_MESSAGE})


async def seat_socket(socket: WebSocket) -> None:
    """A seat's live updates: its whole view on connecting, again after every change."""
    console = console_of(socket)
    found = console.tables.by_seat(socket.path_params["token"])
    if found is None:
        await socket.accept()
        await socket.close(code=NO_SUCH_SOCKET)
        return
    table, letter = found
    await socket.accept()
    device = device_of(socket)
    seated = table if isinstance(table, SeatedTable) else None
    if seated is not None and device is not None and not seated.holders.join(letter, device):
        await lose(socket)
        return
    watchers = console.watchers.setdefault(table.spec.id, Watchers())
    watchers.seats.setdefault(letter, []).append(socket)
    table.connected[letter] = table.connected.get(letter, 0) + 1
    if seated is not None:
        seated.holders.back(letter)
    try:
        await console.broadcast(table, _base(socket))
        await _listen(socket, table, letter)
    except WebSocketDisconnect:
        pass
    finally:
        watchers.seats[letter].remove(socket)
        watchers.leave(socket)
        table.connected[letter] -= 1
        if seated is not None and not table.connected[letter]:
            seated.holders.left(letter)
        await console.broadcast(table, _base(socket))


async def host_socket(socket: WebSocket) -> None:
    """The host screen's live updates."""
    console = console_of(socket)
    table = console.tables.by_host(socket.path_params["token"])
    if table is None:
        await socket.accept()
        await socket.close(code=NO_SUCH_SOCKET)
        return
    await socket.accept()
    watchers = console.watchers.setdefault(table.spec.id, Watchers())
    watchers.host.append(socket)
    try:
        await watchers.push(socket, host_frame(table, console.links(table, _base(socket))))
        await _listen(socket, table, None)
    except WebSocketDisconnect:
        pass
    finally:
        watchers.host.remove(socket)
        watchers.leave(socket)


async def http_error(request: Request, exc: Exception) -> Response:
    """A refusal of the HTTP layer (405 a method a route does not take, 413 a body over the bound) as
    JSON naming what was refused."""
    assert isinstance(exc, HTTPException)
    detail = (
        exc.detail
        if exc.status_code == 413
        else f"method: {request.method} is not taken at {request.url.path}"
    )
    return _error(exc.status_code, detail)


async def not_found(request: Request, exc: Exception) -> Response:
    """Any other path: a 404 page (or JSON under ``/api``)."""
    if request.url.path.startswith("/api/"):
        return _error(404, f"no such resource {request.url.path}")
    return _missing("没有这个页面 (no such page)")


def create_app(
    db_url: str | None = None, served: Served = HEXTECH, settings: ServeSettings | None = None
) -> Starlette:
    """The console application over the record store ``db_url`` (``--db``), with every stored table
    rebuilt (a store that cannot be opened is an :class:`engine.core.errors.InputError`, before any port
    is bound); ``served`` the rule set and options of a table whose request names none; ``settings``
    the console key, its addresses and limits (a random key on 127.0.0.1:8000 without)."""

    console = Console(db_url, served, settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in list(console.tables.tables.values()):
            if isinstance(table, SeatedTable) and table.waiting is not None:
                console.turns.start(table)
        tending = asyncio.create_task(tend(console))
        expiring = asyncio.create_task(console.expire())
        try:
            yield
        finally:
            tending.cancel()
            expiring.cancel()
            for table_id in list(console.turns.tasks):
                await console.turns.stop(table_id)
            console.pool.close()
            console.store.close()

    routes = [
        Route("/", index),
        Route("/host/{token}", host_page),
        Route("/host/{token}/log", table_log),
        Route("/seat/{token}", seat_page),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table}", get_table, methods=["GET"]),
        Route("/api/tables/{table}", delete_table, methods=["DELETE"]),
        Route("/api/seats/{token}", get_seat),
        Route("/api/seats/{token}/decide", decide, methods=["POST"]),
        Route("/api/seats/{token}/confirm", confirm, methods=["POST"]),
        *physical_routes(_body, _base),
        *PHONE_ROUTES,
        *REPLAY_ROUTES,
        WebSocketRoute("/ws/host/{token}", host_socket),
        WebSocketRoute("/ws/seat/{token}", seat_socket),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(Guard, access=lambda: console.access, larger={"/api/replays": UPLOAD_LIMIT})],
        exception_handlers={404: not_found, 405: http_error, 413: http_error},
    )
    app.state.console = console
    app.state.base_of = _base
    app.state.replays = Shelf()
    return app
