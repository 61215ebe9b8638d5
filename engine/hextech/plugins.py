"""The module registry: which modules are installed, which modes enable them, and their plugin manager.

Modules register through the entry-point group ``hexmj.modules`` (the name of
the entry point is the module's name, its value the Python module holding the
hook implementations).  :func:`installed_modules` lists those that load;
:func:`plugin_manager` registers only the enabled ones, so a module that is
off has no hooks at all (§3, §6.12).  A module that cannot be loaded stops
only what may need it (R203): every mode but ``strategy``, which enables no
module (§3), and the commands that list or check every module
(:func:`require_loadable`).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy
from pluggy import HookImpl

from engine.core.decisions import Decision
from engine.core.errors import InputError, ModuleLoadError
from engine.hextech import hookspecs
from engine.hextech.bus import Event, Step

MODES = ("strategy", "party", "all")
"""The pool modes of §3: 策略模式, 聚会模式, 全模块模式."""


@dataclass(frozen=True)
class ModuleInfo:
    """An installed module as the pools and the command line see it.

    ``tag`` is the module's 标签 text, so a card whose 标签 is that text maps to the
    module.  ``modes`` are sorted in the order of
    :data:`MODES`, unknown modes last.
    """

    name: str
    title: str
    tag: str
    modes: tuple[str, ...]
    card_files: tuple[Path, ...]
    events: tuple[str, ...] = ()
    """The events the module records beyond the engine's vocabulary."""
    series: tuple[hookspecs.CardSeries, ...] = ()
    """The card-id series the module's cards carry (lib 一)."""


def _entry_points() -> list[metadata.EntryPoint]:
    found = {ep.name: ep for ep in metadata.entry_points(group=hookspecs.ENTRY_POINT_GROUP)}
    return [found[name] for name in sorted(found)]


def module_names() -> tuple[str, ...]:
    """The name of every installed module, sorted, whether it loads or not: read from the entry
    points, importing none (R203)."""
    return tuple(entry.name for entry in _entry_points())


def _import(entry: metadata.EntryPoint) -> ModuleType:
    try:
        loaded = entry.load()
    except Exception as err:
        raise ModuleLoadError(f"module {entry.name!r} ({entry.value}) cannot be imported: {err}") from err
    if not isinstance(loaded, ModuleType):
        loaded = importlib.import_module(entry.module)
    return loaded


def _declaration(name: str, plugin: ModuleType) -> hookspecs.ModuleSpec:
    declare = getattr(plugin, "hexmj_module", None)
    spec = declare() if callable(declare) else None
    if not isinstance(spec, hookspecs.ModuleSpec):
        raise ModuleLoadError(f"module {name!r} does not declare itself with hexmj_module()")
    if spec.name != name:
        raise ModuleLoadError(f"module {name!r} declares the name {spec.name!r}")
    return spec


def _mode_order(mode: str) -> tuple[int, str]:
    return (MODES.index(mode) if mode in MODES else len(MODES), mode)


def _loaded() -> tuple[tuple[ModuleInfo, ModuleType], ...]:
    """The installed modules that load, with their Python modules, read once per import path:
    putting a folder on ``sys.path`` installs what it holds (``importlib.metadata``)."""
    return _loaded_on(tuple(sys.path))[0]


def broken_modules() -> tuple[ModuleLoadError, ...]:
    """Why each installed module that cannot be loaded cannot, in the order of their names."""
    return _loaded_on(tuple(sys.path))[1]


def require_loadable(mode: str | None = None) -> None:
    """Raise the first :class:`ModuleLoadError` of a module ``mode`` may need: none for
    ``strategy`` (§3, R203), any for another mode or for every module (``None``)."""
    problems = broken_modules()
    if problems and mode != "strategy":
        raise problems[0]


@lru_cache(maxsize=1)
def _loaded_on(
    path: tuple[str, ...],
) -> tuple[tuple[tuple[ModuleInfo, ModuleType], ...], tuple[ModuleLoadError, ...]]:
    out = []
    problems = []
    for entry in _entry_points():
        try:
            plugin = _import(entry)
            spec = _declaration(entry.name, plugin)
        except ModuleLoadError as err:
            problems.append(err)
            continue
        info = ModuleInfo(
            name=spec.name,
            title=spec.title,
            tag=spec.tag,
            modes=tuple(sorted(set(spec.modes), key=_mode_order)),
            card_files=tuple(sorted(spec.card_files)),
            events=tuple(spec.events),
            series=tuple(spec.series),
        )
        out.append((info, plugin))
    return tuple(out), tuple(problems)


def installed_modules() -> list[ModuleInfo]:
    """Every installed module that loads, sorted by name."""
    return [info for info, _ in _loaded()]


