"""``hexmj tune``: the balance assistant — flag the cards outside §18.3's lines and propose, for each,
the smallest edit of its ``.hex`` parameters that brings it inside, as a new version (§18.3, §18.4;
issue 34).

The pool is measured (``--games N`` seeds, or ``--until-decided`` until each figure is decided
against its line, at most ``--games``); each flagged card's candidate versions are measured on the
same seeds (:mod:`tools.lab.tune`).  ``--card ID`` narrows the search (and the stop) to those cards.
``--write`` writes each proposal as ``hexmj card new-version`` writes a version, with its examples
copied and marked for review; ``--report DIR`` draws before and after.  Real-table sessions of the
cohort in the record store (``--db``) are shown beside the simulated figures.  Nothing simulated is
stored: the candidates are versions that exist nowhere yet.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from engine.core.errors import InputError
from engine.hextech.card_ids import base_of
from tools.cmd_pool import CardsOption, ModeOption
from tools.interrupt import interrupted
from tools.lab_options import ClusterOption, WorkersOption
from tools.rules_option import DEFAULT, CardRulesOption

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dsl.model import Card
    from tools.lab.lines import Line
    from tools.lab.proposals import Proposal
    from tools.lab.session_spec import SessionSpec
    from tools.lab.tune import Flagged, Tuned, Tuner
    from tools.lab.tune_people import Beside

DEFAULT_GAMES = 200
"""Seeds per measurement with a fixed N."""
DEFAULT_MOST = 2000
"""The most seeds per measurement of ``--until-decided`` when ``--games`` names none."""


def tune(
    ctx: typer.Context,
    mode: ModeOption = None,
    pool: Annotated[
        Path | None, typer.Option(metavar="FILE", help="A pool file (§18.2); default: the mode's pool.")
    ] = None,
    folder: CardsOption = None,
    agents: Annotated[
        str, typer.Option(help="Bots for A,B,C,D (or one for all): greedy, random, search or search:N.")
    ] = "greedy",
    rounds: Annotated[int, typer.Option(help="8, or 4 for the shortened test session (§18.1).")] = 8,
    seed: Annotated[
        int, typer.Option(metavar="N", help="Base seed: every version plays the same seeds.")
    ] = 1,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            metavar="N",
            help=f"Seeds per measurement (default {DEFAULT_GAMES}); with --until-decided the most "
            f"(default {DEFAULT_MOST}).",
        ),
    ] = DEFAULT_GAMES,
    until_decided: Annotated[
        bool,
        typer.Option(
            "--until-decided",
            help="Measure each figure until its always-valid 95 % interval lies inside its line or "
            "wholly outside it.",
        ),
    ] = False,
    band: Annotated[
        list[str] | None,
        typer.Option(
            metavar="FIGURE=LOW..HIGH",
            help="A line for augments, e.g. score_advantage=-1..1 (repeatable).",
        ),
    ] = None,
    card: Annotated[
        list[str] | None,
        typer.Option("--card", metavar="ID", help="Search edits for this card only (repeatable)."),
    ] = None,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Record store whose real-table sessions are shown beside the bots' figures: "
            "sqlite:///FILE or postgresql://…; default $HEXMJ_DB, else hexmj-records.db; 'none'.",
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print flags and proposals as JSON.")] = False,
    report: Annotated[
        Path | None, typer.Option(metavar="DIR", help="Draw each proposal's before and after into DIR.")
    ] = None,
    write: Annotated[
        bool,
        typer.Option(
            "--write",
            help="Write each proposal as a new version (§18.4) after the card's latest, with its "
            "examples copied and marked for review; nothing is overwritten.",
        ),
    ] = False,
    rules: CardRulesOption = DEFAULT,
) -> None:
    """Flag the cards outside §18.3's lines and propose, for each, the smallest edit as a new version."""
    from dsl.loader import load_cards
    from dsl.pools import card_paths
    from engine.hextech.card_ids import parse_id
    from tools.cmd_simulate import session_spec
    from tools.lab.lines import band as parse_band
    from tools.lab.runner import check_games

    check_games(games)
    if until_decided and games == DEFAULT_GAMES and not _given(ctx, "games"):
        games = DEFAULT_MOST
    bands = [parse_band(text) for text in band or ()]
    targets = tuple(parse_id(text).base for text in card or ())
    spec = session_spec(mode, pool, rounds, agents, seed, folder)
    library = load_cards(card_paths(folder))
    run = _Run(spec_text=_header(spec.mode, spec.rounds, spec.pool_name, agents, seed, games, until_decided))
    heard = _terminal(json_out)
    found = _search(run, spec, library, games, until_decided, bands, targets, workers, cluster, seed, heard)
    people = _people(db, found.tuner)
    written: dict[str, list[str]] = {}
    if write:
        from tools.lab.proposals import write as write_proposal

        written = {
            tuned.source.id: write_proposal(found.proposals[tuned.source.id], tuned)
            for tuned in found.searches
            if tuned.source.id in found.proposals
        }
    if report is not None:
        from tools.lab.tune_report import write_report

        write_report(report, run.spec_text, found.flags, list(found.proposals.values()))
    from tools.lab.tune_summary import dumps, tune_doc, tune_lines

    if json_out:
        typer.echo(dumps(tune_doc(found.flags, list(found.proposals.values()), people)))
        return
    lines = tune_lines(run.spec_text, found.flags, found.searches, found.proposals, people, written)
    typer.echo("\n".join(lines))


