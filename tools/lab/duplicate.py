"""Duplicate sets: the same seeds played with the agents rotated through the four seats (§18.3).

Luck of the deal, of the seat and of the cards is shared out alike: every seed is played four
times, the agents of ``A,B,C,D`` moved one seat on each time, so each agent holds each seat's tiles
and cards once.  For each agent (by name) over the seeds:

* ``score``: its mean session score (§13.1), the seats it held in a seed's set averaged first;
* ``versus``: that mean less the mean of the other agents' seats in the same set — the figure that
  tells a stronger agent, its interval from the spread between seeds;
* ``first``: the share of its seat-sessions it ended first (a tie for first counts for each tied
  seat), with its Wilson interval; 25 % is what a seat gets by chance.

And card by card, for each agent side by side (:func:`card_lines`, from the run's tally,
:attr:`tools.lab.metrics.Aggregate.by_agent`): each contract's completion and abandon shares among
the rounds the agent held it (§9, §10), each augment's win share and mean round score among the
player-rounds that held it (§5, §18.3) — whether a card looks weak because of the card or because
of the player.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from typing import Any

from tools.lab.metrics import AgentCard, apart, card_type
from tools.lab.stats import DECIMALS, Z95, Estimate, no_interval, share

ROTATIONS = 4
"""One rotation per seat."""
Seating = tuple[tuple[str, ...], tuple[int, ...]]
"""The agents of seats A to D and their final scores."""


def rotate(agents: tuple[str, str, str, str], r: int) -> tuple[str, str, str, str]:
    """The seats of rotation ``r``: the agent of seat ``p`` moves to seat ``p + r``."""
    return (agents[-r % 4], agents[(1 - r) % 4], agents[(2 - r) % 4], agents[(3 - r) % 4])


def float_mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its normal-approximation 95 % interval (sample deviation); none
    when the values have no spread (R591)."""
    n = len(values)
    if n == 0:
        return Estimate(value=None, low=None, high=None, se=None, n=0)
    m = math.fsum(values) / n
    se = math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0

    def r(x: float) -> float:
        return round(x, DECIMALS) + 0.0

    if se == 0:
        return Estimate(value=r(m), low=None, high=None, se=0.0, n=n)
    return Estimate(value=r(m), low=r(m - Z95 * se), high=r(m + Z95 * se), se=r(se), n=n)


def sets(
    records: Sequence[str], games: int, scores: Callable[[dict[str, Any]], Seating]
) -> list[list[Seating]]:
    """The records of a duplicate run (rotation by rotation, each in game order) regrouped by seed:
    for every game, each rotation's seats and final scores, as the rule set's ``scores`` reads them
    from a record."""
    if len(records) != games * ROTATIONS:
        raise ValueError(f"expected {games * ROTATIONS} records, got {len(records)}")
    parsed = [json.loads(text) for text in records]
    return [[scores(doc) for doc in parsed[g::games][:ROTATIONS]] for g in range(games)]


def figures(by_seed: Sequence[Sequence[Seating]]) -> dict[str, dict[str, Estimate]]:
    """Each agent's ``score``, ``versus`` and ``first`` over the duplicate sets (see the module)."""
    names = sorted({name for rotations in by_seed for seats, _ in rotations for name in seats})
    out: dict[str, dict[str, Estimate]] = {}
    for name in names:
        own: list[float] = []
        versus: list[float] = []
        firsts = seats_held = 0
        for rotations in by_seed:
            mine = [s for seats, scores in rotations for a, s in zip(seats, scores, strict=True) if a == name]
            rest = [s for seats, scores in rotations for a, s in zip(seats, scores, strict=True) if a != name]
            own.append(sum(mine) / len(mine))
            if rest:
                versus.append(sum(mine) / len(mine) - sum(rest) / len(rest))
            for seats, scores in rotations:
                top = max(scores)
                for a, s in zip(seats, scores, strict=True):
                    if a == name:
                        seats_held += 1
                        firsts += s == top
        out[name] = {
            "score": float_mean(own),
            "versus": float_mean(versus),
            "first": share(firsts, seats_held),
        }
    return out


