"""The balance report: one HTML page with its plots embedded, readable without the terminal (§18.3).

It shows the table metrics with their 95 % intervals and warning lines, the
flags, the distributions of session and round scores, the shares of each
win order, every held card's holder advantage with its interval, and each
contract's completion against the band of its kind.  When more than one
agent played, the contracts and augments again with a column per agent
(completion, abandon share, win rate, mean round score), a card's name
marked where two agents' intervals of one figure do not meet.  When the record store
holds sessions of the cohort played at real tables, their §18.3 figures stand beside the simulated
ones (:mod:`tools.lab.people`).  The page is written atomically as ``DIR/index.html``; plots are PNG
images inlined as data URIs.
"""

from __future__ import annotations

import base64
import html
import io
from collections import Counter
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from tools.fsio import write_atomic
from tools.lab.metrics import AGENT_FIGURES, BLACK_BAND, NORMAL_BAND, AgentCard, Aggregate, CardStats, apart
from tools.lab.people import Comparison
from tools.lab.people_report import section
from tools.lab.stats import Estimate, figure, shown, shown_difference
from tools.lab.tally import Tally

_STYLE = (
    "body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}"
    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
    "th{background:#f2f2f2}td:first-child{text-align:left}.flag{color:#b00;font-weight:bold}img{max-width:100%}"
)


def write_report(
    folder: Path,
    aggregate: Aggregate,
    counts: Tally,
    seed: int,
    version: str | None = None,
    people: Comparison | None = None,
) -> Path:
    """Write ``folder/index.html`` for one cohort's run (of card version ``version`` under
    ``--compare``; ``people`` the cohort's real tables beside its simulations) and return its path."""
    path = Path(folder) / "index.html"
    write_atomic(path, render(aggregate, counts, seed, version, people))
    return path


def render(
    aggregate: Aggregate,
    counts: Tally,
    seed: int,
    version: str | None = None,
    people: Comparison | None = None,
) -> str:
    """The report page as HTML text; its title names the compared version, if any; the figures of the
    cohort's real tables beside its simulations when the store holds any (§18.3)."""
    c = aggregate.cohort
    title = f"hexmj balance report: {aggregate.games} sessions, {c.mode} mode, {c.rounds} rounds"
    if version is not None:
        title += f", with {version}"
    parts = [
        f"<!doctype html><html lang='zh'><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>",
        f"<p>seed {seed}; card versions {c.versions}</p>",
        "<h2>Flags</h2>",
        _flags(aggregate),
        "<h2>Table metrics (§18.3), 95 % intervals</h2>",
        _metrics(aggregate),
        *([] if people is None else section(people)),
        "<h2>Scores</h2>",
        _image(_score_plot(counts), _score_alt(counts)),
        "<h2>Win order</h2>",
        _image(_win_order_plot(aggregate), _win_order_alt(aggregate)),
        "<h2>Holder advantage per augment and contract</h2>",
        _image(_advantage_plot(aggregate), _advantage_alt(aggregate)),
        "<h2>Contract completion against the target bands</h2>",
        _image(_completion_plot(aggregate), _completion_alt(aggregate)),
        "<h2>Cards (flagged first)</h2>",
        _cards(aggregate),
        *_per_agent(aggregate),
        "</body></html>\n",
    ]
    return "\n".join(parts)


def _flags(a: Aggregate) -> str:
    if not a.flags:
        return "<p>No figure is outside its warning line.</p>"
    rows = "".join(
        f"<tr><td class='flag'>{html.escape(f.subject)}</td><td>{f.metric}</td>"
        f"<td>{figure(f.value)}</td><td>{html.escape(f.rule)}</td></tr>"
        for f in a.flags
    )
    return f"<table><tr><th>subject</th><th>metric</th><th>value</th><th>rule</th></tr>{rows}</table>"


def _metrics(a: Aggregate) -> str:
    m = a.metrics
    rows = [
        ("chance cards unexecutable (warning above 20 %)", m.chance_unexecutable),
        ("normal contract completion (band 55–85 %)", m.normal_contract_completion),
        ("black contract completion (band 20–55 %)", m.black_contract_completion),
        ("wall left at the 1st win", m.wall_left_at_win[0]),
        ("wall left at the 2nd win", m.wall_left_at_win[1]),
        ("wall left at the 3rd win", m.wall_left_at_win[2]),
        ("rounds ending with an exhausted wall", m.exhausted_rounds),
        ("round length in turns", m.round_turns),
        ("round score per player", m.round_score),
    ]
    body = "".join(f"<tr><td>{label}</td><td>{shown(e)}</td><td>{e.n}</td></tr>" for label, e in rows)
    return f"<table><tr><th>metric</th><th>value [95 %]</th><th>n</th></tr>{body}</table>"


