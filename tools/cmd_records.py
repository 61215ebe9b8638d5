"""``hexmj records``: the sessions a record store keeps, listed, shown, exported, reported (§18.3,
issue 14 item 5).

``--rules NAME`` chooses whose sessions (default hextech): hextech's are those ``play``,
``simulate`` and the console stored (:class:`tools.lab.store.SessionRow`), another rule set's those
``play --rules NAME`` and ``simulate --rules NAME`` stored with the rule set and every option's
value (:class:`tools.lab.store.TableSessionRow`); each kind numbers its sessions on its own.  The
list gives one line per session (or ``--json``); ``--option NAME=VALUE`` and ``--rounds N`` keep
the sessions of those options and that length.  ``--show ID`` prints one record as JSON;
``--export FILE`` writes the records listed as JSON lines, atomically; ``--report DIR`` writes, for
hextech, the figures of the table sessions listed (played with real tiles, source ``table``) beside
the simulated sessions of the same card versions, length and mode (:mod:`tools.lab.people`), and for
another rule set the report of :mod:`tools.lab.table_report` over its sessions listed, which must be of
one set of options and one length (a report never mixes them).  An id the store does not hold, or a
report over more than one cohort, is exit 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from engine.core.errors import InputError
from engine.core.registry import ruleset
from tools.kinds.play import dumps
from tools.rules_option import DEFAULT, RULES_HELP, TableOptions


def records(
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="The record store: a SQLite file, sqlite:///FILE or postgresql://…; default $HEXMJ_DB, "
            "else hexmj-records.db in the working folder.",
        ),
    ] = None,
    rules: Annotated[str, typer.Option(metavar="NAME", help=RULES_HELP)] = DEFAULT,
    option: TableOptions = None,
    rounds: Annotated[int | None, typer.Option(metavar="N", help="Only sessions of N rounds.")] = None,
    show: Annotated[
        int | None, typer.Option(metavar="ID", help="Print this session's record as JSON.")
    ] = None,
    export: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Write the records listed as JSON lines.")
    ] = None,
    report: Annotated[
        Path | None, typer.Option(metavar="DIR", help="Write the report over the sessions listed.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="List the sessions as JSON.")] = False,
) -> None:
    """List the sessions a record store keeps; show, export or report on them."""
    from tools.fsio import write_atomic
    from tools.lab.store import database_url, load_records, open_store, shown

    wanted = ruleset(rules).resolve_options(option) if option else None
    if wanted is not None and rules == DEFAULT:
        raise InputError("--option: options belong to --rules NAME of another rule set")
    where = shown(database_url(db))
    engine = open_store(db)
    try:
        kept = load_records(engine, rules)
    finally:
        engine.dispose()
    if show is not None:
        text = dict(kept).get(show)
        if text is None:
            raise InputError(f"--show {show}: {where} holds no session {show} of {rules}")
        typer.echo(dumps(json.loads(text)))
        return
    listed = [(i, json.loads(text)) for i, text in kept]
    listed = [(i, r) for i, r in listed if _kept(r, rules, wanted, rounds)]
    if export is not None:
        chosen = {i for i, _ in listed}
        write_atomic(export, "".join(f"{text}\n" for i, text in kept if i in chosen))
        typer.echo(f"{export}: {len(listed)} sessions of {rules} from {where}")
        return
    if report is not None:
        if rules == DEFAULT:
            for line in _table_report(report, listed, [json.loads(text) for _, text in kept], where):
                typer.echo(line)
            return
        typer.echo(_report(report, rules, listed, where))
        return
    rows = [_row(i, r, rules) for i, r in listed]
    if json_out:
        typer.echo(dumps({"store": where, "rules": rules, "sessions": rows}))
        return
    typer.echo(f"{len(rows)} sessions of {rules} in {where}")
    for row in rows:
        typer.echo("  " + "  ".join(_cell(name, value) for name, value in row.items()))


def _kept(record: dict[str, Any], rules: str, wanted: dict[str, Any] | None, rounds: int | None) -> bool:
    length = record["rounds"] if rules == DEFAULT else len(record["rounds"])
    return (wanted is None or record["options"] == wanted) and (rounds is None or length == rounds)


def _row(session: int, record: dict[str, Any], rules: str) -> dict[str, Any]:
    """The listed figures of one session: where it was played, its seed and length, and (hextech)
    its mode and pool or (another rule set) its options, then its agents and final totals."""
    if rules == DEFAULT:
        setting: dict[str, Any] = {"mode": record["mode"], "pool": record["pool"]}
        rounds, totals = record["rounds"], dict(zip("ABCD", record["final_scores"], strict=True))
    else:
        setting = {"options": record["options"]}
        rounds, totals = len(record["rounds"]), {s["seat"]: s["total"] for s in record["standings"]}
    return {
        "id": session,
        "source": record["source"],
        "seed": record["seed"],
        "rounds": rounds,
        **setting,
        "agents": list(record["agents"]),
        "totals": dict(sorted(totals.items())),
    }


def _cell(name: str, value: Any) -> str:
    if name == "options":
        return ", ".join(f"{key}={json.dumps(v)}" for key, v in value.items()) or "no options"
    if name == "agents":
        return ",".join(value)
    if name == "totals":
        return " ".join(f"{seat} {total:+d}" for seat, total in value.items())
    return f"{name} {value}" if name in ("seed", "rounds", "mode", "pool") else str(value)


def _table_report(
    folder: Path, listed: list[tuple[int, dict[str, Any]]], every: list[dict[str, Any]], where: str
) -> list[str]:
    """Write the report of the table sessions listed (one cohort: card versions, length, mode) beside
    the simulated sessions of that cohort the store holds (§18.3, issue 31 item 7); what was written
    and each figure, marked where it crosses §18.3's line."""
    from tools.lab.people import compare
    from tools.lab.people_report import lines, write
    from tools.lab.records import SessionRecord

    table = [SessionRecord.model_validate(r) for _, r in listed if r["source"] == "table"]
    if not table:
        raise InputError(f"--report: {where} holds no table session (source table) to report on")
    cohorts = {record.cohort for record in table}
    if len(cohorts) > 1:
        raise InputError(
            f"--report: the table sessions listed are of {len(cohorts)} card versions, lengths or modes; "
            "choose one with --rounds N (a 4-round test session is never reported with formal ones)"
        )
    (cohort,) = cohorts
    simulated = [
        record
        for record in (SessionRecord.model_validate(r) for r in every if r["source"] == "simulate")
        if record.cohort == cohort
    ]
    comparison = compare(table, simulated)
    path = write(folder, comparison)
    head = f"{path}: {len(table)} table sessions of {where} beside {len(simulated)} simulated ones"
    return [head, *lines(comparison)]


