"""The compiled build (docs/performance.md): ``make pytest-compiled`` runs every test again on the
engine compiled with mypyc, and this test checks which build it is on.  On the interpreted engine no
module is compiled; on the compiled one, every engine module but those ``pyproject.toml`` keeps in
Python, so rules code the tests exercise is the compiled code; so is the party and treasure modules'
play, beside their plugins."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import engine.hextech.round
import modules.party.play
import modules.party.plugin
import modules.treasure.play
from engine.build_info import compiled_modules, describe

ROOT = Path(__file__).resolve().parent.parent


def _kept_in_python() -> set[str]:
    table = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["hexmahjong"]["compiled"]
    return {path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in table["exclude"]}


def test_the_engine_build_is_the_one_expected() -> None:
    """Interpreted: nothing compiled.  Compiled: the round, the turn, the bus, the card hooks and every
    other engine module except those kept in Python."""
    modules = compiled_modules()
    if os.environ.get("HEXMJ_EXPECT_COMPILED") != "1":
        assert modules == []
        assert describe() == "engine: interpreted"
        assert engine.hextech.round.__file__ is not None and engine.hextech.round.__file__.endswith(".py")
        return
    kept = _kept_in_python()
    hot = {
        "engine.hextech.round",
        "engine.hextech.turn",
        "engine.hextech.bus",
        "engine.hextech.effects.hooks",
        "engine.core.shanten",
    }
    assert hot <= set(modules)
    assert not kept & set(modules)
    assert describe() == f"engine: {len(modules)} modules compiled with mypyc"
    assert engine.hextech.round.__file__ is not None and not engine.hextech.round.__file__.endswith(".py")


def test_the_modules_play_is_compiled_with_the_engine() -> None:
    """Compiled: the party and treasure modules' play (their primitives and listeners, heard every
    turn) runs compiled, their pluggy plugins stay Python; interpreted, all are sources."""
    compiled = os.environ.get("HEXMJ_EXPECT_COMPILED") == "1"
    for module in (modules.party.play, modules.treasure.play):
        assert module.__file__ is not None and module.__file__.endswith(".py") is not compiled
    assert modules.party.plugin.__file__ is not None and modules.party.plugin.__file__.endswith(".py")
