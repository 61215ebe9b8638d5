"""Where the console can be reached: the addresses a phone on the table's network opens (issue 30
item 1).

``hexmj serve --host H`` listens on one address of the machine, or on all of them with
``0.0.0.0`` (IPv4) or ``::`` (IPv4 and IPv6).  A phone reaches it at each address the server
listens on that is not the machine's own loopback (nor an IPv6 link-local one, which a browser
cannot open without naming the interface); ``--public-url URL`` names the one address to give
instead (a name, a forwarded port, a proxy).  With none, the console is this machine's alone and
phones cannot join.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

import psutil

from engine.core.errors import InputError

WILDCARDS = {
    "0.0.0.0": (socket.AF_INET,),
    "": (socket.AF_INET, socket.AF_INET6),
    "::": (socket.AF_INET, socket.AF_INET6),
}
"""The ``--host`` values that listen on every address of the machine, and the families they take."""
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
"""How this machine names its own loopback."""


def in_url(address: str) -> str:
    """An address as a URL writes it: an IPv6 one in brackets."""
    return f"[{address}]" if ":" in address else address


def _reachable(address: str) -> bool:
    """Whether another device on the network can open ``address`` (not loopback, not link-local)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address != "localhost"
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def machine_addresses(families: tuple[int, ...]) -> list[str]:
    """The machine's own addresses of ``families`` that other devices can open, IPv4 first."""
    found: list[str] = []
    for family in families:
        for interface in psutil.net_if_addrs().values():
            for entry in interface:
                if entry.family == family and _reachable(entry.address) and entry.address not in found:
                    found.append(entry.address)
    return found


def phone_addresses(host: str, port: int) -> list[str]:
    """The base URLs a phone opens for a server listening on ``host``:``port``."""
    families = WILDCARDS.get(host)
    listened = machine_addresses(families) if families is not None else [host]
    return [f"http://{in_url(address)}:{port}" for address in listened if _reachable(address)]


def public_url(text: str) -> str:
    """``--public-url``: an ``http://`` or ``https://`` address with a host and nothing after it but a
    ``/``; an :class:`InputError` naming the option otherwise."""
    parts = urlsplit(text.strip())
    try:
        parts.port  # noqa: B018 - a port that is not a number is refused here
    except ValueError:
        raise InputError(f"--public-url: {text!r} has a port that is not a number") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InputError(f"--public-url: expected http://HOST[:PORT] or https://…, got {text!r}")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username or parts.password:
        raise InputError(
            f"--public-url: the console is served at the root: give {parts.scheme}://{parts.netloc}"
        )
    return f"{parts.scheme}://{parts.netloc}"


def netlocs(base: str) -> set[str]:
    """The ``Host`` values a browser sends for a page of ``base`` (the port left out when it is the
    scheme's own)."""
    parts = urlsplit(base)
    netloc = parts.netloc.lower()
    default = {"http": 80, "https": 443}[parts.scheme]
    port = parts.port or default
    host = netloc.rsplit(":", 1)[0] if parts.port else netloc
    found = {f"{host}:{port}"}
    if port == default:
        found.add(host)
    return found
