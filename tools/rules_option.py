"""``--rules NAME``: the rule set a command works under (issue 14 item 5), declared once for every
command that has no other rule set to offer.

The name is one of ``hexmj rulesets``; without the option, ``hextech``.  An unknown name is one line
listing the installed rule sets, a rule set that cannot be loaded one line with its reason (exit 6;
:func:`engine.core.registry.ruleset`).  The cards, the card language and the modules belong to the
hextech rule set alone: each option below refuses any other installed rule set in one line saying
what it lacks (exit 2, R493).  The host console (``tools/cmd_serve.py``, R373) and the session store
(``tools/cmd_record.py``, R380) take any rule set.  Only a name other than
``hextech`` reads the registry, so these commands load no rule set they do not use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer

from engine.core.errors import InputError
from engine.core.registry import ruleset

DEFAULT = "hextech"
"""The rule set a command works under without ``--rules``: the command line's choice; the registry
names none (issue 33 item 3)."""
RULES_HELP = "The rule set (hexmj rulesets lists those installed)."

RulesOption = Annotated[
    str | None,
    typer.Option(metavar="NAME", help="The rule set to play (hexmj rulesets lists them); default hextech."),
]
"""``--rules`` of the commands that play any rule set: play, simulate, serve."""
TableOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="NAME[=VALUE]",
        help="A table option of the rule set (a bare flag is true); repeatable.",
    ),
]
"""``--option NAME[=VALUE]``: a table option of a rule set other than hextech."""


def hextech_only(refusal: str) -> Any:
    """The ``--rules`` option of a command that works on the hextech rule set alone; ``refusal``
    says what another rule set lacks, ``{name}`` standing for its name."""

    def check(name: str) -> str:
        if name != DEFAULT:
            ruleset(name)
            raise InputError(f"--rules {name}: {refusal.format(name=name)}")
        return name

    return typer.Option("--rules", metavar="NAME", help=RULES_HELP, callback=check)


CardRulesOption = Annotated[
    str, hextech_only("{name} has no cards: the card language and its cards are hextech's (spec 000)")
]
"""``--rules`` of the card commands: cards, card, pool, lint, check, fmt, lsp."""

ModuleRulesOption = Annotated[
    str, hextech_only("{name} has no modules: modules extend the hextech rule set (§3, hexmj.modules)")
]
"""``--rules`` of ``hexmj modules``."""


def plays_elsewhere(rules: str | None, options: Sequence[str] | None) -> bool:
    """Whether ``--rules`` names a rule set on the core's table: any but hextech, the default,
    whose sessions take no ``--option``."""
    if rules is None or rules == DEFAULT:
        if options:
            raise InputError(f"--option {options[0]}: options belong to --rules NAME of another rule set")
        return False
    return True