def modules_for_mode(mode: str) -> list[ModuleInfo]:
    """The modules a pool mode enables (§3): none for ``strategy``, ``party`` for party, all for
    ``all``; a module that cannot be loaded stops every mode but ``strategy`` (R203)."""
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    require_loadable(mode)
    return [info for info in installed_modules() if mode in info.modes]


def plugin_manager(enabled: list[str] | tuple[str, ...] | frozenset[str]) -> pluggy.PluginManager:
    """A plugin manager with the hook specifications and only the ``enabled`` modules registered.

    A name that is not installed is an :class:`~engine.core.errors.InputError`; a
    hook whose arguments do not fit ``engine/hextech/hookspecs.py`` a :class:`ModuleLoadError`.
    """
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    require_loadable("strategy" if not enabled else None)
    loaded = {info.name: plugin for info, plugin in _loaded()}
    unknown = sorted(set(enabled) - set(loaded))
    if unknown:
        raise InputError(f"unknown module {unknown[0]!r}; installed: {', '.join(sorted(loaded)) or 'none'}")
    for name in sorted(set(enabled)):
        try:
            manager.register(loaded[name], name=name)
        except pluggy.PluginValidationError as err:
            problem = " ".join(str(err).split())
            raise ModuleLoadError(
                f"module {name!r}: a hook does not fit engine/hextech/hookspecs.py: {problem}"
            ) from None
    return manager


def _call_plain(impls: tuple[HookImpl, ...], first: bool, kwargs: dict[str, Any]) -> Any:
    """Call plain hook implementations in order with the arguments each names: their answers that
    are not ``None``, or the first of them for a ``firstresult`` hook."""
    answers = []
    for impl in impls:
        answer = impl.function(*[kwargs[arg] for arg in impl.argnames])
        if answer is not None:
            if first:
                return answer
            answers.append(answer)
    return None if first else answers


@lru_cache(maxsize=8)
def _enabled(names: tuple[str, ...], path: tuple[str, ...]) -> Modules:
    """:meth:`Modules.enable` for the modules ``names`` found on the import path ``path``."""
    return Modules(names=names, manager=plugin_manager(names))


def pool_removals(enabled: list[str] | tuple[str, ...] | frozenset[str]) -> frozenset[str]:
    """The base ids the ``enabled`` modules take out of every pool (``hexmj_pool_removals``, §6.12)."""
    modules = frozenset(enabled)
    answers = plugin_manager(modules).hook.hexmj_pool_removals(modules=modules)
    return frozenset(card for answer in answers for card in answer)


