"""``hexmj play``, ``replay`` and ``simulate`` for a rule set other than hextech (issue 14 item 5).

The session is played by :mod:`engine.core.table_session` with the bots of
:mod:`engine.core.bots`, the rule set found in the ``hexmj.rulesets`` registry and its options
given as ``--option NAME[=VALUE]`` (resolved by :meth:`RuleSet.resolve_options`, every value
recorded in the log's header).  A seed fixes the session: the account, the ``--json`` document
and the ``--log`` lines come out byte for byte the same.  ``replay`` reads the rule set, its
options, the seed and the agents from the log's header, plays the logged answers again and
refuses a log that does not come out the same (exit 5).  ``simulate`` plays N sessions and
reports each seat's win rate, the drawn-round rate, the mean session score and how often each
fan was scored.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from engine.core.bots import LOGGED, make_bots
from engine.core.errors import InputError, LogError, engine_faults
from engine.core.registry import DEFAULT, ruleset
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seats import PLAYERS
from engine.core.table_log import (
    MAX_ROUNDS,
    SEED_RANGE,
    TableHeader,
    TableLog,
    TableLogWriter,
    logged_options,
    read_table_log,
)
from engine.core.table_session import SessionResult, TableConfig, TableSession, drive
from engine.core.tiles import FACES, name

RulesOption = Annotated[
    str | None,
    typer.Option(metavar="NAME", help="The rule set to play (hexmj rulesets lists them); default hextech."),
]
TableOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="NAME[=VALUE]",
        help="A table option of the rule set (a bare flag is true); repeatable.",
    ),
]
HEXTECH_FLAGS = {"mode": "--mode", "pool": "--pool", "resume": "--resume", "db": "--db", "folder": "--cards"}
"""The flags of a hextech session only, by parameter name."""
FLAG_NAMES = {
    **HEXTECH_FLAGS,
    "workers": "--workers",
    "cluster": "--cluster",
    "report": "--report",
    "compare_versions": "--compare",
    "duplicate": "--duplicate",
    "table": "--table",
}
"""How the command line spells each hextech-only parameter."""


def plays_elsewhere(rules: str | None, options: Sequence[str] | None) -> bool:
    """Whether ``--rules`` names a rule set this module plays: any but hextech, the default, whose
    sessions take no ``--option``."""
    if rules is None or rules == DEFAULT:
        if options:
            raise InputError(f"--option {options[0]}: options belong to --rules NAME of another rule set")
        return False
    return True


@dataclass(frozen=True)
class Chosen:
    """A session's rule set and its options' values, as the command line gave them."""

    rules: RuleSet
    options: dict[str, OptionValue]


def choose(name: str, words: Sequence[str]) -> Chosen:
    """The installed rule set ``name`` and its options from ``--option`` words (exit 2 on a name
    or value it does not have, 6 for a rule set that cannot be loaded)."""
    rules = ruleset(name)
    return Chosen(rules, rules.resolve_options(words))


def session_header(chosen: Chosen, seed: int, rounds: int | None, agents: str) -> TableHeader:
    """The header of the session the command line asks for; a bad seed, length or agent is exit 2."""
    if seed not in SEED_RANGE:
        raise InputError(f"--seed: {seed} is not a whole number of 64 bits")
    length = chosen.rules.session_rounds if rounds is None else rounds
    if not 1 <= length <= MAX_ROUNDS:
        raise InputError(f"--rounds: {length} is not 1…{MAX_ROUNDS}")
    names = [name.strip() for name in agents.split(",")]
    names = names * 4 if len(names) == 1 else names
    make_bots(names, seed)
    return TableHeader(chosen.rules.name, chosen.options, seed, length, tuple(names))


def replay_command(header: TableHeader) -> str:
    """The command line that plays the session again (an engine fault names it)."""
    options = "".join(f" --option {name}={value}" for name, value in header.options.items())
    return (
        f"hexmj play --rules {header.rules}{options} --seed {header.seed} --rounds {header.rounds} "
        f"--agents {','.join(header.agents)}"
    )


def play_session(
    rules: RuleSet,
    header: TableHeader,
    *,
    log: Path | None = None,
    expected: Sequence[dict[str, Any]] = (),
) -> SessionResult:
    """Play the session ``header`` describes, writing its log to ``log``; with ``expected`` (a log
    being replayed) its answers are played and every line must come out again, nothing is written."""
    handle = _open_log(log) if log is not None and not expected else None
    try:
        writer = TableLogWriter(handle, expected, str(log or ""))
        if not expected:
            writer.write(header.line())
        sinks = (writer.event,) if handle is not None or expected else ()
        config = TableConfig(rules, header.options, header.seed, header.rounds)
        script = iter([str(line["answer"]) for line in expected if line.get("type") == "decision"])
        with engine_faults(replay_command(header)):
            try:
                result = drive(
                    TableSession(config, sinks),
                    make_bots(list(header.agents), header.seed, LOGGED),
                    script=script if expected else None,
                    on_answer=writer.decision if sinks else None,
                )
            except LogError as err:
                if str(err).startswith(f"{log}:"):
                    raise
                raise LogError(f"{log}:{writer.checked + 2}: {err}") from None
        writer.write({"type": "end", "totals": {PLAYERS[p]: result.totals[p] for p in range(4)}})
        if not writer.replayed_all():
            raise LogError(f"{log}: the log goes on after the session ends (line {writer.checked + 2})")
        return result
    finally:
        if handle is not None:
            handle.close()


def replay_log(path: Path, contents: TableLog) -> SessionResult:
    """Replay a finished log, the rule set and options read from its header (exit 5 on a log that
    does not come out the same, or names a rule set or option not installed)."""
    if not contents.finished:
        raise LogError(f"{path}: the session was cut short; its log has no end line")
    header = contents.header
    try:
        rules = ruleset(header.rules)
    except InputError as err:
        raise LogError(f"{path}:1: session header: rules: {err}") from None
    logged_options(rules, header.options, path)
    try:
        make_bots(list(header.agents), header.seed, LOGGED)
    except InputError as err:
        raise LogError(f"{path}:1: session header: {err}") from None
    return play_session(rules, header, log=path, expected=contents.lines)


def replay_other(path: Path, json_out: bool) -> None:
    """``hexmj replay LOG`` of another rule set's log: replay it, print its account or its JSON."""
    contents = read_table_log(path)
    result = replay_log(path, contents)
    typer.echo(dumps(result_json(result, contents.header.agents)) if json_out else "\n".join(account(result)))


