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
from enum import StrEnum
from functools import partial
from typing import Any

from engine.bus import Bus, Event
from engine.decisions import ABANDON, HU, KEEP, PASS, Decision, DecisionKind
from engine.effects.context import Ctx
from engine.effects.hooks import CardHook, Expiry, LaterHook, Status, WatchHook
from engine.effects.program import run_program
from engine.hand import is_complete_counts
from engine.hookspecs import ScoreContribution, SetupStage, WinSummary
from engine.melds import HONOUR_RUNS, Meld, MeldKind
from engine.rules import CallKind, Rules, WinClaim, WinVerdict, grant_reach
from engine.shanten import shanten_counts
from engine.state import PLAYERS, ContractStatus, Deck, PlayerState, Table, TableMeld, Win, WinWay
from engine.tiles import (
    ALL_KINDS,
    EAST,
    INSTANCE_KINDS,
    counts,
    format_one,
    format_tiles,
    is_flower,
    kind_of_instance,
    parse_one,
)
from engine.vocabulary import PRIMITIVES as PRIMITIVE_SPECS
from engine.vocabulary import (
    ChooseStep,
    CompiledCard,
    ForEachStep,
    IfStep,
    LaterStep,
    PrimitiveStep,
    Program,
    StaticRule,
    StatusStep,
)
from engine.wall import Wall

Step = Generator[Decision, str, None]

ABANDON_THRESHOLD = 24
"""§10: the window opens the first time the drawable tiles fall to this many or fewer."""
DEALER_TILES = 14
OTHER_TILES = 13
WINS_TO_END = 3
FACES = tuple(format_one(k) for k in range(ALL_KINDS))
"""Each kind in notation, once (``5m``, ``7z``, ``1f``)."""
DEFAULT_OFFER = (2, 1)
"""Two normal contracts and one black contract (§9.1)."""


class EndReason(StrEnum):
    """Why a round ended (§11 phases 5 and 6)."""

    THIRD_WIN = "third_win"
    WALL_EXHAUSTED = "wall_exhausted"


