"""The party module in play: its primitives and its listeners on the bus (§7, §17, lib 二.3, 二.4).

The effects engine runs a party card's ``challenge``, ``chips`` and
``watch_tile`` through :func:`challenge`, :func:`chips` and
:func:`watch_tile` with the card id and resolved players in ``args``
(``docs/modules.md``).  Every challenge is a decision of its performer,
answered from :func:`outcome_options`; a chip skip is offered only to a
player who has a chip.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence

from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import CardError
from engine.core.seats import PLAYERS
from engine.core.tiles import parse_one
from engine.hextech.bus import Event, Step
from engine.hextech.hookspecs import Game
from modules.party.challenges import Outcome, Reward, settle
from modules.party.chips import SPEND_COST, SpendPurpose
from modules.party.designated import CHIPS_PER_ACTION, MAX_TRIGGERING_TURNS, DesignatedTile
from modules.party.table import PartyTable

MODULE = "party"
DECK = "party"
"""The party deck (§7.2); the engine keeps one lasting slot of it per player (§7.3)."""
CHALLENGE = "challenge"
"""Challenge decisions are about ``"challenge <card>"`` (or ``"challenge <card> <single|double>"``)."""
SETTLED = "challenge.settled"
"""The event recorded for each performer's outcome (the readable account, simulations): ``card``,
``outcome``, ``chips`` (per player whose chips moved) and ``to`` (those players' letters)."""
EACH_PERFORMER = "performer"
"""``reward_to: performer`` (the default): each performer who completes the challenge earns."""
FREE_OPTIONS = (Outcome.DONE, Outcome.ALTERNATIVE, Outcome.REFUSED, Outcome.FAILED)
"""§17.1, §17.4: refusing (skipping a body challenge among them) is always offered and free."""
PUT_AWAY = "chip_discard"
"""The decision to pay a chip for one's lasting challenge is about ``"chip_discard <card>"`` (§7.4)."""
KEEP, DISCARD = "keep", "discard"
DISCARDED = "challenge.discarded"
"""The event recorded when a player pays a chip to put his lasting challenge away (§7.4)."""


def state_of(game: Game) -> PartyTable:
    """The module's state in ``game`` (created by ``hexmj_session_state``)."""
    table = game.module_state[MODULE]
    if not isinstance(table, PartyTable):
        raise CardError("the party module's state is missing from the session")
    return table


def _card(args: Mapping[str, object]) -> str:
    card = args.get("card")
    if not isinstance(card, str):
        raise CardError(f"a party primitive needs the card id, got {card!r}")
    return card


def _players(value: object, holder: int) -> tuple[int, ...]:
    """Players the effects engine resolved (a player or a tuple); ``holder`` is the holder."""
    if value is None or value == "holder":
        return (holder,)
    if isinstance(value, int):
        return (value,)
    if isinstance(value, Sequence) and not isinstance(value, str) and all(isinstance(p, int) for p in value):
        return tuple(int(p) for p in value)
    raise CardError(f"challenge players must be resolved to players by the effects engine, got {value!r}")


def outcome_options(table: PartyTable, player: int, *, lose: bool = False) -> tuple[str, ...]:
    """What a performer may answer: done, alternative, refused, failed, lost when the challenge is a
    game he may lose (F-R02), and a chip skip if he has a chip."""
    skip = (Outcome.CHIP_SKIPPED,) if table.ledger.balance(player) > 0 else ()
    lost = (Outcome.LOST,) if lose else ()
    return tuple(outcome.value for outcome in (*FREE_OPTIONS, *lost, *skip))


def perform(
    game: Game, card: str, performers: Sequence[int], reward: Reward, about: str = "", *, lose: bool = False
) -> Generator[Decision, str, Mapping[str, object]]:
    """Put the challenge of ``card`` to each performer in turn and settle the chips (§7.1, §7.4, §17.4);
    reports the performers who played and lost (``challenge_lost``, R41)."""
    table = state_of(game)
    lost: list[int] = []
    for player in performers:
        options = outcome_options(table, player, lose=lose)
        outcome = Outcome(
            (yield Decision(DecisionKind.CHOOSE, player, options, f"{CHALLENGE} {card}{about}"))
        )
        chips = 0
        if outcome.completed:
            table.completions[card] = table.completions.get(card, 0) + 1
            chips = reward.pays(table.completions[card], table.paid.get(card, 0))
            table.paid[card] = table.paid.get(card, 0) + chips * len(reward.to or (player,))
        result = settle(table.ledger, card, player, outcome, chips, table.round_no, reward.to)
        to = players_word(reward.to if result.chips > 0 and reward.to else (player,))
        table.outcomes.append((table.round_no, result, to))
        data = {"card": card, "outcome": result.outcome.value, "chips": result.chips, "to": to}
        if outcome is Outcome.LOST:
            lost.append(player)
        yield from game.bus.deliver(Event(SETTLED, player, cause=f"card:{card}", data=data), game)
    return {"challenge_lost": tuple(lost)}


def players_word(players: Sequence[int]) -> str:
    """The players' letters (A–D), as a recorded event names whose chips moved: ``"B"``, ``"AC"``."""
    return "".join(PLAYERS[p] for p in players)


def _count(args: Mapping[str, object], name: str, default: int) -> int:
    value = args.get(name, default)
    if not isinstance(value, int) or value < 0:
        raise CardError(f"challenge {name} must be a number of chips or completions, got {value!r}")
    return value


def reward_of(args: Mapping[str, object], holder: int) -> Reward:
    """The card's reward terms from its ``challenge(...)`` arguments (vocabulary ``challenge``)."""
    to = args.get("reward_to", EACH_PERFORMER)
    return Reward(
        chips=_count(args, "reward", 1),
        to=() if to == EACH_PERFORMER else _players(to, holder),
        rewarded=_count(args, "rewarded", 0),
        needs=max(1, _count(args, "needs", 1)),
        cap=_count(args, "max", 0),
    )


def challenge(
    game: Game, holder: int, args: Mapping[str, object]
) -> Generator[Decision, str, Mapping[str, object]]:
    """The ``challenge`` primitive: ``performer`` (players, default the holder), the reward terms and
    whether it may be lost (``lose``)."""
    performers = _players(args.get("performer"), holder)
    return (
        yield from perform(
            game, _card(args), performers, reward_of(args, holder), lose=args.get("lose") == "yes"
        )
    )


def chips(game: Game, holder: int, args: Mapping[str, object]) -> Step:
    """The ``chips`` primitive: award ``n`` chips to the holder, outside the score (§7.4)."""
    n = args.get("n", 0)
    if not isinstance(n, int):
        raise CardError(f"chips needs a number, got {n!r}")
    table = state_of(game)
    table.ledger.earn(holder, n, _card(args), table.round_no)
    yield from ()


def watch_tile(game: Game, holder: int, args: Mapping[str, object]) -> Step:
    """The ``watch_tile`` primitive: the F-T card lies before its holder until the round ends (§7.5).

    The engine has already given it the holder's lasting slot (§7.3).
    """
    card = _card(args)
    face = args.get("face")
    kind = parse_one(face) if isinstance(face, str) else face
    if not isinstance(kind, int):
        raise CardError(f"{card}: watch_tile needs a tile, got {face!r}")
    state_of(game).watched[card] = (holder, DesignatedTile(card, kind))
    yield from ()


def tile_acquired(event: Event, game: Game) -> None:
    """``tile.acquired``: the acquiring player's F-T trackers note a designated copy (lib 二.4).

    The event names the physical tile in ``instance`` (its ``tile`` is the face).
    """
    table = state_of(game)
    tile = event.data.get("instance")
    if table.watched and event.player is not None and isinstance(tile, int):
        for tracker in table.trackers_of(event.player):
            tracker.acquire(tile, game.hand_of(event.player))


def _check(game: Game, player: int) -> Step:
    """The player's F-T checks; a card that has triggered in its two turns is used up and leaves its
    slot then (§7.3, §7.5 "每张F-T牌每局最多触发2个回合", R132)."""
    for tracker in state_of(game).trackers_of(player):
        action = tracker.check(game.hand_of(player))
        if action is not None:
            yield from perform(
                game, tracker.card, (player,), Reward(chips=CHIPS_PER_ACTION), f" {action.value}"
            )
        if (
            tracker.triggered_turns >= MAX_TRIGGERING_TURNS
            and game.lasting_card(player, DECK) == tracker.card
        ):
            yield from game.end_lasting(player, DECK)


def turn_ended(event: Event, game: Game) -> Step | None:
    """``turn.ended``: every F-T tracker is checked after the turn's discard (§7.5), by seat then card."""
    watched = state_of(game).watched
    if not watched:
        return None
    return _check_all(game, sorted({holder for holder, _ in watched.values()}))


def _check_all(game: Game, holders: list[int]) -> Step:
    for player in holders:
        yield from _check(game, player)


def hu_confirmed(event: Event, game: Game) -> Step:
    """``hu.confirmed``: the winner's F-T check at his hu (lib 二.4); his lasting challenge ends (§7.6)."""
    if event.player is None:
        return
    yield from _check(game, event.player)
    state_of(game).leave(event.player)


def card_ended(event: Event, game: Game) -> None:
    """``card.ended``: a lasting card left its slot (§7.3, §7.4); its F-T tracker goes with it."""
    state_of(game).watched.pop(str(event.data.get("card", "")), None)


def offer_discard(event: Event, game: Game) -> Step | None:
    """``idle``: a player about to act who holds a lasting challenge and a chip may pay the chip to put
    the challenge away (§7.4); it ends at once, without effect."""
    player = event.player
    if player is None:
        return None
    card = game.lasting_card(player, DECK)
    if card is None:
        return None
    table = state_of(game)
    if table.ledger.balance(player) < SPEND_COST:
        return None
    return _put_away(game, table, player, card)


def _put_away(game: Game, table: PartyTable, player: int, card: str) -> Step:
    answer = yield Decision(DecisionKind.CHOOSE, player, (KEEP, DISCARD), f"{PUT_AWAY} {card}")
    if answer != DISCARD:
        return
    table.ledger.spend(player, SpendPurpose.DISCARD_LASTING, card, table.round_no)
    data = {"card": card, "chips": -SPEND_COST}
    yield from game.bus.deliver(Event(DISCARDED, player, cause=f"card:{card}", data=data), game)
    yield from game.end_lasting(player, DECK)


def round_ended(event: Event, game: Game) -> None:
    """``round.ended``: the F-T trackers end with the round (§7.5)."""
    state_of(game).end_round()
