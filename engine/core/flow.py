"""One round of any rule set, from the deal to a win or 荒牌 (standard rules 出牌, 【和牌的规定】 一,
【胜负判定】 1, 2, 术语 二十; issue 14 item 1).

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

The round runs in :func:`run_round`, the choices of a turn in :func:`own_turn`, and what follows
a discard or an added kong in :func:`engine.core.responses.after_discard` and ``added_kong``, with
the turn as their side: the loops and the sequences any rule set's table shares.  A rule set whose
round or turn does more than the core's (set-up phases, seats that leave, events before each
choice, cards that allow or forbid a kong) gives them a :class:`RoundSide` and an :class:`OwnTurn`
of its own, its turn also their side.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from engine.core.deal import TableDeal, deal, draw
from engine.core.decisions import HU, Decision, DecisionKind, put
from engine.core.errors import InputError
from engine.core.melds import Meld, MeldKind
from engine.core.responses import added_kong, after_discard, ask, claimed
from engine.core.ruleset import Call
from engine.core.seats import PLAYERS
from engine.core.table import Player, Table, TableMeld
from engine.core.tiles import FACES, INSTANCE_KINDS, NUM_KINDS
from engine.core.win import Scored, WinContext
from engine.core.win_facts import win_context, winning

Step = Generator[Decision, str, "Next | Ended"]
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
T = TypeVar("T")


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
    """Whose turn comes: ``tile`` the kind of the tile the player just took (``None``: it draws first),
    ``after_kong`` that tile a kong's replacement, ``called`` the player just made a pon or chi."""

    player: int
    tile: int | None = None
    after_kong: bool = False
    called: bool = False


@dataclass(frozen=True)
class Ended:
    """The round is over: its wins, none when the wall ran out."""

    wins: tuple[WinRecord, ...] = ()


def play_round(table: Table[Player], number: int = 1) -> Generator[Decision, str, RoundResult]:
    """Deal and play round ``number`` until a win or the exhausted wall; the round's result."""
    return run_round(_TableRound(table, number))


class RoundSide(Protocol[T, R_co]):
    """A rule set's side of a round, which :func:`run_round` runs: its opening up to the first turn,
    each turn (``T``, whose it is and how it starts) giving the next, and its close."""

    def open_round(self) -> Generator[Decision, str, T | None]:
        """The round begins and the hands are dealt: the first turn, or none when the round ended
        meanwhile."""
        ...

    def play_turn(self, at: T) -> Generator[Decision, str, T | None]:
        """Turn ``at``: the next turn, or none when the round is over."""
        ...

    def close_round(self) -> Generator[Decision, str, R_co]:
        """The round ends: its result."""
        ...


def run_round(side: RoundSide[T, R]) -> Generator[Decision, str, R]:
    """One round from its opening to its result: the first turn, then each turn in turn until one
    ends the round (出牌, §11)."""
    upcoming = yield from side.open_round()
    while upcoming is not None:
        upcoming = yield from side.play_turn(upcoming)
    return (yield from side.close_round())


class _TableRound:
    """The core table's round: ``round.started``, the deal, the dealer's first choice on its
    fourteen tiles, turns until a win or the wall's end, ``round.ended``."""

    __slots__ = ("number", "table", "wins")

    def __init__(self, table: Table[Player], number: int) -> None:
        self.table = table
        self.number = number
        self.wins: tuple[WinRecord, ...] = ()

    def open_round(self) -> Generator[Decision, str, Next | None]:
        """``round.started`` and the deal with the table's events; the dealer acts first without a
        draw."""
        table = self.table
        dealer = table.dealer
        table.emit("round.started", dealer, number=self.number, prevalent=FACES[table.prevalent_wind])
        if not (yield from deal(table, TableDeal(table))):
            return None
        return Next(dealer, INSTANCE_KINDS[table.players[dealer].hand[-1]])

    def play_turn(self, at: Next) -> Generator[Decision, str, Next | None]:
        """The turn; its wins kept when it ended the round."""
        step = yield from turn(self.table, at)
        if isinstance(step, Next):
            return step
        self.wins = step.wins
        return None

    def close_round(self) -> Generator[Decision, str, RoundResult]:
        """``round.ended`` with each player's gain."""
        yield from ()
        table = self.table
        gains = gains_total(self.wins)
        result = RoundResult(
            table.dealer, table.prevalent_wind, self.wins, gains, len(table.wall), table.turns
        )
        table.emit("round.ended", None, drawn=result.drawn, wall_left=result.wall_left, gains=list(gains))
        return result


def turn(table: Table[Player], at: Next) -> Step:
    """One player's turn: its draw if due, then choices until a discard, a win or the wall's end."""
    p = at.player
    tile = at.tile
    if tile is None:
        drawn = draw(table, p, tail=False)
        if drawn is None:
            return Ended()
        tile = INSTANCE_KINDS[drawn]
    table.turns += 1
    return (yield from own_turn(_TableTurn(table, p, tile, after_kong=at.after_kong, called=at.called)))


