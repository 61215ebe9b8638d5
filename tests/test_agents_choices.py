"""The greedy agent's card choices (engine/agents/hextech/choices.py): contracts §9.1, the abandon window §10,
augments §5.2, card options and lasting cards §6, wall reorders, targets."""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from itertools import permutations

import pytest

from engine.agents.bots import GreedyBot
from engine.agents.hextech import choices, counsel
from engine.agents.roster import make_bots
from engine.core.decisions import PASS, Decision, DecisionKind
from engine.core.session import drive
from engine.core.tiles import format_one, parse
from engine.core.view import View
from engine.hextech.decision_kinds import ABANDON, KEEP, HextechKind
from engine.hextech.session import SessionConfig
from engine.hextech.view import BLIND, PlayerView, with_parts
from engine.hextech.vocabulary import CompiledCard
from tools.hextech_session import new_session, session_cards

FULL_WALL = 83
"""Drawable tiles when contracts are chosen (144 less 53 dealt, less a few flowers)."""


@pytest.fixture(scope="module")
def library() -> Mapping[str, CompiledCard]:
    cards, _ = session_cards("all")
    return {card.id: card for card in cards}


def view_of(library: Mapping[str, CompiledCard], hand: str, **changes: object) -> PlayerView:
    """Player A's view of a fresh table holding ``hand``."""
    base = with_parts(BLIND, hand=tuple(sorted(parse(hand))), wall_left=FULL_WALL, cards=library)
    return with_parts(base, **changes)


def decide(view: PlayerView, kind: StrEnum, options: tuple[str, ...], about: str = "") -> str:
    return GreedyBot(random.Random(7)).decide(view, Decision(kind, view.me, options, about))


# -- contracts (§9.1) -------------------------------------------------------------------------------


def test_four_pungs_take_the_pungs_only_black_contract_s9_1(library: Mapping[str, CompiledCard]) -> None:
    """A hand of four pungs takes B-07 (碰碰到底, +3) over C-01 (two chows) and C-02 (two pungs, +1)."""
    view = view_of(library, "111m222p333s555z9m")
    assert decide(view, HextechKind.CONTRACT, ("C-01", "C-02", "B-07")) == "B-07"


def test_a_chow_hand_keeps_away_from_an_unreachable_black_contract_s9_1(
    library: Mapping[str, CompiledCard],
) -> None:
    """Runs in three suits and no pairs: B-07 is out of reach; the two-chow contract is taken."""
    view = view_of(library, "123m456m234p678p3s")
    assert decide(view, HextechKind.CONTRACT, ("C-06", "C-01", "B-07")) == "C-01"


def test_a_pure_hand_takes_the_no_honour_black_contract_s9_1(library: Mapping[str, CompiledCard]) -> None:
    """Number tiles only, one from waiting: B-04 (无字终局) is worth its risk over C-07 and C-06."""
    view = view_of(library, "123m456m234p678p33s")
    assert decide(view, HextechKind.CONTRACT, ("C-07", "C-06", "B-04")) == "B-04"


def test_contract_values_weigh_reward_and_reach_s13_4(library: Mapping[str, CompiledCard]) -> None:
    """The expected value of a met black contract beats a met normal one; an unmet one is worth less."""
    view = view_of(library, "111m222p333s555z9m")
    endings = choices.playouts(view, random.Random(1), 20)
    outlook = choices.Outlook(view, 16, None, ())
    black = choices.contract_value(library["B-07"], endings, outlook)
    normal = choices.contract_value(library["C-02"], endings, outlook)
    chows = choices.contract_value(library["C-01"], endings, outlook)
    assert black > normal > chows


def test_c24_is_reachable_only_with_the_treasure_the_view_shows_s8_3(
    library: Mapping[str, CompiledCard],
) -> None:
    """C-24 (宝牌同行): a hand holding 红中 meets it when the view marks 红中 treasure (T-01), and
    never when the player sees no treasure."""
    view = view_of(library, "123m456p789s777z1m")
    endings = choices.playouts(view, random.Random(1), 20)
    marked = with_parts(view, treasure=frozenset(parse("7z")))
    blind = choices.contract_value(library["C-24"], endings, choices.Outlook(view, 16, None, ()))
    seen = choices.contract_value(library["C-24"], endings, choices.Outlook(marked, 16, None, ()))
    assert seen > blind