def card_lines(by_agent: dict[str, dict[str, AgentCard]], agents: Sequence[str]) -> list[str]:
    """The card-by-card table of the run's per-agent figures (:attr:`Aggregate.by_agent`), one
    column per agent; ``!`` where two agents' intervals of completion (a contract) or win share (an
    augment) do not meet."""
    head = "".join(f"{a:<34}" for a in agents)
    contracts = {card: per for card, per in by_agent.items() if card_type(card) == "contract"}
    augments = {card: per for card, per in by_agent.items() if card_type(card) != "contract"}
    out = ["  contract   (rounds) completion share / abandoned share", f"  {'':<10} {head}"]
    out += [_card_line(card, per, agents, "completion", "abandoned") for card, per in contracts.items()]
    out += ["  augment    (rounds) win share / mean round score", f"  {'':<10} {head}"]
    out += [_card_line(card, per, agents, "win_rate", "mean_score") for card, per in augments.items()]
    return out


def _card_line(card: str, per: dict[str, AgentCard], agents: Sequence[str], first: str, second: str) -> str:
    cells = []
    for a in agents:
        held = per.get(a)
        if held is None:
            cells.append("–")
            continue
        main, other = getattr(held, first), getattr(held, second)
        cells.append(f"({held.rounds}) {_share(main)} / {other.value:.2f}")
    mark = " !" if first in apart(list(per.values())) else ""
    return f"  {card:<10} " + "".join(f"{c:<34}" for c in cells) + mark


def _share(e: Estimate) -> str:
    return "–" if e.value is None else f"{e.value:.2f} [{e.low:.2f}, {e.high:.2f}]"


def _fmt(e: Estimate, digits: int, sign: str = "") -> str:
    if e.value is None:
        return "–"
    if e.low is None or e.high is None:
        return f"{e.value:{sign}.{digits}f} [{no_interval(e)}]"
    return f"{e.value:{sign}.{digits}f} [{e.low:{sign}.{digits}f}, {e.high:{sign}.{digits}f}]"


def lines(found: dict[str, dict[str, Estimate]], games: int, seed: int, table: str, rounds: int) -> list[str]:
    """The terminal table of a duplicate run at ``table`` (``strategy mode``, ``rules standard``)."""
    out = [
        f"duplicate sets: {games} seeds × {ROTATIONS} rotations, seed {seed}, {table}, {rounds} rounds",
        f"  {'agent':<12} {'seats':>6}  {'mean score [95 %]':<26} {'vs the others [95 %]':<26} first [95 %]",
    ]
    for name, f in found.items():
        mark = (
            " *"
            if f["versus"].low is not None and (f["versus"].low > 0 or (f["versus"].high or 0) < 0)
            else ""
        )
        versus = _fmt(f["versus"], 2, "+") + mark
        out.append(
            f"  {name:<12} {f['first'].n:>6}  {_fmt(f['score'], 2):<26} {versus:<26} {_fmt(f['first'], 3)}"
        )
    out.append("  * the interval leaves out zero; a seat ends first 25 % of the time by chance")
    return out


def doc(
    found: dict[str, dict[str, Estimate]],
    by_agent: dict[str, dict[str, AgentCard]] | None,
    games: int,
    seed: int,
    table: dict[str, object],
    rounds: int,
) -> dict[str, object]:
    """The JSON document of a duplicate run at ``table`` (hextech's ``mode``; another rule set's
    ``rules`` and ``options``); with hextech's per-agent card figures ``by_agent``, its contracts
    and augments."""

    def dumped(kind: str, names: dict[str, str]) -> dict[str, object]:
        return {
            card: {
                agent: {key: getattr(held, name).model_dump() for key, name in names.items()}
                for agent, held in per.items()
            }
            for card, per in (by_agent or {}).items()
            if (card_type(card) == "contract") == (kind == "contract")
        }

    head = {"games": games, "rotations": ROTATIONS, "seed": seed, **table, "rounds": rounds}
    agents = {name: {k: e.model_dump() for k, e in f.items()} for name, f in found.items()}
    if by_agent is None:
        return {**head, "agents": agents}
    return {
        **head,
        "agents": agents,
        "contracts": dumped("contract", {"completion": "completion", "abandoned": "abandoned"}),
        "augments": dumped("augment", {"win": "win_rate", "score": "mean_score"}),
    }
