"""The 55 fan totals of ``tests/data/mcr-vectors.txt`` under the standard rules (spec 002, issue 14
item 6): raw sums, no 起和分 applied, 0 for a hand in no legal form.

Where seed 002 counts otherwise than the calculator the totals come from, the test asserts seed
002's total and names the ruling that says why (``SEED_002``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.registry import ruleset
from engine.standard.vectors import parse_case

DATA = Path(__file__).resolve().parent / "data" / "mcr-vectors.txt"

SEED_002 = {
    ";1111p1,1111m0;11134445s;E,E,1,0,0,0": (26, "R401: no 明暗杠 in seed 002; 明杠 1 + 暗杠 2"),
}
"""Cases whose seed-002 total differs from the file's, with the ruling."""


def _vectors() -> list[tuple[str, int, str]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        case, total, name, _ = line.split("\t")
        rows.append((case, int(total), name))
    return rows


VECTORS = _vectors()


def test_the_file_holds_55_vectors() -> None:
    assert len(VECTORS) == 55


@pytest.mark.parametrize(
    ("case", "total", "name"), VECTORS, ids=[f"{i:02}-{v[2]}" for i, v in enumerate(VECTORS)]
)
def test_vector_total(case: str, total: int, name: str) -> None:
    rules = ruleset("standard")
    win, _ = parse_case(case)
    expected = SEED_002.get(case, (total, ""))[0]
    assert rules.score(win, {"limit": "unlimited"}).total == expected


def test_seed_002_disagreements_are_vectors() -> None:
    cases = {case for case, _, _ in VECTORS}
    assert set(SEED_002) <= cases
