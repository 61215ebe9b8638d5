"""One round (局) from the deal to its end: the flow of §11 and the play after a win of §12.

:meth:`Round.play` is a generator: it yields every :class:`Decision` a player
must take and resumes with the answer, and returns the :class:`RoundResult`.
Set-up (§11 phase 1): the wall is shuffled, the dealer gets 14 tiles and the
others 13, flowers are replaced from the tail, effects timed "after the deal,
before contracts" run, contracts are offered 2 normal + 1 black and chosen
secretly.  Play (phase 2): normal draws from the front, flowers and kongs
replaced from the tail, concealed / exposed / added kongs (an added kong may
be robbed), chi from the upper seat only unless a card says otherwise, pon,
hu with priority hu > pon/kong > chi and multiple ron in seat order from the
discarder.  A winner leaves and play goes on from the seat after the winner
(self-draw) or after the discarder (ron), skipping seats that have won; the
round ends at the third win or when the wall is exhausted (phases 3–6).  The
abandon window opens once, the first time the drawable tiles fall to 24 or
fewer, after the action in progress has settled (§10).

The cards in play (:class:`Cards`) listen on the bus; their effects act on
the round through the methods in the last part of this class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import card_runtime, draws
from engine.abandon_window import abandon_window
from engine.bus import Bus, Event
from engine.calls import declare_kong, kong_options, make_call, responses
from engine.card_runtime import (
    DrawnCard,
    deliver_then_end,
    end_card,
    expire,
    register,
    watch,
)
from engine.decisions import HU, PASS, Decision, DecisionKind
from engine.draws import normal_draw
from engine.effects.context import Ctx
from engine.effects.hooks import CardHook, Expiry, Status
from engine.hand_counts import HandCounts
from engine.hookspecs import ScoreContribution, SetupStage, WinSummary
from engine.melds import MeldKind
from engine.rules import Rules, WinClaim
from engine.setup import choose_contracts, deal, opener
from engine.state import PLAYERS, ContractStatus, Deck, PlayerState, Table, Win, WinWay
from engine.tiles import (
    EAST,
    FACES,
    kind_of_instance,
    parse_one,
)
from engine.vocabulary import (
    CompiledCard,
    Program,
    StaticRule,
)
from engine.wall import Wall
from engine.wins import (
    EndReason,
    RoundOver,
    Turn,
    after_exit,
    can_win,
    self_draw_claim,
    settle_wins,
    winnable,
)

Step = Generator[Decision, str, None]


@dataclass(frozen=True)
class ContractOffer:
    """The contract decks of the round (§9.1); candidates come off the end of each list."""

    normal: list[str]
    black: list[str]


ModulePrimitive = Callable[[Any, int, Mapping[str, object]], Step]


@dataclass
class Cards:
    """The cards a round plays with: the library of compiled cards, the decks, the world card, each
    player's augments, and what the enabled modules add (primitives, tile marks)."""

    library: Mapping[str, CompiledCard] = field(default_factory=dict)
    decks: Mapping[str, Deck] = field(default_factory=dict)
    world: CompiledCard | None = None
    augments: Sequence[Sequence[CompiledCard]] = ((), (), (), ())
    modules: frozenset[str] = frozenset()
    module_primitives: Mapping[str, ModulePrimitive] = field(default_factory=dict)
    tile_marks: Callable[[int, int], frozenset[int]] | None = None
    score_items: Callable[[WinSummary], tuple[ScoreContribution, ...]] | None = None
    session: Any = None
    counters: dict[tuple[object, ...], int] = field(default_factory=dict)
    setup: Callable[[SetupStage, int], Step] | None = None
    """The enabled modules' set-up step at a stage of §11 phase 1, given the dealer."""


