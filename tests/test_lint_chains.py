"""Trigger chains (§6.7, §14.6, lib 二.2): what bounds a loop; the module combinations lint checks (§3)."""

from __future__ import annotations

from pathlib import Path

from dsl.graph import Step, endless_chains
from dsl.lint import lint, module_combinations
from engine.hextech.plugins import installed_modules

DRAWER = 'card S-91 "无尽摸" silver {{\n  频率: "每次"\n  卡面正文: "x"\n  {ability}\n}}\n'
DISCARDER = (
    'card G-91 "无尽弃" gold {\n  频率: "每次"\n  卡面正文: "y"\n'
    "  on tile.acquired limit none do discard()\n}\n"
)


def codes(tmp_path: Path, text: str) -> list[str]:
    return [finding.code for finding in lint([_write(tmp_path, text)]).findings]


def test_unlimited_two_card_loop_is_an_error(tmp_path: Path) -> None:
    """Two `limit none` triggers feeding each other: an endless chain naming both cards."""
    drawer = DRAWER.format(ability="on discard.settled limit none do draw_tile()")
    report = lint([_write(tmp_path, drawer + DISCARDER)])
    [finding] = report.findings
    assert (finding.code, finding.cards) == ("LOOP", ("G-91", "S-91"))
    assert "the core alone" in finding.message


def test_a_limit_breaks_the_loop(tmp_path: Path) -> None:
    """lib 二.2: a step used at most once per round cannot repeat without end."""
    drawer = DRAWER.format(ability="on discard.settled limit 1 per round do draw_tile()")
    assert codes(tmp_path, drawer + DISCARDER) == []


def test_the_default_limit_breaks_the_loop(tmp_path: Path) -> None:
    """lib 二.2: an effect with no written count is once per round."""
    drawer = DRAWER.format(ability="on discard.settled do draw_tile()")
    assert codes(tmp_path, drawer + DISCARDER) == []


def test_a_world_card_breaks_the_loop(tmp_path: Path) -> None:
    """§6.7, §14.6: card-caused events never trigger a world card, whatever its limit."""
    world = (
        'card W-91 "世界" world {\n  触发者: "x"\n  卡面正文: "x"\n'
        "  on discard.settled limit none do draw_tile()\n}\n"
    )
    assert codes(tmp_path, world + DISCARDER) == []


def test_one_card_alone_never_loops(tmp_path: Path) -> None:
    """lib 二.2: a card never retriggers itself, so its own loop is bounded."""
    drawer = DRAWER.format(ability="on tile.acquired limit none do draw_tile()")
    assert codes(tmp_path, drawer) == []


def test_own_guard_breaks_a_drawn_card_loop(tmp_path: Path) -> None:
    """O-X06's guard: a card it draws cannot trigger it again; with P-07's `limit none` replacement."""
    p07 = (
        'card P-91 "双重" prismatic {\n  频率: "每次"\n  卡面正文: "x"\n'
        "  instead of chance.draw by holder limit none do draw_keep(chance, n: 2, keep: 1)\n}\n"
    )
    relay = 'card O-X91 "接力" chance chaos {{\n  卡面正文: "x"\n  resolve do draw_card(chance)\n{guard}}}\n'
    assert codes(tmp_path, p07 + relay.format(guard="")) == ["LOOP"]
    guard = "  on chance.drawn when is(source, self) do redraw()\n"
    assert codes(tmp_path, p07 + relay.format(guard=guard)) == []


def test_chain_reported_in_the_smallest_module_combination(tmp_path: Path) -> None:
    """§3: a loop that needs the party module is reported for "modules party", not the core."""
    drawer = DRAWER.format(ability="on discard.settled limit none do draw_tile()").replace(
        'silver {\n  频率: "每次"', 'silver module party {\n  标签: "欢乐挑战模块"\n  频率: "每次"'
    )
    report = lint([_write(tmp_path, drawer + DISCARDER)])
    assert [(f.code, "modules party" in f.message) for f in report.findings] == [("LOOP", True)]


def test_module_combinations_start_with_the_core() -> None:
    """§3: the core alone, each module alone, then both."""
    assert module_combinations(installed_modules()) == [
        frozenset(),
        frozenset({"party"}),
        frozenset({"treasure"}),
        frozenset({"party", "treasure"}),
    ]


def test_endless_chains_on_plain_steps() -> None:
    """The graph algorithm alone: bounded steps drop out; a cycle of two unbounded cards remains."""
    a = Step("A", "A", 0, frozenset({"e1"}), frozenset({"e2"}))
    b = Step("B", "B", 0, frozenset({"e2"}), frozenset({"e1"}))
    assert [chain.cards for chain in endless_chains([a, b])] == [("A", "B")]
    bounded = Step("B", "B", 0, frozenset({"e2"}), frozenset({"e1"}), bound="limit 1 per round")
    assert endless_chains([a, bounded]) == []


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.hex"
    path.write_text(text, encoding="utf-8")
    return path
