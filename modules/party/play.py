"""The party module in play: its primitives and its listeners on the bus (§7, §17, lib 二.3, 二.4).

The effects engine runs a party card's ``challenge``, ``chips`` and
``watch_tile`` through :func:`challenge`, :func:`chips` and
:func:`watch_tile` with the card id and resolved players in ``args``
(``docs/modules.md``).  Every challenge is a decision of its performer,
answered from :data:`OUTCOME_OPTIONS`; a chip skip is offered only to a
player who has a chip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.bus import Event, Step
from engine.decisions import Decision, DecisionKind
from engine.errors import CardError
from engine.hookspecs import Game
from engine.tiles import parse_one
from modules.party.challenges import Outcome, settle
from modules.party.designated import CHIPS_PER_ACTION, Acquisition, DesignatedTile
from modules.party.lasting import take_lasting
from modules.party.table import PartyTable

MODULE = "party"
CHALLENGE = "challenge"
"""Challenge decisions are about ``"challenge <card>"`` (or ``"challenge <card> <single|double>"``)."""
SETTLED = "challenge.settled"
"""The event recorded for each performer's outcome (the readable account, simulations)."""
FREE_OPTIONS = (Outcome.DONE, Outcome.ALTERNATIVE, Outcome.REFUSED, Outcome.FAILED)
"""§17.4: refusing is always offered and free."""


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
    if value is None:
        return (holder,)
    if isinstance(value, int):
        return (value,)
    if isinstance(value, Sequence) and all(isinstance(p, int) for p in value):
        return tuple(int(p) for p in value)
    raise CardError(f"challenge performers must be players, got {value!r}")


def outcome_options(table: PartyTable, player: int) -> tuple[str, ...]:
    """What a performer may answer: done, alternative, refused, failed, and a chip skip if he has a chip."""
    skip = (Outcome.CHIP_SKIPPED,) if table.ledger.balance(player) > 0 else ()
    return tuple(outcome.value for outcome in (*FREE_OPTIONS, *skip))


def perform(game: Game, card: str, performers: Sequence[int], reward: int, about: str = "") -> Step:
    """Put the challenge of ``card`` to each performer in turn and settle the chips (§7.1, §7.4, §17.4)."""
    table = state_of(game)
    for player in performers:
        options = outcome_options(table, player)
        answer = yield Decision(DecisionKind.CHOOSE, player, options, f"{CHALLENGE} {card}{about}")
        result = settle(table.ledger, card, player, Outcome(answer), reward, table.round_no)
        table.results.append(result)
        data = {"card": card, "outcome": result.outcome.value, "chips": result.chips}
        yield from game.bus.deliver(Event(SETTLED, player, cause=f"card:{card}", data=data), game)


def challenge(game: Game, holder: int, args: Mapping[str, object]) -> Step:
    """The ``challenge`` primitive: ``performer`` (players, default the holder) and ``reward`` chips."""
    reward = args.get("reward", 1)
    if not isinstance(reward, int):
        raise CardError(f"challenge reward must be a number of chips, got {reward!r}")
    yield from perform(game, _card(args), _players(args.get("performer"), holder), reward)


def chips(game: Game, holder: int, args: Mapping[str, object]) -> Step:
    """The ``chips`` primitive: award ``n`` chips to the holder, outside the score (§7.4)."""
    n = args.get("n", 0)
    if not isinstance(n, int):
        raise CardError(f"chips needs a number, got {n!r}")
    table = state_of(game)
    table.ledger.earn(holder, n, _card(args), table.round_no)
    yield from ()


def keep_lasting(game: Game, holder: int, card: str) -> Step:
    """§7.3: a new lasting challenge; with one already running the holder keeps one, the other goes."""
    table = state_of(game)
    current = table.lasting.get(holder)
    keep = card
    if current is not None:
        keep = yield Decision(DecisionKind.KEEP_LASTING, holder, (current, card), card)
    change = take_lasting(current, card, keep)
    if change.discarded is not None:
        table.watched.pop(change.discarded, None)
    if change.kept is not None:
        table.lasting[holder] = change.kept


def watch_tile(game: Game, holder: int, args: Mapping[str, object]) -> Step:
    """The ``watch_tile`` primitive: the F-T card lies before its holder as a lasting challenge (§7.5)."""
    card = _card(args)
    face = args.get("face")
    kind = parse_one(face) if isinstance(face, str) else face
    if not isinstance(kind, int):
        raise CardError(f"{card}: watch_tile needs a tile, got {face!r}")
    yield from keep_lasting(game, holder, card)
    if state_of(game).lasting.get(holder) == card:
        state_of(game).watched[card] = (holder, DesignatedTile(card, kind))


def tile_acquired(event: Event, game: Game) -> Step:
    """``tile.acquired``: the acquiring player's F-T trackers note a designated copy (lib 二.4)."""
    tile, via = event.data.get("tile"), event.data.get("via")
    if event.player is not None and isinstance(tile, int) and via in set(Acquisition):
        for tracker in state_of(game).trackers_of(event.player):
            tracker.acquire(tile, Acquisition(str(via)))
    yield from ()


def _check(game: Game, player: int) -> Step:
    for tracker in state_of(game).trackers_of(player):
        action = tracker.check(game.hand_of(player))
        if action is not None:
            yield from perform(game, tracker.card, (player,), CHIPS_PER_ACTION, f" {action.value}")


def turn_ended(event: Event, game: Game) -> Step:
    """``turn.ended``: every F-T tracker is checked after the turn's discard (§7.5), by seat then card."""
    holders = sorted({holder for holder, _ in state_of(game).watched.values()})
    for player in holders:
        yield from _check(game, player)


def hu_confirmed(event: Event, game: Game) -> Step:
    """``hu.confirmed``: the winner's F-T check at his hu (lib 二.4); his lasting challenge ends (§7.6)."""
    if event.player is None:
        return
    yield from _check(game, event.player)
    state_of(game).leave(event.player)


def round_ended(event: Event, game: Game) -> Step:
    """``round.ended``: lasting challenges and trackers end with the round (§7.3)."""
    state_of(game).end_round()
    yield from ()