class OwnTurn(Protocol[R_co]):
    """A rule set's side of a player's own turn, which :func:`own_turn` runs: the choice put, and
    what a self-drawn win, a discard and a kong do at its table."""

    def choose(self) -> Generator[Decision, str, str]:
        """The player's answer among its options: ``hu``, ``ankan 5m``, ``kakan 5m``, ``discard 5m``."""
        ...

    def win(self) -> Generator[Decision, str, R_co]:
        """The self-drawn win, and what follows it."""
        ...

    def discard(self, face: int) -> Generator[Decision, str, R_co]:
        """The discard of ``face``, its response window, and what follows."""
        ...

    def kong(self, added: bool, face: int) -> Generator[Decision, str, bool]:
        """A concealed or added (``added``) kong of ``face``: whether it stood and its replacement
        came, so that a new choice follows."""
        ...

    def ended(self) -> R_co:
        """What follows a kong that ended the turn (robbed, or no tile left to replace it)."""
        ...


OWN_ANSWERS: Final = {
    f"{verb} {FACES[k]}": (verb, k) for verb in ("discard", "ankan", "kakan") for k in range(NUM_KINDS)
}
"""What each answer of a turn other than ``hu`` does, and to which face."""


def own_turn(turn: OwnTurn[R]) -> Generator[Decision, str, R]:
    """The choices of a player's own turn until it ends (出牌 1–3, §11 phase 2): a win ends it, a
    discard hands it to the response window, a kong that stands is replaced and gives a new
    choice."""
    while True:
        answer = yield from turn.choose()
        if answer == HU:
            return (yield from turn.win())
        verb, face = OWN_ANSWERS[answer]
        if verb == "discard":
            return (yield from turn.discard(face))
        if not (yield from turn.kong(verb == "kakan", face)):
            return turn.ended()


