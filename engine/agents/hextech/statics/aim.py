"""What a static is to the bots: the aim a held contract's ``forbid`` of it gives its holder's hand."""

from __future__ import annotations

from collections.abc import Callable

from engine.agents.hextech.aims import Context, Steer
from engine.hextech.vocabulary import StaticRule

Aim = Callable[[StaticRule, Context], Steer]
"""The aim a static the held contract forbids its holder gives the hand."""
