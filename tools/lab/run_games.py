"""What the lab's one simulate run asks of a rule set's games beyond playing them
(:class:`tools.lab.pipeline.Games`; issue 33 item 1): its records file header, its rows of the
record store, its figures, and what duplicate sets read of a record.  Hextech's are
:class:`tools.lab.runner.HextechGames`, a rule set's on the core's table
:class:`tools.lab.table_games.TableGames`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, Self, TypeVar

from sqlalchemy import Engine

from tools.lab.pipeline import Counts, Games

C = TypeVar("C", bound=Counts)


class RunGames(Games[C], Protocol[C]):
    """A rule set's games as ``hexmj simulate`` runs them."""

    @property
    def rules(self) -> str:
        """The rule set's name."""
        ...

    @property
    def base_seed(self) -> int:
        """The run's ``--seed``."""
        ...

    @property
    def rounds(self) -> int:
        """Rounds per session."""
        ...

    @property
    def agents(self) -> tuple[str, ...]:
        """The bots of seats A to D."""
        ...

    def check(self, games: int) -> None:
        """Refuse a run of ``games`` sessions that cannot be dealt (exit 2)."""
        ...

    def resumable(self, record: str) -> None:
        """Refuse to go on (exit 2) when what the games are played with is no longer what a kept
        ``record`` was played with."""
        ...

    def recount(self, counts: C, record: str) -> None:
        """Count a record kept before (a resumed run's)."""
        ...

    def head(self, games: int) -> dict[str, Any]:
        """The records file header's fields of a run of ``games`` sessions."""
        ...

    def store(self, records: list[str], engine: Engine) -> None:
        """Store records in one transaction."""
        ...

    def unstored(self, records: list[str], engine: Engine) -> list[str]:
        """Those of ``records`` the store does not hold yet, in order."""
        ...

    def rotated(self, r: int) -> Self:
        """The same seeds with the agents moved ``r`` seats on."""
        ...

    def scores(self, record: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """A record's agents and final scores by seat."""
        ...

    def describe(self) -> str:
        """The run's table in a few words (``strategy mode``, ``rules standard``)."""
        ...

    def figures(self, counts: C, games: int, as_json: bool) -> str:
        """The run's figures as printed (``as_json``: the JSON document)."""
        ...

    def report(self, counts: C, games: int, folder: Path, db: str | None) -> None:
        """Write the run's report page ``folder/index.html`` (the store ``db`` may add to it)."""
        ...
