"""What ``hexmj simulate`` prints: the ``--json`` documents and the terminal summary (§18.3, §18.4)."""

from __future__ import annotations

import json
from typing import Any

from tools.lab.compare import Comparison
from tools.lab.metrics import AGENT_FIGURES, CARD_FIGURES, AgentCard, Aggregate, CardStats, apart
from tools.lab.stats import Difference, Estimate, figure, shown, shown_difference

_METRIC_LABELS = {
    "chance_unexecutable": "chance cards unexecutable (warn > 20 %)",
    "normal_contract_completion": "normal contract completion (55–85 %)",
    "black_contract_completion": "black contract completion (20–55 %)",
    "exhausted_rounds": "rounds with an exhausted wall",
    "round_turns": "round length in turns",
    "round_score": "round score per player",
}


def _estimate(e: Estimate) -> dict[str, Any]:
    return {"value": e.value, "low": e.low, "high": e.high, "n": e.n}


def _difference(d: Difference) -> dict[str, Any]:
    return {
        "a": _estimate(d.a),
        "b": _estimate(d.b),
        "diff": d.diff,
        "low": d.low,
        "high": d.high,
        "significant": d.significant,
    }


def _card(c: CardStats) -> dict[str, Any]:
    doc: dict[str, Any] = {"type": c.type, "n": c.rounds}
    for name in CARD_FIGURES[:3]:
        value = getattr(c, name)
        if value is not None:
            doc[name] = _estimate(value)
    for name in ("score_advantage", "win_advantage"):
        diff = getattr(c, name)
        if diff is not None:
            doc[name] = {
                "diff": diff.diff,
                "low": diff.low,
                "high": diff.high,
                "significant": diff.significant,
            }
    for name in CARD_FIGURES[3:]:
        value = getattr(c, name)
        if value is not None:
            doc[name] = _estimate(value)
    doc["flags"] = list(c.flags)
    return doc


_PARTY_LABELS = {
    "challenges_per_session": "party challenges asked per session",
    "done": "  done",
    "alternative": "  done by the alternative",
    "refused": "  refused",
    "chip_skipped": "  skipped with a chip",
    "chips_per_session": "chips held at session end (all players)",
}
"""The party figures (§7.1, §7.4), shown only while the party module is on."""


def aggregate_doc(a: Aggregate, seed: int, pool: str) -> dict[str, Any]:
    """The ``--json`` document of one run: metrics, cards (flagged first), flags and, with the party
    module on, ``party`` (§7.1, §7.4)."""
    m = a.metrics
    metrics: dict[str, Any] = {name: _estimate(getattr(m, name)) for name in _METRIC_LABELS}
    metrics["wall_left_at_win"] = [_estimate(e) for e in m.wall_left_at_win]
    metrics["win_order"] = dict(
        zip(("1", "2", "3", "none"), (_estimate(e) for e in m.win_order), strict=True)
    )
    doc = {
        "games": a.games,
        "seed": seed,
        "mode": a.cohort.mode,
        "rounds": a.cohort.rounds,
        "pool": pool,
        "versions": a.cohort.versions,
        "metrics": metrics,
        "cards": {card: _card(stats) for card, stats in a.cards.items()},
        "flags": [flag.model_dump() for flag in a.flags],
    }
    if a.party is not None:
        doc["party"] = {name: _estimate(getattr(a.party, name)) for name in _PARTY_LABELS}
    doc["agents"] = {
        agent: {name: _estimate(getattr(contracts, name)) for name in _AGENT_LABELS}
        for agent, contracts in a.agents.items()
    }
    doc["by_agent"] = {
        card: {agent: _agent_card(held) for agent, held in per.items()} for card, per in a.by_agent.items()
    }
    return doc


def _agent_card(held: AgentCard) -> dict[str, Any]:
    doc: dict[str, Any] = {"n": held.rounds}
    for name in AGENT_FIGURES:
        value = getattr(held, name)
        if value is not None:
            doc[name] = _estimate(value)
    return doc


