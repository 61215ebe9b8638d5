"""Cards on the bus: triggers with their actor filter, guard, limits and duration; statuses; delayed steps.

A :class:`CardHook` runs one compiled trigger (``engine.hextech.vocabulary.Hook``) for
its holder.  It skips what the rules hide from it: world cards ignore
card-caused events (§6.7, §14.6); no effect retriggers a card of the same
name (lib 二.2); a holder who has won is out of the round, so their augments
pause and their chance and party cards end (§5.4, §12.5).  Limits are
counted when the hook resolves: per turn, round or session, per player
for world cards (§6.3).  A world card's limits count the first of what its
text names over every such event: a card-caused one that meets its condition
draws nothing but is counted, so a later one is not "the first" (R552).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from engine.core.decisions import PASS, Decision, DecisionKind
from engine.core.tiles import is_flower, parse_one
from engine.hextech.bus import RULE, Event
from engine.hextech.effects.context import Ctx, RoundTable
from engine.hextech.effects.facts import Test, compiled
from engine.hextech.effects.program import Step, runnable
from engine.hextech.predicates import All, AnyOf, Call, Condition
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import (
    DURATIONS,
    CompiledCard,
    ContractWatch,
    Hook,
    Level,
    LimitRule,
    Program,
    StaticRule,
)

TURN_STARTED = "turn.started"
"""The event that arms a duration counting only the holder's next turn (H10)."""
ARMED_AT: dict[str, str] = {"next_turn_end": TURN_STARTED, "next_normal_discard": "draw.normal"}
"""Durations that count only from an event of the holder still to come: the *next* rotation turn,
never the one in progress (H10); the discard of the turn of the *next* normal draw (O-N08, R137)."""
BINDS_ONCE_ARMED = frozenset({"next_normal_discard"})
"""Durations whose status binds only once armed: O-N08 "你的下一次正常摸牌不能在同一回合直接弃出"
bars the tile of the next normal draw, not one drawn before the card (R137)."""


def limit_key(
    card: CompiledCard, index: int, rule: LimitRule, holder: int | None, actor: int | None, game: RoundTable
) -> tuple[object, ...]:
    """The counter a limit counts on: per turn, round or session, per acting player for world cards."""
    who = actor if rule.per_player else None
    return (card.base_id, index, holder, rule.period, _scope(rule.period, game), who)


def _scope(period: str, game: RoundTable) -> tuple[int, ...]:
    """What a limit's period counts in: this round's turn, this round, or the whole session."""
    if period == "turn":
        return (game.number, game.turn_number)
    if period == "round":
        return (game.number,)
    return ()


AFTER_ROUND = "round_end"
"""The duration of what lasts the rest of the round; steps due after it survive the holder's exit (§7.6)."""
_ANY_PLAYER = frozenset({"next_call_chance", "next_win", "round_end", "abandon_window"})
"""Durations that end on an event of any player (or of the table), not only of the holder."""


@dataclass
class Expiry:
    """When something lasting ends: the duration's event, for whom, and whether it waits for the
    holder's next turn to start (H10).  The round feeds it every event through :meth:`observe`."""

    until: str
    event: str
    holder: int | None
    armed: bool = True
    ended: bool = False
    arms_on: str = TURN_STARTED
    """The holder's event that arms the duration while it is not :attr:`armed` (:data:`ARMED_AT`)."""
    armed_with: str | None = None
    """The tile the arming event named (O-N08's next normal draw: the drawn face, a flower for a
    flower drawn, R137, R555)."""

    @classmethod
    def of(cls, until: str | None, holder: int | None) -> Expiry | None:
        """The expiry of a named duration (``engine.hextech.vocabulary.DURATIONS``), or ``None`` for none."""
        if until is None:
            return None
        arms_on = ARMED_AT.get(until)
        return cls(until, DURATIONS[until].ends_on, holder, arms_on is None, arms_on=arms_on or TURN_STARTED)

    @property
    def dormant(self) -> bool:
        """A status with this expiry does not bind yet (:data:`BINDS_ONCE_ARMED`)."""
        return not self.armed and self.until in BINDS_ONCE_ARMED

    def observe(self, event: Event, game: RoundTable) -> bool:
        """True the first time ``event`` ends the duration."""
        if self.ended:
            return False
        if not self.armed:
            self.armed = event.name == self.arms_on and event.player == self.holder
            named = event.data.get("tile")
            if self.armed and isinstance(named, str):
                self.armed_with = named
            return False
        if event.name != self.event:
            return False
        if self.until not in _ANY_PLAYER and self.holder is not None and event.player != self.holder:
            return False
        if self.until == "next_call_chance" and self.holder not in game.call_chances:
            return False
        if self.until == "next_normal_discard" and not event.data.get("normal"):
            return False
        self.ended = True
        return True


