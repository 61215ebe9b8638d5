"""``hexmj score [FILE|-]``: the score of one win under §13, JSON in and JSON out.

Input (one JSON object; unknown fields are refused)::

    {"concealed": "123m456p789s11122z", "melds": ["pon 555p"], "win_tile": "2z",
     "win_by": "ron", "hu_order": 1, "flowers": "1234f",
     "contract": {"id": "C-01", "completed": false, "abandoned": false,
                  "number": "13812345678", "suit": "m"},
     "flags": ["kong_replacement"], "treasure": ["7z"], "augments": ["P-16"]}

``win_by`` is ``ron`` or ``self_draw`` (§12.1, §12.2), the words of the
session account and of the score item ``self_draw``; ``tsumo`` is read as
``self_draw``.  ``concealed`` holds the concealed tiles with the winning tile; ``flags`` any
of the special wins (§13.10) and ``after_abandon_window`` (the window of §10
had opened before the hu; implied by ``last_tile`` and ``last_discard``);
``treasure`` the faces that are treasure for the winner (§8; empty with the
module off); ``augments`` the augments whose hand shapes the winner may use.
Contract ``number`` is B-15's lucky number, ``suit`` B-11's chosen suit.

Output: ``{"legal": true, "total": N, "items": [{"id", "name", "points",
"capped_by"}], "decomposition": [...]}`` and exit 0, or ``{"legal": false,
"reason": "…"}`` and exit 1.  Malformed input: one line naming the field, exit 2.
Card ids are looked up in the core cards of the card folder ``cards/``, or ``--cards DIR``: a
module's card file is not read, so a broken one does not stop a score (R203).

``--rules NAME`` scores under another installed rule set (``standard``, seed 002): the same
``concealed``, ``melds``, ``win_tile``, ``win_by`` and ``flowers``, with ``prevalent_wind`` and
``seat_wind`` (``E S W N``) and the win's ``flags`` (``last_copy``, ``last_of_wall``,
``after_kong``, ``robbing_kong``); or ``--case CASE``, one case of the test vectors' format
(``engine.standard.vectors``).  It prints each fan and the total, or with ``--json``
``{"total": N, "fan": [{"name", "value", "count"}], "may_win": bool}``; exit 1 when the hand is in
none of the rule set's forms.  ``--option NAME[=VALUE]`` sets the rule set's table options.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import typer
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dsl.compiler import compile_cards
from dsl.loader import default_paths, load_cards
from dsl.pools import card_paths
from engine.core.errors import InputError
from engine.core.melds import Meld, MeldKind, is_plain_run
from engine.core.registry import ruleset
from engine.core.ruleset import RuleSet
from engine.core.shapes import ShapeGrant
from engine.core.tiles import Suit, TileSyntaxError, format_one, is_flower, parse, parse_one
from engine.core.win import Scored, WinContext
from engine.hextech.contracts import ContractTerms
from engine.hextech.predicates import mentions
from engine.hextech.scoring import SPECIAL_FLAGS, ContractState, ScoreResult, WinInput, describe, score_win
from engine.standard.vectors import parse_case
from tools.cmd_pool import CardsOption
from tools.rules_option import DEFAULT

Flag = Literal[
    "kong_replacement",
    "robbing_kong",
    "last_tile",
    "last_discard",
    "heavenly",
    "earthly",
    "after_abandon_window",
]
WINDOW_PASSED: frozenset[str] = frozenset({"after_abandon_window", "last_tile", "last_discard"})
"""Flags after which the abandon window (wall ≤ 24, §10) has certainly opened."""


class ContractIn(BaseModel):
    """The winner's contract: its id, the table's flags, and the holder's choice at reveal."""

    model_config = ConfigDict(extra="forbid", strict=True)

    id: str
    completed: bool = False
    abandoned: bool = False
    number: str | None = None
    suit: Literal["m", "p", "s"] | None = None


class ScoreRequest(BaseModel):
    """One win to score, as ``hexmj score`` reads it."""

    model_config = ConfigDict(extra="forbid", strict=True)

    concealed: str
    melds: list[str] = []
    win_tile: str
    win_by: Literal["ron", "self_draw", "tsumo"]
    hu_order: int = Field(ge=1, le=3)
    flowers: str = ""
    contract: ContractIn | None = None
    flags: list[Flag] = []
    treasure: list[str] = []
    augments: list[str] = []


