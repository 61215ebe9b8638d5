"""The ``standard`` rule set's entry point in the group ``hexmj.rulesets`` (issue 14 item 2)."""

from __future__ import annotations

from engine.core.registry import hookimpl
from engine.core.ruleset import RuleSet
from engine.standard.rules import STANDARD


@hookimpl
def hexmj_ruleset() -> RuleSet:
    """Declare the standard rules of seed 002."""
    return STANDARD