@dataclass(init=False)
class CardHook:
    """One trigger of one card for one holder (``None`` for the round's world card).

    Its condition is compiled once (:func:`engine.hextech.effects.facts.compiled`); a delivery asks it with
    :meth:`start`, which builds the effect's context only for an event the trigger can see.  Its
    ``__init__`` is written out, so that the compiled build compiles it (docs/performance.md)."""

    hook: Hook
    card: CompiledCard
    holder: int | None
    expiry: Expiry | None
    live: bool
    test: Test | None = field(repr=False, compare=False)
    deaf_to: str = field(repr=False, compare=False)
    """The cause of this card's own effects: no effect retriggers a card of the same name (lib 二.2);
    none for a guard that exists for its own card's events (``is(source, self)``: O-X06, F-I08, R133)."""
    world: bool = field(repr=False, compare=False)
    """A world card ignores card-caused events (§6.7, §14.6), but counts them (:meth:`_pass_over`)."""

    def __init__(
        self,
        hook: Hook,
        card: CompiledCard,
        holder: int | None,
        expiry: Expiry | None = None,
        live: bool = True,
    ) -> None:
        self.hook = hook
        self.card = card
        self.holder = holder
        self.expiry = expiry
        self.live = live
        self.test = None if hook.condition is None else compiled(hook.condition)
        own = hook.condition is not None and _asks_own_source(hook.condition)
        self.deaf_to = "" if own else f"card:{card.base_id}"
        self.world = hook.level == Level.WORLD

    @property
    def event(self) -> str:
        return self.hook.event

    @property
    def level(self) -> int:
        return int(self.hook.level)

    @property
    def source(self) -> str:
        return self.card.id

    @property
    def holder_only(self) -> bool:
        """The trigger answers only its holder's own events (``by holder``): :meth:`_sees` turns every
        other event away, so the bus need not offer them (``engine.hextech.bus``)."""
        return self.hook.actor == "holder"

    def run(self, event: Event, game: RoundTable) -> Step:
        """Resolve the trigger for ``event`` if every filter, guard and limit lets it."""
        yield from self.attempt(event, game)

    def start(self, event: Event, game: RoundTable) -> Generator[Decision, str, bool] | None:
        """The resolution of the trigger for ``event`` if every filter, guard and limit lets it, else
        ``None`` (the bus's way of asking, :meth:`run` without a step when nothing happens)."""
        if not self.live or not self._sees(event, game):
            return None
        if self.world and event.cause != RULE:
            self._pass_over(event, game)
            return None
        admitted = self._admitted(event, game)
        return None if admitted is None else self._resolve(event, game, *admitted)

    def attempt(self, event: Event, game: RoundTable) -> Generator[Decision, str, bool]:
        """:meth:`run`, answering whether the card resolved (a replacement then replaces the event)."""
        if not self.live or not self._sees(event, game):
            return False
        if self.world and event.cause != RULE:
            self._pass_over(event, game)
            return False
        admitted = self._admitted(event, game)
        if admitted is None:
            return False
        return (yield from self._resolve(event, game, *admitted))

    def _admitted(self, event: Event, game: RoundTable) -> tuple[Ctx, tuple[tuple[object, ...], ...]] | None:
        """The effect's context and its limits' counters, when the condition holds, no limit is
        reached and the first step can act."""
        ctx = Ctx(game, self.card, self.holder, event)
        if self.test is not None and not self.test(ctx):
            return None
        keys = self._limit_keys(event, game)
        if keys and _reached(keys, self.hook.limits, game.counters):
            return None
        if not runnable(ctx, self.hook.steps):
            return None
        return ctx, keys

    def _pass_over(self, event: Event, game: RoundTable) -> None:
        """A card-caused event a world card does not answer (§6.7) but that is what its text counts
        ("本局第一名玩家胡牌", "每名玩家第一次…"): when its condition holds and no limit is reached, its
        limits count it, so the next such event is no longer the first (W-09, R552)."""
        keys = self._limit_keys(event, game)
        if not keys or (self.test is not None and not self.test(Ctx(game, self.card, self.holder, event))):
            return
        limits = zip(keys, self.hook.limits, strict=True)
        if any(game.counters.get(key, 0) >= rule.count for key, rule in limits):
            return
        for key in keys:
            game.counters[key] = game.counters.get(key, 0) + 1

    def _limit_keys(self, event: Event, game: RoundTable) -> tuple[tuple[object, ...], ...]:
        """The counters of the trigger's limits for ``event`` (:func:`limit_key`)."""
        limits = self.hook.limits
        if not limits:
            return ()
        if len(limits) == 1:
            return (limit_key(self.card, self.hook.index, limits[0], self.holder, event.player, game),)
        return tuple(
            limit_key(self.card, self.hook.index, rule, self.holder, event.player, game) for rule in limits
        )

    def _resolve(
        self, event: Event, game: RoundTable, ctx: Ctx, keys: tuple[tuple[object, ...], ...]
    ) -> Generator[Decision, str, bool]:
        """Ask the holder of an optional trigger (``may``), count the limits and run the effect."""
        if self.hook.optional:
            asker = self.holder if self.holder is not None else event.player
            if asker is not None:
                use = f"use {self.card.id}"
                if (yield Decision(DecisionKind.CHOOSE, asker, (use, PASS), self.card.id)) == PASS:
                    return False
        for key in keys:
            game.counters[key] = game.counters.get(key, 0) + 1
        yield from game.resolve(ctx, self.hook.steps)
        return True

    def _sees(self, event: Event, game: RoundTable) -> bool:
        if event.cause == self.deaf_to:
            return False
        if self.holder is not None and game.table.players[self.holder].won:
            return False
        actor = self.hook.actor
        if actor is None or actor in ("any", "all"):
            return True
        if actor == "others":
            return event.player is not None and event.player != self.holder
        if actor == "holder":
            return event.player is not None and event.player == self.holder
        return (
            event.player is not None
            and Ctx(game, self.card, self.holder, event).player(actor) == event.player
        )


