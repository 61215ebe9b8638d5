"""The warning lines of §18.3 and what each says to adjust (可能调整), as data for ``hexmj tune``.

§18.3's table gives, per figure of a round, a warning line and the adjustment it suggests:

| 指标 | 建议警戒线 | 可能调整 |
| 机遇牌无效比例 | 超过20% | 调整时机或改为二选一 |
| 普通契约完成率 | 低于55%或高于85% | 调整条件或候选数量 |
| 黑色契约完成率 | 低于20%或高于55% | 调整限制或奖励 |

A :class:`Line` holds one of them for one kind of card: the figure (:mod:`tools.lab.seed_figures`),
its band, and the parts of a card an edit may touch in that direction (the roles of
:mod:`tools.lab.parameters`), whether a version may drop one of the card's prohibitions and whether it
may gain an option.  The number of candidates (候选数量) and a contract's reward (奖励) are the
rules' (§9.1, §13), not a card's: ``hexmj tune`` leaves them to the designer (R652).  Augments have
no §18.3 line; a designer gives one with ``--band FIGURE=LOW..HIGH`` (:func:`band`).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from engine.core.errors import InputError
from tools.lab.metrics import BLACK_BAND, CHANCE_UNEXECUTABLE_LIMIT, NORMAL_BAND, card_type
from tools.lab.parameters import Role
from tools.lab.seed_figures import CARD_FIGURES


class Line(BaseModel):
    """A figure's warning line for one kind of card and the directions an edit may take."""

    model_config = ConfigDict(frozen=True)

    kind: str
    figure: str
    low: float
    high: float
    text: str
    """The line as §18.3 (or the designer) gives it."""
    adjust: str
    """What §18.3 suggests adjusting (可能调整)."""
    roles: frozenset[Role]
    drop_restriction: bool = False
    add_option: bool = False


ALL_ROLES: frozenset[Role] = frozenset({"condition", "restriction", "effect", "limit", "timing"})

LINES: dict[str, Line] = {
    "chance": Line(
        kind="chance",
        figure="unexecutable",
        low=0.0,
        high=CHANCE_UNEXECUTABLE_LIMIT,
        text="机遇牌无效比例 超过20% (§18.3)",
        adjust="调整时机或改为二选一",
        roles=frozenset({"timing"}),
        add_option=True,
    ),
    "normal": Line(
        kind="normal",
        figure="completion",
        low=NORMAL_BAND[0],
        high=NORMAL_BAND[1],
        text="普通契约完成率 低于55%或高于85% (§18.3)",
        adjust="调整条件或候选数量",
        roles=frozenset({"condition"}),
    ),
    "black": Line(
        kind="black",
        figure="completion",
        low=BLACK_BAND[0],
        high=BLACK_BAND[1],
        text="黑色契约完成率 低于20%或高于55% (§18.3)",
        adjust="调整限制或奖励",
        roles=frozenset({"restriction", "condition"}),
        drop_restriction=True,
    ),
}
"""§18.3's lines by kind of card: a chance card, a normal contract, a black contract."""


def card_kind(card: str) -> str:
    """The kind of card a line is drawn for: ``chance``, ``normal``, ``black``, ``augment`` or the
    card's type."""
    kind = card_type(card)
    if kind == "contract":
        return "normal" if card.startswith("C") else "black"
    return kind


_BAND = re.compile(r"^(?P<figure>[a-z_]+)=(?P<low>-?\d+(?:\.\d+)?)\.\.(?P<high>-?\d+(?:\.\d+)?)$")


def band(text: str) -> Line:
    """An augment's line from ``--band FIGURE=LOW..HIGH`` (``score_advantage=-1..1``): the figure
    must be one an augment has; any part of the augment may be edited toward it."""
    found = _BAND.match(text.strip())
    if found is None:
        raise InputError(f"--band: {text!r} is not FIGURE=LOW..HIGH (e.g. score_advantage=-1..1)")
    figure, low, high = found["figure"], float(found["low"]), float(found["high"])
    if "augment" not in CARD_FIGURES.get(figure, ()):
        names = ", ".join(name for name, kinds in CARD_FIGURES.items() if "augment" in kinds)
        raise InputError(f"--band: {figure!r} is not a figure of an augment (one of {names})")
    if low > high:
        raise InputError(f"--band: {text!r}: LOW is above HIGH")
    return Line(
        kind="augment",
        figure=figure,
        low=low,
        high=high,
        text=f"{figure} {found['low']}..{found['high']} (--band)",
        adjust="the designer's band: any number, limit or timing of the augment",
        roles=ALL_ROLES,
    )
