"""A win entered at a real table and its score, as ``hexmj score`` scores it (issue 31 item 4, §12, §13).

The winner (or the host) enters the hand as ``hexmj score`` reads it — the concealed tiles with the
winning tile, the melds, the winning tile, self-drawn or not, the flowers, the special-win flags — with
whose discard it took (``from``) and the wall count then (§18.3).  The console adds what it holds: the
win's order, the winner's contract and how it stands, the choice made for it (B-11's suit, B-15's
number), the augments' hand shapes, the treasure faces for the winner (§8.3), the kongs the table told
this round (their points, §13.9), and whether the abandon window had opened (B-12).  The score is
:func:`engine.hextech.scoring.score_win`'s, every item and cap.  What the console asks the winner
first (a contract the table tracks, R607; P-17) decides whether a hand may be legal at all, and so
who may still win at all (R628).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

from engine.core.errors import IllegalActionError, InputError
from engine.core.seats import PLAYERS
from engine.core.tiles import EAST, NUMBER_SUITS, Suit, kind, parse_one
from engine.hextech.card_ids import base_of
from engine.hextech.contracts import ContractTerms
from engine.hextech.predicates import mentions
from engine.hextech.scoring import ContractState, ScoreResult, WinInput, score_non_winner, score_win, total
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import PrimitiveStep, StaticRule
from tools.cmd_score import Catalogue, ScoreRequest, win_input
from tools.physical.limits import static_used_up
from tools.physical.state import SEATS, TableState

CONSOLE_FIELDS = ("hu_order", "contract", "treasure", "augments")
"""Fields of ``hexmj score``'s JSON the console fills in itself from what it holds."""
WALL_MOST = 91
"""The most drawable tiles once the hands are dealt (§11)."""


@dataclass(frozen=True)
class Claim:
    """A hu as entered: the hand checked, whose discard (``None`` self-drawn), the wall count told."""

    hand: dict[str, Any]
    request: ScoreRequest
    source: int | None
    wall: int


def _field_error(err: ValidationError) -> str:
    first = err.errors()[0]
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"])
    return f"hand{where}: {first['msg']}"


def request_of(hand: object) -> ScoreRequest:
    """A hu's ``hand`` as ``hexmj score`` reads it, without the fields the console fills in; one that
    is no such object is an :class:`InputError` naming the field."""
    if not isinstance(hand, dict):
        raise InputError(
            'hand: expected the JSON object of hexmj score ({"concealed", "win_tile", "win_by", …})'
        )
    held = [key for key in CONSOLE_FIELDS if key in hand]
    if held:
        raise InputError(f"hand.{held[0]}: the console fills it in from what the table holds; leave it out")
    try:
        return ScoreRequest.model_validate({**hand, "hu_order": 1})
    except ValidationError as err:
        raise InputError(_field_error(err)) from None


def parse_claim(st: TableState, player: int, data: Mapping[str, Any]) -> Claim:
    """Check a hu's body: ``hand`` (``hexmj score``'s JSON, without the fields the console fills in),
    ``from`` (a seat letter, for a win on a discard or a robbed kong), ``wall`` (the drawable count).
    A field that does not fit is an :class:`InputError` naming it."""
    request = request_of(data.get("hand"))
    try:
        win_input(request, catalogue(st))
    except InputError as err:
        raise InputError(f"hand.{err}") from None
    source = data.get("from")
    self_drawn = request.win_by != "ron"
    if self_drawn:
        if source is not None:
            raise InputError("from: a self-drawn win takes no one's discard; leave 'from' out")
        discarder = None
    else:
        if not isinstance(source, str) or source not in PLAYERS:
            raise InputError("from: a win on a discard names the discarder's seat (A, B, C or D)")
        discarder = PLAYERS.index(source)
        if discarder == player or not st.in_game(discarder):
            raise IllegalActionError(f"from: {source} is not another player still in the round")
    if "robbing_kong" in request.flags and self_drawn:
        raise InputError("hand.flags: robbing_kong is a win on another player's kong, so win_by is ron")
    wall = data.get("wall")
    if not isinstance(wall, int) or isinstance(wall, bool) or not 0 <= wall <= WALL_MOST:
        raise InputError(f"wall: expected the drawable tiles left, a whole number 0–{WALL_MOST}")
    if wall > st.rnd.drawable:
        raise IllegalActionError(f"wall: {wall} is more than the {st.rnd.drawable} the table told before")
    return Claim(dict(data["hand"]), request, discarder, wall)


def treasure_faces(st: TableState, player: int) -> frozenset[int] | None:
    """The faces that are treasure for ``player`` now (§8.3), ``None`` with the treasure module off:
    the player's own face (P-14) or the round's order (a face, the seat wind, the die's number in the
    three suits, the face the dealer named, the dealer's wind)."""
    if "treasure" not in st.pool.modules:
        return None
    rnd = st.rnd
    if player in rnd.personal_treasure:
        return frozenset({parse_one(rnd.personal_treasure[player])})
    if rnd.treasure is None:
        return frozenset()
    step = next(s for s in st.pool.card(rnd.treasure).resolution if isinstance(s, PrimitiveStep))
    args = dict(step.args)
    order = str(args.get("kind", "face"))
    if order == "seat_wind":
        return frozenset({st.wind_of(player)})
    if order == "die_number":
        return frozenset(kind(suit, rnd.treasure_die or 1) for suit in NUMBER_SUITS)
    if order == "dealer_named":
        return frozenset() if rnd.treasure_named is None else frozenset({parse_one(rnd.treasure_named)})
    if order == "dealer_wind":
        return frozenset({EAST})
    return frozenset({parse_one(str(args["face"]))})


