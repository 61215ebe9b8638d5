"""Layered legality (§9.7, §15): contract bans beat permissions; answers name the deciding card."""

from __future__ import annotations

import random
from functools import cache

import pytest

from dsl import compile_cards, load_cards
from engine.core.decisions import Decision, DecisionKind, check_answer
from engine.core.errors import IllegalActionError
from engine.core.tiles import parse_one
from engine.hextech.abandon_window import abandon
from engine.hextech.bus import Bus
from engine.hextech.card_runtime import register
from engine.hextech.round import Cards, Round
from engine.hextech.rules import CallKind, OfferedWin, Rules, WinClaim, WinVerdict
from engine.hextech.scenario import arranged_wall
from engine.hextech.state import ContractStatus, WinWay
from engine.hextech.vocabulary import CompiledCard
from tools.exit_codes import exit_code


@cache
def _library() -> dict[str, CompiledCard]:
    return {card.id: card for card in compile_cards(load_cards()) if card.version == 1}


def _round(augments: dict[int, list[str]], contract: tuple[int, str] | None = None) -> Round:
    lib = _library()
    held = [[lib[c] for c in augments.get(p, [])] for p in range(4)]
    contracts = {cid: card.contract for cid, card in lib.items() if card.contract is not None}
    rnd = Round(
        dealer_seat=0,
        rng=random.Random(0),
        rules=Rules(contracts=contracts),
        bus=Bus(),
        cards=Cards(library=lib, augments=held),
        wall=arranged_wall({}),
    )
    for p, cards in enumerate(held):
        for card in cards:
            register(rnd, card, p)
    if contract is not None:
        p, cid = contract
        rnd.table.players[p].contract = cid
        rnd.table.players[p].contract_status = ContractStatus.OPEN
        register(rnd, lib[cid], p)
    return rnd


def test_chi_only_from_the_upper_seat_by_default_s11() -> None:
    rnd = _round({})
    rules, table = rnd.rules, rnd.table
    assert rules.may_call(table, 1, CallKind.CHI, parse_one("3m"), 0).allowed
    verdict = rules.may_call(table, 2, CallKind.CHI, parse_one("3m"), 0)
    assert not verdict.allowed and verdict.by == "rule"


def test_g04_permits_chi_from_any_seat_and_names_itself_lib7() -> None:
    rnd = _round({2: ["G-04"]})
    verdict = rnd.rules.may_call(rnd.table, 2, CallKind.CHI, parse_one("3m"), 0)
    assert verdict.allowed and verdict.by == "G-04" and verdict.level == 4


def test_contract_ban_beats_the_augment_permission_blocked_by_b01_s9_7() -> None:
    rnd = _round({2: ["G-04"]}, contract=(2, "B-01"))
    verdict = rnd.rules.may_call(rnd.table, 2, CallKind.CHI, parse_one("3m"), 0)
    assert not verdict.allowed and verdict.by == "B-01" and verdict.level == 3
    upper = rnd.rules.may_call(rnd.table, 2, CallKind.CHI, parse_one("3m"), 1)
    assert not upper.allowed and upper.by == "B-01"


def test_abandoning_lifts_the_contract_ban_s10_2() -> None:
    rnd = _round({}, contract=(1, "B-02"))
    assert not rnd.rules.may_call(rnd.table, 1, CallKind.PON, parse_one("5p"), 0).allowed
    abandon(rnd, 1)
    assert rnd.rules.may_call(rnd.table, 1, CallKind.PON, parse_one("5p"), 0).allowed
    assert rnd.penalties[1] == -1


def test_an_answer_not_offered_is_an_illegal_action_exit_3() -> None:
    decision = Decision(DecisionKind.CALL, 1, ("pass", "pon"), "5p")
    assert check_answer(decision, "pon") == "pon"
    with pytest.raises(IllegalActionError) as err:
        check_answer(decision, "chi 345p")
    assert exit_code(err.value) == 3 and "call B 5p" in str(err.value)


def test_an_offered_hu_keeps_its_verdict_for_the_same_tile_claim_and_order_s12_3() -> None:
    """The verdict a hu was offered on settles it; a later winner of the same discard has a later hu
    order and is judged again."""
    claim = WinClaim(WinWay.RON, from_player=0)
    kept = OfferedWin(20, claim, 1, WinVerdict(4, (("hu_order_1", "first hu", 4),), False))
    assert kept.matches(20, WinClaim(WinWay.RON, from_player=0), 1)
    assert not kept.matches(20, claim, 2)
    assert not kept.matches(21, claim, 1)
    assert not kept.matches(20, WinClaim(WinWay.RON, from_player=3), 1)
