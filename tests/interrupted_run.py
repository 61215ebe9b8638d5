"""A run of ``hexmj simulate --records FILE`` stopped by Ctrl-C after some chunks, then resumed
(R201, R382, R781): the steps the lab's tests of every rule set share."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pools_lint_cli import run_hexmj

import tools.lab.pipeline


def stopped_and_resumed(
    base: list[str],
    games: int,
    waits: int,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run ``base`` whole, then again stopped by Ctrl-C after ``waits`` chunks have come back: exit 130
    and one line naming the games kept and ``--resume FILE``; resumed, the figures and the records
    file of the run that was not stopped."""
    whole, log = folder / "whole.jsonl", folder / "stopped.jsonl"
    figures = run_hexmj([*base, "--records", str(whole)], monkeypatch, capsys)[1]
    monkeypatch.setattr(tools.lab.pipeline, "CHUNK_SECONDS", 1e-9)
    real_wait = concurrent.futures.wait
    waited = []

    def pressed(*args: Any, **kwargs: Any) -> Any:
        waited.append(1)
        if len(waited) > waits:
            raise KeyboardInterrupt
        return real_wait(*args, **kwargs)

    monkeypatch.setattr(tools.lab.pipeline, "wait", pressed)
    code, out, err = run_hexmj([*base, "--records", str(log)], monkeypatch, capsys)
    assert (code, out) == (130, "")
    kept = log.read_bytes().count(b"\n") - 1
    assert 0 < kept < games
    assert err == (
        f"hexmj: interrupted: simulate stopped after {kept} of {games} games, before any figures were "
        f"reported; continue with: hexmj simulate --resume {log}\n"
    )
    monkeypatch.setattr(tools.lab.pipeline, "wait", real_wait)
    code, out, _ = run_hexmj(
        ["simulate", "--resume", str(log), "--json", "--db", "none"], monkeypatch, capsys
    )
    assert (code, out) == (0, figures)
    assert log.read_bytes() == whole.read_bytes()


def cut_and_resumed(
    raw: bytes,
    figures: str,
    stored: Callable[[Path], object],
    whole_db: Path,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The records file ``raw`` cut after its header, between two records, inside one and three
    bytes before its end, each gone on with ``--resume`` on two workers: the file, the JSON
    ``figures`` and the store's records (as ``stored`` reads a store) are those of the run that
    never stopped (``whole_db``), each game stored once."""
    for cut in (raw.index(b"\n") + 1, raw.index(b"\n", len(raw) // 2) + 1, len(raw) // 3, len(raw) - 3):
        part, part_db = folder / f"{cut}.jsonl", folder / f"{cut}.db"
        part.write_bytes(raw[:cut])
        resumed = ["simulate", "--resume", str(part), "--json", "--workers", "2", "--db", str(part_db)]
        code, out, err = run_hexmj(resumed, monkeypatch, capsys)
        assert (code, err) == (0, ""), cut
        assert part.read_bytes() == raw and out == figures
        assert stored(part_db) == stored(whole_db)
