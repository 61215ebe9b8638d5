"""The JSON API of a table played with real tiles (实体桌, issue 31 item 9).

``POST /api/tables`` with ``"table": "physical"`` sets one up (:func:`physical_spec`): ``mode``,
``pool`` (a pool file's name or a pool file's text, §18.2), ``seed``, ``nicknames`` (§17.2),
``draw_seats`` (the four nicknames drawn to seats A–D, §4), ``filming`` (§17.3), ``test`` (§18.1).
A seat's view and its entries go through the seats' routes (``GET /api/seats/{token}``, ``POST
/api/seats/{token}/decide``); the host's through the two routes here, with the table's host token as
``Authorization: Bearer TOKEN``:

- ``GET /api/tables/{ID}/host`` — the host screen's view, with the options the host may enter;
- ``POST /api/tables/{ID}/decide`` — the host's entry: ``{"option": "B pon"}`` for a seat,
  ``{"option": "undo"}``, a record (``lookup``, ``missed``, ``dispute``);
- ``POST /api/tables/{ID}/check`` — a seat's hu checked before it is entered (``{"seat", "hand",
  "from", "wall"}``), as a seat checks its own with ``POST /api/seats/{token}/check`` (R629).

``GET /api/rulebook?q=WORDS`` searches the rulebook the console carries (:mod:`tools.physical.rulebook`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from engine.core.errors import HexError, IllegalActionError
from engine.core.seats import PLAYERS
from engine.hextech.session import MODES
from tools.console_web.physical_table import PHYSICAL, PhysicalTable
from tools.console_web.records import StoreUnavailable
from tools.console_web.requests import SEED_LIMIT, BadRequest, _nicknames
from tools.console_web.spec import TableSpec, new_token
from tools.physical.pool import POOL_TEXT_LIMIT, table_pool
from tools.physical.rulebook import search

FIELDS = frozenset({"table", "mode", "seed", "nicknames", "draw_seats", "filming", "test", "pool"})
"""The fields of a real table's set-up."""
BEARER = "Bearer "


