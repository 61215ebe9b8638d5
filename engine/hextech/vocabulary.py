"""The game vocabulary every card is written in: events, statics, durations, levels, and what a
primitive's declaration is made of (:class:`PrimitiveSpec`; each primitive is declared beside its run in
its family of :mod:`engine.hextech.words`, each table fact and hand word beside its evaluation in its
family of :mod:`engine.hextech.conditions`).

Declarations only (docs/dsl.md).  The card compiler (``dsl.compiler``)
checks a card against these names and argument schemas and produces the
compiled values declared at the end of this module (:class:`Hook`,
:class:`StaticRule`, :class:`CompiledCard`…); the engine runs them.  Timings
follow the rulebook's §6.6 and lib 二.1; where the rulebook is silent, the
ruling is named (CARD-INVENTORY Hn, ``docs/rulings.md``).

Rules every event obeys (§6.7, §14.6, lib 二.2): an event carries its cause
(``rule`` or the card that caused it); hooks at :attr:`Level.WORLD` never see
card-caused events, and no effect retriggers a card of the same name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Final, Literal, TypeAlias, get_args

from engine.core.shapes import ShapeGrant
from engine.hextech.conditions.hand_reading import Arg
from engine.hextech.contracts import ContractTerms
from engine.hextech.predicates import Condition


class Level(IntEnum):
    """Precedence of §15, highest first: who wins when cards meet."""

    HU = 1
    ROB_KONG = 2
    CONTRACT = 3
    AUGMENT = 4
    TREASURE = 5
    WORLD = 6
    CHANCE = 7
    PARTY = 8
    PLAIN = 9


LEVEL_OF_TYPE: dict[str, Level] = {
    "contract": Level.CONTRACT,
    "black_contract": Level.CONTRACT,
    "silver": Level.AUGMENT,
    "gold": Level.AUGMENT,
    "prismatic": Level.AUGMENT,
    "treasure": Level.TREASURE,
    "world": Level.WORLD,
    "chance": Level.CHANCE,
    "party": Level.PARTY,
}
"""The §15 level of each card type."""


# ---- declarations ---------------------------------------------------------------

ParamKind = Literal[
    "player", "players", "deck", "card_deck", "int", "end", "rule", "dest", "rest", "tile", "filter",
    "kinds", "value_kind", "flag", "duration", "name", "field", "how", "scope", "seat", "order_kind",
]  # fmt: skip


@dataclass(frozen=True)
class Param:
    """A parameter: its name, what it accepts, its default (``None``: required), and for a whole
    number the range ``low``…``high`` it must lie in (both ends included) and the parameter it may
    not exceed (R190)."""

    name: str
    kind: ParamKind
    default: str | int | None = None
    low: int | None = None
    high: int | None = None
    most: str = ""
    """Another parameter this whole number may not exceed (``take`` of ``n`` tiles seen)."""


WALL_AFTER_DEAL = 144 - 14 - 3 * 13
"""The most tiles the wall holds once the hands are dealt (dealer 14, the others 13, §11): the most a
card can ask to look at or take from it (R190)."""

HAND_TILES = 14
"""The most hidden tiles a hand holds at a decision (§11): the most a card reveals or swaps (R190)."""

ORDERED_LOOK = 6
"""The most tiles a look may put back in an order the holder chooses: the decision lists every order
(6! = 720; the library's largest is 4, O-C07①, R190)."""

DECK_DRAW = 4
"""The most cards or contracts one effect draws from a deck at once (the library's largest is 3,
P-09, R190)."""

CHIPS = 9
"""The most party chips one effect awards or spends (§7.4; the library's largest is 2, R190)."""


AtTable = Literal["console", "told", "turn"]
AT_TABLE: dict[AtTable, str] = {
    "console": "the console brings it about itself (a card drawn, a contract revealed, a win settled)",
    "told": "the table tells the console with one tap when it happens (a kong, a flower, a win, the wall "
    "at a count)",
    "turn": "it happens every turn: the console is never told one by one; a card listening to it shows "
    "its trigger to whom it concerns, who taps when it fires",
}
"""How a console serving a table played with real tiles (实体桌) learns of an event (issue 31 item 3)."""

DoneBy = Literal["console", "table"]
DONE_BY: dict[DoneBy, str] = {
    "console": "the console does it: a card drawn and shown, a state and its end, a use marked, chips, a "
    "contract or treasure rewritten, a die rolled, a choice asked on a phone",
    "table": "the players do it with the tiles (look at the wall, an extra tidy, a swap): the console "
    "shows the card's text to whoever must do it, who answers done or cannot (§6.8)",
}
"""Who carries out an effect at a table played with real tiles (issue 31 item 3)."""

ConsoleKnows = Literal["knows", "counts", "asks"]
CONSOLE_KNOWS: dict[ConsoleKnows, str] = {
    "knows": "the console holds it (the round, who has won, contracts, the wall count told)",
    "counts": "the console counts it from the entries of the events it is told (``fed_by``)",
    "asks": "it depends on tiles the console never sees: the card's holder is asked yes or no",
}
"""Whether a console serving a table played with real tiles knows a fact (issue 31 item 3)."""


@dataclass(frozen=True)
class EventSpec:
    """An event hooks may listen to: its payload fields, when it fires and on which section that rests.

    ``actor`` names the payload field holding the acting player (``by <who>``
    filters on it); empty for table events.
    """

    name: str
    payload: tuple[str, ...]
    timing: str
    section: str
    actor: str = "player"
    at_table: AtTable = "console"
    """How a console serving a real table learns of the event (:data:`AT_TABLE`)."""


@dataclass(frozen=True)
class PrimitiveSpec:
    """An effect a card may use: parameters, the events it may cause (for lint), who decides,
    when it cannot be executed (§6.8) and the rule it rests on."""

    name: str
    params: tuple[Param, ...]
    doc: str
    section: str
    causes: tuple[str, ...] = ()
    decision: str = ""
    unexecutable: str = ""
    lasting: bool = False
    """The card stays in front of its holder for the round and takes the one lasting slot (§6.9, §7.3)."""
    forbids: tuple[str, ...] = ()
    """The statics the effect answers with a prohibition while it lasts, for lint's conflict table
    (a safe discard: ``call_discard``, docs/rulings.md R89)."""
    then_rule: tuple[str, ...] = ()
    """Events the rules make follow the effect as the player's own action, not the card's: the card's
    own abilities hear them too (P-10's replacement discard, R122, R192)."""
    done_by: DoneBy = "console"
    """Who carries the effect out at a real table (:data:`DONE_BY`)."""
    hand: int = 0
    """The tiles the effect puts into (positive) or takes out of (negative) its player's hand for good:
    a block of steps may not end short, so a tile put under the wall is drawn back in the same block
    (H11, R561)."""


@dataclass(frozen=True)
class DurationSpec:
    """When a status or a durable card ends; ``ends_on`` is the event that ends it."""

    name: str
    ends_on: str
    doc: str


TOLD_EVENTS = frozenset({
    "setup.dealt", "setup.ready", "call.declared", "chi.established", "pon.established", "kong.declared",
    "kong.established", "meld.exposed", "flower.revealed", "draw.replacement", "wall.count", "hu.claimed",
    "hu.confirmed", "player.exited", "hu.settled",
})  # fmt: skip
"""The events a table played with real tiles tells its console with a tap (a replacement draw follows
the flower or kong told, a win's events the win entered)."""
TURN_EVENTS = frozenset({
    "turn.started", "draw.normal.before", "draw.normal.taken", "draw.normal", "draw.extra",
    "tile.acquired", "discard.before", "discard.made", "discard.retracted", "response.window",
    "discard.settled", "turn.ended", "discard.first_of_round", "idle",
})  # fmt: skip
"""The events of every turn, which a table played with real tiles never reports one by one."""


def _events(*rows: tuple[str, ...]) -> dict[str, EventSpec]:
    """Rows of (name, payload fields, timing, section[, actor field]); payload fields space-separated.
    How a real table's console learns of each is :data:`TOLD_EVENTS`, :data:`TURN_EVENTS`, else the
    console's own."""
    specs = [
        EventSpec(row[0], tuple(row[1].split()), row[2], row[3], row[4] if len(row) > 4 else "player")
        for row in rows
    ]
    return {spec.name: replace(spec, at_table=_at_table(spec.name)) for spec in specs}


def _at_table(name: str) -> AtTable:
    if name in TOLD_EVENTS:
        return "told"
    return "turn" if name in TURN_EVENTS else "console"


EVENTS: dict[str, EventSpec] = _events(
    ("session.started", "mode modules", "a new session starts; scores 0, session counters reset", "§16", ""),
    ("round.started", "round dealer", "start of phase 1; per-round counters reset, scores snapshotted",
     "§11", ""),
    ("augment.drafted", "tier offers picks", "before the world card of rounds 1, 3, 5: 2 offered, 1 kept",
     "§5.2", ""),
    ("world.revealed", "card", "the dealer reveals the round's world card, before shuffling", "§6.2", ""),
    ("treasure.revealed", "card", "after the world card, before dealing (treasure module)", "§8", ""),
    ("setup.dealt", "", "dealing is done: the dealer holds 14, the others 13", "§11", ""),
    ("setup.ready", "", "after the initial flower replacement, before contracts are chosen", "§11", ""),
    ("contract.offered", "candidates", "a player is offered 2 normal + 1 black contract, secretly", "§9.1"),
    ("contract.revealed", "contract", "the contracts are revealed at once; tracking starts", "§9.4"),
    ("discard.first_of_round", "tile", "the first discard of the round by anyone", "§11"),
    ("turn.started", "seat",
     "a rotation turn begins, before its normal draw; the dealer's opening turn too (H10, R130)", "lib 二.1"),
    ("draw.normal.before", "drawable", "just before the turn's normal draw", "§11"),
    ("draw.normal.taken", "tile end",
     "a normal draw is in hand, before anything answers it; a redraw may send it back (pair 8, R123)",
     "lib 二.1"),
    ("draw.normal", "tile end k", "the turn's normal draw is in hand; k counts normal draws this round",
     "lib 二.1"),
    ("draw.replacement", "tile reason", "a tile drawn from the tail after a flower or a kong", "lib 二.1"),
    ("draw.extra", "tile", "a card-caused draw; it cannot win directly (H14)", "§6.11"),
    ("tile.acquired", "tile via",
     "a tile enters a hand other than by a call (H21); via normal|replacement|extra|take|swap|pass|retrieve",
     "§7.5"),
    ("flower.revealed", "flower phase", "a flower is shown, before its replacement; phase setup|play",
     "§6.6"),
    ("discard.before", "", "the acting player is about to choose a discard", "§11"),
    ("discard.made", "tile k", "the tile is in the river, before anyone may respond", "§11"),
    ("discard.retracted", "tile", "a discard was taken back (P-10) and is void", "lib 八"),
    ("call.declared", "kind tile", "a chi, pon or 明杠 claim, before it resolves", "§11"),
    ("chi.established", "tile from", "the chow is exposed, before the caller discards", "§6.6"),
    ("pon.established", "tile from", "the pung is exposed, before the caller discards", "§6.6"),
    ("kong.declared", "kind tile", "a kong is declared; for 加杠 the robbing check comes first", "§13.9"),
    ("kong.established", "kind tile from",
     "after the robbing check the kong stands (kind ankan|minkan|kakan), before the replacement draw",
     "§6.6"),
    ("meld.exposed", "kind tile from",
     "after chi/pon/minkan/kakan.established: an exposed meld was formed (暗杠 is not exposed)", "§6.6"),
    ("discard.settled", "tile outcome",
     "every response to a discard is resolved (outcome none|called|ron)", "§11"),
    ("turn.ended", "seat",
     "the turn's discard and its responses (or its hu) are settled; a call on it ends the turn there "
     "and begins the caller's, which ends after the caller's discard (R557)", "lib 二.1"),
    ("contract.completed", "at_hu", "a completion is confirmed; at hu after the hu is legal", "§6.6"),
    ("contract.failed", "reason", "a contract's failure condition is met", "§9"),
    ("contract.replaced", "old new", "a contract was replaced; progress is 0", "§9.4"),
    ("wall.count", "drawable", "the drawable count decreased", "§10", ""),
    ("abandon.window", "", "drawable first ≤ 24, once the current action has settled", "§10", ""),
    ("abandon.decided", "choice", "the sealed answers of the window are open; choice keep|abandon",
     "§10"),
    ("hu.claimed", "tile source", "a win is claimed and checked against shape and contract", "§12.3"),
    ("hu.confirmed", "tile source form",
     "a win is legal, before the winner leaves; form standard|seven_pairs|thirteen_orphans|<form name>",
     "§6.6"),
    ("player.exited", "remaining", "a winner's score is settled and the winner leaves the round", "§12.5"),
    ("hu.settled", "winners remaining",
     "every winner of one hu has scored and left (multi-ron together, H18)", "§11", ""),
    ("round.ended", "reason", "the third winner, or the wall is exhausted", "§11", ""),
    ("chance.draw", "source", "a player must draw a chance card (a replacement point)", "§6.4"),
    ("chance.drawn", "card source",
     "a chance card is revealed, before it resolves; source: the card whose effect drew it, or rule", "§6.5"),
    ("party.draw", "source", "a player must draw a party card", "§7.2"),
    ("party.drawn", "card source",
     "a party card is revealed, before it resolves; source: the card whose effect drew it, or rule", "§7.2"),
    ("seats.rotated", "mapping", "O-X01's rotation is carried out, after the action settles", "§14.3", ""),
    ("treasure.changed", "card", "the treasure order was rewritten; not retroactive", "§8.4", ""),
    ("idle", "", "no response window pending and nothing resolving; player is whoever may act (`by any`)",
     "§11"),
)  # fmt: skip
"""Every event a hook may listen to, by name."""

RECORDED_EVENTS: Final = frozenset(
    {
        "card.ended",
        "chance.unexecutable",
        "contract.abandoned",
        "die.rolled",
        "hand.scrambled",
        "party.unexecutable",
        "tile.returned",
        "tiles.revealed",
        "value.chosen",
    }
)
"""The events a round records that no hook listens to: what an effect did (a card put away, a contract
a card abandoned, a die rolled, a hand scrambled, a tile returned under the wall, hand tiles revealed,
a value chosen) and a drawn card that could do nothing (§6.8)."""

HOLDER: Final = Param("player", "player", "holder")
"""The player parameter most words take: whom the effect is for, the card's holder unless named."""

LIMIT_MOST = 9
"""The most uses a ``limit N per …`` (or ``for N triggers``) may count when ``hexmj tune`` varies
it (the library's largest is 2, R650)."""

DURATIONS: dict[str, DurationSpec] = {
    spec.name: spec
    for spec in (
        DurationSpec("this_discard", "discard.settled", "the discard being made and its responses"),
        DurationSpec("this_turn", "turn.ended", "本回合: until this turn's discard and responses settle"),
        DurationSpec("next_turn_start", "turn.started",
                     "until the holder's next rotation turn starts (H10)"),
        DurationSpec("next_turn_end", "turn.ended", "until the holder's next rotation turn ends (H10)"),
        DurationSpec("next_discard", "discard.settled", "until the holder's next discard is complete"),
        DurationSpec("next_normal_discard", "discard.settled",
                     "until the holder's next discard after a normal draw is complete"),
        DurationSpec("next_normal_draw", "draw.normal", "until the holder's next normal draw"),
        DurationSpec("next_call_chance", "discard.settled",
                     "until a response window in which the holder could chi or pon closes (H20)"),
        DurationSpec("next_win", "hu.confirmed", "until the next player wins"),
        DurationSpec("abandon_window", "abandon.window", "until the abandon window opens"),
        DurationSpec("round_end", "round.ended", "the rest of the round"),
    )
}  # fmt: skip
"""Every duration a status, reveal or durable card may have, by name."""

ROLES: dict[str, str] = {
    "holder": "the card's owner (for a chance or party card, the player who drew it)",
    "actor": "the event's acting player",
    "any": "any player",
    "others": "any player but the holder",
    "upper": "the holder's nearest in-game counter-clockwise neighbour (上家)",
    "lower": "the holder's nearest in-game clockwise neighbour (下家)",
    "all": "every in-game player (仍在游戏中的玩家)",
    "everyone": "every seated player, including those who have won (全场)",
    "dealer": "the round's dealer",
    "lowest": "the in-game players whose session score is lowest at round start, ties included",
    "next_actor": "the player who acts next, clockwise (§6.4)",
    "each": "the player of the current `for each` step",
    "target": "the player picked by `pick_player`",
    "random": "a uniform seeded random choice (for a chooser)",
    "performer": "the player who performs the challenge",
}
"""Who a card may name (`by`, `for`, players and choosers)."""

ARGUMENT_WORDS: dict[ParamKind, tuple[str, ...]] = {
    "deck": ("chance", "party", "normal_contract", "black_contract", "treasure"),
    "card_deck": ("chance", "party"),
    "end": ("top", "tail"),
    "rule": ("any", "unchanged", "chosen_on_top", "suit_on_top"),
    "dest": ("normal", "replacement", "extra"),
    "rest": ("top", "tail", "bottom", "bottom_random"),
    "value_kind": ("suit", "face", "number11", "route", "vow"),
    "flag": ("yes", "no"),
    "how": ("choice", "die"),
    "scope": ("this_discard", "next_discard"),
    "seat": ("upper", "any"),
    "order_kind": ("face", "seat_wind", "die_number", "dealer_named", "dealer_wind"),
    "kinds": ("chi", "pon", "minkan", "kakan", "ankan", "set", "chow", "pung", "kong"),
}
"""The fixed words each enumerated parameter kind accepts."""

LimitPeriod = Literal["turn", "round", "session"]
LIMIT_PERIODS: tuple[LimitPeriod, ...] = get_args(LimitPeriod)
"""What a limit counts over: ``limit N per [player per] round``."""


# ---- compiled values: what the engine runs --------------------------------------


@dataclass(frozen=True)
class LimitRule:
    """At most ``count`` uses per ``period``; ``per_player`` counts each player apart (world cards)."""

    count: int
    period: LimitPeriod
    per_player: bool = False


@dataclass(frozen=True)
class DurationRule:
    """Until a named expiry (:data:`DURATIONS`) or for ``triggers`` triggers."""

    until: str | None = None
    triggers: int | None = None


ArgValue: TypeAlias = Arg
Args: TypeAlias = tuple[tuple[str, ArgValue], ...]


@dataclass(frozen=True)
class PrimitiveStep:
    """Run a primitive (``engine.hextech.words.PRIMITIVES``) with its arguments (defaults filled in)."""

    primitive: str
    args: Args


@dataclass(frozen=True)
class OptionStep:
    """One option of a choice: label (the card's wording), when it may be chosen, its steps."""

    label: str
    condition: Condition | None
    steps: Program


@dataclass(frozen=True)
class ChooseStep:
    """The holder picks one option whose condition holds; every option impossible: unexecutable."""

    options: tuple[OptionStep, ...]


@dataclass(frozen=True)
class ForEachStep:
    """Run the steps for each of ``players``, clockwise from ``start``; ``each`` names that player."""

    players: str
    start: str | None
    steps: Program


@dataclass(frozen=True)
class IfStep:
    """Run ``then`` when the condition holds, else ``otherwise``."""

    condition: Condition
    then: Program
    otherwise: Program


@dataclass(frozen=True)
class StatusStep:
    """Add a static rule for a duration (add_status)."""

    rule: StaticRule


@dataclass(frozen=True)
class LaterStep:
    """Run the steps when the named duration expires.

    It lapses if the holder has left the round, except ``round_end``: what is
    scheduled for after the round survives the holder's exit (§7.6, F-S03).
    """

    expiry: str
    steps: Program


Step: TypeAlias = "PrimitiveStep | ChooseStep | ForEachStep | IfStep | StatusStep | LaterStep"
Program: TypeAlias = "tuple[Step, ...]"


@dataclass(frozen=True)
class StaticRule:
    """``allow``/``forbid`` a question of :data:`engine.hextech.statics.STATICS` for ``who``, at the
    card's §15 level."""

    source: str
    polarity: Literal["allow", "forbid"]
    action: str
    args: Args
    who: str
    condition: Condition | None
    limits: tuple[LimitRule, ...]
    duration: DurationRule | None
    level: Level


@dataclass(frozen=True)
class Hook:
    """A trigger (queued when ``event`` fires) or, with ``replaces``, a replacement of the event.

    ``actor`` filters the event's acting player by role (``None``: any);
    ``condition`` is made of the table facts (:data:`engine.hextech.effects.facts.FACTS`);
    ``optional`` means the holder may decline (``may``).  ``index`` is the ability's position on its card.
    """

    source: str
    index: int
    event: str
    actor: str | None
    condition: Condition | None
    limits: tuple[LimitRule, ...]
    duration: DurationRule | None
    optional: bool
    steps: Program
    level: Level
    replaces: bool = False


@dataclass(frozen=True)
class ContractWatch:
    """A contract completes or fails when ``event`` fires and ``condition`` holds (public tracking)."""

    source: str
    outcome: Literal["complete", "fail"]
    event: str
    actor: str | None
    condition: Condition | None


@dataclass(frozen=True)
class CompiledCard:
    """A card in the engine's terms: its hooks, statics, grants, contract, and what it does when drawn."""

    id: str
    base_id: str
    version: int
    name: str
    type: str
    group: str | None
    level: Level
    modules: tuple[str, ...]
    hooks: tuple[Hook, ...] = ()
    statics: tuple[StaticRule, ...] = ()
    grants: tuple[ShapeGrant, ...] = ()
    contract: ContractTerms | None = None
    watches: tuple[ContractWatch, ...] = ()
    resolution: Program = ()
    lasts: str | None = None
    """For a chance or party card, the duration (:data:`DURATIONS`) its 持续时间 names: drawn, it takes
    its holder's one lasting slot of its deck until then or until it is used up (§6.9, §7.3, R132);
    ``None`` for an immediate card."""
