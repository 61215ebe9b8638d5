"""The win check of a discard (§12.2): a hand one tile short, read once, answers for every face as the
fast check of the hand with that tile does (``engine.core.hand.ShortHand``,
``engine.core.hand_counts.HandCounts.completed_by``)."""

from __future__ import annotations

import random

from engine.core.hand import ShortHand, is_complete_counts
from engine.core.hand_counts import HandCounts, count_hand
from engine.core.tiles import NUM_KINDS, counts, parse


def _agrees(vector: list[int], n_melds: int) -> list[int]:
    """Check every face one more copy of which the counts can take; the faces that complete them."""
    short = ShortHand(vector)
    completing = []
    for face in range(NUM_KINDS):
        if vector[face] == 4:
            continue
        vector[face] += 1
        expected = is_complete_counts(vector, n_melds)
        vector[face] -= 1
        assert short.completed_by(face, n_melds) == expected, (vector, face, n_melds)
        if expected:
            completing.append(face)
    return completing


def test_waiting_hands_of_every_form_are_completed_by_their_tiles_only_s12_2() -> None:
    """§12.2 a hu on a discard, §13.11.2 七对, §13.11.8 十三幺: a standard wait, a seven-pairs wait,
    the thirteen-sided orphans wait and a wait beside two melds are completed by their winning tiles
    and by no other."""
    for hand, melds, waits in (
        ("123m456p789s1112z", 0, "2z"),
        ("1122m3344p5566s7z", 0, "7z"),
        ("19m19p19s1234567z", 0, "19m19p19s1234567z"),
        ("23456m99p", 2, "147m"),
        ("1112345678999m", 0, "123456789m"),
    ):
        assert _agrees(counts(parse(hand)), melds) == parse(waits), hand


def test_random_hands_agree_with_the_fast_check_for_every_face_s12_2() -> None:
    """§12.2: random hands of 13, 10, 7, 4 and 1 tiles drawn from a wall, and hands one tile from a
    complete hand of each form, agree with :func:`is_complete_counts` for every face."""
    rng = random.Random(20261207)
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    completed = 0
    for n_melds in range(5):
        for _ in range(400):
            vector = counts(rng.sample(wall, 13 - 3 * n_melds))
            completed += len(_agrees(vector, n_melds))
    for complete in ("123m456p789s11122z", "1122m3344p5566s77z", "19m19p19s12345677z", "11123456789999m"):
        tiles = parse(complete)
        for drop in range(len(tiles)):
            completed += len(_agrees(counts(tiles[:drop] + tiles[drop + 1 :]), 0))
    assert completed > 50


def _instances(hand: str) -> list[int]:
    """The hand's tiles as physical instances, each copy of a face its own."""
    seen: dict[int, int] = {}
    found = []
    for k in parse(hand):
        found.append(4 * k + seen.get(k, 0))
        seen[k] = seen.get(k, 0) + 1
    return found


def test_hand_counts_read_the_hand_afresh_when_it_changes_s12_2() -> None:
    """§12.2: the counts kept for a player answer for the hand they hold now: 13 tiles waiting on 2z
    are completed by 2z; after the hand changes, by its own winning tile."""
    memo: dict[int, HandCounts] = {}
    waiting = _instances("123m456p789s1112z")
    kept = count_hand(memo, 0, waiting)
    assert kept.completed_by(parse("2z")[0], 0)
    assert not kept.completed_by(parse("3z")[0], 0)
    recounted = count_hand(memo, 0, _instances("123m456p789s1113z"))
    assert recounted is not kept
    assert recounted.completed_by(parse("3z")[0], 0)
    assert not recounted.completed_by(parse("2z")[0], 0)
