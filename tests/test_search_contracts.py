"""The search agent plays toward its own contract (issue 15 item 1): the held contract's hand
condition, read term by term (:mod:`engine.agents.hextech.steering`), steers its imagined rounds, so it
throws what the contract rules out, keeps what it counts and aims at its whole-hand forms; and it
takes the offered contract its hand can complete (§9.1, §9.5, §9.9, §10, lib 十)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

import pytest
from search_support import greedy, searched

from engine.agents.bots import GreedyBot
from engine.agents.hextech import choices
from engine.agents.hextech.aims import Shape, Steer
from engine.agents.hextech.search import ImaginedRounds
from engine.agents.hextech.steering import covered, form_grants, steer_of, steered_playouts
from engine.agents.search import SearchBot
from engine.core.decisions import Decision, DecisionKind
from engine.core.tiles import Suit, format_one, parse
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.view import BLIND, PlayerView, with_parts
from engine.hextech.vocabulary import CompiledCard
from tools.hextech_session import session_cards


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    cards, _ = session_cards("all")
    return {card.id: card for card in cards}


def at_turn(
    library: Mapping[str, CompiledCard], hand: str, contract: str, revealed: str = ""
) -> tuple[PlayerView, Decision]:
    """Player A early in the round (80 drawable tiles) at its turn, holding ``hand`` (14 tiles) and
    the open ``contract``, ``revealed`` the tiles it has shown for it; every discard offered."""
    tiles = tuple(sorted(parse(hand)))
    view = with_parts(
        BLIND,
        hand=tiles,
        wall_left=80,
        cards=library,
        contracts=(contract, None, None, None),
        contract_open=True,
        revealed=(tuple(sorted(parse(revealed))) if revealed else (), (), (), ()),
    )
    return view, Decision(DecisionKind.TURN, 0, tuple(f"discard {format_one(k)}" for k in sorted(set(tiles))))


def test_b06_throws_the_other_suit_where_greedy_breaks_its_own_s9_5(
    library: Mapping[str, CompiledCard],
) -> None:
    """B-06 (清一色挑战: one suit, no honours) held with ten 万 and 55z 34p: greedy throws the lone
    1m to wait on 2p/5p, a win B-06 can never take; search throws 3p, toward one suit.  Control: the
    same hand holding C-01 (two chows) throws 1m as greedy does."""
    view, turn = at_turn(library, "123m456m789m1m55z34p", "B-06")
    assert greedy(view, turn) == "discard 1m"
    assert searched(view, turn, 256, 4) == {"discard 3p"}
    plain = with_parts(view, contracts=("C-01", None, None, None))
    assert searched(plain, turn, 256, 4) == {"discard 1m"}


def test_b09_keeps_the_tiles_it_revealed_s9_5(library: Mapping[str, CompiledCard]) -> None:
    """B-09 (公开实验: two revealed tiles still in the hand at hu; a second revealed tile thrown fails
    it) with 9p and 2z revealed: greedy throws the lone 2z; search keeps both and throws 3s.  Control:
    nothing revealed and C-01 held, search throws 2z."""
    hand = "4m6p9p9p2s3s6s1z1z2z4z4z5z6z"
    view, turn = at_turn(library, hand, "B-09", revealed="9p2z")
    assert greedy(view, turn) == "discard 2z"
    assert searched(view, turn, 128, 2) == {"discard 3s"}
    plain = with_parts(view, contracts=("C-01", None, None, None), revealed=((), (), (), ()))
    assert searched(plain, turn, 128, 2) == {"discard 2z"}


def test_b14_aims_at_four_pairs_and_two_pungs_s9_9(library: Mapping[str, CompiledCard]) -> None:
    """B-14 (四对双刻: four pairs and two pungs of six faces) with 333m, 66m, 11z, 33z: greedy throws
    6m for runs; search keeps the pair and throws 2m.  Control: C-01 held, search throws 6m."""
    view, turn = at_turn(library, "2m3m3m3m4m5m6m6m1p3p1z1z3z3z", "B-14")
    assert greedy(view, turn) == "discard 6m"
    assert searched(view, turn, 128, 2) == {"discard 2m"}
    plain = with_parts(view, contracts=("C-01", None, None, None))
    assert searched(plain, turn, 128, 2) == {"discard 6m"}


def test_each_contract_term_gives_its_aim_lib_ten(library: Mapping[str, CompiledCard]) -> None:
    """The aims are read from the terms, card by card alike: B-06's ``number_suits == 1`` and
    ``tiles(honour) == 0`` make every 筒, 条 and honour junk for a 万 hand; B-04's only the honours;
    B-09's ``revealed_kept`` protects its revealed tiles; B-11's ``tiles(chosen_suit) >= 7`` wants the
    chosen suit and its ``forbid discard_suit`` protects it; B-07's four pungs, B-14's and B-15's
    forms are shapes; C-01 (chows) gives no aim."""
    view, _ = at_turn(library, "123m456m789m1m55z34p", "B-06")
    honours = set(range(27, 34))
    assert steer_of(view, library["B-06"], None, None).junk == set(range(9, 34))
    assert steer_of(view, library["B-04"], None, None).junk == honours
    revealed = with_parts(view, revealed=(tuple(parse("3p5z")), (), (), ()))
    assert steer_of(revealed, library["B-09"], None, None).protect == set(parse("3p5z"))
    wants = steer_of(view, library["B-11"], Suit("p"), None)
    assert wants.wanted == set(range(9, 18)) and wants.need == 5 and wants.protect == set(range(9, 18))
    assert steer_of(view, library["B-07"], None, None).shape == Shape(pungs=4, pairs=1)
    assert steer_of(view, library["B-14"], None, None).shape == Shape(pungs=2, pairs=4)
    assert steer_of(view, library["B-15"], None, "11122233344").shape == Shape(number="11122233344")
    assert not steer_of(view, library["C-01"], None, None)


def test_a_shape_covers_the_tiles_already_standing_in_it_s9_9() -> None:
    """Coverage counts the hand's tiles already in the shape: a complete B-14 hand covers all 14; a
    lucky number's digits count in any suit, with an honour pair and a lone wind besides."""
    counts = [0] * 34
    for k in parse("11m22p55s77m555z666z"):
        counts[k] += 1
    assert covered(counts, Shape(pungs=2, pairs=4)) == 14
    lucky = [0] * 34
    for k in parse("138m123p456s78m55z1z"):
        lucky[k] += 1
    assert covered(lucky, Shape(number="13812345678")) == 14
    lucky[parse("1z")[0]] -= 1
    lucky[parse("6z")[0]] += 1
    assert covered(lucky, Shape(number="13812345678")) == 13


