"""A hextech session's readable account: each round's dealer, world card, contracts, wins with
their score items and the wall left, the modules' lines and the scores; then the standings (§16).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.seats import PLAYERS
from engine.hextech.session import SessionResult


def account(
    result: SessionResult,
    names: dict[str, str],
    notes: Sequence[Sequence[str]] = (),
    summary: Sequence[str] = (),
) -> list[str]:
    """The readable round-by-round account and the final standings; ``notes`` are the modules' lines of
    each round, ``summary`` their end-of-session lines (§7.1, §16)."""
    lines = [f"海克斯麻将 session: seed {result.config.seed}, mode {result.config.mode}"]
    if result.test:
        lines.append(f"shortened test session of {result.config.rounds} rounds (§18.1): ranked apart")
    for record in result.rounds:
        r = record.result
        world = f"{record.world} {names.get(record.world, '')}" if record.world else "none"
        lines.append("")
        lines.append(f"Round {record.number}  dealer {PLAYERS[record.dealer]}  world {world}")
        if record.treasure:
            lines.append(f"  treasure {record.treasure} {names.get(record.treasure, '')}")
        contracts = [f"{PLAYERS[p]} {c} {names.get(c, '')}" for p, c in enumerate(r.contracts) if c]
        if contracts:
            lines.append("  contracts: " + "; ".join(contracts))
        for w in r.wins:
            how = w.way.value if w.from_player is None else f"{w.way.value} from {PLAYERS[w.from_player]}"
            items = " + ".join(f"{n} {pts}" for _, n, pts in w.items)
            lines.append(
                f"  hu #{w.order}: {PLAYERS[w.player]} by {how}, wall left {w.wall_left}: {w.total} = {items}"
            )
        if not r.wins:
            lines.append("  no win")
        if record.number <= len(notes):
            lines += [f"  {line}" for line in notes[record.number - 1]]
        lines.append(f"  ended: {r.reason.value}, wall left {r.wall_left}")
        lines.append("  scores: " + "  ".join(f"{PLAYERS[p]} {r.scores[p]:+d}" for p in range(4)))
    lines.append("")
    lines.append("Standings")
    for s in result.standings():
        lines.append(f"  {s.rank}. {PLAYERS[s.player]}  {s.total}")
    if summary:
        lines += ["", *summary]
    return lines
