"""The rule-set registry: which rule sets are installed, through the entry-point group
``hexmj.rulesets`` (issue 14 item 2).

An entry point's name is the rule set's name and its value the Python module that declares it with
a ``hexmj_ruleset()`` hook implementation returning a :class:`engine.core.ruleset.RuleSet`: the same
pluggy marker, ``hexmj``, that modules use.  A rule set that cannot be loaded is reported by name
and stops only the commands that ask for it (:func:`ruleset`), as a broken module does (R203).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from types import ModuleType

import pluggy

from engine.core.errors import InputError, ModuleLoadError
from engine.core.ruleset import RuleSet

PROJECT = "hexmj"
ENTRY_POINT_GROUP = "hexmj.rulesets"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class RuleSetSpec:
    """The hook a rule set's module implements."""

    @hookspec(firstresult=True)
    def hexmj_ruleset(self) -> RuleSet:  # type: ignore[empty-body]
        """Declare the rule set: its tiles, calls, forms, session, options, scoring and settlement."""


@dataclass(frozen=True)
class Installed:
    """What the registry found: the rule sets that load, by name, and the ones that do not."""

    rulesets: dict[str, RuleSet]
    broken: dict[str, ModuleLoadError]


def _declared(entry: metadata.EntryPoint) -> RuleSet:
    try:
        plugin = entry.load()
    except Exception as err:
        raise ModuleLoadError(f"rule set {entry.name!r} ({entry.value}) cannot be imported: {err}") from err
    if not isinstance(plugin, ModuleType):
        raise ModuleLoadError(f"rule set {entry.name!r}: {entry.value} is not a module")
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(RuleSetSpec)
    try:
        manager.register(plugin, entry.name)
        declared = manager.hook.hexmj_ruleset()
    except Exception as err:
        problem = " ".join(str(err).split())
        raise ModuleLoadError(f"rule set {entry.name!r}: hexmj_ruleset() fails: {problem}") from err
    if not isinstance(declared, RuleSet):
        raise ModuleLoadError(f"rule set {entry.name!r} does not declare itself with hexmj_ruleset()")
    if declared.name != entry.name:
        raise ModuleLoadError(f"rule set {entry.name!r} declares the name {declared.name!r}")
    return declared


def installed() -> Installed:
    """Every rule set of the entry-point group, sorted by name, loaded once per import path: putting
    a folder on ``sys.path`` installs what it holds (``importlib.metadata``), as for modules."""
    return _installed_on(tuple(sys.path))


@lru_cache(maxsize=1)
def _installed_on(path: tuple[str, ...]) -> Installed:
    found = {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    rulesets: dict[str, RuleSet] = {}
    broken: dict[str, ModuleLoadError] = {}
    for name in sorted(found):
        try:
            rulesets[name] = _declared(found[name])
        except ModuleLoadError as err:
            broken[name] = err
    return Installed(rulesets, broken)


def ruleset(name: str) -> RuleSet:
    """The installed rule set ``name``; raises :class:`InputError` listing those installed, or the
    :class:`ModuleLoadError` that stops it from loading."""
    found = installed()
    if name in found.broken:
        raise found.broken[name]
    if name not in found.rulesets:
        known = ", ".join(found.rulesets) or "none"
        raise InputError(f"--rules {name}: no such rule set (installed: {known})")
    return found.rulesets[name]
