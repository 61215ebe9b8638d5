"""``hexmj lint [PATH…] [--json]``: check card files; exit 0 when no error, 1 with errors, 2 on usage errors.

Without a path, lint reads the card folder (``cards/``, or ``--cards DIR``) and the modules' cards,
and warns (``NO-EXAMPLE``) about each card that no example beside its card file names.

Text output: each finding as ``file:line:col: severity CODE: message``, the
source line with a caret, and a hint.  JSON output: ``{"findings":
[{"severity", "code", "cards", "message", "location"}]}``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from dsl.errors import Diagnostic
from dsl.lint import lint as lint_cards
from dsl.pools import card_paths
from engine.hextech.plugins import require_loadable
from tools.cmd_pool import CardsOption, JsonOption
from tools.rules_option import DEFAULT, CardRulesOption


def finding_json(finding: Diagnostic) -> dict[str, Any]:
    """A finding as ``hexmj lint --json`` prints it."""
    where = finding.location
    return {
        "severity": finding.severity,
        "code": finding.code,
        "cards": list(finding.cards),
        "message": finding.message,
        "location": None
        if where is None
        else {"file": where.file, "line": where.line, "column": where.column},
    }


def lint(
    paths: Annotated[
        list[Path] | None, typer.Argument(help="Card files or folders; default: all cards.")
    ] = None,
    as_json: JsonOption = False,
    folder: CardsOption = None,
    rules: CardRulesOption = DEFAULT,
) -> None:
    """Check card files: language errors, endless trigger chains and priority conflicts (§15)."""
    if not paths:
        require_loadable()
    report = lint_cards(paths or card_paths(folder), examples=not paths)
    if as_json:
        typer.echo(json.dumps({"findings": [finding_json(f) for f in report.findings]}, ensure_ascii=False))
    else:
        for finding in report.findings:
            source = report.sources.get(finding.location.file) if finding.location else None
            typer.echo(finding.render(source))
        typer.echo(f"{len(report.findings)} finding(s), {report.errors} error(s)")
    if report.errors:
        raise typer.Exit(1)
