"""The core's greedy bot plays toward the rule set's own win forms (issue 14 items 3–5): seed 003's
five basic shapes and 八支, seed 002's knitted forms, and a third party's form read from its
declaration with no change to the core.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from table_support import arranged, core_table, deal_table, installed_tiny

from engine.agents.bots import GreedyBot
from engine.core import registry
from engine.core.aim import Aim
from engine.core.decisions import Decision, DecisionKind
from engine.core.knitted import knitted_straight_shanten
from engine.core.ruleset import RuleSet
from engine.core.seat_view import SeatView, view_of
from engine.core.tiles import EAST, FACES, counts, parse
from engine.core.win import WinContext

DUIDUI = '''"""duidui: a house rule whose only win is four pungs and a pair."""

from dataclasses import dataclass

from engine.core.hand import decompose
from engine.core.registry import hookimpl
from engine.core.ruleset import Call, DealerRotation, RuleSet, TileSet
from engine.core.win import Fan, Scored


def all_pungs_shanten(counts, n_melds):
    """8 - 2m - t - p over pungs alone: the pungs held, the pairs as partial pungs and the pair."""
    pungs = sum(1 for n in counts if n >= 3)
    made = n_melds + min(pungs, 4 - n_melds)
    pairs = sum(1 for n in counts if n == 2) + max(0, pungs - (4 - n_melds))
    pair = 1 if pairs else 0
    return 8 - 2 * made - min(pairs - pair, 4 - made) - pair


@dataclass(frozen=True)
class Duidui(RuleSet):
    def may_win(self, win, options):
        return any(
            reading.form == "standard" and all(g.kind.value != "chow" for g in reading.groups)
            for reading in decompose(win.concealed, win.melds)
        )

    def score(self, win, options):
        return Scored((Fan("对对和", 1),), 1)

    def settle(self, win, scored, options):
        return tuple(3 if p == win.winner else -1 for p in range(4))


@hookimpl
def hexmj_ruleset():
    return Duidui(
        name="duidui",
        title="对对和",
        source="tests",
        tiles=TileSet(tuple(range(34))),
        calls=((Call.HU,), (Call.PON, Call.KONG)),
        win_forms=("all_pungs",),
        form_shanten={"all_pungs": all_pungs_shanten},
        session_rounds=4,
        dealer_rotation=DealerRotation.ROTATE,
    )
'''


def install_duidui(folder: Path) -> Path:
    """Write ``duidui`` as a package with its distribution's entry point into ``folder``."""
    package = folder / "hexmj_duidui"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(DUIDUI, "utf-8")
    info = folder / "hexmj_duidui-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: hexmj-duidui\nVersion: 1.0\n", "utf-8")
    (info / "entry_points.txt").write_text("[hexmj.rulesets]\nduidui = hexmj_duidui\n", "utf-8")
    return folder


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[RuleSet]:
    """The test-only rule set ``tiny`` (standard form, seven pairs, thirteen orphans)."""
    yield from installed_tiny(tmp_path / "tiny", monkeypatch)


