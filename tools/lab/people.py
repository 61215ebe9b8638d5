"""People beside bots: §18.3's figures of the sessions played at real tables next to the simulated
ones of the same pool and card versions, with their 95 % intervals and §18.3's warning lines (issue
31 item 7).

§18.3 asks a host to record, each round, its time, the rule look-ups, the chance cards that could not
be done, the completion of normal and black contracts, the missed triggers, and the wall when each
winner appeared; it names a warning line for six of them and what may be adjusted when a line is
crossed (可能调整).  A table session (source ``table``) gives every figure; a simulated one gives those
the engine can count (a bot never looks up a rule, never misses a trigger, takes no time).  Records
of other card versions, another length (a 4-round test session) or another mode never meet (§16,
§18.4); the two sources are shown side by side and never pooled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from engine.core.errors import InputError
from tools.lab.records import Cohort, SessionRecord
from tools.lab.stats import Estimate, mean_of_moments, rate, share

SECONDS_PER_MINUTE = 60
PLAYERS = 4


@dataclass(frozen=True)
class Line:
    """One row of §18.3's table: the figure (指标), its warning line (建议警戒线), what may be adjusted
    (可能调整), the test of a value crossing it, and whether a simulation can give it."""

    key: str
    figure: str
    warning: str
    adjust: str
    crosses: Callable[[float], bool]
    simulated: bool


LINES: tuple[Line, ...] = (
    Line(
        "round_minutes", "单局用时（分钟）", "超过35分钟", "减少群体机遇和持续任务", lambda v: v > 35, False
    ),
    Line("lookups", "每局查规则次数", "超过6次", "缩短卡面或减少例外", lambda v: v > 6, False),
    Line(
        "chance_unexecutable", "机遇牌无效比例", "超过20%", "调整时机或改为二选一", lambda v: v > 0.20, True
    ),
    Line(
        "normal_completion",
        "普通契约完成率",
        "低于55%或高于85%",
        "调整条件或候选数量",
        lambda v: not 0.55 <= v <= 0.85,
        True,
    ),
    Line(
        "black_completion",
        "黑色契约完成率",
        "低于20%或高于55%",
        "调整限制或奖励",
        lambda v: not 0.20 <= v <= 0.55,
        True,
    ),
    Line(
        "missed",
        "漏触发次数（每人每局）",
        "每人每局超过1次",
        "减少持续状态并增加标记",
        lambda v: v > 1,
        False,
    ),
)
"""§18.3's table, row by row."""
RECORDED: tuple[tuple[str, str, bool], ...] = (
    ("disputes", "规则争议（每局）", False),
    ("wall_first", "第一名胡牌时的牌墙余量", True),
    ("wall_second", "第二名胡牌时的牌墙余量", True),
    ("wall_third", "第三名胡牌时的牌墙余量", True),
)
"""What §18.3 asks to record besides its table (规则争议, 三名胡牌玩家出现时的牌墙余量)."""


class Row(BaseModel):
    """One figure: the table sessions' and the simulated ones' estimates, the warning line, what may
    be adjusted, and which of the two cross the line (``table``, ``simulate``)."""

    model_config = ConfigDict(frozen=True)

    key: str
    figure: str
    warning: str
    adjust: str
    table: Estimate
    simulated: Estimate | None
    crossed: tuple[str, ...]


class Comparison(BaseModel):
    """The figures of one cohort's table sessions beside its simulated ones."""

    model_config = ConfigDict(frozen=True)

    cohort: Cohort
    table_sessions: int
    simulated_sessions: int
    rows: tuple[Row, ...]


def _mean(values: Sequence[int]) -> Estimate:
    return mean_of_moments(len(values), sum(values), sum(v * v for v in values))


def _rate(values: Sequence[int]) -> Estimate:
    return rate(len(values), sum(values), sum(v * v for v in values))


def _scaled(e: Estimate, by: float) -> Estimate:
    """An estimate in other units (seconds to minutes)."""

    def div(x: float | None) -> float | None:
        return None if x is None else round(x / by, 3)

    return e.model_copy(
        update={"value": div(e.value), "low": div(e.low), "high": div(e.high), "se": div(e.se)}
    )


def figures(records: Iterable[SessionRecord]) -> dict[str, Estimate]:
    """§18.3's figures over the rounds of ``records``; the table's own are empty for simulated ones."""
    seconds: list[int] = []
    lookups: list[int] = []
    missed: list[int] = []
    disputes: list[int] = []
    walls: tuple[list[int], list[int], list[int]] = ([], [], [])
    chance = [0, 0]
    normal = [0, 0]
    black = [0, 0]
    for record in records:
        for rnd in record.played:
            if rnd.table is not None:
                seconds.append(rnd.table.seconds)
                lookups.append(rnd.table.lookups)
                disputes.append(len(rnd.table.disputes))
                per_player = [0] * PLAYERS
                for miss in rnd.table.missed:
                    per_player[miss.player] += 1
                missed += per_player
            for win in rnd.wins:
                walls[win.order - 1].append(win.wall_left)
            for card in rnd.drawn:
                if card.deck == "chance":
                    chance[0] += card.unexecutable
                    chance[1] += 1
            for seat in rnd.players:
                if seat.contract is not None:
                    tally = normal if seat.contract.kind == "normal" else black
                    tally[0] += seat.contract.completed
                    tally[1] += 1
    return {
        "round_minutes": _scaled(_mean(seconds), SECONDS_PER_MINUTE),
        "lookups": _rate(lookups),
        "chance_unexecutable": share(chance[0], chance[1]),
        "normal_completion": share(normal[0], normal[1]),
        "black_completion": share(black[0], black[1]),
        "missed": _rate(missed),
        "disputes": _rate(disputes),
        "wall_first": _mean(walls[0]),
        "wall_second": _mean(walls[1]),
        "wall_third": _mean(walls[2]),
    }


def _crossed(line: Line, estimates: dict[str, Estimate | None]) -> tuple[str, ...]:
    return tuple(
        source
        for source, e in estimates.items()
        if e is not None and e.value is not None and line.crosses(e.value)
    )


def compare(table: Sequence[SessionRecord], simulated: Sequence[SessionRecord]) -> Comparison:
    """The table sessions' figures beside the simulated ones' of the same cohort; a record of another
    cohort, or of the wrong source, is refused (§16, §18.4)."""
    if not table:
        raise InputError("no table session to report on")
    cohort = table[0].cohort
    for record in (*table, *simulated):
        if record.cohort != cohort:
            raise InputError(
                "records of different card versions, session lengths or modes never meet (§16, §18.4)"
            )
    if any(r.source != "table" for r in table) or any(r.source != "simulate" for r in simulated):
        raise InputError("a table session is compared only with simulated ones, never pooled (§18.3)")
    ours = figures(table)
    theirs = figures(simulated) if simulated else {}
    rows = []
    for line in LINES:
        sim = theirs.get(line.key) if line.simulated else None
        rows.append(
            Row(
                key=line.key,
                figure=line.figure,
                warning=line.warning,
                adjust=line.adjust,
                table=ours[line.key],
                simulated=sim,
                crossed=_crossed(line, {"table": ours[line.key], "simulate": sim}),
            )
        )
    for key, name, simulated_too in RECORDED:
        sim = theirs.get(key) if simulated_too else None
        rows.append(
            Row(key=key, figure=name, warning="", adjust="", table=ours[key], simulated=sim, crossed=())
        )
    return Comparison(
        cohort=cohort, table_sessions=len(table), simulated_sessions=len(simulated), rows=tuple(rows)
    )