Wind = Literal["E", "S", "W", "N"]
WIND_KINDS = {"E": 27, "S": 28, "W": 29, "N": 30}
WinFlag = Literal["last_copy", "last_of_wall", "after_kong", "robbing_kong"]


class RuleSetRequest(BaseModel):
    """One win to score under a rule set named by ``--rules``: the hand, the winds, the flags."""

    model_config = ConfigDict(extra="forbid", strict=True)

    concealed: str
    melds: list[str] = []
    win_tile: str
    win_by: Literal["ron", "self_draw", "tsumo"]
    flowers: str = ""
    prevalent_wind: Wind = "E"
    seat_wind: Wind = "E"
    flags: list[WinFlag] = []


@dataclass(frozen=True)
class Catalogue:
    """Where card ids are looked up: a contract's terms, an augment's hand shapes (``None``: unknown id)."""

    contract: Callable[[str], ContractTerms | None]
    shapes: Callable[[str], tuple[ShapeGrant, ...] | None]


@cache
def _compiled(folder: Path | None) -> tuple[dict[str, ContractTerms], dict[str, tuple[ShapeGrant, ...]]]:
    """Contract terms and augment shapes of the compiled cards, by id (a versioned id such as
    ``B-15-v2``, or the library id for the card's highest version)."""
    loaded = load_cards(card_paths(folder, ()) if folder is not None else default_paths(()))
    cards = sorted(compile_cards(loaded), key=lambda card: (card.base_id, card.version))
    contracts: dict[str, ContractTerms] = {}
    shapes: dict[str, tuple[ShapeGrant, ...]] = {}
    for card in cards:
        for key in (card.id, card.base_id):
            if card.contract is not None:
                contracts[key] = card.contract
            if card.grants:
                shapes[key] = card.grants
    return contracts, shapes


def catalogue(folder: Path | None = None) -> Catalogue:
    """The compiled cards of the card folder (default ``cards/``, see :func:`dsl.pools.card_paths`),
    read on the first look-up."""
    return Catalogue(
        lambda card_id: _compiled(folder)[0].get(card_id), lambda card_id: _compiled(folder)[1].get(card_id)
    )


def _tiles(field: str, text: str) -> list[int]:
    try:
        return parse(text)
    except TileSyntaxError as err:
        raise InputError(f"{field}: {err}") from None


def _flowers(text: str) -> tuple[int, ...]:
    kinds = _tiles("flowers", text)
    if any(not is_flower(k) for k in kinds):
        raise InputError(f"flowers: {text!r} holds a tile that is not a flower (1f..8f)")
    if len(set(kinds)) != len(kinds):
        raise InputError(f"flowers: {text!r} names a flower twice; each flower exists once")
    return tuple(sorted(kinds))


def _melds(texts: list[str]) -> tuple[Meld, ...]:
    melds = []
    for index, text in enumerate(texts):
        try:
            melds.append(Meld.parse(text))
        except InputError as err:
            raise InputError(f"melds[{index}]: {err}") from None
    return tuple(melds)


def _check_counts(concealed: tuple[int, ...], melds: tuple[Meld, ...]) -> None:
    need = 14 - 3 * len(melds)
    if len(concealed) != need:
        raise InputError(
            f"concealed: {len(concealed)} tiles with {len(melds)} meld(s); a complete hand needs {need}"
        )
    held = Counter(concealed) + Counter(t for meld in melds for t in meld.tiles)
    over = sorted(k for k, n in held.items() if n > 4)
    if over:
        raise InputError(
            f"concealed: {held[over[0]]} copies of {format_one(over[0])} with the melds; the set has 4"
        )


def _contract(given: ContractIn, catalogue: Catalogue) -> ContractState:
    terms = catalogue.contract(given.id)
    if terms is None:
        raise InputError(f"contract.id: unknown contract {given.id!r}")
    if given.completed and given.abandoned:
        raise InputError("contract: a completed contract cannot be abandoned (§10.3)")
    if terms.at_hu is not None and mentions(terms.at_hu, "chosen_suit") and given.suit is None:
        raise InputError(f"contract.suit: {terms.id} needs the suit chosen at reveal (m, p or s)")
    form = terms.form
    if form is not None and "number" in form.rule.params:
        if given.number is None:
            raise InputError(f"contract.number: {terms.id} needs the number written at reveal")
        try:
            ShapeGrant(form.source, form.shape, (("number", given.number),))
        except InputError as err:
            raise InputError(f"contract.number: {err}") from None
    return ContractState(
        terms=terms,
        completed=given.completed,
        abandoned=given.abandoned,
        chosen_suit=Suit(given.suit) if given.suit else None,
        chosen_number=given.number,
    )