def test_playouts_see_only_the_players_own_view(library: Mapping[str, CompiledCard]) -> None:
    """The unseen pool is the set less what the view shows: never more than four of a face."""
    view = view_of(library, "111m222p333s555z9m", rivers=(tuple(parse("9m")), (), tuple(parse("1m")), ()))
    pool = choices.unseen(view)
    assert pool.count(parse("1m")[0]) == 0
    assert pool.count(parse("9m")[0]) == 2
    assert len(pool) == 144 - 13 - 2


def test_a_hand_short_of_a_tile_plays_out_and_keeps_its_best_discard(
    library: Mapping[str, CompiledCard],
) -> None:
    """A card may leave a hand a tile short.  Its playouts still discard to the lowest shanten when
    no discard keeps the shanten it reached, and so does the greedy turn: 123m456m789m45p11s waits,
    every discard undoes the wait alike, and the most isolated tile goes (the lone 1s once its pair
    is broken)."""
    short = view_of(library, "123m456m789m45p1s")
    for seed in range(8):
        for ending in choices.playouts(short, random.Random(seed), 20):
            assert ending.complete is None or sum(ending.complete) == 13
    waiting = view_of(library, "123m456m789m45p11s")
    options = tuple(f"discard {face}" for face in ("1m", "4p", "5p", "1s"))
    assert decide(waiting, DecisionKind.TURN, options) == "discard 1s"


# -- the abandon window (§10) -----------------------------------------------------------------------


def test_a_hand_far_from_any_honour_pung_abandons_c06_s10(library: Mapping[str, CompiledCard]) -> None:
    view = view_of(
        library, "123m456m234p678p3s", contracts=("C-06", None, None, None), contract_open=True, wall_left=24
    )
    assert decide(view, HextechKind.ABANDON, (KEEP, ABANDON), "C-06") == ABANDON


def test_a_hand_with_its_wind_pung_keeps_c06_s10(library: Mapping[str, CompiledCard]) -> None:
    view = view_of(
        library, "111z123m456p78s99s", contracts=("C-06", None, None, None), contract_open=True, wall_left=24
    )
    assert decide(view, HextechKind.ABANDON, (KEEP, ABANDON), "C-06") == KEEP


def test_a_completed_contract_is_kept_s10_3(library: Mapping[str, CompiledCard]) -> None:
    view = view_of(library, "123m456m234p678p3s", contracts=("C-06", None, None, None), wall_left=24)
    assert decide(view, HextechKind.ABANDON, (KEEP, ABANDON), "C-06") == KEEP


def test_a_failed_contract_is_abandoned_s10_3(library: Mapping[str, CompiledCard]) -> None:
    """§10.1, §10.3, R63: a failed contract can no longer be met; abandoning it is the only way to win."""
    held = ("B-09", None, None, None)
    view = view_of(library, "123m456m234p678p3s", contracts=held, contract_failed=True, wall_left=24)
    assert decide(view, HextechKind.ABANDON, (KEEP, ABANDON), "B-09") == ABANDON


# -- calls that would break the contract (§9.7) -----------------------------------------------------


def test_a_pon_is_passed_while_the_contract_needs_no_calls(library: Mapping[str, CompiledCard]) -> None:
    """C-04 (稳健六巡) completes only without calls: the pon that would help the hand is passed."""
    hand = "55m123p456p789s13z"
    free = view_of(library, hand)
    bound = view_of(library, hand, contracts=("C-04", None, None, None), contract_open=True)
    assert decide(free, DecisionKind.CALL, (PASS, "pon"), "5m") == "pon"
    assert decide(bound, DecisionKind.CALL, (PASS, "pon"), "5m") == PASS


# -- wall reorders and tile choices (§6) ------------------------------------------------------------


def _orders(faces: str) -> tuple[str, ...]:
    return tuple(sorted({" ".join(format_one(k) for k in order) for order in permutations(parse(faces))}))


def test_a_reorder_puts_the_needed_tile_on_top(library: Mapping[str, CompiledCard]) -> None:
    """Waiting on 5m: of 9p 5m 1z, the 5m goes first."""
    view = view_of(library, "123m46m456p789s11z")
    answer = decide(view, DecisionKind.CHOOSE, _orders("9p5m1z"), "O-C05")
    assert answer.split(" ")[0] == "5m"


