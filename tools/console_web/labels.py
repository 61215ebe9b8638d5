"""Every answer and question a phone shows, in Chinese words and drawn tiles, the same at a table of
any rule set (issue 30 item 3; R530).

A decision's options are the engine's plain strings (``discard 5m``, ``chi 345m``, ``keep``,
``S-12``, ``use S-05``, ``A``, ``3m 5m 7m``); :func:`label` gives each as a :class:`Label` — the
words a player reads, the tiles drawn after them and the card whose text the button opens — and
:func:`prompt` the question itself.  Words follow the rulebook's terms (吃 碰 杠 胡 过, 强化, 契约,
放弃窗口, §5, §9, §10, §12.4) and the party module's outcomes (§7.4, §17.4); a card is named by its
Chinese name, never its id; a word the tables below do not know is shown as it is, each tile in it
drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.seats import PLAYERS
from tools.console_web.messages import CARD_ID
from tools.console_web.tile_art import faces, tile_name

VERBS = {
    "discard": "打出",
    "ankan": "暗杠",
    "kakan": "加杠",
    "chi": "吃",
    "pon": "碰",
    "kong": "杠",
    "hu": "胡",
    "pass": "过",
}
"""The calls and turn actions of every rule set (standard rules 出牌; §10, §11)."""
WORDS = {
    "keep": "保留",
    "abandon": "放弃契约",
    "discard": "花费1枚筹码弃置",
    "m": "万",
    "p": "筒",
    "s": "条",
    "chow": "顺子路线",
    "pung": "刻子路线",
    "done": "完成",
    "alternative": "以替代动作完成",
    "refused": "拒绝（§17.4 无条件拒绝，不扣分）",
    "chip_skipped": "花费1枚筹码跳过",
    "failed": "未成功",
    "lost": "已进行，输了（算完成）",
}
"""The other one-word answers: the abandon window (§12.4), a suit, G-08's route, a party challenge's
outcome (§7.4, §17.4) and a lasting party card put away for a chip."""
TIERS = {"silver": "银色", "gold": "金色", "prismatic": "棱彩"}
DECKS = {"chance": "机遇牌", "party": "欢乐挑战牌"}
QUESTIONS = {
    "turn": "点一张牌，再点一次打出",
    "call": "要鸣牌吗",
    "rob_kong": "要抢杠吗",
    "abandon": "放弃窗口：保留还是放弃契约",
    "augment": "选择强化",
    "contract": "选择契约",
    "keep_lasting": "只能持有1张持续牌：保留哪一张",
    "choose": "请选择",
}


@dataclass(frozen=True)
class Label:
    """What a button or a question shows: its words, the tiles drawn after them, the card whose text
    it opens, and its tone (``win``, ``pass``, ``refuse``: how the bar colours it)."""

    words: str = ""
    tiles: tuple[str, ...] = ()
    card: str | None = None
    tone: str = ""


def card_name(card: str, cards: Mapping[str, Any]) -> str:
    """A card's Chinese name, as the library gives it (its id when the message does not name it)."""
    known = cards.get(card)
    return str(known["name"]) if isinstance(known, Mapping) else card


def _words(text: str, cards: Mapping[str, Any]) -> Label:
    """Any other answer: each card id as its name, each tile drawn, the rest as it is."""
    words: list[str] = []
    drawn: list[str] = []
    card = None
    for word in text.split():
        if CARD_ID.fullmatch(word):
            card = card or word
            words.append(f"「{card_name(word, cards)}」")
        elif faces(word) and tile_name(word):
            drawn.extend(faces(word))
        else:
            words.append(WORDS.get(word, word))
    return Label(" ".join(words), tuple(drawn), card)


def label(option: str, kind: str, about: str, cards: Mapping[str, Any], names: Mapping[str, str]) -> Label:
    """How the answer ``option`` to a decision of ``kind`` on ``about`` reads on a phone; ``names``
    the seats' nicknames (a card that picks a player, §17.2)."""
    verb, _, rest = option.partition(" ")
    if verb in VERBS and (kind in ("turn", "call", "rob_kong") or verb in ("pass", "hu")):
        return _action(verb, rest, kind, about)
    if option in PLAYERS:
        return Label(f"{option} · {names.get(option, option)}")
    if verb == "use" and CARD_ID.fullmatch(rest):
        return Label(f"使用「{card_name(rest, cards)}」", card=rest)
    if CARD_ID.fullmatch(option):
        return Label(card_name(option, cards), card=option)
    if option == "keep" and kind == "abandon":
        return Label("保留契约")
    known = WORDS.get(option)
    if known is not None:
        return Label(known, tone="refuse" if option == "refused" else "")
    return _words(option, cards)


def _action(verb: str, rest: str, kind: str, about: str) -> Label:
    """A turn's or a call's answer: 打出, 暗杠, 加杠, 吃, 碰, 杠, 胡, 过, with its tiles."""
    if verb == "pass":
        return Label("过", tone="pass")
    if verb == "hu":
        words = {"turn": "自摸", "rob_kong": "抢杠胡"}.get(kind, "胡")
        return Label(words, () if kind == "turn" else tuple(faces(about)), tone="win")
    if verb == "chi":
        return Label("吃", tuple(faces(rest)))
    if verb == "pon":
        return Label("碰", tuple(faces(about)) * 3)
    if verb == "kong":
        return Label("杠", tuple(faces(about)) * 4)
    return Label(VERBS[verb], tuple(faces(rest)))


def prompt(kind: str, about: str, cards: Mapping[str, Any]) -> Label:
    """The question a decision puts, in Chinese: what it is about drawn or named."""
    first, _, rest = about.partition(" ")
    if kind in ("call", "rob_kong"):
        return Label(QUESTIONS[kind], tuple(faces(about)))
    if kind == "augment":
        return Label(f"选择{TIERS.get(about, '')}强化")
    if kind == "keep_lasting":
        return Label(f"只能持有1张持续{DECKS.get(about, '牌').removesuffix('牌')}牌：保留哪一张")
    if kind == "turn" and first.startswith("card:"):
        card = first.removeprefix("card:")
        return Label(f"「{card_name(card, cards)}」：{QUESTIONS['turn']}", card=card)
    if first == "challenge" and rest:
        card = rest.split()[0]
        return Label(f"欢乐挑战「{card_name(card, cards)}」：结果如何", card=card)
    if first == "chip_discard" and rest:
        return Label(f"花费1枚筹码弃置持续牌「{card_name(rest, cards)}」吗", card=rest)
    if first == "keep" and rest.startswith("1 of "):
        deck = rest.removeprefix("1 of ")
        return Label(f"从抽到的{DECKS.get(deck, deck)}中保留1张")
    if CARD_ID.fullmatch(about):
        return Label(f"「{card_name(about, cards)}」：{QUESTIONS.get(kind, '请选择')}", card=about)
    return Label(QUESTIONS.get(kind, "请选择"))
