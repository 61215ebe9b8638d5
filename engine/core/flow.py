"""One round of any rule set, from the deal to a win or 荒牌 (standard rules 出牌, 和牌的规定,
术语 二十; issue 14 item 1).

:func:`play_round` is a generator: it yields every :class:`Decision` a player takes and resumes
with the answer, so agents, a replay and a scripted test answer alike; it returns the
:class:`RoundResult`.  After the deal (:mod:`engine.core.deal`) the dealer acts first without a
draw; each turn is a draw from the front (flowers replaced from the tail), then the player's
choice: ``hu`` when :meth:`RuleSet.may_win` allows the self-drawn win, a concealed kong
(``ankan 5m``) or an added kong (``kakan 5m``, which the others may rob, 抢杠), both replaced from
the tail (出牌 3: "报开杠后应即在牌墙最后补进一张牌") and followed by a new choice, or a discard.
A discard opens the response window (:mod:`engine.core.responses`): a standing ``hu`` ends the
round with its winners, a pon or a chi makes the caller discard next, an exposed kong makes it
take the replacement first; with no claim the next seat draws.  A player who must draw from an
empty wall ends the round drawn: 荒牌 (术语 二十: the last tile drawn and discarded, nobody won).
Each win is scored by :meth:`RuleSet.score` and settled by :meth:`RuleSet.settle`.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from engine.core.deal import deal, draw
from engine.core.decisions import HU, Decision, DecisionKind
from engine.core.errors import InputError
from engine.core.melds import Meld, MeldKind
from engine.core.responses import ask, resolve
from engine.core.ruleset import Call
from engine.core.seats import PLAYERS
from engine.core.table import Table
from engine.core.tiles import FACES, parse, parse_one
from engine.core.win import Scored, WinContext
from engine.core.win_facts import win_context, winning

Step = Generator[Decision, str, "Next | Ended"]


@dataclass(frozen=True)
class WinRecord:
    """One win of a round: the winner, the discarder (``None`` self-drawn), the tile, its
    circumstances, its score and each player's gain from it."""

    winner: int
    discarder: int | None
    tile: int
    context: WinContext
    scored: Scored
    gains: tuple[int, ...]


@dataclass(frozen=True)
class RoundResult:
    """What a round produced: its wins (none for 荒牌), each player's gain, the wall left and the
    turns taken."""

    dealer: int
    prevalent_wind: int
    wins: tuple[WinRecord, ...]
    gains: tuple[int, ...]
    wall_left: int
    turns: int

    @property
    def drawn(self) -> bool:
        """荒牌: nobody won."""
        return not self.wins


@dataclass(frozen=True)
class Next:
    """Whose turn comes: ``tile`` the tile the player just took (``None``: it draws first),
    ``after_kong`` that tile a kong's replacement, ``called`` the player just made a pon or chi."""

    player: int
    tile: int | None = None
    after_kong: bool = False
    called: bool = False


@dataclass(frozen=True)
class Ended:
    """The round is over: its wins, none when the wall ran out."""

    wins: tuple[WinRecord, ...] = ()


def play_round(table: Table, number: int = 1) -> Generator[Decision, str, RoundResult]:
    """Deal and play round ``number`` until a win or the exhausted wall; the round's result."""
    dealer = table.dealer
    table.emit("round.started", dealer, number=number, prevalent=FACES[table.prevalent_wind])
    state: Next | Ended = Ended()
    if deal(table):
        state = Next(dealer, table.seats[dealer].hand[-1])
    while isinstance(state, Next):
        state = yield from turn(table, state)
    gains = gains_total(state.wins)
    result = RoundResult(dealer, table.prevalent_wind, state.wins, gains, len(table.wall), table.turns)
    table.emit("round.ended", None, drawn=result.drawn, wall_left=result.wall_left, gains=list(gains))
    return result


def turn(table: Table, at: Next) -> Step:
    """One player's turn: its draw if due, then choices until a discard, a win or the wall's end."""
    p = at.player
    tile = at.tile
    if tile is None:
        tile = draw(table, p, tail=False)
        if tile is None:
            return Ended()
    table.turns += 1
    after_kong = at.after_kong
    while True:
        options = turn_options(table, p, tile, after_kong=after_kong, called=at.called)
        answer = (
            (yield Decision(DecisionKind.TURN, p, options, FACES[tile])) if len(options) > 1 else options[0]
        )
        if answer == HU:
            return Ended((settle(table, win_context(table, p, tile, None, after_kong=after_kong)),))
        verb, _, face_text = answer.partition(" ")
        face = parse_one(face_text)
        if verb == "discard":
            return (yield from discard(table, p, face))
        robbed = yield from declare_kong(table, p, face, added=verb == "kakan")
        if robbed:
            return Ended(robbed)
        replacement = draw(table, p, tail=True)
        if replacement is None:
            return Ended()
        tile, after_kong = replacement, True


