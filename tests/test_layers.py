"""The engine in layers (issue 14 item 1): the mahjong core imports nothing of any rule set, and no
import anywhere points up or sideways.

``[tool.hexmahjong.layers]`` in ``pyproject.toml`` declares the order once; this test reads every
import of every module of the distribution (those inside functions and under ``TYPE_CHECKING``
too) and checks each against it.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator, Sequence
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
    """Every absolute import of the project's own packages in ``path``: line and module."""
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [node.module]
            if node.module in TOP or node.module.count(".") == 1:
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
    ],
)
def test_an_upward_import_is_named(module: str, target: str) -> None:
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
