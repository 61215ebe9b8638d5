"""The circumstances of a win a test may set, by the names ``WinContext`` gives them (§13), for the
helpers that build wins from tile strings."""

from __future__ import annotations

from typing import TypedDict


class WinFlags(TypedDict, total=False):
    """The flags of ``engine.core.win.WinContext``, each ``False`` unless a test sets it."""

    last_copy: bool
    last_of_wall: bool
    after_kong: bool
    robbing_kong: bool
    heavenly: bool
    earthly: bool
