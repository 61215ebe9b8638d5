"""One round (局) from the deal to its end: the flow of §11 and the play after a win of §12.

:meth:`Round.play` is a generator: it yields every :class:`Decision` a player
must take and resumes with the answer, and returns the :class:`RoundResult`.
Set-up (§11 phase 1): the world card and the module set-up steps are the
session's; here the wall is shuffled, the dealer gets 14 tiles and the others
13, flowers are replaced from the tail, contracts are offered 2 normal + 1
black and chosen secretly.  Play (phase 2): normal draws from the front,
flowers and kongs replaced from the tail, concealed / exposed / added kongs
(an added kong may be robbed), chi from the upper seat only, pon, hu with
priority hu > pon/kong > chi and multiple ron in seat order from the
discarder.  A winner leaves and play goes on from the seat after the winner
(self-draw) or after the discarder (ron), skipping seats that have won; the
round ends at the third win or when the wall is exhausted (phases 3–6).  The
abandon window opens once, the first time the drawable tiles fall to 24 or
fewer, after the action in progress has settled (§10).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine.bus import Bus, Event
from engine.decisions import ABANDON, HU, KEEP, PASS, Decision, DecisionKind
from engine.melds import Meld, MeldKind
from engine.rules import CallKind, Rules, WinClaim, WinVerdict
from engine.state import PLAYERS, ContractStatus, PlayerState, Table, TableMeld, Win, WinWay
from engine.tiles import format_one, format_tiles, is_flower, kind_of_instance, parse_one, suit_of
from engine.wall import Wall

Step = Generator[Decision, str, None]

ABANDON_THRESHOLD = 24
"""§10: the window opens the first time the drawable tiles fall to this many or fewer."""
DEALER_TILES = 14
OTHER_TILES = 13
WINS_TO_END = 3


class EndReason(StrEnum):
    """Why a round ended (§11 phases 5 and 6)."""

    THIRD_WIN = "third_win"
    WALL_EXHAUSTED = "wall_exhausted"


class _Exhausted(Exception):
    """The wall ran out where a tile had to be drawn: the round ends (§11 phase 6)."""


@dataclass(frozen=True)
class ContractOffer:
    """The contract decks of the round, already shuffled by the session (§9.1)."""

    normal: list[str]
    black: list[str]
    normal_count: int = 2
    black_count: int = 1


@dataclass
class RoundResult:
    """What a round produced: its wins in order, each player's points, and why it ended."""

    wins: list[Win]
    scores: list[int]
    penalties: list[int]
    contracts: list[str | None]
    reason: EndReason
    wall_left: int
    returned_contracts: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class _Turn:
    """Who acts next and how their turn starts."""

    player: int
    draw: bool = True


