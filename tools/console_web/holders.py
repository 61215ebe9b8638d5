"""Which phone plays each person's seat, whose join links the host screen still shows, and which seats
a stand-in bot answers for (issue 30 items 2 and 4; R533–R536).

A phone is known by a random device id its browser keeps in a cookie (:data:`DEVICE`).  The first
phone whose page opens a seat's live connection joins it; from then on the seat's link and QR code
leave the host screen, until the host shows them again to let a phone re-join.  Another phone that
opens the link is asked whether to take the seat over; taking it over makes it the seat's phone, and
the phone that held it is told it lost the seat and can no longer answer.  A request with no device
(the JSON API as a script uses it) neither joins nor is refused: the seat's token is what opens it.

A seat whose phone has joined and then gone away (no live connection) is *away*; at a table whose
host chose a stand-in, a bot answers its decisions while it is away (:mod:`tools.console_web.tending`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

DEVICE = "hexmj_device"
"""The cookie that names a phone."""
DEVICE_BYTES = 16
"""How many random bytes name a device."""


def new_device() -> str:
    """A fresh device id."""
    return secrets.token_urlsafe(DEVICE_BYTES)


@dataclass
class Holders:
    """The phones of one table's seats, the links shown again, and when each seat went away."""

    devices: dict[str, str] = field(default_factory=dict)
    """Seat letter → the device that holds it."""
    shown: set[str] = field(default_factory=set)
    """Seats whose link the host has shown again."""
    away_since: dict[str, float] = field(default_factory=dict)
    """Seat letter → when its last live connection closed."""

    def holder(self, letter: str) -> str | None:
        """The device holding seat ``letter``, if a phone has joined it."""
        return self.devices.get(letter)

    def join(self, letter: str, device: str) -> bool:
        """A phone opens seat ``letter``'s live connection: the first one joins it; whether
        ``device`` holds the seat now."""
        held = self.devices.setdefault(letter, device)
        if held == device:
            self.shown.discard(letter)
        return held == device

    def take(self, letter: str, device: str) -> str | None:
        """``device`` takes seat ``letter`` over; the device that held it, if another."""
        before = self.devices.get(letter)
        self.devices[letter] = device
        self.shown.discard(letter)
        return before if before != device else None

    def may_answer(self, letter: str, device: str | None) -> bool:
        """Whether a request from ``device`` may act for seat ``letter``: any but a phone that does
        not hold it (a request with no device is the API's)."""
        return device is None or self.devices.get(letter, device) == device

    def show(self, letter: str) -> None:
        """The host shows seat ``letter``'s link again, until a phone joins or takes it."""
        self.shown.add(letter)

    def links(self, every: Mapping[str, str]) -> dict[str, str]:
        """The join links the host screen shows: a seat no phone has joined, or one shown again."""
        return {
            letter: url for letter, url in every.items() if letter not in self.devices or letter in self.shown
        }

    def joined(self) -> list[str]:
        """The seats whose phone has joined and whose link is hidden."""
        return sorted(letter for letter in self.devices if letter not in self.shown)

    def left(self, letter: str) -> None:
        """Seat ``letter``'s last live connection has closed."""
        self.away_since[letter] = time.monotonic()

    def back(self, letter: str) -> None:
        """Seat ``letter`` has a live connection again."""
        self.away_since.pop(letter, None)

    def away(self, letter: str, connected: bool) -> bool:
        """A seat whose phone has joined and has no live connection."""
        return letter in self.devices and not connected