def test_a_take_picks_the_tile_that_lowers_the_shanten(library: Mapping[str, CompiledCard]) -> None:
    view = view_of(library, "123m46m456p789s11z")
    assert decide(view, DecisionKind.CHOOSE, ("1z", "5m", "9p"), "G-10") == "5m"


def test_a_tile_given_away_is_the_least_needed(library: Mapping[str, CompiledCard]) -> None:
    view = view_of(library, "123m456m456p789s7z")
    assert decide(view, DecisionKind.CHOOSE, ("1m", "4p", "7z"), "O-X02") == "7z"


def test_a_reveal_for_the_contract_shows_tiles_the_hand_keeps(library: Mapping[str, CompiledCard]) -> None:
    """B-09 counts revealed tiles still used at hu: the reveal shows a kept tile, not the loose one."""
    view = view_of(library, "123m456m456p789s7z")
    assert decide(view, DecisionKind.CHOOSE, ("1m", "7z"), "B-09") == "1m"


# -- choose one, lasting cards, augments, targets, values -------------------------------------------


def test_choose_one_prefers_the_extra_tidy(library: Mapping[str, CompiledCard]) -> None:
    labels = tuple(o.label for o in library["O-C01"].resolution[0].options)  # type: ignore[union-attr]
    view = view_of(library, "123m456m456p789s7z")
    assert decide(view, DecisionKind.CHOOSE, labels, "O-C01") == labels[0]


def test_choose_one_takes_the_vow_the_contract_already_imposes(library: Mapping[str, CompiledCard]) -> None:
    """O-C06 asks for no chi or no pon; under B-02 (no pon) the pon vow costs nothing."""
    step = library["O-C06"].resolution[0]
    labels = tuple(o.label for o in step.options)  # type: ignore[union-attr]
    view = view_of(library, "123m456m456p789s7z", contracts=("B-02", None, None, None), contract_open=True)
    assert decide(view, DecisionKind.CHOOSE, labels, "O-C06") == labels[1]
    view = with_parts(view, contracts=("B-01", None, None, None))
    assert decide(view, DecisionKind.CHOOSE, labels, "O-C06") == labels[0]


def test_the_positive_lasting_card_is_kept_s6_9(library: Mapping[str, CompiledCard]) -> None:
    view = view_of(library, "123m456m456p789s7z")
    assert decide(view, HextechKind.KEEP_LASTING, ("O-N02", "O-P07"), "chance") == "O-P07"
    assert decide(view, HextechKind.KEEP_LASTING, ("O-P07", "O-N02"), "chance") == "O-P07"


def test_an_augment_with_a_shape_grant_is_drafted_s5_2(library: Mapping[str, CompiledCard]) -> None:
    """A grant (G-14, a hand shape) is clearly worth more than a one-off look; close cards go by the
    offer order."""
    view = with_parts(BLIND, cards=library)
    assert decide(view, HextechKind.AUGMENT, ("G-11", "G-14"), "gold") == "G-14"
    assert decide(view, HextechKind.AUGMENT, ("S-01", "S-02"), "silver") == "S-01"
    assert decide(view, HextechKind.AUGMENT, ("S-02", "S-01"), "silver") == "S-02"


def test_card_values_read_card_properties(library: Mapping[str, CompiledCard]) -> None:
    assert choices.card_value(library["O-N02"]) < 0 < choices.card_value(library["O-P07"])
    assert choices.card_value(library["P-01"]) > choices.card_value(library["S-14"])


def test_a_target_is_the_opponent_leading_in_score(library: Mapping[str, CompiledCard]) -> None:
    view = view_of(library, "123m456m456p789s7z", me=1, scores=(5, 30, 12, 9))
    assert decide(view, DecisionKind.CHOOSE, ("A", "C", "D"), "O-P08") == "C"


def test_value_choices_follow_the_hand(library: Mapping[str, CompiledCard]) -> None:
    """A suit: the hand's longest; a route: pungs for a hand of pairs; a count: the spare tiles."""
    view = view_of(library, "11m22m33m556p7s1z2z")
    assert decide(view, DecisionKind.CHOOSE, ("m", "p", "s"), "B-11") == "m"
    assert decide(view, DecisionKind.CHOOSE, ("chow", "pung"), "G-08") == "pung"
    assert decide(view, DecisionKind.CHOOSE, ("0", "1", "2", "3"), "P-04") in ("2", "3")
    assert decide(view, DecisionKind.CHOOSE, ("13812345678", "11223355567"), "B-15") == "11223355567"


