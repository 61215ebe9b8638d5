"""The files a command is named: a path is a file of the kind, or a folder standing for its files of
the kind, recursively (``hexmj lint cards/``, ``hexmj check cards/examples``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from engine.core.errors import InputError


def named_files(paths: Iterable[Path], suffix: str, kind: str) -> list[Path]:
    """The ``suffix`` files named by ``paths``, each once, in the order named (a folder's sorted).

    A path that is missing, a file of another kind, a path neither file nor folder and a folder
    without such files are :class:`InputError`: checking nothing must not pass for clean.
    """
    article = "an" if kind[0] in "aeiou" else "a"
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.rglob(f"*{suffix}"))
            if not found:
                raise InputError(f"{path}: no {suffix} {kind}s in this folder")
            files.extend(found)
        elif path.is_file():
            if path.suffix != suffix:
                raise InputError(f"{path}: not {article} {kind} ({kind}s end in {suffix})")
            files.append(path)
        elif path.exists():
            raise InputError(f"{path}: not {article} {kind} nor a folder of {kind}s")
        else:
            raise InputError(f"{path}: no such file or folder")
    return list(dict.fromkeys(files))
