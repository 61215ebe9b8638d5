"""The engine in layers (issue 14 item 1): the mahjong core imports nothing of any rule set, and no
import anywhere points up or sideways; no module is in an import cycle, and the host console imports
no module of the command line (issue 33 item 3).

``[tool.hexmahjong.layers]`` in ``pyproject.toml`` declares the order once; this test reads every
import of every module of the distribution (those inside functions and under ``TYPE_CHECKING``
too) and checks each against it, then follows the imports module to module: a module that imports
itself back, however far round, is named with the others of its cycle.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Collection, Iterator, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOP = ("engine", "dsl", "modules", "tools")


def declared_layers() -> list[list[str]]:
    """The layers from the top down, each the packages it holds."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["hexmahjong"]["layers"]
    return [[name.strip() for name in row.split("|")] for row in table["order"]]


def package_of(module: str, layers: Sequence[Sequence[str]]) -> str | None:
    """The longest declared package that holds ``module``."""
    names = [name for row in layers for name in row]
    holding = [name for name in names if module == name or module.startswith(name + ".")]
    return max(holding, key=len, default=None)


def imports_of(path: Path) -> Iterator[tuple[int, str]]:
    """Every absolute import of the project's own packages in ``path``: line and what it names (a
    module, or a name in a module or package: ``engine.hextech.round.Round``)."""
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        for target in targets:
            if target.split(".")[0] in TOP:
                yield node.lineno, target


def violations(graph: dict[str, list[tuple[int, str]]], layers: Sequence[Sequence[str]]) -> list[str]:
    """Each import that points to a package above its module's or beside it, as ``module:line``."""
    rank = {name: depth for depth, row in enumerate(layers) for name in row}
    found = []
    for module, targets in sorted(graph.items()):
        own = package_of(module, layers)
        if own is None:
            found.append(f"{module}: in no declared layer")
            continue
        for line, target in targets:
            theirs = package_of(target, layers)
            if theirs is None or (theirs != own and rank[theirs] <= rank[own]):
                found.append(f"{module}:{line} imports {target} ({own} may not import {theirs})")
    return found


def project_graph() -> dict[str, list[tuple[int, str]]]:
    """Every module of the distribution and the project imports it makes."""
    graph = {}
    for top in TOP:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            graph[module] = list(imports_of(path))
    return graph


def holding_module(target: str, modules: Collection[str]) -> str | None:
    """The module an import reaches: the target itself, or the longest module that holds it (a name
    imported from a module or a package)."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or None


def module_graph(graph: dict[str, list[tuple[int, str]]]) -> dict[str, set[str]]:
    """Each module and the other modules of the project its imports reach."""
    found: dict[str, set[str]] = {}
    for module, targets in graph.items():
        reached = {holding_module(target, graph) for _, target in targets}
        found[module] = {other for other in reached if other is not None and other != module}
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: each group of two or more modules every one of which imports every other,
    directly or round a loop (the strongly connected components, Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            module, pending = work[-1]
            step = next((t for t in pending if t not in index or t in stack), None)
            if step is not None and step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                work.append((step, iter(sorted(graph.get(step, ())))))
                continue
            if step is not None:
                low[module] = min(low[module], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                group = stack[stack.index(module) :]
                del stack[stack.index(module) :]
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def test_no_module_is_in_an_import_cycle() -> None:
    """Issue 33 item 3: no import cycle inside any package, imports made only for type checking or
    inside a function counted."""
    assert cycles(module_graph(project_graph())) == []


def commands_imported(graph: dict[str, list[tuple[int, str]]], package: str) -> list[str]:
    """Each import of a command line module (``tools.cmd_*``) by a module of ``package``, as
    ``module:line``."""
    return [
        f"{module}:{line} imports {target}"
        for module, targets in sorted(graph.items())
        if module.startswith(package + ".")
        for line, target in targets
        if target.startswith("tools.cmd_")
    ]


def test_the_console_imports_no_command() -> None:
    """Issue 33 item 3: the host console imports none of the command line's modules; what both need
    (a hextech session's cards, its session and its ``--json`` document, another rule set's record)
    lies below both."""
    graph = project_graph()
    assert any(module.startswith("tools.console_web.") for module in graph)
    assert commands_imported(graph, "tools.console_web") == []


def test_a_command_imported_by_the_console_is_named() -> None:
    graph = {
        "tools.console_web.live": [(44, "tools.cmd_play.new_session"), (45, "tools.hextech_session")],
        "tools.console_web.replays": [(7, "tools.cmd_play")],
        "tools.cmd_replay": [(3, "tools.cmd_play.account")],
    }
    assert commands_imported(graph, "tools.console_web") == [
        "tools.console_web.live:44 imports tools.cmd_play.new_session",
        "tools.console_web.replays:7 imports tools.cmd_play",
    ]


def test_a_cycle_is_found_however_far_round(tmp_path: Path) -> None:
    """A cycle closed by a type-only import, three modules round, is named; a module that only
    imports into it is not part of it."""
    source = tmp_path / "turn.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from engine.hextech import calls\n"
        "if TYPE_CHECKING:\n"
        "    from engine.hextech.round import Round\n",
        "utf-8",
    )
    graph = {
        "engine.hextech.turn": list(imports_of(source)),
        "engine.hextech.round": [(1, "engine.hextech.calls.make_call")],
        "engine.hextech.calls": [(1, "engine.hextech.turn")],
        "engine.hextech.session": [(1, "engine.hextech.round.Round")],
    }
    assert cycles(module_graph(graph)) == [
        ["engine.hextech.calls", "engine.hextech.round", "engine.hextech.turn"]
    ]
    del graph["engine.hextech.calls"]
    assert cycles(module_graph(graph)) == []


def test_no_import_points_up_or_sideways() -> None:
    assert violations(project_graph(), declared_layers()) == []


def test_the_core_imports_only_itself() -> None:
    graph = project_graph()
    core = {module: targets for module, targets in graph.items() if module.startswith("engine.core")}
    assert len(core) >= 10
    assert {target.split(".")[1] for targets in core.values() for _, target in targets} <= {"core"}


@pytest.mark.parametrize(
    ("module", "target"),
    [
        ("engine.core.tiles", "engine.hextech.state"),
        ("engine.hextech.round", "dsl.compiler"),
        ("dsl.compiler", "modules.party.plugin"),
        ("engine.core.hand", "tools.cli"),
        ("engine.hextech.session", "engine.agents.bots.GreedyBot"),
        ("engine.core.table_session", "engine.agents.bots"),
        ("modules.party.plugin", "engine.agents.hextech.choices"),
        ("engine.agents.hextech.search", "tools.lab.standin"),
    ],
)
def test_an_upward_import_is_named(module: str, target: str) -> None:
    """An import up the layers is named: the core reaching a rule set or a tool, a rule set the card
    language, and the core, a rule set or a module reaching an agent (issue 33 item 2), an agent a
    tool."""
    graph = {module: [(7, target)]}
    (found,) = violations(graph, declared_layers())
    assert found.startswith(f"{module}:7 imports {target}")


def test_a_sideways_import_is_named() -> None:
    layers = [["tools"], ["engine.hextech", "engine.standard"], ["engine.core"]]
    graph = {
        "engine.standard.fan": [(3, "engine.hextech.scoring")],
        "engine.hextech.round": [(4, "engine.core.tiles")],
    }
    assert violations(graph, layers) == [
        "engine.standard.fan:3 imports engine.hextech.scoring (engine.standard may not import engine.hextech)"
    ]
