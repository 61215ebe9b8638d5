"""Card versions (§18.4): S-08 → S-08-v2 next to it, pools pick one version, old versions stay loadable."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

import dsl.loader
from dsl.loader import load_cards
from dsl.pools import pool_cards
from dsl.versions import next_version_id, with_new_version
from engine.core.errors import InputError
from engine.hextech.card_ids import CardId, parse_id

CARDS = Path(__file__).resolve().parent.parent / "cards"


@pytest.fixture
def card_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the core card files and the house pool file, used instead of ``cards/``."""
    copy = tmp_path / "cards"
    shutil.copytree(CARDS, copy)
    monkeypatch.setattr(dsl.loader, "CORE_CARDS", copy)
    return copy


def test_ids_parse_with_series_number_and_version() -> None:
    """§18.4: S-08-v2 is the second version of S-08; O-P01 belongs to series O-P."""
    assert parse_id("S-08-v2") == CardId("S", 8, 2)
    assert parse_id("O-P01") == CardId("O-P", 1, 1)
    assert str(CardId("B", 15, 3)) == "B-15-v3"
    with pytest.raises(InputError, match="'S-08-v1' is not a card id"):
        parse_id("S-08-v1")


def test_next_version_counts_from_the_latest() -> None:
    """§18.4: the next version of a card with no version is -v2."""
    assert next_version_id(load_cards(), "S-08") == "S-08-v2"


def test_with_new_version_inserts_copy_after_the_block() -> None:
    """§18.4: the copy follows the latest block; braces inside texts and comments do not end it."""
    text = 'card S-08 "x" silver {\n  说明: "}"  # }\n}\ncard S-09 "y" silver {\n}\n'
    new, line = with_new_version(text, 1, 1, "S-08", "S-08-v2")
    assert new.splitlines()[line - 1] == 'card S-08-v2 "x" silver {'
    assert new.index("card S-08-v2") < new.index("card S-09")
    assert new.startswith(text[: text.index("card S-09")])


def test_card_new_version_writes_next_to_it_and_switches_the_pool(
    card_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`hexmj card new-version S-08 --use-in pools.yaml`: S-08-v2 in silver.hex, the pool plays it."""
    pool = card_dir / "pools.yaml"
    code, out, _ = run_hexmj(["card", "new-version", "S-08", "--use-in", str(pool)], monkeypatch, capsys)
    assert code == 0
    silver = card_dir / "silver.hex"
    where, _, new_id = out.splitlines()[0].rpartition(": ")
    assert new_id == "S-08-v2" and where.startswith(f"{silver}:")
    line = int(where.rsplit(":", 1)[1])
    assert silver.read_text(encoding="utf-8").splitlines()[line - 1].startswith("card S-08-v2 ")
    assert "# The house pool" in pool.read_text(encoding="utf-8")
    played = [card.id for card in pool_cards("strategy", pool)]
    assert "S-08-v2" in played and "S-08" not in played and len(played) == 138
    assert {card.id for card in load_cards()} >= {"S-08", "S-08-v2"}


def test_second_new_version_is_v3_after_v2(
    card_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.4: B-15 → B-15-v2 → B-15-v3, each right after the latest version."""
    run_hexmj(["card", "new-version", "B-15"], monkeypatch, capsys)
    code, out, _ = run_hexmj(["card", "new-version", "B-15-v2"], monkeypatch, capsys)
    assert code == 0 and out.splitlines()[0].endswith(": B-15-v3")
    text = (card_dir / "black_contracts.hex").read_text(encoding="utf-8")
    assert (
        text.index("card B-15 ")
        < text.index("card B-15-v2 ")
        < text.index("card B-15-v3 ")
        < text.index("card B-16 ")
    )


def test_new_version_copies_the_cards_examples_and_they_play_on_it(
    card_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """§18.4: W-01 → W-01-v2 copies ``examples/W-01.yaml`` as ``examples/W-01-v2.yaml`` about the new
    version, and ``hexmj check`` plays them on it; a second copy is refused rather than overwritten."""
    code, out, _ = run_hexmj(["card", "new-version", "W-01"], monkeypatch, capsys)
    copy = card_dir / "examples" / "W-01-v2.yaml"
    assert code == 0 and out.splitlines()[1].startswith(f"{copy}: the examples of W-01, ")
    text = copy.read_text(encoding="utf-8")
    assert "card: W-01-v2" in text and "world: W-01-v2" in text and "W-01\n" not in text
    code, out, _ = run_hexmj(["check", "--json", str(copy)], monkeypatch, capsys)
    played = json.loads(out)
    assert code == 0, out
    assert played and all(e["cards"] == ["W-01-v2"] and e["passed"] for e in played)
    (card_dir / "examples" / "W-01-v3.yaml").write_text("mine", encoding="utf-8")
    before = (card_dir / "world.hex").read_text(encoding="utf-8")
    code, _, err = run_hexmj(["card", "new-version", "W-01"], monkeypatch, capsys)
    assert code == 2 and "W-01-v3.yaml: already exists" in err
    assert (card_dir / "world.hex").read_text(encoding="utf-8") == before


def test_new_version_of_unknown_card_writes_nothing(
    card_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown id is a usage error (exit 2); no file changes."""
    before = (card_dir / "silver.hex").read_text(encoding="utf-8")
    code, _, err = run_hexmj(["card", "new-version", "S-99"], monkeypatch, capsys)
    assert code == 2 and "no card 'S-99'" in err
    assert (card_dir / "silver.hex").read_text(encoding="utf-8") == before


def test_card_show_json_uses_library_labels(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`hexmj card show S-08 --json`: id, name, type, version, tags, fields with Chinese labels (lib 六)."""
    code, out, _ = run_hexmj(["card", "show", "S-08", "--json"], monkeypatch, capsys)
    assert code == 0
    shown = json.loads(out)
    assert shown["id"] == "S-08" and shown["name"] == "绝张观察" and shown["version"] == 1
    assert shown["type"] == "silver" and shown["tags"] == []
    assert shown["fields"]["频率"] == "每局1次"
    assert set(shown) == {"id", "name", "type", "version", "tags", "modules", "fields"}
    assert shown["modules"] == []


def test_cards_json_filters_by_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`hexmj cards --mode strategy --json` lists the 138 cards of §3 with their module tags."""
    code, out, _ = run_hexmj(["cards", "--mode", "strategy", "--json"], monkeypatch, capsys)
    assert code == 0
    listed = json.loads(out)
    assert len(listed) == 138 and listed[0]["id"] == "W-01"
    code, out, _ = run_hexmj(["cards", "--json"], monkeypatch, capsys)
    tagged = {card["id"]: card["tags"] for card in json.loads(out)}
    assert tagged["W-13"] == ["treasure"] and tagged["S-17"] == ["party"]
