"""The words the console of a real table shows for what the players must do with the tiles (issue 31
item 3): each table effect of :data:`engine.hextech.vocabulary.PRIMITIVES` in the library's own terms
(lib 二.1), shown under the card's own text; the ends of durations (§6.5); the values a card asks for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.hextech.vocabulary import ArgValue

END = {"top": "顶部", "tail": "尾部"}
REORDER = {
    "any": "按任意顺序放回",
    "unchanged": "按原顺序放回",
    "chosen_on_top": "选择其中1张放到最上方，其余按任意顺序放回其下",
    "suit_on_top": "可以将其中1张所选花色的牌放到最上方，其余按任意顺序放回；若没有该花色，按原顺序放回",
}
REST = {
    "top": "其余放回顶部",
    "tail": "其余放回尾部",
    "bottom": "其余放到牌墙底部",
    "bottom_random": "其余随机放到牌墙底部",
}
AS = {"normal": "作为本次正常摸牌", "replacement": "作为补牌", "extra": "（该牌不能直接胡牌）"}
FILTER = {"any": "", "number": "数字", "honour": "字", "drawn": "刚摸到的", "pair": "成对的"}
UNTIL = {
    "this_discard": "本次弃牌结算完毕",
    "this_turn": "本回合结束",
    "next_turn_start": "你的下一回合开始",
    "next_turn_end": "你的下一回合结束",
    "next_discard": "你的下一次弃牌完成",
    "next_normal_discard": "你的下一次正常弃牌完成",
    "next_normal_draw": "你的下一次正常摸牌",
    "next_call_chance": "你下一次吃牌或碰牌机会结束",
    "next_win": "下一名玩家胡牌",
    "abandon_window": "统一弃约窗口出现",
    "round_end": "本局结束",
}
"""When a duration ends (§6.5, lib 二.1)."""
VALUE_WORDS = {
    "m": "万",
    "p": "筒",
    "s": "条",
    "chow": "顺子路线",
    "pung": "刻子路线",
    "chi": "不能吃牌",
    "pon": "不能碰牌",
}
"""How a chosen value reads."""
STATIC_WORDS = {
    "chi": "吃牌",
    "pon": "碰牌",
    "minkan": "明杠",
    "ankan": "暗杠",
    "kakan": "加杠",
    "call_discard": "吃、碰或杠弃牌",
    "discard_suit": "打出所选花色",
    "discard_outside_suit": "打出所选花色以外的牌",
    "discard_drawn": "在同一回合打出刚摸到的牌",
    "keep_drawn": "保留刚摸到的数字牌",
    "discard_repeat": "打出相同牌面",
    "hu_without_contract": "未完成契约胡牌",
    "change_contract": "更换契约",
}


def _n(args: Mapping[str, ArgValue], name: str, default: int = 1) -> int:
    value = args.get(name, default)
    return value if isinstance(value, int) else default


def _s(args: Mapping[str, ArgValue], name: str, default: str = "") -> str:
    return str(args.get(name, default))


def _look_and_reorder(args: Mapping[str, ArgValue]) -> str:
    public = "公开" if _s(args, "public") == "yes" else "查看"
    return f"{public}牌墙{END[_s(args, 'end', 'top')]}{_n(args, 'n')}张牌，{REORDER[_s(args, 'rule', 'any')]}"


def _look_and_take(args: Mapping[str, ArgValue]) -> str:
    suit = _s(args, "suit", "any")
    which = "" if suit == "any" else "所选花色的"
    text = (
        f"查看牌墙{END[_s(args, 'end', 'top')]}{_n(args, 'n')}张牌，选择{_n(args, 'take')}张{which}牌加入手牌"
        f"{AS[_s(args, 'as', 'extra')]}，{REST[_s(args, 'rest', 'top')]}"
    )
    return text + ("，再弃1张牌" if _s(args, "discard") == "yes" else "")


def _reveal(args: Mapping[str, ArgValue]) -> str:
    chooser = "随机" if _s(args, "chooser", "holder") == "random" else ""
    tiles = f"{_n(args, 'n')}张{FILTER.get(_s(args, 'filter', 'any'), '')}手牌"
    return f"{chooser}公开{tiles}，直到{UNTIL.get(_s(args, 'until', 'round_end'), '')}"


TABLE_TEXTS: dict[str, Callable[[Mapping[str, ArgValue]], str]] = {
    "look_and_reorder": _look_and_reorder,
    "look_and_take": _look_and_take,
    "draw_tile": lambda a: f"从牌墙{END[_s(a, 'end', 'top')]}摸1张牌{AS[_s(a, 'as', 'extra')]}",
    "put_bottom": lambda a: f"将1张{FILTER.get(_s(a, 'which', 'any'), '')}手牌背面朝上放到牌墙底部",
    "set_draw_end": lambda a: (
        f"下一次正常摸牌从牌墙{END[_s(a, 'end')]}摸" + ("，摸前查看该牌" if _s(a, "peek") == "yes" else "")
    ),
    "extra_tidy": lambda a: "进行一次额外整理：从牌墙顶部摸1张牌（不能直接胡牌），再弃1张牌",
    "discard": lambda a: "从手牌中弃出1张牌（可以被正常响应）",
    "retrieve": lambda a: (
        "从自己的牌河中取回"
        + ("最新弃出的1张牌" if _s(a, "which", "latest") == "latest" else "1张不是最新弃出的")
        + FILTER.get(_s(a, "filter", "any"), "")
        + ("牌" if _s(a, "which", "latest") != "latest" else "")
    ),
    "retract_discard": lambda a: "收回刚打出的牌，改为弃出另一张牌",
    "reveal": _reveal,
    "peek_private": lambda a: "指定玩家将手牌背面朝上洗混，你随机选择1张私下查看，然后立即归还",
    "scramble_hand": lambda a: "将手牌背面朝向其他玩家并自行洗混排列",
    "exchange": lambda a: "双方各选1张未公开手牌背面朝上，同时交换并加入手牌",
    "pass_all": lambda a: (
        "所有仍在游戏中的玩家各选1张未公开手牌背面朝上，同时交给顺时针下一名仍在游戏中的玩家"
    ),
    "swap_with_top": lambda a: (
        f"选择最多{_n(a, 'most', 3)}张手牌，与牌墙顶部同等数量的牌交换，换出的手牌随机放到牌墙底部"
    ),
}
"""What the players do for each table effect."""


def table_text(primitive: str, args: Mapping[str, ArgValue]) -> str:
    """The words of one table effect with its arguments."""
    return TABLE_TEXTS[primitive](args)


def until_text(until: str) -> str:
    """When a duration ends, in the library's words."""
    return UNTIL.get(until, until)
