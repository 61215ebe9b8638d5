"""A trigger written on several events is one ability: one guard, one effect, one count of its limits
(docs/dsl.md "Abilities", R550; lib 七 G-08 频率 "每局1次")."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl import check_cards, compile_card, parse_text
from dsl.errors import CardCheckError
from dsl.formatter import format_text
from dsl.graph import card_steps
from dsl.lint import lint
from engine.hextech.vocabulary import LimitRule

TIDY = "when routed_melds(holder) == 2 and not is(kind, kakan) do extra_tidy()"
ONE_ABILITY = f"""
card G-99 "x" gold {{
  频率: "每局1次"
  卡面正文: "x"

  on round.started do choose_value(route, as: route)
  on meld.exposed | kong.established by holder {TIDY}
}}
"""


def test_one_written_trigger_on_two_events_compiles_to_hooks_of_one_ability_g08() -> None:
    """Both hooks carry the ability's index, so their limits count on the same counter; the augment's
    default (once per round, lib 二.2) is the ability's, not each event's."""
    (card,) = parse_text(ONE_ABILITY)
    compiled = compile_card(card)
    route, exposed, kong = compiled.hooks
    assert (exposed.event, kong.event) == ("meld.exposed", "kong.established")
    assert exposed.index == kong.index != route.index
    assert exposed.condition == kong.condition and exposed.steps == kong.steps
    assert exposed.limits == kong.limits == (LimitRule(1, "round"),)


def test_the_events_are_written_back_as_one_trigger() -> None:
    """``hexmj fmt`` keeps the events together, separated by `` | ``."""
    messy = ONE_ABILITY.replace("meld.exposed | kong.established", "meld.exposed|\n   kong.established")
    assert "  on meld.exposed | kong.established by holder when" in format_text(messy)
    assert format_text(format_text(messy)) == format_text(messy)


def test_a_field_one_of_the_events_lacks_is_refused_where_it_is_written() -> None:
    """The guard reads the events' common payload: ``reason`` is a field of ``contract.failed`` only."""
    text = """
card C-99 "x" contract {
  验证: "公开验证"
  卡面正文: "x"

  on contract.failed | contract.completed by holder when is(reason, abandoned) do draw_card(chance)
}
"""
    findings = check_cards(parse_text(text, "bad.hex"))
    assert [(d.code, d.location.line if d.location else 0) for d in findings] == [("BAD-ARGUMENT", 6)]
    with pytest.raises(CardCheckError):
        compile_card(parse_text(text)[0])


def test_a_misspelt_second_event_is_named_with_its_place() -> None:
    text = ONE_ABILITY.replace("| kong.established", "| kong.establish")
    (finding,) = check_cards(parse_text(text, "bad.hex"))
    assert finding.code == "UNKNOWN-EVENT" and "kong.establish" in finding.message
    assert finding.location is not None and (finding.location.line, finding.location.column) == (7, 21)


def test_lint_follows_every_event_of_the_trigger(tmp_path: Path) -> None:
    """The chain graph hears the ability on each of its events; its bound is the ability's count."""
    (card,) = parse_text(ONE_ABILITY)
    steps = card_steps(card)
    assert steps[1].listens == frozenset({"meld.exposed", "kong.established"})
    path = tmp_path / "g99.hex"
    path.write_text(ONE_ABILITY, encoding="utf-8")
    assert lint([path]).errors == 0
