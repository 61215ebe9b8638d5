"""The random winning hands of ``engine.standard.random_wins`` (the cross-check's corpus, issue 14
item 6): each is a complete hand of one of spec 002's legal forms (和牌的要求 (一)) with
circumstances a table can reach, the same for the same seed, and the ``standard`` rule set scores
every one of them, the same each time, without raising."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.melds import MeldKind
from engine.core.registry import ruleset
from engine.core.win import WinContext
from engine.standard.random_wins import random_wins

RULES = ruleset("standard")
OPTIONS = RULES.resolve_options(["limit=unlimited", "min_fan=0"])
"""Raw sums, and every legal form a win whatever its fan (the cross-check's options)."""


def _held(win: WinContext) -> Counter[int]:
    return Counter([*win.concealed, *(t for m in win.melds for t in m.tiles)])


def _check_table_reachable(win: WinContext) -> None:
    """Fourteen tiles (a kong counting three), four copies of a face at most, a flower at most once,
    chows from the upper seat, concealed kongs from nobody, and flags the table can set together."""
    assert len(win.concealed) == 14 - 3 * len(win.melds)
    assert win.concealed[-1] == win.winning_tile
    assert max(_held(win).values()) <= 4
    assert len(set(win.flowers)) == len(win.flowers) and all(34 <= f < 42 for f in win.flowers)
    for meld, source in zip(win.melds, win.meld_sources, strict=True):
        if meld.kind is MeldKind.ANKAN:
            assert source is None
        elif meld.kind is MeldKind.CHI:
            assert source == (win.winner + 3) % 4
        else:
            assert source is not None and source != win.winner
    assert win.discarder != win.winner
    assert win.seat_wind == 27 + (win.winner - win.dealer) % 4
    others = win.concealed[:-1].count(win.winning_tile)
    shown = sum(m.tiles.count(win.winning_tile) for m in win.melds)
    assert not (win.last_copy and others), "和绝张 with a copy of the winning tile still concealed"
    assert win.last_copy or shown < 3, "the melds show three copies: the winning tile is the last"
    if win.after_kong:
        assert win.self_drawn and any(m.is_kong for m in win.melds) and not win.last_of_wall
    if win.robbing_kong:
        assert not win.self_drawn and others + shown == 0 and win.last_copy and not win.last_of_wall


def test_the_same_seed_draws_the_same_hands() -> None:
    assert list(random_wins(7, 200)) == list(random_wins(7, 200))
    assert list(random_wins(7, 200)) != list(random_wins(8, 200))


def test_every_form_and_circumstance_is_drawn() -> None:
    """Spec 002 和牌的要求: the basic form concealed and with every kind of meld, 七对, 十三幺 and the
    knitted forms; 自摸 and 点和, 和绝张, the last tile, a kong's tile, flowers."""
    wins = list(random_wins(1, 3000))
    kinds = Counter(m.kind for w in wins for m in w.melds)
    assert all(kinds[k] > 0 for k in MeldKind)
    assert sum(not w.melds for w in wins) > 600
    for flag in ("self_drawn", "last_copy", "last_of_wall", "after_kong", "robbing_kong"):
        assert 0 < sum(getattr(w, flag) for w in wins) < len(wins), flag
    assert sum(bool(w.flowers) for w in wins) > 600
    forms = Counter(f.name for w in wins for f in RULES.score(w, OPTIONS).fan)
    for name in ("七对", "十三幺", "全不靠", "七星不靠", "组合龙", "九莲宝灯", "连七对", "清一色", "碰碰和"):
        assert forms[name] > 0, name


@settings(max_examples=300)
@given(st.integers(0, 2**32))
def test_each_hand_is_a_complete_win_scored_the_same_each_time(seed: int) -> None:
    """Spec 002 和牌的要求 (一): the hand is complete in a legal form; 番数计算规则: its fan lines sum to
    its total, the same on every scoring, every line a fan of the table counted at least once."""
    (win,) = random_wins(seed, 1)
    _check_table_reachable(win)
    assert RULES.may_win(win, OPTIONS)
    scored = RULES.score(win, OPTIONS)
    assert RULES.score(win, OPTIONS) == scored
    assert scored.total == sum(f.value * f.count for f in scored.fan)
    assert scored.fan and all(f.value >= 1 and f.count >= 1 for f in scored.fan)