# -- over whole sessions ----------------------------------------------------------------------------


def test_black_contracts_are_chosen_and_completed_over_sessions_s9_3() -> None:
    """Offered a choice of both kinds, the greedy agent takes a black contract at a fair non-zero rate
    (an expected value, not a quota) and completes some of them."""
    offers = black = completed = 0
    original = GreedyBot.decide

    def counting(self: GreedyBot, view: View, decision: Decision) -> str:
        nonlocal offers, black
        answer = original(self, view, decision)
        if decision.kind is HextechKind.CONTRACT:
            assert isinstance(view, PlayerView)
            kinds = {view.cards[o].contract.kind for o in decision.options}  # type: ignore[union-attr]
            if kinds == {"normal", "black"}:
                offers += 1
                black += view.cards[answer].contract.kind == "black"  # type: ignore[union-attr]
        return answer

    GreedyBot.decide = counting  # type: ignore[method-assign]
    try:
        for seed in range(6):
            session = new_session(SessionConfig(seed=seed, mode="all", rounds=4))
            result = drive(session, make_bots(["greedy"] * 4, seed))
            for record in result.rounds:
                r = record.result
                completed += sum(
                    1
                    for c, s in zip(r.contracts, r.statuses, strict=True)
                    if c is not None and session.is_black(c) and s.value == "completed"
                )
    finally:
        GreedyBot.decide = original  # type: ignore[method-assign]
    assert offers >= 60
    assert 0.03 <= black / offers <= 0.5
    assert completed > 0


def test_choices_are_deterministic_for_a_seed(library: Mapping[str, CompiledCard]) -> None:
    view = view_of(library, "123m456m234p678p33s")
    options = ("C-07", "C-06", "B-04")
    answers = {decide(view, HextechKind.CONTRACT, options) for _ in range(3)}
    assert len(answers) == 1


def test_a_swap_puts_back_the_worst_candidate_and_a_replacement_may_pass_s9_1(
    library: Mapping[str, CompiledCard],
) -> None:
    """S-06 (before the choice): the candidate out of reach goes back; a replacement (G-06's kind)
    passes when the held contract is already met by the hand."""
    view = view_of(library, "111m222p333s555z9m")
    assert decide(view, DecisionKind.CHOOSE, ("C-02", "C-01", PASS), "S-06") == "C-01"
    held = with_parts(view, contracts=("C-02", None, None, None), contract_open=True)
    assert decide(held, DecisionKind.CHOOSE, ("C-01", PASS), "G-06") == PASS


def test_a_session_view_holds_the_library_in_play_as_a_read_only_copy() -> None:
    session = new_session(SessionConfig(seed=1, mode="strategy", rounds=4))
    cards = session.view(0).cards
    assert dict(cards) == session.cards and cards is not session.cards
    with pytest.raises(TypeError):
        cards["W-01"] = cards["W-01"]  # type: ignore[index]


@pytest.mark.parametrize("seed", range(5))
def test_a_playout_draws_as_randrange_would(seed: int) -> None:
    """A playout picks each tile with ``getrandbits`` of the bag's size in bits, drawn again while too
    large: exactly what ``randrange`` of the bag's size draws, so a seed plays the same playouts."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in [*range(1, 140), 1 << 20, 3 << 30]:
        bits = size.bit_length()
        pick = ours.getrandbits(bits)
        while pick >= size:
            pick = ours.getrandbits(bits)
        assert pick == theirs.randrange(size)
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("seed", range(20))
def test_discard_orders_put_the_loneliest_face_first(seed: int) -> None:
    """The playout's and the greedy turn's discard orders, read per suit, rank every face by its
    loneliness (isolation), the lower face first on ties."""
    rng = random.Random(seed)
    vec = [0] * 34
    for k in rng.sample([k for k in range(34) for _ in range(4)], 14):
        vec[k] += 1
    key = bytes(vec)
    faces = list(range(34))
    lonely = sorted(choices.discard_places(key))
    assert [p & choices.FACE for p in lonely] == sorted(
        faces, key=lambda k: (-choices._loneliness(k, vec), k)
    )
    isolated = sorted(counsel._discard_order(key))
    loneliest = sorted(faces, key=lambda k: (-counsel._isolation(k, key), k))
    assert [p & choices.FACE for p in isolated] == loneliest