def test_the_contract_chosen_is_the_one_the_hand_can_complete_s9_1(
    library: Mapping[str, CompiledCard],
) -> None:
    """§9.1 by expected points: eleven 万 with 5z and 7p are offered C-06 (a wind pung), C-07 (a
    dragon pung) and B-06 (one suit): search takes B-06, the one the hand can complete, every seed;
    greedy's plain playouts mostly take C-06.  Control: a hand of three suits takes C-06."""
    offer = Decision(HextechKind.CONTRACT, 0, ("C-06", "C-07", "B-06"))
    flush = with_parts(BLIND, hand=tuple(sorted(parse("11234567899m5z7p"))), wall_left=83, cards=library)
    assert searched(flush, offer, 64, 4) == {"B-06"}
    assert [GreedyBot(random.Random(s)).decide(flush, offer) for s in range(4)].count("B-06") < 4
    mixed = with_parts(flush, hand=tuple(sorted(parse("123m456p789s11z5z7p3s"))))
    assert searched(mixed, offer, 64, 4) == {"C-06"}


def endings_met(
    library: Mapping[str, CompiledCard], hand: str, contract: str, suit: Suit | None, number: str | None
) -> tuple[float, float]:
    """How many of 200 imagined rounds of ``hand`` (13 tiles, 21 draws) end in a win that meets
    ``contract``: played plainly, and played toward the contract's aims."""
    view = with_parts(
        BLIND,
        hand=tuple(sorted(parse(hand))),
        wall_left=80,
        cards=library,
        contracts=(contract, None, None, None),
        contract_open=True,
    )
    card = library[contract]
    outlook = choices.Outlook(view, 14, suit, (), form_grants(card, number))
    met = []
    for ends in (
        choices.playouts(view, random.Random(3), 21, 200),
        steered_playouts(view, random.Random(3), 21, 200, steer_of(view, card, suit, number)),
    ):
        met.append(sum(choices.contract_chance(card, e, outlook) for e in ends if e.complete is not None))
    return met[0], met[1]


