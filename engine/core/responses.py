"""The response window on a discard or an added kong, its claims resolved by the rule set's
priority tiers as data (standard rules 出牌 1–3 and its 注; 和牌的规定 二 (三); issue 14 item 1).

Every other seat, in turn order from the discarder, is asked what it answers: ``pass``, ``hu``,
``pon``, ``kong`` or ``chi 345m``, among what its hand and the rule set allow (a chi only from the
upper seat when :attr:`RuleSet.chi_from_upper_seat_only`, 出牌 1: "上家打出牌"; an exposed kong only
while the wall can replace it).  Then the claims of the highest tier of :attr:`RuleSet.calls` win
(出牌 注: "胡>碰/杠>吃"); within that tier the seat nearest the discarder in turn order is first
(和牌的规定 二 (三)), and of a tier holding ``hu`` the first :attr:`RuleSet.winners_per_discard`
claims stand.  An added kong is answered with ``hu`` (抢杠) or ``pass`` alone.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping

from engine.core.decisions import HU, PASS, Decision, DecisionKind
from engine.core.ruleset import Call, RuleSet
from engine.core.table import Table, after, distance
from engine.core.tiles import FACES, format_tiles
from engine.core.win_facts import winning

CALL_OF: dict[str, Call] = {"hu": Call.HU, "pon": Call.PON, "kong": Call.KONG, "chi": Call.CHI}
"""The call an answer's first word makes."""


def _runs(face: int) -> tuple[tuple[str, int, int], ...]:
    """The chi options through a number tile, lowest run first, each with the two tiles it needs."""
    if face >= 27:
        return ()
    suit = face // 9
    found = []
    for start in (face - 2, face - 1, face):
        if start >= 0 and start // 9 == suit == (start + 2) // 9:
            run = (start, start + 1, start + 2)
            a, b = (k for k in run if k != face)
            found.append((f"chi {format_tiles(run)}", a, b))
    return tuple(found)


CHI_RUNS = tuple(_runs(face) for face in range(34))
"""For each face, its chi options and the two held tiles each needs (出牌 1)."""


def response_options(table: Table, q: int, source: int, face: int, *, rob: bool) -> tuple[str, ...]:
    """What ``q`` may answer to ``source``'s discard of ``face`` (or its added kong, ``rob``)."""
    calls = table.calls
    found = [PASS]
    if Call.HU in calls and winning(table, q, face, source, robbing_kong=rob):
        found.append(HU)
    if rob:
        return tuple(found)
    held = table.seats[q].counts()
    if held[face] >= 2 and Call.PON in calls:
        found.append("pon")
    if held[face] == 3 and table.wall and Call.KONG in calls:
        found.append("kong")
    if Call.CHI in calls and (not table.rules.chi_from_upper_seat_only or q == (source + 1) % 4):
        found.extend(text for text, a, b in CHI_RUNS[face] if held[a] and held[b])
    return tuple(found)


def ask(table: Table, source: int, face: int, *, rob: bool) -> Generator[Decision, str, dict[int, str]]:
    """Put the window to every other seat that has more than ``pass`` to answer, in turn order from
    ``source``; their answers by seat."""
    kind = DecisionKind.ROB_KONG if rob else DecisionKind.CALL
    answers: dict[int, str] = {}
    for q in after(source):
        options = response_options(table, q, source, face, rob=rob)
        if len(options) > 1:
            answers[q] = yield Decision(kind, q, options, FACES[face])
    return answers


def resolve(rules: RuleSet, source: int, answers: Mapping[int, str]) -> list[int]:
    """The claims that stand, nearest the discarder first: those of the highest tier claimed, one
    of them, or up to :attr:`RuleSet.winners_per_discard` of a tier holding ``hu``; none if all
    passed."""
    claims = [
        (rules.priority(CALL_OF[answer.partition(" ")[0]]), distance(source, q), q)
        for q, answer in answers.items()
        if answer != PASS
    ]
    if not claims:
        return []
    top = min(claims)[0]
    ranked = [q for tier, _, q in sorted(claims) if tier == top]
    stand = rules.winners_per_discard if Call.HU in rules.calls[top] else 1
    return ranked[:stand]
