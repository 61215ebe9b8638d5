"""The treasure module in play: the reveal before the deal, O-X09's rewrite, P-14's declaration (§8).

Each function is a step of the session (a generator that may yield the
dealer's or holder's decision); the treasure orders come from the module's
own card file, read through :func:`modules.treasure.orders.order_of`.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from functools import cache
from pathlib import Path

from dsl.model import Card
from dsl.parser import parse_file
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import CardError
from engine.core.seats import seat_wind
from engine.core.tiles import NUM_KINDS, format_one, format_tiles, name, parse, parse_one
from engine.hextech.bus import Event, Step
from engine.hextech.hookspecs import Game
from modules.treasure.faces import RevealedOrder, public_faces, reveal
from modules.treasure.orders import TreasureKind, TreasureOrder, order_of
from modules.treasure.table import TreasureTable

MODULE = "treasure"
DECK = "treasure"
REVEALED = "treasure.revealed"
"""The event that reveals the round's order, after the world card and before the deal (§8)."""
CARD_FILE = Path(__file__).with_name("cards.hex")
FACES = tuple(format_one(kind) for kind in range(NUM_KINDS))
"""The faces a dealer (T-09) or a P-14 holder may name: every face but the flowers."""
DIE_SIDES = 6


@cache
def treasure_cards() -> dict[str, Card]:
    """The module's treasure orders by card id (versions included), read once per process."""
    return {card.id: card for card in parse_file(CARD_FILE)}


def order_for(card_id: str) -> TreasureOrder:
    """The order a drawn card declares; a card the module does not hold is a :class:`CardError`."""
    card = treasure_cards().get(card_id)
    if card is None:
        raise CardError(f"{card_id} is not a treasure order of {CARD_FILE.name}")
    return order_of(card)


def state_of(game: Game) -> TreasureTable:
    """The module's state in ``game`` (created by ``hexmj_session_state``)."""
    table = game.module_state[MODULE]
    if not isinstance(table, TreasureTable):
        raise CardError("the treasure module's state is missing from the session")
    return table


def fix_order(
    game: Game, card_id: str, dealer: int, dealer_wind: int
) -> Generator[Decision, str, RevealedOrder]:
    """Fix the drawn order for the round: the dealer rolls the die (T-08) or names a face (T-09), §8."""
    order = order_for(card_id)
    die = game.rng.randint(1, DIE_SIDES) if order.kind is TreasureKind.DIE_NUMBER else None
    named = None
    if order.kind is TreasureKind.DEALER_NAMED:
        named = parse_one((yield Decision(DecisionKind.CHOOSE, dealer, FACES, card_id)))
    return reveal(order, dealer_wind, die=die, named=named)


def reveal_data(card_id: str, revealed: RevealedOrder) -> dict[str, object]:
    """What a reveal or rewrite event records: the card and the public faces (empty for T-07)."""
    return {"card": card_id, "faces": format_tiles(public_faces(revealed))}


def describe(data: Mapping[str, object]) -> str:
    """One account line for a reveal or rewrite: the card, its name, what it makes treasure."""
    card_id = str(data.get("card", ""))
    card = treasure_cards().get(card_id)
    faces = parse(str(data.get("faces", "")))
    shown = "、".join(name(face) for face in faces) or "各家门风"
    return f"宝牌令 {card_id} {card.name if card else ''}：宝牌 {shown}"


def reveal_step(game: Game, dealer: int) -> Step:
    """After the world card, before the deal: the dealer draws and reveals the round's order (§8)."""
    card_id = game.deck(DECK).draw()
    if card_id is None:
        return
    revealed = yield from fix_order(game, card_id, dealer, seat_wind(dealer, dealer))
    state_of(game).start_round(revealed, dealer)
    yield from game.bus.deliver(Event(REVEALED, dealer, data=reveal_data(card_id, revealed)), game)


def round_ended(event: Event, game: Game) -> Step:
    """§8.5: the order in force goes to the treasure discard pile when the round ends."""
    card_id = state_of(game).end_round()
    if card_id is not None:
        game.deck(DECK).discards.append(card_id)
    yield from ()


def redraw_treasure(game: Game, holder: int, args: Mapping[str, object]) -> Step:
    """O-X09: discard the order in force, draw and reveal a new one; it applies from now on (§8.4)."""
    table = state_of(game)
    if table.current is None:
        return
    game.deck(DECK).discards.append(table.current.order.card)
    card_id = game.deck(DECK).draw()
    if card_id is None:
        return
    revealed = yield from fix_order(game, card_id, table.dealer, table.current.dealer_wind)
    table.rewrite(revealed)
    yield from game.bus.deliver(
        Event("treasure.changed", holder, cause="card:O-X09", data=reveal_data(card_id, revealed)), game
    )


def set_personal_treasure(game: Game, holder: int, args: Mapping[str, object]) -> Step:
    """P-14: the holder's own treasure face replaces the order for him alone (§8.3).

    A face the effect already carries (``args["face"]``, notation) is used;
    otherwise the holder names one.
    """
    face = args.get("face")
    if not isinstance(face, str) or face not in FACES:
        face = yield Decision(DecisionKind.CHOOSE, holder, FACES, "P-14")
    state_of(game).declare(holder, parse_one(face))
