"""A module defined only in the tests registers like any third party's (issue item 5; §3, §13.7).

``tests/plugins`` holds a ``*.dist-info`` with an ``entry_points.txt`` in the
group ``hexmj.modules`` and the package it names; putting the folder on
``sys.path`` installs the module for ``importlib.metadata``.  It adds a card,
a score item and a pool removal without touching ``engine/``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from dsl.parser import parse_file
from dsl.pools import mode_cards
from engine.core.errors import ModuleLoadError
from engine.core.tiles import parse, parse_one
from engine.hextech.bus import Event
from engine.hextech.hookspecs import WinSummary
from engine.hextech.plugins import (
    Modules,
    installed_modules,
    modules_for_mode,
    pool_removals,
)
from engine.hextech.scoring import WinInput, score_win
from engine.hextech.session import Session, SessionConfig
from tools.exit_codes import exit_code

PLUGINS = Path(__file__).resolve().parent / "plugins"


@pytest.fixture
def lucky(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Install the test-only module ``lucky`` for one test."""
    monkeypatch.syspath_prepend(str(PLUGINS))
    yield


def test_the_lucky_module_is_found_only_while_installed(lucky: None) -> None:
    """Entry points alone register a module: it is listed with its tag and modes."""
    found = {info.name: info for info in installed_modules()}
    assert found["lucky"].tag == "幸运模块"
    assert found["lucky"].modes == ("all",)


def test_without_the_plugin_folder_there_is_no_lucky_module() -> None:
    """Off means absent (issue item 4): nothing of the module exists until it is installed."""
    assert "lucky" not in {info.name for info in installed_modules()}


def test_the_lucky_module_joins_the_all_mode_only(lucky: None) -> None:
    """§3: a module says which modes enable it; the party mode stays as it was."""
    assert [info.name for info in modules_for_mode("all")] == ["lucky", "party", "treasure"]
    assert [info.name for info in modules_for_mode("party")] == ["party"]


def test_its_card_enters_the_all_pool_and_not_the_party_pool(lucky: None) -> None:
    """§3, §6.12: the module's card is in play only while the module is on."""
    cards = parse_file(PLUGINS / "hexmj_lucky" / "cards.hex")
    registry = installed_modules()
    assert [card.id for card in mode_cards(cards, "all", registry)] == ["O-L01"]
    assert mode_cards(cards, "party", registry) == []


def test_its_pool_removal_applies_while_it_is_on(lucky: None) -> None:
    """§6.12: a module may take a card out of every pool, before shuffling."""
    assert pool_removals(["lucky", "party"]) == frozenset({"O-P01"})
    assert pool_removals(["party", "treasure"]) == frozenset()


def test_its_score_item_reaches_the_scorer_under_the_add_on_cap(lucky: None) -> None:
    """§13.2, §13.7: a module's item is an add-on of the win, scored by the unchanged scorer."""
    concealed = tuple(parse("123m456m789m789p55s"))
    items = Modules.for_mode("all").score_items(
        WinSummary(player=0, hand=concealed, win_tile=parse_one("5s")), None
    )
    assert [(item.id, item.points) for item in items] == [("lucky_seven", 1)]
    result = score_win(
        WinInput(concealed=concealed, win_tile=parse_one("5s"), win_by="ron", hu_order=1, extra=items)
    )
    assert result.legal
    assert ("lucky_seven", 1) in [(item.id, item.points) for item in result.items]


def test_no_seven_no_item(lucky: None) -> None:
    """The lucky item needs a 7 in the complete hand; without one the module adds nothing."""
    hand = tuple(parse("123m456m123p456p55s"))
    assert Modules.enable(["lucky"]).score_items(WinSummary(0, hand, parse_one("5s")), None) == ()


def test_hexmj_modules_lists_the_third_party_module(lucky: None) -> None:
    """Issue item 1: `hexmj modules --json` counts the module's one card."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PLUGINS), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", "from tools.cli import main; main()", "modules", "--json"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads(done.stdout)}
    assert rows["lucky"]["cards"] == 1
    assert rows["lucky"]["modes"] == ["all"]


def test_a_module_that_cannot_be_imported_is_one_line_and_exit_6() -> None:
    """A broken third-party module is reported in one line with its own exit code, no traceback."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PLUGINS / "broken"), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", "from tools.cli import main; main()", "modules"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 6
    assert done.stderr.startswith("hexmj: error: module 'ghost'")
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_hook_that_does_not_fit_its_specification_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every extension point is declared once; a hook asking for other arguments is a load error (exit 6)."""
    monkeypatch.syspath_prepend(str(PLUGINS / "misfit"))
    with pytest.raises(ModuleLoadError, match="module 'misfit': a hook does not fit") as caught:
        Modules.enable(["misfit"])
    assert exit_code(caught.value) == 6
    assert "\n" not in str(caught.value)


def test_the_after_deal_stage_runs_after_the_flowers_and_before_contracts_s11(lucky: None) -> None:
    """§11 phase 1: a module's ``AFTER_DEAL`` step runs once a round, after the deal and the initial
    flower replacement (dealer 14 tiles, the others 13, no flower in hand) and before any contract."""
    events: list[Event] = []
    session = Session(
        SessionConfig(seed=3, mode="all", rounds=4),
        modules=frozenset({"lucky"}),
        plugins=Modules.enable(["lucky"]),
        sinks=[events.append],
    )
    steps = session.steps()
    decision = next(steps)
    while not any(e.name == "setup.ready" for e in events):
        decision = steps.send(decision.options[0])
    names = [e.name for e in events]
    dealt = names.index("lucky.dealt")
    assert names.count("lucky.dealt") == 1
    assert names.index("setup.dealt") < dealt < names.index("setup.ready")
    assert all(name != "flower.revealed" for name in names[dealt:])
    assert events[dealt].data["sizes"] == [14, 13, 13, 13]