def _grants(ids: list[str], catalogue: Catalogue) -> tuple[ShapeGrant, ...]:
    grants: list[ShapeGrant] = []
    for card_id in sorted(set(ids)):
        shapes = catalogue.shapes(card_id)
        if not shapes:
            raise InputError(f"augments: {card_id!r} is not an augment that grants a hand shape")
        grants += shapes
    return tuple(grants)


def win_input(request: ScoreRequest, catalogue: Catalogue) -> WinInput:
    """The scorer's input for a validated request; tile and card problems name their field."""
    treasure = frozenset(k for i, text in enumerate(request.treasure) for k in _tiles(f"treasure[{i}]", text))
    if any(is_flower(k) for k in treasure):
        raise InputError("treasure: a flower is never a treasure (§8.1)")
    concealed = tuple(_tiles("concealed", request.concealed))
    if any(is_flower(k) for k in concealed):
        raise InputError("concealed: flowers are set aside; list them in 'flowers'")
    try:
        win_tile = parse_one(request.win_tile)
    except TileSyntaxError as err:
        raise InputError(f"win_tile: {err}") from None
    melds = _melds(request.melds)
    _check_counts(concealed, melds)
    flags = frozenset(request.flags)
    return WinInput(
        concealed=concealed,
        win_tile=win_tile,
        win_by="ron" if request.win_by == "ron" else "tsumo",
        hu_order=request.hu_order,
        melds=melds,
        flowers=_flowers(request.flowers),
        contract=_contract(request.contract, catalogue) if request.contract else None,
        flags=flags & frozenset(SPECIAL_FLAGS),
        grants=_grants(request.augments, catalogue),
        is_treasure=treasure.__contains__ if treasure else None,
        before_abandon_window=not flags & WINDOW_PASSED,
    )


def _validation_message(err: ValidationError) -> str:
    first = err.errors()[0]
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"])
    return f"{where.lstrip('.')}: {first['msg']}" if where else first["msg"]


def parse_request(text: str) -> ScoreRequest:
    """Validate the JSON text of a request; a problem raises :class:`InputError` naming the field
    as the documentation writes it (``contract.id``, ``melds[0]``)."""
    if not text.strip():
        raise InputError("empty input; expected one JSON object describing the win")
    try:
        return ScoreRequest.model_validate_json(text)
    except ValidationError as err:
        raise InputError(_validation_message(err)) from None


def result_json(result: ScoreResult) -> dict[str, object]:
    """The JSON object ``hexmj score`` prints for a result."""
    if not result.legal:
        return {"legal": False, "reason": result.reason}
    return {
        "legal": True,
        "total": result.total,
        "items": [
            {"id": i.id, "name": i.name, "points": i.points, "capped_by": i.capped_by} for i in result.items
        ],
        "decomposition": describe(result.decomposition) if result.decomposition else [],
    }


def score_text(text: str, catalogue: Catalogue) -> ScoreResult:
    """Score the win a JSON request describes."""
    return score_win(win_input(parse_request(text), catalogue))


def win_context(request: RuleSetRequest) -> WinContext:
    """The rule set's view of a validated request; a problem raises :class:`InputError` naming
    the field.  The winner sits at seat 0, a discard comes from seat 3."""
    concealed = tuple(_tiles("concealed", request.concealed))
    if any(is_flower(k) for k in concealed):
        raise InputError("concealed: flowers are set aside; list them in 'flowers'")
    try:
        win_tile = parse_one(request.win_tile)
    except TileSyntaxError as err:
        raise InputError(f"win_tile: {err}") from None
    if win_tile not in concealed:
        raise InputError(f"win_tile: {format_one(win_tile)} is not among the concealed tiles")
    melds = _melds(request.melds)
    for index, meld in enumerate(melds):
        if meld.kind is MeldKind.CHI and not is_plain_run(meld.tiles):
            raise InputError(f"melds[{index}]: {meld} is no chow: a chow is three numbers of one suit")
    _check_counts(concealed, melds)
    flags = set(request.flags)
    self_drawn = request.win_by != "ron"
    if "robbing_kong" in flags and self_drawn:
        raise InputError("flags: robbing_kong is a win on another player's kong, so win_by is ron")
    if "after_kong" in flags and not (self_drawn and any(meld.is_kong for meld in melds)):
        raise InputError(
            "flags: after_kong is a self-drawn win on a kong's replacement; it needs a kong meld"
        )
    seat = WIND_KINDS[request.seat_wind]
    return WinContext(
        concealed=concealed,
        melds=melds,
        winning_tile=win_tile,
        winner=0,
        discarder=None if self_drawn else 3,
        prevalent_wind=WIND_KINDS[request.prevalent_wind],
        seat_wind=seat,
        dealer=(27 - seat) % 4,
        flowers=_flowers(request.flowers),
        last_copy="last_copy" in flags,
        last_of_wall="last_of_wall" in flags,
        after_kong="after_kong" in flags,
        robbing_kong="robbing_kong" in flags,
    )


