"""The calls a real table tells its console (issue 31 item 3; §11, §12, §15): whose discard a call took,
the augment a chow from another than the upper player spends, the contract or state that forbids a call.

A chow takes the discard of the upper player still in the round (上家) unless an augment allows another
(G-04, G-13, P-03: a chow "from any player", counted by the console when its holder names the
discarder, R617).  A pung or an exposed kong names its discarder only where a card in force compares
it with a player (S-13: ``is(from, holder)``): "from B" for each player so named, and one button for
any other (:data:`UNNAMED`).  A call forbidden by a contract in force or a state a card put on (B-12,
O-N02) is not offered; a contract's ban lasting until the moment its completion is tapped (C-04, C-13:
until the holder's sixth or eighth normal draw) holds while the contract is open (R627).
"""

from __future__ import annotations

from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import CompiledCard, StaticRule
from tools.physical.knowledge import Scene, facts_in, judge, role
from tools.physical.limits import static_used_up
from tools.physical.listening import TOLD_BUTTONS, in_force, listeners
from tools.physical.state import SEATS, TableState

CHI = "chi"
CALL_ACTIONS = {
    "chi": ("chi", "call_discard"),
    "pon": ("pon", "call_discard"),
    "kong minkan": ("minkan", "call_discard"),
    "kong kakan": ("kakan",),
    "kong ankan": ("ankan",),
}
"""The statics (:data:`engine.hextech.statics.STATICS`) that decide each call button."""
NAMED_CALLS = ("pon", "kong minkan")
"""The calls on any player's discard, which name their discarder where a card reads it."""
UNNAMED = SEATS
"""The discarder of a call told without one: a player no card in force names (never a role's player)."""


def is_chi_any(rule: StaticRule) -> bool:
    """Whether an allowance lets its holder chow any player's discard (G-04, G-13, P-03)."""
    return rule.polarity == "allow" and rule.action == CHI and dict(rule.args).get("from") == "any"


def chi_allowances(st: TableState, player: int) -> list[tuple[CompiledCard, StaticRule]]:
    """The player's augments that let them chow a discard of another than the upper player now: their
    condition may hold and a use is left (§5.5)."""
    found: list[tuple[CompiledCard, StaticRule]] = []
    if not st.in_game(player):
        return found
    for card_id in st.augments[player]:
        card = st.pool.card(card_id)
        for rule in card.statics:
            scene = Scene("", player, card.id, player)
            usable = judge(st, scene, rule.condition) is not False
            if is_chi_any(rule) and usable and not static_used_up(st, card, player, rule):
                found.append((card, rule))
    return found


def allowances(st: TableState, player: int) -> list[tuple[CompiledCard, StaticRule]]:
    """The player's augments allowing an action a limited number of times whose use no entry shows
    (P-01's honour chow from the upper player): the holder taps ``use`` each time, so the console
    counts the uses (§5.5).  A chow from any player is counted from its discarder instead."""
    found: list[tuple[CompiledCard, StaticRule]] = []
    if not st.in_game(player):
        return found
    for card_id in st.augments[player]:
        card = st.pool.card(card_id)
        for rule in card.statics:
            counted = rule.polarity == "allow" and rule.limits and rule.action != "hu_without_contract"
            scene = Scene("", player, card.id, player)
            usable = judge(st, scene, rule.condition) is not False
            if counted and usable and not is_chi_any(rule) and not static_used_up(st, card, player, rule):
                found.append((card, rule))
    return found


def forbidder(st: TableState, player: int, button: str) -> str | None:
    """The card whose prohibition in force bars ``player``'s call now (a contract's, or a state a card
    put on), when the console knows it holds or the contract's open state tells it (R627)."""
    actions = CALL_ACTIONS.get(button, ())
    barred = {("forbid", action) for action in actions}
    for card, holder in in_force(st):
        if holder != player:
            continue
        for rule in card.statics:
            if rule.polarity != "forbid" or rule.action not in actions or rule.who != "holder":
                continue
            holds = judge(st, Scene("", player, card.id, player), rule.condition)
            if holds is True or (holds is None and until_completed(st, card, player, rule)):
                return card.id
    for until in st.rnd.until:
        state = until.rule
        if until.holder == player and state is not None and (state.polarity, state.action) in barred:
            return until.source
    return None


def until_completed(st: TableState, card: CompiledCard, player: int, rule: StaticRule) -> bool:
    """Whether a ban the console cannot judge lasts, as far as the table has told it, while the
    contract is open: it reads the same unseen count as the watch that completes the contract when its
    holder taps it (C-04, C-13: ``normal_draws(holder) < 6`` and ``== 6``), so until that tap the count
    has not come (R603: a tap is made when it fires) and after it the ban is over (R627)."""
    held = st.rnd.players[player]
    if card.id != held.contract or held.status is not ContractStatus.OPEN:
        return False
    read = {call.name for call in facts_in(rule.condition)}
    return any(
        watch.outcome == "complete" and read & {call.name for call in facts_in(watch.condition)}
        for watch in card.watches
    )


def named(st: TableState, player: int, button: str) -> list[int]:
    """The discarders ``player``'s call button names: for a chow, the players other than the upper one
    an allowance lets them chow; for a pung or an exposed kong, the players a card in force compares
    the discarder with."""
    others = list(st.clockwise(player, others_only=True))
    if button == CHI:
        if not chi_allowances(st, player):
            return []
        return [p for p in others if p != st.upper(player)]
    if button not in NAMED_CALLS:
        return []
    events = set(TOLD_BUTTONS[button])
    found: set[int] = set()
    for listener in listeners(st):
        if listener.event not in events:
            continue
        scene = Scene(listener.event, player, listener.card.id, listener.holder)
        for call in facts_in(listener.condition):
            if call.name != "is" or len(call.args) < 2 or str(call.args[0]) != "from":
                continue
            words = call.args[1] if isinstance(call.args[1], tuple) else (call.args[1],)
            found.update(p for w in words if (p := role(st, scene, w)) is not None)
    return [p for p in others if p in found]


def unnamed_left(st: TableState, player: int, button: str) -> bool:
    """Whether a call may take the discard of a player its named buttons leave out (one button then
    stands for any of them)."""
    return button in NAMED_CALLS and len(named(st, player, button)) < len(
        list(st.clockwise(player, others_only=True))
    )
