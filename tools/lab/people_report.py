"""The figures of real tables beside simulated ones, as the reports and the terminal show them (§18.3,
issue 31 item 7): one row per figure, the table sessions' value and interval, the simulated ones', the
warning line, and, where a value crosses it, the row's 可能调整 marked."""

from __future__ import annotations

import html
from pathlib import Path

from tools.fsio import write_atomic
from tools.lab.people import Comparison, Row
from tools.lab.stats import shown

_STYLE = (
    "body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}"
    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
    "th{background:#f2f2f2}td:first-child{text-align:left}.flag{color:#b00;font-weight:bold}"
)
SOURCES = {"table": "实体桌", "simulate": "模拟"}


def _row(row: Row) -> str:
    cls = " class='flag'" if row.crossed else ""
    crossed = "、".join(SOURCES[s] for s in row.crossed)
    adjust = f"{html.escape(row.adjust)}（{crossed}越线）" if row.crossed else html.escape(row.adjust)
    cells = [
        shown(row.table) + f" ({row.table.n})",
        "–" if row.simulated is None else shown(row.simulated) + f" ({row.simulated.n})",
        html.escape(row.warning) or "–",
        adjust or "–",
    ]
    return f"<tr><td{cls}>{html.escape(row.figure)}</td>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def section(comparison: Comparison) -> list[str]:
    """The comparison as a section of a report page."""
    head = (
        "<tr><th>指标 (§18.3)</th><th>实体桌 [95 %] (n)</th><th>模拟 [95 %] (n)</th>"
        "<th>建议警戒线</th><th>可能调整</th></tr>"
    )
    return [
        "<h2>People beside bots: real tables and simulations (§18.3)</h2>",
        f"<p>{comparison.table_sessions} table sessions beside {comparison.simulated_sessions} simulated "
        "ones of the same card versions, length and mode; never ranked together.</p>",
        f"<table>{head}{''.join(_row(row) for row in comparison.rows)}</table>",
    ]


def write(folder: Path, comparison: Comparison) -> Path:
    """Write ``folder/index.html``: the comparison alone (``hexmj records --report``)."""
    c = comparison.cohort
    title = f"hexmj table report: {comparison.table_sessions} sessions, {c.mode} mode, {c.rounds} rounds"
    page = [
        f"<!doctype html><html lang='zh'><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>",
        f"<p>card versions {c.versions}</p>",
        *section(comparison),
        "</body></html>\n",
    ]
    path = Path(folder) / "index.html"
    write_atomic(path, "\n".join(page))
    return path


def lines(comparison: Comparison) -> list[str]:
    """The comparison on the terminal: one line per figure, ``!`` before a row that crosses its line."""
    out = []
    for row in comparison.rows:
        mark = "!" if row.crossed else " "
        sim = "–" if row.simulated is None else shown(row.simulated)
        tail = f"  {row.warning} → {row.adjust}" if row.crossed else ""
        out.append(f"{mark} {row.figure}: table {shown(row.table)}  simulated {sim}{tail}")
    return out