def ruleset_request(text: str) -> WinContext:
    """Validate the JSON text of a ``--rules`` request and read it as a win."""
    if not text.strip():
        raise InputError("empty input; expected one JSON object describing the win")
    try:
        request = RuleSetRequest.model_validate_json(text)
    except ValidationError as err:
        raise InputError(_validation_message(err)) from None
    return win_context(request)


def scored_json(scored: Scored, may_win: bool) -> dict[str, object]:
    """The JSON object ``hexmj score --rules NAME --json`` prints."""
    fan = [{"name": line.name, "value": line.value, "count": line.count} for line in scored.fan]
    return {"total": scored.total, "fan": fan, "may_win": may_win}


def scored_text(scored: Scored, may_win: bool) -> str:
    """Each fan on its line (value, and the count when more than one), then the total."""
    if not scored.fan:
        return "not a winning hand: no legal form"
    lines = [
        f"{line.name} {line.value}"
        + (f" ×{line.count} = {line.value * line.count}" if line.count > 1 else "")
        for line in scored.fan
    ]
    lines.append(f"total {scored.total}" + ("" if may_win else " (below the minimum to declare the win)"))
    return "\n".join(lines)


def _score_under(rules: RuleSet, win: WinContext, options: list[str], as_json: bool) -> None:
    values = rules.resolve_options(options)
    scored = rules.score(win, values)
    may_win = bool(scored.fan) and rules.may_win(win, values)
    if as_json:
        typer.echo(json.dumps(scored_json(scored, may_win), ensure_ascii=False))
    else:
        typer.echo(scored_text(scored, may_win))
    if not scored.fan:
        raise typer.Exit(1)


def _read(source: str) -> str:
    """The request text of a file or stdin, without a byte-order mark; the caller names the source."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        text.encode("utf-8")
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror}") from None
    except UnicodeError:
        raise InputError("not UTF-8 text") from None
    return text.removeprefix("\ufeff")


def score(
    source: Annotated[str, typer.Argument(help="A JSON file describing the win, or - for stdin.")] = "-",
    folder: CardsOption = None,
    rules_name: Annotated[
        str,
        typer.Option("--rules", metavar="NAME", help="The rule set to score under (hextech, standard, …)."),
    ] = DEFAULT,
    case: Annotated[
        str | None, typer.Option("--case", metavar="CASE", help="One case in the test vectors' format.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (--rules other than hextech).")] = False,
    options: Annotated[
        list[str] | None, typer.Option("--option", metavar="NAME[=VALUE]", help="A rule set's table option.")
    ] = None,
) -> None:
    """Score one win (§13): legal or not, each item with its cap, the total.

    Input, one JSON object: {"concealed": "123m456p789s11122z", "win_tile": "2z", "win_by": "ron", ...}

    Also "hu_order" (1-3); optional "contract", "melds", "flowers", "flags", "treasure", "augments".

    With --rules standard: "prevalent_wind", "seat_wind" (E S W N) and "flags" (last_copy,
    last_of_wall, after_kong, robbing_kong) instead of the card fields; or --case CASE.

    Exit 0 legal, 1 not a legal hu, 2 malformed input.
    """
    if rules_name != DEFAULT or case is not None:
        rules = ruleset(rules_name)
        try:
            win = parse_case(case)[0] if case is not None else ruleset_request(_read(source))
        except InputError as err:
            where = "--case" if case is not None else "<stdin>" if source == "-" else source
            raise InputError(f"{where}: {err}") from None
        _score_under(rules, win, options or [], as_json)
        return
    try:
        result = score_text(_read(source), catalogue(folder))
    except InputError as err:
        where = "<stdin>" if source == "-" else source
        raise InputError(f"{where}: {err}") from None
    typer.echo(json.dumps(result_json(result), ensure_ascii=False, indent=2))
    if not result.legal:
        raise typer.Exit(1)
