"""``hexmj tune --report DIR``: before and after for each proposal, drawn (issue 34 item 2).

``DIR/index.html`` lists the flags and, per proposal, its edit, its ``.hex`` diff and one plot: the
figure before and after with their intervals against the line (shaded), and every side effect as the
difference after − before with its interval, inlined as a PNG with an alt text that says in words
what it shows.  Written atomically, like the lab's report (:mod:`tools.lab.report`).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from tools.fsio import write_atomic
from tools.lab.proposals import Proposal
from tools.lab.stats import figure
from tools.lab.tune import Flagged

_STYLE = (
    "body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}"
    "pre{background:#f6f6f6;padding:8px;overflow-x:auto}img{max-width:100%}"
)


def write_report(folder: Path, header: str, flags: Sequence[Flagged], proposals: Sequence[Proposal]) -> Path:
    """Write ``folder/index.html``; its path."""
    lines = {f.card: f for f in flags}
    parts = [
        f"<!doctype html><html lang='zh'><head><meta charset='utf-8'><title>{html.escape(header)}</title>",
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(header)}</h1><h2>Flags</h2><ul>",
    ]
    for f in flags:
        shown = f"{figure(f.interval.value)} [{figure(f.interval.low)}, {figure(f.interval.high)}]"
        parts.append(f"<li>{html.escape(f'{f.card} {f.figure} {shown}: {f.line.text}')}</li>")
    parts.append("</ul><h2>Proposals</h2>")
    for found in proposals:
        flagged = lines[found.card]
        png = _plot(found, flagged)
        alt = _alt(found, flagged)
        data = base64.b64encode(png).decode()
        parts += [
            f"<h3>{html.escape(found.version)}: {html.escape(found.edit)}</h3>",
            f"<img alt=\"{html.escape(alt)}\" src='data:image/png;base64,{data}'>",
            f"<pre>{html.escape(found.diff)}</pre>",
        ]
    if not proposals:
        parts.append("<p>No proposal.</p>")
    parts.append("</body></html>")
    path = Path(folder) / "index.html"
    write_atomic(path, "".join(parts))
    return path


def _alt(found: Proposal, flagged: Flagged) -> str:
    line = flagged.line
    moved = ", ".join(s.figure for s in found.side_effects) or "nothing else"
    return (
        f"{found.figure} of {found.card} {figure(found.before.value)} before and of {found.version} "
        f"{figure(found.after.value)} after, against the line {figure(line.low)} to {figure(line.high)}; "
        f"side effects: {moved}"
    )


def _plot(found: Proposal, flagged: Flagged) -> bytes:
    rows = 1 + len(found.side_effects)
    fig, axes = plt.subplots(
        1, 2 if found.side_effects else 1, figsize=(9 if rows > 1 else 5, 3 + 0.25 * rows)
    )
    first = axes[0] if found.side_effects else axes
    line = flagged.line
    first.axhspan(line.low, line.high, color="#cfe8cf", label="line (§18.3 or --band)")
    for x, shown in enumerate((found.before, found.after)):
        first.errorbar(
            [x],
            [shown.value],
            yerr=[[shown.value - shown.low], [shown.high - shown.value]],
            fmt="o",
            capsize=6,
        )
    first.set_xticks([0, 1], [found.card, found.version])
    first.set_xlim(-0.6, 1.6)
    first.set_ylabel(found.figure)
    first.set_title("before and after")
    first.legend(loc="best", fontsize="small")
    if found.side_effects:
        second = axes[1]
        names = [s.figure for s in found.side_effects]
        values = [s.diff.value for s in found.side_effects]
        errors = [
            [s.diff.value - s.diff.low for s in found.side_effects],
            [s.diff.high - s.diff.value for s in found.side_effects],
        ]
        second.errorbar(values, range(len(names)), xerr=errors, fmt="o", capsize=4)
        second.axvline(0, color="#888")
        second.set_yticks(range(len(names)), names)
        second.set_title("side effects: after − before")
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    plt.close(fig)
    return buffer.getvalue()
