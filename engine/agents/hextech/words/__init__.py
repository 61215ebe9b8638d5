"""What each word of the card language is to the bots, one module per family of
:mod:`engine.hextech.words` (the same family names): its worth to its holder and the moves the
search agent's imagined rounds make for it, side by side (:class:`~engine.agents.hextech.words.worth.Worth`).

A word none of whose parts a bot reads is in no family; a word without a worth or without imagined
moves is in :data:`WITHOUT`, with the reason.  ``tests/test_word_homes.py`` checks that every word has
each part or its reason, and that no part names a word the card language lacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from engine.agents.hextech.words import contract, deck, hand, table, wall
from engine.agents.hextech.words.worth import Worth

FAMILIES = {"deck": deck, "wall": wall, "hand": hand, "table": table, "contract": contract}
"""The families the bots read a word of, by the name of the rule side's family."""

WORTHS: Mapping[str, Worth] = {
    name: worth for family in FAMILIES.values() for name, worth in family.WORDS.items()
}
"""Every word the bots read, by name."""

VALUES: Mapping[str, float] = {name: worth.value for name, worth in WORTHS.items()}
"""What running a word is worth to its holder (a word not here is worth nothing)."""

IMAGINED: Mapping[str, tuple[str, ...]] = {name: worth.moves for name, worth in WORTHS.items() if worth.moves}
"""The moves the imagined rounds make for each word they play, by the moves' names."""

GIVE_AWAY = frozenset(name for name, worth in WORTHS.items() if worth.gives)
"""The words that make a player pick a hand tile to lose."""

TAKE = frozenset(name for name, worth in WORTHS.items() if worth.takes)
"""The words that let a player pick a tile to add to the hand (from the wall, from the river)."""

Part = Literal["value", "imagined"]

_TREASURE = "a treasure order changes which faces score for every seat, not which tiles a hand holds"
_PARTY = "a party challenge is played off the tiles and its chips are no score (§7.1, §7.4)"
_CONTRACT = "a contract changes, no tile: the contract held is weighed by choices.contract_value"

WITHOUT: Mapping[str, tuple[tuple[Part, ...], str]] = {
    "draw_card": (("imagined",), "the card drawn is unknown until drawn: its worth is the draw's value"),
    "draw_keep": (("imagined",), "the cards drawn are unknown until drawn: its worth is the draw's value"),
    "redraw": (("imagined",), "the card drawn again is unknown until drawn: its worth is the draw's value"),
    "choose_value": (
        ("value", "imagined"),
        "a value named is neither good nor bad: what the card's later steps do with it is valued, and "
        "the imagined rounds remember a suit answered by its name for the moves after it "
        "(imagined_programs.bound)",
    ),
    "pick_player": (
        ("value", "imagined"),
        "a seat picked is neither good nor bad: the steps aimed at it are valued (imagined.aimed_effect)",
    ),
    "set_draw_end": (("imagined",), "a draw from the other end is as unseen as the top's: no tile moves"),
    "retract_discard": (
        ("value", "imagined"),
        "a discard taken back and another made: the imagined rounds never made the discard it voids",
    ),
    "peek_private": (("imagined",), "another seat's tile seen moves no tile of the player's own"),
    "scramble_hand": (("imagined",), "the hand's order changes, no tile"),
    "rotate_seats": (("value", "imagined"), "every seat moves alike: no side gains and no tile moves"),
    "make_safe": (("imagined",), "the calls it forbids are none the imagined rounds play"),
    "offer_contracts": (("imagined",), _CONTRACT),
    "swap_candidate": (("imagined",), _CONTRACT),
    "replace_contract": (("imagined",), _CONTRACT),
    "abandon_contract": (("imagined",), _CONTRACT),
    "redraw_treasure": (("value", "imagined"), _TREASURE),
    "treasure_order": (("value", "imagined"), _TREASURE),
    "set_personal_treasure": (("value", "imagined"), _TREASURE),
    "challenge": (("value", "imagined"), _PARTY),
    "chips": (("value", "imagined"), _PARTY),
    "watch_tile": (("value", "imagined"), _PARTY),
}
"""The words that deliberately lack a part, each with the parts it lacks and the reason."""
