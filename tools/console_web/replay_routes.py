"""The replay view: a finished session round by round, move by move, forward and back, every hand
open (issue 30 item 6; R538, R539).

Routes (``docs/console.md`` documents each):

- ``GET /replay/{table}?host={host token}&session=N&step=K`` a session of a table that has ended
  (default the latest), opened with the table's host token or the console key (404 for any other,
  409 for a session still in play: its hands are still secret);
- ``POST /api/replays`` ``{"log": "<a log's text>"}`` → ``{"url": "/replay/upload/{key}"}``: a log
  file the host uploads on the set-up page, with the console key (at most :data:`UPLOAD_LIMIT`
  bytes; a log that does not replay is 400 with its line);
- ``GET /replay/upload/{key}?step=K`` that upload's replay.

:func:`replay_app` is the application ``hexmj replay LOG --serve`` serves: the one log at ``/``.
Replays are built once and kept in a :class:`Shelf` of the latest few.
"""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from engine.core.errors import LogError
from engine.core.log_lines import EDITED, edited_field
from engine.core.log_reader import log_record
from tools.console_web.console import console_of
from tools.console_web.pages import HERE, render
from tools.console_web.replays import Replay, build
from tools.console_web.seated import SeatedTable

UPLOAD_LIMIT = 8 * 1024 * 1024
"""The largest log text an upload may carry, in bytes (a full 8-round session's log is under 1 MiB)."""
KEPT = 8
"""How many replays the server keeps built."""


class Shelf:
    """The latest replays built, by key; the oldest is let go past :data:`KEPT`."""

    def __init__(self) -> None:
        self.kept: OrderedDict[str, Replay] = OrderedDict()

    def get(self, key: str) -> Replay | None:
        """The replay kept under ``key``."""
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
        return found

    def put(self, key: str, replay: Replay) -> None:
        """Keep ``replay`` under ``key``."""
        self.kept[key] = replay
        self.kept.move_to_end(key)
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)


def _page(status: int, message: str) -> HTMLResponse:
    return HTMLResponse(render("missing.html", what=message, code=status), status_code=status)


def _number(text: str | None, default: int) -> int:
    return int(text) if text is not None and text.isdigit() and len(text) <= 9 else default


def replay_page(replay: Replay, step: int, link: str) -> HTMLResponse:
    """One step of a replay; ``link`` the address of its steps, to which the step's number is added."""
    frames = replay.frames
    if not frames:
        return _page(404, "这份牌谱没有可回放的步骤")
    step = min(max(step, 0), len(frames) - 1)
    rounds = replay.rounds()
    frame = frames[step]
    starts = sorted(rounds.values())
    first = rounds[frame.round]
    later = [start for start in starts if start > step]
    earlier = [start for start in starts if start < first]
    named = (frame.world, frame.treasure)
    context = {
        "r": replay,
        "cards": {card: replay.cards[card] for card in named if card is not None and card in replay.cards},
        "f": frame,
        "step": step,
        "first": first,
        "count": (later[0] if later else len(frames)) - first,
        "rounds": rounds,
        "link": link,
        "previous_round": earlier[-1] if earlier else first,
        "next_round": later[0] if later else len(frames) - 1,
        "last": len(frames) - 1,
    }
    return HTMLResponse(render("replay.html", **context))


def _shelf(request: Request) -> Shelf:
    shelf: Shelf = request.app.state.replays
    return shelf


async def table_replay(request: Request) -> Response:
    """``GET /replay/{table}``: a finished session of a table, for its host (R538)."""
    console = console_of(request)
    table = console.tables.tables.get(request.path_params["table"])
    token = request.query_params.get("host", "")
    hosts = secrets.compare_digest(table.spec.host_token.encode(), token.encode()) if table else False
    if table is None or not (hosts or console.access.holds_key(request)):
        return _page(404, "没有这张桌子，或主持口令不对")
    if not isinstance(table, SeatedTable):
        return _page(404, "这张桌子没有可回放的牌谱")
    ended = table.number if table.result is not None else table.number - 1
    number = _number(request.query_params.get("session"), ended)
    if not 1 <= number <= ended:
        return _page(409, f"第 {number} 场尚未结束：一场结束后才能回放（手牌在此之前都是秘密）")
    key = f"table:{table.spec.id}:{number}"
    replay = _shelf(request).get(key)
    if replay is None:
        lines = [json.loads(text) for text in console.store.lines(table.spec.id, number)]
        try:
            replay = build(lines, f"table {table.spec.id} session {number}", table.spec.nicknames)
        except LogError as err:
            return _page(409, f"这一场的牌谱不能回放：{err}")
        _shelf(request).put(key, replay)
    link = f"/replay/{table.spec.id}?host={token}&session={number}&step="
    return replay_page(replay, _number(request.query_params.get("step"), 0), link)


def parse_log(text: str, where: str) -> list[dict[str, Any]]:
    """A log's text as its lines (blank lines left out); a line that is not a JSON object, or not
    byte for byte as hexmj wrote it (R593), is a :class:`LogError` naming it."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        line = log_record(raw.encode("utf-8", "surrogatepass"), f"{where}:{number}")
        edited = edited_field(raw.encode("utf-8"), line)
        if edited is not None:
            raise LogError(f"{where}:{number}: {edited}: {EDITED}")
        lines.append(line)
    return lines


async def upload(request: Request) -> Response:
    """``POST /api/replays``: replay an uploaded log (the console key's holder's: a replay is built in
    the server's time)."""
    console = console_of(request)
    if not console.access.holds_key(request):
        return JSONResponse({"error": "Authorization: expected the console key"}, status_code=401)
    raw = await request.body()
    if len(raw) > UPLOAD_LIMIT:
        return JSONResponse({"error": f"log: more than {UPLOAD_LIMIT} bytes"}, status_code=413)
    try:
        body = json.loads(raw or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError):
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("log"), str):
        return JSONResponse(
            {"error": 'log: expected {"log": "<the text of a session log>"}'}, status_code=400
        )
    try:
        replay = build(parse_log(body["log"], "log"), "log")
    except LogError as err:
        return JSONResponse({"error": str(err)}, status_code=400)
    key = secrets.token_urlsafe(12)
    _shelf(request).put(f"upload:{key}", replay)
    return JSONResponse({"url": f"/replay/upload/{key}"}, status_code=201)


async def uploaded(request: Request) -> Response:
    """``GET /replay/upload/{key}``: an uploaded log's replay, while the server keeps it."""
    key = request.path_params["key"]
    replay = _shelf(request).get(f"upload:{key}")
    if replay is None:
        return _page(404, "这份回放已不在服务器上：请重新上传牌谱")
    return replay_page(replay, _number(request.query_params.get("step"), 0), f"/replay/upload/{key}?step=")


ROUTES = [
    Route("/replay/upload/{key}", uploaded),
    Route("/replay/{table}", table_replay),
    Route("/api/replays", upload, methods=["POST"]),
]
"""The replay routes, for the console's table of routes."""


def replay_app(lines: Sequence[dict[str, Any]], where: str) -> Starlette:
    """The application of ``hexmj replay LOG --serve``: the log's replay at ``/`` (a log that does not
    replay is a :class:`LogError` before any port is bound)."""
    replay = build(lines, where)

    async def one(request: Request) -> Response:
        return replay_page(replay, _number(request.query_params.get("step"), 0), "/?step=")

    return Starlette(
        routes=[Route("/", one), Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    )
