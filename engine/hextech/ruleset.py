"""Hextech Mahjong V1.2 declared as a rule set (issue 14 item 2): what the table plays with, and a
win's score and settlement under §13.

The wall holds the 144 tiles of the standard set, four of each of the 34 suited and honour faces
and the eight flowers (§11 phase 1, lib 二.1; :mod:`engine.hextech.state`).  The dealer gets 14
tiles, the others 13 (§11 phase 1); the deal passes to the next player whatever happens, no 连庄
(§4), over 8 rounds, or 4 in the shortened test session (§16, §18.1).  胡 beats 碰/杠, which
beat 吃 (§11 phase 2); chi only from the 上家; one discard may be won by two or three players at
once, in seat order from the discarder (一炮多响, §12.3), and an added kong may be robbed.

A win scores as :func:`engine.hextech.scoring.score_win` scores it — the scorer of
``hexmj score`` — with neither contract nor cards, as the round's first hu (R490).  The session
keeps a running total (§13.1, 本场累计积分制): the winner gains the score and nobody pays it
(R491).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.core.errors import InputError
from engine.core.groups import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from engine.core.ruleset import Call, DealerRotation, DealerTile, Option, OptionValue, RuleSet, TileSet
from engine.core.tiles import NUM_FLOWERS, NUM_KINDS
from engine.core.win import Fan, Scored, WinContext
from engine.hextech.plugins import MODES
from engine.hextech.scoring import WinInput, score_win

DEALER_TILES: Final = 14
OTHER_TILES: Final = 13
"""The tiles dealt to the dealer and to each other player (§11 phase 1)."""
FULL_ROUNDS = 8
TEST_ROUNDS = 4
"""A session's rounds, and the shortened test session's (§16, §18.1)."""
FIRST_HU = 1
"""The hu order a win given alone scores as (§13.3, R490)."""


def special_wins(win: WinContext) -> frozenset[str]:
    """The §13.10 flags of ``win``'s circumstances: 杠上开花, 抢杠胡, 海底捞月 (the last tile drawn)
    or 河底捞鱼 (its discard), 天胡, 地胡.  和绝张 is no Hextech item."""
    last = "last_tile" if win.self_drawn else "last_discard"
    found = {
        "kong_replacement": win.after_kong,
        "robbing_kong": win.robbing_kong,
        last: win.last_of_wall,
        "heavenly": win.heavenly,
        "earthly": win.earthly,
    }
    return frozenset(flag for flag, holds in found.items() if holds)


def win_input(win: WinContext) -> WinInput:
    """What the §13 scorer reads of ``win``: its tiles, melds, flowers and special wins, no contract,
    no augment, no treasure; the abandon window (§10) has opened when the wall's last tile is in
    play (R490)."""
    return WinInput(
        concealed=win.concealed,
        win_tile=win.winning_tile,
        win_by="tsumo" if win.self_drawn else "ron",
        hu_order=FIRST_HU,
        melds=win.melds,
        flowers=win.flowers,
        flags=special_wins(win),
        before_abandon_window=not win.last_of_wall,
    )


class HextechRules(RuleSet):
    """The ``hextech`` rule set: §13's score items as fan lines, the running total as settlement."""

    def score(self, win: WinContext, options: Mapping[str, OptionValue]) -> Scored:
        """The §13 items of ``win``, each with the points it gets after the caps of §13.7–§13.11,
        and their total.  Raises :class:`InputError` for a hand that is not complete."""
        result = score_win(win_input(win))
        if not result.legal:
            raise InputError(f"concealed: {result.reason}")
        return Scored(tuple(Fan(item.name, item.points) for item in result.items), result.total)

    def settle(self, win: WinContext, scored: Scored, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        """The winner gains the win's score; the others lose nothing (§13.1: 获得分数时，其他玩家不会
        自动扣除相同分数; R491)."""
        return tuple(scored.total if player == win.winner else 0 for player in range(4))


HEXTECH = HextechRules(
    name="hextech",
    title="海克斯麻将 V1.2",
    source="海克斯麻将规则 V1.2 (spec 001) and 海克斯麻将卡牌文字库 v0.2 (spec 000)",
    tiles=TileSet(kinds=tuple(range(NUM_KINDS)), flowers=tuple(range(NUM_KINDS, NUM_KINDS + NUM_FLOWERS))),
    calls=(
        (Call.HU,),
        (Call.PON, Call.KONG, Call.ADDED_KONG, Call.CONCEALED_KONG),
        (Call.CHI,),
    ),
    win_forms=(STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS),
    session_rounds=FULL_ROUNDS,
    dealer_rotation=DealerRotation.ROTATE,
    hand_size=OTHER_TILES,
    dealer_tile=DealerTile.WITH_THE_DEALERS_HAND,
    winners_per_discard=3,
    chi_from_upper_seat_only=True,
    options=(
        Option(
            "rounds",
            FULL_ROUNDS,
            "8 rounds, or 4 for the shortened test session (§16, §18.1)",
            choices=(str(FULL_ROUNDS), str(TEST_ROUNDS)),
        ),
        Option(
            "mode",
            "all",
            "the pool: strategy (no module), party, all (every module) (§3, R200)",
            choices=MODES,
        ),
    ),
    settlement=(
        "a running total over the session (§13.1): the winner gains the win's points and nobody pays them; "
        "only a rule that says 扣分 takes points away (the abandoned black contract's −1, §13.14)"
    ),
    notes={
        "deal": "the dealer 14 tiles, the others 13, flowers replaced from the tail (§11 phase 1)",
        "round end": "the third hu ends the round; the last player in it is 未胡 (§11 phase 5)",
        "cards": "world, chance, augment, contract, party and treasure cards (spec 000)",
    },
)
"""The declaration ``engine.hextech.plugin`` registers."""
