"""Exceptions of the rules engine: one class per kind of failure.

Every error a user can cause (bad JSON, a bad tile string, a bad card, an
illegal decision) is a :class:`HexError` of its kind: malformed input, an
illegal action, a card error, a log error, a module or rule set that cannot be
loaded.  A check that fails on something the engine built itself is not the
user's fault: it is raised as an :class:`EngineFault`, a defect to report.
What a command line does with each kind (the ``hexmj`` command's exit
statuses) is its own choice (``tools/exit_codes.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class HexError(Exception):
    """Base of every error the project reports to a user."""


class InputError(HexError, ValueError):
    """Malformed input: a JSON field, a tile string, a command-line value."""


class IllegalActionError(HexError, ValueError):
    """A decision that the rules do not allow at this point."""


class CardError(HexError, ValueError):
    """A card file that does not parse or does not check."""


class LogError(HexError, ValueError):
    """A game log that cannot be replayed or resumed."""


class ModuleLoadError(HexError):
    """An installed module cannot be imported or does not declare itself."""


class EngineFault(HexError):
    """The engine broke one of its own rules while playing (a hand it built with the wrong tile count,
    a bot's answer the rules refuse): a defect of hexmj, never the user's input.  Its message names
    the session's seed, so that ``hexmj play --seed`` replays the session for a bug report."""


@contextmanager
def engine_faults(replay: str) -> Iterator[None]:
    """Play a session the user's input has already been checked for: an :class:`InputError` or an
    :class:`IllegalActionError` raised inside comes from the engine's own state and is re-raised as an
    :class:`EngineFault` on one line ending with ``replay``, the command that plays the session again.
    Card and log errors pass through: they name a file the user gave."""
    try:
        yield
    except (InputError, IllegalActionError) as err:
        raise EngineFault(
            f"engine fault: {err} (a defect of hexmj; please report it with the command that "
            f"replays the session: {replay})"
        ) from err
