"""What a session hands each round: the cards it plays with (:class:`Cards`: the compiled library,
the decks, the world card, each player's augments, and what the enabled modules add) and its
contract decks (:class:`ContractOffer`, §9.1)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.decisions import Decision
from engine.hextech.bus import Step
from engine.hextech.hookspecs import Game, ScoreContribution, SetupStage, WinSummary
from engine.hextech.state import Deck
from engine.hextech.vocabulary import CompiledCard


@dataclass(frozen=True)
class ContractOffer:
    """The contract decks of the round (§9.1); candidates come off the end of each list."""

    normal: list[str]
    black: list[str]


ModulePrimitive = Callable[
    [Game | None, int, Mapping[str, object]], Generator[Decision, str, Mapping[str, object] | None]
]
"""A module's effect primitive as a round runs it: on the session, ``None`` on an arranged table
played without one (:data:`engine.hextech.hookspecs.Primitive`)."""


@dataclass
class Cards:
    """The cards a round plays with: the library of compiled cards, the decks, the world card, each
    player's augments, and what the enabled modules add (primitives, tile marks)."""

    library: Mapping[str, CompiledCard] = field(default_factory=dict)
    decks: Mapping[str, Deck] = field(default_factory=dict)
    world: CompiledCard | None = None
    augments: Sequence[Sequence[CompiledCard]] = ((), (), (), ())
    modules: frozenset[str] = frozenset()
    module_primitives: Mapping[str, ModulePrimitive] = field(default_factory=dict)
    primitive_modules: Mapping[str, str] = field(default_factory=dict)
    """The module that implements each of ``module_primitives``: running one wakes that module's
    dormant listeners (:meth:`engine.hextech.bus.Bus.wake_module`)."""
    tile_marks: Callable[[int, int], Mapping[str, frozenset[int]]] | None = None
    score_items: Callable[[WinSummary], tuple[ScoreContribution, ...]] | None = None
    session: Game | None = None
    counters: dict[tuple[object, ...], int] = field(default_factory=dict)
    setup: Callable[[SetupStage, int], Step] | None = None
    """The enabled modules' set-up step at a stage of §11 phase 1, given the dealer."""
