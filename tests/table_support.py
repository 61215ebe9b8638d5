"""A rule set defined only in the tests, installed as a third party installs one, and helpers to
arrange and answer a table of it (issue 14 items 1, 2, 5).

``tiny`` plays the 136 tiles without flowers, has pon, kong and hu only (胡 > 碰/杠), one fan
"和" worth 1, and settles as the standard rules' formula does with a base of 1 (自摸: each loser
pays the total; 点和: the discarder alone).  Its one option, ``self_draw_only``, refuses a win on a
discard.  :func:`install` writes it as a package with a ``*.dist-info/entry_points.txt`` in the
group ``hexmj.rulesets`` into a folder; put on ``sys.path`` (or ``PYTHONPATH``) the registry finds
it like any installed rule set.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from collections.abc import Generator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from engine.core import registry
from engine.core.deal import TableDeal, arranged_wall, deal, tiles_of
from engine.core.decisions import Decision
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seats import PLAYERS
from engine.core.table import Player, Table
from engine.core.tiles import INSTANCE_KINDS, instances_of, parse
from engine.core.wall import Wall

PLUGIN = '''"""tiny: a rule set a third party adds with a package and an entry point."""

from dataclasses import dataclass

from engine.core.registry import hookimpl
from engine.core.ruleset import Call, DealerRotation, Option, RuleSet, TileSet
from engine.core.win import Fan, Scored


@dataclass(frozen=True)
class Tiny(RuleSet):
    def may_win(self, win, options):
        if options["self_draw_only"] and win.discarder is not None:
            return False
        return super().may_win(win, options)

    def score(self, win, options):
        return Scored((Fan("和", 1),), 1)

    def settle(self, win, scored, options):
        gains = [0, 0, 0, 0]
        losers = [p for p in range(4) if p != win.winner] if win.discarder is None else [win.discarder]
        for p in losers:
            gains[p] -= scored.total
            gains[win.winner] += scored.total
        return tuple(gains)


TINY = Tiny(
    name="tiny",
    title="Tiny",
    source="tests",
    tiles=TileSet(tuple(range(34))),
    calls=((Call.HU,), (Call.PON, Call.KONG, Call.ADDED_KONG, Call.CONCEALED_KONG)),
    win_forms=("standard", "seven_pairs", "thirteen_orphans"),
    session_rounds=4,
    dealer_rotation=DealerRotation.ROTATE,
    options=(Option("self_draw_only", False, "a win on a discard is refused"),),
    settlement="自摸: each loser pays the total; 点和: the discarder alone",
)


@hookimpl
def hexmj_ruleset():
    return TINY
'''


def install(folder: Path) -> Path:
    """Write the ``tiny`` package and its distribution's metadata into ``folder``; the folder."""
    package = folder / "hexmj_tiny"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text(PLUGIN, "utf-8")
    info = folder / "hexmj_tiny-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: hexmj-tiny\nVersion: 1.0\n", "utf-8")
    (info / "entry_points.txt").write_text("[hexmj.rulesets]\ntiny = hexmj_tiny\n", "utf-8")
    return folder


def hexmj(plugins: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``hexmj`` in a new process with the plugin folder on ``PYTHONPATH``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugins), *sys.path])}
    return subprocess.run(
        [sys.executable, "-c", "from tools.cli import main; main()", *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=cwd,
    )


def arranged(rules: RuleSet, hands: Sequence[str], draws: str = "", tail: str = "", dealer: int = 0) -> Wall:
    """A wall that deals ``hands`` (A, B, C, D in notation; the dealer's with its extra tile last;
    an empty one is filled from the rest in kind order), then gives ``draws`` from the front in
    order and ``tail`` from the tail in order; the rest of the rule set's tiles lie between, in
    kind order; each kind's instances in instance order."""
    dealt = [parse(hand) for hand in hands]
    back = parse(tail)
    rest = sorted(
        (
            Counter(tiles_of(rules.tiles))
            - Counter(k for hand in dealt for k in hand)
            - Counter(parse(draws) + back)
        ).elements()
    )
    size = rules.hand_size
    for p, hand in enumerate(dealt):
        missing = size + (p == dealer) - len(hand)
        hand.extend(rest[:missing])
        del rest[:missing]
    order = [dealer, *((dealer + i) % 4 for i in range(1, 4))]
    front = [k for p in order for k in dealt[p][:size]] + dealt[dealer][size:] + parse(draws)
    return arranged_wall(rules.tiles, [*front, *rest, *reversed(back)])


def core_table(rules: RuleSet, options: Mapping[str, OptionValue], wall: Wall, **given: Any) -> Table[Player]:
    """The core's table of ``rules`` over ``wall``, each player at its own seat (``given``: the
    table's other keywords, ``dealer_seat``, ``sinks`` …)."""
    return Table(rules, options, wall, players=[Player() for _ in PLAYERS], **given)


def deal_table(table: Table[Player]) -> bool:
    """The core table's deal as its round deals it, with the table's events (it asks nothing):
    whether the wall lasted."""
    lasted, asked = answered(deal(table, TableDeal(table)), [])
    assert asked == []
    return bool(lasted)


def kinds(instances: Sequence[int]) -> list[int]:
    """The kinds of ``instances``, in order."""
    return [INSTANCE_KINDS[i] for i in instances]


def unused(text: str, taken: set[int]) -> list[int]:
    """Instances of the tiles of ``text``, each the first of its kind not yet ``taken`` (which
    then holds it): a hand or a meld laid on a table by hand."""
    found = []
    for k in parse(text):
        i = next(i for i in instances_of(k) if i not in taken)
        taken.add(i)
        found.append(i)
    return found


def answered(steps: Generator[Decision, str, Any], answers: Sequence[str]) -> tuple[Any, list[Decision]]:
    """Answer ``steps`` with ``answers`` in order; its return value and the decisions it put.
    Running out of answers is an assertion error naming the decision left unanswered."""
    asked: list[Decision] = []
    pending = iter(answers)
    try:
        decision = next(steps)
        while True:
            asked.append(decision)
            answer = next(pending, None)
            assert answer is not None, f"no answer scripted for {decision.describe()}"
            decision = steps.send(answer)
    except StopIteration as done:
        return done.value, asked


def installed_tiny(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[RuleSet]:
    """The body of a ``tiny`` fixture: the rule set installed into ``folder`` for one test and
    found through the ``hexmj.rulesets`` entry points."""
    monkeypatch.syspath_prepend(str(install(folder)))
    yield registry.ruleset("tiny")
