"""Build hooks beyond pyproject.toml: with ``HEXMJ_MYPYC=1`` the engine modules named in
``[tool.hexmahjong.compiled]`` are compiled with mypyc (docs/performance.md); otherwise the
distribution is pure Python."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from setuptools import setup


def compiled_modules(root: Path) -> list[str]:
    """The source files ``[tool.hexmahjong.compiled]`` selects: its ``include`` globs less ``exclude``."""
    table = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["tool"]["hexmahjong"]["compiled"]
    excluded = set(table["exclude"])
    found = {str(path.relative_to(root)) for pattern in table["include"] for path in root.glob(pattern)}
    return sorted(found - excluded)


def ext_modules() -> list[object]:
    """The mypyc extensions when ``HEXMJ_MYPYC=1``, else none."""
    if os.environ.get("HEXMJ_MYPYC") != "1":
        return []
    from mypyc.build import mypycify

    root = Path(__file__).resolve().parent
    return list(mypycify(compiled_modules(root), opt_level="3", debug_level="0", multi_file=True))


setup(ext_modules=ext_modules())
