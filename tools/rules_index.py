"""The rules index (issue 33 item 6): each numbered section of the rulebook and of seeds 002 and 003
with the module and function that carry it, read from the code's own citations, written to
``docs/rules-index.md``.

A citation is a section named in a module's source (docstring, comment or message): ``§10.2`` for
the rulebook (``§13.9.1–§13.9.3`` for the three), ``spec 002 【出牌】 3``, ``【出牌】 3``,
``standard rules 出牌 1–3`` or ``术语 十四, 十五`` for seed 002, ``spec 003 付钱规则`` for seed 003.
It belongs to the innermost function or class around it, else to the module.  A section's home is
the place that cites it among the fewest other sections (the most specific) in the lowest package
(the engine, the modules, the card language, the tools), the other places are counted; a section
no code carries names where it is carried instead (:data:`tools.rules_sections.NOT_IN_CODE`).
Regenerate the index after a change of citations with ``python -m tools.rules_index`` (``--check``
exits 1 when the file is not what the code gives).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tools.physical.rulebook import sections as rulebook_sections
from tools.rules_sections import HEADING_TITLES, NOT_IN_CODE, SEED_002, SEED_003

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "modules", "dsl", "tools")
"""Where code lives whose citations count (the tests are not a rule's home)."""
READERS = ("tools/rules_index.py", "tools/rules_sections.py", "tools/physical/rulebook.py")
"""Code that names sections to read them, carrying none: the index itself and the rulebook's reader."""
INDEX = ROOT / "docs" / "rules-index.md"
_RULEBOOK = re.compile(r"(?<!INVENTORY )§(\d+(?:\.\d+)*)")
_RANGE = re.compile(r"§((?:\d+\.)*)(\d+)[–-]§\1(\d+)\b")
_ITEM = r"[一二三四五六七八九十]+|\d+(?:[–-]\d+)?"
_SEEDS = {"002": SEED_002, "003": SEED_003}


@dataclass(frozen=True)
class Section:
    """A numbered section: its key as code cites it (``§10.2``, ``002 出牌 3``) and its title."""

    key: str
    title: str


@dataclass(frozen=True)
class Place:
    """Where code cites sections: a module and the function or class around the citation."""

    module: str
    name: str
    cited: frozenset[str]

    @property
    def shown(self) -> str:
        """``engine/hextech/abandon_window.py: abandon`` (the module alone for its own text)."""
        return f"{self.module}: {self.name}" if self.name else self.module


def sections() -> list[Section]:
    """Every numbered section, the rulebook's first, then
    seed 002's and seed 003's headings, each followed by the items it numbers."""
    found = [Section(s.number, s.title) for s in rulebook_sections()]
    for seed, headings in _SEEDS.items():
        for heading, items in headings:
            full = HEADING_TITLES.get(heading, heading)
            shown = f"【{full}】" if seed == "002" else full
            found.append(Section(f"{seed} {heading}", shown))
            found += [Section(f"{seed} {heading} {item}", f"{shown} {item} {name}") for item, name in items]
    return found


def _headings(seed: str) -> re.Pattern[str]:
    """A heading of a seed, in 【】 or not, with the items it names (``术语 一, 十三``, ``出牌 1–3``)."""
    names = [heading for heading, _ in _SEEDS[seed]]
    names += [HEADING_TITLES[name] for name in names if name in HEADING_TITLES]
    alternatives = "|".join(sorted(names, key=len, reverse=True))
    return re.compile(
        rf"【?(?P<heading>{alternatives})】?(?:\s+(?P<items>(?:{_ITEM})(?:,\s*(?:{_ITEM}))*)\b)?"
    )


_HEADINGS = {seed: _headings(seed) for seed in _SEEDS}
_PREFIXES = {
    "002": re.compile(r"(?:spec 002|seed 002|standard rules)(?:'s)?\b"),
    "003": re.compile(r"(?:spec 003|seed 003)(?:'s)?\b"),
}
_BARE_002 = re.compile(
    rf"【(?:{'|'.join(h for h, _ in SEED_002)}|{'|'.join(HEADING_TITLES.values())})】|术语"
)
_BRACKETED = re.compile(r"(?:spec|seed) (00[23])(?:'s)?\b[^;)\n]*?【([^】]+)】")
_FULL_NAMES = {full: short for short, full in HEADING_TITLES.items()}


def _seed_keys(seed: str, found: re.Match[str]) -> Iterator[str]:
    heading = _FULL_NAMES.get(found["heading"], found["heading"])
    yield f"{seed} {heading}"
    for item in re.split(r",\s*", found["items"] or ""):
        yield from (f"{seed} {heading} {one}" for one in _items(item))


def cited_in(text: str) -> Iterator[str]:
    """The section keys a line of source cites."""
    for found in _RULEBOOK.finditer(text):
        yield f"§{found[1]}"
    for found in _RANGE.finditer(text):
        yield from (f"§{found[1]}{n}" for n in range(int(found[2]) + 1, int(found[3])))
    for seed, prefix in _PREFIXES.items():
        for cited in prefix.finditer(text):
            clause = re.split(r"[;)\n]", text[cited.end() :], maxsplit=1)[0]
            for found in _HEADINGS[seed].finditer(clause):
                yield from _seed_keys(seed, found)
    for bare in _BARE_002.finditer(text):
        named = _HEADINGS["002"].match(text, bare.start())
        if named is not None:
            yield from _seed_keys("002", named)
    for found in _BRACKETED.finditer(text):
        yield f"{found[1]} {_FULL_NAMES.get(found[2], found[2])}"


def _items(written: str) -> list[str]:
    """The items a citation names: ``三``, ``2``, or each of a range ``1–3``."""
    ends = re.split(r"[–-]", written)
    if len(ends) == 2:
        return [str(n) for n in range(int(ends[0]), int(ends[1]) + 1)]
    return [written] if written else []


def _spans(tree: ast.Module) -> list[tuple[int, int, str]]:
    """Each function and class of a module: its first and last line and its dotted name."""
    found: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                found.append((child.lineno, child.end_lineno or child.lineno, name))
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return found


def places(paths: Iterable[Path], root: Path = ROOT) -> list[Place]:
    """Every place of the modules at ``paths`` (named from ``root``) that cites a section, in file
    and line order."""
    found: list[Place] = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        spans = _spans(ast.parse(text))
        cited: dict[str, set[str]] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            keys = set(cited_in(line))
            if keys:
                around = [span for span in spans if span[0] <= number <= span[1]]
                name = max(around, key=lambda span: span[0])[2] if around else ""
                cited.setdefault(name, set()).update(keys)
        module = path.relative_to(root).as_posix()
        found += [Place(module, name, frozenset(keys)) for name, keys in cited.items()]
    return found


def code_places() -> list[Place]:
    """The places of the project's code that cite a section."""
    paths = (path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))
    return places(sorted(path for path in paths if path.relative_to(ROOT).as_posix() not in READERS))


