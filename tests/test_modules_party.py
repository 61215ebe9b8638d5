"""The party module: chips, outcomes and the F-T template (§7, §16, §17, lib 二.3, 二.4)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalActionError
from engine.core.tiles import instances_of, parse_one
from modules.party.challenges import ChallengePolicy, Outcome, settle
from modules.party.chips import ChipLedger, SpendPurpose, party_stars
from modules.party.designated import DesignatedAction, DesignatedTile

SEVEN_MAN = parse_one("7m")
COPIES = instances_of(SEVEN_MAN)
OTHER = instances_of(parse_one("1s"))


def _ledger() -> ChipLedger:
    return ChipLedger.for_players(("A", "B", "C", "D"))


def test_a_completed_challenge_earns_the_cards_chips() -> None:
    """§7.1, F-I05: completing earns the card's chips; the alternative action counts as done (lib 二.3)."""
    ledger = _ledger()
    settle(ledger, "F-I05", 0, Outcome.DONE, 1, round_no=1)
    settle(ledger, "F-I05", 1, Outcome.ALTERNATIVE, 1, round_no=1)
    assert ledger.balances() == (1, 1, 0, 0)


def test_refusing_is_free_and_failing_earns_nothing() -> None:
    """§17.4: refusal costs nothing; F-I07: a failure earns nothing."""
    ledger = _ledger()
    settle(ledger, "F-I04", 2, Outcome.REFUSED, 1, round_no=1)
    settle(ledger, "F-I07", 2, Outcome.FAILED, 1, round_no=1)
    assert ledger.balance(2) == 0


def test_a_chip_skip_costs_one_chip() -> None:
    """§7.4: spending 1 chip skips one's current challenge."""
    ledger = _ledger()
    ledger.earn(3, 2, "F-S04", round_no=1)
    result = settle(ledger, "F-I01", 3, Outcome.CHIP_SKIPPED, 1, round_no=2)
    assert (result.chips, ledger.balance(3)) == (-1, 1)


def test_no_chip_no_skip() -> None:
    """§7.4: a player without a chip cannot pay for a skip (he may still refuse for free)."""
    with pytest.raises(IllegalActionError, match="no chip"):
        settle(_ledger(), "F-I01", 0, Outcome.CHIP_SKIPPED, 1, round_no=1)


def test_a_chip_discards_ones_lasting_challenge() -> None:
    """§7.4: one chip discards one's own lasting challenge; without a chip it cannot be bought."""
    ledger = _ledger()
    ledger.earn(0, 1, "F-I05", round_no=1)
    ledger.spend(0, SpendPurpose.DISCARD_LASTING, "F-R05", round_no=1)
    assert (ledger.balance(0), ledger.entries[-1].reason) == (0, "discard_lasting")
    with pytest.raises(IllegalActionError, match="no chip"):
        ledger.spend(0, SpendPurpose.DISCARD_LASTING, "F-R05", round_no=1)


def test_the_party_star_is_the_most_chips_ties_shared() -> None:
    """§7.1, §16: 欢乐之星 after round 8; chips break no tie, so equal holders share it."""
    ledger = _ledger()
    ledger.earn(1, 3, "F-I03", round_no=8)
    ledger.earn(2, 3, "F-I03", round_no=8)
    ledger.earn(0, 1, "F-I03", round_no=8)
    assert party_stars(ledger) == (1, 2)
    assert party_stars(_ledger()) == ()


def test_chips_are_never_taken_by_a_challenge() -> None:
    """§7.1: challenges never take chips or points away; a negative award is refused."""
    with pytest.raises(ValueError, match="never takes"):
        _ledger().earn(0, -1, "F-I01", round_no=1)


def test_a_bot_accepts_with_its_configured_probability() -> None:
    """Issue item 2: bots accept with a configurable probability, from a seeded RNG."""
    always = ChallengePolicy(accept=1.0, alternative=0.0)
    never = ChallengePolicy(accept=0.0, alternative=0.0)
    rng = random.Random(7)
    assert {always.decide(rng) for _ in range(20)} == {Outcome.DONE}
    assert {never.decide(rng) for _ in range(20)} == {Outcome.REFUSED}
    runs = [ChallengePolicy().decide(random.Random(3)) for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_drawn_copy_still_held_gives_the_single_action() -> None:
    """§7.5, F-T01: a 七万 drawn after the card and held at the turn's end: the single action."""
    watch = DesignatedTile("F-T01", SEVEN_MAN)
    watch.acquire(COPIES[0], [COPIES[0], OTHER[0]])
    assert watch.check([COPIES[0], OTHER[0]]) is DesignatedAction.SINGLE


def test_two_copies_give_the_double_action_once() -> None:
    """§7.5: at least 2 designated tiles at the check: the double action, not two singles."""
    watch = DesignatedTile("F-T01", SEVEN_MAN)
    watch.acquire(COPIES[0], COPIES[:1])
    watch.acquire(COPIES[1], COPIES[:2])
    assert watch.check(COPIES[:2]) is DesignatedAction.DOUBLE


def test_starting_hand_copies_do_not_trigger_but_count_at_the_check() -> None:
    """§7.5, lib 二.4 (R33 re-ruled): copies held before the card was drawn trigger nothing, but once a
    fresh copy triggers the check, "检查时手中有至少2张该指定牌" counts every copy in hand: double."""
    watch = DesignatedTile("F-T01", SEVEN_MAN)
    assert watch.check([COPIES[2]]) is None
    watch.acquire(COPIES[0], [COPIES[0], COPIES[2]])
    assert watch.check([COPIES[0], COPIES[2]]) is DesignatedAction.DOUBLE
    watch.acquire(COPIES[1], [COPIES[1], OTHER[0]])
    assert watch.check([COPIES[1], OTHER[0]]) is DesignatedAction.SINGLE


def test_a_copy_discarded_the_same_turn_does_not_trigger() -> None:
    """§7.5: 同回合已经打出则不触发."""
    watch = DesignatedTile("F-T01", SEVEN_MAN)
    watch.acquire(COPIES[0], [COPIES[0], OTHER[0]])
    assert watch.check([OTHER[0]]) is None


def test_a_copy_of_the_face_discarded_the_same_turn_is_the_fresh_one() -> None:
    """§7.5 "同回合已经打出则不触发" (R363): with a dealt 七万 held, a 七万 drawn and a 七万 discarded
    leave the hand as dealt, whichever copy went: nothing triggers."""
    watch = DesignatedTile("F-T01", SEVEN_MAN)
    watch.acquire(COPIES[0], [COPIES[2], COPIES[0]])
    assert watch.check([COPIES[0]]) is None


def test_at_most_two_triggering_turns_per_round() -> None:
    """§7.5: each F-T card triggers in at most 2 turns per round."""
    watch = DesignatedTile("F-T01", SEVEN_MAN)
    found = []
    for copy in COPIES[:3]:
        watch.acquire(copy, [copy])
        found.append(watch.check([copy]))
    assert found == [DesignatedAction.SINGLE, DesignatedAction.SINGLE, None]


def test_a_turn_without_a_fresh_copy_does_not_trigger_again() -> None:
    """§7.5: the check follows an acquisition; holding last turn's copy is not a new trigger."""
    watch = DesignatedTile("F-T01", SEVEN_MAN)
    watch.acquire(COPIES[0], [COPIES[0]])
    assert watch.check([COPIES[0]]) is DesignatedAction.SINGLE
    assert watch.check([COPIES[0]]) is None
