"""The kinds of choice hextech adds to the core's (:class:`engine.core.decisions.DecisionKind`), and
the answers they take.

The core puts turns, calls, robbing a kong and a card's choice; the hextech rule set adds the augment
draft (§5.2), the contract offer (§9.1), the abandon window (§10) and keeping a lasting card when a
second one of its deck is drawn (§6.9, §7.3).  A decision's ``kind`` is either's member.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class HextechKind(StrEnum):
    """The kinds of choice the hextech rule set gives a player beyond the core's."""

    AUGMENT = "augment"
    CONTRACT = "contract"
    ABANDON = "abandon"
    KEEP_LASTING = "keep_lasting"


KEEP: Final = "keep"
"""The answer that keeps the contract at the abandon window (§10) or the lasting card held (§6.9)."""
ABANDON: Final = "abandon"
"""The answer that abandons the contract at the abandon window (§10)."""
