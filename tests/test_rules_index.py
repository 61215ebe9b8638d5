"""Find a rule in one hop (issue 33 item 6): ``docs/rules-index.md`` lists every numbered section of
the rulebook and of seeds 002 and 003 with the module and function that carry it, generated from
the code's citations by ``tools/rules_index.py`` (``python -m tools.rules_index`` regenerates it)."""

from __future__ import annotations

from pathlib import Path

from tools.physical.rulebook import sections as rulebook_sections
from tools.rules_index import (
    INDEX,
    cited_in,
    code_places,
    homeless,
    main,
    places,
    render,
    rows,
    sections,
    stale_reasons,
    unknown,
)
from tools.rules_sections import NOT_IN_CODE


def test_the_index_is_what_the_code_gives() -> None:
    """The committed index is the generator's output: a stale one fails until regenerated."""
    assert INDEX.read_text(encoding="utf-8") == render(rows(code_places()))
    assert main(["--check"]) == 0


def test_every_section_the_code_cites_is_listed_s13_10() -> None:
    """A citation names a listed section, §13.10's cut-off ones among them (spec README)."""
    found = code_places()
    assert unknown(found) == []
    assert {"§13.10", "§13.10.5", "002 出牌 3", "003 付钱规则"} <= {key for p in found for key in p.cited}


def test_every_numbered_section_has_a_home() -> None:
    """Every section of the rulebook, every heading and numbered item
    of seeds 002 and 003: carried by code, or by a ruling or the table itself, with the reason
    written; a reason is never left standing for a section code carries."""
    made = rows(code_places())
    listed = [row.section.key for row in made]
    rulebook = [s.number for s in rulebook_sections()]
    assert [key for key in listed if key in rulebook] == rulebook
    assert {key for key in listed if key.startswith("§")} <= set(rulebook)
    assert len([key for key in listed if key.startswith("002")]) == 48
    assert len([key for key in listed if key.startswith("003")]) == 7
    assert homeless(made) == [] and stale_reasons(code_places()) == []
    home = {row.section.key: row.home for row in made}
    assert home["§10.2"].startswith("`engine/hextech/") and "R680" in home["002 游戏等级"]
    assert all(home[key] == reason for key, reason in NOT_IN_CODE.items())


def test_a_citation_of_an_unknown_section_and_a_section_without_a_home_fail(tmp_path: Path) -> None:
    """The checks are no stubs: a made module citing §13.10.9 and 002 【牌局】 is reported, and the
    index without the code's places leaves every section that has no reason homeless."""
    made = tmp_path / "made.py"
    made.write_text('def settle() -> None:\n    """Pays as §13.10.9 and spec 002 【牌局】 say."""\n', "utf-8")
    found = places([made], tmp_path)
    assert [(p.name, sorted(p.cited)) for p in found] == [("settle", ["002 牌局", "§13.10.9"])]
    assert [line.rsplit(": ", 1)[1] for line in unknown([*found])] == ["002 牌局", "§13.10.9"]
    empty = homeless(rows([]))
    assert (
        "§10.2" in empty and "002 游戏等级" not in empty and len(empty) == len(sections()) - len(NOT_IN_CODE)
    )


def test_citations_read_as_the_code_writes_them() -> None:
    """Ranges, lists of items and the seeds' headings with or without 【】 or a prefix."""
    assert set(cited_in("(§13.9.1–§13.9.3)")) == {"§13.9.1", "§13.9.2", "§13.9.3"}
    assert set(cited_in("(standard rules 术语 一, 十三; issue 14)")) == {
        "002 术语",
        "002 术语 一",
        "002 术语 十三",
    }
    assert set(cited_in("tiers (spec 002 【出牌】 1–3 and its 注)")) == {
        "002 出牌",
        *(f"002 出牌 {n}" for n in "123"),
    }
    assert set(cited_in("(spec 003 牌张的要求, 胡牌要求; docs)")) == {"003 牌张的要求", "003 胡牌要求"}
    assert set(cited_in("CARD-INVENTORY §2, lib 二.1")) == set()
