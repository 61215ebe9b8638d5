"""The bots' reading of the words on the wall (``engine.hextech.words.wall``): a tile drawn or taken is
worth a draw, a look half of one, a tile put under the wall a loss (lib 二.1, H11)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.words.worth import Worth

WORDS: Mapping[str, Worth] = {
    "look_and_reorder": Worth(0.5, ("look",)),
    "look_and_take": Worth(1.0, ("look_and_take",), takes=True),
    "draw_tile": Worth(1.0, ("draw",)),
    "put_bottom": Worth(-0.3, ("part",), gives=True),
    "set_draw_end": Worth(0.3),
}
"""Each word's worth and imagined moves: a reorder, the tiles looked at known on top in the best order
for the own draws (a tile of the suit chosen on top, O-P06); a look and take, the best of the tiles
looked at (of the suit chosen, O-C04); a tile drawn; a tile put under the wall, the one just drawn
(``put_bottom(drawn)``, R500) or the worst given up."""
