"""The phones at a table: a seat's page for the phone that holds it, taking a seat over, tapping on
from a round's result, and the host showing a seat's join link again (issue 30 items 2 and 5;
R531, R533, R534).

Routes (``docs/console.md`` documents each):

- ``GET /seat/{token}`` the seat's screen (:func:`seat_screen`), or, for a phone other than the one
  that holds the seat, the question whether to take it over — without the seat's hand;
- ``POST /api/seats/{token}/take`` this phone takes the seat over; the phone that held it is told
  it lost the seat (a ``lost`` frame) and its connection is closed;
- ``POST /api/seats/{token}/seen`` ``{"round": N}``: the person taps on from round N's result;
- ``POST /api/host/{host token}/show`` ``{"seat": "A"}``: the host screen shows seat A's join link
  and QR code again, until a phone joins or takes the seat.

The console is the application's (:func:`tools.console_web.console.console_of`), and so is the
function that gives the address the pages are served at (``request.app.state.base_of``).
"""

from __future__ import annotations

import contextlib
import json
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.websockets import WebSocket

from engine.core.errors import IllegalActionError
from engine.core.seats import PLAYERS
from tools.console_web.console import console_of
from tools.console_web.holders import DEVICE, new_device
from tools.console_web.pages import render
from tools.console_web.seated import SeatedTable

if TYPE_CHECKING:
    from tools.console_web.live import LiveTable

LOST_SOCKET = 4409
"""The close code of a phone's connection whose seat another phone has taken over."""
LOST = "这个座位已在另一台手机上接管：这台手机不能再作答"
"""What a phone that lost its seat is told, and a request from it is answered (409)."""
BODY_LIMIT = 1024
"""The largest body these routes read, in bytes."""
DEVICE_AGE = 400 * 24 * 3600
"""How long a phone keeps its device cookie, in seconds."""


def _base(request: Request) -> str:
    base: str = request.app.state.base_of(request)
    return base


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


NOT_HELD = "a real table's seats are not held by one phone"
"""The answer to a phone's act at a table played with real tiles (its pages are its own)."""


def device_of(request: Request | WebSocket) -> str | None:
    """The device a request or a socket comes from, if its browser keeps one."""
    return request.cookies.get(DEVICE) or None


def seat_screen(request: Request, table: LiveTable, letter: str) -> Response:
    """The seat's page for the phone that holds it, or one no phone holds yet; for any other phone the
    take-over question, which shows nothing of the seat.  A browser without a device cookie gets
    one."""
    token = request.path_params["token"]
    device = device_of(request) or new_device()
    holder = table.holders.holder(letter)
    if holder is not None and holder != device:
        nickname = table.spec.nicknames.get(letter, letter)
        page = HTMLResponse(render("take.html", token=token, nickname=nickname, table=table.spec.id))
    else:
        view = table.seat_message(letter)
        page = HTMLResponse(render("seat.html", v=view, socket=f"/ws/seat/{token}", token=token))
    if device_of(request) is None:
        page.set_cookie(DEVICE, device, max_age=DEVICE_AGE, httponly=True, samesite="strict")
    return page


async def lose(socket: WebSocket) -> None:
    """Tell a phone it lost its seat, and close its connection."""
    with contextlib.suppress(RuntimeError):
        await socket.send_text(json.dumps({"type": "lost", "message": LOST}, ensure_ascii=False))
        await socket.close(code=LOST_SOCKET)


async def _json(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > BODY_LIMIT:
        return None
    try:
        return json.loads(raw or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None


async def take_seat(request: Request) -> Response:
    """``POST /api/seats/{token}/take``: this phone takes the seat over (R533)."""
    console = console_of(request)
    found = console.tables.by_seat(request.path_params["token"])
    if found is None:
        return _error(404, "no seat has this token")
    table, letter = found
    if not isinstance(table, SeatedTable):
        return _error(409, NOT_HELD)
    device = device_of(request)
    if device is None:
        return _error(400, f"cookie {DEVICE}: open the seat's page on the phone first")
    table.holders.take(letter, device)
    watchers = console.watchers.get(table.spec.id)
    for socket in [] if watchers is None else list(watchers.seats.get(letter, [])):
        if device_of(socket) != device:
            await lose(socket)
    await console.broadcast(table, _base(request))
    return JSONResponse({"seat": letter, "taken": True})


async def seen_round(request: Request) -> Response:
    """``POST /api/seats/{token}/seen``: the person taps on from a round's result (R531)."""
    console = console_of(request)
    found = console.tables.by_seat(request.path_params["token"])
    if found is None:
        return _error(404, "no seat has this token")
    table, letter = found
    if not isinstance(table, SeatedTable):
        return _error(409, NOT_HELD)
    body = await _json(request)
    number = body.get("round") if isinstance(body, dict) else None
    if not isinstance(number, int) or isinstance(number, bool):
        return _error(400, 'round: expected {"round": <the number of a finished round>}')
    if not table.holders.may_answer(letter, device_of(request)):
        return _error(409, LOST)
    try:
        table.see(letter, number)
    except IllegalActionError as err:
        return _error(409, str(err))
    await console.broadcast(table, _base(request))
    return JSONResponse(table.seat_message(letter))


async def show_link(request: Request) -> Response:
    """``POST /api/host/{host token}/show``: the host screen shows a seat's join link again (R534)."""
    console = console_of(request)
    table = console.tables.by_host(request.path_params["token"])
    if table is None:
        return _error(404, "no table has this host token")
    if not isinstance(table, SeatedTable):
        return _error(409, NOT_HELD)
    body = await _json(request)
    letter = body.get("seat") if isinstance(body, dict) else None
    if not isinstance(letter, str) or letter not in PLAYERS or letter not in table.spec.tokens:
        return _error(
            400, f"seat: expected one of the people's seats ({', '.join(sorted(table.spec.tokens))})"
        )
    table.holders.show(str(letter))
    await console.broadcast(table, _base(request))
    return JSONResponse({"shown": sorted(table.holders.shown)})


ROUTES = [
    Route("/api/seats/{token}/take", take_seat, methods=["POST"]),
    Route("/api/seats/{token}/seen", seen_round, methods=["POST"]),
    Route("/api/host/{token}/show", show_link, methods=["POST"]),
]
"""The routes of this module, for the application's table of routes."""
