"""The bounds on what a request or a socket message may carry (issue 29 item 6).

Whatever a client sends, the console reads at most :data:`BODY_LIMIT` bytes of it (the guard,
:mod:`tools.console_web.guard`, stops a longer body while it is being read), JSON nested at most
:data:`DEPTH_LIMIT` deep and numbers of at most :data:`DIGIT_LIMIT` digits.  :func:`read_json`
parses a body or a message within those bounds: JSON that does not parse or nests too deep is a
:class:`~tools.console_web.requests.BadRequest` naming ``what`` it was, and a number too long is
read as an :class:`Oversized`, which no field takes, so the field's own check names the field
(``seed: expected a whole number …, got a number of 5000 digits``).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from tools.console_web.requests import BadRequest

BODY_LIMIT = 16_384
"""The largest request body or socket message read, in bytes."""
SOCKET_FRAME_LIMIT = 4 * BODY_LIMIT
"""The largest socket message the server takes in at all: one up to this size and over
:data:`BODY_LIMIT` gets an error frame, a longer one closes the socket with code 1009 (message too
big), the socket's own answer to a message it will not read."""
DEPTH_LIMIT = 8
"""The deepest nesting of arrays and objects read (a table request nests three deep)."""
DIGIT_LIMIT = 24
"""The most characters a JSON number may have (a seed is at most 19 digits)."""


class Oversized:
    """A number of more than :data:`DIGIT_LIMIT` characters, kept unread: neither an int nor a float,
    so every field refuses it by its own check."""

    def __init__(self, text: str) -> None:
        self.length = len(text)

    def __repr__(self) -> str:
        return f"a number of {self.length} characters"


def _number(parse: type[int] | type[float]) -> Any:
    def read(text: str) -> int | float | Oversized:
        return parse(text) if len(text) <= DIGIT_LIMIT else Oversized(text)

    return read


def depth(text: str) -> int:
    """How deep the arrays and objects of the JSON ``text`` nest (brackets inside strings do not
    count); read without recursion, so any text is measured."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


def read_json(raw: bytes | str, what: str = "body") -> Any:
    """The JSON ``raw`` holds (empty is ``null``), within the bounds; otherwise a
    :class:`BadRequest` naming ``what`` (``body``, ``message``)."""
    if len(raw) > BODY_LIMIT:
        raise BadRequest(f"{what}: more than {BODY_LIMIT} bytes")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as err:
        raise BadRequest(f"{what}: not UTF-8 text: {err.reason} at byte {err.start}") from None
    if depth(text) > DEPTH_LIMIT:
        raise BadRequest(f"{what}: JSON nested more than {DEPTH_LIMIT} deep")
    try:
        return json.loads(text or "null", parse_int=_number(int), parse_float=_number(float))
    except json.JSONDecodeError as err:
        raise BadRequest(f"{what}: not JSON: {err}") from None


async def receive_message(socket: WebSocket) -> Any:
    """The JSON of the socket's next message, within the bounds; a message that is not JSON text is a
    :class:`BadRequest` naming ``message`` (the socket stays open), a closed socket a
    :class:`WebSocketDisconnect`."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is None:
        raise BadRequest("message: expected a text frame of JSON, got a binary one")
    return read_json(text, "message")