def _asks_own_source(condition: Condition) -> bool:
    """The condition asks whether the event's source is the card itself (``is(source, self)``): the
    trigger is the card's own guard against its effects ("由本牌抽出的牌…", O-X06, F-I08), which the
    card's text makes hear them (§15 supplement 1 over lib 二.2's default, R133)."""
    if isinstance(condition, Call):
        if condition.name != "is" or len(condition.args) != 2 or condition.args[0] != "source":
            return False
        wanted = condition.args[1]
        return "self" in (wanted if isinstance(wanted, tuple) else (wanted,))
    if isinstance(condition, All | AnyOf):
        return any(_asks_own_source(part) for part in condition.parts)
    return False


@dataclass
class LaterHook:
    """Steps a card runs when a duration of its holder expires (``after next_turn_end …``)."""

    card: CompiledCard
    holder: int | None
    expiry: Expiry
    steps: Program
    live: bool = True
    due: bool = False
    level: int = int(Level.CHANCE)

    @property
    def event(self) -> str:
        return self.expiry.event

    @property
    def source(self) -> str:
        return self.card.id

    @property
    def after_round(self) -> bool:
        """Due when the round ends: a celebration that outlives its holder's exit (§7.6)."""
        return self.expiry.until == AFTER_ROUND

    def run(self, event: Event, game: RoundTable) -> Step:
        """Run once at the expiry (:meth:`start`)."""
        step = self.start(event, game)
        if step is not None:
            yield from step

    def start(self, event: Event, game: RoundTable) -> Step | None:
        """Due once at the expiry; lapses if the holder has left (CARD-INVENTORY §2 ``delayed``), except
        what is due after the round: it survives the holder's exit (§7.6, F-S03)."""
        if not self.live or not self.due:
            return None
        self.live = False
        if self.holder is not None and game.table.players[self.holder].won and not self.after_round:
            return None
        return game.resolve(Ctx(game, self.card, self.holder, event), self.steps)


