"""Declared melds: kinds, exposure and the ``"chi 123m"`` notation (standard rules 术语 十–十二;
§13.11.1; lib P-01)."""

from __future__ import annotations

import pytest

from engine.core.errors import InputError
from engine.core.melds import Meld, MeldKind, is_plain_run
from engine.core.tiles import parse
from tools.exit_codes import exit_code


def test_parse_chi_sorts_tiles_and_is_exposed() -> None:
    """Standard rules 术语 十 吃: a chi is three consecutive tiles of one suit, exposed (§13.11.1)."""
    meld = Meld.parse("chi 312m")
    assert meld.kind is MeldKind.CHI
    assert meld.tiles == tuple(parse("123m"))
    assert meld.exposed and not meld.is_kong
    assert str(meld) == "chi 123m"


@pytest.mark.parametrize(
    ("text", "exposed", "kong"),
    [
        ("pon 555p", True, False),
        ("minkan 7777s", True, True),
        ("kakan 1111z", True, True),
        ("ankan 9999m", False, True),
    ],
)
def test_only_concealed_kong_keeps_menqing_13_11_1(text: str, exposed: bool, kong: bool) -> None:
    """§13.11.1: 暗杠不破坏门清 — a concealed kong is the only meld that is not exposed."""
    meld = Meld.parse(text)
    assert (meld.exposed, meld.is_kong) == (exposed, kong)


def test_honour_run_chi_is_a_meld_for_p01() -> None:
    """lib P-01 lets its holder chi 东南西 / 南西北 / 中发白."""
    assert Meld.parse("chi 123z").tiles == tuple(parse("123z"))
    assert Meld.parse("chi 567z").tiles == tuple(parse("567z"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("chi 124m", "consecutive"),
        ("chi 89m1p", "consecutive"),
        ("chi 345z", "consecutive"),
        ("pon 556m", "same face"),
        ("ankan 555m", "needs 4 tiles"),
        ("pon 111f", "flowers"),
        ("chow 123m", "unknown kind"),
        ("chi 12x", "unknown character"),
        ("chi", "expected"),
    ],
)
def test_bad_meld_is_one_clear_input_error(text: str, message: str) -> None:
    """Standard rules 术语 十–十二: chi consecutive, pon one face, a kong four; flowers never meld."""
    with pytest.raises(InputError, match=message) as err:
        Meld.parse(text)
    assert "\n" not in str(err.value)
    assert exit_code(err.value) == 2


@pytest.mark.parametrize(
    ("tiles", "run"),
    [
        ("123m", True),
        ("789s", True),
        ("891m", False),
        ("89m1p", False),
        ("123z", False),
        ("", False),
        ("12m", False),
    ],
)
def test_a_plain_run_is_three_consecutive_numbers_of_one_suit(tiles: str, run: bool) -> None:
    """顺子 (standard rules 术语 五): three consecutive numbers of one suit; an empty or short run is none."""
    assert is_plain_run(tuple(parse(tiles))) is run