@dataclass(frozen=True)
class Row:
    """One section of the index: where it is carried, and by how many other places."""

    section: Section
    home: str
    others: int


def _rank(place: Place) -> int:
    """Rules are carried by the engine first, then the modules, the card language, the tools."""
    return PACKAGES.index(place.module.split("/")[0])


def rows(found: Sequence[Place]) -> list[Row]:
    """The index: every section with its home, the most specific place citing it."""
    made = []
    for section in sections():
        citing = [place for place in found if section.key in place.cited]
        if citing:
            home = min(citing, key=lambda p: (_rank(p), not p.name, len(p.cited), p.module, p.name))
            made.append(Row(section, f"`{home.shown}`", len(citing) - 1))
        else:
            made.append(Row(section, NOT_IN_CODE.get(section.key, ""), 0))
    return made


def unknown(found: Sequence[Place]) -> list[str]:
    """Each citation of a section the lists do not hold, as ``module: name: key``."""
    known = {section.key for section in sections()}
    return [f"{place.shown}: {key}" for place in found for key in sorted(place.cited - known)]


def homeless(made: Sequence[Row]) -> list[str]:
    """The sections no code carries and no entry of ``NOT_IN_CODE`` places."""
    return [row.section.key for row in made if not row.home]


def stale_reasons(found: Sequence[Place]) -> list[str]:
    """The entries of ``NOT_IN_CODE`` for a section code now cites, or for no section at all."""
    cited = {key for place in found for key in place.cited}
    known = {section.key for section in sections()}
    return sorted(key for key in NOT_IN_CODE if key in cited or key not in known)


def render(made: Sequence[Row]) -> str:
    """``docs/rules-index.md``."""
    lines = [
        "# Rules index",
        "",
        "Each numbered section of the rulebook (海克斯麻将规则 V1.2, §), of seed 002 (the standard rules)",
        "and of seed 003 (the 红中 rules), with the module and function that carry it: the place whose",
        "docstring, comment or message cites the section among the fewest others, and how many other",
        "places cite it. Generated from the code by `tools/rules_index.py`: after changing what the code",
        "cites, run `python -m tools.rules_index` (`tests/test_rules_index.py` fails until the file is",
        "what the code gives, when code cites a section not listed here, or when a section has no home).",
        "",
        "| section | title | carried by | cited also by |",
        "| --- | --- | --- | --- |",
    ]
    for row in made:
        others = str(row.others) if row.others else ""
        lines.append(f"| {row.section.key} | {row.section.title} | {row.home} | {others} |")
    return "\n".join(lines) + "\n"


def problems(found: Sequence[Place], made: Sequence[Row]) -> list[str]:
    """What keeps the index from being whole: citations of unknown sections, sections without a
    home, reasons given for sections code carries after all."""
    listed = [f"cited but not listed: {line}" for line in unknown(found)]
    listed += [f"no home: {key}" for key in homeless(made)]
    return listed + [f"carried by code or no section, yet not in code: {key}" for key in stale_reasons(found)]


def main(argv: Sequence[str] = ()) -> int:
    """Write the index, or with ``--check`` say whether the file is what the code gives (exit 1 if
    not, or if a citation is unknown or a section has no home)."""
    found = code_places()
    made = rows(found)
    wrong = problems(found, made)
    text = render(made)
    if "--check" not in argv:
        INDEX.write_text(text, encoding="utf-8")
    elif not INDEX.exists() or INDEX.read_text(encoding="utf-8") != text:
        wrong.append("docs/rules-index.md is not what the code gives: run python -m tools.rules_index")
    for problem in wrong:
        print(problem, file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