@pytest.mark.parametrize(
    ("hand", "contract", "suit", "number"),
    [
        ("2m3m4m7m3p3p7p1s1s4s8s1z5z", "B-11", Suit("m"), None),
        ("111m222p55s77m9p34s", "B-07", None, None),
        ("1m1m2m2m5p5p9s9s3z3z4z6m7p", "B-14", None, None),
        ("1m3m8m1p2p3p4s5s6s8m5z5z1z", "B-15", None, "13812345678"),
    ],
)
def test_rounds_imagined_toward_the_contract_meet_it_where_plain_ones_do_not_s9_9(
    library: Mapping[str, CompiledCard], hand: str, contract: str, suit: Suit | None, number: str | None
) -> None:
    """B-11 (seven of the chosen 万 at hu), B-07 (four pungs), B-14 (four pairs, two pungs) and B-15
    (the written number's digits, an honour pair and a lone wind): the plain playouts a greedy player
    makes almost never end in a win that meets them; played toward the contract's aims, many do."""
    plain, aimed = endings_met(library, hand, contract, suit, number)
    assert plain <= 1 and aimed >= 8


def held(
    library: Mapping[str, CompiledCard], hand: str, contract: str, rivers: tuple[str, ...] = ("",) * 4
) -> PlayerView:
    """Player A just after choosing ``contract`` (83 drawable tiles), holding ``hand`` (13 tiles),
    the others' rivers ``rivers``."""
    return with_parts(
        BLIND,
        hand=tuple(sorted(parse(hand))),
        wall_left=83,
        cards=library,
        contracts=(contract, None, None, None),
        contract_open=True,
        rivers=tuple(tuple(parse(r)) if r else () for r in rivers),
    )


def test_b11_suit_is_chosen_by_expected_points_not_by_count_s9_4(
    library: Mapping[str, CompiledCard],
) -> None:
    """B-11 (一门封锁: never discard the chosen suit, seven of it at hu) revealed with five scattered
    万 (1m 4m 7m 9m 9m) and four connected 筒 (3456p): greedy names 万, the suit it holds most of, and
    must keep its loose tiles; search names 筒, every seed.  Control: seven connected 万 — both name
    万."""
    suit = Decision(DecisionKind.CHOOSE, 0, ("m", "p", "s"), "B-11")
    scattered = held(library, "1m4m7m9m9m3p4p5p6p2s7s1z3z", "B-11")
    assert greedy(scattered, suit) == "m"
    assert searched(scattered, suit, 64, 4) == {"p"}
    connected = held(library, "2m3m4m5m6m7m8m3p4p2s7s1z3z", "B-11")
    assert greedy(connected, suit) == "m"
    assert searched(connected, suit, 64, 4) == {"m"}


def test_b15_number_is_chosen_by_expected_points_over_the_unseen_tiles_s9_9(
    library: Mapping[str, CompiledCard],
) -> None:
    """B-15 (幸运号码) written with nine number tiles 2–9 (9 twice): the hand's own digits
    (23456789923) share nine with the hand, the library's example (13812345678) seven, so greedy
    writes the hand's.  When every other 2 lies in the rivers the hand's number can never be made:
    search writes the example, every seed.  Control: nothing in the rivers, search writes the hand's."""
    number = Decision(DecisionKind.CHOOSE, 0, ("13812345678", "23456789923"), "B-15")
    hand = "2m3m4p5p6p7s8s9s9m5z5z1z6z"
    dead = held(library, hand, "B-15", ("", "2m2m2m2p2p2p2p", "2s2s2s2s", ""))
    assert greedy(dead, number) == "23456789923"
    assert searched(dead, number, 64, 4) == {"13812345678"}
    live = held(library, hand, "B-15")
    assert searched(live, number, 64, 4) == {"23456789923"}


