"""A session of a rule set other than hextech as its ``--json`` document and its record (issue 14
item 5, R380): what ``hexmj play``, ``replay``, ``simulate`` and ``record`` and the console's tables
give and store alike.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.core.seats import PLAYERS
from engine.core.table_session import SessionResult
from engine.core.tiles import FACES


def result_json(result: SessionResult, agents: Sequence[str]) -> dict[str, Any]:
    """The ``--json`` document: the rule set, options, seed, agents, every round and the standings."""
    config = result.config
    rounds = []
    for record in result.rounds:
        r = record.result
        rounds.append(
            {
                "number": record.number,
                "dealer": PLAYERS[r.dealer],
                "prevalent_wind": FACES[r.prevalent_wind],
                "drawn": r.drawn,
                "wins": [
                    {
                        "seat": PLAYERS[w.winner],
                        "from": None if w.discarder is None else PLAYERS[w.discarder],
                        "tile": FACES[w.tile],
                        "fan": [{"name": f.name, "value": f.value, "count": f.count} for f in w.scored.fan],
                        "total": w.scored.total,
                        "gains": {PLAYERS[p]: w.gains[p] for p in range(4)},
                    }
                    for w in r.wins
                ],
                "wall_left": r.wall_left,
                "scores": {PLAYERS[p]: r.gains[p] for p in range(4)},
            }
        )
    return {
        "rules": config.rules.name,
        "options": dict(config.options),
        "seed": config.seed,
        "agents": list(agents),
        "rounds": rounds,
        "standings": [
            {"seat": PLAYERS[s.player], "total": s.total, "rank": s.rank} for s in result.standings()
        ],
    }


def session_record(result: SessionResult, agents: Sequence[str], source: str) -> dict[str, Any]:
    """A session's record for the store (issue 14 item 5): where it was played (``play`` or
    ``simulate``), then its ``--json`` document: the rule set, every option's value, the seed, the
    agents, each round's wins with their fan and gains, the standings."""
    return {"source": source, **result_json(result, agents)}


def record_text(record: dict[str, Any]) -> str:
    """A record as the store keeps it: compact JSON, UTF-8 kept."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))
