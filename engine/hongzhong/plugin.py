"""The 红中 rule set as a plugin of the entry-point group ``hexmj.rulesets`` (issue 14 item 2)."""

from __future__ import annotations

from engine.core.registry import hookimpl
from engine.core.ruleset import RuleSet
from engine.hongzhong.rules import RULES


@hookimpl
def hexmj_ruleset() -> RuleSet:
    """The 红中 rules of spec 003: 112 tiles, no chi, eight of a suit, 嘴子 and 全交, 报警 and 包牌."""
    return RULES
