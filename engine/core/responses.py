"""The response window on a discard or an added kong, its claims resolved by the rule set's
priority tiers as data (standard rules 出牌 1–3 and its 注; 和牌的规定 二 (三); issue 14 item 1).

Every other seat, in turn order from the discarder, is asked what it answers: ``pass``, ``hu``,
``pon``, ``kong`` or ``chi 345m``, among what its hand and the rule set allow (a chi only from the
upper seat when :attr:`RuleSet.chi_from_upper_seat_only`, 出牌 1: "上家打出牌"; an exposed kong only
while the wall can replace it; no chi, pon or kong for a waiting hand unless
:attr:`RuleSet.waiting_hand_calls`, 术语 十四).  Then the claims of the highest tier of
:attr:`RuleSet.calls` win (出牌 注: "胡>碰/杠>吃"); within that tier the seat nearest the
discarder in turn order is first (和牌的规定 二 (三)), and of a tier holding ``hu`` the first
:attr:`RuleSet.winners_per_discard` claims stand.  An added kong is answered with ``hu`` (抢杠) or
``pass`` alone.

What follows the window is one sequence for every rule set (出牌 1–3; rulebook §11 phase 2, §12):
:func:`after_discard` makes the discard, puts the window on it and ranks its claims, then a standing
``hu`` wins, else the first standing claim makes its call, else play passes on; :func:`added_kong`
puts the window on an added kong, which is robbed or stands.  What the discard and each branch do at
a table is the rule set's own, given by the side it plays them with (:class:`AfterDiscard`,
:class:`AddedKong`: its own turn, already made).  A rule set whose table does more than the core's —
seats that leave the round, cards that allow or forbid a call, chows the core does not know — builds
each seat's answers with :func:`call_answers` and its own :data:`ClaimTest` and run table, puts them
with :func:`ask_in_turn` and reads the meld a claim makes with :func:`claimed`: the window, its
tiers and the branch stay the core's.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from typing import Final, Protocol, TypeVar

from engine.core.decisions import HU, PASS, Decision, DecisionKind, put
from engine.core.melds import MeldKind
from engine.core.ruleset import Call
from engine.core.table import Player, Table
from engine.core.tiles import FACES, NUM_KINDS, format_tiles, parse
from engine.core.wall import Wall
from engine.core.win_facts import copies_on_view, winning

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

ClaimTest = Callable[[Call], bool]
"""Whether the answering seat may make a call its hand allows (``pon``, ``kong`` or ``chi``): the
hook by which a rule set's cards or contracts permit or forbid a claim."""

Run = tuple[int, int, int]
RunOptions = tuple[tuple[tuple[str, int, int], ...], ...]
"""For each face, the chi answers through it, each with the two held tiles it needs."""


def chi_runs(extra: Sequence[Run] = ()) -> RunOptions:
    """For each face, its chi answers, lowest run first: the one-suit runs through a number tile
    (出牌 1), and through an honour those of ``extra`` a rule set counts as a chow."""
    table = []
    for face in range(NUM_KINDS):
        if face >= 27:
            runs = [run for run in extra if face in run]
        else:
            suit = face // 9
            runs = [
                (start, start + 1, start + 2)
                for start in (face - 2, face - 1, face)
                if start >= 0 and start // 9 == suit == (start + 2) // 9
            ]
        found = []
        for run in runs:
            a, b = (k for k in run if k != face)
            found.append((f"chi {format_tiles(run)}", a, b))
        table.append(tuple(found))
    return tuple(table)


CHI_RUNS: Final = chi_runs()
"""The one-suit chi answers of each face (出牌 1)."""


def _any(call: Call) -> bool:
    """Every call the hand allows may be made."""
    return True


