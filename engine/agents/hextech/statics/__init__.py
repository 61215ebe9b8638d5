"""What each static is to the bots, one module per family of :mod:`engine.hextech.statics` (the same
family names): the aim a held contract's ``forbid`` of it gives its holder's hand
(:data:`~engine.agents.hextech.statics.aim.Aim`).

A family none of whose statics the bots read has no module here; a static without a reading is in
:data:`WITHOUT`, with the reason.  ``tests/test_word_homes.py`` checks that every static has its
reading or its reason and that no reading names a static or family the card language lacks.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.statics import discards
from engine.agents.hextech.statics.aim import Aim

FAMILIES = {"discards": discards}
"""The families the bots read a static of, by the name of the rule side's family."""

AIMS: Mapping[str, Aim] = {name: aim for family in FAMILIES.values() for name, aim in family.WORDS.items()}
"""Every static the bots read, by name."""

_CALLS = "a call the rules refuse is never offered (§9.7): the bots weigh only the calls they are offered"

WITHOUT: Mapping[str, str] = {
    "chi": _CALLS,
    "pon": _CALLS,
    "minkan": _CALLS,
    "ankan": _CALLS,
    "kakan": _CALLS,
    "call_discard": "a discard nobody may call is the discarder's safe tile: the bots are offered only "
    "the calls the rules allow, no tile to keep",
    "discard_outside_suit": "a chance card's bar for one discard: the bots are offered only the legal "
    "discards, and the bar ends before a hand could be steered",
    "discard_drawn": "a chance card's bar for one discard: the bots are offered only the legal discards, "
    "and the bar ends before a hand could be steered",
    "keep_drawn": "B-10's drawn tile is the only legal discard while it binds (Rules.legal_discards): no "
    "choice to steer",
    "hu_without_contract": "the rules judge a hu with it (Rules.judge_win); the bots declare every win "
    "they may, no tile to keep",
    "change_contract": "the rules never ask it (engine.hextech.statics.UNANSWERED)",
}
"""The statics the bots do not read, each with the reason."""
