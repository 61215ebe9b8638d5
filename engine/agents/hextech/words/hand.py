"""The bots' reading of the words on hands (``engine.hextech.words.hand``): an extra tidy or a tile
taken back is half a draw, a tile revealed or discarded by a card a loss; an exchange or a pass is a
tile for a tile, worth nothing by the table, which the imagined rounds weigh (§6.11, §14.2, §14.4)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.words.worth import Worth

WORDS: Mapping[str, Worth] = {
    "extra_tidy": Worth(0.5, ("draw", "throw")),
    "discard": Worth(-0.3, ("throw",), gives=True),
    "retrieve": Worth(0.5, ("retrieve",), takes=True),
    "reveal": Worth(-0.5, ("show",)),
    "peek_private": Worth(0.2),
    "scramble_hand": Worth(-0.2),
    "exchange": Worth(0.0, ("part", "receive"), gives=True),
    "pass_all": Worth(0.0, ("part", "receive"), gives=True),
    "swap_with_top": Worth(0.5, ("swap",), gives=True),
}
"""Each word's worth and imagined moves: an extra tidy is one more exchange (a tile drawn, then the
worst discarded, §6.11); a discard, the worst thrown; a retrieve, the latest own discard (or the best
older one) taken back; a reveal, tiles shown to the round's end; an exchange or a pass, the worst
given up and an unseen tile received (§14.2); a swap with the top, as many tiles as the hand can
spare given up and drawn again (P-04)."""