def _cards(a: Aggregate) -> str:
    head = (
        "<tr><th>card</th><th>type</th><th>n</th><th>holder score</th><th>advantage</th>"
        "<th>win rate</th><th>completion</th><th>triggers per round</th><th>unexecutable per round</th>"
        "<th>share of draws triggered</th><th>share of draws unexecutable</th></tr>"
    )
    body = "".join(_card_row(card) for card in a.cards.values())
    return f"<table>{head}{body}</table>"


def _card_row(s: CardStats) -> str:
    advantage = "–" if s.score_advantage is None else shown_difference(s.score_advantage)
    cls = " class='flag'" if s.flags else ""
    cells = [s.type, str(s.rounds), shown(s.holder_score), advantage, shown(s.holder_win_rate)]
    cells += [shown(s.completion), shown(s.triggers_per_round), shown(s.unexecutable_per_round)]
    cells += [shown(s.triggered), shown(s.unexecutable)]
    return f"<tr><td{cls}>{s.card}</td>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _per_agent(a: Aggregate) -> list[str]:
    """The per-agent section, only when two or more agents played."""
    if len(a.agents) < 2:
        return []
    names = list(a.agents)
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    rows = [
        ("normal contract completion (band 55–85 %)", [a.agents[n].normal_completion for n in names]),
        ("black contract completion (band 20–55 %)", [a.agents[n].black_completion for n in names]),
        ("contracts abandoned (§10)", [a.agents[n].abandoned for n in names]),
    ]
    table = "".join(
        f"<tr><td>{label}</td>" + "".join(f"<td>{shown(e)} ({e.n})</td>" for e in row) + "</tr>"
        for label, row in rows
    )
    labels = ("n", "completion", "abandoned", "win rate", "mean round score")
    card_head = "".join(f"<th colspan='{len(labels)}'>{html.escape(n)}</th>" for n in names)
    sub = "".join(f"<th>{label}</th>" for _ in names for label in labels)
    return [
        "<h2>Per agent (§18.3): the same figures in each bot's hands, 95 % intervals</h2>",
        f"<table><tr><th>figure</th>{head}</tr>{table}</table>",
        "<p>A card's name is marked where two agents' intervals of one figure do not meet.</p>",
        f"<table><tr><th>card</th>{card_head}</tr><tr><th></th>{sub}</tr>",
        *(_agent_row(card, per, names) for card, per in a.by_agent.items()),
        "</table>",
    ]


