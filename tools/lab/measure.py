"""Runs that grow seed by seed: one version of a pool played on the seeds ``0, 1, 2, …`` of a base
seed, extended whenever a decision needs more (§18.3, §18.4; issue 34).

A :class:`Measurement` keeps its run's tally (the lab's figures, :mod:`tools.lab.metrics`) and each
seed's sums (:mod:`tools.lab.seed_figures`), so that two measurements on the same seeds pair
seed by seed.  :meth:`Bench.extend` plays the missing seeds through the lab's runner: game ``i`` is
dealt from ``game_seed(S, i)`` whatever the workers, so a measurement extended in steps has the
records of one played at once.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field

from tools.lab.pipeline import Progress
from tools.lab.records import SessionRecord
from tools.lab.runner import ENGINE_TABLE, run
from tools.lab.seed_figures import Sums, session_sums
from tools.lab.session_spec import SessionSpec
from tools.lab.tally import Tally


@dataclass
class Measurement:
    """One version's run: its spec, the tally of the seeds played and each seed's sums, in order."""

    spec: SessionSpec
    tally: Tally = field(default_factory=Tally)
    seeds: list[Sums] = field(default_factory=list)

    @property
    def played(self) -> int:
        """Seeds played so far: ``0 … played − 1``."""
        return len(self.seeds)


@dataclass
class Bench:
    """Where measurements are played: the base seed, the executor and its slots, the session player,
    who hears of every game and where the records go."""

    base_seed: int
    executor: Executor
    slots: int = 1
    table: str = ENGINE_TABLE
    progress: Progress | None = None
    keep: Callable[[list[str]], object] | None = None
    games: int = 0
    """Games played on this bench, every measurement together."""

    def extend(self, measurement: Measurement, seeds: int) -> None:
        """Play ``measurement``'s seeds up to ``seeds`` (none when it has them already)."""
        missing = seeds - measurement.played
        if missing <= 0:
            return
        sums: list[Sums] = []

        def records(texts: list[str]) -> None:
            sums.extend(session_sums(SessionRecord.model_validate_json(text)) for text in texts)
            if self.keep is not None:
                self.keep(texts)

        counts = run(
            measurement.spec,
            missing,
            self.base_seed,
            self.executor,
            self.table,
            self.progress,
            records,
            self.slots,
            start=measurement.played,
        )
        measurement.tally.merge(counts)
        measurement.seeds.extend(sums)
        self.games += missing
