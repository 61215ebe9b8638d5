"""The shapes of a scored win (``engine.core.win``): a :class:`WinContext` and its :class:`Scored`
compare, hash, print and pickle by their fields on both builds (a round's result holds them, and
results may cross processes), and the compiled build keeps their fields read-only."""

from __future__ import annotations

import os
import pickle

import pytest

import engine.core.win
from engine.core.win import Fan, Scored, WinContext
from engine.standard.rules import STANDARD
from engine.standard.vectors import parse_case

BIG_FOUR_ALL_HONOURS = ";EEE1,SSS2,WWW3;NNNPP;E,E,0,0,0,0"
"""大四喜 88 + 字一色 64 + 单钓将 1 = 153 fan (spec 002 番种 1, 9, 79)."""
OPTIONS = {"limit": "unlimited"}


def test_a_win_and_its_score_survive_pickling() -> None:
    win, _ = parse_case(BIG_FOUR_ALL_HONOURS)
    scored = STANDARD.score(win, OPTIONS)
    assert scored.total == 153
    back_win, back_scored = pickle.loads(pickle.dumps((win, scored)))
    assert back_win == win and hash(back_win) == hash(win)
    assert back_scored == scored and hash(back_scored) == hash(scored)
    assert STANDARD.score(back_win, OPTIONS) == scored
    assert type(back_win) is WinContext and type(back_scored.fan[0]) is Fan


def test_equality_is_by_fields() -> None:
    win, _ = parse_case(BIG_FOUR_ALL_HONOURS)
    other, _ = parse_case(BIG_FOUR_ALL_HONOURS.replace("E,E,0", "E,E,1"))
    assert win != other and other.self_drawn and not win.self_drawn
    assert Fan("大四喜", 88) == Fan("大四喜", 88, 1) != Fan("大四喜", 88, 2)
    assert Scored((Fan("大四喜", 88),), 88) != Scored((Fan("大四喜", 88),), 89)
    assert Fan("大四喜", 88) != ("大四喜", 88, 1)


def test_repr_names_every_field() -> None:
    win, _ = parse_case(BIG_FOUR_ALL_HONOURS)
    assert repr(Scored((Fan("x", 2, 3),), 6)) == "Scored(fan=(Fan(name='x', value=2, count=3),), total=6)"
    assert repr(win).startswith(f"WinContext(concealed={win.concealed!r}, melds=")
    assert repr(win).endswith("robbing_kong=False, heavenly=False, earthly=False)")


@pytest.mark.skipif(
    os.environ.get("HEXMJ_EXPECT_COMPILED") != "1", reason="the compiled build's read-only fields"
)
def test_compiled_fields_are_read_only() -> None:
    assert not (engine.core.win.__file__ or "").endswith(".py")
    win, _ = parse_case(BIG_FOUR_ALL_HONOURS)
    with pytest.raises(AttributeError):
        win.winner = 2  # type: ignore[misc]