def test_a_suit_for_another_card_is_answered_as_greedy_and_not_read_for_the_contract_s9_4(
    library: Mapping[str, CompiledCard],
) -> None:
    """A suit asked by another card than the held contract (O-P06's kind) is answered as greedy does
    and leaves B-11's reading alone: the suit the agent then names for B-11 is its own choice."""
    agent = SearchBot(random.Random(1), 64)
    scattered = held(library, "1m4m7m9m9m3p4p5p6p2s7s1z3z", "B-11")
    other = Decision(DecisionKind.CHOOSE, 0, ("m", "p", "s"), "O-P06")
    assert agent.decide(scattered, other) == "m"
    rounds = agent.foresight
    assert isinstance(rounds, ImaginedRounds) and rounds.suit is None
    assert agent.decide(scattered, Decision(DecisionKind.CHOOSE, 0, ("m", "p", "s"), "B-11")) == "p"
    assert rounds.suit == Suit("p")


def test_a_replacement_keeps_the_held_contract_the_hand_completes_s9_1(
    library: Mapping[str, CompiledCard],
) -> None:
    """A replacement of the held contract (O-X08's kind) offering B-07 and B-14 or ``pass``: eleven
    万 holding B-06 (one suit) keep it — search passes every seed, where greedy's plain playouts
    mostly swap it for B-07.  Control: a hand of three suits holding B-06 swaps it (for B-07)."""
    change = Decision(DecisionKind.CHOOSE, 0, ("B-07", "B-14", "pass"), "O-X08")
    flush = held(library, "11234567899m5z7p", "B-06")
    assert [greedy_seeded(flush, change, s) for s in range(4)].count("pass") < 4
    assert searched(flush, change, 64, 4) == {"pass"}
    mixed = held(library, "123m456p789s11z5z7p3s", "B-06")
    assert searched(mixed, change, 64, 4) == {"B-07"}


def greedy_seeded(view: PlayerView, decision: Decision, seed: int) -> str:
    return GreedyBot(random.Random(seed)).decide(view, decision)


def test_b07_is_taken_by_a_hand_of_pairs_whose_pungs_it_may_claim_s9_1_s11(
    library: Mapping[str, CompiledCard],
) -> None:
    """B-07 (碰碰到底: four pungs) lets its holder pon: imagined rounds toward its four pungs claim
    a pair's third tile from the others' discards (without that, no imagined round of a hand of pairs
    completes four pungs in time and B-07 is never taken).  Five pairs offered C-01, C-14 and B-07:
    search takes B-07 every seed, greedy never.  Control: a hand of runs takes C-01."""
    offer = Decision(HextechKind.CONTRACT, 0, ("C-01", "C-14", "B-07"))
    pairs = with_parts(
        BLIND, hand=tuple(sorted(parse("1m1m4m4m7p7p2s2s9s9s5z3p8s"))), wall_left=85, cards=library
    )
    assert "B-07" not in {greedy_seeded(pairs, offer, s) for s in range(4)}
    assert searched(pairs, offer, 64, 4) == {"B-07"}
    runs = with_parts(pairs, hand=tuple(sorted(parse("123m456p789s11z5z7p3s"))))
    assert searched(runs, offer, 64, 4) == {"C-01"}


def test_only_a_contract_that_welcomes_calls_claims_its_pungs_s9_7(
    library: Mapping[str, CompiledCard],
) -> None:
    """B-07's four pungs may be claimed (pon is not barred) and its imagined rounds declare the
    claimed pungs; B-14's form (four pairs, two pungs, a whole-hand form: no call, §9.9) may not."""
    view = held(library, "1m1m4m4m7p7p2s2s9s9s5z3p8s", "B-07")
    steer = steer_of(view, library["B-07"], None, None)
    assert steer.claims
    ends = steered_playouts(view, random.Random(3), 18, 64, steer)
    claimed = [e for e in ends if e.complete is not None and e.claimed]
    assert claimed and all(e.complete is not None and e.complete[k] >= 3 for e in claimed for k in e.claimed)
    fourteen = held(library, "1m1m4m4m7p7p2s2s9s9s5z3p8s", "B-14")
    assert not steer_of(fourteen, library["B-14"], None, None).claims


