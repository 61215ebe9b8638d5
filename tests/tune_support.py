"""Planted faults for the tests of comparisons that stop when decided and of ``hexmj tune`` (issue 34):
a working copy of the card folder with a new version of a card whose behaviour is edited."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from tools.cli import app


def plant(folder: Path, card: str, old: str, new: str, text: str | None = None) -> str:
    """Add the next version of ``card`` to the working copy ``folder`` (``hexmj card new-version``) with
    its behaviour line ``old`` made ``new`` (and its 卡面正文 made ``text``); the new version's id."""
    done = CliRunner().invoke(app, ["card", "new-version", card, "--cards", str(folder)])
    assert done.exit_code == 0, done.output
    path_text, version = done.stdout.splitlines()[0].rsplit(": ", 1)
    path = Path(path_text.rsplit(":", 1)[0])
    source = path.read_text(encoding="utf-8")
    start = source.index(f"card {version} ")
    end = source.index("\n}\n", start)
    block = source[start:end]
    assert old in block, f"{old!r} is not in {version}"
    block = block.replace(old, new)
    if text is not None:
        block = re.sub(r'卡面正文: "[^"]*"', f'卡面正文: "{text}"', block)
    path.write_text(source[:start] + block + source[end:], encoding="utf-8")
    return version


def pool_file(folder: Path, name: str, body: str) -> Path:
    """A pool file (§18.2) in the working copy."""
    path = folder / name
    path.write_text(body, encoding="utf-8")
    return path
