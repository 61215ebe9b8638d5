"""Card texts: every name and labelled field in the ``.hex`` files equals the card library (lib 一–十一).

The library (``docs/card-library.txt``, the card library v0.2 as published) is parsed here on its
own, without the card language, so that a fault in the ``.hex`` files or in the parser cannot hide
itself.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dsl.model import Card
from dsl.parser import parse_file

REPO = Path(__file__).resolve().parents[1]
LIBRARY = REPO / "docs" / "card-library.txt"
CARD_FILES = (*sorted((REPO / "cards").glob("*.hex")), *sorted((REPO / "modules").glob("*/cards.hex")))

LABELS = frozenset(
    {
        "卡面正文",
        "时机",
        "持续时间",
        "频率",
        "触发者",
        "触发上限",
        "验证",
        "说明",
        "补充",
        "标签",
        "替换规则",
        "指定牌",
        "单张动作",
        "双张动作",
        "替代动作",
    }
)
"""The labelled fields of a card (lib 三–十一)."""

_CARD_LINE = re.compile(r"^([WOFSGPCBT]-[A-Z]?\d{2}) (\S.*)$")
_SECTION_LINE = re.compile(r"^[一二三四五六七八九十]+、")


@dataclass(frozen=True)
class LibraryCard:
    """One card as the library prints it: id, name and its fields in order."""

    id: str
    name: str
    fields: tuple[tuple[str, str], ...]


@cache
def library() -> dict[str, LibraryCard]:
    """Parse the card library: a card starts at ``<id> <name>``; ``<label>：<text>`` lines follow."""
    cards: dict[str, LibraryCard] = {}
    current: tuple[str, str, list[tuple[str, str]]] | None = None

    def close() -> None:
        if current is not None:
            cards[current[0]] = LibraryCard(current[0], current[1], tuple(current[2]))

    for line in LIBRARY.read_text(encoding="utf-8").splitlines():
        if _SECTION_LINE.match(line):
            close()
            current = None
        elif match := _CARD_LINE.match(line):
            close()
            current = (match.group(1), match.group(2), [])
        elif current is not None and "：" in line:
            label, _, text = line.partition("：")
            if label in LABELS:
                current[2].append((label, text))
    close()
    return cards


@cache
def hex_cards() -> tuple[Card, ...]:
    """Every first-version card of the core and module card files."""
    return tuple(card for path in CARD_FILES for card in parse_file(path) if card.version == 1)


def test_library_holds_192_cards_in_the_counts_of_lib_one() -> None:
    """lib 一: 16 W, 36 O, 36 F, 18 S, 18 G, 18 P, 24 C, 16 B, 10 T."""
    counts = Counter(card_id[0] for card_id in library())
    assert counts == {"W": 16, "O": 36, "F": 36, "S": 18, "G": 18, "P": 18, "C": 24, "B": 16, "T": 10}


def test_every_library_card_is_written_exactly_once() -> None:
    """lib 一: each of the 192 ids has one card in the ``.hex`` files, and no other id is there."""
    ids = Counter(card.id for card in hex_cards())
    assert sorted(ids) == sorted(library())
    assert [card_id for card_id, n in ids.items() if n > 1] == []


def test_names_are_verbatim() -> None:
    """lib 三–十一: the card name shown to players is the library's, character for character."""
    lib = library()
    wrong = [(c.id, c.name, lib[c.id].name) for c in hex_cards() if c.id in lib and c.name != lib[c.id].name]
    assert wrong == []


def test_fields_are_verbatim_and_in_library_order() -> None:
    """lib 三–十一: every labelled field (卡面正文, 说明, 指定牌 …) equals the library text, in its order."""
    lib = library()
    wrong = [
        (card.id, tuple(card.fields.items()), lib[card.id].fields)
        for card in hex_cards()
        if card.id in lib and tuple(card.fields.items()) != lib[card.id].fields
    ]
    assert wrong == []


def test_a_known_text_reads_exactly() -> None:
    """lib 四 O-X01: a long text with Chinese punctuation survives the round trip unchanged."""
    card = next(card for card in hex_cards() if card.id == "O-X01")
    assert card.fields["时机"] == "当前动作完整结算后"
    assert card.fields["卡面正文"].endswith("庄家身份、座位风和行动顺序留在桌位。")