def test_calls_are_barred_by_the_contract_card_in_the_view_s9_9(library: Mapping[str, CompiledCard]) -> None:
    """B-08 (七对实验), §9.9: seven pairs take no call, so an open B-08 welcomes no pon; a card of the
    same id asking for nothing concealed (the control) welcomes it, though B-08 was read first."""
    view, _ = at_turn(library, "11223344556677m", "B-08")
    assert not choices.calls_welcome(view, "pon")
    b08 = library["B-08"]
    assert b08.contract is not None
    plain = replace(b08, contract=replace(b08.contract, at_hu=None))
    assert choices.calls_welcome(with_parts(view, cards={**library, "B-08": plain}), "pon")
    assert not choices.calls_welcome(view, "pon")


@pytest.mark.parametrize(("contract", "pair"), [("C-06", "1z"), ("C-07", "5z"), ("B-05", "5z")])
def test_a_contract_counting_honour_pungs_keeps_its_honour_pair_lib_ten(
    library: Mapping[str, CompiledCard], contract: str, pair: str
) -> None:
    """C-06 (a wind pung or kong at hu), C-07 (a dragon one) and B-05 (two honour sets): with one
    honour pair and 55s, greedy breaks the honour pair for two-sided waits, a hand its contract can
    then never complete; search keeps the pair, its only way to the set, and throws from elsewhere.
    Control: the same hand holding C-01 (two chows) throws the honour as greedy does."""
    hand = f"234m567p78s55s{pair}{pair}3p4p"
    view, turn = at_turn(library, hand, contract)
    assert greedy(view, turn) == f"discard {pair}"
    assert f"discard {pair}" not in searched(view, turn, 128, 3)
    plain = with_parts(view, contracts=("C-01", None, None, None))
    assert searched(plain, turn, 128, 3) == {f"discard {pair}"}


def test_each_structure_term_gives_its_aim_lib_ten(library: Mapping[str, CompiledCard]) -> None:
    """Structure words are aimed at as the hand goes, card by card alike: a count of pungs below four
    (C-02) keeps the fullest pairs and, while too few, the lone honours; a filtered one (C-06's winds,
    C-07's dragons) only those faces; ``pair(honour)`` (C-15) the honour pair; ``has_chow`` (C-08)
    keeps the held part of each run and wants the rest; ``suits_with_numbers(1, 9)`` (C-20) keeps
    一 and 九 of the suit holding both.  A count of chows (C-01) gives none."""
    view, _ = at_turn(library, "1m9m123p456s78s11z5z6z", "C-02")

    def protected(contract: str) -> str:
        return "".join(format_one(k) for k in sorted(steer_of(view, library[contract], None, None).protect))

    assert protected("C-02") == "1z5z6z"
    assert protected("C-06") == "1z"
    assert protected("C-07") == "5z6z"
    assert protected("C-15") == "1z"
    assert protected("C-20") == "1m9m"
    runs = steer_of(view, library["C-08"], None, None)
    assert runs.protect == set(parse("123p78s")) and runs.wanted == set(parse("9s")) and runs.need == 1
    assert not steer_of(view, library["C-01"], None, None)


def test_b16_imagined_rounds_throw_no_face_twice_r121(library: Mapping[str, CompiledCard]) -> None:
    """B-16 (不走回头路: no face of one's own discards twice; a repeat only when nothing else may go,
    R121) with 9m, 2z and 5p already thrown: its imagined rounds keep those faces and throw no face
    twice, as the table lets its holder throw.  Control: the same hand holding C-01 (no such bar)
    repeats faces in most imagined rounds."""
    view, _ = at_turn(library, "13m57m2p46p9p13s68s1z", "B-16")
    river = tuple(parse("9m2z5p"))
    view = with_parts(view, hand=view.hand[:13], rivers=(river, (), (), ()))
    steer = steer_of(view, library["B-16"], None, None)
    assert steer.unrepeated and steer.protect == set(river)

    def repeating(held: PlayerView, aims: Steer) -> int:
        endings = steered_playouts(held, random.Random(3), 12, 64, aims)
        return sum(1 for e in endings if len({*e.discards, *river}) < len(e.discards) + len(river))

    assert repeating(view, steer) == 0
    plain = with_parts(view, contracts=("C-01", None, None, None))
    assert repeating(plain, steer_of(plain, library["C-01"], None, None)) > 32


