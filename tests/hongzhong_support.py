"""Wins of the 红中 rule set (spec 003) built from tile strings, for tests/test_hongzhong_*.py: the
rule set comes from the registry, as a table finds it."""

from __future__ import annotations

from typing import Unpack

from win_flags import WinFlags

from engine.core.melds import Meld
from engine.core.registry import ruleset
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.tiles import EAST, parse, parse_one
from engine.core.win import Scored, WinContext

RULES: RuleSet = ruleset("hongzhong")


def win(
    concealed: str,
    tile: str,
    *melds: str,
    discarder: int | None = 1,
    winner: int = 0,
    dealer: int = 0,
    sources: tuple[int | None, ...] = (),
    **flags: Unpack[WinFlags],
) -> WinContext:
    """Seat ``winner`` wins with ``concealed`` (the winning ``tile`` among them) and ``melds`` such as
    ``"pon 555m"``, on ``discarder``'s tile (``None``: self-drawn)."""
    return WinContext(
        concealed=tuple(parse(concealed)),
        melds=tuple(Meld.parse(m) for m in melds),
        winning_tile=parse_one(tile),
        winner=winner,
        discarder=discarder,
        prevalent_wind=EAST,
        seat_wind=EAST,
        dealer=dealer,
        meld_sources=sources,
        **flags,
    )


def options(*given: str) -> dict[str, OptionValue]:
    """The rule set's options from ``--option`` words, defaults filled in."""
    return RULES.resolve_options(given)


def scored(w: WinContext, *given: str) -> Scored:
    """``w`` scored under ``given`` options."""
    return RULES.score(w, options(*given))


def lines(w: WinContext, *given: str) -> dict[str, int]:
    """Each fan line of ``w`` as name → value × count."""
    return {f.name: f.value * f.count for f in scored(w, *given).fan}


def gains(w: WinContext, *given: str) -> tuple[int, ...]:
    """Each seat's gain when ``w`` is scored and settled under ``given`` options."""
    chosen = options(*given)
    return RULES.settle(w, RULES.score(w, chosen), chosen)
