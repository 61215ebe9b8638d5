"""What ``hexmj tune`` prints: the ``--json`` document and the terminal summary (issue 34 items 1, 2, 4).

JSON: ``{"flags": [{"card", "figure", "value", "low", "high", "line"}], "proposals": [{"card",
"version", "edit", "figure", "before": {"value", "low", "high"}, "after": {…}, "side_effects":
[{"figure", "before", "after", "diff"}]}]}``, and ``"people"`` (``[{"card", "figure", "people",
"bots", "disagree"}]``) when the record store holds real-table sessions of the cohort measured.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tools.lab.proposals import Proposal, Shown
from tools.lab.sequential import Interval
from tools.lab.stats import figure
from tools.lab.tune import Flagged, Tuned
from tools.lab.tune_people import Beside


def _interval(iv: Interval) -> dict[str, float]:
    return Shown.of(iv).model_dump()


def _shown(s: Shown, signed: bool = False) -> str:
    return f"{figure(s.value, signed)} [{figure(s.low, signed)}, {figure(s.high, signed)}]"


def tune_doc(
    flags: Sequence[Flagged], proposals: Sequence[Proposal], people: Sequence[Beside] | None
) -> dict[str, Any]:
    """The ``--json`` document."""
    doc: dict[str, Any] = {
        "flags": [
            {
                "card": f.card,
                "figure": f.figure,
                "value": round(f.interval.value, 6),
                "low": round(f.interval.low, 6),
                "high": round(f.interval.high, 6),
                "line": f.line.text,
            }
            for f in flags
        ],
        "proposals": [p.doc() for p in proposals],
    }
    if people:
        doc["people"] = [
            {
                "card": b.card,
                "figure": b.figure,
                "people": _interval(b.people),
                "bots": _interval(b.bots),
                "disagree": b.disagree,
            }
            for b in people
        ]
    return doc


def dumps(doc: dict[str, Any]) -> str:
    """JSON as every command prints it: UTF-8, indented, the same bytes for the same run."""
    return json.dumps(doc, ensure_ascii=False, indent=2)


def tune_lines(
    header: str,
    flags: Sequence[Flagged],
    searches: Sequence[Tuned],
    proposals: dict[str, Proposal],
    people: Sequence[Beside] | None,
    written: dict[str, list[str]],
) -> list[str]:
    """The terminal summary: the run, the flags, each search's proposal (or why none), people."""
    lines = [header, f"flags ({len(flags)}; * its interval lies wholly outside the line):"]
    for f in flags:
        iv = Shown.of(f.interval)
        outside = " *" if iv.high < f.line.low or iv.low > f.line.high else ""
        lines.append(f"  {f.card} {f.figure} {_shown(iv)}{outside}: {f.line.text}; 可能调整: {f.line.adjust}")
    if not flags:
        lines.append("  none: every figure lies inside its line")
    for tuned in searches:
        lines += _search_lines(tuned, proposals.get(tuned.source.id), written.get(tuned.source.id, []))
    if people is not None:
        lines += _people_lines(people)
    return lines


def _search_lines(tuned: Tuned, found: Proposal | None, written: list[str]) -> list[str]:
    card, line = tuned.source.id, tuned.flagged.line
    tried = f"{len(tuned.probes)} version{'s' if len(tuned.probes) != 1 else ''} measured"
    if found is None:
        why = "no edit in the directions of §18.3 brought it inside its line"
        if not tuned.probes:
            why = f"it has no number, duration, prohibition or option that {line.adjust} may change"
        return [f"no proposal for {card}: {why} ({tried})"]
    band = f"{figure(line.low)}..{figure(line.high)}"
    lines = [
        f"proposal {found.version} (from {card}): {found.edit}",
        f"  {found.figure} {_shown(found.before)} → {_shown(found.after)} over {found.seeds} seeds, "
        f"inside {band} ({tried})",
    ]
    if found.side_effects:
        lines.append("  side effects (moved beyond their interval on the same seeds):")
        for s in found.side_effects:
            lines.append(
                f"    {s.figure} {figure(s.before.value)} → {figure(s.after.value)}, {_shown(s.diff, True)}"
            )
    else:
        lines.append("  side effects: nothing else moved beyond its interval on the same seeds")
    lines += ["  " + row for row in found.diff.splitlines()]
    if written:
        lines += [f"  written: {row}" for row in written]
    else:
        lines.append("  not written (--write writes it, with its examples copied and marked for review)")
    return lines


def _people_lines(people: Sequence[Beside]) -> list[str]:
    if not people:
        return ["people: no real-table session of this cohort in the record store"]
    lines = ["people beside bots (real-table sessions, 95 % intervals; ! they disagree beyond them):"]
    for b in people:
        mark = " !" if b.disagree else ""
        people_iv, bots_iv = Shown.of(b.people), Shown.of(b.bots)
        lines.append(f"  {b.figure} people {_shown(people_iv)} bots {_shown(bots_iv)}{mark}")
    return lines
