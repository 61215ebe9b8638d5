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

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from engine.contracts import ContractTerms
from engine.hand import is_complete_counts
from engine.melds import MeldKind
from engine.scoring import ContractState, WinInput, score_non_winner, score_win, total
from engine.shapes import ShapeGrant
from engine.state import ContractStatus, Table, WinWay
from engine.tiles import counts, kind_of_instance

LEVEL_CONTRACT = 3
LEVEL_BASE = 9


class CallKind(StrEnum):
    """The legality questions about calls and kongs (STATICS of the card language)."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    ANKAN = "ankan"
    KAKAN = "kakan"


@dataclass(frozen=True, slots=True)
class Verdict:
    """An answer: allowed or not, and the card id (or ``"rule"``) and §15 level that decided it."""

    allowed: bool
    by: str = "rule"
    level: int = LEVEL_BASE


@dataclass(frozen=True, slots=True)
class Static:
    """A card's permission or prohibition on a question for one holder, while it is in force."""

    question: CallKind
    allow: bool
    level: int
    holder: int
    source: str


@dataclass(frozen=True, slots=True)
class WinClaim:
    """How a hu is claimed: the way, who gave the tile, and the special-win flags (§13.10)."""

    way: WinWay
    from_player: int | None = None
    rinshan: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False

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
    """A legal hu: its total, its score items ``(id, name, points)`` and whether the contract is met."""

    total: int
    items: tuple[tuple[str, str, int], ...]
    contract_met: bool


@dataclass
class Rules:
    """The legality answers of one table: contracts by id, the statics in force and the scorers."""

    contracts: Mapping[str, ContractTerms] = field(default_factory=dict)
    statics: list[Static] = field(default_factory=list)
    grants: list[list[ShapeGrant]] = field(default_factory=lambda: [[], [], [], []])

    def is_black(self, contract_id: str) -> bool:
        """A black contract (§9.3): abandoning it costs a point (§10.2)."""
        terms = self.contracts.get(contract_id)
        return terms is not None and terms.kind == "black"

    def contract_of(self, table: Table, player: int) -> ContractTerms | None:
        """The player's contract while it binds them (not abandoned, §10.2)."""
        p = table.players[player]
        if p.contract is None or p.contract_status is ContractStatus.ABANDONED:
            return None
        return self.contracts.get(p.contract)

    def may_call(
        self, table: Table, player: int, question: CallKind, face: int, source: int | None = None
    ) -> Verdict:
        """May ``player`` make this call (on ``source``'s discard)?  Contract bans first (§9.7), then any
        card's prohibition, then the base rule, then a card's permission (§15)."""
        terms = self.contract_of(table, player)
        if terms is not None and terms.forbids(MeldKind(question.value)):
            return Verdict(False, terms.id, LEVEL_CONTRACT)
        mine = sorted(
            (s for s in self.statics if s.holder == player and s.question is question),
            key=lambda s: (s.level, s.source),
        )
        for static in mine:
            if not static.allow:
                return Verdict(False, static.source, static.level)
        if question is not CallKind.CHI or source is None or table.upper_of(player) == source:
            return Verdict(True)
        for static in mine:
            return Verdict(True, static.source, static.level)
        return Verdict(False)

    def judge_win(
        self, table: Table, player: int, face: int, claim: WinClaim, *, order: int
    ) -> WinVerdict | None:
        """The verdict on a hu claim by the foundation's scorer, or ``None`` when it is not a legal hu:
        an incomplete hand, or a contract neither completed (now or before), abandoned, nor bypassed by
        a heavenly / earthly hand (§9.6, §9.8, §12.3, §13)."""
        p = table.players[player]
        concealed = [kind_of_instance(i) for i in p.hand]
        if claim.way is not WinWay.SELF_DRAW:
            concealed.append(face)
        melds = tuple(m.meld for m in p.melds)
        terms = self.contracts.get(p.contract) if p.contract else None
        grants = self.grants[player]
        if not grants and (terms is None or terms.form is None):
            if not is_complete_counts(counts(concealed), len(melds)):
                return None
        result = score_win(
            WinInput(
                concealed=tuple(concealed),
                win_tile=face,
                win_by="tsumo" if claim.way is WinWay.SELF_DRAW else "ron",
                hu_order=order,
                melds=melds,
                flowers=tuple(kind_of_instance(i) for i in p.flowers),
                contract=None if terms is None else self._contract_state(table, player, terms),
                flags=claim.flags,
                grants=tuple(grants),
                kongs=tuple(p.kong_kinds),
                before_abandon_window=not table.abandon_window_done,
            )
        )
        if not result.legal:
            return None
        items = tuple((i.id, i.name, i.points) for i in result.items)
        return WinVerdict(result.total, items, any(i[0].startswith("contract_") for i in items))

    def non_winner_points(self, table: Table, player: int) -> int:
        """What a player who has not won keeps at the round's end: kong points, at most 2 (§11 phase 6,
        §13.8)."""
        return total(score_non_winner(table.players[player].kong_kinds))

    @staticmethod
    def _contract_state(table: Table, player: int, terms: ContractTerms) -> ContractState:
        p = table.players[player]
        return ContractState(
            terms=terms,
            completed=p.contract_status is ContractStatus.COMPLETED,
            abandoned=p.contract_status is ContractStatus.ABANDONED,
            failed=p.contract_status is ContractStatus.FAILED,
            penalty_settled=True,
            chosen_suit=p.contract_suit,
            chosen_number=p.contract_number,
        )
