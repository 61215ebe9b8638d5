"""One hexmj at a time goes on with a file (R802): a session log or a run's records file being
resumed is held with an exclusive advisory lock from its reading to the last line written, and a
second command that would go on with it is refused, so two never interleave their lines."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from engine.core.errors import LogError

if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


@contextmanager
def alone(path: Path) -> Iterator[None]:
    """Hold ``path`` for this command alone; held by another, a :class:`LogError` naming it. A file
    that cannot be opened is left for the command's own reading to name."""
    try:
        handle = path.open("rb")
    except OSError:
        yield
        return
    with handle:
        try:
            _lock(handle.fileno())
        except OSError:
            raise LogError(f"{path}: another hexmj is going on with this file; wait for it to end") from None
        yield
