"""The case format of the standard rules' test vectors (``tests/data/mcr-vectors.txt``), which
``hexmj score --rules standard --case`` also reads.

A case is ``flowers;claims;tiles;prevalent,seat,self_drawn,last_tile,last_draw_or_claim,kong``:

* ``tiles`` the concealed tiles, the rightmost the winning tile: digits before ``m`` (万), ``p``
  (饼), ``s`` (条), and the letters ``E S W N`` (winds), ``C`` (中), ``F`` (发), ``P`` (白);
* ``claims`` comma-separated melds, each its tiles and a digit: for a chow the place (0–2) of the
  claimed tile in it, for a pung or kong who gave it (0 oneself: a concealed kong; 1 the right
  seat, 2 the opposite, 3 the left);
* ``flowers`` how many flower tiles, written as flower numbers (``48f`` two flowers);
* the flags, each 0 or 1: a self-drawn win, 和绝张, the wall's last tile, a kong (with a self-drawn
  win its replacement tile, 杠上开花; with a discard the robbed kong, 抢杠和).

The winner sits at seat 0; a discard comes from the left seat (3).
"""

from __future__ import annotations

from engine.core.errors import InputError
from engine.core.melds import Meld, MeldKind
from engine.core.tiles import TileSyntaxError, parse
from engine.core.win import WinContext

_HONOURS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
_WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}


def tiles(text: str, where: str) -> list[int]:
    """The kinds of ``text`` in written order: number tiles in the project's notation, honours as
    letters."""
    kinds: list[int] = []
    pending = ""
    for ch in text:
        if ch in _HONOURS and not pending:
            kinds.append(_HONOURS[ch])
        elif ch.isdigit():
            pending += ch
        elif ch in "mps" and pending:
            try:
                kinds += parse(pending + ch)
            except TileSyntaxError as err:
                raise InputError(f"{where}: {err}") from None
            pending = ""
        else:
            raise InputError(f"{where}: {ch!r} is not a tile letter in {text!r}")
    if pending:
        raise InputError(f"{where}: digits without a suit letter in {text!r}")
    return kinds


def _meld(text: str, index: int) -> tuple[Meld, int | None]:
    where = f"claims[{index}]"
    if len(text) < 4 or not text[-1].isdigit():
        raise InputError(f"{where}: {text!r} is not tiles and a digit (e.g. 234s1, EEE2, 1111m0)")
    kinds, digit = tiles(text[:-1], where), int(text[-1])
    source: int | None
    if len(kinds) == 3 and kinds[0] != kinds[1]:
        if digit > 2:
            raise InputError(f"{where}: a chow's digit is the claimed tile's place, 0..2")
        kind, source = MeldKind.CHI, 3
    elif len(kinds) in (3, 4) and len(set(kinds)) == 1:
        if digit > 3 or (len(kinds) == 3 and digit == 0):
            raise InputError(f"{where}: a pung or kong's digit is 1..3 (0 for a concealed kong)")
        kind = MeldKind.PON if len(kinds) == 3 else MeldKind.ANKAN if digit == 0 else MeldKind.MINKAN
        source = None if digit == 0 else digit
    else:
        raise InputError(f"{where}: {text!r} is not a chow, pung or kong")
    try:
        return Meld(kind, tuple(kinds)), source
    except InputError as err:
        raise InputError(f"{where}: {err}") from None


def _flag(text: str, name: str) -> bool:
    if text not in ("0", "1"):
        raise InputError(f"{name}: takes 0 or 1, not {text!r}")
    return text == "1"


def parse_case(case: str) -> tuple[WinContext, int]:
    """The win a case describes and its number of flowers; a malformed case raises
    :class:`InputError` naming the part."""
    parts = case.strip().split(";")
    if len(parts) != 4:
        raise InputError(
            "case: expected flowers;claims;tiles;prevalent,seat,self_drawn,last_tile,last_wall,kong"
        )
    flowers_text, claims_text, tiles_text, flags_text = parts
    flowers: tuple[int, ...] = ()
    if flowers_text:
        try:
            flowers = tuple(parse(flowers_text))
        except TileSyntaxError as err:
            raise InputError(f"flowers: {err}") from None
        if any(not 34 <= k < 42 for k in flowers) or len(set(flowers)) != len(flowers):
            raise InputError(f"flowers: {flowers_text!r} is not distinct flowers 1f..8f")
    melds: list[Meld] = []
    sources: list[int | None] = []
    for index, text in enumerate(t for t in claims_text.split(",") if t):
        meld, source = _meld(text, index)
        melds.append(meld)
        sources.append(source)
    concealed = tiles(tiles_text, "tiles")
    need = 14 - 3 * len(melds)
    if len(concealed) != need:
        raise InputError(
            f"tiles: {len(concealed)} tiles with {len(melds)} claim(s); a complete hand needs {need}"
        )
    held = [0] * 34
    for k in (*concealed, *(k for meld in melds for k in meld.tiles)):
        held[k] += 1
    if max(held) > 4:
        raise InputError(f"tiles: {max(held)} copies of one tile with the claims; the set has 4")
    flags = flags_text.split(",")
    if len(flags) != 6:
        raise InputError("flags: expected prevalent,seat,self_drawn,last_tile,last_wall,kong")
    winds = []
    for name, text in (("prevalent", flags[0]), ("seat", flags[1])):
        if text not in _WINDS:
            raise InputError(f"{name}: takes E, S, W or N, not {text!r}")
        winds.append(_WINDS[text])
    self_drawn, last_tile, last_wall, kong = (
        _flag(text, name)
        for text, name in zip(flags[2:], ("self_drawn", "last_tile", "last_wall", "kong"), strict=True)
    )
    win = WinContext(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=concealed[-1],
        winner=0,
        discarder=None if self_drawn else 3,
        prevalent_wind=winds[0],
        seat_wind=winds[1],
        dealer=(27 - winds[1]) % 4,
        meld_sources=tuple(sources),
        flowers=flowers,
        last_copy=last_tile,
        last_of_wall=last_wall,
        after_kong=kong and self_drawn,
        robbing_kong=kong and not self_drawn,
    )
    return win, len(flowers)
