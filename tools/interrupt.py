"""Ctrl-C: say what was interrupted and how to go on, as end of input does (exit 130).

A command wraps its long work in :func:`interrupted`; a ``KeyboardInterrupt``
inside becomes :class:`Interrupted`, whose message ``tools/cli.py`` prints on
one ``hexmj: interrupted: …`` line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tools.exit_codes import CommandError

EXIT_INTERRUPTED = 130
"""Ctrl-C, as a shell reports a process ended by SIGINT."""


class Interrupted(CommandError):
    """The person pressed Ctrl-C: the message says what stopped and how to continue (exit 130)."""

    status = EXIT_INTERRUPTED


@contextmanager
def interrupted(what: Callable[[], str]) -> Iterator[None]:
    """Turn Ctrl-C inside into :class:`Interrupted` with the message ``what()`` gives at that moment."""
    try:
        yield
    except KeyboardInterrupt:
        raise Interrupted(what()) from None