@dataclass
class RoundResult:
    """What a round produced: its wins in order, each player's points, and why it ended."""

    wins: list[Win]
    scores: list[int]
    penalties: list[int]
    contracts: list[str | None]
    statuses: list[ContractStatus]
    reason: EndReason
    wall_left: int
    turns: int
    drawn: list[DrawnCard]
    exercised: set[str]
    returned_contracts: dict[str, list[str]]
    acted: dict[str, int] = field(default_factory=dict)
    """Per base id, the times a card's ability ran and acted (§18.3)."""
    unable: dict[str, int] = field(default_factory=dict)
    """Per base id, the times a card's ability was called on and could do nothing (§6.8, §18.3)."""


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
        cards: Cards | None = None,
        number: int = 1,
        scores: Sequence[int] = (0, 0, 0, 0),
        wall: Wall | None = None,
    ) -> None:
        self.rng = rng
        self.rules = rules
        self.bus = bus
        self.offer = contracts
        self.cards = cards or Cards()
        self.number = number
        self.scores = tuple(scores)
        self.table = Table(
            wall=wall if wall is not None else Wall.shuffled(rng),
            players=[PlayerState() for _ in PLAYERS],
            dealer_seat=dealer_seat,
        )
        self.wins: list[Win] = []
        self.penalties = [0, 0, 0, 0]
        self.returned: dict[str, list[str]] = {"normal": [], "black": []}
        self.turn_number = 0
        self.actor = self.dealer
        self._owing: set[int] = set()
        """Players whose own turn action is still pending while a card effect runs inside it: they do
        not answer a nested discard (H9; §14.5; §15 reading less favourable to the actor, R126)."""
        self.contracts_revealed = False
        self.in_tidy = False
        self.redraw_requested = False
        self.safe: set[int] = set()
        self.draw_end: dict[int, tuple[str, bool]] = {}
        self.offer_size: dict[int, tuple[int, int]] = {}
        self.candidates: dict[int, list[str]] = {}
        self.seen: dict[int, tuple[int, ...]] = {}
        self.drawn: list[DrawnCard] = []
        self.exercised: set[str] = set()
        self.acted: dict[str, int] = {}
        self.unable: dict[str, int] = {}
        self.statuses: list[Status] = []
        self.lasting: dict[tuple[str, int], str] = {}
        self._replacements: dict[str, list[CardHook]] = {}
        self._expiring: list[tuple[Expiry, Callable[[], None]]] = []
        self._expiry_events: set[str] = set()
        self._retiring: list[CardHook] = []
        self._win_tile: dict[int, int] = {}
        self._rinshan = False
        self._first_turn = True
        self._first_discard = True
        self.ambient = "rule"
        self.phase = "setup"
        self._started = False
        self._retracted: set[int] = set()
        self._answers: dict[int, str] = {}
        self.call_chances: set[int] = set()
        self.exiting: set[int] = set()
        self._forced_discard: dict[int, bool] = {}
        self._drew: set[int] = set()
        self._counted: dict[int, HandCounts] = {}
        self._effects = 0
        self._wall_due: str | None = None
        self.rules.statuses = self.statuses

    @property
    def dealer(self) -> int:
        """The player at the dealer seat (§4)."""
        return self.table.player_at(self.table.dealer_seat)

    @property
    def counters(self) -> dict[tuple[object, ...], int]:
        """Limit counters, kept for the session (keys carry the round and turn they count in)."""
        return self.cards.counters

    @property
    def modules(self) -> frozenset[str]:
        """The modules enabled in the session."""
        return self.cards.modules

    @property
    def module_primitives(self) -> Mapping[str, ModulePrimitive]:
        """The primitives the enabled modules implement."""
        return self.cards.module_primitives

    @property
    def session(self) -> Any:
        """The session, as the modules' ``Game``."""
        return self.cards.session

    def emit(
        self, name: str, player: int | None = None, cause: str | None = None, **data: object
    ) -> Iterable[Decision]:
        """Record an event and deliver it to the cards listening (§6.6, §15); with nobody recording or
        listening, nothing is built."""
        if name not in self._expiry_events and not self.bus.sinks and name not in self.bus.listeners:
            return ()
        event = Event(name, player, cause or self.ambient, data)
        expire(self, event)
        if self._retiring:
            return deliver_then_end(self, event)
        return self.bus.deliver(event, self)

    # -- phase 1: the deal -------------------------------------------------------------

    def play(self) -> Generator[Decision, str, RoundResult]:
        """Deal, choose contracts, play until the third win or the exhausted wall (§11)."""
        reason = EndReason.WALL_EXHAUSTED
        yield from self.start()
        try:
            yield from deal(self)
            if self.cards.setup is not None:
                yield from self.cards.setup(SetupStage.AFTER_DEAL, self.dealer)
            yield from self.emit("setup.ready")
            yield from choose_contracts(self)
            self.phase = "play"
            turn: Turn | None = Turn(opener(self), draw=False)
            while turn is not None:
                turn = yield from self._turn(turn)
        except RoundOver as over:
            reason = over.reason
        yield from self.emit("round.ended", reason=reason.value)
        return self._result(reason)

    def start(self) -> Step:
        """§11 phase 1 begins: the world card (if already known) and the augments are put in force, then
        ``round.started`` is delivered, so augments timed "at the start of the round" hear it (G-08).
        Once; :meth:`play` calls it if the session did not."""
        if self._started:
            return
        self._started = True
        if self.cards.world is not None:
            register(self, self.cards.world, None)
        for p, held in enumerate(self.cards.augments):
            for card in held:
                register(self, card, p)
        yield from self.emit("round.started", self.dealer, round=self.number, dealer=PLAYERS[self.dealer])

    # -- phase 2: turns ----------------------------------------------------------------

    def _turn(self, turn: Turn) -> Generator[Decision, str, Turn | None]:
        """One rotation turn: the abandon window if due, the draw, own actions and a discard."""
        yield from abandon_window(self)
        p = turn.player
        if not self.table.in_game(p):
            return after_exit(self, p)
        self.actor = p
        self._owing.add(p)
        if turn.draw:
            self.turn_number += 1
            yield from self.emit("turn.started", p, seat=self.table.seat_of[p])
            yield from normal_draw(self, p)
        nxt = yield from self._act(p, drawn=True)
        yield from self.emit("turn.ended", p, seat=self.table.seat_of[p])
        return nxt

    def _act(self, p: int, *, drawn: bool) -> Generator[Decision, str, Turn | None]:
        """The acting player's choices after a draw or a call: hu, kongs, then a discard (§11 phase 2)."""
        t = self.table
        player = t.players[p]
        self._owing.add(p)
        yield from self.emit("idle", p)
        while True:
            yield from self.emit("discard.before", p)
            first = self._first_turn
            self._first_turn = False
            win_tile = self._win_tile.get(p)
            options: list[str] = []
            claim = None
            if drawn and win_tile in player.hand and winnable(self, p):
                claim = self_draw_claim(self, p, first=first)
                if can_win(self, p, win_tile, claim):
                    options.append(HU)
            if drawn and t.wall:
                options += kong_options(self, p)
            options += self._discard_options(p)
            answer = yield Decision(DecisionKind.TURN, p, tuple(options))
            if answer == HU:
                assert win_tile is not None and claim is not None
                self._owing.discard(p)
                yield from settle_wins(self, [p], win_tile, claim)
                return after_exit(self, p)
            verb, face = answer.split(" ", 1)
            kind = parse_one(face)
            if verb == "discard":
                self._owing.discard(p)
                return (yield from self._discard(p, kind))
            robbed = yield from declare_kong(self, p, MeldKind(verb), kind)
            if robbed:
                self._owing.discard(p)
                return after_exit(self, p)
            drawn = True

    def _discard_options(self, p: int) -> list[str]:
        """The legal discards; each §15 level of card rules falls back to what the levels above it
        allow when it forbids every tile (O-N03, O-N08, B-11 fallbacks; CARD-INVENTORY §3 pair 6)."""
        player = self.table.players[p]
        drawn = self._win_tile.get(p)
        drawn_kind = kind_of_instance(drawn) if drawn in player.hand and drawn is not None else None
        faces = sorted(set(player.hand_kinds()))
        if self.rules.binds_discards(p):
            faces = self.rules.legal_discards(self.table, p, faces, drawn_kind)
        return [f"discard {FACES[k]}" for k in faces]

    def _discard(self, p: int, face: int, cause: str | None = None) -> Generator[Decision, str, Turn | None]:
        """Put a tile in the river and settle the responses to it (§11 phase 2, §12.2, §12.3)."""
        t = self.table
        player = t.players[p]
        tile = min(
            (i for i in player.hand if kind_of_instance(i) == face), key=lambda i: (i in player.revealed, i)
        )
        player.hand.remove(tile)
        player.river.append(tile)
        player.discarded.append(face)
        if tile in player.revealed:
            player.revealed.discard(tile)
        if tile in player.contract_tiles:
            player.revealed_discarded += 1
        self._forced_discard[p] = tile == player.forced_tile
        if tile == player.forced_tile:
            player.forced_discards += 1
            player.forced_tile = None
        self._win_tile.pop(p, None)
        self._rinshan = False
        normal = p in self._drew and (cause or self.ambient) == "rule"
        self._drew.discard(p)
        houtei = not t.wall
        if self._first_discard:
            self._first_discard = False
            yield from self.emit("discard.first_of_round", p, cause, tile=FACES[face])
        yield from self.emit("discard.made", p, cause, tile=FACES[face], k=len(player.discarded))
        if p in self._retracted:
            self._retracted.discard(p)
            options = tuple(self._discard_options(p))
            again = yield Decision(DecisionKind.TURN, p, options)
            return (yield from self._discard(p, parse_one(again.split(" ", 1)[1]), cause))
        claims = yield from responses(self, p, tile, rob=False)
        self.safe.discard(p)
        if claims and self._answers[claims[0]] == HU:
            player.river.remove(tile)
            player.uncalled_streak += 1
            yield from settle_wins(self, claims, tile, WinClaim(WinWay.RON, from_player=p, last_tile=houtei))
            yield from self.emit("discard.settled", p, cause, tile=FACES[face], outcome="ron", normal=normal)
            return after_exit(self, p)
        if claims:
            caller = claims[0]
            answer = self._answers[caller]
            player.uncalled_streak = 0
            yield from make_call(self, caller, p, tile, answer)
            yield from self.emit(
                "discard.settled", p, cause, tile=FACES[face], outcome="called", normal=normal
            )
            return (yield from self._act(caller, drawn=answer == "kong"))
        player.uncalled_streak += 1
        yield from self.emit("discard.settled", p, cause, tile=FACES[face], outcome="none", normal=normal)
        nxt = t.next_in_game(p)
        return None if nxt is None else Turn(nxt)

    # -- wins and exits ----------------------------------------------------------------

    # -- the abandon window ------------------------------------------------------------

    # -- what card effects use ---------------------------------------------------------

    def acquire(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """A tile enters ``p``'s hand (:func:`engine.draws.acquire`)."""
        return draws.acquire(self, p, tile, via, cause, **data)

    def announce(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """The events of a tile already in ``p``'s hand (:func:`engine.draws.announce`)."""
        return draws.announce(self, p, tile, via, cause, **data)

    def resolve(self, ctx: Ctx, steps: Program) -> Step:
        """Run a card's program (:func:`engine.card_runtime.resolve`)."""
        return card_runtime.resolve(self, ctx, steps)

    def draw_card(self, deck_name: str, p: int, cause: str, offered: int = 1) -> Step:
        """Draw a chance or party card for ``p`` and resolve it (:func:`engine.card_runtime.draw_card`)."""
        return card_runtime.draw_card(self, deck_name, p, cause, offered)

    def add_status(self, ctx: Ctx, rule: StaticRule) -> None:
        """A static in force until its duration ends (:func:`engine.card_runtime.add_status`)."""
        card_runtime.add_status(self, ctx, rule)

    def add_later(self, ctx: Ctx, until: str, steps: Program) -> None:
        """Steps to run when the holder's duration ends (:func:`engine.card_runtime.add_later`)."""
        card_runtime.add_later(self, ctx, until, steps)

    def card_discard(self, p: int, cause: str) -> Step:
        """A discard a card makes a player take, with its own nested response window (H9); everything
        that follows from it — calls, the caller's discard, kongs, wins — carries the card's cause
        (CARD-INVENTORY §0), so world cards do not see it (§6.7)."""
        if self.table.players[p].won or not self.table.players[p].hand:
            return
        answer = yield Decision(DecisionKind.TURN, p, tuple(self._discard_options(p)), cause)
        outer, self.ambient = self.ambient, cause
        try:
            yield from self._discard(p, parse_one(answer.split(" ", 1)[1]), cause)
        finally:
            self.ambient = outer

    def reveal(self, owner: int, tiles: list[int], until: str, ctx: Ctx) -> None:
        """Tiles become public while staying in the hand (§14.4); a contract's reveal is tracked (B-09)."""
        player = self.table.players[owner]
        player.revealed.update(tiles)
        if ctx.card.contract is not None:
            player.contract_tiles.update(tiles)
        expiry = Expiry.of(until, owner)
        if expiry is not None and until != "round_end":
            watch(self, expiry, lambda: player.revealed.difference_update(tiles))

    def see(self, viewer: int, tiles: list[int], *, public: bool) -> None:
        """Tiles a card lets ``viewer`` (or everyone) see; they appear in the agent's view."""
        kinds = tuple(kind_of_instance(i) for i in tiles)
        for p in range(4) if public else (viewer,):
            self.seen[p] = kinds

    def take_from_hand(self, p: int, face: str) -> int:
        """Remove one hidden tile of ``face`` from the hand and return it."""
        player = self.table.players[p]
        k = parse_one(face)
        tile = next(
            i
            for i in sorted(player.hand, key=lambda i: (i in player.revealed, i))
            if kind_of_instance(i) == k
        )
        player.hand.remove(tile)
        player.revealed.discard(tile)
        if self._win_tile.get(p) == tile:
            del self._win_tile[p]
        return tile

    def can_retract(self, p: int) -> bool:
        """P-10 may take back the discard just made, unless B-10 forced it (H4: L3 beats L4)."""
        return bool(self.table.players[p].river) and not self._forced_discard.get(p, False)

    def retract(self, p: int) -> bool:
        """P-10: the discard just made goes back to the hand and is void."""
        player = self.table.players[p]
        if not self.can_retract(p):
            return False
        player.hand.append(player.river.pop())
        player.discarded.pop()
        self._retracted.add(p)
        return True

    def rotate_seats(self, cause: str) -> Step:
        """O-X01: each in-game player moves to the next in-game seat; dealer, wind and order stay (§14.3)."""
        t = self.table
        moving = sorted((p for p in range(4) if t.in_game(p)), key=lambda p: t.seat_of[p])
        seats = [t.seat_of[p] for p in moving]
        for p, seat in zip(moving, seats[1:] + seats[:1], strict=True):
            t.seat_of[p] = seat
        yield from self.emit("seats.rotated", None, cause, seats={PLAYERS[p]: t.seat_of[p] for p in range(4)})

    def swap_candidate(self, p: int, source: str) -> Generator[Decision, str, bool]:
        """S-06: put back one offered normal contract and draw a new one (§9.1)."""
        normal = [c for c in self.candidates.get(p, []) if not self.rules.is_black(c)]
        if self.offer is None or not normal or not self.offer.normal:
            return False
        answer = yield Decision(DecisionKind.CHOOSE, p, (*normal, PASS), source)
        if answer == PASS:
            return True
        self.candidates[p].remove(answer)
        self.candidates[p].append(self.offer.normal.pop())
        self.returned["normal"].append(answer)
        return True

    def replace_contract(
        self, p: int, offer: int, optional: bool, ctx: Ctx
    ) -> Generator[Decision, str, bool]:
        """A new contract of the same type, chosen from ``offer``; progress restarts (O-X08, G-06, G-16).
        A completed contract may go too, losing its completion: only O-X08 and G-16 ask for an unfinished
        one, in their own text (§15 supplement 1, R119)."""
        player = self.table.players[p]
        old = player.contract
        deck = self.cards.decks.get("black_contract" if self.rules.is_black(old or "") else "contract")
        if old is None or deck is None:
            return False
        fresh = [c for c in (deck.draw() for _ in range(offer)) if c is not None]
        if not fresh:
            return False
        answer = yield Decision(DecisionKind.CHOOSE, p, (*fresh, *((PASS,) if optional else ())), ctx.card.id)
        if answer == PASS:
            deck.put_back(fresh)
            return True
        deck.put_back([c for c in fresh if c != answer] + [old])
        end_card(self, old, p)
        player.contract = answer
        player.contract_status = ContractStatus.OPEN
        player.contract_tiles.clear()
        register(self, self.cards.library[answer], p)
        yield from self.emit("contract.replaced", p, ctx.cause, old=old, new=answer)
        return True

    def playing(self, p: int | None) -> bool:
        """Whether ``p`` may still act: in the round and not a winner about to leave (§6.6, §12.5, H18)."""
        return p is not None and self.table.in_game(p) and p not in self.exiting

    def next_actor(self) -> int:
        """The player who acts next, clockwise from the acting player (§6.4)."""
        nxt = self.table.next_in_game(self.actor)
        return self.actor if nxt is None else nxt

    def treasure_faces(self, p: int | None) -> frozenset[int]:
        """The faces that are treasure for ``p`` now, as the enabled modules mark them (§8)."""
        marks = self.cards.tile_marks
        if marks is None or p is None:
            return frozenset()
        return marks(p, self.table.seat_of[p])

    def seat_wind(self, p: int | None) -> int:
        """The wind of ``p``'s seat this round: 东 at the dealer's seat, then 南 西 北 (§4, §14.3)."""
        seat = self.table.seat_of[p] if p is not None else self.table.dealer_seat
        return EAST + (seat - self.table.dealer_seat) % 4

    def visible_kinds(self) -> list[int]:
        """Every face on view on the table (H21)."""
        return self.table.visible_kinds()

    # -- helpers -----------------------------------------------------------------------

    def _show(self, tile: int) -> str:
        return FACES[kind_of_instance(tile)]

    def _settled_contracts(self) -> set[str]:
        """Contracts whose condition was decided this round: completed, failed, or read at the holder's hu."""
        done = (ContractStatus.COMPLETED, ContractStatus.FAILED)
        return {
            p.contract.split("-v")[0]
            for p in self.table.players
            if p.contract and (p.contract_status in done or p.won)
        }

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
            statuses=[pl.contract_status for pl in t.players],
            reason=reason,
            wall_left=len(t.wall),
            turns=self.turn_number,
            drawn=self.drawn,
            exercised=self.exercised | self.rules.decided | self._settled_contracts(),
            returned_contracts=self.returned,
            acted=dict(self.acted),
            unable=dict(self.unable),
        )
