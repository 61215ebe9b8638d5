"""Duplicate sets: the same seeds played with the agents rotated through the four seats (§18.3).

Luck of the deal, of the seat and of the cards is shared out alike: every seed is played four
times, the agents of ``A,B,C,D`` moved one seat on each time, so each agent holds each seat's tiles
and cards once.  For each agent (by name) over the seeds:

* ``score``: its mean session score (§13.1), the seats it held in a seed's set averaged first;
* ``versus``: that mean less the mean of the other agents' seats in the same set — the figure that
  tells a stronger agent, its interval from the spread between seeds;
* ``first``: the share of its seat-sessions it ended first (a tie for first counts for each tied
  seat), with its Wilson interval; 25 % is what a seat gets by chance.

And card by card, for each agent side by side (:func:`by_card`): each contract's completion and
abandon shares among the rounds the agent held it (§9, §10), each augment's win share and mean
round score among the player-rounds that held it (§5, §18.3) — whether a card looks weak because
of the card or because of the player.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

from tools.lab.stats import DECIMALS, Z95, Estimate, share

ROTATIONS = 4
"""One rotation per seat."""


def rotate(agents: tuple[str, str, str, str], r: int) -> tuple[str, str, str, str]:
    """The seats of rotation ``r``: the agent of seat ``p`` moves to seat ``p + r``."""
    return (agents[-r % 4], agents[(1 - r) % 4], agents[(2 - r) % 4], agents[(3 - r) % 4])


def float_mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its normal-approximation 95 % interval (sample deviation)."""
    n = len(values)
    if n == 0:
        return Estimate(value=None, low=None, high=None, se=None, n=0)
    m = math.fsum(values) / n
    se = math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0

    def r(x: float) -> float:
        return round(x, DECIMALS) + 0.0

    return Estimate(value=r(m), low=r(m - Z95 * se), high=r(m + Z95 * se), se=r(se), n=n)


def sets(records: Sequence[str], games: int) -> list[list[tuple[tuple[str, ...], tuple[int, ...]]]]:
    """The records of a duplicate run (rotation by rotation, each in game order) regrouped by seed:
    for every game, each rotation's seats and final scores."""
    if len(records) != games * ROTATIONS:
        raise ValueError(f"expected {games * ROTATIONS} records, got {len(records)}")
    parsed = [json.loads(text) for text in records]
    return [
        [(tuple(doc["agents"]), tuple(doc["final_scores"])) for doc in parsed[g::games][:ROTATIONS]]
        for g in range(games)
    ]


def figures(
    by_seed: Sequence[Sequence[tuple[tuple[str, ...], tuple[int, ...]]]],
) -> dict[str, dict[str, Estimate]]:
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


CardFigures = dict[str, dict[str, dict[str, Estimate]]]
"""Per card id, per agent: the card's figures for that agent's seats."""


def by_card(records: Sequence[str]) -> tuple[CardFigures, CardFigures]:
    """Contracts (``completion``, ``abandoned``) and augments (``win``, ``score``) per card and agent."""
    held: dict[tuple[str, str], list[tuple[bool, bool]]] = {}
    drafted: dict[tuple[str, str], list[tuple[bool, int]]] = {}
    for text in records:
        doc = json.loads(text)
        agents = doc["agents"]
        for rnd in doc["played"]:
            winners = {win["player"] for win in rnd["wins"]}
            for p, player in enumerate(rnd["players"]):
                contract = player["contract"]
                if contract is not None:
                    held.setdefault((contract["card"], agents[p]), []).append(
                        (contract["completed"], contract["abandoned"])
                    )
                for augment in player["augments"]:
                    drafted.setdefault((augment["card"], agents[p]), []).append(
                        (p in winners, player["score"])
                    )
    contracts: CardFigures = {}
    for (card, agent), rounds in sorted(held.items()):
        contracts.setdefault(card, {})[agent] = {
            "completion": share(sum(done for done, _ in rounds), len(rounds)),
            "abandoned": share(sum(gone for _, gone in rounds), len(rounds)),
        }
    augments: CardFigures = {}
    for (card, agent), scored in sorted(drafted.items()):
        augments.setdefault(card, {})[agent] = {
            "win": share(sum(won for won, _ in scored), len(scored)),
            "score": float_mean([float(score) for _, score in scored]),
        }
    return contracts, augments


def card_lines(contracts: CardFigures, augments: CardFigures, agents: Sequence[str]) -> list[str]:
    """The card-by-card table, one column per agent; ``!`` where two agents' intervals do not meet."""
    head = "".join(f"{a:<34}" for a in agents)
    out = ["  contract   (rounds) completion share / abandoned share", f"  {'':<10} {head}"]
    for card, per in contracts.items():
        cells = [
            f"({per[a]['completion'].n}) {_share(per[a]['completion'])} / {per[a]['abandoned'].value:.2f}"
            if a in per
            else "–"
            for a in agents
        ]
        out.append(f"  {card:<10} " + "".join(f"{c:<34}" for c in cells) + _apart(per, "completion"))
    out += ["  augment    (rounds) win share / mean round score", f"  {'':<10} {head}"]
    for card, per in augments.items():
        cells = [
            f"({per[a]['win'].n}) {_share(per[a]['win'])} / {per[a]['score'].value:.2f}" if a in per else "–"
            for a in agents
        ]
        out.append(f"  {card:<10} " + "".join(f"{c:<34}" for c in cells) + _apart(per, "win"))
    return out


def _share(e: Estimate) -> str:
    return "–" if e.value is None else f"{e.value:.2f} [{e.low:.2f}, {e.high:.2f}]"


def _apart(per: dict[str, dict[str, Estimate]], figure: str) -> str:
    """`` !`` when some two agents' intervals of ``figure`` do not overlap."""
    spans = [(e.low, e.high) for f in per.values() if (e := f[figure]).low is not None and e.high is not None]
    return " !" if spans and max(lo for lo, _ in spans) > min(hi for _, hi in spans) else ""


def _fmt(e: Estimate, digits: int, sign: str = "") -> str:
    if e.value is None or e.low is None or e.high is None:
        return "–"
    return f"{e.value:{sign}.{digits}f} [{e.low:{sign}.{digits}f}, {e.high:{sign}.{digits}f}]"


def lines(found: dict[str, dict[str, Estimate]], games: int, seed: int, mode: str, rounds: int) -> list[str]:
    """The terminal table of a duplicate run."""
    out = [
        f"duplicate sets: {games} seeds × {ROTATIONS} rotations, seed {seed}, {mode} mode, {rounds} rounds",
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
    cards: tuple[CardFigures, CardFigures],
    games: int,
    seed: int,
    mode: str,
    rounds: int,
) -> dict[str, object]:
    """The JSON document of a duplicate run."""

    def dumped(figures: CardFigures) -> dict[str, object]:
        return {
            card: {agent: {k: e.model_dump() for k, e in f.items()} for agent, f in per.items()}
            for card, per in figures.items()
        }

    return {
        "games": games,
        "rotations": ROTATIONS,
        "seed": seed,
        "mode": mode,
        "rounds": rounds,
        "agents": {name: {k: e.model_dump() for k, e in f.items()} for name, f in found.items()},
        "contracts": dumped(cards[0]),
        "augments": dumped(cards[1]),
    }
