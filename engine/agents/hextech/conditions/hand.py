"""The bots' reading of the table facts of a player's hand (``engine.hextech.conditions.hand``): the
melds exposed and the calls made, as the player's own view shows them at any moment of a playout
(a playout calls nothing)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.agents.hextech.conditions.reading import Moment, Reading
from engine.core.melds import MeldKind
from engine.hextech.predicates import Call
from engine.hextech.view import PlayerView


def _exposed(view: PlayerView) -> list[str]:
    return [m.kind.value for m in view.melds[view.me] if m.kind is not MeldKind.ANKAN]


def _words(args: Sequence[object]) -> set[str]:
    words: set[str] = set()
    for arg in args:
        words.update(str(a) for a in (arg if isinstance(arg, tuple) else (arg,)))
    return words


def _exposed_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return len(_exposed(view))


def _calls_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return sum(1 for kind in _exposed(view) if kind in _words(call.args[1:]))


def _others_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return sum(
        1 for p in range(4) if p != view.me and any(m.kind is not MeldKind.ANKAN for m in view.melds[p])
    )


WORDS: Mapping[str, Reading] = {
    "exposed_melds": Reading(known=_exposed_at),
    "others_with_exposed_melds": Reading(known=_others_at),
    "calls_made": Reading(known=_calls_at),
}
"""Each fact's reading."""