def call_answers(
    held: Sequence[int],
    face: int,
    calls: frozenset[Call],
    wall: Wall,
    *,
    may: ClaimTest = _any,
    runs: RunOptions = CHI_RUNS,
) -> list[str]:
    """The calls a seat holding the 34 counts ``held`` may make on ``face``, among ``calls``:
    ``pon`` on two held, ``kong`` on three while ``wall`` holds a tile to replace it, the chi runs
    of ``runs`` whose two other tiles it holds; each only as ``may`` allows, asked once per call
    and only of a call the hand allows."""
    found: list[str] = []
    n = held[face]
    if n >= 2 and Call.PON in calls and may(Call.PON):
        found.append("pon")
    if n == 3 and wall and Call.KONG in calls and may(Call.KONG):
        found.append("kong")
    chis = []
    for text, a, b in runs[face]:
        if held[a] and held[b]:
            chis.append(text)
    if chis and Call.CHI in calls and may(Call.CHI):
        found += chis
    return found


def response_options(
    table: Table[Player], q: int, source: int, face: int, *, rob: bool, shown: int | None = None
) -> tuple[str, ...]:
    """What ``q`` may answer to ``source``'s discard of ``face`` (or its added kong, ``rob``);
    ``shown`` the copies of ``face`` on view when the window has counted them (:func:`winning`)."""
    found = [PASS]
    if Call.HU in table.calls and winning(table, q, face, source, robbing_kong=rob, shown=shown):
        found.append(HU)
    if rob:
        return tuple(found)
    upper = not table.rules.chi_from_upper_seat_only or table.upper_of(q) == source
    calls = table.calls if upper else table.calls_not_upper
    held = table.players[q].counts()
    claims = call_answers(held, face, calls, table.wall)
    if claims and not table.rules.waiting_hand_calls and waiting(table, q, held):
        claims = []
    return (*found, *claims)


def waiting(table: Table[Player], q: int, held: Sequence[int]) -> bool:
    """听牌: one tile completes ``q``'s hand, the 34 counts ``held`` beside its melds, in one of the
    rule set's win forms, whatever it would score (spec 002 术语 十四, R553)."""
    return bool(table.aim.waits(held, len(table.players[q].melds)))


def claimed(answer: str, face: int) -> tuple[MeldKind, list[int]]:
    """The meld a standing ``pon``, ``kong`` or ``chi 345m`` on ``face`` makes, and the held tiles it
    takes: the run's other two, or two or three of the face (出牌 1–3)."""
    verb, _, run = answer.partition(" ")
    if verb == "chi":
        return MeldKind.CHI, [k for k in parse(run) if k != face]
    if verb == "kong":
        return MeldKind.MINKAN, [face] * 3
    return MeldKind.PON, [face] * 2


def ask_in_turn(
    order: Iterable[int], options_of: Callable[[int], tuple[str, ...]], kind: DecisionKind, about: str
) -> Generator[Decision, str, dict[int, str]]:
    """Put the window to each seat of ``order`` (turn order from the discarder) that has more than
    ``pass`` to answer among ``options_of`` it; their answers by seat, in that order."""
    answers: dict[int, str] = {}
    for q in order:
        options = options_of(q)
        if len(options) > 1:
            answers[q] = yield put(kind, q, options, about)
    return answers


def ask(
    table: Table[Player], source: int, face: int, *, rob: bool
) -> Generator[Decision, str, dict[int, str]]:
    """Put the window to every other player in the round that has more than ``pass`` to answer, in
    turn order from ``source``; their answers by player."""
    kind = DecisionKind.ROB_KONG if rob else DecisionKind.CALL
    return (
        yield from ask_in_turn(
            table.clockwise_from(source), _options_of(table, source, face, rob), kind, FACES[face]
        )
    )


def _options_of(table: Table[Player], source: int, face: int, rob: bool) -> Callable[[int], tuple[str, ...]]:
    """Each seat's :func:`response_options` to this discard or added kong: the copies of the face
    on view are counted once, as no answer moves a tile until the window closes."""
    shown = copies_on_view(table, face) if Call.HU in table.calls else None

    def options_of(q: int) -> tuple[str, ...]:
        return response_options(table, q, source, face, rob=rob, shown=shown)

    return options_of