class _TableTurn:
    """The core table's own turn: ``tile`` the tile just taken, ``after_kong`` a kong's
    replacement, ``called`` just after a pon or a chi; and its side of the sequence after its
    discard and of its added kong (:func:`after_discard`, :func:`added_kong`)."""

    __slots__ = ("after_kong", "called", "p", "result", "table", "tiers", "tile")

    def __init__(self, table: Table[Player], p: int, tile: int, *, after_kong: bool, called: bool) -> None:
        self.table = table
        self.p = p
        self.tile = tile
        self.after_kong = after_kong
        self.called = called
        self.result = Ended()
        self.tiers: Mapping[str, tuple[int, int]] = table.tiers
        """The rule set's call tiers, which rank the window's claims."""

    def choose(self) -> Generator[Decision, str, str]:
        """The turn's options; a lone one is taken without asking."""
        options = turn_options(self.table, self.p, self.tile, after_kong=self.after_kong, called=self.called)
        if len(options) == 1:
            return options[0]
        return (yield put(DecisionKind.TURN, self.p, options, FACES[self.tile]))

    def win(self) -> Step:
        """Score and settle the self-drawn win; the round ends."""
        yield from ()
        win = win_context(self.table, self.p, self.tile, None, after_kong=self.after_kong)
        lay_down(self.table, [self.p], None)
        return Ended((settle(self.table, win),))

    def discard(self, face: int) -> Step:
        """The discard and the sequence after it."""
        return after_discard(self, self.p, face)

    def kong(self, added: bool, face: int) -> Generator[Decision, str, bool]:
        """A concealed kong, or an added kong the others may rob first (抢杠, 和牌的规定 二 (二) 2:
        "包括抢杠和"); one that stands is replaced from the tail."""
        table, p = self.table, self.p
        player = table.players[p]
        table.any_call = True
        if added:
            tile = next(i for i in player.hand if INSTANCE_KINDS[i] == face)
            if not (yield from added_kong(self, p, tile)):
                return False
        else:
            kong = tuple(take(player, face) for _ in range(4))
            player.melds.append(TableMeld(Meld(MeldKind.ANKAN, (face,) * 4), kong))
            table.emit("meld", p, kind=MeldKind.ANKAN.value, tile=FACES[face])
        replacement = draw(table, p, tail=True)
        if replacement is None:
            return False
        self.tile, self.after_kong = INSTANCE_KINDS[replacement], True
        return True

    def ended(self) -> Next | Ended:
        """The round's end: the robbing wins, or none when the wall ran out."""
        return self.result

    def discarded(self, p: int, face: int) -> Generator[Decision, str, int]:
        """The discard goes to the river."""
        yield from ()
        player = self.table.players[p]
        tile = take(player, face)
        player.river.append(tile)
        player.discarded.append(face)
        return tile

    def respond(self, source: int, tile: int, rob: bool) -> Generator[Decision, str, dict[int, str]]:
        """The window on the discard or added kong of ``tile``."""
        return ask(self.table, source, INSTANCE_KINDS[tile], rob=rob)

    def unclaimed(self, p: int, tile: int) -> Step:
        """The next seat in the round draws; none left, the round ends."""
        yield from ()
        following = self.table.next_in_game(p)
        return Ended() if following is None else Next(following)

    def ron(self, p: int, tile: int, winners: list[int]) -> Step:
        """The winners take the discard from the river, lay their hands down and are settled; the
        round ends."""
        yield from ()
        table = self.table
        face = INSTANCE_KINDS[tile]
        wins = [win_context(table, q, face, p) for q in winners]
        table.players[p].river.pop()
        lay_down(table, winners, tile)
        return Ended(tuple(settle(table, win) for win in wins))

    def call(self, p: int, tile: int, caller: int, answer: str) -> Step:
        """The caller takes the discard into its meld and discards next; after an exposed kong it
        takes the replacement first (出牌 3)."""
        yield from ()
        table = self.table
        face = INSTANCE_KINDS[tile]
        table.players[p].river.pop()
        kind, used = claimed(answer, face)
        meld = Meld(kind, (*used, face))
        claimant = table.players[caller]
        held = tuple(take(claimant, k) for k in used)
        claimant.melds.append(TableMeld(meld, (*held, tile), p))
        table.any_call = True
        table.emit("meld", caller, kind=meld.kind.value, tile=FACES[face], **{"from": PLAYERS[p]})
        if meld.kind is not MeldKind.MINKAN:
            return Next(caller, face, called=True)
        replacement = draw(table, caller, tail=True)
        if replacement is None:
            return Ended()
        return Next(caller, INSTANCE_KINDS[replacement], after_kong=True)

    def robbed(self, p: int, tile: int, robbers: list[int]) -> Generator[Decision, str, None]:
        """The robbers win on the tile added to the pon; the round ends with their wins."""
        yield from ()
        table = self.table
        table.players[p].hand.remove(tile)
        wins = [win_context(table, q, INSTANCE_KINDS[tile], p, robbing_kong=True) for q in robbers]
        lay_down(table, robbers, tile)
        self.result = Ended(tuple(settle(table, win) for win in wins))

    def stands(self, p: int, tile: int) -> Generator[Decision, str, None]:
        """The pon becomes an added kong."""
        yield from ()
        player = self.table.players[p]
        face = INSTANCE_KINDS[tile]
        index, pon = next(
            (i, m)
            for i, m in enumerate(player.melds)
            if m.meld.kind is MeldKind.PON and m.meld.tiles[0] == face
        )
        player.hand.remove(tile)
        player.melds[index] = TableMeld(
            Meld(MeldKind.KAKAN, (face,) * 4), (*pon.instances, tile), pon.from_player
        )
        self.table.emit("meld", p, kind=MeldKind.KAKAN.value, tile=FACES[face])


def turn_options(
    table: Table[Player], p: int, tile: int, *, after_kong: bool, called: bool
) -> tuple[str, ...]:
    """What ``p`` may do holding ``tile`` (a kind) just taken: ``hu``, its kongs (while the wall can
    replace them), its discards, in that order; after a pon or a chi only a discard (R473)."""
    player = table.players[p]
    found: list[str] = []
    held = player.counts()
    if not called:
        if winning(table, p, tile, None, after_kong=after_kong):
            found.append(HU)
        if table.wall:
            if Call.CONCEALED_KONG in table.calls and 4 in held:
                found.extend(f"ankan {FACES[k]}" for k, n in enumerate(held) if n == 4)
            if Call.ADDED_KONG in table.calls and player.melds:
                pons = sorted(m.meld.tiles[0] for m in player.melds if m.meld.kind is MeldKind.PON)
                found.extend(f"kakan {FACES[k]}" for k in pons if held[k])
    found.extend(f"discard {FACES[k]}" for k, n in enumerate(held) if n)
    return tuple(found)


def take(player: Player, face: int) -> int:
    """Take from ``player``'s concealed hand its first tile of kind ``face``; that instance."""
    hand = player.hand
    for at, i in enumerate(hand):
        if INSTANCE_KINDS[i] == face:
            return hand.pop(at)
    raise ValueError(f"no {FACES[face]} in hand")


def lay_down(table: Table[Player], winners: Sequence[int], tile: int | None) -> None:
    """The winners lay their hands down and leave the round (standard rules 和牌; rulebook §11 phase
    3): a tile won on a discard or a robbed kong (``tile``) joins the first winner's tiles, as at
    hextech's table, so the table still holds every tile of the rule set (R808)."""
    if tile is not None:
        table.players[winners[0]].hand.append(tile)
    for q in winners:
        table.players[q].won = True


def settle(table: Table[Player], win: WinContext) -> WinRecord:
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
