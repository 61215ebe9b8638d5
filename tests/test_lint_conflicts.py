"""Priority conflicts (§15, §9.7): a permission and a prohibition of one action, and who wins."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.conflicts import Ruling, card_rules, find_conflicts, load_rulings
from dsl.lint import lint
from dsl.loader import load_cards
from dsl.parser import parse_text
from engine.core.errors import InputError

ALLOW_ANY = (
    'card G-91 "皆可吃" gold {\n  频率: "每局1次"\n  卡面正文: "x"\n  allow chi(from: any) for holder\n}\n'
)


def test_contract_ban_beats_chi_permission_in_shipped_cards() -> None:
    """§9.7's example: B-01 forbids chi while G-04, G-13, P-03 allow it; B-01 (L3) wins over L4."""
    [finding] = [f for f in lint().findings if f.cards[0] == "B-01" and "chi" in f.message]
    assert finding.severity == "warning"
    assert {"G-04", "G-13", "P-03"} <= set(finding.cards)
    assert "B-01 wins" in finding.message and "L3" in finding.message


def test_ruling_overrides_section_15_order_for_chance_bans() -> None:
    """§15 last resort: O-N02 (L7) still bans chi for a G-04 (L4) holder, by the ruling's data."""
    [finding] = [f for f in lint().findings if f.cards[0] == "O-N02" and "allow chi" in f.message]
    assert "O-N02 wins" in finding.message and "pair 2" in finding.message


def test_cross_level_without_ruling_follows_section_15(tmp_path: Path) -> None:
    """§15: a world card's ban (L6) loses to an augment's permission (L4) when no ruling says otherwise."""
    world = 'card W-91 "禁吃" world {\n  触发者: "x"\n  卡面正文: "y"\n  forbid chi for all\n}\n'
    path = tmp_path / "cards.hex"
    path.write_text(ALLOW_ANY + world, encoding="utf-8")
    [finding] = lint([path]).findings
    assert (finding.severity, finding.cards) == ("warning", ("W-91", "G-91"))
    assert "G-91 wins (§15: L4 强化海克斯 over L6 世界牌)" in finding.message


def test_same_level_needs_a_ruling() -> None:
    """§15 cannot order two augments; a ruling in the data decides, else the pair is an error."""
    ban = 'card S-91 "不许吃" silver {\n  频率: "每局1次"\n  卡面正文: "y"\n  forbid chi for holder\n}\n'
    rules = [rule for card in parse_text(ALLOW_ANY + ban) for rule in card_rules(card)]
    [undecided] = find_conflicts(rules, [])
    assert undecided.winner is None and "no ruling" in undecided.basis
    ruling = Ruling("chi", frozenset({"G-91"}), frozenset({"S-91"}), "forbid", "§15 last resort", "test")
    [decided] = find_conflicts(rules, [ruling])
    assert decided.winner == "forbid" and decided.basis == "§15 last resort: test"


def test_safe_discard_covers_chi() -> None:
    """lib 二.1 安全弃牌: O-X07's uncallable discards answer the chi question too."""
    rules = [rule for card in load_cards() if card.id in {"O-X07", "G-04"} for rule in card_rules(card)]
    [conflict] = find_conflicts(rules, load_rulings())
    assert (conflict.forbid.card, conflict.allow.card, conflict.winner) == ("O-X07", "G-04", "forbid")


def test_malformed_rulings_name_the_line(tmp_path: Path) -> None:
    """A ruling without its fields is a clear input error at its YAML line."""
    path = tmp_path / "rulings.yaml"
    path.write_text("- action: chi\n  allow: [G-04]\n  forbid: [O-N02]\n  winner: forbid\n- action: pon\n")
    with pytest.raises(InputError, match=r"rulings.yaml:1: a ruling needs"):
        load_rulings(path)