class _RoundOver(Exception):
    """The third win or the exhausted wall ends the round wherever the flow stands (§11 phases 5, 6)."""

    def __init__(self, reason: EndReason) -> None:
        self.reason = reason


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
class DrawnCard:
    """A chance or party card drawn this round, for the records (§18.3)."""

    card: str
    deck: str
    player: int
    unexecutable: bool
    discarded: bool = False
    """Put away without effect: the §6.9 / §7.3 kept slot chose the card held, or S-10 redrew it."""


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
        self._counted: dict[int, _HandCounts] = {}
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
        self._expire(event)
        if self._retiring:
            return self._deliver_then_end(event)
        return self.bus.deliver(event, self)

    def _deliver_then_end(self, event: Event) -> Step:
        """A trigger whose duration ends on the very event it answers still answers it, then ends (F-R01
        "直到下一名玩家胡牌": the next hu is the one it celebrates; F-R02's next normal draw)."""
        ending, self._retiring = self._retiring, []
        yield from self.bus.deliver(event, self)
        for listener in ending:
            listener.live = False

    # -- phase 1: the deal -------------------------------------------------------------

    def play(self) -> Generator[Decision, str, RoundResult]:
        """Deal, choose contracts, play until the third win or the exhausted wall (§11)."""
        reason = EndReason.WALL_EXHAUSTED
        yield from self.start()
        try:
            yield from self._deal()
            if self.cards.setup is not None:
                yield from self.cards.setup(SetupStage.AFTER_DEAL, self.dealer)
            yield from self.emit("setup.ready")
            yield from self._choose_contracts()
            self.phase = "play"
            turn: _Turn | None = _Turn(self._opener(), draw=False)
            while turn is not None:
                turn = yield from self._turn(turn)
        except _RoundOver as over:
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
            self.register(self.cards.world, None)
        for p, held in enumerate(self.cards.augments):
            for card in held:
                self.register(card, p)
        yield from self.emit("round.started", self.dealer, round=self.number, dealer=PLAYERS[self.dealer])

    def register(self, card: CompiledCard, holder: int | None, expiry: Expiry | None = None) -> None:
        """Put a card's triggers, replacements, statics and contract watches in force for its holder."""
        for hook in card.hooks:
            listener = CardHook(hook, card, holder)
            ends = expiry or Expiry.of(_until(hook.duration), holder)
            if ends is not None and ends.event == hook.event:
                self._watch(ends, partial(self._retiring.append, listener))
            elif ends is not None:
                self._watch(ends, partial(setattr, listener, "live", False))
            if hook.replaces:
                self._replacements.setdefault(hook.event, []).append(listener)
            else:
                self.bus.listen(listener)
        if holder is not None:
            ctx = Ctx(self, card, holder)
            for rule in card.statics:
                self.statuses.append(Status(rule, holder, ctx, expiry))
            for watch in card.watches:
                self.bus.listen(WatchHook(watch, card, holder))

    def _deal(self) -> Step:
        t = self.table
        order = [self.dealer, *t.clockwise_from(self.dealer)]
        for p in order:
            n = DEALER_TILES if p == self.dealer else OTHER_TILES
            t.players[p].hand.extend(t.wall.draw_front() for _ in range(n))
        yield from self.emit("setup.dealt")
        for p in order:
            yield from self._replace_flowers(p)
        self._win_tile[self.dealer] = t.players[self.dealer].hand[-1]

    def _replace_flowers(self, player: int, cause: str | None = None) -> Step:
        """Reveal every flower in hand and replace each from the tail (§11 phase 1, §6.6 补花)."""
        hand = self.table.players[player].hand
        while True:
            tile = next((t for t in hand if is_flower(kind_of_instance(t))), None)
            if tile is None:
                return
            hand.remove(tile)
            self.table.players[player].flowers.append(tile)
            yield from self.emit("flower.revealed", player, cause, flower=self._show(tile), phase=self.phase)
            yield from self._replacement_draw(player, "flower", cause)

    def _choose_contracts(self) -> Step:
        """Each player is offered 2 normal + 1 black contract and keeps one; all are revealed at once;
        the rest go back and are reshuffled (§9.1, §9.4; P-09 3 + 2, S-06 swap)."""
        if self.offer is None:
            return
        offered: dict[int, tuple[str, ...]] = {}
        order = [self.dealer, *self.table.clockwise_from(self.dealer)]
        for p in order:
            self.candidates[p] = self._draw_candidates(*DEFAULT_OFFER)
            yield from self.emit("contract.offered", p)
            normal, black = self.offer_size.get(p, DEFAULT_OFFER)
            have = self.candidates[p]
            extra_normal = normal - sum(1 for c in have if not self.rules.is_black(c))
            extra_black = black - sum(1 for c in have if self.rules.is_black(c))
            have += self._draw_candidates(max(extra_normal, 0), max(extra_black, 0))
            offered[p] = tuple(have)
        picks: dict[int, str] = {}
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
            card = self.cards.library.get(picks[p])
            if card is not None:
                self.register(card, p)
        self.contracts_revealed = True
        for p in order:
            if p in picks:
                yield from self.emit("contract.revealed", p, contract=picks[p])

    def _opener(self) -> int:
        """Who makes the first discard: the dealer, or wherever O-X01 moved the dealer's 14 tiles (§14.3:
        hands move with players)."""
        sizes = [len(p.hand) + 3 * len(p.melds) for p in self.table.players]
        return sizes.index(DEALER_TILES) if DEALER_TILES in sizes else self.dealer

    def _draw_candidates(self, normal: int, black: int) -> list[str]:
        assert self.offer is not None
        drawn = [self.offer.normal.pop() for _ in range(min(normal, len(self.offer.normal)))]
        return drawn + [self.offer.black.pop() for _ in range(min(black, len(self.offer.black)))]

    # -- phase 2: turns ----------------------------------------------------------------

    def _turn(self, turn: _Turn) -> Generator[Decision, str, _Turn | None]:
        """One rotation turn: the abandon window if due, the draw, own actions and a discard."""
        yield from self._abandon_window()
        p = turn.player
        if not self.table.in_game(p):
            return self._after_exit(p)
        self.actor = p
        self._owing.add(p)
        if turn.draw:
            self.turn_number += 1
            yield from self.emit("turn.started", p, seat=self.table.seat_of[p])
            yield from self._normal_draw(p)
        nxt = yield from self._act(p, drawn=True)
        yield from self.emit("turn.ended", p, seat=self.table.seat_of[p])
        return nxt

    def _normal_draw(self, p: int) -> Step:
        """The turn's normal draw: from the front, or the end a chance card set — that choice binds the
        draw, so no augment replaces it (H17); otherwise an augment may replace it (S-11, G-15, P-18)."""
        if not self.table.wall:
            raise _RoundOver(EndReason.WALL_EXHAUSTED)
        yield from self.emit("draw.normal.before", p, drawable=len(self.table.wall))
        bound = p in self.draw_end
        if not bound and (yield from self._replaced("draw.normal", p)):
            return
        end, peek = self.draw_end.pop(p, ("top", False))
        wall = self.table.wall
        if peek:
            self.see(p, wall.look_front(1), public=False)
        tile = wall.draw_tail() if end == "tail" else wall.draw_front()
        yield from self.acquire(p, tile, "normal", None, end=end)

    def _act(self, p: int, *, drawn: bool) -> Generator[Decision, str, _Turn | None]:
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
            if drawn and win_tile in player.hand and self._winnable(p):
                claim = self._self_draw_claim(p, first=first)
                if self._can_win(p, win_tile, claim):
                    options.append(HU)
            if drawn and t.wall:
                options += self._kong_options(p)
            options += self._discard_options(p)
            answer = yield Decision(DecisionKind.TURN, p, tuple(options))
            if answer == HU:
                assert win_tile is not None and claim is not None
                self._owing.discard(p)
                yield from self._settle_wins([p], win_tile, claim)
                return self._after_exit(p)
            verb, face = answer.split(" ", 1)
            kind = parse_one(face)
            if verb == "discard":
                self._owing.discard(p)
                return (yield from self._discard(p, kind))
            robbed = yield from self._declare_kong(p, MeldKind(verb), kind)
            if robbed:
                self._owing.discard(p)
                return self._after_exit(p)
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

    def _kong_options(self, p: int) -> list[str]:
        t = self.table
        player = t.players[p]
        held = _count_hand(self._counted, p, player.hand).vector
        pons = {m.meld.tiles[0] for m in player.melds if m.meld.kind is MeldKind.PON}
        fours = [k for k, n in enumerate(held) if n == 4] if 4 in held else []
        found: list[str] = []
        for k in sorted({k for k in pons if held[k]}.union(fours)):
            if held[k] == 4 and self.rules.may_call(t, p, CallKind.ANKAN, k).allowed:
                found.append(f"ankan {FACES[k]}")
            if k in pons and self.rules.may_call(t, p, CallKind.KAKAN, k).allowed:
                found.append(f"kakan {FACES[k]}")
        return found

    def _declare_kong(self, p: int, kind: MeldKind, face: int) -> Generator[Decision, str, bool]:
        """A concealed or added kong; an added kong may be robbed first (§13.9.4, L2).  True if robbed."""
        player = self.table.players[p]
        tiles = [i for i in player.hand if kind_of_instance(i) == face]
        yield from self.emit("kong.declared", p, kind=kind.value, tile=FACES[face])
        if kind is MeldKind.KAKAN:
            robbers = yield from self._responses(p, tiles[0], rob=True)
            if robbers:
                player.hand.remove(tiles[0])
                yield from self._settle_wins(robbers, tiles[0], WinClaim(WinWay.ROB_KONG, from_player=p))
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
            source = old.from_player
        else:
            for i in tiles:
                player.hand.remove(i)
            player.melds.append(TableMeld(Meld(MeldKind.ANKAN, (face,) * 4), tuple(tiles)))
            source = None
        yield from self._kong_established(p, kind, face, source)
        return False

    def _kong_established(self, p: int, kind: MeldKind, face: int, source: int | None) -> Step:
        """The kong stands: its points are earned now, then the replacement from the tail (§6.6, §13.9).
        ``from`` names the discarder: of the called tile, or for 加杠 of the original pon (R118, H25)."""
        player = self.table.players[p]
        player.kong_kinds.append(kind)
        player.calls[kind.value] = player.calls.get(kind.value, 0) + 1
        self.table.any_call = True
        came = "" if source is None else PLAYERS[source]
        yield from self.emit("kong.established", p, kind=kind.value, tile=FACES[face], **{"from": came})
        if kind is not MeldKind.ANKAN:
            yield from self.emit("meld.exposed", p, kind=kind.value, tile=FACES[face], **{"from": came})
        yield from self._replacement_draw(p, "kong", None)
        self._rinshan = True

    def _replacement_draw(self, p: int, reason: str, cause: str | None) -> Step:
        """A tile from the tail after a flower or a kong (lib 二.1 尾部); a card may replace the draw
        (S-04, G-05)."""
        if not self.table.wall:
            raise _RoundOver(EndReason.WALL_EXHAUSTED)
        if (yield from self._replaced("draw.replacement", p, reason=reason)):
            return
        yield from self.acquire(p, self.table.wall.draw_tail(), "replacement", cause, reason=reason)

    def _discard(self, p: int, face: int, cause: str | None = None) -> Generator[Decision, str, _Turn | None]:
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
        claims = yield from self._responses(p, tile, rob=False)
        self.safe.discard(p)
        if claims and self._answers[claims[0]] == HU:
            player.river.remove(tile)
            player.uncalled_streak += 1
            yield from self._settle_wins(claims, tile, WinClaim(WinWay.RON, from_player=p, last_tile=houtei))
            yield from self.emit("discard.settled", p, cause, tile=FACES[face], outcome="ron", normal=normal)
            return self._after_exit(p)
        if claims:
            caller = claims[0]
            answer = self._answers[caller]
            player.uncalled_streak = 0
            yield from self._call(caller, p, tile, answer)
            yield from self.emit(
                "discard.settled", p, cause, tile=FACES[face], outcome="called", normal=normal
            )
            return (yield from self._act(caller, drawn=answer == "kong"))
        player.uncalled_streak += 1
        yield from self.emit("discard.settled", p, cause, tile=FACES[face], outcome="none", normal=normal)
        nxt = t.next_in_game(p)
        return None if nxt is None else _Turn(nxt)

    def _responses(self, source: int, tile: int, *, rob: bool) -> Generator[Decision, str, list[int]]:
        """Ask every in-game other player for their response, then rank them: hu (in seat order from
        the source) beats pon/kong, which beats chi (§11 phase 2, §12.3, CARD-INVENTORY H16)."""
        t = self.table
        face = kind_of_instance(tile)
        answers: dict[int, str] = {}
        chances: set[int] = set()
        for q in t.clockwise_from(source):
            options = self._response_options(q, source, tile, rob)
            if any(o == "pon" or o.startswith("chi") for o in options):
                chances.add(q)
            if len(options) > 1:
                kind = DecisionKind.ROB_KONG if rob else DecisionKind.CALL
                answers[q] = yield Decision(kind, q, tuple(options), FACES[face])
        self._answers = answers
        self.call_chances = chances
        ron = [q for q, a in answers.items() if a == HU]
        if ron:
            return sorted(ron, key=lambda q: t.seat_distance(source, q))
        for group in (("pon", "kong"), ("chi",)):
            callers = [q for q, a in answers.items() if a.split(" ")[0] in group]
            if callers:
                return sorted(callers, key=lambda q: t.seat_distance(source, q))[:1]
        return []

    def _response_options(self, q: int, source: int, tile: int, rob: bool) -> list[str]:
        t = self.table
        face = kind_of_instance(tile)
        options = [PASS]
        responder = t.players[q]
        if q in self._owing or len(responder.hand) + 3 * len(responder.melds) != OTHER_TILES:
            return options
        counted = _count_hand(self._counted, q, responder.hand)
        vector = counted.vector
        way = WinWay.ROB_KONG if rob else WinWay.RON
        reach = grant_reach(self.rules, t, q)
        # a tile lowers shanten by one at most: a hand further than its grants reach cannot win
        possible = reach is None or reach == 0 or counted.shanten(len(responder.melds)) - 1 < reach
        vector[face] += 1
        if reach == 0:
            possible = is_complete_counts(vector, len(responder.melds))
        if possible and self._can_win(q, tile, WinClaim(way, from_player=source, last_tile=not t.wall)):
            options.append(HU)
        vector[face] -= 1
        if rob or source in self.safe:
            return options
        held = vector[face]
        if held >= 2 and self.rules.may_call(t, q, CallKind.PON, face, source).allowed:
            options.append("pon")
        if held == 3 and t.wall and self.rules.may_call(t, q, CallKind.MINKAN, face, source).allowed:
            options.append("kong")
        runs = self._chi_runs(vector, face)
        if runs and self.rules.may_call(t, q, CallKind.CHI, face, source).allowed:
            options += [f"chi {format_tiles(run)}" for run in runs]
        return options

    def _chi_runs(self, held: list[int], face: int) -> list[tuple[int, int, int]]:
        """The chows the caller's hand can make with ``face``: number tiles of one suit, or an honour run
        that P-01 lets its holder chi (lib P-01)."""
        return [run for run, a, b in _CHI_RUNS[face] if held[a] and held[b]]

    def _call(self, caller: int, source: int, tile: int, answer: str) -> Step:
        """Make the called meld; a called kong is established and replaced from the tail (§6.6)."""
        t = self.table
        player = t.players[caller]
        face = kind_of_instance(tile)
        verb = answer.split(" ")[0]
        yield from self.emit("call.declared", caller, kind=verb, tile=FACES[face])
        t.players[source].river.remove(tile)
        if verb == "chi":
            need = [k for k in parse_run(answer.split(" ")[1]) if k != face]
            self.rules.use(self.rules.may_call(t, caller, CallKind.CHI, face, source), caller, CallKind.CHI)
        else:
            need = [face] * (3 if verb == "kong" else 2)
        used: list[int] = []
        for k in need:
            used.append(next(i for i in sorted(player.hand) if kind_of_instance(i) == k and i not in used))
        for i in used:
            player.hand.remove(i)
            player.revealed.discard(i)
        kind = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "kong": MeldKind.MINKAN}[verb]
        instances = tuple(sorted((*used, tile)))
        meld = Meld(kind, tuple(kind_of_instance(i) for i in instances))
        player.melds.append(TableMeld(meld, instances, source))
        t.any_call = True
        self._win_tile.pop(caller, None)
        if kind is MeldKind.MINKAN:
            yield from self._kong_established(caller, kind, face, source)
            return
        player.calls[kind.value] = player.calls.get(kind.value, 0) + 1
        payload = {"tile": FACES[face], "from": PLAYERS[source], "kind": kind.value}
        yield from self.emit(f"{kind.value}.established", caller, **payload)
        yield from self.emit("meld.exposed", caller, **payload)

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

    def _winnable(self, p: int) -> bool:
        """Whether ``p``'s concealed tiles, the drawn tile among them, pass the judge's own pre-check
        (:meth:`Rules.judge_win`): complete when plain, within the grants' reach otherwise.  Asked
        before the judge at every self-draw, from the counts kept while the hand is unchanged."""
        player = self.table.players[p]
        counted = _count_hand(self._counted, p, player.hand)
        reach = grant_reach(self.rules, self.table, p)
        if reach is None:
            return True
        if reach == 0:
            return is_complete_counts(counted.vector, len(player.melds))
        return counted.shanten(len(player.melds)) < reach

    def _can_win(self, p: int, tile: int, claim: WinClaim) -> bool:
        return self._judge(p, tile, claim) is not None

    def _judge(self, p: int, tile: int, claim: WinClaim) -> WinVerdict | None:
        marks = (lambda: self.treasure_faces(p)) if self.cards.tile_marks is not None else None
        return self.rules.judge_win(
            self.table,
            p,
            kind_of_instance(tile),
            claim,
            order=len(self.wins) + 1,
            treasure=marks,
            extra=self._module_items(p, tile, claim),
        )

    def _module_items(
        self, p: int, tile: int, claim: WinClaim
    ) -> Callable[[], tuple[ScoreContribution, ...]] | None:
        """The enabled modules' score items for ``p`` winning on ``tile`` (``hexmj_score_items``, §13)."""
        items = self.cards.score_items
        if items is None:
            return None
        player = self.table.players[p]

        def ask() -> tuple[ScoreContribution, ...]:
            hand = [kind_of_instance(i) for i in player.hand]
            if claim.way is not WinWay.SELF_DRAW:
                hand.append(kind_of_instance(tile))
            hand += [k for m in player.melds for k in m.meld.tiles]
            return items(WinSummary(p, tuple(sorted(hand)), kind_of_instance(tile)))

        return ask

    def _settle_wins(self, winners: list[int], tile: int, claim: WinClaim) -> Step:
        """Score each winner in order and let them leave (§11 phases 3–5, §12.3, §12.5).  In a multiple
        ron the discard physically joins the first winner's tiles; every winner is scored with it."""
        t = self.table
        for q in winners:
            verdict = self._judge(q, tile, claim)
            assert verdict is not None
            player = t.players[q]
            if claim.way is not WinWay.SELF_DRAW and q == winners[0]:
                player.hand.append(tile)
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
            self.exiting.add(q)
            if verdict.abandons:
                self.abandon(q)
            self.exercised.update(g.split("-v")[0] for g in verdict.grants_used)
            if verdict.contract_met and player.contract_status is ContractStatus.OPEN:
                player.contract_status = ContractStatus.COMPLETED
                yield from self.emit("contract.completed", q, at_hu=True)
            yield from self.emit(
                "hu.confirmed",
                q,
                way=claim.way.value,
                tile=FACES[win.tile],
                order=win.order,
                total=win.total,
                form=verdict.form,
            )
            player.won = True
            yield from self._end_holder(q)
            yield from self.emit("player.exited", q, remaining=sum(t.in_game(x) for x in range(4)))
            if len(self.wins) >= WINS_TO_END:
                raise _RoundOver(EndReason.THIRD_WIN)
        yield from self.emit(
            "hu.settled", winners=[PLAYERS[q] for q in winners], remaining=sum(t.in_game(x) for x in range(4))
        )

    def _after_exit(self, source: int) -> _Turn | None:
        """Play goes on from the next in-game seat after ``source`` (§12.1, §12.2)."""
        nxt = self.table.next_in_game(source)
        return None if nxt is None else _Turn(nxt)

    # -- the abandon window ------------------------------------------------------------

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
                self.abandon(p)
        yield from self.emit("abandon.window", choices={PLAYERS[p]: answers[p] for p in asked})
        for p in asked:
            yield from self.emit("abandon.decided", p, choice=answers[p])

    def abandon(self, p: int) -> None:
        """Give up the contract: its prohibitions and effects lapse; a black one costs 1 point (§10.2)."""
        player = self.table.players[p]
        player.contract_status = ContractStatus.ABANDONED
        if self.rules.is_black(player.contract or ""):
            self.penalties[p] -= 1
        source = player.contract
        self.statuses[:] = [s for s in self.statuses if not (s.holder == p and s.rule.source == source)]

    # -- what card effects use ---------------------------------------------------------

    def resolve(self, ctx: Ctx, steps: Program) -> Step:
        """Run a card's program and record that the card was exercised: it acted, or it was called on
        and could do nothing (§6.8, §18.3).  The drawable count a card effect lowered is announced
        once the outermost effect has settled (``wall.count``, H12, R117)."""
        self.exercised.add(ctx.card.base_id)
        self._effects += 1
        try:
            yield from run_program(ctx, steps)
        finally:
            self._effects -= 1
        tally = self.unable if ctx.unexecutable and not ctx.did_something else self.acted
        tally[ctx.card.base_id] = tally.get(ctx.card.base_id, 0) + 1
        if not self._effects and self._wall_due is not None:
            cause, self._wall_due = self._wall_due, None
            yield from self.emit("wall.count", None, cause, drawable=len(self.table.wall))

    def acquire(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """A tile enters a hand: a normal, replacement or extra draw, a take from a look, a swap, a pass,
        a retrieval (tile.acquired, H21).  Only normal and replacement draws may win (H14)."""
        self.table.players[p].hand.append(tile)
        yield from self.announce(p, tile, via, cause, **data)

    def announce(self, p: int, tile: int, via: str, cause: str | None, **data: object) -> Step:
        """The events of a tile that is already in ``p``'s hand (effects that move several tiles at
        once place them all first, so the 144 stay accounted for at every event)."""
        player = self.table.players[p]
        if via == "normal":
            self._rinshan = False
            if not is_flower(kind_of_instance(tile)):
                self._win_tile[p] = tile
                yield from self.emit("draw.normal.taken", p, cause, tile=self._show(tile), **data)
                if tile not in player.hand:
                    return  # sent back by a redraw: the redrawn tile is the turn's normal draw (R123)
            player.normal_draws += 1
        if is_flower(kind_of_instance(tile)):
            self._win_tile.pop(p, None)
            yield from self._replace_flowers(p, cause)
            return
        shown = self._show(tile)
        if via == "normal":
            self._win_tile[p] = tile
            self._drew.add(p)
            yield from self.emit("draw.normal", p, cause, tile=shown, k=player.normal_draws, **data)
        elif via == "replacement":
            self._win_tile[p] = tile
            yield from self.emit("draw.replacement", p, cause, tile=shown, **data)
        else:
            self._win_tile.pop(p, None)
            if via == "extra":
                yield from self.emit("draw.extra", p, cause, tile=shown)
        yield from self.emit("tile.acquired", p, cause, tile=shown, via=via, instance=tile)
        if self._effects:
            self._wall_due = self._wall_due or cause or self.ambient
        else:
            yield from self.emit("wall.count", None, cause, drawable=len(self.table.wall))

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

    def draw_card(self, deck_name: str, p: int, cause: str, offered: int = 1) -> Step:
        """Draw a chance or party card for ``p`` and resolve it (§6.4–§6.10, §7.2): replacement hooks
        first (G-07, P-07, S-17), a completely unexecutable card is redrawn once (§6.8), a lasting card
        takes the player's one lasting slot of that deck (§6.9, §7.3)."""
        if offered == 1 and (yield from self._replaced(f"{deck_name}.draw", p)):
            return
        deck = self.cards.decks.get(deck_name)
        if deck is None or self.table.players[p].won:
            return
        yield from self.emit(f"{deck_name}.draw", p, cause, source=cause.removeprefix("card:"))
        drawn = [c for c in (deck.draw() for _ in range(offered)) if c is not None]
        if not drawn:
            return
        kept = drawn[0]
        if len(drawn) > 1:
            kept = yield Decision(DecisionKind.CHOOSE, p, tuple(drawn), f"keep 1 of {deck_name}")
            deck.discards.extend(c for c in drawn if c != kept)
        for attempt in range(2):
            yield from self.emit(
                f"{deck_name}.drawn", p, cause, card=kept, source=cause.removeprefix("card:")
            )
            if self.redraw_requested:
                self.redraw_requested = False
                deck.discards.append(kept)
                self.drawn.append(DrawnCard(kept, deck_name, p, False, discarded=True))
                again = deck.draw()
                if again is None:
                    return
                kept = again
                yield from self.emit(
                    f"{deck_name}.drawn", p, cause, card=kept, source=cause.removeprefix("card:")
                )
            done = yield from self._resolve_drawn(deck_name, deck, kept, p)
            if done or attempt == 1:
                return
            again = deck.draw()
            if again is None:
                return
            kept = again

    def _resolve_drawn(
        self, deck_name: str, deck: Deck, card_id: str, p: int
    ) -> Generator[Decision, str, bool]:
        card = self.cards.library[card_id]
        ctx = Ctx(self, card, p)
        lasting = any(h.duration is not None for h in card.hooks) or _lasting(card.resolution)
        if p in self.exiting and lasting:
            self.drawn.append(DrawnCard(card_id, deck_name, p, True))
            deck.discards.append(card_id)
            yield from self.emit(f"{deck_name}.unexecutable", p, ctx.cause, card=card_id)
            return False
        if lasting:
            held = self.lasting.get((deck_name, p))
            if held is not None and self._active(held, p):
                keep = yield Decision(DecisionKind.KEEP_LASTING, p, (held, card_id), deck_name)
                dropped = card_id if keep == held else held
                deck.discards.append(dropped)
                self._end_card(dropped, p)
                if dropped == held:
                    yield from self.emit("card.ended", p, card=held)
                if keep == held:
                    self.drawn.append(DrawnCard(card_id, deck_name, p, False, discarded=True))
                    return True
            self.lasting[(deck_name, p)] = card_id
        self.register(card, p)
        yield from self.resolve(ctx, card.resolution)
        unexecutable = ctx.unexecutable and not ctx.did_something and not lasting
        self.drawn.append(DrawnCard(card_id, deck_name, p, unexecutable))
        if not lasting:
            self._end_card(card_id, p)
            deck.discards.append(card_id)
        if unexecutable:
            yield from self.emit(f"{deck_name}.unexecutable", p, ctx.cause, card=card_id)
            return False
        return True

    def _active(self, card_id: str, p: int) -> bool:
        if _stays(self.cards.library[card_id].resolution):
            return True
        hooks = [h for hs in self.bus.listeners.values() for h in hs if isinstance(h, CardHook)]
        return any(h.live and h.holder == p and h.card.id == card_id for h in hooks) or any(
            s.holder == p and s.rule.source == card_id for s in self.statuses
        )

    def _end_card(self, card_id: str, p: int) -> None:
        for hooks in self.bus.listeners.values():
            for h in hooks:
                if isinstance(h, LaterHook) and h.after_round:
                    continue
                if isinstance(h, CardHook | LaterHook) and h.holder == p and h.card.id == card_id:
                    h.live = False
        self.statuses[:] = [s for s in self.statuses if not (s.holder == p and s.rule.source == card_id)]

    def lasting_card(self, p: int, deck_name: str) -> str | None:
        """The card in ``p``'s one lasting slot of ``deck_name``, while it still acts (§6.9, §7.3)."""
        held = self.lasting.get((deck_name, p))
        return held if held is not None and self._active(held, p) else None

    def end_lasting(self, p: int, deck_name: str) -> Step:
        """``p`` puts his lasting card of ``deck_name`` in its discard pile without effect (§7.2, §7.4)."""
        held = self.lasting.pop((deck_name, p), None)
        if held is None:
            return
        self._end_card(held, p)
        deck = self.cards.decks.get(deck_name)
        if deck is not None:
            deck.discards.append(held)
        yield from self.emit("card.ended", p, card=held)

    def _end_holder(self, p: int) -> Step:
        """A winner's chance and party cards end at once (§7.6, §12.5); their augments only pause."""
        for (deck, holder), card_id in list(self.lasting.items()):
            if holder == p:
                self._end_card(card_id, p)
                del self.lasting[(deck, holder)]
                yield from self.emit("card.ended", p, card=card_id)

    def add_status(self, ctx: Ctx, rule: StaticRule) -> None:
        """A static in force for the named player until its duration ends (add_status)."""
        for who in ctx.players(rule.who, "holder"):
            expiry = Expiry.of(_until(rule.duration), ctx.holder if ctx.holder is not None else who)
            status = Status(rule, who, ctx, expiry)
            self.statuses.append(status)
            if rule.action == "keep_drawn":
                hand = self.table.players[who].hand
                self.table.players[who].forced_tile = hand[-1] if hand else None
            if expiry is not None:
                self._watch(expiry, partial(self._drop_status, status))

    def _drop_status(self, status: Status) -> None:
        if status in self.statuses:
            self.statuses.remove(status)

    def add_later(self, ctx: Ctx, until: str, steps: Program) -> None:
        """Steps to run when the holder's duration ends (O-C06, G-11)."""
        expiry = Expiry.of(until, ctx.holder)
        assert expiry is not None
        later = LaterHook(ctx.card, ctx.holder, expiry, steps)
        self._watch(expiry, partial(setattr, later, "due", True))
        self.bus.listen(later)

    def reveal(self, owner: int, tiles: list[int], until: str, ctx: Ctx) -> None:
        """Tiles become public while staying in the hand (§14.4); a contract's reveal is tracked (B-09)."""
        player = self.table.players[owner]
        player.revealed.update(tiles)
        if ctx.card.contract is not None:
            player.contract_tiles.update(tiles)
        expiry = Expiry.of(until, owner)
        if expiry is not None and until != "round_end":
            self._watch(expiry, lambda: player.revealed.difference_update(tiles))

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
        self._end_card(old, p)
        player.contract = answer
        player.contract_status = ContractStatus.OPEN
        player.contract_tiles.clear()
        self.register(self.cards.library[answer], p)
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

    def _replaced(self, name: str, p: int, **data: object) -> Generator[Decision, str, bool]:
        """Run a replacement (``instead of …``) the player holds for this event, if one applies."""
        event = Event(name, p, self.ambient, data)
        for hook in self._replacements.get(name, []):
            if hook.holder == p and hook.live and (yield from hook.attempt(event, self)):
                return True
        return False

    def _watch(self, expiry: Expiry, end: Callable[[], None]) -> None:
        """Run ``end`` when ``expiry`` ends; the round then delivers the events that can end or arm it."""
        self._expiring.append((expiry, end))
        self._expiry_events.update((expiry.event, "turn.started"))

    def _expire(self, event: Event) -> None:
        if not self._expiring:
            return
        keep = []
        for expiry, end in self._expiring:
            if expiry.observe(event, self):
                end()
            else:
                keep.append((expiry, end))
        self._expiring = keep

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


def parse_run(text: str) -> list[int]:
    """``"345m"`` → the kinds of 3m, 4m, 5m."""
    return [parse_one(f"{d}{text[-1]}") for d in text[:-1]]


def _until(duration: object) -> str | None:
    return getattr(duration, "until", None)


def _stays(program: Program) -> bool:
    """The card lies before its holder for the rest of the round: a lasting primitive (§7.5 F-T, §7.3)."""
    return any(isinstance(step, PrimitiveStep) and _lasting_primitive(step) for step in program)


def _lasting_primitive(step: PrimitiveStep) -> bool:
    spec = PRIMITIVE_SPECS.get(step.primitive)
    return spec is not None and spec.lasting


def _lasting(program: Program) -> bool:
    """A drawn card is lasting when it leaves a status or a delayed step behind, or stays before its
    holder (§6.9, §7.3)."""
    for step in program:
        if isinstance(step, StatusStep | LaterStep):
            return True
        if isinstance(step, PrimitiveStep) and _lasting_primitive(step):
            return True
        if isinstance(step, ChooseStep) and any(_lasting(o.steps) for o in step.options):
            return True
        if isinstance(step, ForEachStep) and _lasting(step.steps):
            return True
        if isinstance(step, IfStep) and (_lasting(step.then) or _lasting(step.otherwise)):
            return True
    return False


@dataclass
class _HandCounts:
    """One player's concealed tiles as 34 counts (and their shanten, once asked), kept while the hand
    is unchanged: the responses to every discard read them (§12.2).  ``vector`` is shared; a reader
    that changes it restores it."""

    hand: tuple[int, ...]
    vector: list[int]
    _shanten: dict[int, int] = field(default_factory=dict)

    def shanten(self, n_melds: int) -> int:
        """The shanten of the concealed tiles beside ``n_melds`` melds."""
        known = self._shanten.get(n_melds)
        if known is None:
            known = self._shanten[n_melds] = shanten_counts(self.vector, n_melds)
        return known


def _count_hand(memo: dict[int, _HandCounts], player: int, hand: list[int]) -> _HandCounts:
    """The player's :class:`_HandCounts`, recounted only when their concealed tiles changed."""
    now = tuple(hand)
    counted = memo.get(player)
    if counted is None or counted.hand != now:
        counted = memo[player] = _HandCounts(now, counts(map(INSTANCE_KINDS.__getitem__, now)))
    return counted


def _chi_candidates(face: int) -> tuple[tuple[tuple[int, int, int], int, int], ...]:
    """The runs ``face`` may complete, each with the two other tiles it needs: the one-suit runs
    through it, lowest first; for an honour, the honour runs of P-01 (lib P-01)."""
    if face >= 27:
        runs = [run for run in HONOUR_RUNS if face in run]
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
        found.append((run, a, b))
    return tuple(found)


_CHI_RUNS = tuple(_chi_candidates(face) for face in range(34))
"""For each face, the runs a chi of it may make and the two tiles each needs (§12.2)."""
