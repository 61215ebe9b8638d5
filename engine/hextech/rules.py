"""Legality questions with layered answers that name the deciding card (§9.7, §15).

*May player X chi / pon / kong this tile from Y?*  The base rule (L9) lets
a player chi only from the upper seat, pon and kong from anyone.  Statics
added by cards permit or forbid at their §15 level.  A contract prohibition
(L3) beats every permission (§9.7); a prohibition at any level beats a
permission (CARD-INVENTORY §3 pairs 1–3, the reading less favourable to the
actor, §15).  Every answer names what decided it, so a host can show
"blocked by B-01".

*May player X hu?*  Only with the contract completed (or completing with this
very hu), abandoned at the window, or on a heavenly / earthly hand (§9.6,
§9.8, §12.3); the win itself is scored by the foundation's scorer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from itertools import repeat
from operator import attrgetter

from engine.core.hand import is_complete, is_complete_counts, is_complete_granted
from engine.core.melds import Meld
from engine.core.shanten import shanten_counts
from engine.core.shapes import ShapeGrant
from engine.core.table import Table
from engine.core.tiles import INSTANCE_KINDS, Suit, counts, kind_of_instance
from engine.hextech.card_ids import base_of
from engine.hextech.card_state import NO_VALUES, CardStates
from engine.hextech.contracts import ContractTerms
from engine.hextech.effects.hooks import Status
from engine.hextech.hookspecs import ScoreContribution
from engine.hextech.scoring import (
    ContractState,
    WinInput,
    hand_grants,
    score_non_winner,
    score_win,
    total,
    written_form,
)
from engine.hextech.state import ContractStatus, PlayerState, WinWay
from engine.hextech.statics import ASKING
from engine.hextech.statics.discards import DISCARD
from engine.hextech.statics.hu import HU
from engine.hextech.statics.spec import Asked, StaticSpec

LEVEL_CONTRACT = 3
GRANT_REACH: dict[str, int] = {"three_suit_pung": 2, "honour_chow": 2}
"""How many tiles a shape grant may treat as another: one for every shape but P-11's three-suit pung
and P-01's honour chow (two).  A hand that some grants complete is, read plainly, at most that many
exchanges from complete, so a hand further away is turned away before the scorer is asked."""
LEVEL_BASE = 9
_SHAPE_OF = attrgetter("shape")


def _status_order(status: Status) -> tuple[int, str]:
    """Statuses answer by §15 level, then by card id."""
    return (int(status.rule.level), status.rule.source)


class CallKind(StrEnum):
    """The legality questions about calls and kongs (the family ``calls`` of
    :mod:`engine.hextech.statics`); each is the name of the card rules' action it asks about and of
    the meld it would make."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    ANKAN = "ankan"
    KAKAN = "kakan"


_DISCARD_STATICS = ASKING[DISCARD]
_DISCARD_RULES = frozenset(spec.name for spec in _DISCARD_STATICS)


@dataclass(frozen=True, slots=True, init=False)
class Verdict:
    """An answer: allowed or not, and the card id (or ``"rule"``) and §15 level that decided it.

    Its ``__init__`` is written out, so that the compiled build compiles it (docs/performance.md)."""

    allowed: bool
    by: str
    level: int

    def __init__(self, allowed: bool, by: str = "rule", level: int = LEVEL_BASE) -> None:
        object.__setattr__(self, "allowed", allowed)
        object.__setattr__(self, "by", by)
        object.__setattr__(self, "level", level)


_ALLOWED = Verdict(True)
"""What the base rule allows (L9)."""
_REFUSED = Verdict(False)
"""What the base rule refuses (L9)."""


