"""Card ids are read in one place (issue 33 item 5; lib 一, §18.4): ``engine/hextech/card_ids.py``
holds the written form, the valid form and the one parser; the card language's grammar, the
language server, the console, the lab's records and every base id use them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from source_scan import docstrings

from dsl.loader import load_cards
from dsl.parser import parse_text
from engine.core.errors import InputError
from engine.hextech.card_ids import FORM, WRITTEN, CardId, base_of, is_card_id, parse_id, split_version
from tools.lab.records import DrawnCard

ROOT = Path(__file__).resolve().parents[1]


def test_every_library_id_is_valid_and_parses_back_lib_1() -> None:
    """lib 一: every card of the library has a valid id, which prints back as written."""
    ids = [card.id for card in load_cards()]
    assert len(ids) >= 192 and all(is_card_id(card) and str(parse_id(card)) == card for card in ids)
    assert parse_id("O-P01") == CardId("O-P", 1, 1) and parse_id("S-08-v12") == CardId("S", 8, 12)


@pytest.mark.parametrize("text", ["S-08-v1", "S-8", "S-08-v0", "S-08-v02", "s-08", "S-108", "W-01 ", ""])
def test_an_id_not_of_the_library_form_is_refused_s18_4(text: str) -> None:
    """§18.4: a first version has no ``-v``; two digits; nothing around the id."""
    assert not is_card_id(text)
    with pytest.raises(InputError, match="is not a card id"):
        parse_id(text)


def test_a_written_id_comes_apart_into_its_base_and_version_s18_4() -> None:
    """§18.4: markers, limits and choices are kept under the base id whatever version is in play."""
    assert split_version("S-08-v2") == ("S-08", "2") and split_version("O-P01") == ("O-P01", "")
    assert base_of("S-08-v2") == base_of("S-08") == "S-08" and base_of("") == ""
    (card,) = parse_text('card S-108-v3 "x" silver { 频率: "x" 卡面正文: "x" }\n')
    assert (card.base_id, card.version) == ("S-108", 3)


def test_the_grammar_the_records_and_the_tools_read_ids_by_the_one_form() -> None:
    """The card language's ``CARD_ID`` token is :data:`WRITTEN`; a lab record takes :data:`FORM`."""
    assert f"CARD_ID.2: /{WRITTEN}/" in (ROOT / "dsl" / "grammar.lark").read_text(encoding="utf-8")
    assert (
        DrawnCard(card="O-P01-v2", player=0, deck="chance", triggered=True, unexecutable=False).card
        == "O-P01-v2"
    )
    with pytest.raises(ValueError, match="pattern"):
        DrawnCard(card="O-P01-v1", player=0, deck="chance", triggered=True, unexecutable=False)
    assert re.fullmatch(FORM, "O-P01-v1") is None


def test_no_other_module_takes_a_card_id_apart() -> None:
    """Outside ``card_ids.py`` no code splits at ``-v`` or writes an id's pattern of its own."""
    found = []
    for package in ("engine", "dsl", "tools", "modules"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name == "card_ids.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = docstrings(tree)
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno}"
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
                and (node.value == "-v" or re.search(r"\[A-Z\].*-v", node.value))
            ]
    assert found == []
