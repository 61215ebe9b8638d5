"""The buttons a player of a real table has while the round waits for the table (issue 31 item 3): a
win always; the calls, kongs and flowers the cards in force need told, a chow from the upper player
and each discarder a call must name (:mod:`tools.physical.calls`), none a prohibition in force bars;
the triggers of a turn's moments the holder taps (one tap for fired and done where the card only has
the holder do something with the tiles, "cannot" beside it, R626); the uses an augment counts; the
ends of states; a designated tile kept (§7.5); a chip spent (§7.4); the wall's counts the cards name,
24 for the window and its end; "无人抢杠" or "继续" while a 加杠 or a discard's wins wait (§9.4, §12.3).
"""

from __future__ import annotations

from engine.core.seats import PLAYERS
from engine.core.tiles import name as tile_name
from engine.core.tiles import parse_one
from tools.physical.asks import Option
from tools.physical.calls import CHI, allowances, chi_allowances, forbidder, named, unnamed_left
from tools.physical.effects import CANNOT
from tools.physical.listening import (
    DESIGNATED_TURNS,
    LABELS,
    TOLD_BUTTONS,
    TURN_ENDS,
    Listener,
    in_force,
    told_buttons,
    turn_taps,
    wall_counts,
)
from tools.physical.state import TableState
from tools.physical.texts import until_text

CLOSE = "close"
"""The option that closes a discard's wins (一炮多响, §12.3) or lets a 加杠 stand (§9.4)."""
WALL = "wall "
"""The start of the option that tells the wall's drawable count (§10, §11 phase 6)."""


def buttons(st: TableState, player: int) -> list[str]:
    """The table events ``player`` tells: those the cards in force need, a chow while an augment lets
    them chow any player (its use is counted from the discarder), none a prohibition in force bars."""
    needed = set(told_buttons(st, player))
    if chi_allowances(st, player):
        needed.add(CHI)
    return [b for b in TOLD_BUTTONS if b in needed and forbidder(st, player, b) is None]


def event_options(st: TableState, player: int) -> list[Option]:
    """Every button ``player`` has while the round waits for the table."""
    if st.round is None or st.rnd.over or not st.in_game(player):
        return []
    names = {card.id: st.pool.texts[card.id].name for card, _ in in_force(st)}
    options = [Option("hu", LABELS["hu"])]
    for button in buttons(st, player):
        options += _call_options(st, player, button)
    for listener in turn_taps(st, player):
        options += _tap_options(listener, names.get(listener.card.id, listener.card.id))
    for card, _rule in allowances(st, player):
        options.append(Option(f"use {card.id}", f"使用 {names.get(card.id, card.id)}"))
    options += _lasting_options(st, player)
    for count in wall_counts(st):
        options.append(Option(f"{WALL}{count}", f"牌墙剩{count}张或更少" if count else WALL_END))
    if st.rnd.kakan is not None:
        options.append(Option(CLOSE, f"无人抢杠，{PLAYERS[st.rnd.kakan]} 的加杠成立"))
    elif st.rnd.ron_group:
        options.append(Option(CLOSE, "继续（没有其他人胡这张牌）"))
    return options


WALL_END = "牌墙摸完，本局结束（流局）"


def _call_options(st: TableState, player: int, button: str) -> list[Option]:
    """A call's buttons: a chow from the upper player and from each other an allowance lets the player
    chow; a pung or an exposed kong from each player a card names, and from any other."""
    label = LABELS[button]
    if button == CHI:
        upper = st.upper(player)
        shown = [Option(CHI, f"{label}（上家{PLAYERS[upper]}的牌）" if upper is not None else label)]
        return shown + [
            Option(f"{CHI} from {PLAYERS[o]}", f"{label}（{PLAYERS[o]}的牌）") for o in named(st, player, CHI)
        ]
    found = [
        Option(f"{button} from {PLAYERS[o]}", f"{label}（{PLAYERS[o]}的牌）")
        for o in named(st, player, button)
    ]
    if not found:
        return [Option(button, label)]
    if unnamed_left(st, player, button):
        found.append(Option(button, f"{label}（其他玩家的牌）"))
    return found


def _lasting_options(st: TableState, player: int) -> list[Option]:
    """A state that ends at a turn's moment ends when its holder taps (``end``); a designated tile kept
    at the check after a turn's discard or win, one copy or more (§7.5, ``tile``, R622); one chip
    discards one's lasting party card (§7.4, ``chip``)."""
    rnd = st.rnd
    options = []
    ending = sorted({u.source for u in rnd.until if u.holder == player and u.until in TURN_ENDS})
    for card_id in ending:
        until = next(
            u.until for u in rnd.until if u.holder == player and u.source == card_id and u.until in TURN_ENDS
        )
        options.append(Option(f"end {card_id}", f"{st.pool.texts[card_id].name} 结束（{until_text(until)}）"))
    for card_id, face, fired in rnd.designated.get(player, []):
        if fired < DESIGNATED_TURNS:
            name, tile = st.pool.texts[card_id].name, tile_name(parse_one(face))
            options.append(
                Option(f"tile {card_id} single", f"{name}：新取得的{tile}检查时仍在手中，共1张 → 单张动作")
            )
            options.append(
                Option(f"tile {card_id} double", f"{name}：检查时手中{tile}有2张或更多 → 双张动作")
            )
    party = rnd.lasting.get((player, "party"))
    if party is not None and st.chips.balance(player) > 0:
        options.append(Option(f"chip {party}", f"花费1枚筹码弃置 {st.pool.texts[party].name}"))
    return options


def _tap_options(listener: Listener, name: str) -> list[Option]:
    """A trigger's tap: "it fired", or, where all the card then has its holder do is with the tiles,
    "it fired and I did it" with "it fired but I could not" beside it (§6.8, R626)."""
    instruction = listener.instruction
    if not instruction:
        return [Option(listener.tap, f"{name}：{_tap_word(listener)}")]
    word = "使用了" if listener.hook is not None and listener.hook.optional else "触发了"
    return [
        Option(listener.tap, f"{name}：{word}，已完成（{instruction}）"),
        Option(f"{listener.tap} {CANNOT}", f"{name}：{word}，但无法执行"),
    ]


def _tap_word(listener: Listener) -> str:
    if listener.watch is not None:
        return "契约完成了" if listener.watch.outcome == "complete" else "契约失败了"
    return "我要使用" if listener.hook is not None and listener.hook.optional else "触发了"
