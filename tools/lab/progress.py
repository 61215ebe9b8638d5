"""The progress bar of ``hexmj simulate`` on a terminal: games played, games per second, time left."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class GamesPerSecond(ProgressColumn):
    """The recent rate of play."""

    def render(self, task: Task) -> Text:
        """``12.3 games/s``, or ``–`` before the rate is known."""
        speed = task.finished_speed or task.speed
        return Text("– games/s" if speed is None else f"{speed:.1f} games/s")


@contextmanager
def progress_bar(total: int) -> Iterator[Callable[[int], None]]:
    """A bar on standard error for ``total`` games, cleared at the end; yields the function that
    advances it by the games just played."""
    columns = (
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda done: bar.advance(task, done)
