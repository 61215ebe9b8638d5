"""The options every command that plays sessions in the lab's workers takes (``simulate``, ``tune``,
§18.4): where the sessions are played."""

from __future__ import annotations

from typing import Annotated

import typer

WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        metavar="N",
        help="Worker processes, at most one per processor of this machine (default 2), or with "
        "--cluster at most the cluster's worker threads (default all of them).",
    ),
]
ClusterOption = Annotated[
    str | None, typer.Option("--cluster", metavar="URL", help="A Dask scheduler, e.g. tcp://HOST:8786.")
]
