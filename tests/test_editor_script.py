"""The part of ``editors/vscode/tests/real_editor.py`` that runs in seconds: the stand-in for the
ripgrep binary that ``@vscode/ripgrep``'s postinstall would download (issue 32 item 19).  The
script itself (code-server from npm, driven in Chromium) is run by hand: docs/designer-guide.md."""

from __future__ import annotations

import importlib.util
import os
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "editors" / "vscode" / "tests" / "real_editor.py"
POSTINSTALL = """const VERSION = 'v13.0.0-10';
const MULTI_ARCH_LINUX_VERSION = 'v13.0.0-4';
"""
"""The lines of ``@vscode/ripgrep`` 1.15.11's ``lib/postinstall.js`` that name its release."""


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("real_editor", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_archive_is_named_as_the_postinstall_asks(script: ModuleType) -> None:
    """``ripgrep-<VERSION>-<target>.tar.gz``, the musl build on x64 and arm64; an unknown processor
    or a postinstall without its VERSION stops the install with exit 2."""
    assert script.ripgrep_asset(POSTINSTALL) == "ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
    assert (
        script.ripgrep_asset(POSTINSTALL, "arm64") == "ripgrep-v13.0.0-10-aarch64-unknown-linux-musl.tar.gz"
    )
    for postinstall, arch in ((POSTINSTALL, "sparc"), ("const VERSION = v13;", "x64")):
        with pytest.raises(script.Failed) as failed:
            script.ripgrep_asset(postinstall, arch)
        assert failed.value.code == 2


def test_the_stand_in_is_rg_alone_in_the_download_cache(script: ModuleType, tmp_path: Path) -> None:
    """The archive lies where the postinstall looks before it downloads
    (``$TMPDIR/vscode-ripgrep-cache-<package version>/``) and unpacks to one executable ``rg``."""
    rg = tmp_path / "rg"
    rg.write_text("#!/bin/sh\necho ripgrep 13.0.0\n")
    rg.chmod(0o755)
    asset = script.ripgrep_asset(POSTINSTALL)
    archive = script.stand_in_ripgrep(tmp_path / "tmp", "1.15.11", asset, rg)
    assert archive == tmp_path / "tmp" / "vscode-ripgrep-cache-1.15.11" / asset
    with tarfile.open(archive) as tar:
        assert tar.getnames() == ["rg"]
        tar.extractall(tmp_path / "bin", filter="data")
    unpacked = tmp_path / "bin" / "rg"
    assert unpacked.read_bytes() == rg.read_bytes() and os.access(unpacked, os.X_OK)
