"""Counting the stored session records again by hand, for the lab's per-agent tests (§18.3)."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from tools.lab.store import SessionRow, open_store

HeldRound = tuple[bool, bool, bool, int]
"""One player-round holding a card: (completed, abandoned, won, round score); an augment is never
completed nor abandoned."""


def held_by_agent(db: Path) -> dict[tuple[str, str], list[HeldRound]]:
    """Per card and agent, every player-round of the records stored in ``db`` holding the card."""
    store = open_store(f"sqlite:///{db}")
    with Session(store) as session:
        records = [json.loads(text) for text in session.scalars(select(SessionRow.record))]
    store.dispose()
    held: dict[tuple[str, str], list[HeldRound]] = {}
    for record in records:
        for rnd in record["played"]:
            winners = {win["player"] for win in rnd["wins"]}
            for p, player in enumerate(rnd["players"]):
                agent, won, score = record["agents"][p], p in winners, player["score"]
                contract = player["contract"]
                if contract is not None:
                    done, gone = contract["completed"], contract["abandoned"]
                    held.setdefault((contract["card"], agent), []).append((done, gone, won, score))
                for augment in player["augments"]:
                    held.setdefault((augment["card"], agent), []).append((False, False, won, score))
    return held
