"""``hexmj rulesets [--json]``: the installed rule sets and what each declares (issue 14 item 2).

For each rule set of the entry-point group ``hexmj.rulesets``: its title and source document, how
many tiles its wall holds, its calls in priority order, its win forms, how many winners a discard may
have, the session's length, how the deal moves, who pays whom and its table options.  A rule set
that cannot be loaded is listed as broken with its reason and does not stop the others; the command
then ends with exit 6 (R492).

JSON output: an array, sorted by name, of ``{"name", "title", "source", "tiles", "calls": [[...]],
"win_forms": [...], "winners_per_discard", "session_rounds", "dealer_rotation", "settlement",
"options": [{"name", "default", "values", "help"}]}``, or ``{"name", "broken"}``.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, TypedDict

import typer

from engine.core.errors import ModuleLoadError
from engine.core.registry import installed
from engine.core.ruleset import Call, Option, OptionValue, RuleSet
from tools.exit_codes import KIND_STATUS


class OptionRow(TypedDict):
    """One table option as the listing shows it."""

    name: str
    default: OptionValue
    values: str
    help: str


class RuleSetRow(TypedDict):
    """One rule set as ``hexmj rulesets --json`` prints it."""

    name: str
    title: str
    source: str
    tiles: int
    calls: list[list[str]]
    waiting_hand_calls: bool
    win_forms: list[str]
    winners_per_discard: int
    session_rounds: int
    dealer_rotation: str
    settlement: str
    options: list[OptionRow]


class BrokenRow(TypedDict):
    """A rule set that cannot be loaded, and why."""

    name: str
    broken: str


def values(option: Option) -> str:
    """What ``--option NAME=VALUE`` takes: ``8|4``, ``true|false``, ``1..128``, or any word."""
    if isinstance(option.default, bool):
        return "true|false"
    if option.choices:
        return "|".join(option.choices)
    if option.low is not None or option.high is not None:
        return f"{'' if option.low is None else option.low}..{'' if option.high is None else option.high}"
    return "a number" if isinstance(option.default, int) else "a word"


def ruleset_row(rules: RuleSet) -> RuleSetRow:
    """The listing of one rule set."""
    return RuleSetRow(
        name=rules.name,
        title=rules.title,
        source=rules.source,
        tiles=rules.tiles.size,
        calls=[[call.value for call in tier] for tier in rules.calls],
        waiting_hand_calls=rules.waiting_hand_calls,
        win_forms=list(rules.win_forms),
        winners_per_discard=rules.winners_per_discard,
        session_rounds=rules.session_rounds,
        dealer_rotation=rules.dealer_rotation.value,
        settlement=rules.settlement,
        options=[
            OptionRow(name=o.name, default=o.default, values=values(o), help=o.help) for o in rules.options
        ],
    )


OWN_TURN = (Call.ADDED_KONG.value, Call.CONCEALED_KONG.value)
"""The calls a player makes in his own turn, on no discard: shown apart from the priority of claims."""


WAITING = "; a waiting hand: hu only, kongs on its own draw"
"""What the calls line adds for a rule set whose waiting hand calls no discard (spec 002 术语 十四)."""


def priority_text(calls: list[list[str]]) -> str:
    """The claims on a discard in priority order, as the rule books write it (``hu > pon/kong >
    chi``), then the calls of one's own turn: ``(own turn: added_kong, concealed_kong)``."""
    tiers = [[call for call in tier if call not in OWN_TURN] for tier in calls]
    text = " > ".join("/".join(tier) for tier in tiers if tier)
    own = [call for tier in calls for call in tier if call in OWN_TURN]
    return f"{text} (own turn: {', '.join(own)})" if own else text


def _default_text(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def describe(row: RuleSetRow) -> list[str]:
    """The lines of one rule set in the listing."""
    winners = row["winners_per_discard"]
    facts = [
        ("source", row["source"]),
        ("tiles", str(row["tiles"])),
        ("calls", priority_text(row["calls"]) + ("" if row["waiting_hand_calls"] else WAITING)),
        ("win forms", ", ".join(row["win_forms"])),
        ("winners", f"up to {winners} per discard" if winners > 1 else "one per discard"),
        ("session", f"{row['session_rounds']} rounds"),
        ("dealer", row["dealer_rotation"]),
        ("settlement", row["settlement"]),
    ]
    lines = [f"{row['name']}  {row['title']}", *(f"  {label:<11} {text}" for label, text in facts)]
    options = [
        f"{o['name']}={_default_text(o['default'])} ({o['values']}): {o['help']}" for o in row["options"]
    ]
    lines += [f"  {'options' if n == 0 else '':<11} {text}" for n, text in enumerate(options or ["none"])]
    return lines


def rulesets(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """List the installed rule sets: tiles, calls, win forms, session, settlement and options."""
    found = installed()
    listed = {name: ruleset_row(rules) for name, rules in found.rulesets.items()}
    if as_json:
        rows: list[RuleSetRow | BrokenRow] = [*listed.values()]
        rows += [BrokenRow(name=name, broken=str(err)) for name, err in found.broken.items()]
        rows.sort(key=lambda row: row["name"])
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        text = {name: describe(row) for name, row in listed.items()}
        text |= {name: [f"{name}  broken: {err}"] for name, err in found.broken.items()}
        typer.echo("\n\n".join("\n".join(text[name]) for name in sorted(text)))
    if found.broken:
        names = ", ".join(found.broken)
        print(f"hexmj: error: rule sets that cannot be loaded: {names} (listed above)", file=sys.stderr)
        raise typer.Exit(KIND_STATUS[ModuleLoadError])