def _terminal(json_out: bool) -> Callable[[str], object] | None:
    """On a terminal's stderr (never a pipe, never with ``--json``) one line as each measurement ends."""
    if json_out or not sys.stderr.isatty():
        return None
    return lambda line: typer.echo(f"tune: {line}", err=True)


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT")


def _header(mode: str, rounds: int, pool: str, agents: str, seed: int, games: int, until: bool) -> str:
    how = f"until decided, at most {games} seeds each" if until else f"{games} seeds each"
    return f"hexmj tune: {mode} mode, {rounds} rounds, pool {pool}, agents {agents}, seed {seed} ({how})"


@dataclass
class _Run:
    """What Ctrl-C reports: the run being measured."""

    spec_text: str
    games: int = 0

    def stopped(self) -> str:
        return (
            f"tune stopped after {self.games} games, before any proposal was made; the same command "
            "plays the same seeds again (nothing was written)"
        )


@dataclass
class _Found:
    """The measured pool, its flags, each search and the proposals by the card they version."""

    tuner: Tuner
    flags: list[Flagged]
    searches: list[Tuned]
    proposals: dict[str, Proposal]


def _search(
    run: _Run,
    spec: SessionSpec,
    library: Sequence[Card],
    games: int,
    until: bool,
    bands: list[Line],
    targets: tuple[str, ...],
    workers: int | None,
    cluster: str | None,
    seed: int,
    heard: Callable[[str], object] | None,
) -> _Found:
    """Measure the pool and search each flagged card (``targets``: only those), on one executor."""
    from tools.lab.executors import open_executor
    from tools.lab.measure import Bench
    from tools.lab.proposals import proposal
    from tools.lab.tune import Tuner

    def counted(done: int) -> None:
        run.games += done

    with interrupted(run.stopped), open_executor(workers, cluster) as pool_of:
        bench = Bench(seed, pool_of.executor, pool_of.slots, progress=counted)
        tuner = Tuner(bench, spec, library, games, until, bands, heard)
        in_pool = {base_of(card) for card in tuner.in_force()}
        missing = [target for target in targets if target not in in_pool]
        if missing:
            raise InputError(f"--card: {', '.join(missing)} is not in the {tuner.spec.mode} pool")
        flags = tuner.measure(targets)
        searches = [tuner.search(f) for f in flags if not targets or base_of(f.card) in targets]
        proposals = {t.source.id: p for t in searches if (p := proposal(tuner, t)) is not None}
    return _Found(tuner, flags, searches, proposals)


def _people(db: str | None, tuner: Tuner) -> list[Beside] | None:
    """Real-table sessions of the measured cohort beside the bots' figures; ``None`` with ``--db none``."""
    from tools.lab.metrics import aggregate, summarize
    from tools.lab.store import NO_STORE, open_store
    from tools.lab.tune_people import beside, table_sessions

    if db == NO_STORE or tuner.pool.tally.cohort is None:
        return None
    store = open_store(db)
    try:
        records = table_sessions(store, tuner.pool.tally.cohort)
    finally:
        store.dispose()
    if not records:
        return []
    figures = [(card, line.figure) for card in tuner.in_force() for line in tuner.lines_of(card)]
    return beside(aggregate(records), summarize(tuner.pool.tally), figures)
