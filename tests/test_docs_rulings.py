"""docs/rulings.md: every ruling names the section it rests on, and its ids are stable and in order (§15)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from dsl import load_cards

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rulings.md"
HEADING = re.compile(r"^### (?P<rest>.*)$", flags=re.M)
RULING = re.compile(r"^R(?P<id>\d+)\. (?P<title>\S.*?) \((?P<refs>[^()]+)\)$")
CARD_ID = re.compile(r"\b(?:[WOFSGPCBT]-(?:[A-Z])?\d{2})\b")
SECTION = re.compile(r"§\d|\blib\b|\bspec 00\d\b")


def _headings() -> list[str]:
    return HEADING.findall(DOC.read_text(encoding="utf-8"))


def _rulings() -> list[re.Match[str]]:
    return [m for m in (RULING.match(h) for h in _headings()) if m is not None]


def test_every_heading_is_a_ruling() -> None:
    """Each `###` heading reads `Rn. Title (section, cards)`."""
    malformed = [h for h in _headings() if RULING.match(h) is None]
    assert malformed == []
    assert len(_rulings()) > 0


def test_every_ruling_names_a_section_or_a_card() -> None:
    """The parenthesis of each heading names a rulebook § , a lib section or a card id."""
    bare = [m.group(0) for m in _rulings() if not (SECTION.search(m["refs"]) or CARD_ID.search(m["refs"]))]
    assert bare == []


def test_ruling_ids_are_unique_and_consecutive() -> None:
    """R1, R2, … in the order of the document, no repeat; a gap only where a block of numbers
    reserved for parallel work starts (R200, R210, R395, …: a multiple of five above the first
    block)."""
    ids = [int(m["id"]) for m in _rulings()]
    assert ids == sorted(set(ids)) and ids[0] == 1
    gaps = [(a, b) for a, b in itertools.pairwise(ids) if b != a + 1]
    assert all(b % 5 == 0 and b > 130 for _, b in gaps), gaps


def test_card_ids_in_headings_are_cards() -> None:
    """A card id named in a heading is one of the 192 cards."""
    known = {card.base_id for card in load_cards()}
    named = {card for m in _rulings() for card in CARD_ID.findall(m["refs"])}
    assert sorted(named - known) == []


def test_cross_references_point_at_existing_rulings() -> None:
    """Every `Rn` mentioned in the text is a ruling of the document."""
    text = DOC.read_text(encoding="utf-8")
    ids = {int(m["id"]) for m in _rulings()}
    cited = {int(n) for n in re.findall(r"\bR(\d+)\b", text)}
    assert sorted(cited - ids) == []


def test_every_card_inventory_proposal_has_a_status() -> None:
    """The closing table answers each hard case H1–H26 and each §3 pair 1–17 of CARD-INVENTORY."""
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## CARD-INVENTORY proposals") :]
    rows = re.findall(r"^\| (H\d+|pair \d+)\b", table, flags=re.M)
    assert rows == [f"H{n}" for n in range(1, 27)] + [f"pair {n}" for n in range(1, 18)]


def test_the_scattered_files_are_merged() -> None:
    """docs/rulings.d/ is gone: docs/rulings.md is the one record."""
    assert not (ROOT / "docs" / "rulings.d").exists()
