"""Calls and the response window (§11 phase 2, §12.2, §12.3, §13.9): chi, pon and kong options,
priority hu > pon/kong > chi with multiple ron in seat order from the discarder, the called meld,
concealed and added kongs, and robbing an added kong.

The window is the core's (:mod:`engine.core.responses`): its answers are built by
:func:`~engine.core.responses.call_answers` as the card rules allow each call, and ranked by the
call tiers and the winners a discard may have of the ``hextech`` declaration
(:data:`engine.hextech.ruleset.HEXTECH`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Final

from engine.core.decisions import HU, PASS, Decision, DecisionKind
from engine.core.hand_counts import HandCounts, count_hand
from engine.core.melds import HONOUR_RUNS, Meld, MeldKind
from engine.core.responses import (
    AddedKong,
    ClaimTest,
    added_kong,
    ask_in_turn,
    call_answers,
    chi_runs,
    claimed,
)
from engine.core.ruleset import Call
from engine.core.seats import PLAYERS
from engine.core.table import TableMeld
from engine.core.tiles import FACES, INSTANCE_KINDS, kind_of_instance
from engine.hextech.bus import Step
from engine.hextech.draws import replacement_draw
from engine.hextech.round_state import RoundState
from engine.hextech.rules import CallKind, WinClaim, binding_form, fits_form, grant_reach
from engine.hextech.ruleset import HEXTECH, OTHER_TILES
from engine.hextech.state import WinWay
from engine.hextech.wins import can_win, end_if_decided, settle_wins

_PASS_ONLY: Final[tuple[str, ...]] = (PASS,)
_PASS_OR_HU: Final[tuple[str, ...]] = (PASS, HU)
CALLS: Final = frozenset(call for tier in HEXTECH.calls for call in tier)
"""The calls the ``hextech`` declaration allows, in any tier."""
TIERS = HEXTECH.claim_tiers()
"""The ``hextech`` declaration's call tiers and the claims of each that stand."""


def responses(
    rnd: RoundState, source: int, tile: int, *, rob: bool
) -> Generator[Decision, str, dict[int, str]]:
    """Ask every in-game other player for their response, in seat order from the source; the core
    ranks them by :data:`TIERS`: hu (every claim, in seat order from the source) beats pon/kong,
    which beats chi (§11 phase 2, §12.3, CARD-INVENTORY H16).  A discard a card made safe is safe
    until its window closes (``settled``)."""
    kind = DecisionKind.ROB_KONG if rob else DecisionKind.CALL
    chances: set[int] = set()
    order = rnd.table.clockwise_from(source)
    options_of = _options_of(rnd, source, tile, rob, chances)
    answers = yield from ask_in_turn(order, options_of, kind, FACES[INSTANCE_KINDS[tile]])
    rnd.call_chances = chances
    if not rob:
        rnd.card_states.settled(source)
    return answers


def _options_of(
    rnd: RoundState, source: int, tile: int, rob: bool, chances: set[int]
) -> Callable[[int], tuple[str, ...]]:
    """Each player's :func:`response_options`; a player offered a pon or a chi is noted in
    ``chances`` (``next_call_chance``, §12.2)."""

    def options_of(q: int) -> tuple[str, ...]:
        options = response_options(rnd, q, source, tile, rob)
        if len(options) > 1 and ("pon" in options or options[-1].startswith("chi")):
            chances.add(q)
        return options

    return options_of


def response_options(rnd: RoundState, q: int, source: int, tile: int, rob: bool) -> tuple[str, ...]:
    """What ``q`` may answer to ``source``'s discard (or added kong, ``rob``): pass, hu, pon, kong,
    chi; a player whose own turn action is pending only passes (H9), and so does a winner about to
    leave (R141)."""
    responder = rnd.table.players[q]
    if q in rnd.owing or q in rnd.exiting or len(responder.hand) + 3 * len(responder.melds) != OTHER_TILES:
        return _PASS_ONLY
    counted = count_hand(rnd.hand_counts, q, responder.hand)
    hu = _may_ron(rnd, q, source, tile, counted, rob)
    if rob or rnd.card_states.safe(source):
        return _PASS_OR_HU if hu else _PASS_ONLY
    face = INSTANCE_KINDS[tile]
    may = _card_rules(rnd, q, face, source)
    calls = call_answers(counted.vector, face, CALLS, rnd.table.wall, may=may, runs=_CHI_RUNS)
    if hu:
        return (PASS, HU, *calls)
    return (PASS, *calls) if calls else _PASS_ONLY