def _report(folder: Path, rules: str, listed: list[tuple[int, dict[str, Any]]], where: str) -> str:
    """Write the report over another rule set's stored sessions of one cohort; what was written."""
    from tools.lab.table_figures import Figures
    from tools.lab.table_report import write_report

    if not listed:
        raise InputError(f"--report: {where} holds no session of {rules} to report on")
    cohorts = {(json.dumps(r["options"], sort_keys=True), len(r["rounds"])) for _, r in listed}
    if len(cohorts) > 1:
        raise InputError(
            f"--report: the sessions listed are of {len(cohorts)} sets of options and lengths; "
            "choose one with --option NAME=VALUE and --rounds N"
        )
    figures = Figures()
    for _, record in listed:
        figures.add(record)
    first = listed[0][1]
    head = {"rules": rules, "options": first["options"], "seed": first["seed"], "games": len(listed)}
    agents = {",".join(r["agents"]) for _, r in listed}
    doc = figures.doc({**head, "agents": first["agents"] if len(agents) == 1 else ["mixed"]})
    ids = (
        f"sessions {listed[0][0]}…{listed[-1][0]} of {where}"
        if len(listed) > 1
        else f"session {listed[0][0]}"
    )
    path = write_report(folder, doc, figures, ids)
    return f"{path}: the report over {len(listed)} sessions of {rules}"
