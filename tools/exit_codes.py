"""The exit status of each failure: the command line's choice, not the engine's (README's table).

The engine raises its errors by kind (:mod:`engine.core.errors`) and names no status; ``hexmj``
ends with the status :data:`KIND_STATUS` gives the most specific kind an error is.  A failure of
the command line itself (end of input, Ctrl-C, a damaged record store) is a
:class:`CommandError`, which carries its own status.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.errors import (
    CardError,
    EngineFault,
    HexError,
    IllegalActionError,
    InputError,
    LogError,
    ModuleLoadError,
)

EXIT_DEFECT = 70
"""An unexpected exception or an engine fault: a defect of hexmj, not of its input (``EX_SOFTWARE``)."""

KIND_STATUS: Mapping[type[HexError], int] = {
    HexError: 2,
    InputError: 2,
    IllegalActionError: 3,
    CardError: 4,
    LogError: 5,
    ModuleLoadError: 6,
    EngineFault: EXIT_DEFECT,
}
"""The status of each kind of the engine's errors."""


class CommandError(HexError):
    """A failure of the command line itself, ending with its own :attr:`status`."""

    status = 2


def exit_code(err: HexError) -> int:
    """The status ``hexmj`` ends with for ``err``: its own if it is the command line's, else that of
    the most specific kind of the engine's it is."""
    if isinstance(err, CommandError):
        return err.status
    return next(KIND_STATUS[kind] for kind in type(err).__mro__ if kind in KIND_STATUS)
