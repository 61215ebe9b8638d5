"""The balance report of a rule set other than hextech: one HTML page (issue 14 item 5).

What a designer tuning the fan table, the base or the options of standard or 红中 reads: per seat
(A deals the first round), the win rate per round, the shares of its wins that are 自摸 and 点和,
how often it deals into another's win (点炮) and its first places, each with its 95 % interval,
and its mean session score with its interval, so that a seat the deal favours shows; for the
table, the drawn rounds (荒牌), the mean and largest win, the distribution of a win's total as a
plot, and how often each fan is scored per win.  The page is written atomically as
``DIR/index.html``; the plot is a PNG inlined as a data URI.  Hextech's report
(:mod:`tools.lab.report`) is another page.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from tools.fsio import write_atomic
from tools.lab.report import _STYLE, _histogram, _image
from tools.lab.stats import Estimate, figure, mean_of_moments, share, shown
from tools.lab.table_figures import SEATS, Figures


def write_report(folder: Path, doc: dict[str, Any], figures: Figures, sessions: str) -> Path:
    """Write ``folder/index.html`` for the sessions whose figures are ``figures`` (``doc`` their
    JSON); ``sessions`` says which they are (a run's seed, or the store's ids)."""
    path = Path(folder) / "index.html"
    write_atomic(path, render(doc, figures, sessions))
    return path


def render(doc: dict[str, Any], figures: Figures, sessions: str) -> str:
    """The report page as HTML text."""
    options = ", ".join(f"{name}={value}" for name, value in doc["options"].items()) or "none"
    title = f"hexmj balance report: {figures.games} sessions of {doc['rules']}, {figures.rounds} rounds"
    parts = [
        f"<!doctype html><html lang='zh'><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>",
        f"<p>{html.escape(sessions)}; options {html.escape(options)}; "
        f"agents {html.escape(','.join(doc['agents']))}</p>",
        "<h2>Per seat, 95 % intervals</h2>",
        _seats(figures),
        "<h2>The table</h2>",
        _table(figures),
        "<h2>A win's total</h2>",
        _image(_totals_plot(figures), _totals_alt(figures)),
        "<h2>Fan per win</h2>",
        _fan(doc, figures),
        "</body></html>\n",
    ]
    return "\n".join(parts)


def _seats(f: Figures) -> str:
    rows: list[tuple[str, list[Estimate]]] = [
        ("win rate per round", [share(f.wins[s], f.rounds) for s in SEATS]),
        ("自摸 share of its wins", [share(f.self_drawn[s], f.wins[s]) for s in SEATS]),
        ("点和 share of its wins", [share(f.wins[s] - f.self_drawn[s], f.wins[s]) for s in SEATS]),
        ("点炮 (dealt in) per round", [share(f.dealt_in[s], f.rounds) for s in SEATS]),
        ("first place", [share(f.first[s], f.games) for s in SEATS]),
        ("mean session score", [mean_of_moments(f.games, f.totals[s], f.squares[s]) for s in SEATS]),
    ]
    head = "<tr><th>figure</th>" + "".join(f"<th>{seat}</th>" for seat in SEATS) + "</tr>"
    body = "".join(
        f"<tr><td>{html.escape(label)}</td>" + "".join(f"<td>{shown(e)}</td>" for e in estimates) + "</tr>"
        for label, estimates in rows
    )
    return f"<table>{head}{body}</table>"


def _table(f: Figures) -> str:
    won = f.won
    win_sum = sum(total * n for total, n in f.win_totals.items())
    win_squares = sum(total * total * n for total, n in f.win_totals.items())
    rows = [
        ("drawn rounds (荒牌)", shown(share(f.drawn, f.rounds)), f.rounds),
        ("自摸 share of all wins", shown(share(sum(f.self_drawn.values()), won)), won),
        ("a win's total", shown(mean_of_moments(won, win_sum, win_squares)), won),
        ("the largest win", figure(max(f.win_totals, default=0)), won),
    ]
    body = "".join(
        f"<tr><td>{html.escape(label)}</td><td>{value}</td><td>{n}</td></tr>" for label, value, n in rows
    )
    return f"<table><tr><th>figure</th><th>value [95 %]</th><th>n</th></tr>{body}</table>"


def _fan(doc: dict[str, Any], f: Figures) -> str:
    body = "".join(
        f"<tr><td>{html.escape(name)}</td><td>{f.fan[name]}</td><td>{figure(rate)}</td></tr>"
        for name, rate in doc["fan_frequency"].items()
    )
    return f"<table><tr><th>fan</th><th>times scored</th><th>per win</th></tr>{body}</table>"


def _totals_plot(f: Figures) -> Figure:
    fig, ax = plt.subplots(figsize=(8, 3.2))
    _histogram(ax, f.win_totals, "a win's total")
    return fig


def _totals_alt(f: Figures) -> str:
    common = sorted(f.win_totals.items(), key=lambda item: (-item[1], item[0]))[:5]
    return "wins by total: " + (", ".join(f"{total}: {n}" for total, n in common) or "no win")
