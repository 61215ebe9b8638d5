"""The guard in front of every route: no other site acts at the console, no body is read past its
bound (issue 29 items 5 and 6).

An ASGI middleware.  A request that changes something (any method but ``GET``, ``HEAD`` and
``OPTIONS``) and a socket upgrade are refused with 403 when their ``Host`` is not one of the
console's own addresses (:attr:`tools.console_web.access.Access.hosts`: a page of another site
that a DNS name was pointed at this machine for) or their ``Origin`` is another site's; such a
request must also say ``Content-Type: application/json`` (415 otherwise), which a page of another
site cannot send without the browser asking first (a ``no-cors`` ``text/plain`` body is refused).
A body is read at most :data:`~tools.console_web.limits.BODY_LIMIT` bytes (a route that takes more,
such as a log uploaded for its replay, names its own bound): a longer ``Content-Length`` is refused
with 413 before any of it is read, and a body sent in chunks is refused with 413 as soon as it passes
the bound, the rest never read.  Every refusal is a JSON
``{"error": …}`` naming the header.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tools.console_web.access import Access
from tools.console_web.limits import BODY_LIMIT

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing."""
JSON_TYPE = "application/json"
POLICY = 1008
"""The close code of a socket refused for another site (policy violation); before the upgrade is
accepted, the server answers it as HTTP 403."""


def cross_site(headers: Headers, access: Access) -> str | None:
    """Why a request is another site's (its ``Host`` not the console's, its ``Origin`` another's),
    or ``None``."""
    host = headers.get("host", "").lower()
    if host not in access.hosts:
        return f"Host: {host!r} is not an address of this console"
    origin = headers.get("origin")
    if origin is not None and urlsplit(origin).netloc.lower() not in access.hosts:
        return f"Origin: {origin!r} is another site; the console acts only for its own pages"
    return None


def _refuse(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _length_refusal(headers: Headers, limit: int) -> JSONResponse | None:
    """A ``Content-Length`` that is no number (400) or over ``limit`` (413), else ``None``."""
    length = headers.get("content-length")
    if length is None:
        return None
    if not (length.isascii() and length.isdigit()):
        return _refuse(400, f"Content-Length: expected a number of bytes, got {length[:40]!r}")
    if len(length) > len(str(limit)) or int(length) > limit:
        return _refuse(413, f"body: more than {limit} bytes")
    return None


def _bounded(receive: Receive, limit: int) -> Receive:
    """``receive`` that refuses a body (413) as soon as it passes ``limit``."""
    read = 0

    async def bounded() -> Message:
        nonlocal read
        message = await receive()
        if message["type"] == "http.request":
            read += len(message.get("body", b""))
            if read > limit:
                raise HTTPException(413, f"body: more than {limit} bytes")
        return message

    return bounded


class Guard:
    """The middleware; ``access`` gives the console's key and addresses as they stand (they are known
    once the server listens), ``larger`` the paths that take a larger body and their bounds."""

    def __init__(self, app: ASGIApp, access: Callable[[], Access], larger: Mapping[str, int]) -> None:
        self.app = app
        self.access = access
        self.larger = larger

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if cross_site(Headers(scope=scope), self.access()) is not None:
                await receive()
                await send({"type": "websocket.close", "code": POLICY})
                return
        elif scope["type"] == "http":
            headers = Headers(scope=scope)
            limit = self.larger.get(scope["path"], BODY_LIMIT)
            refusal = _length_refusal(headers, limit)
            if refusal is None and scope["method"] not in SAFE_METHODS:
                refusal = self._changing(headers)
            if refusal is not None:
                await refusal(scope, receive, send)
                return
            receive = _bounded(receive, limit)
        await self.app(scope, receive, send)

    def _changing(self, headers: Headers) -> JSONResponse | None:
        """The refusal of a request that changes something, else ``None``."""
        why = cross_site(headers, self.access())
        if why is not None:
            return _refuse(403, why)
        given = headers.get("content-type", "")
        if given.split(";", 1)[0].strip().lower() != JSON_TYPE:
            return _refuse(415, f"Content-Type: expected {JSON_TYPE}, got {given[:60]!r}")
        return None
