"""The contracts offered to each player as the round begins (§9.1): two normal and one black unless
a card changes how many (P-09 "改为抽取3张普通契约和2张黑色契约"), the candidates drawn for the
player, one of which a card may put back for another (S-06), and the contracts nobody kept, which go
back to their decks to be reshuffled for the next round (§9.1, §11 phase 6)."""

from __future__ import annotations

OFFER = (2, 1)
"""Two normal contracts and one black contract (§9.1)."""


class ContractsOffered:
    """What the round offers each player of the contract decks, and what goes back (§9.1)."""

    __slots__ = ("_sizes", "candidates", "returned")

    def __init__(self) -> None:
        self.candidates: dict[int, list[str]] = {}
        """The contracts drawn for each player, whom they are offered to (S-06 swaps one)."""
        self.returned: dict[str, list[str]] = {"normal": [], "black": []}
        """The contracts offered and not kept, by deck, in the order they went back."""
        self._sizes: dict[int, tuple[int, int]] = {}

    def size(self, player: int) -> tuple[int, int]:
        """How many normal and black contracts ``player`` is offered (§9.1; P-09)."""
        return self._sizes.get(player, OFFER)

    def resize(self, player: int, normal: int, black: int) -> None:
        """A card has ``player`` offered ``normal`` normal and ``black`` black contracts (P-09)."""
        self._sizes[player] = (normal, black)

    def put_back(self, contract: str, black: bool) -> None:
        """``contract`` was offered and not kept: it goes back to its deck (§9.1)."""
        self.returned["black" if black else "normal"].append(contract)