def _reached(
    keys: tuple[tuple[object, ...], ...],
    limits: tuple[LimitRule, ...],
    counters: dict[tuple[object, ...], int],
) -> bool:
    """Whether a trigger's limit is reached: the counter of one of its ``limits`` (``keys``, in the same
    order) has counted the limit's ``count`` already."""
    return any(counters.get(key, 0) >= limits[at].count for at, key in enumerate(keys))


@dataclass(init=False)
class WatchHook:
    """A public contract's completion or failure, watched during play (``complete on`` / ``fail on``;
    §9.5, lib 九–十).  It runs at the contract level (L3) and sees card-caused events too.  Its
    condition is compiled once, with the hook (its ``__init__`` is written out)."""

    watch: ContractWatch
    card: CompiledCard
    holder: int
    level: int
    test: Test | None = field(repr=False, compare=False)

    def __init__(
        self, watch: ContractWatch, card: CompiledCard, holder: int, level: int = int(Level.CONTRACT)
    ) -> None:
        self.watch = watch
        self.card = card
        self.holder = holder
        self.level = level
        self.test = None if watch.condition is None else compiled(watch.condition)

    @property
    def event(self) -> str:
        return self.watch.event

    @property
    def source(self) -> str:
        return self.card.id

    def run(self, event: Event, game: RoundTable) -> Step:
        """Complete or fail the holder's open contract (:meth:`start`)."""
        step = self.start(event, game)
        if step is not None:
            yield from step

    def start(self, event: Event, game: RoundTable) -> Step | None:
        """Complete or fail the holder's open contract when the event and condition say so; a holder
        who has won is settled at his hu, and his contract fails no more (§9.6, R352)."""
        player = game.table.players[self.holder]
        if player.contract != self.card.id or player.contract_status is not ContractStatus.OPEN:
            return None
        if player.won and self.watch.outcome != "complete":
            return None
        actor = self.watch.actor
        if actor == "holder" and event.player != self.holder:
            return None
        if self.test is not None and not self.test(Ctx(game, self.card, self.holder, event)):
            return None
        return self._settle(event, game)

    def _settle(self, event: Event, game: RoundTable) -> Step:
        player = game.table.players[self.holder]
        if self.watch.outcome == "complete":
            player.contract_status = ContractStatus.COMPLETED
            yield from game.emit("contract.completed", self.holder, event.cause, at_hu=False)
        else:
            player.contract_status = ContractStatus.FAILED
            yield from game.emit("contract.failed", self.holder, event.cause, card=self.card.id)


@dataclass(init=False)
class Status:
    """A static rule in force for one holder until it expires (``status forbid chi … until …``).  Its
    condition is compiled once, with the status (its ``__init__`` is written out)."""

    rule: StaticRule
    holder: int
    ctx: Ctx
    expiry: Expiry | None
    uses: dict[str, int]
    test: Test | None = field(repr=False, compare=False)

    def __init__(self, rule: StaticRule, holder: int, ctx: Ctx, expiry: Expiry | None) -> None:
        self.rule = rule
        self.holder = holder
        self.ctx = ctx
        self.expiry = expiry
        self.uses = {}
        self.test = None if rule.condition is None else compiled(rule.condition)

    def applies(self) -> bool:
        """The rule binds now: its duration is not waiting to be armed and its own condition holds."""
        if self.expiry is not None and self.expiry.dormant:
            return False
        return self.test is None or self.test(self.ctx)

    def drawn_face(self, drawn: int | None) -> int | None:
        """The drawn tile a rule on "the drawn tile" binds: for a status that binds once armed, the face
        of the draw that armed it (O-N08 "你的下一次正常摸牌", R137) — none when that draw was a flower,
        whose replacement is no normal draw (R135, R555) — else ``drawn``, the turn's drawn tile."""
        if self.expiry is None or self.expiry.until not in BINDS_ONCE_ARMED:
            return drawn
        named = self.expiry.armed_with
        if named is None:
            return None
        face = parse_one(named)
        return None if is_flower(face) else face

    def tile_test(self, name: str, default: str = "any") -> Callable[[int], bool]:
        """A tile filter argument of the rule as a test on kinds."""
        args = dict(self.rule.args)
        return self.ctx.tile_filter(args.get(name, default), self.holder)

    def arg(self, name: str, default: str = "") -> str:
        """An argument of the rule as text."""
        return str(dict(self.rule.args).get(name, default))
