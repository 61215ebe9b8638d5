"""The lucky module: a card of its own and a score item, added without touching ``engine/``.

On in the all mode only.  A win holding a 7 of any suit earns +1 (an add-on,
under the 5-point cap of §13.7); the module also takes O-P01 out of the pool
while it is on, to show a pool removal.  After the deal and the initial
flowers, before contracts (§11 phase 1), it announces ``lucky.dealt`` with
the size of each hand, to show the ``AFTER_DEAL`` set-up stage.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.hextech.bus import Event, Step
from engine.hextech.hookspecs import Game, ModuleSpec, ScoreContribution, SetupStage, WinSummary, hookimpl

SEVENS = frozenset({6, 15, 24})


@hookimpl
def hexmj_module() -> ModuleSpec:
    """The lucky module: its tag, its mode, its card file."""
    return ModuleSpec(
        name="lucky",
        title="幸运模块",
        tag="幸运模块",
        modes=("all",),
        card_files=(Path(__file__).with_name("cards.hex"),),
    )


@hookimpl
def hexmj_pool_removals(modules: frozenset[str]) -> list[str]:
    """O-P01 leaves the pool while the lucky module is on."""
    return ["O-P01"]


@hookimpl
def hexmj_score_items(win: WinSummary, game: Any) -> list[ScoreContribution]:
    """+1 幸运七 when the complete hand holds a 7 of any suit."""
    if SEVENS & set(win.hand):
        return [ScoreContribution(id="lucky_seven", name="幸运七", points=1)]
    return []


@hookimpl
def hexmj_round_setup(stage: SetupStage, game: Game, dealer: int) -> Step | None:
    """After the deal and the initial flowers (§11 phase 1): ``lucky.dealt`` with the hand sizes."""
    if stage is not SetupStage.AFTER_DEAL:
        return None
    sizes = [len(game.hand_of(p)) for p in range(4)]
    return game.bus.deliver(Event("lucky.dealt", dealer, data={"sizes": sizes}), game)
