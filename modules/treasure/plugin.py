"""The treasure module (宝牌模块, §8) as a plugin: its declaration, deck, state, set-up step and marks.

On in the all mode only (§3, §8).  Its ten treasure orders live in
``cards.hex``; the cards tagged 宝牌模块 elsewhere (W-13, O-X09, S-16, P-14,
C-24, F-S01) enter with it by their tag.  The +1 bonus of §13.6 is the
scorer's item, fed by the faces this module marks with the filter word ``treasure``.
"""

from __future__ import annotations

from typing import Any

from engine.hextech.bus import Event, Step
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.hookspecs import (
    CardSeries,
    DeckSpec,
    Game,
    Listener,
    ModuleSpec,
    ModuleState,
    Primitive,
    SetupStage,
    hookimpl,
)
from engine.hextech.vocabulary import Level
from modules.treasure import play
from modules.treasure.table import TreasureTable

TAG = "宝牌模块"


@hookimpl
def hexmj_module() -> ModuleSpec:
    """The treasure module: on in the all mode only (§3, §8)."""
    return ModuleSpec(
        name=play.MODULE,
        title="宝牌模块",
        tag=TAG,
        modes=("all",),
        card_files=(play.CARD_FILE,),
        reveals=play.REVEALED,
        series=(CardSeries("T", play.DECK),),
    )


@hookimpl
def hexmj_decks() -> list[DeckSpec]:
    """The treasure deck: one order per round, reshuffled from its discard pile when empty (§8.5)."""
    return [DeckSpec(name=play.DECK, card_type="treasure")]


@hookimpl
def hexmj_session_state(players: tuple[str, ...]) -> ModuleState:
    """The round's treasure, empty until the first order is revealed."""
    return ModuleState(module=play.MODULE, value=TreasureTable())


@hookimpl
def hexmj_round_setup(stage: SetupStage, game: Game, dealer: int) -> Step | None:
    """After the world card, before the deal: reveal the round's order (§8)."""
    return play.reveal_step(game, dealer) if stage is SetupStage.AFTER_WORLD else None


@hookimpl
def hexmj_listeners() -> list[Listener]:
    """At the round's end the order goes to the discard pile (§8.5)."""
    return [Listener(source=play.MODULE, event="round.ended", level=Level.TREASURE, handle=play.round_ended)]


@hookimpl
def hexmj_primitives() -> dict[str, Primitive]:
    """O-X09's ``redraw_treasure`` and P-14's ``set_personal_treasure`` (§8.3, §8.4)."""
    return {"redraw_treasure": play.redraw_treasure, "set_personal_treasure": play.set_personal_treasure}


@hookimpl
def hexmj_tile_marks(player: int, seat: int, game: Game) -> dict[str, frozenset[int]]:
    """The player's treasure faces now: the order in force, his seat wind, his P-14 face (§8.3)."""
    return {TREASURE: play.state_of(game).faces(player, seat)}


@hookimpl
def hexmj_account_lines(record: Event, game: Game) -> list[str]:
    """A line for each order revealed or rewritten (§8, §8.4)."""
    if record.name not in (play.REVEALED, "treasure.changed"):
        return []
    return [play.describe(record.data)]


@hookimpl
def hexmj_session_fields(game: Game) -> dict[str, Any]:
    """``treasure``: every order revealed or rewritten, in order, with its public faces (§8, §8.4)."""
    orders = play.state_of(game).orders
    return {
        play.MODULE: {"orders": [{"reveal": n, "card": card, "faces": faces} for n, card, faces in orders]}
    }
