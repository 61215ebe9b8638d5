"""What a compiled contract card hands the scorer and the table (§9, §10, lib 九–十).

A contract (契约海克斯) is a normal (普通, +1, §9.2) or black (黑色, +3, §9.3) task card.
The card language compiles each C-/B- card into :class:`ContractTerms`:

* ``at_hu``: the hand condition checked at hu (``complete at hu when …``),
  answered on a decomposition of the win (hidden and combined contracts);
* ``prohibits``: the calls the contract forbids (§9.7, L3), by meld kind;
* ``form``: the special whole-hand form only its holder may use (§9.9, B-14/B-15);
* ``public``: whether the table tracks completion during play (公开验证,
  持续公开): the scorer then takes the table's completion flag.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core.errors import CardError
from engine.core.melds import MeldKind
from engine.core.shapes import ShapeGrant
from engine.hextech.conditions.hand_reading import WinFacts
from engine.hextech.predicates import Condition, compiled

ContractKind = Literal["normal", "black"]

BONUS: dict[ContractKind, int] = {"normal": 1, "black": 3}
"""The contract bonus for a completed contract and a win (§13.4)."""

ABANDON_PENALTY: dict[ContractKind, int] = {"normal": 0, "black": -1}
"""What abandoning costs at the window (§10.2, §13.14)."""

PROHIBITABLE: frozenset[str] = frozenset(kind.value for kind in MeldKind if kind is not MeldKind.ANKAN)
"""The calls a contract may forbid: chi, pon, minkan, kakan (a concealed kong never breaks one)."""


@dataclass(frozen=True)
class ContractTerms:
    """A compiled contract card.

    ``verification`` is the card's 验证 field verbatim (隐藏验证, 公开验证, 公开与隐藏结合,
    持续公开, 特殊胡法).  ``prohibits`` holds names from :data:`PROHIBITABLE`.  ``at_hu`` is
    answered by its one compiled test (:func:`engine.hextech.predicates.compiled`, made once per
    condition); the terms keep only the condition, so a view that shows them carries data alone (§9.4).
    """

    id: str
    name: str
    kind: ContractKind
    verification: str
    at_hu: Condition | None = None
    prohibits: frozenset[str] = frozenset()
    form: ShapeGrant | None = None
    public: bool = False

    def __post_init__(self) -> None:
        unknown = sorted(self.prohibits - PROHIBITABLE)
        if unknown:
            raise CardError(f"{self.id}: cannot prohibit {unknown[0]!r} (one of {sorted(PROHIBITABLE)})")

    def met_at_hu(self, facts: WinFacts) -> bool:
        """Whether the hand condition holds for the win described by ``facts`` (§9.5); no hand
        condition never holds."""
        return self.at_hu is not None and compiled(self.at_hu)(facts)

    @property
    def bonus(self) -> int:
        """Points for completing this contract and winning (§13.4)."""
        return BONUS[self.kind]

    @property
    def abandon_penalty(self) -> int:
        """Points for abandoning this contract at the window (§10.2): 0 or −1."""
        return ABANDON_PENALTY[self.kind]

    def forbids(self, kind: str) -> bool:
        """Whether the contract forbids making a meld of this kind (§9.7): a :class:`MeldKind`, or the
        :class:`~engine.hextech.rules.CallKind` of the same name, is its name."""
        return kind in self.prohibits
