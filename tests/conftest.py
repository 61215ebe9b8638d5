"""Shared test set-up: every session a test plays with ``hexmj play`` stores its record in a temporary
store, never in the working folder (``$HEXMJ_DB``, §18.3).  Property tests are deterministic: the
same examples on every run and machine, no example database, and no per-example wall-clock deadline
(a loaded CI machine must not turn a slow example into a failure).  ``working_copy`` is a designer's
copy of the card folder for the command-line tests (``--cards DIR``).  ``server`` is the console
served on a 127.0.0.1 port (``served`` its rule set, hextech's unless a test module says otherwise)
and ``browser`` Debian's Chromium driven by Playwright, for the console's browser tests.  With
``HEXMJ_EXPECT_COMPILED=1`` (``make pytest-compiled``) the run stops at once unless the compiled
engine is the one imported, and leaves out the console's and the browser's tests (the console modules
``test_console_*`` and every test served a console or a browser): they drive the same engine through
a server and a page, which the interpreted pass has proven; the compiled pass proves the engine.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

from dsl.loader import CORE_CARDS
from dsl.pools import DEFAULT_POOL_FILE
from engine.build_info import compiled_modules, describe

if TYPE_CHECKING:
    from console_support import Server

    from tools.console_web.requests import Served

settings.register_profile(
    "hexmj",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("hexmj")


def pytest_report_header() -> str:
    """Which engine the tests run on."""
    return describe()


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to test the interpreted engine when the compiled one is expected."""
    if os.environ.get("HEXMJ_EXPECT_COMPILED") == "1" and not compiled_modules():
        raise pytest.UsageError("HEXMJ_EXPECT_COMPILED=1, but the engine is interpreted: run `make compiled`")


SERVED_ELSEWHERE = frozenset({"server", "browser"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On the compiled engine, deselect the console's and the browser's tests."""
    if os.environ.get("HEXMJ_EXPECT_COMPILED") != "1":
        return
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        served = item.path.name.startswith("test_console") or SERVED_ELSEWHERE & set(
            getattr(item, "fixturenames", ())
        )
        (left if served else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(autouse=True)
def _record_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXMJ_DB", f"sqlite:///{tmp_path / 'records.db'}")


@pytest.fixture
def working_copy(tmp_path: Path) -> Path:
    """A copy of the core card files and the house pool file."""
    folder = tmp_path / "cards"
    folder.mkdir()
    for path in CORE_CARDS.glob("*.hex"):
        shutil.copy(path, folder / path.name)
    shutil.copy(DEFAULT_POOL_FILE, folder / DEFAULT_POOL_FILE.name)
    return folder


@pytest.fixture
def served() -> Served:
    """The rule set and options of a table whose request names none at the ``server`` fixture's console."""
    from tools.console_web.requests import HEXTECH

    return HEXTECH


@pytest.fixture
def server(tmp_path: Path, served: Served) -> Iterator[Server]:
    """The console as ``hexmj serve`` serves it, on a 127.0.0.1 port over a new record store."""
    from console_support import Server

    running = Server(tmp_path / "console.db", served)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (skipped without Playwright)."""
    driving = pytest.importorskip("playwright.sync_api")
    from console_support import ARGS, CHROMIUM

    with driving.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()