def _agent_row(card: str, per: dict[str, AgentCard], names: list[str]) -> str:
    cells: list[str] = []
    for name in names:
        held = per.get(name)
        figures = [None] * len(AGENT_FIGURES) if held is None else [getattr(held, f) for f in AGENT_FIGURES]
        cells += ["0" if held is None else str(held.rounds), *(shown(e) for e in figures)]
    cls = " class='flag'" if apart(list(per.values())) else ""
    return f"<tr><td{cls}>{card}</td>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _image(fig: Figure, alt: str) -> str:
    """The plot inlined as a PNG, ``alt`` saying in words what it shows."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f"<img alt=\"{html.escape(alt)}\" src='data:image/png;base64,{data}'>"


def _histogram(ax: Axes, counts: Counter[int], title: str) -> None:
    values = sorted(counts)
    ax.bar(values, [counts[v] for v in values], width=0.9, color="#4a78b5")
    ax.set_title(title)
    ax.set_xlabel("score")
    ax.set_ylabel("count")


def _score_plot(counts: Tally) -> Figure:
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.2))
    _histogram(left, counts.final_scores, "session score per player")
    _histogram(right, counts.round_scores, "round score per player")
    return fig


def _win_order_plot(a: Aggregate) -> Figure:
    fig, ax = plt.subplots(figsize=(6, 3))
    labels = ["1st", "2nd", "3rd", "no win"]
    _bars(ax, labels, list(a.metrics.win_order))
    ax.set_ylabel("share of player-rounds")
    return fig


def _bars(ax: Axes, labels: list[str], estimates: list[Estimate], width: float = 0.8) -> None:
    values = [e.value or 0.0 for e in estimates]
    below = [0.0 if e.value is None or e.low is None else max(0.0, e.value - e.low) for e in estimates]
    above = [0.0 if e.value is None or e.high is None else max(0.0, e.high - e.value) for e in estimates]
    ax.bar(labels, values, width=width, yerr=[below, above], capsize=3, color="#4a78b5")


def _advantage_plot(a: Aggregate) -> Figure:
    held = [(c.score_advantage, c) for c in a.cards.values() if c.score_advantage is not None]
    shown = sorted(
        ((d, c) for d, c in held if d.diff is not None and d.low is not None),
        key=lambda dc: (dc[0].diff, dc[1].card),
    )
    fig, ax = plt.subplots(figsize=(7, max(2.0, 0.18 * len(shown) + 1)))
    for row, (d, card) in enumerate(shown):
        assert d.diff is not None and d.low is not None and d.high is not None
        colour = "#b00" if card.flags else "#4a78b5"
        ax.errorbar([d.diff], [row], xerr=[[d.diff - d.low], [d.high - d.diff]], fmt="o", ms=3, color=colour)
    ax.axvline(0, color="#888", linewidth=0.8)
    ax.set_yticks(range(len(shown)), [c.card for _, c in shown], fontsize=7)
    ax.set_xlabel("holders' mean round score minus everyone else's (red: flagged)")
    return fig


def _completion_plot(a: Aggregate) -> Figure:
    contracts = [c for c in a.cards.values() if c.completion is not None and c.completion.value is not None]
    contracts.sort(key=lambda c: c.card)
    fig, ax = plt.subplots(figsize=(max(6.0, 0.28 * len(contracts) + 1), 3.5))
    for i, card in enumerate(contracts):
        low, high = NORMAL_BAND if card.card.startswith("C") else BLACK_BAND
        ax.fill_between([i - 0.45, i + 0.45], low, high, color="#cfe8cf")
    _bars(ax, [c.card for c in contracts], [c.completion for c in contracts if c.completion is not None], 0.4)
    ax.set_ylim(0, 1)
    ax.set_ylabel("completion (green: target band)")
    ax.tick_params(axis="x", labelrotation=90, labelsize=7)
    return fig


def _score_alt(counts: Tally) -> str:
    def spread(scores: Counter[int]) -> str:
        if not scores:
            return "none"
        return f"{min(scores)} to {max(scores)}, most often {max(sorted(scores), key=scores.__getitem__)}"

    return (
        f"Histograms of scores per player: session scores {spread(counts.final_scores)}; "
        f"round scores {spread(counts.round_scores)}."
    )


def _win_order_alt(a: Aggregate) -> str:
    labels = ("won first", "won second", "won third", "did not win")
    parts = [f"{label} {shown(e)}" for label, e in zip(labels, a.metrics.win_order, strict=True)]
    return "Bar chart of the shares of player-rounds: " + "; ".join(parts) + "."


def _advantage_alt(a: Aggregate) -> str:
    held = [
        c for c in a.cards.values() if c.score_advantage is not None and c.score_advantage.diff is not None
    ]
    if not held:
        return "Holder advantage per card: no augment or contract was held."
    ranked = sorted(held, key=lambda c: (c.score_advantage.diff if c.score_advantage else 0.0, c.card))
    flagged = [c.card for c in held if "score_advantage" in c.flags]

    def advantage(c: CardStats) -> str:
        d = c.score_advantage
        return "–" if d is None else f"{c.card} {figure(d.diff, True)}"

    return (
        f"Holders' mean round score minus everyone else's for {len(held)} cards, from "
        f"{advantage(ranked[0])} to {advantage(ranked[-1])}; flagged: {', '.join(flagged) or 'none'}."
    )


def _completion_alt(a: Aggregate) -> str:
    contracts = [c for c in a.cards.values() if c.completion is not None and c.completion.value is not None]
    outside = [c.card for c in contracts if "completion" in c.flags]
    return (
        f"Completion of {len(contracts)} contracts against their bands (normal 55–85 %, black 20–55 %); "
        f"outside the band: {', '.join(sorted(outside)) or 'none'}."
    )