class Round:
    """A round's table and its flow; drive it with :meth:`play`."""

    def __init__(
        self,
        *,
        dealer_seat: int,
        rng: random.Random,
        rules: Rules,
        bus: Bus,
        contracts: ContractOffer | None = None,
        seat_of: Sequence[int] = (0, 1, 2, 3),
        wall: Wall | None = None,
    ) -> None:
        self.rng = rng
        self.rules = rules
        self.bus = bus
        self.offer = contracts
        self.table = Table(
            wall=wall if wall is not None else Wall.shuffled(rng),
            players=[PlayerState() for _ in PLAYERS],
            dealer_seat=dealer_seat,
            seat_of=list(seat_of),
        )
        self.wins: list[Win] = []
        self.penalties = [0, 0, 0, 0]
        self.returned: dict[str, list[str]] = {"normal": [], "black": []}
        self._rinshan = False
        self._first_turn = True
        self._answers: dict[int, str] = {}

    @property
    def dealer(self) -> int:
        """The player at the dealer seat (§4)."""
        return self.table.player_at(self.table.dealer_seat)

    def emit(self, name: str, player: int | None = None, cause: str = "rule", **data: object) -> Step:
        """Record an event and deliver it to the cards listening (§6.6, §15)."""
        yield from self.bus.deliver(Event(name, player, cause, data), self)

    # -- phase 1: the deal -------------------------------------------------------------

    def play(self) -> Generator[Decision, str, RoundResult]:
        """Deal, choose contracts, play until the third win or the exhausted wall (§11)."""
        reason = EndReason.WALL_EXHAUSTED
        try:
            yield from self._deal()
            yield from self.emit("setup.ready")
            yield from self._choose_contracts()
            turn: _Turn | None = _Turn(self.dealer, draw=False)
            while turn is not None:
                turn = yield from self._turn(turn)
            reason = EndReason.THIRD_WIN
        except _Exhausted:
            reason = EndReason.WALL_EXHAUSTED
        if len(self.wins) >= WINS_TO_END:
            reason = EndReason.THIRD_WIN
        yield from self.emit("round.ended", reason=reason.value)
        return self._result(reason)

    def _deal(self) -> Step:
        t = self.table
        order = [self.dealer, *[p for p in t.clockwise_from(self.dealer)]]
        for p in order:
            n = DEALER_TILES if p == self.dealer else OTHER_TILES
            t.players[p].hand.extend(t.wall.draw_front() for _ in range(n))
        yield from self.emit("setup.dealt", hands={PLAYERS[p]: len(t.players[p].hand) for p in order})
        for p in order:
            yield from self._replace_flowers(p, phase="setup")

    def _replace_flowers(self, player: int, *, phase: str) -> Step:
        """Reveal every flower in hand and replace each from the tail (§11 phase 1, §6.6 补花)."""
        hand = self.table.players[player].hand
        while True:
            flowers = [t for t in hand if is_flower(kind_of_instance(t))]
            if not flowers:
                return
            for tile in flowers:
                hand.remove(tile)
                self.table.players[player].flowers.append(tile)
                yield from self.emit(
                    "flower.revealed", player, flower=format_one(kind_of_instance(tile)), phase=phase
                )
                drawn = self._draw(player, tail=True)
                yield from self.emit("draw.replacement", player, reason="flower", tile=self._show(drawn))
                yield from self._wall_changed()

    def _choose_contracts(self) -> Step:
        """Each player is offered 2 normal + 1 black contract and keeps one, all revealed at once (§9.1)."""
        if self.offer is None:
            return
        offer = self.offer
        picks: dict[int, str] = {}
        offered: dict[int, tuple[str, ...]] = {}
        for p in [self.dealer, *self.table.clockwise_from(self.dealer)]:
            normal = [offer.normal.pop() for _ in range(min(offer.normal_count, len(offer.normal)))]
            black = [offer.black.pop() for _ in range(min(offer.black_count, len(offer.black)))]
            offered[p] = (*normal, *black)
        for p, options in offered.items():
            if options:
                picks[p] = yield Decision(DecisionKind.CONTRACT, p, options)
        for p, options in offered.items():
            for cid in options:
                if cid != picks.get(p):
                    self.returned["black" if self.rules.is_black(cid) else "normal"].append(cid)
        for p in sorted(picks):
            player = self.table.players[p]
            player.contract = picks[p]
            player.contract_status = ContractStatus.OPEN
        yield from self.emit("contract.revealed", contracts={PLAYERS[p]: picks[p] for p in sorted(picks)})

    # -- phase 2: turns ----------------------------------------------------------------

    def _turn(self, turn: _Turn) -> Generator[Decision, str, _Turn | None]:
        """One player's turn: the abandon window if due, the draw, then own actions and a discard."""
        yield from self._abandon_window()
        p = turn.player
        player = self.table.players[p]
        if turn.draw:
            yield from self.emit("turn.started", p)
            if not self.table.wall:
                raise _Exhausted
            tile = self._draw(p, tail=False)
            player.normal_draws += 1
            self._rinshan = False
            yield from self.emit("draw.normal", p, tile=self._show(tile), k=player.normal_draws)
            yield from self._wall_changed()
            if is_flower(kind_of_instance(tile)):
                yield from self._replace_flowers(p, phase="play")
        return (yield from self._act(p, drawn=turn.draw or self._first_turn))

    def _act(self, p: int, *, drawn: bool) -> Generator[Decision, str, _Turn | None]:
        """The acting player's choices after a draw or a call: hu, kongs, then a discard (§11 phase 2)."""
        t = self.table
        player = t.players[p]
        while True:
            first = self._first_turn
            self._first_turn = False
            claim = self._self_draw_claim(p, first=first)
            options: list[str] = []
            if drawn and self._can_win(p, player.hand[-1], claim):
                options.append(HU)
            if drawn and t.wall:
                options += self._kong_options(p)
            options += [f"discard {format_one(k)}" for k in sorted(set(player.hand_kinds()))]
            answer = yield Decision(DecisionKind.TURN, p, tuple(options))
            if answer == HU:
                yield from self._settle_wins([p], player.hand[-1], claim)
                return self._after_exit(p)
            verb, face = answer.split(" ", 1)
            kind = parse_one(face)
            if verb == "discard":
                return (yield from self._discard(p, kind))
            robbed = yield from self._declare_kong(p, MeldKind(verb), kind)
            if robbed:
                return self._after_exit(p)
            drawn = True

    def _kong_options(self, p: int) -> list[str]:
        t = self.table
        player = t.players[p]
        kinds = player.hand_kinds()
        found: list[str] = []
        for k in sorted(set(kinds)):
            if kinds.count(k) == 4 and self.rules.may_call(t, p, CallKind.ANKAN, k).allowed:
                found.append(f"ankan {format_one(k)}")
            if any(m.meld.kind is MeldKind.PON and m.meld.tiles[0] == k for m in player.melds) and (
                self.rules.may_call(t, p, CallKind.KAKAN, k).allowed
            ):
                found.append(f"kakan {format_one(k)}")
        return found

    def _declare_kong(self, p: int, kind: MeldKind, face: int) -> Generator[Decision, str, bool]:
        """A concealed or added kong; an added kong may be robbed first (§13.9.4, L2).  True if robbed."""
        t = self.table
        player = t.players[p]
        tiles = [i for i in player.hand if kind_of_instance(i) == face]
        yield from self.emit("kong.declared", p, kind=kind.value, tile=format_one(face))
        if kind is MeldKind.KAKAN:
            robbers = yield from self._responses(p, tiles[0], rob=True)
            if robbers:
                player.hand.remove(tiles[0])
                winners = [q for q in robbers]
                yield from self._settle_wins(winners, tiles[0], WinClaim(WinWay.ROB_KONG, from_player=p))
                return True
            index = next(
                i
                for i, m in enumerate(player.melds)
                if m.meld.kind is MeldKind.PON and m.meld.tiles[0] == face
            )
            old = player.melds[index]
            player.hand.remove(tiles[0])
            player.melds[index] = TableMeld(
                Meld(MeldKind.KAKAN, (face,) * 4), (*old.instances, tiles[0]), old.from_player
            )
        else:
            for i in tiles:
                player.hand.remove(i)
            player.melds.append(TableMeld(Meld(MeldKind.ANKAN, (face,) * 4), tuple(tiles)))
        yield from self._kong_established(p, kind, face)
        return False

    def _kong_established(self, p: int, kind: MeldKind, face: int) -> Step:
        """The kong stands: its points are earned now, then the replacement from the tail (§6.6, §13.9)."""
        self.table.players[p].kong_kinds.append(kind)
        self.table.any_call = True
        yield from self.emit("kong.established", p, kind=kind.value, tile=format_one(face))
        if not self.table.wall:
            raise _Exhausted
        tile = self._draw(p, tail=True)
        self._rinshan = True
        yield from self.emit("draw.replacement", p, reason="kong", tile=self._show(tile))
        yield from self._wall_changed()
        if is_flower(kind_of_instance(tile)):
            yield from self._replace_flowers(p, phase="play")

    def _discard(self, p: int, face: int) -> Generator[Decision, str, _Turn | None]:
        """Put a tile in the river and settle the responses to it (§11 phase 2, §12.2, §12.3)."""
        t = self.table
        player = t.players[p]
        tile = next(
            i
            for i in sorted(player.hand, key=lambda i: (i in player.revealed, i))
            if kind_of_instance(i) == face
        )
        player.hand.remove(tile)
        player.revealed.discard(tile)
        player.river.append(tile)
        player.discarded.append(face)
        self._rinshan = False
        houtei = not t.wall
        yield from self.emit("discard.made", p, tile=format_one(face))
        claims = yield from self._responses(p, tile, rob=False)
        if claims and self._answers[claims[0]] == HU:
            player.river.remove(tile)
            yield from self._settle_wins(claims, tile, WinClaim(WinWay.RON, from_player=p, last_tile=houtei))
            yield from self.emit("discard.settled", p, tile=format_one(face), outcome="ron")
            return self._after_exit(p)
        if claims:
            caller = claims[0]
            answer = self._answers[caller]
            player.river.remove(tile)
            yield from self._call(caller, p, tile, answer)
            yield from self.emit("discard.settled", p, tile=format_one(face), outcome=answer.split(" ")[0])
            if answer == "kong":
                return (yield from self._act(caller, drawn=True))
            return (yield from self._act(caller, drawn=False))
        yield from self.emit("discard.settled", p, tile=format_one(face), outcome="none")
        nxt = t.next_in_game(p)
        return None if nxt is None else _Turn(nxt)

    def _responses(self, source: int, tile: int, *, rob: bool) -> Generator[Decision, str, list[int]]:
        """Ask every in-game other player for their response, then rank them: hu (in seat order from
        the source) beats pon/kong, which beats chi (§11 phase 2, §12.3, CARD-INVENTORY H16)."""
        t = self.table
        face = kind_of_instance(tile)
        self._answers = {}
        for q in t.clockwise_from(source):
            options = self._response_options(q, source, tile, rob)
            if len(options) > 1:
                kind = DecisionKind.ROB_KONG if rob else DecisionKind.CALL
                self._answers[q] = yield Decision(kind, q, tuple(options), format_one(face))
        ron = [q for q, a in self._answers.items() if a == HU]
        if ron:
            return sorted(ron, key=lambda q: t.seat_distance(source, q))
        for group in (("pon", "kong"), ("chi",)):
            callers = [q for q, a in self._answers.items() if a.split(" ")[0] in group]
            if callers:
                return sorted(callers, key=lambda q: t.seat_distance(source, q))[:1]
        return []

    def _response_options(self, q: int, source: int, tile: int, rob: bool) -> list[str]:
        t = self.table
        face = kind_of_instance(tile)
        options = [PASS]
        way = WinWay.ROB_KONG if rob else WinWay.RON
        if self._can_win(q, tile, WinClaim(way, from_player=source, last_tile=not t.wall)):
            options.append(HU)
        if rob:
            return options
        held = t.players[q].hand_kinds().count(face)
        if held >= 2 and self.rules.may_call(t, q, CallKind.PON, face, source).allowed:
            options.append("pon")
        if held == 3 and t.wall and self.rules.may_call(t, q, CallKind.MINKAN, face, source).allowed:
            options.append("kong")
        for run in self._chi_runs(q, face):
            if self.rules.may_call(t, q, CallKind.CHI, face, source).allowed:
                options.append(f"chi {format_tiles(run)}")
        return options

    def _chi_runs(self, q: int, face: int) -> list[tuple[int, int, int]]:
        """The chows the caller's hand can make with ``face``: number tiles, one suit."""
        if face >= 27:
            return []
        kinds = set(self.table.players[q].hand_kinds())
        runs = []
        for start in (face - 2, face - 1, face):
            run = (start, start + 1, start + 2)
            if start < 0 or suit_of(start) != suit_of(face) or suit_of(start + 2) != suit_of(face):
                continue
            if all(k in kinds for k in run if k != face):
                runs.append(run)
        return runs

    def _call(self, caller: int, source: int, tile: int, answer: str) -> Step:
        """Make the called meld; a called kong is established and replaced from the tail (§6.6)."""
        t = self.table
        player = t.players[caller]
        face = kind_of_instance(tile)
        verb = answer.split(" ")[0]
        if verb == "chi":
            run = tuple(parse_one(f) for f in _split_run(answer.split(" ")[1]))
            need = [k for k in run if k != face]
        else:
            need = [face] * (3 if verb == "kong" else 2)
        used: list[int] = []
        for k in need:
            inst = next(i for i in sorted(player.hand) if kind_of_instance(i) == k and i not in used)
            used.append(inst)
        for i in used:
            player.hand.remove(i)
            player.revealed.discard(i)
        kind = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "kong": MeldKind.MINKAN}[verb]
        instances = tuple(sorted((*used, tile)))
        player.melds.append(
            TableMeld(Meld(kind, tuple(kind_of_instance(i) for i in instances)), instances, source)
        )
        t.any_call = True
        if kind is MeldKind.MINKAN:
            yield from self._kong_established(caller, kind, face)
        else:
            yield from self.emit(
                f"{verb}.established",
                caller,
                source=PLAYERS[source],
                tiles=format_tiles(kind_of_instance(i) for i in instances),
            )

    # -- wins and exits ----------------------------------------------------------------

    def _self_draw_claim(self, p: int, *, first: bool) -> WinClaim:
        """天胡: the dealer's first action on the dealt hand; 地胡: a non-dealer's first normal draw with
        no chi, pon or kong before it (§13.10.5, §13.10.6)."""
        t = self.table
        player = t.players[p]
        return WinClaim(
            WinWay.SELF_DRAW,
            rinshan=self._rinshan,
            last_tile=not t.wall,
            heavenly=first and p == self.dealer and player.normal_draws == 0,
            earthly=p != self.dealer and player.normal_draws == 1 and not t.any_call and not self._rinshan,
        )

    def _can_win(self, p: int, tile: int, claim: WinClaim) -> bool:
        return self._judge(p, tile, claim) is not None

    def _judge(self, p: int, tile: int, claim: WinClaim) -> WinVerdict | None:
        return self.rules.judge_win(self.table, p, kind_of_instance(tile), claim, order=len(self.wins) + 1)

    def _settle_wins(self, winners: list[int], tile: int, claim: WinClaim) -> Step:
        """Score each winner in order and let them leave (§11 phases 3–5, §12.3, §12.5)."""
        t = self.table
        for q in winners:
            verdict = self._judge(q, tile, claim)
            assert verdict is not None
            player = t.players[q]
            if claim.way is not WinWay.SELF_DRAW:
                player.hand.append(tile)
            if verdict.contract_met and player.contract_status is ContractStatus.OPEN:
                player.contract_status = ContractStatus.COMPLETED
                yield from self.emit("contract.completed", q, at_hu=True)
            win = Win(
                player=q,
                order=len(self.wins) + 1,
                way=claim.way,
                tile=kind_of_instance(tile),
                from_player=claim.from_player,
                total=verdict.total,
                items=verdict.items,
                wall_left=len(t.wall),
            )
            self.wins.append(win)
            yield from self.emit(
                "hu.confirmed",
                q,
                way=claim.way.value,
                tile=format_one(win.tile),
                order=win.order,
                total=win.total,
            )
            player.won = True
            yield from self.emit("player.exited", q, remaining=sum(t.in_game(x) for x in range(4)))
            if len(self.wins) >= WINS_TO_END:
                return

    def _after_exit(self, source: int) -> _Turn | None:
        """Play goes on from the next in-game seat after ``source`` (§12.1, §12.2), or the round ends."""
        if len(self.wins) >= WINS_TO_END:
            return None
        nxt = self.table.next_in_game(source)
        return None if nxt is None else _Turn(nxt)

    # -- the abandon window ------------------------------------------------------------

    def _wall_changed(self) -> Step:
        yield from self.emit("wall.count", n=len(self.table.wall))

    def _abandon_window(self) -> Step:
        """§10: the first time ≤ 24 drawable tiles remain, every in-game player with an unfinished contract
        decides together to keep or abandon it; abandoning a black contract costs 1 point."""
        t = self.table
        if t.abandon_window_done or len(t.wall) > ABANDON_THRESHOLD:
            return
        t.abandon_window_done = True
        asked = [p for p in range(4) if t.in_game(p) and t.players[p].contract_status is ContractStatus.OPEN]
        answers = {}
        for p in asked:
            answers[p] = yield Decision(DecisionKind.ABANDON, p, (KEEP, ABANDON), t.players[p].contract or "")
        for p in asked:
            if answers[p] == ABANDON:
                player = t.players[p]
                player.contract_status = ContractStatus.ABANDONED
                if self.rules.is_black(player.contract or ""):
                    self.penalties[p] -= 1
        yield from self.emit("abandon.window", choices={PLAYERS[p]: answers[p] for p in asked})

    # -- helpers -----------------------------------------------------------------------

    def _draw(self, p: int, *, tail: bool) -> int:
        t = self.table
        if not t.wall:
            raise _Exhausted
        tile = t.wall.draw_tail() if tail else t.wall.draw_front()
        t.players[p].hand.append(tile)
        return tile

    def _show(self, tile: int) -> str:
        return format_one(kind_of_instance(tile))

    def _result(self, reason: EndReason) -> RoundResult:
        t = self.table
        scores = [0, 0, 0, 0]
        for win in self.wins:
            scores[win.player] += win.total
        for p in range(4):
            if t.in_game(p):
                scores[p] += self.rules.non_winner_points(t, p)
            scores[p] += self.penalties[p]
        return RoundResult(
            wins=list(self.wins),
            scores=scores,
            penalties=list(self.penalties),
            contracts=[pl.contract for pl in t.players],
            reason=reason,
            wall_left=len(t.wall),
            returned_contracts=self.returned,
        )


def _split_run(text: str) -> list[str]:
    """``"345m"`` → ``["3m", "4m", "5m"]``."""
    return [f"{d}{text[-1]}" for d in text[:-1]]
