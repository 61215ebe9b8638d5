"""``Scenario`` with a card table (issue 12 item 2): the library's contracts are watched
whether held or chosen from the offer, and a stacked deck may hold a second copy of a card (§3)."""

from __future__ import annotations

import pytest

from dsl.example_run import card_library
from engine.hextech.scenario import Scenario
from engine.hextech.state import ContractStatus


def test_a_contract_chosen_from_the_offer_completes_s9_1_s9_5() -> None:
    """§9.1, lib 九 C-12: A is offered C-12, C-01, B-01 and keeps C-12; A's concealed kong completes it."""
    sc = Scenario(
        hands={"A": "1111m345p789s1122z"},
        tail="9p",
        library=card_library(),
        offered={"A": ["C-12", "C-01", "B-01"], "B": ["C-02", "C-03", "B-02"]},
    )
    assert sc.pending is not None and sc.pending.options == ("C-12", "C-01", "B-01")
    sc.advance("C-12", "C-02", "ankan 1m")
    assert sc.player("A").contract == "C-12"
    assert sc.player("A").contract_status is ContractStatus.COMPLETED
    assert "contract.completed" in sc.names()


def test_a_card_outside_the_library_is_refused_not_left_unwatched() -> None:
    """The control: without the card library the same offer is refused at once, where it used to be
    registered against nothing and never complete."""
    with pytest.raises(ValueError, match="C-12 is not in the card library"):
        Scenario(hands={"A": "1111m345p789s1122z"}, offered={"A": ["C-12", "C-01", "B-01"]})


def test_a_stacked_deck_deals_a_second_copy_s3() -> None:
    """§3 复本包: a card written twice in a stacked deck is two copies, dealt in the order written."""
    sc = Scenario(
        hands={"A": "1111m2222m345p111s"},
        tail="9p9s",
        library=card_library(),
        world="W-08",
        chance=["O-P03", "O-P03", "O-P01", "O-P03"],
    )
    sc.finish()
    assert sc.drawn_cards()[:4] == [("O-P03", 0), ("O-P03", 1), ("O-P01", 2), ("O-P03", 3)]