@dataclass(frozen=True, slots=True, init=False)
class WinClaim:
    """How a hu is claimed: the way, who gave the tile, and the special-win flags (§13.10).

    Its ``__init__`` is written out, so that the compiled build compiles it (docs/performance.md)."""

    way: WinWay
    from_player: int | None
    rinshan: bool
    last_tile: bool
    heavenly: bool
    earthly: bool

    def __init__(
        self,
        way: WinWay,
        from_player: int | None = None,
        rinshan: bool = False,
        last_tile: bool = False,
        heavenly: bool = False,
        earthly: bool = False,
    ) -> None:
        object.__setattr__(self, "way", way)
        object.__setattr__(self, "from_player", from_player)
        object.__setattr__(self, "rinshan", rinshan)
        object.__setattr__(self, "last_tile", last_tile)
        object.__setattr__(self, "heavenly", heavenly)
        object.__setattr__(self, "earthly", earthly)

    @property
    def flags(self) -> frozenset[str]:
        """The special-win flags of the scorer (§13.10, spec README gap table)."""
        way = self.way
        named = (
            ("kong_replacement", self.rinshan and way is WinWay.SELF_DRAW),
            ("robbing_kong", way is WinWay.ROB_KONG),
            ("last_tile", self.last_tile and way is WinWay.SELF_DRAW),
            ("last_discard", self.last_tile and way is WinWay.RON),
            ("heavenly", self.heavenly),
            ("earthly", self.earthly and not self.heavenly),
        )
        return frozenset(name for name, on in named if on)


@dataclass(frozen=True, slots=True)
class WinVerdict:
    """A legal hu: its total, its score items ``(id, name, points)``, whether the contract is met, and
    whether the hu abandons an unfinished contract (P-17)."""

    total: int
    items: tuple[tuple[str, str, int], ...]
    contract_met: bool
    abandons: bool = False
    grants_used: tuple[str, ...] = ()
    form: str = "standard"
    """The whole-hand form the win was read as (``hu.confirmed`` ``form``: F-S03, §13)."""


@dataclass(frozen=True, slots=True, init=False)
class OfferedWin:
    """The verdict a hu was offered on: the tile (instance), the claim and the hu order it was judged
    with (:func:`engine.hextech.wins.can_win`).  Its ``__init__`` is written out, so that the compiled
    build compiles it (docs/performance.md)."""

    tile: int
    claim: WinClaim
    order: int
    verdict: WinVerdict | None

    def __init__(self, tile: int, claim: WinClaim, order: int, verdict: WinVerdict | None) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "claim", claim)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "verdict", verdict)

    def matches(self, tile: int, claim: WinClaim, order: int) -> bool:
        """Whether the verdict was judged on this tile, claim and hu order."""
        return self.tile == tile and self.order == order and self.claim == claim


