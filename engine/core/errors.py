"""Exceptions of the rules engine: one class per kind of failure, each with its exit code.

Every error a user can cause (bad JSON, a bad tile string, a bad card, an
illegal decision) is a :class:`HexError`; the ``hexmj`` command prints its
message on one line and exits with :attr:`HexError.exit_code`, never with a
traceback: 2 malformed input, 3 illegal action, 4 card error, 5 log error, 6 a
module that cannot be loaded.
A check that fails on something the engine built itself is not the user's
fault: it is raised as an :class:`EngineFault` (exit 70, a defect to report).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class HexError(Exception):
    """Base of every error the project reports to a user."""

    exit_code = 2


class InputError(HexError, ValueError):
    """Malformed input: a JSON field, a tile string, a command-line value (exit 2)."""

    exit_code = 2


class IllegalActionError(HexError, ValueError):
    """A decision that the rules do not allow at this point (exit 3)."""

    exit_code = 3


class CardError(HexError, ValueError):
    """A card file that does not parse or does not check (exit 4)."""

    exit_code = 4


class LogError(HexError, ValueError):
    """A game log that cannot be replayed or resumed (exit 5)."""

    exit_code = 5


class ModuleLoadError(HexError):
    """An installed module cannot be imported or does not declare itself (exit 6)."""

    exit_code = 6


class EngineFault(HexError):
    """The engine broke one of its own rules while playing (a hand it built with the wrong tile count,
    a bot's answer the rules refuse): a defect of hexmj, never the user's input.  It exits 70 like
    any other defect (``EX_SOFTWARE``, see ``tools/cli.py``) and its message names the session's
    seed, so that ``hexmj play --seed`` replays the session for a bug report."""

    exit_code = 70


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
