"""``hexmj check [PATH…] [--json] [--coverage] [--trace]``: play card and rule examples (docs/examples.md).

Without a path, check reads the ``examples/`` folders beside the card files (``cards/examples`` with
its ``rules/``, or ``--cards DIR``'s, and each module's); a folder named stands for the example
files in it (its ``examples/`` folders when it has any).  Text output: ``PASS file:line name`` or
``FAIL file:line name: what happened`` per example, then a count; ``--json`` prints a list of
``{"file", "example", "cards", "passed"}`` (``"rule"`` for a rule's example; a failed one adds
``"failed": {"location", "message"}``).  ``--coverage`` plays nothing and lists the card ids
(every version) no example names, and the rulebook sections the rules' examples prove;
``--trace`` prints, after each play step, the events it brought and the next decision, written as
an expectation writes them.  Exit 0 when every example passes, 1 when one fails, 2 for an example
file that is malformed (its ``file:line:col``).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from dsl.example_run import Outcome, card_library, run_examples
from dsl.examples import ExampleFile, example_files, example_folders, load_examples
from dsl.loader import default_paths
from dsl.pools import card_paths
from dsl.versions import sort_key
from engine.core.errors import InputError
from engine.core.quoting import printable
from tools.cmd_pool import CardsOption, JsonOption
from tools.rules_option import DEFAULT, CardRulesOption


def check(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="Example files or folders; default: every card's and rule's examples."),
    ] = None,
    as_json: JsonOption = False,
    coverage: Annotated[
        bool,
        typer.Option(
            "--coverage", help="List the card ids no example names and the sections proven; play nothing."
        ),
    ] = False,
    trace: Annotated[
        bool,
        typer.Option("--trace", help="After each step, print the events it brought and what comes next."),
    ] = False,
    folder: CardsOption = None,
    rules: CardRulesOption = DEFAULT,
) -> None:
    """Play the card examples: each table, its answers, and what must and must not happen."""
    cards = card_paths(folder) or default_paths()
    library = card_library(cards)
    if paths:
        files = example_files(paths)
    else:
        folders = example_folders(cards)
        if not folders:
            raise InputError("no examples/ folder beside the card files")
        files = example_files(folders)
    loaded = [load_examples(path, library) for path in files]
    if coverage:
        _coverage(loaded, sorted(library, key=sort_key), as_json)
        return
    outcomes = run_examples((e for f in loaded for e in f.examples), library, trace=trace)
    failed = sum(1 for outcome in outcomes if not outcome.passed)
    review = sum(1 for outcome in outcomes if outcome.example.review is not None)
    if as_json:
        typer.echo(json.dumps([_json(outcome) for outcome in outcomes], ensure_ascii=False, indent=2))
    else:
        for outcome in outcomes:
            typer.echo(printable(_line(outcome)))
            for line in outcome.trace:
                typer.echo(f"  {printable(line)}")
        typer.echo(
            f"{len(outcomes)} example(s), {failed} failed" + (f", {review} to review" if review else "")
        )
    if failed:
        raise typer.Exit(1)


def _line(outcome: Outcome) -> str:
    """An example's line; one marked for review (R594) says so first, and why, whether it passes or
    fails."""
    if outcome.example.review is None:
        return outcome.describe()
    return f"REVIEW {outcome.describe()} ({outcome.example.review})"


def _json(outcome: Outcome) -> dict[str, object]:
    out = outcome.as_json()
    if outcome.example.review is not None:
        out["review"] = outcome.example.review
    return out


def _coverage(loaded: list[ExampleFile], ids: list[str], as_json: bool) -> None:
    """The card ids an example names (a rule's example names none) and the rulebook sections the
    rules' examples prove, with how many examples each."""
    named = {card for f in loaded for e in f.examples for card in e.cards}
    covered = [card for card in ids if card in named]
    uncovered = [card for card in ids if card not in named]
    rules = Counter(e.rule for f in loaded for e in f.examples if e.rule is not None)
    sections = {rule: rules[rule] for rule in sorted(rules, key=_section_key)}
    if as_json:
        typer.echo(
            json.dumps({"covered": covered, "uncovered": uncovered, "rules": sections}, ensure_ascii=False)
        )
        return
    typer.echo(f"{len(covered)} of {len(ids)} card ids have an example")
    if uncovered:
        typer.echo("uncovered: " + " ".join(uncovered))
    if sections:
        typer.echo("rule sections proven: " + " ".join(f"{rule} ({n})" for rule, n in sections.items()))


def _section_key(section: str) -> tuple[int, ...]:
    """``§13.10.6`` in the rulebook's order."""
    return tuple(int(part) for part in section.lstrip("§").split("."))
