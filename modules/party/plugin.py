"""The party module (欢乐挑战模块, §7, §17) as a plugin: declaration, deck, state, primitives, listeners.

On in the party and all modes (§3).  Its 36 challenge cards live in
``cards.hex``; F-S01 also carries the treasure module's tag and so enters
only with that module (lib 五 F-S01); W-14, O-C09 and S-17 enter with this
module by their tag.  Challenges never touch the score (§7.1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.decisions import Decision, DecisionKind
from engine.core.seats import PLAYERS
from engine.hextech.bus import Event
from engine.hextech.hookspecs import (
    CardSeries,
    DeckSpec,
    Game,
    Listener,
    ModuleSpec,
    ModuleState,
    Primitive,
    hookimpl,
)
from engine.hextech.vocabulary import Level
from modules.party import play
from modules.party.challenges import Outcome
from modules.party.chips import ChipLedger, party_stars
from modules.party.table import PartyTable

TAG = "欢乐挑战模块"
CARD_TYPE = "party"
SERIES = (("F-T", "tile"), ("F-I", "instant"), ("F-R", "response"), ("F-S", "social"))
"""The id series of the challenge cards and the group each implies (lib 一, lib 二.4)."""
OUTCOME_WORDS = {
    Outcome.DONE: "完成",
    Outcome.ALTERNATIVE: "以替代动作完成",
    Outcome.REFUSED: "拒绝",
    Outcome.CHIP_SKIPPED: "花费1枚筹码跳过",
    Outcome.FAILED: "未成功",
}


@hookimpl
def hexmj_module() -> ModuleSpec:
    """The party module: on in the party and all modes (§3, §7)."""
    return ModuleSpec(
        name=play.MODULE,
        title="欢乐挑战模块",
        tag=TAG,
        modes=("party", "all"),
        card_files=(Path(__file__).with_name("cards.hex"),),
        events=(play.SETTLED, play.DISCARDED),
        series=tuple(CardSeries(prefix, CARD_TYPE, group) for prefix, group in SERIES),
    )


@hookimpl
def hexmj_decks() -> list[DeckSpec]:
    """The party deck: the challenge cards, reshuffled from their discard pile when empty (§7.2)."""
    return [DeckSpec(name="party", card_type=CARD_TYPE)]


@hookimpl
def hexmj_session_state(players: tuple[str, ...]) -> ModuleState:
    """The session's chip ledger, every player at 0 chips (§7.4, §16), and the round's challenges."""
    return ModuleState(module=play.MODULE, value=PartyTable(ledger=ChipLedger.for_players(players)))


@hookimpl
def hexmj_primitives() -> dict[str, Primitive]:
    """``challenge``, ``chips`` and ``watch_tile``: what the F cards do (§7.1, §7.4, §7.5)."""
    return {"challenge": play.challenge, "chips": play.chips, "watch_tile": play.watch_tile}


DORMANT = {"tile.acquired": play.DECK, "turn.ended": play.DECK, "idle": play.DECK}
"""The listeners with nothing to do in a round before a party card is drawn or the module's primitives
run: an F-T tracker is watched only from its card's ``watch_tile`` until the round ends (§7.5), and a
chip is paid only for a lasting party card held (§7.4)."""


@hookimpl
def hexmj_listeners() -> list[Listener]:
    """The F-T template's acquisitions and checks, a winner's exit, the round's end (§7.5, §7.6), and
    the offer to pay a chip for one's lasting challenge when about to act (§7.4)."""
    handlers = {
        "tile.acquired": play.tile_acquired,
        "turn.ended": play.turn_ended,
        "hu.confirmed": play.hu_confirmed,
        "card.ended": play.card_ended,
        "round.ended": play.round_ended,
        "idle": play.offer_discard,
    }
    return [
        Listener(play.MODULE, event, Level.PARTY, handle, dormant_until=DORMANT.get(event))
        for event, handle in handlers.items()
    ]


@hookimpl
def hexmj_bot_answer(decision: Decision, game: Game) -> str | None:
    """A bot accepts a challenge, skips it with a chip, or pays a chip for its lasting challenge with
    the session's configured probabilities (§7, §7.4, ``ChallengePolicy``)."""
    if decision.kind is not DecisionKind.CHOOSE:
        return None
    policy = play.state_of(game).policy
    if decision.about.startswith(play.CHALLENGE + " "):
        return policy.decide(game.rng, Outcome.CHIP_SKIPPED.value in decision.options).value
    if decision.about.startswith(play.PUT_AWAY + " "):
        return play.DISCARD if policy.discards(game.rng) else play.KEEP
    return None


@hookimpl
def hexmj_account_lines(record: Event, game: Game) -> list[str]:
    """One line per performer's outcome: who, which card, how it ended, the chips it moved; one per
    lasting challenge put away for a chip (§7.4)."""
    if record.name == play.DISCARDED and record.player is not None:
        return [f"{PLAYERS[record.player]} 花费1枚筹码弃置 {record.data['card']}（欢乐筹码 -1）"]
    if record.name != play.SETTLED or record.player is None:
        return []
    outcome = Outcome(str(record.data["outcome"]))
    chips = int(str(record.data["chips"]))
    to = str(record.data.get("to", PLAYERS[record.player]))
    whose = "" if to == PLAYERS[record.player] else f"{'、'.join(to)} "
    moved = f"（{whose}欢乐筹码 {chips:+d}）" if chips else ""
    return [f"{PLAYERS[record.player]} {OUTCOME_WORDS[outcome]} {record.data['card']}{moved}"]


@hookimpl
def hexmj_session_summary(game: Game) -> list[str]:
    """The chips of each player and the 欢乐之星 (§7.1); chips never rank or break ties (§16)."""
    ledger = play.state_of(game).ledger
    chips = "，".join(f"{ledger.names[p]} {n}" for p, n in enumerate(ledger.balances()))
    stars = "、".join(ledger.names[p] for p in party_stars(ledger)) or "无"
    return [f"欢乐筹码：{chips}", f"欢乐之星：{stars}"]


@hookimpl
def hexmj_session_fields(game: Game) -> dict[str, Any]:
    """``party``: each player's chips, the 欢乐之星 and every challenge outcome (§7.1, §7.4, §16)."""
    table = play.state_of(game)
    ledger = table.ledger
    return {
        play.MODULE: {
            "chips": {ledger.names[p]: n for p, n in enumerate(ledger.balances())},
            "stars": [ledger.names[p] for p in party_stars(ledger)],
            "challenges": [
                {
                    "round": round_no,
                    "seat": ledger.names[result.player],
                    "card": result.card,
                    "outcome": result.outcome.value,
                    "chips": result.chips,
                    "to": to,
                }
                for round_no, result, to in table.outcomes
            ],
        }
    }
