"""Table facts that event filters and effect guards ask (``engine.hextech.vocabulary.FACTS``).

:func:`holds` answers a condition tree (``Call``, ``Compare``, ``All``,
``AnyOf``, ``Not`` of :mod:`engine.hextech.predicates`) against the table, the event
and the card's holder.  Each fact is a small function of the context and its
arguments, registered by name.  A tree is made once into one function of the
context (:func:`compiled`), answering each part in order and raising for an unknown fact only
when it is reached.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.core.errors import CardError
from engine.core.melds import MeldKind
from engine.core.tiles import NUMBER_SUITS, kind_of_instance, parse_one, suit_of
from engine.hextech.effects.context import Ctx
from engine.hextech.predicates import COMPARE, All, AnyOf, Call, Compare, Condition, Not
from engine.hextech.state import ROUND_START, ContractStart, ContractStatus

Fact = Callable[[Ctx, tuple[object, ...]], int | bool]
FACTS: dict[str, Fact] = {}


def fact(name: str) -> Callable[[Fact], Fact]:
    """Register a fact under its vocabulary name."""

    def register(function: Fact) -> Fact:
        FACTS[name] = function
        return function

    return register


Test = Callable[[Ctx], bool]
"""A compiled condition: the context in, whether the condition holds now out."""


def holds(condition: Condition | None, ctx: Ctx) -> bool:
    """Whether the condition holds now; no condition always holds."""
    return condition is None or compiled(condition)(ctx)


@lru_cache(maxsize=1024)
def compiled(condition: Condition) -> Test:
    """``condition`` made once into one function of the context, remembered by its value (conditions
    are immutable values): ``all`` / ``any`` stop at the first part that decides, and an unknown fact
    raises :class:`engine.core.errors.CardError` when it is reached."""
    return _compile(condition)


def _compile(condition: Condition) -> Test:
    if isinstance(condition, Call):
        measure = _measure(condition)
        return lambda ctx: bool(measure(ctx))
    if isinstance(condition, Compare):
        return _compare(condition)
    if isinstance(condition, All | AnyOf):
        return _joint(tuple(_compile(part) for part in condition.parts), isinstance(condition, All))
    assert isinstance(condition, Not)
    part = _compile(condition.part)
    return lambda ctx: not part(ctx)


def _compare(condition: Compare) -> Test:
    measure = _measure(condition.left)
    right = condition.right
    op = COMPARE.get(condition.op)
    if op is None:
        return lambda ctx: COMPARE[condition.op](int(measure(ctx)), right)
    return lambda ctx: op(int(measure(ctx)), right)


def _joint(parts: tuple[Test, ...], every: bool) -> Test:
    """``all`` (``every``) or ``any`` of the parts, in order, stopping at the first that decides."""
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        first, second = parts
        if every:
            return lambda ctx: first(ctx) and second(ctx)
        return lambda ctx: first(ctx) or second(ctx)
    if every:
        return lambda ctx: all(part(ctx) for part in parts)
    return lambda ctx: any(part(ctx) for part in parts)


def _measure(call: Call) -> Callable[[Ctx], int | bool]:
    """A fact with its arguments; a name no fact has raises when it is asked."""
    function = FACTS.get(call.name)
    args = call.args
    if function is None:
        return lambda ctx: _value(call, ctx)
    return lambda ctx: function(ctx, args)


def _value(call: Call, ctx: Ctx) -> int | bool:
    function = FACTS.get(call.name)
    if function is None:
        raise CardError(f"{ctx.card.id}: the engine has no fact {call.name!r}")
    return function(ctx, call.args)


def _who(ctx: Ctx, args: tuple[object, ...], index: int = 0, default: str = "actor") -> int:
    role = args[index] if len(args) > index else default
    found = ctx.player(role)
    if found is None:
        found = ctx.player(default)
    return found if found is not None else 0


def _since(ctx: Ctx, p: int) -> ContractStart:
    """Where the counts of ``p``'s discards and draws begin for this card: at its contract's start when
    the card is ``p``'s contract in force (R556), else at the round's."""
    player = ctx.game.table.players[p]
    return player.contract_start if player.contract == ctx.card.id else ROUND_START


def _event_tile(ctx: Ctx, args: tuple[object, ...], index: int = 0) -> int | None:
    word = str(args[index]) if len(args) > index else "tile"
    if word == "tile":
        text = ctx.event.data.get("tile") if ctx.event is not None else None
        return None if text is None else parse_one(str(text))
    return parse_one(word)


@fact("is")
def _is(ctx: Ctx, args: tuple[object, ...]) -> bool:
    field, wanted = str(args[0]), args[1]
    options = wanted if isinstance(wanted, tuple) else (wanted,)
    if ctx.event is None:
        return False
    value = ctx.event.data.get(field)
    options = tuple(ctx.card.base_id if str(o) == "self" else o for o in options)
    if field in ("from", "player") and value is not None:
        players = [ctx.player(o) for o in options]
        return any(p is not None and "ABCD"[p] == value for p in players)
    return str(value) in {str(o) for o in options}


@fact("tile_is")
def _tile_is(ctx: Ctx, args: tuple[object, ...]) -> bool:
    tile = _event_tile(ctx, args)
    where = args[1] if len(args) > 1 else "any"
    return tile is not None and ctx.tile_filter(where, ctx.actor)(tile)


@fact("in_river")
def _in_river(ctx: Ctx, args: tuple[object, ...]) -> bool:
    p = _who(ctx, args)
    tile = _event_tile(ctx, args, 1)
    river = [kind_of_instance(i) for i in ctx.game.table.players[p].river]
    if ctx.event is not None and ctx.event.data.get("outcome") == "none" and river:
        river = river[:-1]
    return tile in river


@fact("river_suits")
def _river_suits(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = _who(ctx, args)
    before = _since(ctx, p).river
    river = ctx.game.table.players[p].river
    return len({suit_of(kind_of_instance(i)) for i in river if i not in before} & set(NUMBER_SUITS))


_SET_OF_MELD = {
    MeldKind.CHI: "chow",
    MeldKind.PON: "pung",
    MeldKind.MINKAN: "kong",
    MeldKind.KAKAN: "kong",
    MeldKind.ANKAN: "kong",
}
"""The set kind (``engine.core.groups.SetKind``) each declared meld is."""


@fact("exposed_melds")
def _exposed_melds(ctx: Ctx, args: tuple[object, ...]) -> int:
    """Exposed melds of the player of ``kinds``: a set kind (``chow``, ``pung``, ``kong``; ``set`` any)
    or a meld kind (``chi`` …), S-09 "其中至少一副为顺子"."""
    kinds = args[1] if len(args) > 1 else "set"
    words = {str(w) for w in (kinds if isinstance(kinds, tuple) else (kinds,))}
    if "set" in words:
        return sum(m.meld.exposed for m in ctx.game.table.players[_who(ctx, args)].melds)
    return sum(
        m.meld.exposed and (m.meld.kind.value in words or _SET_OF_MELD[m.meld.kind] in words)
        for m in ctx.game.table.players[_who(ctx, args)].melds
    )


@fact("others_with_exposed_melds")
def _others_exposed(ctx: Ctx, args: tuple[object, ...]) -> int:
    me = _who(ctx, args)
    players = ctx.game.table.players
    return sum(1 for p in range(4) if p != me and any(m.meld.exposed for m in players[p].melds))


@fact("uncalled_streak")
def _uncalled(ctx: Ctx, args: tuple[object, ...]) -> int:
    return ctx.game.table.players[_who(ctx, args)].uncalled_streak


@fact("normal_draws")
def _normal_draws(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = _who(ctx, args)
    return ctx.game.table.players[p].normal_draws - _since(ctx, p).draws


_CALL_KINDS = {"set": ("chi", "pon", "minkan", "kakan", "ankan")}


@fact("calls_made")
def _calls_made(ctx: Ctx, args: tuple[object, ...]) -> int:
    kinds = args[1] if len(args) > 1 else "set"
    words = kinds if isinstance(kinds, tuple) else (kinds,)
    wanted = {k for w in words for k in _CALL_KINDS.get(str(w), (str(w),))}
    calls = ctx.game.table.players[_who(ctx, args)].calls
    return sum(n for kind, n in calls.items() if kind in wanted)


@fact("discards")
def _discards(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = _who(ctx, args)
    return len(ctx.game.table.players[p].discarded) - _since(ctx, p).discards


@fact("distinct_discards")
def _distinct(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = _who(ctx, args)
    return len(set(ctx.game.table.players[p].discarded[_since(ctx, p).discards :]))


@fact("drawable")
def _drawable(ctx: Ctx, args: tuple[object, ...]) -> int:
    return len(ctx.game.table.wall)


@fact("in_game")
def _in_game(ctx: Ctx, args: tuple[object, ...]) -> int:
    return sum(ctx.game.table.in_game(p) for p in range(4))


@fact("round_number")
def _round_number(ctx: Ctx, args: tuple[object, ...]) -> int:
    return ctx.game.number


@fact("lowest_score")
def _lowest(ctx: Ctx, args: tuple[object, ...]) -> bool:
    scores = ctx.game.scores
    return scores[_who(ctx, args)] == min(scores)


@fact("contract_completed")
def _contract_completed(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.game.table.players[_who(ctx, args)].contract_status is ContractStatus.COMPLETED


@fact("contract_revealed")
def _contract_revealed(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.game.contracts_revealed


@fact("has_won")
def _has_won(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.game.table.players[_who(ctx, args)].won


@fact("window_opened")
def _window_opened(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.game.table.abandon_window_done


@fact("visible_copies")
def _visible_copies(ctx: Ctx, args: tuple[object, ...]) -> int:
    face = _event_tile(ctx, args)
    return sum(1 for k in ctx.game.visible_kinds() if k == face)


@fact("revealed_discarded")
def _revealed_discarded(ctx: Ctx, args: tuple[object, ...]) -> int:
    """How many of the tiles this card, a contract, made public the player has discarded (B-09)."""
    state = ctx.game.card_states.get(ctx.card.base_id, _who(ctx, args))
    return 0 if state is None else state.revealed_discarded


@fact("forced_discards")
def _forced_discards(ctx: Ctx, args: tuple[object, ...]) -> int:
    """How many discards this card has forced on the player (B-10)."""
    state = ctx.game.card_states.get(ctx.card.base_id, _who(ctx, args))
    return 0 if state is None else state.forced_discards


@fact("kept_forced")
def _kept_forced(ctx: Ctx, args: tuple[object, ...]) -> bool:
    """The tile this card forced the player to discard is still his: in the hand or melded, a concealed
    kong too (B-10, R57, R352)."""
    who = _who(ctx, args)
    state = ctx.game.card_states.get(ctx.card.base_id, who)
    tile = None if state is None else state.forced_tile
    p = ctx.game.table.players[who]
    return tile is not None and (tile in p.hand or any(tile in m.instances for m in p.melds))


@fact("discarded_chosen_suit")
def _discarded_chosen_suit(ctx: Ctx, args: tuple[object, ...]) -> bool:
    p = _who(ctx, args)
    tile = _event_tile(ctx, ())
    suit = ctx.value("chosen_suit", p)
    return tile is not None and suit is not None and suit_of(tile) == suit


@fact("repeated_discard")
def _repeated(ctx: Ctx, args: tuple[object, ...]) -> bool:
    p = _who(ctx, args)
    history = ctx.game.table.players[p].discarded[_since(ctx, p).discards :]
    return bool(history) and history[-1] in history[:-1]


@fact("holds")
def _holds(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = _who(ctx, args, 1)
    test = ctx.tile_filter(args[0], p)
    player = ctx.game.table.players[p]
    return sum(1 for i in player.hand if i not in player.revealed and test(kind_of_instance(i)))


@fact("module_enabled")
def _module_enabled(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return str(args[0]) in ctx.game.modules


@fact("chosen")
def _chosen(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.value("choice") == str(args[0]) or ctx.value("route") == str(args[0])


@fact("routed_melds")
def _routed(ctx: Ctx, args: tuple[object, ...]) -> int:
    route = ctx.value("route", _who(ctx, args))
    kinds = (
        {MeldKind.CHI} if route == "chow" else {MeldKind.PON, MeldKind.MINKAN, MeldKind.KAKAN, MeldKind.ANKAN}
    )
    return sum(1 for m in ctx.game.table.players[_who(ctx, args)].melds if m.meld.kind in kinds)


@fact("challenge_lost")
def _challenge_lost(ctx: Ctx, args: tuple[object, ...]) -> bool:
    """The player lost the card's challenge its holder last put (F-R02, R41): the module reports the
    performers who lost (``challenge_lost``)."""
    holder = ctx.holder if ctx.holder is not None else ctx.actor
    if holder is None:
        return False
    state = ctx.game.card_states.get(ctx.card.base_id, holder)
    lost = None if state is None else state.reported.get("challenge_lost")
    return isinstance(lost, tuple) and _who(ctx, args) in lost
