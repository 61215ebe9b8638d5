"""Which drawn cards are lasting, and until when: the card's own 持续时间 (§6.5, §6.9, §7.2, §7.3).

§6.9 limits each player to one lasting chance card ("立即执行的机遇牌不占用该上限") and §7.3 to one
lasting party challenge; what makes a card lasting is its text, not the shape of its program: a card
whose library fields give a 持续时间 takes its holder's slot until the duration it names ends (or
until it is used up, ``engine.hextech.card_runtime``), and a designated-tile challenge lies before its holder
for the rest of the round (§7.5, "持续到本局结束").  The phrases are the library's own (lib 四, 五);
any other 持续时间 lasts the rest of the round (R132).
"""

from __future__ import annotations

from engine.hextech import vocabulary as v
from engine.hextech.words import PRIMITIVES

AFTER_ROUND = "round_end"
"""The rest of the round (``engine.hextech.vocabulary.DURATIONS``)."""
SLOT_FIELD = "持续时间"
"""The library field that states how long a card lasts."""

DURATION_PHRASES: tuple[tuple[str, str], ...] = (
    ("下一回合开始", "next_turn_start"),
    ("下一回合结束", "next_turn_end"),
    ("下一次正常弃牌完成", "next_normal_discard"),
    ("下一次弃牌完成", "next_discard"),
    ("下一次正常摸牌", "next_normal_draw"),
    ("吃牌或碰牌机会结束", "next_call_chance"),
    ("下一名玩家胡牌", "next_win"),
)
"""A 持续时间 phrase and the duration (``engine.hextech.vocabulary.DURATIONS``) it names, first match wins;
"直到本局结束", "本局内", "你的下两次正常摸牌" last the round, ending early when used up."""


def slot_duration(fields: dict[str, str], resolution: v.Program) -> str | None:
    """The duration a drawn card holds its holder's lasting slot for; ``None`` for an immediate card."""
    text = fields.get(SLOT_FIELD)
    if text is not None:
        return next((until for phrase, until in DURATION_PHRASES if phrase in text), AFTER_ROUND)
    if any(isinstance(step, v.PrimitiveStep) and _lies_before_holder(step) for step in resolution):
        return AFTER_ROUND
    return None


def _lies_before_holder(step: v.PrimitiveStep) -> bool:
    spec = PRIMITIVES.get(step.primitive)
    return spec is not None and spec.lasting