def test_the_structure_words_judged_at_the_ending_give_their_aims_lib_ten(
    library: Mapping[str, CompiledCard],
) -> None:
    """Read term by term, card by card alike: with three 1m, three 5p, 99s, 22z, 34m and 79p, greedy
    throws 9p.  ``count(chow) >= 2`` (C-01, B-02) and ``suits_with(chow) >= 2`` (C-21) keep the two
    runs closest to complete, 34m and 79p (9p among them), and want 2m, 5m and 8p; ``suits_with(set)
    >= 3`` (C-17) keeps a set in each suit, 99s the third; ``same_number_chows_different_suits >= 2``
    (C-18) keeps 34m and 5p, toward 345 in two suits; ``distinct_faces >= 9`` (B-16), the hand holding
    eight faces, keeps its singles (9p among them) and wants the faces it lacks;
    ``single_wait_on_pair`` (C-16) aims at a single wait.  Controls: a hand already holding the runs,
    or more than nine faces, is given no such aim, nor is a contract without those words (C-12)."""
    view, turn = at_turn(library, "1m1m1m5p5p5p9s9s2z2z3m4m7p9p", "C-01")
    assert greedy(view, turn) == "discard 9p"

    def aim(contract: str, at: PlayerView = view) -> Steer:
        return steer_of(at, library[contract], None, None)

    for contract in ("C-01", "B-02", "C-21"):
        runs = aim(contract)
        assert runs.protect == set(parse("3m4m7p9p")) and runs.wanted == set(parse("2m5m8p"))
        assert runs.need == 2
    sets = aim("C-17")
    assert sets.protect == set(parse("1m5p9s")) and sets.wanted == set(parse("9s")) and sets.need == 1
    same = aim("C-18")
    assert same.protect == set(parse("3m4m5p")) and set(parse("5m3p4p")) <= same.wanted and same.need == 3
    faces = aim("B-16")
    assert faces.protect == set(parse("3m4m7p9p")) and faces.need == 1 and parse("6m")[0] in faces.wanted
    assert aim("C-16").single and not aim("C-01").single
    made = with_parts(view, hand=tuple(sorted(parse("123m456m789p11z5z6z"))))
    assert not aim("C-01", made) and not aim("C-21", made)
    assert not aim("B-16", made).protect
    assert not aim("C-12")


@pytest.mark.parametrize(
    ("hand", "contract"),
    [
        ("1m1m1m5p5p5p9s9s2z2z3m4m7p", "C-01"),
        ("1m1m1m5p5p5p9s9s2z2z3m4m7p", "C-21"),
        ("1m1m1m5p5p5p2z2z3z3z4z4z8s", "C-17"),
        ("2m3m4m3p5p5p5p9s9s9s2z2z7s", "C-18"),
        ("1m1m1m5p5p5p9s9s2z2z3m4m7p", "B-16"),
        ("2m3m5m1p2p3p4p5p6p7s8s9s7z", "C-16"),
    ],
)
def test_rounds_imagined_toward_a_structure_word_meet_it_more_often_lib_ten(
    library: Mapping[str, CompiledCard], hand: str, contract: str
) -> None:
    """C-01 (two chows), C-21 (chows in two suits), C-17 (a set in each suit), C-18 (the same run in
    two suits), B-16 (nine faces) and C-16 (a single wait on the pair), once judged only at the
    ending: played toward the word's aims, more imagined rounds end in a win that meets the contract
    than played plainly (a hand of pungs and pairs drifts to pungs and pairs)."""
    plain, aimed = endings_met(library, hand, contract, None, None)
    assert aimed >= plain + 5


def test_c16_a_hand_getting_ready_waits_on_its_pair_alone_lib_ten(
    library: Mapping[str, CompiledCard],
) -> None:
    """C-16 (单钓终局: win on a single wait for the pair) with 123p 456p 789s, 2m 3m 5m and a lone 7z,
    the next draw 4m: plain imagined rounds throw the lone 7z and wait on 2m/5m, a wait C-16 never
    meets; toward C-16 they throw 2m instead, ready on 7z alone as the pair.  Control: C-12 held gives
    no aim, and its rounds play as plain ones."""
    view = held(library, "2m3m5m1p2p3p4p5p6p7s8s9s7z", "C-16")
    steer = steer_of(view, library["C-16"], None, None)
    assert steer.single
    head = tuple(parse("4m"))
    aimed = steered_playouts(view, random.Random(3), 12, 100, steer, head)
    plain = choices.playouts(view, random.Random(3), 12, 100, head)
    assert {format_one(e.discards[0]) for e in aimed} == {"2m"}
    assert {format_one(e.discards[0]) for e in plain} == {"7z"}
    assert not steer_of(with_parts(view, contracts=("C-12", None, None, None)), library["C-12"], None, None)