@pytest.fixture
def duidui(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RuleSet:
    """The test-only rule set ``duidui``, installed as a third party's."""
    monkeypatch.syspath_prepend(str(install_duidui(tmp_path / "duidui")))
    return registry.ruleset("duidui")


def view(rules: RuleSet, hand: str, given: tuple[str, ...] = ()) -> SeatView:
    """A seat's view of ``hand`` at a table of ``rules`` with the options ``given``, nothing
    declared, its turn (A deals, 东 the prevalent wind)."""
    return SeatView(
        0,
        tuple(sorted(parse(hand))),
        ((), (), (), ()),
        (0,) * 4,
        ((),) * 4,
        ((),) * 4,
        (14, 13, 13, 13),
        70,
        (0,) * 4,
        0,
        27,
        rules.aim(rules.resolve_options(given)),
    )


def discard(rules: RuleSet, hand: str, given: tuple[str, ...] = ()) -> str:
    """The greedy bot's answer to its turn with ``hand`` (fourteen tiles), every face discardable."""
    options = tuple(f"discard {FACES[k]}" for k in sorted(set(parse(hand))))
    decision = Decision(DecisionKind.TURN, 0, options, FACES[parse(hand)[-1]])
    return GreedyBot(random.Random(1)).decide(view(rules, hand, given), decision)


FIVE_PAIRS = "11m55m99m22p88p2346s"
"""Five pairs and 2346s: seven pairs is one tile from waiting on a discard of 6s; four sets and a
pair are two from it, and a discard of 1m costs them nothing."""


def test_under_hongzhong_five_pairs_are_not_kept_for_seven_pairs_003() -> None:
    """Spec 003 胡牌要求, "和牌者的牌型只有基本牌型" (R432): no 七对, so the bot does not keep its five
    pairs; it breaks the pair of 1m, its loosest tile toward four sets and a pair."""
    hongzhong = registry.ruleset("hongzhong")
    assert not hongzhong.aim().seven_pairs
    assert discard(hongzhong, FIVE_PAIRS) == "discard 1m"


def test_under_standard_five_pairs_are_kept_for_seven_pairs_002() -> None:
    """Control, spec 002 和牌的规定 二 (一) 2, "11、11、11、11、11、11、11(七对)": 七对 is a legal form,
    and the bot keeps the five pairs, throwing the single 6s."""
    assert discard(registry.ruleset("standard"), FIVE_PAIRS) == "discard 6s"


KNITTED = "147m258p369s568m99p"
"""A whole knitted pattern (147m 258p 369s), 56m and 99p: a discard of 8m leaves 组合龙 waiting on
4m or 7m; as four sets and a pair the hand is far from waiting."""


def test_under_standard_the_bot_keeps_to_the_knitted_straight_002() -> None:
    """Spec 002 fan table row 35, 组合龙 "3种花色的147、258、369不能错位的序数牌" with a set and a pair
    (R405): the nearest legal hand, so the bot throws 8m and keeps the nine knitted tiles."""
    standard = registry.ruleset("standard")
    assert discard(standard, KNITTED) == "discard 8m"
    left = counts(parse(KNITTED))
    left[parse("8m")[0]] -= 1
    assert knitted_straight_shanten(left, 0) == 0 == standard.aim().shanten(left, 0)


def test_under_hongzhong_the_bot_does_not_play_toward_the_knitted_straight_003() -> None:
    """Control, spec 003 胡牌要求: the five basic shapes alone, so the knitted tiles are loose ones and
    the bot throws the terminal 1m out of them."""
    hongzhong = registry.ruleset("hongzhong")
    assert not hongzhong.aim().knitted_straight
    assert discard(hongzhong, KNITTED) == "discard 1m"


DRAGON = "1234567789m44p33s"
"""清龙 (123456789m) and 7m, 44p and 33s: a discard of 7m or of 1m leaves the hand waiting on 4p or
3s."""


def test_under_standard_the_bot_keeps_the_wait_that_reaches_eight_fan_002() -> None:
    """Spec 002 术语 十五 起和分 (R402: 8): thrown, 1m would leave a wait of at most 6 fan, which can
    never be declared; the bot throws 7m instead and keeps 清龙 (row 28, 16 fan) — each wait of it a
    legal win, as the rule set's own judgement says."""
    standard = registry.ruleset("standard")
    assert discard(standard, DRAGON) == "discard 7m"
    options = standard.resolve_options(())
    short = WinContext(tuple(sorted(parse("234567789m44p33s4p"))), (), parse("4p")[0], 0, None, EAST, EAST, 0)
    assert not standard.may_win(short, options) and standard.score(short, options).total < 8


def test_with_no_minimum_the_loosest_tile_goes_002() -> None:
    """Control, ``--option min_fan=0``: every wait is a legal win, and of the two discards the bot
    throws the loosest, the terminal 1m."""
    assert discard(registry.ruleset("standard"), DRAGON, ("min_fan=0",)) == "discard 1m"


SHORT_SUIT = "123m45m9m234p66p157s"
"""Six 万, five 筒, three 条: a discard of 9m or of 1s leaves the hand one tile from waiting."""


def test_under_hongzhong_the_bot_keeps_its_longest_suit_for_eight_tiles_003() -> None:
    """Spec 003 "和牌必须够八支 … 筒、条、万中必须有一种花色达到八支牌或以上" (R431): throwing 9m would
    leave no suit above five, three tiles short of eight, so the bot throws 1s and keeps six 万."""
    hongzhong = registry.ruleset("hongzhong")
    assert hongzhong.min_suit_tiles == 8
    assert discard(hongzhong, SHORT_SUIT) == "discard 1s"


def test_under_standard_no_suit_length_is_needed_002() -> None:
    """Control: seed 002 asks no suit length, and of the two equal terminals the bot throws the lower
    face, 9m."""
    assert discard(registry.ruleset("standard"), SHORT_SUIT) == "discard 9m"


ALL_PUNGS = "111m222p88p44s5699s"
"""Two pungs, three pairs and 56s: four sets and a pair wait after a discard of 4s (456s a chow);
four pungs and a pair are one from waiting after a discard of 5s."""


def test_a_third_partys_own_form_is_played_with_no_change_to_the_core(duidui: RuleSet) -> None:
    """``duidui`` declares one form of its own, ``all_pungs``, with its shanten: the bot at its table
    reads it from the declaration (the view of a dealt table carries it) and keeps the three pairs,
    throwing 5s."""
    table = core_table(duidui, {}, arranged(duidui, [ALL_PUNGS, "", "", ""]))
    assert deal_table(table)
    seen = view_of(table, 0)
    assert seen.aim == duidui.aim() and not seen.aim.standard and len(seen.aim.own) == 1
    options = tuple(f"discard {FACES[k]}" for k in sorted(set(seen.hand)))
    decision = Decision(DecisionKind.TURN, 0, options, "9s")
    assert GreedyBot(random.Random(1)).decide(seen, decision) == "discard 5s"


def test_a_third_partys_standard_forms_keep_the_chow(tiny: RuleSet) -> None:
    """Control: ``tiny`` declares the core's three forms by name; the same hand there throws 4s and
    waits with 456s."""
    assert tiny.aim() == Aim()
    assert discard(tiny, ALL_PUNGS) == "discard 4s"


def test_under_hongzhong_a_single_red_dragon_is_no_wild_tile_003() -> None:
    """Spec 003 牌张的要求, "任意两张可做为和牌的对子，也可与第三张风碰牌或四张一起也可以开杠" (R430): 红中
    pair, pon and kong among themselves and stand for no other tile (no 赖子).  Were it wild the
    hand would be complete as 4p; as it is the lone 红中 is the bot's loosest tile, and it goes."""
    assert discard(registry.ruleset("hongzhong"), "123m456m789m11p35p7z") == "discard 7z"
