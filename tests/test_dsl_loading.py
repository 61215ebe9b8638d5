"""Loading the cards stays light and robust: what it imports, and a grammar cache it cannot use."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import ValidationError

from dsl import parser
from dsl.errors import Diagnostic
from dsl.parser import parse_text

REPO = Path(__file__).resolve().parents[1]

CARD = 'card W-01 "x" world {\n  说明: "x"\n  on turn.start by holder do draw_card(chance)\n}\n'

HEAVY = ("typer", "rich", "networkx", "sqlalchemy", "matplotlib")
"""Packages the tools use that loading and pooling the cards must not import."""


@pytest.fixture
def fresh_parser() -> Iterator[None]:
    """A parser built anew for the test, and again for the tests after it."""
    parser.grammar_parser.cache_clear()
    yield
    parser.grammar_parser.cache_clear()


def test_loading_and_pooling_import_none_of_the_tools_packages() -> None:
    """dsl.load_cards + pool_cards + compile_cards in a fresh process leave the heavy packages unloaded."""
    script = (
        "import json, sys\n"
        "from dsl.compiler import compile_cards\n"
        "from dsl.pools import pool_cards\n"
        "assert len(compile_cards(pool_cards('all'))) == 192\n"
        f"print(json.dumps(sorted(name for name in {HEAVY!r} if name in sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == []


def test_an_unusable_cache_folder_only_costs_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_parser: None
) -> None:
    """A cache "folder" that is a file: no cache, the same cards."""
    expected = parse_text(CARD)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    parser.grammar_parser.cache_clear()
    assert parser._cache_file() == ""
    assert parse_text(CARD) == expected


def test_a_corrupt_grammar_cache_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_parser: None
) -> None:
    """A damaged cache file is ignored (Lark builds the tables again) and parsing gives the same cards."""
    expected = parse_text(CARD)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache_file = Path(parser._cache_file())
    cache_file.write_bytes(b"not a cache\n\x00\x01")
    parser.grammar_parser.cache_clear()
    assert parse_text(CARD) == expected


def test_models_are_frozen_and_compare_by_value() -> None:
    """Cards as written are values: equal when written alike, immutable, a diagnostic's cards a tuple."""
    first, second = parse_text(CARD, "a.hex"), parse_text(CARD, "a.hex")
    assert first == second
    with pytest.raises(ValidationError, match="frozen"):
        first[0].name = "y"  # type: ignore[misc]
    finding = Diagnostic(severity="warning", code="X", cards=["W-01", "W-02"], message="m")
    assert finding.cards == ("W-01", "W-02")
