"""The table options of the 红中 rules (spec 003 特殊玩法; docs/rulings.md R450).

Their defaults are the document's body: a discard may be won on and its discarder alone pays (谁点炮
谁付钱), 报警 is played (the body gives its three cases), and the extra 番 of 天/地胡 and 杠后开花 are
off (额外加5番 is what choosing them adds).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.ruleset import Option, OptionValue

DISCARD_WIN = "discard_win"
ALL_THREE_PAY = "all_three_pay"
ALARM = "alarm"
HEAVEN_EARTH_BONUS = "heaven_earth_bonus"
KONG_BLOOM_BONUS = "kong_bloom_bonus"

OPTIONS: tuple[Option, ...] = (
    Option(DISCARD_WIN, True, "可点炮胡：不选只能自摸胡 (off: a win by self-draw only)", label="可点炮胡"),
    Option(ALL_THREE_PAY, False, "胡牌赢3家：选中后点炮和自摸胡牌，都是3家付银子", label="胡牌赢3家"),
    Option(ALARM, True, "报警：选中后有报警规则 (the three warnings and 包牌)", label="报警"),
    Option(HEAVEN_EARTH_BONUS, False, "天/地胡加番：选中后打出天/地胡额外加5番", label="天/地胡加番"),
    Option(KONG_BLOOM_BONUS, False, "杠后开花加番：选中后打出杠后开花额外加5番", label="杠后开花加番"),
)
_DEFAULTS: dict[str, OptionValue] = {option.name: option.default for option in OPTIONS}


def chosen(options: Mapping[str, OptionValue], name: str) -> bool:
    """Whether the option ``name`` is chosen: its value in ``options``, else its default."""
    return bool(options.get(name, _DEFAULTS[name]))