@dataclass
class Rules:
    """The legality answers of one table: contracts by id, the statics in force and the scorers."""

    contracts: Mapping[str, ContractTerms] = field(default_factory=dict)
    statuses: list[Status] = field(default_factory=list)
    grants: list[list[ShapeGrant]] = field(default_factory=lambda: [[], [], [], []])
    decided: set[str] = field(default_factory=set)
    offered: dict[int, OfferedWin] = field(default_factory=dict)
    """Each player's last hu offer with its verdict, kept for the settlement that may follow it."""
    card_states: CardStates = field(default_factory=CardStates)
    """The cards' own states in the round: what a contract's holder chose for it and the tiles it
    made public (the round's, :attr:`engine.hextech.effects.context.RoundTable.card_states`)."""
    _reaches: dict[int, tuple[list[ShapeGrant], int, int]] = field(
        default_factory=dict, init=False, repr=False
    )

    def is_black(self, contract_id: str) -> bool:
        """A black contract (§9.3): abandoning it costs a point (§10.2)."""
        terms = self.contracts.get(contract_id)
        return terms is not None and terms.kind == "black"

    def grants_reach(self, player: int) -> int:
        """How many exchanges from complete, read plainly, the player's grants may leave a hand
        (``GRANT_REACH``), summed once for their list of grants."""
        grants = self.grants[player]
        if not grants:
            return 0
        known = self._reaches.get(player)
        if known is None or known[0] is not grants or known[1] != len(grants):
            known = self._reaches[player] = (grants, len(grants), _reach_of(grants))
        return known[2]

    def contract_of(self, table: Table[PlayerState], player: int) -> ContractTerms | None:
        """The player's contract while it binds them (not abandoned, §10.2)."""
        p = table.players[player]
        if p.contract is None or p.contract_status is ContractStatus.ABANDONED:
            return None
        return self.contracts.get(p.contract)

    def _in_force(self, player: int, action: str) -> list[Status]:
        found = [s for s in self.statuses if s.holder == player and s.rule.action == action and s.applies()]
        if len(found) > 1:
            found.sort(key=_status_order)
        return found

    def may_call(
        self, table: Table[PlayerState], player: int, question: CallKind, face: int, source: int | None = None
    ) -> Verdict:
        """May ``player`` make this call (on ``source``'s discard)?  Contract bans first (§9.7), then any
        card's prohibition (a safe discard, ``call_discard``), then the base rule (chi from the upper
        seat, number tiles), then a card's permission within its limit (§15)."""
        verdict = self._call_verdict(table, player, question, face, source)
        if verdict.by != "rule":
            self.decided.add(base_of(verdict.by))
        return verdict

    def _call_verdict(
        self, table: Table[PlayerState], player: int, question: CallKind, face: int, source: int | None
    ) -> Verdict:
        terms = self.contract_of(table, player)
        if terms is not None and terms.forbids(question):
            return Verdict(False, terms.id, LEVEL_CONTRACT)
        asked = Asked(table, player, face, None, source)
        statics = ASKING[question]
        barred = self._barred(statics, asked)
        if barred is not None:
            return barred
        upper = source is not None and table.upper_of(player) == source
        if question is not CallKind.CHI or source is None or (upper and face < 27):
            return _ALLOWED
        permitting = self._permitting(statics, asked)
        if not permitting:
            return _REFUSED
        return Verdict(True, permitting[0].rule.source, int(permitting[0].rule.level))

    def _barred(
        self, statics: tuple[StaticSpec, ...], asked: Asked, level: int | None = None
    ) -> Verdict | None:
        """The refusal of the first ``forbid`` in force, among ``statics`` in their order, that bars
        the act asked (the asker's statics, or the discarder's), by §15 level; ``level``: only the
        statics of that level."""
        for spec in statics:
            holder = asked.player if spec.whose == "asker" else asked.source
            if holder is None:
                continue
            for status in self._in_force(holder, spec.name):
                if level is not None and int(status.rule.level) != level:
                    continue
                if status.rule.polarity == "forbid" and spec.bars(status, asked):
                    return Verdict(False, status.rule.source, int(status.rule.level))
        return None

    def _permitting(self, statics: tuple[StaticSpec, ...], asked: Asked) -> list[Status]:
        """The asker's ``allow`` statics in force, among ``statics``, that permit the act asked, by §15
        level."""
        found: list[Status] = []
        for spec in statics:
            permits = spec.permits
            if permits is None or spec.whose != "asker":
                continue
            found += [
                status
                for status in self._in_force(asked.player, spec.name)
                if status.rule.polarity == "allow" and permits(status, asked)
            ]
        return found

    def use(self, verdict: Verdict, player: int, question: CallKind) -> None:
        """Count a use of the permission that allowed a call (G-04, G-13, P-03, P-01 limits)."""
        for status in self._in_force(player, question):
            if status.rule.source == verdict.by and status.rule.polarity == "allow":
                status.uses["round"] = status.uses.get("round", 0) + 1
                return

    def binds_discards(self, player: int) -> bool:
        """Whether any card rule on discards is in force for the player (a fast path for the flow)."""
        for s in self.statuses:  # noqa: SIM110 - a loop is quicker than any() of a generator
            if s.holder == player and s.rule.action in _DISCARD_RULES:
                return True
        return False

    def may_discard(
        self, table: Table[PlayerState], player: int, face: int, drawn: int | None, level: int | None = None
    ) -> Verdict:
        """May ``player`` discard ``face`` now?  B-10, B-11, B-16 (L3), O-N03, O-N08 (L7) may forbid it
        (§15; lib 十, lib 四); ``level``: ask only the rules of that §15 level.  :meth:`legal_discards`
        falls back to a free choice when nothing is legal."""
        barred = self._barred(_DISCARD_STATICS, Asked(table, player, face, drawn), level)
        if barred is None:
            return _ALLOWED
        self.decided.add(base_of(barred.by))
        return barred

    def legal_discards(
        self, table: Table[PlayerState], player: int, faces: list[int], drawn: int | None
    ) -> list[int]:
        """The faces ``player`` may discard now.  The rules on discards narrow the choice one §15 level
        at a time, contracts (L3) first; a level that would leave nothing falls back to what the levels
        above it left, so a chance card's "free choice" (O-N03, O-N08) never breaks a contract (B-10,
        B-11, B-16), and B-11's own fallback lets its suit go only when nothing else may (R58, R121)."""
        mine = [s for s in self.statuses if s.holder == player and s.rule.action in _DISCARD_RULES]
        levels = sorted({int(s.rule.level) for s in mine})
        for level in levels:
            faces = [k for k in faces if self.may_discard(table, player, k, drawn, level).allowed] or faces
        return faces

    def hu_permits(self, table: Table[PlayerState], player: int, face: int) -> list[Status]:
        """The statics in force that let ``player`` win on ``face`` with the contract unfinished (P-17,
        lib 八; CARD-INVENTORY §3 pair 9)."""
        return self._permitting(ASKING[HU], Asked(table, player, face))

    def judge_win(
        self,
        table: Table[PlayerState],
        player: int,
        face: int,
        claim: WinClaim,
        *,
        order: int,
        window_opened: bool,
        treasure: Callable[[], frozenset[int]] | None = None,
        extra: Callable[[], tuple[ScoreContribution, ...]] | None = None,
    ) -> WinVerdict | None:
        """The verdict on a hu claim by the foundation's scorer, or ``None`` when it is not a legal hu:
        an incomplete hand, or a contract neither completed (now or before), abandoned, nor bypassed by
        a heavenly / earthly hand (§9.6, §9.8, §12.3, §13); ``window_opened`` says whether the abandon
        window has opened this round (§10, §13.14).  Hands too far from complete for their
        grants are turned away before the scorer is asked.  ``extra`` gives the enabled modules' score
        items (``WinInput.extra``), asked only of a hand that reaches the scorer."""
        p = table.players[player]
        concealed = list(map(INSTANCE_KINDS.__getitem__, p.hand))
        if claim.way is not WinWay.SELF_DRAW:
            concealed.append(face)
        melds = tuple(m.meld for m in p.melds)
        terms = self.contracts.get(p.contract) if p.contract else None
        grants = self.grants[player]
        own_form = not melds and _form_binds(p, terms)
        if not own_form and not _completes_plainly(concealed, melds, tuple(grants)):
            return None
        state = None if terms is None else self._contract_state(table, player, terms)
        if own_form and not is_complete(concealed, melds, hand_grants(tuple(grants), state)):
            return None
        faces = None if treasure is None else treasure()
        win = WinInput(
            concealed=tuple(concealed),
            win_tile=face,
            win_by="tsumo" if claim.way is WinWay.SELF_DRAW else "ron",
            hu_order=order,
            melds=melds,
            flowers=tuple(kind_of_instance(i) for i in p.flowers),
            contract=state,
            flags=claim.flags,
            grants=tuple(grants),
            kongs=tuple(p.kong_kinds),
            is_treasure=None if faces is None else faces.__contains__,
            before_abandon_window=not window_opened,
            extra=() if extra is None else extra(),
        )
        result = score_win(win)
        if result.decomposition is not None or result.reason != "not a complete hand":
            self.decided.update(
                base_of(src) for src in (terms.id if terms else "", *(g.source for g in grants)) if src
            )
        bypass = False
        permits: list[Status] = []
        if not result.legal and state is not None and not state.abandoned:
            permits = self.hu_permits(table, player, face)
            if permits:
                result = score_win(replace(win, contract=replace(state, abandoned=True)))
                bypass = True
        if not result.legal:
            return None
        if bypass:
            self.decided.update(s.rule.source for s in permits)
        items = tuple((i.id, i.name, i.points) for i in result.items)
        used = result.decomposition.grants_used if result.decomposition is not None else ()
        form = result.decomposition.form if result.decomposition is not None else "standard"
        met = any(i[0].startswith("contract_") for i in items)
        return WinVerdict(result.total, items, met, bypass, used, form)

    def non_winner_points(self, table: Table[PlayerState], player: int) -> int:
        """What a player who has not won keeps at the round's end: kong points, at most 2 (§11 phase 6,
        §13.8)."""
        return total(score_non_winner(table.players[player].kong_kinds))

    def _contract_state(self, table: Table[PlayerState], player: int, terms: ContractTerms) -> ContractState:
        """The contract as the scorer reads it: its status, what its holder chose for it (B-11's suit,
        B-15's number) and how many of the tiles it made public the hand still uses (B-09), from the
        contract's own state (:mod:`engine.hextech.card_state`)."""
        p = table.players[player]
        own = self.card_states.get(base_of(terms.id), player)
        chosen = NO_VALUES if own is None else own.values
        suit = chosen.get("chosen_suit")
        number = chosen.get("chosen_number")
        revealed = () if own is None else own.revealed
        kept = sum(1 for i in revealed if i in p.hand or any(i in m.instances for m in p.melds))
        return ContractState(
            terms=terms,
            completed=p.contract_status is ContractStatus.COMPLETED,
            abandoned=p.contract_status is ContractStatus.ABANDONED,
            failed=p.contract_status is ContractStatus.FAILED,
            penalty_settled=True,
            chosen_suit=Suit(suit) if isinstance(suit, str) else None,
            chosen_number=number if isinstance(number, str) else None,
            revealed_kept=kept,
        )


