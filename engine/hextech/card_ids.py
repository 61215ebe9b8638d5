"""Card ids (lib 一, §18.4): the one reading of ``W-01``, ``O-P01``, ``S-08-v2``.

An id is a series (one letter, or two joined by a dash: ``O-P``), a two-digit number and, for a
version after the first, ``-vN`` (``S-08`` is version 1, ``S-08-v2`` its second).  :data:`WRITTEN`
is how an id is written as a word, wider than the valid form so that a malformed id is read whole
and refused with its reason; :data:`FORM` is the valid form; :func:`parse_id` reads one,
:func:`split_version` and :func:`base_of` take a written id apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.core.errors import InputError

WRITTEN = r"[A-Z]{1,2}-[A-Z]?[0-9]{2,3}(?:-v[0-9]+)?"
"""An id as a word of a card file or a text (the card language's ``CARD_ID``): read whole, then
checked against :data:`FORM`."""
FORM = r"[A-Z](?:-[A-Z])?-?[0-9]{2}(?:-v(?:[2-9]|[1-9][0-9]{1,17}))?"
"""A valid id: series, two digits, and ``-v2`` or later (a first version has no ``-v``)."""
_PARTS = re.compile(r"(?P<series>[A-Z](?:-[A-Z])?)-?(?P<number>[0-9]{2})(?:-v(?P<version>[0-9]+))?")
_VERSION = re.compile(r"(?P<base>.+?)(?:-v(?P<version>[0-9]+))?")
_VALID = re.compile(FORM)


@dataclass(frozen=True, order=True)
class CardId:
    """A parsed card id: its series (``O-P``), its number (``1``) and its version (``1`` for the base)."""

    series: str
    number: int
    version: int

    @property
    def base(self) -> str:
        """The base id, e.g. ``S-08`` for ``S-08-v2``."""
        joiner = "" if "-" in self.series else "-"
        return f"{self.series}{joiner}{self.number:02d}"

    def __str__(self) -> str:
        return self.base if self.version == 1 else f"{self.base}-v{self.version}"


def is_card_id(text: str) -> bool:
    """Whether ``text`` is a valid id (:data:`FORM`)."""
    return _VALID.fullmatch(text) is not None


def parse_id(text: str) -> CardId:
    """Parse ``W-01``, ``O-P01`` or ``S-08-v2``; anything else is an :class:`InputError`."""
    match = _PARTS.fullmatch(text) if is_card_id(text) else None
    if match is None:
        shown = repr(text) if len(text) <= 40 else repr(text[:40]) + "…"
        raise InputError(f"{shown} is not a card id (expected e.g. W-01, O-P01, S-08-v2)")
    return CardId(match["series"], int(match["number"]), int(match["version"] or 1))


def split_version(written: str) -> tuple[str, str]:
    """A written id's base and the digits of its version, whether or not it is valid (``S-08-v2`` →
    ``("S-08", "2")``, ``S-08`` → ``("S-08", "")``: version 1)."""
    match = _VERSION.fullmatch(written)
    if match is None:
        return written, ""
    return match["base"], match["version"] or ""


@lru_cache(maxsize=4096)
def base_of(card_id: str) -> str:
    """The base id of a versioned id (``S-08-v2`` → ``S-08``): what a card's markers, limits and
    choices are kept under whatever version is in play (§18.4)."""
    return split_version(card_id)[0]