def _may_ron(rnd: RoundState, q: int, source: int, tile: int, counted: HandCounts, rob: bool) -> bool:
    """Whether ``q`` may hu on ``source``'s tile, robbing a kong or not (§12.2, §13.9.4).  A tile lowers
    shanten by one at most: a hand further than its grants reach cannot win, nor, with a contract's
    own form (B-14, B-15), one the tile does not give that form; neither is judged."""
    t = rnd.table
    n_melds = len(t.players[q].melds)
    reach = grant_reach(rnd.rules, t, q)
    vector = counted.vector
    face = INSTANCE_KINDS[tile]
    if reach == 0:
        possible = counted.completed_by(face, n_melds)
    elif reach is None:
        form = binding_form(rnd.rules, t, q)
        near = counted.shanten(n_melds) - 1 < rnd.rules.grants_reach(q)
        vector[face] += 1
        possible = near or (form is not None and fits_form(form, vector))
        vector[face] -= 1
    else:
        possible = counted.shanten(n_melds) - 1 < reach
    way = WinWay.ROB_KONG if rob else WinWay.RON
    return possible and can_win(rnd, q, tile, WinClaim(way, from_player=source, last_tile=not t.wall))


def _card_rules(rnd: RoundState, q: int, face: int, source: int) -> ClaimTest:
    """Whether the card rules let ``q`` make a call on ``source``'s ``face``: chi from the upper
    seat and of number tiles unless a card says otherwise, pon and kong from anyone unless a card
    or a contract forbids them (§12.2, §13.9, §15)."""
    rules, t = rnd.rules, rnd.table

    def may(call: Call) -> bool:
        return rules.may_call(t, q, _QUESTION[call], face, source).allowed

    return may


_QUESTION: Final = {Call.PON: CallKind.PON, Call.KONG: CallKind.MINKAN, Call.CHI: CallKind.CHI}
"""The card rules' question about each call on a discard."""


def make_call(rnd: RoundState, caller: int, source: int, tile: int, answer: str) -> Step:
    """Make the called meld; a called kong is established and replaced from the tail (§6.6)."""
    t = rnd.table
    player = t.players[caller]
    face = kind_of_instance(tile)
    verb = answer.split(" ")[0]
    yield from rnd.emit("call.declared", caller, kind=verb, tile=FACES[face])
    t.players[source].river.remove(tile)
    kind, need = claimed(answer, face)
    if kind is MeldKind.CHI:
        rnd.rules.use(rnd.rules.may_call(t, caller, CallKind.CHI, face, source), caller, CallKind.CHI)
    used: list[int] = []
    for k in need:
        used.append(next(i for i in sorted(player.hand) if kind_of_instance(i) == k and i not in used))
    for i in used:
        player.hand.remove(i)
        player.revealed.discard(i)
    instances = tuple(sorted((*used, tile)))
    meld = Meld(kind, tuple(kind_of_instance(i) for i in instances))
    player.melds.append(TableMeld(meld, instances, source))
    t.any_call = True
    rnd.win_tile.pop(caller, None)
    if kind is MeldKind.MINKAN:
        yield from kong_established(rnd, caller, kind, face, source)
        return
    player.calls[kind.value] = player.calls.get(kind.value, 0) + 1
    payload = {"tile": FACES[face], "from": PLAYERS[source], "kind": kind.value}
    yield from rnd.emit(f"{kind.value}.established", caller, **payload)
    yield from rnd.emit("meld.exposed", caller, **payload)


