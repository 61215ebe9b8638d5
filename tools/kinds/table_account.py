"""The readable account of a session on the core's table: each round's dealer, prevalent wind,
wins with their fan and the gains; then the standings.
"""

from __future__ import annotations

from engine.core.seats import PLAYERS
from engine.core.table_session import SessionResult
from engine.core.tiles import FACES, name


def account(result: SessionResult) -> list[str]:
    """The readable round-by-round account and the standings."""
    config = result.config
    options = ", ".join(f"{name}={value}" for name, value in config.options.items()) or "none"
    lines = [
        f"{config.rules.title} session: seed {config.seed}, rules {config.rules.name}, options {options}"
    ]
    for record in result.rounds:
        r = record.result
        lines += [
            "",
            f"Round {record.number}  dealer {PLAYERS[r.dealer]}  prevalent wind {name(r.prevalent_wind)}",
        ]
        for w in r.wins:
            how = "self-drawn" if w.discarder is None else f"on {PLAYERS[w.discarder]}'s discard"
            fan = " + ".join(
                f"{f.name} {f.value}" + (f"×{f.count}" if f.count > 1 else "") for f in w.scored.fan
            )
            lines.append(f"  hu: {PLAYERS[w.winner]} {how}, {FACES[w.tile]}: {w.scored.total} = {fan or '-'}")
        if r.drawn:
            lines.append("  荒牌: drawn, the wall is exhausted")
        lines.append("  scores: " + "  ".join(f"{PLAYERS[p]} {r.gains[p]:+d}" for p in range(4)))
    lines += ["", "Standings", *(f"  {s.rank}. {PLAYERS[s.player]}  {s.total}" for s in result.standings())]
    return lines
