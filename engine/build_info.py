"""Which of the engine's modules run compiled: the build ``make compiled`` makes, or a wheel built with
``HEXMJ_MYPYC=1``, compiles those ``pyproject.toml`` names with mypyc (docs/performance.md)."""

from __future__ import annotations

import importlib.util
import pkgutil

import engine

EXTENSION_SUFFIXES = (".so", ".pyd")


def compiled_modules() -> list[str]:
    """The engine's modules that import from compiled extensions, by full name, without importing them."""
    found = []
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        spec = importlib.util.find_spec(info.name)
        if spec is not None and (spec.origin or "").endswith(EXTENSION_SUFFIXES):
            found.append(info.name)
    return found


def describe() -> str:
    """One line for reports: how many of the engine's modules are compiled."""
    modules = compiled_modules()
    return f"engine: {len(modules)} modules compiled with mypyc" if modules else "engine: interpreted"