def kong_options(rnd: RoundState, p: int) -> list[str]:
    """The concealed kongs (four in hand) and added kongs (a pon and its fourth tile) ``p`` may
    declare, as card rules allow (§13.9)."""
    t = rnd.table
    player = t.players[p]
    held = count_hand(rnd.hand_counts, p, player.hand).vector
    found: list[str] = []
    fours = [k for k, n in enumerate(held) if n == 4]
    if not player.melds and not fours:
        return found
    pons = {m.meld.tiles[0] for m in player.melds if m.meld.kind is MeldKind.PON}
    for k in sorted({k for k in pons if held[k]}.union(fours)):
        if held[k] == 4 and rnd.rules.may_call(t, p, CallKind.ANKAN, k).allowed:
            found.append(f"ankan {FACES[k]}")
        if k in pons and rnd.rules.may_call(t, p, CallKind.KAKAN, k).allowed:
            found.append(f"kakan {FACES[k]}")
    return found


def declare_kong(
    rnd: RoundState, side: AddedKong, p: int, kind: MeldKind, face: int
) -> Generator[Decision, str, bool]:
    """A concealed or added kong; an added kong may be robbed first (§13.9.4, L2), through the core's
    window on it played with ``side`` (:func:`~engine.core.responses.added_kong`).  True if robbed."""
    player = rnd.table.players[p]
    tiles = [i for i in player.hand if kind_of_instance(i) == face]
    yield from rnd.emit("kong.declared", p, kind=kind.value, tile=FACES[face])
    if kind is MeldKind.KAKAN:
        return not (yield from added_kong(side, p, tiles[0]))
    for i in tiles:
        player.hand.remove(i)
    player.melds.append(TableMeld(Meld(MeldKind.ANKAN, (face,) * 4), tuple(tiles)))
    yield from kong_established(rnd, p, kind, face, None)
    return False


def kong_robbed(rnd: RoundState, p: int, tile: int, robbers: list[int]) -> Step:
    """The robbers win on ``tile``, which never joins ``p``'s pon: the added kong is void (§13.9.4)."""
    rnd.table.players[p].hand.remove(tile)
    yield from settle_wins(rnd, robbers, tile, WinClaim(WinWay.ROB_KONG, from_player=p))
    end_if_decided(rnd)


def kong_added(rnd: RoundState, p: int, tile: int) -> Step:
    """Nobody robbed ``tile``: it joins ``p``'s pon and the added kong stands (§13.9)."""
    player = rnd.table.players[p]
    face = kind_of_instance(tile)
    index = next(
        i for i, m in enumerate(player.melds) if m.meld.kind is MeldKind.PON and m.meld.tiles[0] == face
    )
    old = player.melds[index]
    player.hand.remove(tile)
    player.melds[index] = TableMeld(
        Meld(MeldKind.KAKAN, (face,) * 4), (*old.instances, tile), old.from_player
    )
    yield from kong_established(rnd, p, MeldKind.KAKAN, face, old.from_player)


def kong_established(rnd: RoundState, p: int, kind: MeldKind, face: int, source: int | None) -> Step:
    """The kong stands: its points are earned now, then the replacement from the tail (§6.6, §13.9).
    ``from`` names the discarder: of the called tile, or for 加杠 of the original pon (R118, H25)."""
    player = rnd.table.players[p]
    player.kong_kinds.append(kind)
    player.calls[kind.value] = player.calls.get(kind.value, 0) + 1
    rnd.table.any_call = True
    came = "" if source is None else PLAYERS[source]
    yield from rnd.emit("kong.established", p, kind=kind.value, tile=FACES[face], **{"from": came})
    if kind is not MeldKind.ANKAN:
        yield from rnd.emit("meld.exposed", p, kind=kind.value, tile=FACES[face], **{"from": came})
    yield from replacement_draw(rnd, p, "kong", None)
    rnd.rinshan = True


_CHI_RUNS: Final = chi_runs(HONOUR_RUNS)
"""For each face, the chi options it may make and the two tiles each needs: the one-suit runs, and
for an honour the honour runs of P-01, which only a card permits (§12.2, lib P-01)."""