def _open_log(path: Path) -> IO[str]:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return path.open("w", encoding="utf-8", newline="\n")
    except OSError as err:
        raise InputError(f"{path}: cannot write log: {err.strerror}") from None


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
            {"seat": PLAYERS[p], "total": total, "rank": rank} for rank, p, total in result.ranking()
        ],
    }


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
    lines += ["", "Standings", *(f"  {rank}. {PLAYERS[p]}  {total}" for rank, p, total in result.ranking())]
    return lines


def simulate(chosen: Chosen, games: int, seed: int, rounds: int | None, agents: str) -> dict[str, Any]:
    """Play ``games`` sessions, seeds ``seed`` to ``seed + games - 1``; the figures of the run."""
    if games < 1:
        raise InputError(f"--games must be at least 1, not {games}")
    header = session_header(chosen, seed, rounds, agents)
    if seed + games - 1 not in SEED_RANGE:
        raise InputError(f"--seed: {seed} + {games} games passes the 64-bit seeds")
    wins, totals = [0, 0, 0, 0], [0, 0, 0, 0]
    fan: Counter[str] = Counter()
    played = drawn = won = 0
    for n in range(games):
        game = TableHeader(header.rules, header.options, seed + n, header.rounds, header.agents)
        result = play_session(chosen.rules, game)
        for p in range(4):
            totals[p] += result.totals[p]
        for record in result.rounds:
            played += 1
            drawn += record.result.drawn
            for w in record.result.wins:
                won += 1
                wins[w.winner] += 1
                fan.update({f.name: f.count for f in w.scored.fan})
    return {
        "rules": chosen.rules.name,
        "options": chosen.options,
        "seed": seed,
        "games": games,
        "agents": list(header.agents),
        "rounds": played,
        "win_rate": {PLAYERS[p]: _rate(wins[p], played) for p in range(4)},
        "drawn_rate": _rate(drawn, played),
        "mean_score": {PLAYERS[p]: round(totals[p] / games, 4) for p in range(4)},
        "fan_frequency": {
            name: _rate(count, won) for name, count in sorted(fan.items(), key=lambda i: (-i[1], i[0]))
        },
    }


def _rate(count: int, of: int) -> float:
    return round(count / of, 4) if of else 0.0


def figure_lines(doc: dict[str, Any]) -> list[str]:
    """The terminal summary of :func:`simulate`'s figures."""
    seats = "  ".join(f"{seat} {rate:.1%}" for seat, rate in doc["win_rate"].items())
    means = "  ".join(f"{seat} {mean:+.2f}" for seat, mean in doc["mean_score"].items())
    lines = [
        f"{doc['games']} sessions of {doc['rules']} ({doc['rounds']} rounds), seed {doc['seed']}, "
        f"agents {','.join(doc['agents'])}",
        f"  win rate per round: {seats}",
        f"  drawn rounds (荒牌): {doc['drawn_rate']:.1%}",
        f"  mean session score: {means}",
        "  fan per win: " + ("  ".join(f"{n} {r:.1%}" for n, r in doc["fan_frequency"].items()) or "none"),
    ]
    return lines


def dumps(doc: dict[str, Any]) -> str:
    """A JSON document as every command prints it."""
    return json.dumps(doc, ensure_ascii=False, indent=2)


def refuse_hextech_flags(given: Sequence[str], rules: str) -> None:
    """A flag only a hextech session has (its mode, pool, cards, record store, resume), given with
    another rule set, is exit 2 naming it."""
    if given:
        raise InputError(f"{FLAG_NAMES[given[0]]}: a flag of hextech sessions, not of --rules {rules}")


def other_play(
    rules: str | None,
    options: Sequence[str] | None,
    hextech_only: Sequence[str],
    seed: int,
    rounds: int | None,
    agents: str,
    log: Path | None,
    json_out: bool,
) -> None:
    """``hexmj play --rules NAME``: play the session, print its account or its JSON."""
    assert rules is not None
    refuse_hextech_flags(hextech_only, rules)
    chosen = choose(rules, options or ())
    header = session_header(chosen, seed, rounds, agents)
    result = play_session(chosen.rules, header, log=log)
    typer.echo(dumps(result_json(result, header.agents)) if json_out else "\n".join(account(result)))


def other_simulate(
    rules: str | None,
    options: Sequence[str] | None,
    hextech_only: Sequence[str],
    games: int,
    seed: int,
    rounds: int | None,
    agents: str,
    json_out: bool,
) -> None:
    """``hexmj simulate --rules NAME``: play the sessions, print the figures or their JSON."""
    assert rules is not None
    refuse_hextech_flags(hextech_only, rules)
    doc = simulate(choose(rules, options or ()), games, seed, rounds, agents)
    typer.echo(dumps(doc) if json_out else "\n".join(figure_lines(doc)))
