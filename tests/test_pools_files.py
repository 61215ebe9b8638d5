"""Custom pool files (§18.2): seeded draws per series, versions, clear errors naming the YAML line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from pools_lint_cli import run_hexmj

from dsl.pool_files import load_pool_file, with_version
from dsl.pools import pool_cards
from engine.core.errors import InputError
from engine.hextech.card_ids import parse_id
from tools.exit_codes import exit_code

FIRST_TEST = Path(__file__).resolve().parent.parent / "cards" / "pools" / "first-test.yaml"


def series_counts(pool_file: Path) -> Counter[str]:
    return Counter(parse_id(card.id).series for card in pool_cards(None, pool_file))


def test_first_test_pool_matches_section_18_2() -> None:
    """§18.2: world 8, chance 4×6, party 4×4, augments 12 per tier, 18 normal, 12 black, no treasure."""
    counts = series_counts(FIRST_TEST)
    assert counts == Counter(
        {"W": 8, "O-P": 6, "O-N": 6, "O-C": 6, "O-X": 6, "F-T": 4, "F-I": 4, "F-R": 4, "F-S": 4}
        | {"S": 12, "G": 12, "P": 12, "C": 18, "B": 12}
    )
    assert not any(card.id.startswith("T-") or card.id == "F-S01" for card in pool_cards(None, FIRST_TEST))


def test_first_test_pool_is_seeded(tmp_path: Path) -> None:
    """§18.2 draws are random but seeded: the same file gives the same pool; another seed another one."""
    again = [card.id for card in pool_cards(None, FIRST_TEST)]
    assert again == [card.id for card in pool_cards(None, FIRST_TEST)]
    reseeded = tmp_path / "pool.yaml"
    reseeded.write_text(FIRST_TEST.read_text(encoding="utf-8").replace("seed: 20260814", "seed: 7"))
    assert [card.id for card in pool_cards(None, reseeded)] != again


def test_listed_ids_and_untouched_series(tmp_path: Path) -> None:
    """A series may list its cards; series not named keep every card of the mode (§3)."""
    pool = tmp_path / "pool.yaml"
    pool.write_text("mode: strategy\ndraw:\n  B: [B-03, B-01]\n")
    cards = [card.id for card in pool_cards(None, pool)]
    assert [card_id for card_id in cards if card_id.startswith("B-")] == ["B-01", "B-03"]
    assert len(cards) == 138 - 16 + 2


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("mode: party\nsize: 3\n", 2, "size: unknown key"),
        ("mode: chaos\n", 1, "mode: 'chaos' is not a mode"),
        ("seed: x\n", 1, "seed: expected a whole number"),
        ("draw:\n  world: 8\n", 2, "draw.world: not an id series"),
        ("mode: party\ndraw:\n  W: 8\n  Q: 2\n", 4, "draw.Q: no card of series Q in mode party"),
        (
            "mode: strategy\ndraw:\n  W: 20\n",
            3,
            "draw.W: asks for 20 cards; series W has 14 in mode strategy",
        ),
        (
            "mode: party\ndraw:\n  C: [C-01, C-24]\n",
            3,
            "draw.C: C-24 is not a card of series C in mode party",
        ),
        ("mode: all\nversions:\n  S-08: S-09\n", 3, "versions.S-08: 'S-09' is not a version of S-08"),
        ("mode: all\ndraw: [1\n", 3, "expected ',' or ']'"),
    ],
)
def test_bad_pool_file_names_line_and_key(tmp_path: Path, text: str, line: int, fragment: str) -> None:
    """A bad pool file is an InputError naming file, YAML line and key (exit 2)."""
    pool = tmp_path / "bad.yaml"
    pool.write_text(text)
    with pytest.raises(InputError) as raised:
        pool_cards(None, pool)
    assert str(raised.value).startswith(f"{pool}:{line}")
    assert fragment in str(raised.value)
    assert exit_code(raised.value) == 2


def test_mode_of_file_and_option_must_agree(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first-test pool is a party pool (§18.2); asking it for strategy is a usage error."""
    code, _, err = run_hexmj(["pool", "--mode", "strategy", "--pool", str(FIRST_TEST)], monkeypatch, capsys)
    assert code == 2
    assert f"{FIRST_TEST}:3: mode: this pool is for mode party, not strategy" in err


def test_pool_command_with_file(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`hexmj pool --pool first-test.yaml --json` takes the file's mode and prints 114 cards (§18.2)."""
    code, out, _ = run_hexmj(["pool", "--pool", str(FIRST_TEST), "--json"], monkeypatch, capsys)
    assert code == 0
    assert json.loads(out) == {"mode": "party", "cards": [card.id for card in pool_cards(None, FIRST_TEST)]}
    assert len(json.loads(out)["cards"]) == 8 + 24 + 16 + 36 + 18 + 12


def test_with_version_keeps_comments_and_order(tmp_path: Path) -> None:
    """§18.4: switching a pool to a version rewrites only the versions entry; comments survive."""
    pool = tmp_path / "pool.yaml"
    pool.write_text(FIRST_TEST.read_text(encoding="utf-8"))
    text = with_version(pool, "S-08", "S-08-v2")
    assert "# 首轮抽样池" in text and "W: 8        # 世界牌随机选8张" in text
    assert text.index("seed:") < text.index("draw:") < text.index("versions:")
    pool.write_text(text)
    assert load_pool_file(pool).versions == {"S-08": "S-08-v2"}
    assert load_pool_file(pool).draw["O-X"] == 6