def catalogue(st: TableState) -> Catalogue:
    """The pool's contracts and hand shapes, by id."""
    return Catalogue(
        lambda card_id: st.pool.card(card_id).contract if card_id in st.pool.by_id else None,
        lambda card_id: st.pool.card(card_id).grants or None if card_id in st.pool.by_id else None,
    )


def contract_state(st: TableState, player: int, revealed_kept: int) -> ContractState | None:
    """The winner's contract as the console holds it: standing, the choice made for it (§9, §10)."""
    held = st.rnd.players[player]
    if held.contract is None:
        return None
    terms = st.pool.card(held.contract).contract
    assert terms is not None
    chosen = st.rnd.values.get((base_of(held.contract), player), {})
    suit = chosen.get("chosen_suit")
    return ContractState(
        terms=terms,
        completed=held.status is ContractStatus.COMPLETED,
        abandoned=held.status is ContractStatus.ABANDONED,
        failed=held.status is ContractStatus.FAILED,
        penalty_settled=True,
        chosen_suit=Suit(suit) if suit else None,
        chosen_number=chosen.get("chosen_number"),
        revealed_kept=revealed_kept,
    )


def needs_kept(terms: ContractTerms | None) -> bool:
    """Whether the contract asks at the hu how many revealed tiles the hand still uses (B-09): the hand
    alone does not show which tiles were revealed."""
    return terms is not None and terms.at_hu is not None and mentions(terms.at_hu, "revealed_kept")


def score(st: TableState, player: int, claim: Claim, order: int, revealed_kept: int) -> ScoreResult:
    """The win scored as ``hexmj score`` scores it, with what the console holds."""
    held = st.rnd.players[player]
    grants = [a for a in st.augments[player] if st.pool.card(a).grants]
    request = claim.request.model_copy(update={"hu_order": order, "augments": grants, "contract": None})
    win: WinInput = win_input(request, catalogue(st))
    faces = treasure_faces(st, player)
    win = replace(
        win,
        contract=contract_state(st, player, revealed_kept),
        kongs=tuple(held.kongs),
        is_treasure=None if faces is None else faces.__contains__,
        before_abandon_window=not st.rnd.window_opened,
    )
    return score_win(win)


def non_winner_points(st: TableState, player: int) -> int:
    """What a player who has not won keeps: the kong points told, at most 2 (§11 phase 6, §13.8)."""
    return total(score_non_winner(tuple(st.rnd.players[player].kongs)))


def round_points(st: TableState) -> list[int]:
    """Each player's points of the round so far: a win's total, else the kong points kept, and the
    penalty of an abandoned black contract (§13.1, §13.8, §13.14)."""
    rnd = st.rnd
    points = [0] * SEATS
    for p in range(SEATS):
        won = rnd.players[p].won
        points[p] = won.total if won is not None else non_winner_points(st, p)
        points[p] += rnd.players[p].penalty
    return points


def may_be_legal(st: TableState, player: int, claim: Claim, order: int) -> bool:
    """Whether the hand is a legal hu if the winner confirms what the console asks: a contract the
    table tracks completed, revealed tiles kept, P-17 used."""
    held = st.rnd.players[player]
    status = held.status
    try:
        if score(st, player, claim, order, 3).legal:
            return True
        if tracked(st, held.contract) and status is ContractStatus.OPEN:
            held.status = ContractStatus.COMPLETED
            if score(st, player, claim, order, 3).legal:
                return True
        if buffer(st, player) is not None and held.contract is not None:
            held.status = ContractStatus.ABANDONED
            return score(st, player, claim, order, 3).legal
        return False
    finally:
        held.status = status


def tracked(st: TableState, contract: str | None) -> bool:
    """Whether the table tracks the contract's completion in play (公开验证: a completion watched on an
    event, R607); one completed only at the hu (B-09) is asked only what the hand cannot show."""
    if contract is None:
        return False
    card = st.pool.card(contract)
    public = card.contract is not None and card.contract.public
    return public and any(watch.outcome == "complete" for watch in card.watches)


def buffer(st: TableState, player: int) -> tuple[str, StaticRule] | None:
    """The winner's augment that lets them abandon the contract and win at once (P-17), if usable."""
    held = st.rnd.players[player]
    if held.contract is None or held.status not in (ContractStatus.OPEN, ContractStatus.FAILED):
        return None
    for card_id in st.augments[player]:
        card = st.pool.card(card_id)
        for rule in card.statics:
            if (
                rule.polarity == "allow"
                and rule.action == "hu_without_contract"
                and not static_used_up(st, card, player, rule)
            ):
                return card_id, rule
    return None


def may_win(st: TableState, player: int) -> bool:
    """Whether ``player`` may still make a legal hu this round as far as the console knows: in the
    round, and not holding a failed contract without an augment to abandon it and win (P-17, §9.6);
    an open contract may be complete though its tap was forgotten (R607), so it does not bar."""
    if not st.in_game(player):
        return False
    return st.rnd.players[player].status is not ContractStatus.FAILED or buffer(st, player) is not None