def _flag(body: dict[str, Any], key: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise BadRequest(f"{key}: expected true or false, got {value!r}")
    return value


def physical_spec(body: dict[str, Any], taken: Collection[str]) -> TableSpec:
    """A real table as the body asks for it, with fresh tokens for its four seats and its host."""
    unknown = sorted(set(body) - FIELDS)
    if unknown:
        raise BadRequest(f"{unknown[0]}: not a field of a real table (one of {', '.join(sorted(FIELDS))})")
    mode = body.get("mode")
    if mode is not None and mode not in MODES:
        raise BadRequest(f"mode: {mode!r} is not one of {', '.join(MODES)}")
    seed = body.get("seed", secrets.randbelow(2**31))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_LIMIT:
        raise BadRequest(f"seed: expected a whole number 0–{SEED_LIMIT}, got {seed!r}")
    pool = body.get("pool")
    if pool is not None and (not isinstance(pool, str) or not pool.strip() or len(pool) > POOL_TEXT_LIMIT):
        raise BadRequest(
            f"pool: expected a pool file's name or its text, at most {POOL_TEXT_LIMIT} characters"
        )
    filming = _flag(body, "filming")
    try:
        chosen = table_pool(mode, pool, filming)
    except HexError as err:
        raise BadRequest(f"pool: {err}") from None
    nicknames = _nicknames(body.get("nicknames"))
    if _flag(body, "draw_seats"):
        people = [nicknames.get(letter, letter) for letter in PLAYERS]
        random.Random(seed).shuffle(people)
        nicknames = dict(zip(PLAYERS, people, strict=True))
    table = secrets.token_hex(3)
    while table in taken:
        table = secrets.token_hex(3)
    return TableSpec(
        id=table,
        mode=chosen.mode,
        seed=seed,
        bots=frozenset(),
        nicknames=nicknames,
        filming=filming,
        test=_flag(body, "test"),
        host_token=new_token(),
        tokens={letter: new_token() for letter in PLAYERS},
        pool=pool,
        table=PHYSICAL,
        fixed_seed="seed" in body,
    )


def host_enters(table: object, body: object) -> bool:
    """The host's entry at a real table (``table`` is the one the route or socket found); ``False``
    when its number is one already taken (R615)."""
    if not isinstance(table, PhysicalTable):
        raise IllegalActionError("not a real table")
    return table.answer(None, body)


def physical_routes(read: Callable[[Request], Awaitable[Any]], base: Callable[[Request], str]) -> list[Route]:
    """The host's routes of a real table; ``read`` reads a request's JSON body (bounded), ``base`` the
    address the pages are served at."""

    def _table(request: Request) -> PhysicalTable | Response:
        console = request.app.state.console
        table = console.tables.tables.get(request.path_params["table"])
        if not isinstance(table, PhysicalTable):
            return JSONResponse({"error": f"no real table {request.path_params['table']!r}"}, status_code=404)
        given = request.headers.get("authorization", "")
        token = given[len(BEARER) :] if given.startswith(BEARER) else ""
        if not secrets.compare_digest(token, table.spec.host_token):
            return JSONResponse(
                {"error": "the table's host token is required (Authorization: Bearer …)"}, status_code=403
            )
        return table

    async def host_view(request: Request) -> Response:
        """``GET /api/tables/{ID}/host``: the host screen's view with the host's options."""
        found = _table(request)
        if isinstance(found, Response):
            return found
        console = request.app.state.console
        return JSONResponse(found.host_message(console.links(found, base(request))))

    async def host_decide(request: Request) -> Response:
        """``POST /api/tables/{ID}/decide``: the host's entry (400 malformed, 409 not now)."""
        found = _table(request)
        if isinstance(found, Response):
            return found
        console = request.app.state.console
        try:
            body = await read(request)
            console.ledger.act(found, lambda table: host_enters(table, body))
        except BadRequest as err:
            return JSONResponse({"error": str(err)}, status_code=400)
        except IllegalActionError as err:
            return JSONResponse({"error": str(err)}, status_code=409)
        except StoreUnavailable as err:
            return JSONResponse({"error": str(err)}, status_code=503)
        await console.broadcast(found, base(request))
        return JSONResponse(found.host_message(console.links(found, base(request))))

    async def host_check(request: Request) -> Response:
        """``POST /api/tables/{ID}/check``: a seat's hu checked for the host's hu picker."""
        found = _table(request)
        if isinstance(found, Response):
            return found
        return await _checked(request, found, None)

    async def seat_check(request: Request) -> Response:
        """``POST /api/seats/{token}/check``: the seat's own hu checked for its hu picker."""
        seated = request.app.state.console.tables.by_seat(request.path_params["token"])
        if seated is None or not isinstance(seated[0], PhysicalTable):
            return JSONResponse({"error": "no seat of a real table with that token"}, status_code=404)
        return await _checked(request, seated[0], seated[1])

    async def _checked(request: Request, table: PhysicalTable, letter: str | None) -> Response:
        try:
            return JSONResponse(table.check(letter, await read(request)))
        except BadRequest as err:
            return JSONResponse({"error": str(err)}, status_code=400)
        except IllegalActionError as err:
            return JSONResponse({"error": str(err)}, status_code=409)

    async def rules(request: Request) -> Response:
        """``GET /api/rulebook?q=…``: the rulebook's sections holding the words (issue 31 item 6)."""
        return JSONResponse({"sections": [s.json() for s in search(request.query_params.get("q", ""))]})

    return [
        Route("/api/tables/{table}/host", host_view),
        Route("/api/tables/{table}/decide", host_decide, methods=["POST"]),
        Route("/api/tables/{table}/check", host_check, methods=["POST"]),
        Route("/api/seats/{token}/check", seat_check, methods=["POST"]),
        Route("/api/rulebook", rules),
    ]
