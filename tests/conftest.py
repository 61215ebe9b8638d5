"""Shared test set-up: every session a test plays with ``hexmj play`` stores its record in a temporary
store, never in the working folder (``$HEXMJ_DB``, §18.3)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _record_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXMJ_DB", f"sqlite:///{tmp_path / 'records.db'}")
