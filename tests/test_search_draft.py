"""The search agent drafts its augments by the same evaluation as its contracts (issue 15, §5.2): the
offered augments are imagined held over imagined deals, a granted shape completing the hands it
completes and the engine's scorer scoring them (:mod:`engine.agents.hextech.drafting`)."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from engine.agents.bots import GreedyBot
from engine.agents.hextech import choices, drafting
from engine.agents.search import SearchBot
from engine.core.decisions import Decision
from engine.core.tiles import parse
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.view import BLIND, PlayerView, with_parts
from engine.hextech.vocabulary import CompiledCard
from tools.hextech_session import session_cards


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    cards, _ = session_cards("all")
    return {card.id: card for card in cards}


def drafted(view: PlayerView, offer: Decision, seeds: int = 4) -> set[str]:
    return {SearchBot(random.Random(seed), 64).decide(view, offer) for seed in range(seeds)}


def draft(*options: str) -> Decision:
    return Decision(HextechKind.AUGMENT, 0, options, "gold")


def test_an_augment_whose_shape_wins_more_rounds_is_drafted_over_a_higher_card_value_s5_2(
    library: Mapping[str, CompiledCard],
) -> None:
    """G-08 (a route's extra tidies) tops the card-value table among the golds, and greedy keeps it
    against G-01 (门清协议: a number tile shifted by one in a chow); imagined deals find G-01's
    shape completing hands one exchange short, so search drafts G-01, every seed and either order."""
    view = with_parts(BLIND, cards=library)
    assert choices.card_value(library["G-08"]) > choices.card_value(library["G-01"])
    assert GreedyBot(random.Random(1)).decide(view, draft("G-08", "G-01")) == "G-08"
    assert drafted(view, draft("G-08", "G-01")) == {"G-01"}
    assert drafted(view, draft("G-01", "G-08")) == {"G-01"}


def test_a_shape_the_imagined_rounds_rarely_use_or_no_shape_leaves_the_card_value_order_s5_2(
    library: Mapping[str, CompiledCard],
) -> None:
    """Controls: G-03 (two different honours as a pair) completes too few imagined hands to beat G-08
    clearly, and G-02 grants no shape (its triggered tidy values alike on every imagined round): G-08,
    the higher card value, is drafted in both."""
    view = with_parts(BLIND, cards=library)
    assert drafted(view, draft("G-08", "G-03")) == {"G-08"}
    assert drafted(view, draft("G-02", "G-08")) == {"G-08"}


def test_a_granted_shape_completes_an_imagined_hand_the_plain_reading_does_not_lib_seven(
    library: Mapping[str, CompiledCard],
) -> None:
    """G-01's adjacent shift completes 124m (4m read as 3m) with 456p 789s 111z 55z; without the
    grant the hand is one exchange short, and the grants reach one exchange (GRANT_REACH)."""
    counts = [0] * 34
    for k in parse("124m456p789s111z55z"):
        counts[k] += 1
    grants = library["G-01"].grants
    assert drafting.granted_complete(bytes(counts), grants)
    assert not drafting.granted_complete(bytes(counts), library["G-03"].grants)
    assert drafting.reach(grants) == 1 and drafting.reach(()) == 0


def test_imagined_deals_are_fixed_by_their_seed_s5_2(library: Mapping[str, CompiledCard]) -> None:
    """The same seed deals and plays the same imagined rounds; each deal ends no later with a grant
    held than without it."""
    held = [(), library["G-01"].grants]
    first = drafting.imagined_deals(random.Random(7), 32, held)
    assert first == drafting.imagined_deals(random.Random(7), 32, held)
    for plain, shifted in first:
        if plain.complete is not None:
            assert shifted.complete is not None and shifted.step <= plain.step