def comparison_doc(c: Comparison, seed: int, pool: str) -> dict[str, Any]:
    """The ``--json`` document of ``--compare``: the run's games, seed, mode, length and pool, each
    version's card-set fingerprint, then each metric for both versions and its difference."""
    first, second = c.cohorts
    return {
        "games": c.games,
        "seed": seed,
        "mode": first.mode,
        "rounds": first.rounds,
        "pool": pool,
        "compare": list(c.versions),
        "versions": {c.versions[0]: first.versions, c.versions[1]: second.versions},
        "metrics": {name: _difference(d) for name, d in c.metrics.items()},
        "card": {name: _difference(d) for name, d in c.card.items()},
    }


def dumps(doc: dict[str, Any]) -> str:
    """The JSON text: keys in document order, two-space indent, Chinese text kept as is."""
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=False)


def aggregate_lines(a: Aggregate, seed: int) -> list[str]:
    """The terminal summary of one run."""
    c = a.cohort
    lines = [f"{a.games} sessions, seed {seed}, {c.mode} mode, {c.rounds} rounds, card versions {c.versions}"]
    m = a.metrics
    for name, label in _METRIC_LABELS.items():
        lines.append(f"  {label:<42} {shown(getattr(m, name))}")
    for i, wall in enumerate(m.wall_left_at_win, start=1):
        lines.append(f"  {f'wall left at win {i}':<42} {shown(wall)}")
    if a.party is not None:
        lines += [f"  {label:<42} {shown(getattr(a.party, name))}" for name, label in _PARTY_LABELS.items()]
    lines.append(f"flags ({len(a.flags)}):")
    lines += [f"  {f.subject} {f.metric} {figure(f.value)}: {f.rule}" for f in a.flags]
    return lines + _agent_lines(a)


_AGENT_LABELS = {
    "normal_completion": "normal contract completion",
    "black_completion": "black contract completion",
    "abandoned": "contracts abandoned",
}


def _agent_lines(a: Aggregate) -> list[str]:
    """Per agent, only when two or more played: their contracts with intervals, then the cards on
    which two agents' intervals of a figure do not meet (the report has every card's figures)."""
    if len(a.agents) < 2:
        return []
    names = list(a.agents)
    width = 24
    lines = [("per agent:" + " " * 32 + "".join(f"{n:<{width}}" for n in names)).rstrip()]
    for name, label in _AGENT_LABELS.items():
        row = "".join(f"{shown(getattr(a.agents[n], name)):<{width}}" for n in names)
        lines.append(f"  {label:<40}{row}".rstrip())
    split = {card: found for card, per in a.by_agent.items() if (found := apart(list(per.values())))}
    lines.append(f"cards whose figures differ between agents ({len(split)}):")
    lines += [f"  {card} {', '.join(found)}" for card, found in split.items()]
    return lines


def comparison_lines(c: Comparison, seed: int, pool: str) -> list[str]:
    """The terminal summary of ``--compare``: a header naming the run, then one column per version
    and the difference with its interval; the card's own figures are the rows ``card.…``, each
    version's figure under its own column."""
    first, second = c.versions
    cohort_a, cohort_b = c.cohorts
    width = max(24, len(first), len(second))
    lines = [
        f"{c.games} sessions per version, seed {seed}, {cohort_a.mode} mode, {cohort_a.rounds} rounds, "
        f"pool {pool}",
        f"versions: {first} (card set {cohort_a.versions}), {second} (card set {cohort_b.versions})",
        f"  {'':<42} {first:<{width}} {second:<{width}} {second} − {first} [95 %] (* significant)",
    ]
    for name, d in [*c.metrics.items(), *((f"card.{k}", v) for k, v in c.card.items())]:
        mark = " *" if d.significant else ""
        lines.append(f"  {name:<42} {shown(d.a):<{width}} {shown(d.b):<{width}} {shown_difference(d)}{mark}")
    return lines
