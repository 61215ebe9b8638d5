"""The rulebook a real table's console carries, searchable (issue 31 item 6): 海克斯麻将规则 V1.2 as
published (``rulebook.txt``, verbatim), read into its sections (``§10``, ``§10.1``, ``§13.9.1``), so
that any screen can search it and open a section — each opening a rule look-up of §18.3.  The copy the
project holds starts in chapter 三 (its first two chapters are in no document the project holds) and
lacks §13.9.6–§13.10.5, which ``rulebook.txt`` fills, marked 【本段补全】, with the project's
specification's passage on that gap: §13.10 and its items 杠上开花 to 天胡 with their values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

TEXT = Path(__file__).with_name("rulebook.txt")
NUMERALS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
CHAPTER = re.compile(r"^([一二三四五六七八九十]+)、(\S.*)$")
SECTION = re.compile(r"^(\d+)(?:\.(\d+))?\.?\s+(\S.*)$")
FIRST_CHAPTER = 3
"""The chapter this copy starts in: the card counts of its pools (三)."""
RESULTS = 20
"""The most sections a search answers."""
QUERY_LIMIT = 40
"""The longest search, in characters."""


@dataclass(frozen=True)
class Section:
    """One section of the rulebook: its number (``§10.1``), its title, its text."""

    number: str
    title: str
    text: str

    def json(self) -> dict[str, str]:
        """``{"section", "title", "text"}``."""
        return {"section": self.number, "title": self.title, "text": self.text}


def _chapter(numeral: str) -> int:
    if numeral.startswith("十"):
        return 10 + (NUMERALS[numeral[1]] if len(numeral) > 1 else 0)
    return NUMERALS[numeral]


@cache
def sections() -> tuple[Section, ...]:
    """Every section in the rulebook's order."""
    found: list[Section] = []
    chapter, number, title, lines = FIRST_CHAPTER, f"§{FIRST_CHAPTER}", "卡牌数量与组池", []
    for line in TEXT.read_text(encoding="utf-8").splitlines():
        heading = CHAPTER.match(line)
        sub = SECTION.match(line) if heading is None else None
        if heading is None and sub is None:
            lines.append(line)
            continue
        found.append(Section(number, title, "\n".join(lines).strip()))
        lines = []
        if heading is not None:
            chapter = _chapter(heading[1])
            number, title = f"§{chapter}", heading[2]
        else:
            assert sub is not None
            tail = f".{sub[2]}" if sub[2] else ""
            number, title = f"§{chapter}.{sub[1]}{tail}", sub[3]
    found.append(Section(number, title, "\n".join(lines).strip()))
    return tuple(found)


def section(number: str) -> Section | None:
    """The section numbered ``§N[.M[.K]]``, if the rulebook has it."""
    return next((s for s in sections() if s.number == number), None)


def search(query: str) -> list[Section]:
    """The sections whose number, title or text hold the query (at most :data:`RESULTS`)."""
    words = query.strip()[:QUERY_LIMIT]
    if not words:
        return []
    return [s for s in sections() if words in s.number or words in s.title or words in s.text][:RESULTS]
