"""What one simulated session is asked to be: mode, pool, length, seats and seed (§3, §4, §18.1, §18.4)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tools.lab.records import Mode, SessionLength


class SessionSpec(BaseModel):
    """One session to play.

    ``pool`` is a pool file or ``None`` for the mode's default pool (§3,
    §18.2); ``versions`` are versioned ids put in force in place of the
    pool's version of the same card (``S-08-v2``, §18.4); ``rounds`` is 8, or
    4 for the shortened test of §18.1; ``cards`` is the folder of the core
    card files, ``None`` for the project's ``cards/`` (``--cards``); ``drafts`` are the texts of
    versions written nowhere yet (``card S-08-v2 …`` blocks: the versions ``hexmj tune`` weighs),
    added to the folder's cards so that ``versions`` may name them.
    """

    model_config = ConfigDict(frozen=True)

    mode: Mode = "strategy"
    pool: Path | None = None
    rounds: SessionLength = 8
    agents: tuple[str, str, str, str] = ("greedy", "greedy", "greedy", "greedy")
    versions: tuple[str, ...] = ()
    seed: int = 0
    cards: Path | None = None
    drafts: tuple[str, ...] = ()

    @property
    def pool_name(self) -> str:
        """How records name the pool: ``default`` or the pool file's name."""
        return "default" if self.pool is None else self.pool.name