@dataclass(frozen=True)
class Modules:
    """The enabled modules of one session, asked through typed calls.

    The engine holds one of these and never names a module: with none
    enabled (the strategy mode) every call answers with nothing.  Hooks are
    called module by module in name order, so pluggy's own call order never
    decides anything.
    """

    names: tuple[str, ...]
    manager: pluggy.PluginManager
    _callers: dict[tuple[str, str], Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def enable(cls, enabled: list[str] | tuple[str, ...] | frozenset[str]) -> Modules:
        """The session's modules: exactly ``enabled``.  Sessions with the same modules on the same
        import path share them (modules keep their state in the session, ``hexmj_session_state``)."""
        return _enabled(tuple(sorted(set(enabled))), tuple(sys.path))

    @classmethod
    def for_mode(cls, mode: str) -> Modules:
        """The modules ``mode`` switches on (§3)."""
        return cls.enable([info.name for info in modules_for_mode(mode)])

    def _per_module(self, hook: str, **kwargs: Any) -> list[Any]:
        """What each module answers to ``hook``, in module-name order."""
        answers = []
        for name in self.names:
            call = self._callers.get((hook, name))
            if call is None:
                call = self._callers[(hook, name)] = self._module_call(hook, name)
            answers.append(call(kwargs))
        return answers

    def _module_call(self, hook: str, name: str) -> Callable[[dict[str, Any]], Any]:
        """How ``hook`` is asked of the module ``name`` alone: its implementations called as pluggy
        calls them (last registered first, ``None`` answers dropped, the first answer of a
        ``firstresult`` hook), directly when they are plain functions, else through pluggy."""
        caller = getattr(self.manager.hook, hook)
        impls = [impl for impl in caller.get_hookimpls() if impl.plugin_name == name]
        if any(impl.wrapper or impl.hookwrapper or impl.kwargnames for impl in impls):
            others = [self.manager.get_plugin(other) for other in self.names if other != name]
            subset = self.manager.subset_hook_caller(hook, others)
            return lambda kwargs: subset(**kwargs)
        first = caller.spec is not None and bool(caller.spec.opts.get("firstresult"))
        return partial(_call_plain, tuple(reversed(impls)), first)

    def _each(self, hook: str, **kwargs: Any) -> list[Any]:
        """Every module's answers to ``hook`` in one list, in module-name order."""
        return [answer for answers in self._per_module(hook, **kwargs) for answer in answers]

    def decks(self) -> list[hookspecs.DeckSpec]:
        """Every module deck, in module-name order."""
        return [deck for decks in self._each("hexmj_decks") for deck in decks]

    def session_state(self, players: tuple[str, ...]) -> dict[str, Any]:
        """Each module's per-session state, by module name (§16)."""
        return {state.module: state.value for state in self._each("hexmj_session_state", players=players)}

    def player_state(self, player: int) -> dict[str, Any]:
        """Each module's state for ``player`` this round, by module name."""
        return {state.module: state.value for state in self._each("hexmj_player_state", player=player)}

    def round_setup(self, stage: hookspecs.SetupStage, game: hookspecs.Game, dealer: int) -> Step:
        """Run the modules' set-up steps of ``stage``, in module-name order (§11 phase 1)."""
        for step in self._each("hexmj_round_setup", stage=stage, game=game, dealer=dealer):
            yield from step

    def listeners(self) -> list[hookspecs.Listener]:
        """Every module listener, in module-name order; the bus sorts them by §15 level."""
        return [listener for found in self._each("hexmj_listeners") for listener in found]

    def primitives(self) -> dict[str, hookspecs.Primitive]:
        """The effect primitives the modules implement, by name; two modules may not share one."""
        found: dict[str, hookspecs.Primitive] = {}
        for answer in self._each("hexmj_primitives"):
            for primitive, run in answer.items():
                if primitive in found:
                    raise ModuleLoadError(f"two modules implement the primitive {primitive!r}")
                found[primitive] = run
        return found

    def primitive_modules(self) -> dict[str, str]:
        """The module that implements each effect primitive, by primitive name."""
        answers = self._per_module("hexmj_primitives")
        return {
            primitive: name
            for name, found in zip(self.names, answers, strict=True)
            for one in found
            for primitive in one
        }

    def bot_answer(self, decision: Decision, game: hookspecs.Game) -> str | None:
        """A module's answer to its own decision for a bot, or ``None`` (the bot decides)."""
        answers = self._per_module("hexmj_bot_answer", decision=decision, game=game)
        return next((str(answer) for answer in answers if answer is not None), None)

    def tile_marks(self, player: int, seat: int, game: hookspecs.Game) -> dict[str, frozenset[int]]:
        """The sets of tile kinds the modules mark for ``player`` in ``seat`` now, merged by mark name."""
        merged: dict[str, frozenset[int]] = {}
        for marks in self._each("hexmj_tile_marks", player=player, seat=seat, game=game):
            for mark, kinds in marks.items():
                merged[mark] = merged[mark] | kinds if mark in merged else frozenset(kinds)
        return merged

    def score_items(
        self, win: hookspecs.WinSummary, game: hookspecs.Game | None
    ) -> tuple[hookspecs.ScoreContribution, ...]:
        """The items the modules add to one win (``WinInput.extra``), in module-name order."""
        return tuple(item for items in self._each("hexmj_score_items", win=win, game=game) for item in items)

    def account_lines(self, record: Event, game: hookspecs.Game) -> list[str]:
        """The modules' lines of the readable account for ``record``."""
        return [
            line for lines in self._each("hexmj_account_lines", record=record, game=game) for line in lines
        ]

    def session_summary(self, game: hookspecs.Game) -> list[str]:
        """The modules' lines of the end-of-session summary (§16)."""
        return [line for lines in self._each("hexmj_session_summary", game=game) for line in lines]

    def session_fields(self, game: hookspecs.Game) -> dict[str, Any]:
        """The modules' fields of a finished session's JSON document, in module-name order (§16)."""
        return {
            name: value
            for fields in self._each("hexmj_session_fields", game=game)
            for name, value in fields.items()
        }

    def revealing(self) -> tuple[str, ...]:
        """The events with which the enabled modules reveal the card that sets their round
        (:attr:`hookspecs.ModuleSpec.reveals`), in module-name order."""
        return tuple(spec.reveals for spec in self._each("hexmj_module") if spec.reveals)

    def marking(self) -> frozenset[str]:
        """The enabled modules that mark tiles (``hexmj_tile_marks``), by name."""
        return frozenset(impl.plugin_name for impl in self.manager.hook.hexmj_tile_marks.get_hookimpls())

    def marks_tiles(self) -> bool:
        """Whether an enabled module marks tiles (``hexmj_tile_marks``): the tests of marked tiles are
        then on (§8: the treasure tiles)."""
        return bool(self.manager.hook.hexmj_tile_marks.get_hookimpls())
