"""Running ``hexmj`` in-process for the pools, versions and lint tests: exit code, stdout, stderr."""

from __future__ import annotations

import sys

import pytest

from tools.cli import main


def run_hexmj(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """Run ``hexmj argv…`` through :func:`tools.cli.main` and return (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["hexmj", *argv])
    with pytest.raises(SystemExit) as done:
        main()
    captured = capsys.readouterr()
    code = done.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err
