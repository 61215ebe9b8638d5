"""The lines of a session's log, whatever its rule set (R191, R593; issue 33 item 1): JSON objects,
one a line, written byte-stable (:func:`dumps`), the header sealed by its digest (:func:`digest`),
a decision and the session's end in one shape for every rule set, and how a line read or replayed
departs from the one hexmj writes (:func:`edited_field`, :func:`divergence`).

A log's header is its rule set's (:mod:`engine.core.table_log` for the core's table,
``engine.hextech.log`` for hextech); its lines are read by :mod:`engine.core.log_reader` and
written and replayed by :mod:`engine.core.log_writer`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.core.decisions import Decision
from engine.core.seats import PLAYERS

EDITED: Final = "edited after play: a log replays and resumes only as hexmj wrote it"
"""Why a line of a log is refused when its bytes or its header's digest were changed after play (R593)."""
NOTE: Final = "note"
"""A line for people that no replay reads: the console marks with it a decision a stand-in bot
answered for a person's seat (docs/console.md, R535).  A log's reader leaves it out."""
SEED_RANGE = range(-(2**63), 2**63)
"""The seeds a session may have: a record store keeps them as 64-bit integers (§18.3)."""
SHOWN = 200
"""The most characters of a value a message shows; a longer one is cut and its length given."""
ABSENT = "(absent)"
"""How a message shows a field that a line does not have."""

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""The encoder of every log line, made once (``json.dumps`` with options makes one per call)."""


def dumps(line: Mapping[str, Any]) -> str:
    """One log line, byte-stable: compact separators, keys in insertion order, UTF-8 kept."""
    return _ENCODER.encode(line)


def digest(head: Mapping[str, Any]) -> str:
    """What a log promises of its header: the SHA-256 (first 16 hex digits) of the header line as
    written, without its ``digest``.  Every later line is checked by re-playing it, so a header
    edited after play (its agents, its seed) is the one change a replay would not see (R191)."""
    fields = {key: value for key, value in head.items() if key != "digest"}
    return hashlib.sha256(dumps(fields).encode("utf-8")).hexdigest()[:16]


def edited_field(chunk: bytes, value: Any) -> str | None:
    """Where a log line read as ``value`` departs from the bytes hexmj writes for it (R593): ``None``
    when ``chunk`` is exactly :func:`dumps` of ``value``, else the dotted path of the first field
    written otherwise (``data.tiles``; ``line`` when no field holds the place).  A line re-spaced,
    re-escaped, with a key given twice or a number re-spelled reads as the same value, so only the
    bytes tell that it was edited after play."""
    written = dumps(value)
    text = chunk.decode("utf-8")
    if text == written:
        return None
    at = next((i for i, (a, b) in enumerate(zip(text, written, strict=False)) if a != b), len(written))
    return _field_at(value, at) or "line"


def _field_at(value: Any, at: int, where: str = "") -> str:
    """The dotted path of the field whose text, in :func:`dumps` of ``value``, holds offset ``at``."""
    if at == 0:
        return where
    if isinstance(value, dict):
        items: list[tuple[str, Any]] = list(value.items())
        start = 1
        for i, (key, item) in enumerate(items):
            path = f"{where}.{key}" if where else str(key)
            start += 1 if i else 0
            key_end = start + len(_ENCODER.encode(key)) + 1
            end = key_end + len(_ENCODER.encode(item))
            if at < key_end:
                return path
            if at < end:
                return _field_at(item, at - key_end, path)
            start = end
    elif isinstance(value, list):
        start = 1
        for i, item in enumerate(value):
            start += 1 if i else 0
            end = start + len(_ENCODER.encode(item))
            if at < end:
                return _field_at(item, at - start, f"{where}.{i}" if where else str(i))
            start = end
    return where


def decision_line(decision: Decision, answer: str) -> dict[str, Any]:
    """A decision and its answer as a JSON object."""
    return {
        "type": "decision",
        "player": PLAYERS[decision.player],
        "kind": decision.kind.value,
        "about": decision.about,
        "options": list(decision.options),
        "answer": answer,
    }


def end_line(totals: Sequence[int]) -> dict[str, Any]:
    """A finished session's last line: each seat's total, by letter."""
    return {"type": "end", "totals": {PLAYERS[p]: totals[p] for p in range(len(PLAYERS))}}


def first_difference(logged: Any, given: Any, field: str = "") -> tuple[str, Any, Any]:
    """The first field, as a dotted path (``data.picks.A``, ``options.2``), where two log lines differ,
    with both values; a field one side lacks is :data:`ABSENT` there."""
    if isinstance(logged, dict) and isinstance(given, dict):
        for key in [*logged, *(k for k in given if k not in logged)]:
            a, b = logged.get(key, ABSENT), given.get(key, ABSENT)
            if dumps_value(a) != dumps_value(b):
                return first_difference(a, b, f"{field}.{key}" if field else str(key))
    elif isinstance(logged, list) and isinstance(given, list) and len(logged) == len(given):
        for i, (a, b) in enumerate(zip(logged, given, strict=True)):
            if dumps_value(a) != dumps_value(b):
                return first_difference(a, b, f"{field}.{i}" if field else str(i))
    return field, logged, given


def dumps_value(value: Any) -> str:
    """A field's value in a one-line message: a printable string as it is, anything else as compact JSON,
    cut after :data:`SHOWN` characters."""
    text = (
        value
        if isinstance(value, str) and value.isprintable()
        else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    )
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}… ({len(text)} characters)"


def divergence(logged: Mapping[str, Any], given: Mapping[str, Any]) -> str:
    """What differs between a logged line and the line the session gives: the line's kind (an event's
    name, ``decision <kind>``), the first differing field and both values, e.g. ``augment.drafted:
    data.picks.A: logged S-18, the session gives S-06``."""
    kind = logged.get("type")
    what = {"event": logged.get("name"), "decision": f"decision {logged.get('kind')}"}.get(str(kind), kind)
    field, a, b = first_difference(dict(logged), dict(given))
    return f"{what}: {field or 'line'}: logged {dumps_value(a)}, the session gives {dumps_value(b)}"
