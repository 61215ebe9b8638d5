"""The ``hextech`` rule set's entry point (``hexmj.rulesets``, :mod:`engine.core.registry`)."""

from __future__ import annotations

from engine.core.registry import hookimpl
from engine.core.ruleset import RuleSet
from engine.hextech.ruleset import HEXTECH


@hookimpl
def hexmj_ruleset() -> RuleSet:
    """Hextech Mahjong V1.2 (spec 001, spec 000)."""
    return HEXTECH