def _completes_plainly(concealed: list[int], melds: tuple[Meld, ...], grants: tuple[ShapeGrant, ...]) -> bool:
    """Whether a hand that no whole-hand form may complete is complete, with its grants: a hand further
    from complete, read plainly, than its grants reach is turned away before they are tried."""
    vector = counts(concealed)
    n_melds = len(melds)
    if not grants:
        return is_complete_counts(vector, n_melds)
    return shanten_counts(vector, n_melds) < _reach_of(grants) and is_complete_granted(vector, melds, grants)


def _form_binds(p: PlayerState, terms: ContractTerms | None) -> bool:
    """The player's contract has a whole-hand form of its own (B-14, B-15) and is not abandoned."""
    return terms is not None and terms.form is not None and p.contract_status is not ContractStatus.ABANDONED


def grant_reach(rules: Rules, table: Table[PlayerState], player: int) -> int | None:
    """How many exchanges from complete, read plainly, the player's hand may be and still win by
    :meth:`Rules.judge_win`'s own test: 0 for a plain hand, the reach of its grants (``GRANT_REACH``);
    ``None`` while a contract's own form (B-14, B-15) may complete it, which no plain reading bounds
    (a whole-hand form has nothing declared)."""
    p = table.players[player]
    if p.contract and not p.melds and _form_binds(p, rules.contracts.get(p.contract)):
        return None
    return rules.grants_reach(player)


def binding_form(rules: Rules, table: Table[PlayerState], player: int) -> ShapeGrant | None:
    """The whole-hand form (B-14, B-15) the player's contract may complete the hand in, with the number
    the holder wrote (§9.9): while the contract binds and nothing is declared, else ``None``."""
    p = table.players[player]
    if not p.contract or p.melds:
        return None
    terms = rules.contracts.get(p.contract)
    if terms is None or terms.form is None or not _form_binds(p, terms):
        return None
    number = rules.card_states.values(base_of(terms.id), player).get("chosen_number")
    return written_form(terms.form, number if isinstance(number, str) else None)


def fits_form(form: ShapeGrant, vector: Sequence[int]) -> bool:
    """Whether concealed counts (34 per kind, fourteen tiles) read as the whole-hand ``form``."""
    match = form.rule.match
    return match is not None and match(vector, form.values) is not None


def _reach_of(grants: Sequence[ShapeGrant]) -> int:
    """How many exchanges from complete, read plainly, the grants may leave a hand (``GRANT_REACH``)."""
    return sum(map(GRANT_REACH.get, map(_SHAPE_OF, grants), repeat(1)))