def turn_options(table: Table, p: int, tile: int, *, after_kong: bool, called: bool) -> tuple[str, ...]:
    """What ``p`` may do holding ``tile`` just taken: ``hu``, its kongs (while the wall can replace
    them), its discards, in that order; after a pon or a chi only a discard (R473)."""
    seat = table.seats[p]
    found: list[str] = []
    held = seat.counts()
    if not called:
        if winning(table, p, tile, None, after_kong=after_kong):
            found.append(HU)
        if table.wall:
            if Call.CONCEALED_KONG in table.calls and 4 in held:
                found.extend(f"ankan {FACES[k]}" for k, n in enumerate(held) if n == 4)
            if Call.ADDED_KONG in table.calls and seat.melds:
                pons = sorted(m.tiles[0] for m in seat.melds if m.kind is MeldKind.PON)
                found.extend(f"kakan {FACES[k]}" for k in pons if held[k])
    found.extend(f"discard {FACES[k]}" for k, n in enumerate(held) if n)
    return tuple(found)


def discard(table: Table, p: int, face: int) -> Step:
    """``p`` discards ``face``; the window's standing claims decide what follows."""
    seat = table.seats[p]
    seat.hand.remove(face)
    seat.river.append(face)
    seat.discarded = True
    table.shown[face] += 1
    answers = yield from ask(table, p, face, rob=False)
    standing = resolve(table.rules, p, answers)
    if not standing:
        return Next((p + 1) % 4)
    first = answers[standing[0]]
    if first == HU:
        wins = [win_context(table, q, face, p) for q in standing if answers[q] == HU]
        seat.river.pop()
        table.shown[face] -= 1
        return Ended(tuple(settle(table, win) for win in wins))
    caller = standing[0]
    verb, _, run = first.partition(" ")
    seat.river.pop()
    if verb == "chi":
        used = [k for k in parse(run) if k != face]
        meld = Meld(MeldKind.CHI, (*used, face))
    else:
        used = [face] * (3 if verb == "kong" else 2)
        meld = Meld(MeldKind.MINKAN if verb == "kong" else MeldKind.PON, (face,) * (len(used) + 1))
    claimant = table.seats[caller]
    for k in used:
        claimant.hand.remove(k)
        table.shown[k] += 1
    claimant.melds.append(meld)
    claimant.sources.append(p)
    table.any_call = True
    table.emit("meld", caller, kind=meld.kind.value, tile=FACES[face], **{"from": PLAYERS[p]})
    if meld.kind is not MeldKind.MINKAN:
        return Next(caller, face, called=True)
    replacement = draw(table, caller, tail=True)
    if replacement is None:
        return Ended()
    return Next(caller, replacement, after_kong=True)


def declare_kong(
    table: Table, p: int, face: int, *, added: bool
) -> Generator[Decision, str, tuple[WinRecord, ...]]:
    """A concealed kong, or an added kong the others may rob first (抢杠, 和牌的规定 二 (二) 2:
    "包括抢杠和"); the wins if it was robbed, else nothing and the kong stands."""
    seat = table.seats[p]
    table.any_call = True
    if added:
        answers = yield from ask(table, p, face, rob=True)
        robbers = resolve(table.rules, p, answers)
        if robbers:
            seat.hand.remove(face)
            return tuple(settle(table, win_context(table, q, face, p, robbing_kong=True)) for q in robbers)
        index = next(i for i, m in enumerate(seat.melds) if m.kind is MeldKind.PON and m.tiles[0] == face)
        seat.hand.remove(face)
        seat.melds[index] = Meld(MeldKind.KAKAN, (face,) * 4)
        table.shown[face] += 1
    else:
        for _ in range(4):
            seat.hand.remove(face)
        seat.melds.append(Meld(MeldKind.ANKAN, (face,) * 4))
        seat.sources.append(None)
    table.emit("meld", p, kind=MeldKind.KAKAN.value if added else MeldKind.ANKAN.value, tile=FACES[face])
    return ()


def settle(table: Table, win: WinContext) -> WinRecord:
    """Score and settle one win; :class:`InputError` when the rule set's settlement is not one
    whole-number gain per player."""
    rules = table.rules
    scored = rules.score(win, table.options)
    gains = tuple(rules.settle(win, scored, table.options))
    if len(gains) != 4 or not all(isinstance(g, int) for g in gains):
        raise InputError(
            f"rule set {rules.name}: settle gave {gains!r}, not one whole-number gain per player"
        )
    table.emit(
        "win",
        win.winner,
        tile=FACES[win.winning_tile],
        **{"from": None if win.discarder is None else PLAYERS[win.discarder]},
        fan=[[f.name, f.value, f.count] for f in scored.fan],
        total=scored.total,
        gains=list(gains),
    )
    return WinRecord(win.winner, win.discarder, win.winning_tile, win, scored, gains)


def gains_total(wins: Sequence[WinRecord]) -> tuple[int, ...]:
    """Each player's gain summed over ``wins``."""
    return tuple(sum(w.gains[p] for w in wins) for p in range(4))
