"""Who may do what at the console: the console key, the addresses it answers at (issue 29 item 5,
issue 30 item 1).

``hexmj serve`` makes a console key (random at start, or ``--key KEY`` / ``HEXMJ_CONSOLE_KEY``) and
prints the set-up URL carrying it.  The key is the host's: creating, listing and deleting tables
take it, as ``Authorization: Bearer KEY`` on the API or as the cookie the set-up URL sets for the
pages (HttpOnly, SameSite=Strict, so no other site's page sends it).  A table's host token opens its
own host screen and log and nothing else; a seat token acts for its own seat alone
(:mod:`tools.console_web.app`).

:class:`Access` also holds where the console is reached: the addresses a phone opens (join links
and QR codes are built from the first, never from a request's ``Host``), this machine's own
address, and the ``Host`` values the guard (:mod:`tools.console_web.guard`) answers state-changing
requests and sockets for.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from engine.core.errors import InputError
from tools.console_web.addresses import LOOPBACK_NAMES, WILDCARDS, in_url, netlocs, phone_addresses

COOKIE = "hexmj_console"
"""The cookie that carries the console key on the host's own browser."""
KEY_FORM = re.compile(r"[A-Za-z0-9._~-]{16,128}")
"""A console key: 16 to 128 characters a URL carries as they are."""
KEY_ENV = "HEXMJ_CONSOLE_KEY"


def console_key(given: str | None) -> str:
    """The console key: ``given`` (``--key`` or ``$HEXMJ_CONSOLE_KEY``) when it has the form; with none
    (or an empty one), a fresh random one (192 bits)."""
    if not given:
        return secrets.token_urlsafe(24)
    if not KEY_FORM.fullmatch(given):
        raise InputError(
            "--key: expected 16 to 128 letters, digits or ._~- "
            f"(or none, for a random key), got {len(given)} characters"
        )
    return given


@dataclass(frozen=True)
class Access:
    """The console key and the addresses the console answers at."""

    key: str
    phones: tuple[str, ...]
    """The base URLs a phone on the network opens (``--public-url``, or each address the server
    listens on that is not loopback); empty when phones cannot join."""
    local: str
    """The base URL on this machine itself."""
    hosts: frozenset[str]
    """The ``Host`` values the console answers state-changing requests and sockets for."""

    @classmethod
    def listening(cls, key: str, host: str, port: int, public: str | None = None) -> Access:
        """The access of a server listening on ``host``:``port`` (``public`` its ``--public-url``)."""
        listened = tuple(phone_addresses(host, port))
        phones = (public,) if public is not None else listened
        local = f"http://127.0.0.1:{port}"
        named = [*listened, *(f"http://{name}:{port}" for name in LOOPBACK_NAMES)]
        if host not in WILDCARDS:
            named.append(f"http://{in_url(host)}:{port}")
        hosts = frozenset(netloc for base in (*phones, *named) for netloc in netlocs(base))
        return cls(key, phones, local, hosts)

    @property
    def base(self) -> str:
        """The address links are built from: the first a phone opens, else this machine's."""
        return self.phones[0] if self.phones else self.local

    def setup_url(self) -> str:
        """The set-up page's URL with the console key, which sets the key's cookie."""
        return f"{self.base}/?key={quote(self.key, safe='')}"

    def holds_key(self, request: Request) -> bool:
        """Whether the request carries the console key: ``Authorization: Bearer KEY`` or the cookie."""
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer":
            given = request.cookies.get(COOKIE, "")
        return secrets.compare_digest(given.strip().encode(), self.key.encode())

    def set_cookie(self, target: str) -> Response:
        """The set-up URL's answer: the key's cookie for the pages, and on to ``target`` (the key
        leaves the address bar)."""
        response = RedirectResponse(target, status_code=303)
        secure = self.base.startswith("https://")
        response.set_cookie(COOKIE, self.key, httponly=True, samesite="strict", secure=secure, path="/")
        return response
