"""Exceptions of the rules engine: one class per kind of failure, each with its exit code.

Every error a user can cause (bad JSON, a bad tile string, a bad card, an
illegal decision) is a :class:`HexError`; the ``hexmj`` command prints its
message on one line and exits with :attr:`HexError.exit_code`, never with a
traceback.
"""

from __future__ import annotations


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
