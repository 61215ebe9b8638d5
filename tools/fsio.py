"""Atomic file writes: a file is replaced whole or left as it was, and keeps its permissions."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from engine.core.errors import InputError


def _mode_for(path: Path) -> int:
    """The permission bits of ``path``, or those a new file gets under the current umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename.

    The temporary file gets the permissions of the file it replaces (a new file:
    the usual ones under the umask), so a rewrite never narrows who may read it.
    A folder or file that cannot be written is an :class:`InputError` naming the path.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError as err:
        raise InputError(f"{path}: cannot write: {path.parent} is not a folder") from err
    try:
        mode = _mode_for(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as err:
        raise InputError(f"{path}: cannot write: {err.strerror}") from err
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as err:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(err, OSError):
            raise InputError(f"{path}: cannot write: {err.strerror}") from err
        raise