def test_b16_throws_a_duplicate_where_greedy_throws_a_single_lib_ten(
    library: Mapping[str, CompiledCard],
) -> None:
    """B-16 (不走回头路: nine faces at hu) holding exactly nine (1m 7m 9m 3s 4s 6s 1z 5z 6z): greedy
    throws the lone 1m, leaving eight; search keeps it and throws a 9m of its three."""
    view, turn = at_turn(library, "1m7m7m9m9m9m3s3s4s4s6s1z5z6z", "B-16")
    assert greedy(view, turn) == "discard 1m"
    assert parse("1m")[0] in steer_of(view, library["B-16"], None, None).protect
    assert searched(view, turn, 128, 4) == {"discard 9m"}


def river_held(library: Mapping[str, CompiledCard], hand: str, contract: str, river: str) -> PlayerView:
    """Player A mid-round (70 drawable tiles) holding ``hand`` (13 tiles) and the open ``contract``,
    its own river ``river``."""
    return with_parts(
        held(library, hand, contract), wall_left=70, rivers=(tuple(parse(river)) if river else (), (), (), ())
    )


def test_c03_imagined_rounds_throw_the_suit_its_river_lacks_lib_ten(
    library: Mapping[str, CompiledCard],
) -> None:
    """C-03 (三门开张: a 万, a 条 and a 筒 in the holder's river) watched at each own discard: with 1p,
    9m and 1z thrown, the imagined rounds throw a 条 first of equal discards — every one of 200 has
    thrown one within three discards, where 158 played plainly have.  Controls: C-12 held, or a river
    already of three suits, gives no such aim."""
    hand = "1m2m3m4m5m6m2p3p5z5z7p9p8s"
    view = river_held(library, hand, "C-03", "1p9m1z")
    steer = steer_of(view, library["C-03"], None, None)
    assert steer.spread == set(range(18, 27))

    def early(rounds: list[choices.Ending]) -> int:
        return sum(1 for e in rounds if any(18 <= k < 27 for k in e.discards[:3]))

    assert early(steered_playouts(view, random.Random(3), 18, 200, steer)) == 200
    assert early(choices.playouts(view, random.Random(3), 18, 200)) == 158
    plain = river_held(library, hand, "C-12", "1p9m1z")
    assert not steer_of(plain, library["C-12"], None, None)
    assert not steer_of(river_held(library, hand, "C-03", "1p9m1s"), library["C-03"], None, None)


def test_c09_imagined_rounds_throw_four_different_faces_first_lib_ten(
    library: Mapping[str, CompiledCard],
) -> None:
    """C-09 (四弃不重: the holder's first four discards all different) with a hand of pairs and 2z
    thrown: toward it, no imagined round repeats a face among the first four discards (28 of 200
    played plainly do), and more end in a win that meets it.  Controls: four discards already made, or a face
    already repeated, give no aim."""
    hand = "1m1m4m4m7m9m9m3p5z5z6z7s7s"
    view = river_held(library, hand, "C-09", "2z")
    steer = steer_of(view, library["C-09"], None, None)
    assert steer.unrepeated == 4
    rounds = steered_playouts(view, random.Random(3), 18, 200, steer)

    def repeating(ends: list[choices.Ending]) -> int:
        first = [(parse("2z")[0], *e.discards[:3]) for e in ends]
        return sum(1 for f in first if len(set(f)) < len(f))

    assert repeating(rounds) == 0
    assert repeating(choices.playouts(view, random.Random(3), 18, 200)) > 20
    card = library["C-09"]
    outlook = choices.Outlook(view, 14, None, (), ())

    def met(ends: list[choices.Ending]) -> float:
        return sum(choices.contract_chance(card, e, outlook) for e in ends if e.complete is not None)

    assert met(rounds) > met(choices.playouts(view, random.Random(3), 18, 200))
    assert not steer_of(river_held(library, hand, "C-09", "2z3z4z6p"), card, None, None)
    assert not steer_of(river_held(library, hand, "C-09", "2z2z"), card, None, None)
