"""What each word of a condition is to the bots, one module per family of
:mod:`engine.hextech.conditions` (the same family names): the aims a held contract's condition gives a
hand and a table fact's value at a moment of a playout, side by side
(:class:`~engine.agents.hextech.conditions.reading.Reading`).

A family none of whose words the bots read has no module here; a word without a reading is in
:data:`WITHOUT`, with the reason.  ``tests/test_word_homes.py`` checks that every word has its reading
or its reason, that no reading names a word the card language lacks, and that a word is read as the
number or the truth it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.conditions import event, faces, hand, river, round, sets, win
from engine.agents.hextech.conditions.reading import Reading

FAMILIES = {
    "sets": sets,
    "faces": faces,
    "win": win,
    "event": event,
    "river": river,
    "hand": hand,
    "round": round,
}
"""The families the bots read a word of, by the name of the rule side's family."""

READINGS: Mapping[str, Reading] = {
    name: reading for family in FAMILIES.values() for name, reading in family.WORDS.items()
}
"""Every word the bots read, by name: the hand condition's words and the table facts (the two
vocabularies share no name)."""

_PLAYOUT = "a playout imagines the player's own hand alone"
_UNKNOWN = f"{_PLAYOUT}: a watch asking it is an even chance (choices.UNKNOWN_CHANCE)"

WITHOUT: Mapping[str, str] = {
    "suits_with_chows": "no held contract's hand condition the bots steer for asks it: a hand meets it "
    "or not when complete, judged by the compiled condition",
    "self_draw": "a self-draw is no tile to keep: a hand condition asking it splits a complete hand's "
    "chance by the share of wins by self-draw (choices.SPLIT_WAYS)",
    "concealed": "a concealed hand is kept by making no call that breaks it (choices.calls_welcome, "
    "choices.CONCEALED_WORDS), no tile to keep",
    "before_abandon_window": "a playout's ending knows its own draw against the window's "
    "(choices.hand_chance): no tile to keep",
    "tile_is": f"the event's tile: {_UNKNOWN}",
    "visible_copies": f"the copies the others show: {_UNKNOWN}",
    "in_river": f"a copy of the event's tile: {_UNKNOWN}",
    "uncalled_streak": f"the others' calls: {_UNKNOWN}",
    "discarded_chosen_suit": f"the event's tile: {_UNKNOWN}",
    "holds": f"the tiles held at the event: {_UNKNOWN}",
    "routed_melds": "the imagined rounds read it from a G-08 route's hook, as the sets the route counts "
    "(imagined.ROUTED, imagined.routed_sets)",
    "window_opened": f"the window's moment: {_UNKNOWN}",
    "drawable": f"the wall left at the event: {_UNKNOWN}",
    "in_game": f"the others' wins: {_UNKNOWN}",
    "round_number": f"the session's round: {_UNKNOWN}",
    "lowest_score": f"the session's scores: {_UNKNOWN}",
    "contract_revealed": f"the reveal's moment: {_UNKNOWN}",
    "module_enabled": f"the session's modules: {_UNKNOWN}",
    "challenge_lost": f"a party challenge: {_UNKNOWN}",
    "contract_completed": f"the contract's completion is what the playout estimates: {_UNKNOWN}",
    "revealed_discarded": f"the tiles a contract made public: {_UNKNOWN}",
    "forced_discards": f"a card's forced discards: {_UNKNOWN}",
    "kept_forced": f"a card's forced tile: {_UNKNOWN}",
    "chosen": f"the holder's choice for a card: {_UNKNOWN}",
}
"""The words the bots do not read, each with the reason."""
