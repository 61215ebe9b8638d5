"""The pools of the three modes (§3, lib 十二.1): 138, 176 and 192 cards, linked cards with their module."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from pools_lint_cli import run_hexmj

from dsl.loader import load_cards
from dsl.pool_files import PoolSpec
from dsl.pools import DEFAULT_POOL_FILE, build_pool, pool_cards
from engine.core.errors import InputError
from engine.hextech.plugins import installed_modules

PARTY_LINKED = {"W-14", "O-C09", "S-17"}
TREASURE_LINKED = {"W-13", "O-X09", "S-16", "P-14", "C-24", "F-S01"}


def ids(mode: str) -> set[str]:
    return {card.id for card in pool_cards(mode)}


@pytest.mark.parametrize(("mode", "count"), [("strategy", 138), ("party", 176), ("all", 192)])
def test_mode_sizes_follow_section_3(mode: str, count: int) -> None:
    """§3: 策略模式 138, 聚会模式 176, 全模块模式 192, one version of each card."""
    cards = pool_cards(mode)
    assert len(cards) == count
    assert len({card.base_id for card in cards}) == count


def test_strategy_removes_party_treasure_and_every_linked_card() -> None:
    """§3: strategy drops the F and T cards and the nine module-linked cards."""
    strategy = ids("strategy")
    assert not any(card_id.startswith(("F-", "T-")) for card_id in strategy)
    assert not (PARTY_LINKED | TREASURE_LINKED) & strategy


def test_party_mode_adds_35_challenges_and_3_linked_cards() -> None:
    """§3: party = strategy + 35 party cards (F-S01 stays out with treasure) + W-14, O-C09, S-17."""
    party = ids("party")
    added = party - ids("strategy")
    assert {card_id for card_id in added if card_id.startswith("F-")} == {
        card_id for card_id in ids("all") if card_id.startswith("F-")
    } - {"F-S01"}
    assert added - {card_id for card_id in added if card_id.startswith("F-")} == PARTY_LINKED
    assert not TREASURE_LINKED & party


def test_all_mode_holds_every_card_in_library_order() -> None:
    """§3: 全模块模式 uses every card; the order is the library's (lib 一)."""
    cards = [card.id for card in pool_cards("all")]
    assert cards[0] == "W-01" and cards[-1] == "T-10"
    assert cards.index("O-X09") < cards.index("F-T01") < cards.index("S-01") < cards.index("B-16")


def test_modes_come_from_the_registry_not_from_ids() -> None:
    """§3 via the registry: a registry whose party module also runs in strategy gives strategy 176."""
    registry = [
        replace(module, modes=(*module.modes, "strategy")) if module.name == "party" else module
        for module in installed_modules()
    ]
    pooled = build_pool(load_cards(), "strategy", PoolSpec(path=DEFAULT_POOL_FILE), registry)
    assert len(pooled) == 176


def test_unknown_mode_is_an_input_error() -> None:
    """§3 names three modes only."""
    with pytest.raises(InputError, match="unknown mode 'chaos'"):
        pool_cards("chaos")


def test_pool_command_json_is_stable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`hexmj pool --mode party --json`: {"mode", "cards"} in library order (§3)."""
    code, out, _ = run_hexmj(["pool", "--mode", "party", "--json"], monkeypatch, capsys)
    assert code == 0
    printed = json.loads(out)
    assert printed["mode"] == "party"
    assert printed["cards"] == [card.id for card in pool_cards("party")]
    assert len(printed["cards"]) == 176


def test_pool_command_table_groups_by_type(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table names each type with the library's word and its count: 16 世界牌 in all mode."""
    code, out, _ = run_hexmj(["pool", "--mode", "all"], monkeypatch, capsys)
    assert code == 0
    assert "世界牌" in out and "宝牌令" in out and "192" in out


def test_pool_command_bad_mode_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad mode is a usage error: one line on stderr, exit 2, no traceback."""
    code, _, err = run_hexmj(["pool", "--mode", "chaos"], monkeypatch, capsys)
    assert code == 2
    assert err.strip().count("\n") == 0 and "chaos" in err and "Traceback" not in err


def test_module_removals_leave_before_shuffling() -> None:
    """§6.12: base ids an enabled module takes out (hexmj_pool_removals) are not in the pool."""
    pooled = build_pool(
        load_cards(), "all", PoolSpec(path=DEFAULT_POOL_FILE), installed_modules(), frozenset({"B-15"})
    )
    assert len(pooled) == 191 and "B-15" not in {card.id for card in pooled}