def resolve(tiers: Mapping[str, tuple[int, int]], answers: Mapping[int, str]) -> list[int]:
    """The claims that stand among ``answers`` (in turn order from the discarder, as
    :func:`ask_in_turn` gathers them) by the rule set's :meth:`RuleSet.claim_tiers`, nearest the
    discarder first: those of the highest tier claimed, one of them, or up to
    :attr:`RuleSet.winners_per_discard` of a tier holding ``hu``; none if all passed."""
    claims = [
        (tiers[answer.partition(" ")[0]], order, q)
        for order, (q, answer) in enumerate(answers.items())
        if answer != PASS
    ]
    if not claims:
        return []
    (top, stand), _, _ = min(claims)
    return [q for tier, _, q in sorted(claims) if tier[0] == top][:stand]


class Window(Protocol):
    """A rule set's response window: its call tiers (:meth:`RuleSet.claim_tiers`) and the window put
    to the other seats."""

    @property
    def tiers(self) -> Mapping[str, tuple[int, int]]:
        """Each claim's tier and how many of that tier stand."""
        ...

    def respond(self, source: int, tile: int, rob: bool) -> Generator[Decision, str, dict[int, str]]:
        """The answers to ``source``'s discard of the tile instance ``tile`` (or its added kong,
        ``rob``), by seat in turn order from ``source`` (:func:`ask_in_turn`)."""
        ...


class AfterDiscard(Window, Protocol[R_co]):
    """A rule set's side of the sequence of a discard, which :func:`after_discard` runs: the discard
    itself and what each of its three outcomes does at the rule set's table."""

    def discarded(self, p: int, face: int) -> Generator[Decision, str, int]:
        """``p`` discards ``face``: the tile instance that lies in its river when the window opens
        (another, when the rule set lets the discard be taken back and made again)."""
        ...

    def unclaimed(self, p: int, tile: int) -> Generator[Decision, str, R_co]:
        """Nobody claimed ``p``'s discard ``tile``: play passes on."""
        ...

    def ron(self, p: int, tile: int, winners: list[int]) -> Generator[Decision, str, R_co]:
        """``winners`` (nearest ``p`` first) win on ``p``'s discard ``tile``."""
        ...

    def call(self, p: int, tile: int, caller: int, answer: str) -> Generator[Decision, str, R_co]:
        """``caller``'s claim ``answer`` (``pon``, ``kong``, ``chi 345m``) on ``p``'s discard ``tile``
        stands: the meld is made and the caller plays on."""
        ...


def after_discard(side: AfterDiscard[R], p: int, face: int) -> Generator[Decision, str, R]:
    """``p`` discards ``face``, and what follows (出牌 1–3 and its 注; rulebook §11 phase 2, §12.2,
    §12.3): the window on the tile and its claims ranked by the tiers; the standing ``hu`` claims
    win, else the first standing claim's call is made, else play passes on."""
    tile = yield from side.discarded(p, face)
    answers = yield from side.respond(p, tile, False)
    standing = resolve(side.tiers, answers)
    if not standing:
        return (yield from side.unclaimed(p, tile))
    first = answers[standing[0]]
    if first == HU:
        return (yield from side.ron(p, tile, [q for q in standing if answers[q] == HU]))
    return (yield from side.call(p, tile, standing[0], first))


class AddedKong(Window, Protocol):
    """A rule set's side of an added kong, which :func:`added_kong` runs: what robbing it and its
    standing do at the rule set's table."""

    def robbed(self, p: int, tile: int, robbers: list[int]) -> Generator[Decision, str, None]:
        """``robbers`` (nearest ``p`` first) win on the tile ``tile`` ``p`` was adding to its pon."""
        ...

    def stands(self, p: int, tile: int) -> Generator[Decision, str, None]:
        """Nobody robbed it: ``tile`` joins ``p``'s pon as a kong."""
        ...


def added_kong(side: AddedKong, p: int, tile: int) -> Generator[Decision, str, bool]:
    """``p`` adds the tile instance ``tile`` to its pon, which the others may rob first (抢杠, 和牌的规定
    二 (二) 2; rulebook §13.9.4): the window on the kong and its ``hu`` claims ranked by the tiers;
    whether the kong stands."""
    answers = yield from side.respond(p, tile, True)
    robbers = resolve(side.tiers, answers)
    if robbers:
        yield from side.robbed(p, tile, robbers)
        return False
    yield from side.stands(p, tile)
    return True
