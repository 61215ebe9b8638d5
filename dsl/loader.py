"""Finding, parsing and checking the card files (docs/dsl.md).

:func:`load_cards` reads the core card files ``cards/*.hex`` and the card
files of every installed module (``engine.hextech.plugins``), parses them, runs the
semantic pass of :mod:`dsl.compiler` over all of them at once and returns
the cards, in file order.  Results are cached per process, keyed by the
paths and their modification times.
"""

from __future__ import annotations

import stat
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from dsl.compiler import check_cards
from dsl.errors import CardCheckError, CardSyntaxError, Diagnostic, Location
from dsl.model import Card
from dsl.parser import parse_text
from engine.core.errors import CardError, InputError

if TYPE_CHECKING:
    from engine.hextech.plugins import ModuleInfo

CORE_CARDS = Path(__file__).resolve().parent.parent / "cards"
"""The folder of the core card files (W, O, S, G, P, C, B)."""

MAX_FILE = 1 << 20
"""The largest card file read, in bytes; the library's largest is under 14 KB (R190)."""

_cache: dict[tuple[tuple[str, int], ...], list[Card]] = {}


def default_paths(registry: Sequence[ModuleInfo] | None = None) -> list[Path]:
    """``cards/*.hex`` sorted by name, then the card files of each module of ``registry``
    (default: every installed module)."""
    if registry is None:
        from engine.hextech.plugins import (
            installed_modules,  # the plugin machinery only when files are not given
        )

        registry = installed_modules()
    core = sorted(CORE_CARDS.glob("*.hex"))
    modules = [path for info in registry for path in info.card_files]
    return [*core, *modules]


def load_cards(paths: Sequence[Path] | None = None, extra: Iterable[Path] = ()) -> list[Card]:
    """Parse and check the cards of ``paths`` (default: :func:`default_paths`) plus ``extra``.

    A syntax error raises :class:`dsl.errors.CardSyntaxError`; semantic
    errors of all files are raised together as :class:`dsl.errors.CardCheckError`
    (warnings do not stop loading).  A missing file is a :class:`engine.core.errors.CardError`.
    """
    files = [Path(p) for p in (default_paths() if paths is None else paths)] + [Path(p) for p in extra]
    key = files_key(files)
    if key not in _cache:
        _cache[key] = _load(files)
    return list(_cache[key])


def files_key(paths: Sequence[Path] | None = None) -> tuple[tuple[str, int], ...]:
    """The card files ``paths`` (default: :func:`default_paths`) with the time each was last written:
    what a cache of their cards is keyed by, so that a file written since is read again."""
    files = [Path(p) for p in (default_paths() if paths is None else paths)]
    return tuple((str(path), _mtime(path)) for path in files)


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError as err:
        raise CardError(f"{path}: cannot read card file: {err.strerror}") from None


def _load(files: list[Path]) -> list[Card]:
    sources: dict[str, str] = {}
    for path in files:
        text, bad_encoding = read_source(path)
        if bad_encoding is not None:
            raise CardSyntaxError(bad_encoding, text)
        sources[str(path)] = text
    cards = [card for file, text in sources.items() for card in parse_text(text, file)]
    errors = [d for d in check_cards(cards) if d.severity == "error"]
    if errors:
        raise CardCheckError(errors, sources)
    return cards


def read_source(path: Path) -> tuple[str, Diagnostic | None]:
    """The text of a card file, and an ``ENCODING`` error at the first byte that is not UTF-8.

    Such a file is not parsed; its text keeps a replacement character for the
    bad byte so that the finding can show the line with a caret.
    """
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise InputError(f"{path}: not a card file")
        size = status.st_size
        data = path.read_bytes() if size <= MAX_FILE else b""
    except OSError as err:
        raise InputError(f"{path}: cannot read card file: {err.strerror}") from None
    if size > MAX_FILE:
        message = f"a card file of {size} bytes; at most {MAX_FILE} are read"
        where = Location(file=str(path), line=1, column=1)
        hint = "split the cards over several files"
        return "", Diagnostic(
            severity="error", code="TOO-LARGE", cards=(), message=message, location=where, hint=hint
        )
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as err:
        before = data[: err.start].decode("utf-8", errors="replace")
        line_start = before.rfind("\n") + 1
        finding = Diagnostic(
            severity="error",
            code="ENCODING",
            cards=(),
            message=f"byte 0x{data[err.start]:02x} is not UTF-8 text",
            location=Location(
                file=str(path), line=before.count("\n") + 1, column=len(before) - line_start + 1
            ),
            hint="card files are UTF-8; save the file as UTF-8",
        )
        return data.decode("utf-8", errors="replace"), finding
