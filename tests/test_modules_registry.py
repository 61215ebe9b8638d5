"""The module registry and `hexmj modules` (issue items 1 and 4; §3, §6.12)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from types import SimpleNamespace

import pytest

from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import InputError
from engine.hextech.hookspecs import SetupStage
from engine.hextech.plugins import Modules, installed_modules, modules_for_mode, plugin_manager

HEXMJ = [sys.executable, "-c", "from tools.cli import main; main()"]


def test_both_modules_are_installed_with_their_tags() -> None:
    """§3: the party module (欢乐挑战模块) and the treasure module (宝牌模块) register by entry point."""
    found = {info.name: info for info in installed_modules()}
    assert found["party"].tag == "欢乐挑战模块"
    assert found["treasure"].tag == "宝牌模块"
    assert found["party"].card_files[0].name == "cards.hex"


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("strategy", []), ("party", ["party"]), ("all", ["party", "treasure"])],
)
def test_each_mode_enables_its_modules(mode: str, expected: list[str]) -> None:
    """§3: strategy runs with neither module, party with party only, all with both."""
    assert [info.name for info in modules_for_mode(mode)] == expected


def test_an_unknown_mode_is_an_input_error() -> None:
    """§3 names three modes; anything else is malformed input (exit 2)."""
    with pytest.raises(InputError, match="unknown mode 'casual'"):
        modules_for_mode("casual")


def test_a_module_that_is_off_has_no_hooks() -> None:
    """§6.12, issue item 4: with the treasure module off none of its hooks exist."""
    party_only = plugin_manager(["party"])
    assert [d.name for ds in party_only.hook.hexmj_decks() for d in ds] == ["party"]
    assert plugin_manager([]).hook.hexmj_decks() == []


def test_strategy_mode_modules_answer_nothing() -> None:
    """§3: in the strategy mode no module adds a deck, a state, a listener or a set-up step."""
    none = Modules.for_mode("strategy")
    assert none.names == ()
    assert none.decks() == []
    assert none.session_state(("A", "B", "C", "D")) == {}
    assert none.listeners() == []
    no_game = None  # no module of the strategy mode reads the game
    assert list(none.round_setup(SetupStage.AFTER_WORLD, no_game, dealer=0)) == []  # type: ignore[arg-type]


def test_all_mode_decks_come_in_module_name_order() -> None:
    """§7.2, §8: the all mode brings the party deck and the treasure deck."""
    assert [deck.name for deck in Modules.for_mode("all").decks()] == ["party", "treasure"]


def test_enabling_an_unknown_module_names_it() -> None:
    """A module name that is not installed is malformed input (exit 2)."""
    with pytest.raises(InputError, match="unknown module 'karaoke'"):
        plugin_manager(["party", "karaoke"])


def test_hexmj_modules_json_lists_modules_modes_and_cards() -> None:
    """Issue item 1: `hexmj modules --json` gives name, modes and the number of cards."""
    done = subprocess.run([*HEXMJ, "modules", "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert [(row["name"], row["modes"], row["cards"]) for row in rows] == [
        ("party", ["party", "all"], 36),
        ("treasure", ["all"], 10),
    ]


def test_hexmj_modules_table_names_each_module() -> None:
    """Issue item 1: the readable listing names each module and its 标签."""
    done = subprocess.run([*HEXMJ, "modules"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "欢乐挑战模块" in done.stdout
    assert "宝牌模块" in done.stdout


@pytest.mark.parametrize(("mode", "has_treasure"), [("strategy", False), ("party", False), ("all", True)])
def test_a_played_session_has_a_treasure_order_only_in_the_all_mode(mode: str, has_treasure: bool) -> None:
    """§3, §8: `hexmj play` reveals an order each round in the all mode, none without the module."""
    command = [*HEXMJ, "play", "--seed", "3", "--mode", mode, "--rounds", "4", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    orders = [played["treasure"] for played in json.loads(done.stdout)["rounds"]]
    assert all(order is not None and order.startswith("T-") for order in orders) is has_treasure
    assert any(order is not None for order in orders) is has_treasure


def test_sessions_with_the_same_modules_share_them() -> None:
    """The registry is read once per import path; the modules keep their state in the session."""
    assert Modules.enable(["treasure", "party"]) is Modules.for_mode("all")
    assert Modules.enable(["party"]) is not Modules.for_mode("all")


CHALLENGE = Decision(DecisionKind.CHOOSE, 0, ("done", "refused"), "challenge F-R01")


@pytest.mark.parametrize(
    ("hook", "kwargs"),
    [
        ("hexmj_decks", {}),
        ("hexmj_primitives", {}),
        ("hexmj_session_state", {"players": ("A", "B", "C", "D")}),
        ("hexmj_bot_answer", {"decision": Decision(DecisionKind.TURN, 0, ("discard 1m",))}),
        ("hexmj_bot_answer", {"decision": CHALLENGE}),
    ],
)
def test_each_module_answers_as_pluggy_calls_it(hook: str, kwargs: dict[str, object]) -> None:
    """Module by module in name order, with pluggy's answers (``None`` dropped, ``firstresult``)."""
    modules = Modules.for_mode("all")
    manager = modules.manager

    def asked() -> dict[str, object]:
        if hook != "hexmj_bot_answer":
            return kwargs
        state = modules.session_state(("A", "B", "C", "D"))
        return {**kwargs, "game": SimpleNamespace(module_state=state, rng=random.Random(7))}

    for name, answer in zip(modules.names, modules._per_module(hook, **asked()), strict=True):
        others = [manager.get_plugin(other) for other in modules.names if other != name]
        assert repr(answer) == repr(manager.subset_hook_caller(hook, others)(**asked()))
