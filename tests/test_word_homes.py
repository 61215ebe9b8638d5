"""Issue 33 item 5: one home per word of the card language.  Each primitive is declared beside its run
in its family of ``engine.hextech.words``; what it is worth to a bot and how the search agent imagines
it stand side by side in the family of the same name of ``engine.agents.hextech.words``.  Each word of
a condition (a hand condition's word, a table fact) is declared with its evaluation in its family of
``engine.hextech.conditions``, and the bots' reading of it is in the family of the same name of
``engine.agents.hextech.conditions``.  Each static is declared with its answer in its family of
``engine.hextech.statics``, and the bots' reading of it is in the family of the same name of
``engine.agents.hextech.statics``.  Every word has every part, or is listed with the reason it has
none (``engine.hextech.words.NOT_RUN``, ``engine.agents.hextech.words.WITHOUT``,
``engine.agents.hextech.conditions.WITHOUT``, ``engine.hextech.statics.UNANSWERED``,
``engine.agents.hextech.statics.WITHOUT``), and no part names a word the card language lacks."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

import pytest

from engine.agents.hextech import choices, imagined, imagined_programs, imposed
from engine.agents.hextech import conditions as agent_conditions
from engine.agents.hextech import statics as agent_statics
from engine.agents.hextech import words as agent_words
from engine.agents.hextech.conditions import sets as set_readings
from engine.agents.hextech.conditions.reading import Reading
from engine.core.groups import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from engine.core.shapes import SHAPES
from engine.hextech import predicates
from engine.hextech import round as hextech_round
from engine.hextech import statics as rule_statics
from engine.hextech import words as rule_words
from engine.hextech.effects import facts
from engine.hextech.effects.facts import FACTS
from engine.hextech.effects.program import IN_MODULE, PRECONDITIONS
from engine.hextech.effects.program import PRIMITIVES as RUNS
from engine.hextech.plugins import Modules, installed_modules
from engine.hextech.predicates import REGISTRY as PREDICATES
from engine.hextech.vocabulary import EVENTS, PrimitiveStep


@dataclass(frozen=True)
class Homes:
    """Where each part of the words is found: the words declared, by rule-side family; the words with a
    run and with a precondition; those whose run hands them to a module, and those an installed module
    runs; the words no one runs, with the reason; by agent-side family, the words a bot reads; the
    words with a worth, each word's imagined moves and the moves there are; the parts a word
    deliberately lacks, with the reason."""

    declared: Mapping[str, Collection[str]]
    runs: Collection[str]
    preconditions: Collection[str]
    in_module: Collection[str]
    module_runs: Collection[str]
    not_run: Mapping[str, str]
    read: Mapping[str, Collection[str]]
    values: Collection[str]
    imagined: Mapping[str, tuple[str, ...]]
    moves: Collection[str]
    without: Mapping[str, tuple[tuple[str, ...], str]]


def missing_parts(homes: Homes) -> list[str]:
    """Each word without one of its parts and no reason listed, each reason for a part the word has,
    and each part that names a word, a family or a move there is not, as one line."""
    found: list[str] = []
    words = {word for family in homes.declared.values() for word in family}
    lacks = {word: set(parts) for word, (parts, _) in homes.without.items()}
    for word in sorted(words):
        if word in homes.not_run:
            pass
        elif word not in homes.runs:
            found.append(f"{word}: no run")
        elif word in homes.in_module and word not in homes.module_runs:
            found.append(f"{word}: no module runs it")
        for part, has in (("value", word in homes.values), ("imagined", word in homes.imagined)):
            listed = part in lacks.get(word, set())
            if not has and not listed:
                found.append(f"{word}: no {part}")
            if has and listed:
                found.append(f"{word}: has a {part} yet is listed without one")
    named = (
        ("a run", homes.runs),
        ("a precondition", homes.preconditions),
        ("a module's run", homes.module_runs),
        ("a reason it is not run", homes.not_run),
        ("a value", homes.values),
        ("an imagined effect", homes.imagined),
        ("a reason it lacks a part", homes.without),
    )
    for part, names in named:
        found += [f"{word}: {part} of a word that does not exist" for word in sorted(set(names) - words)]
    for family, read in homes.read.items():
        own = homes.declared.get(family)
        if own is None:
            found.append(f"{family}: an agent family with no rule family of that name")
            continue
        found += [f"{word}: read in {family}, declared elsewhere" for word in sorted(set(read) - set(own))]
    for word, moves in homes.imagined.items():
        found += [
            f"{word}: imagined by an unknown move {move!r}" for move in moves if move not in homes.moves
        ]
    found += [f"{word}: no reason given" for word, (_, reason) in homes.without.items() if not reason.strip()]
    return found


def project_homes() -> Homes:
    """The homes of the project's own words."""
    modules = Modules.enable([info.name for info in installed_modules()])
    return Homes(
        declared={
            family.__name__.rsplit(".", 1)[1]: [w.name for w in family.WORDS]
            for family in rule_words.FAMILIES
        },
        runs=set(RUNS),
        preconditions=set(PRECONDITIONS),
        in_module=IN_MODULE,
        module_runs=set(modules.primitives()),
        not_run=rule_words.NOT_RUN,
        read={name: set(family.WORDS) for name, family in agent_words.FAMILIES.items()},
        values=set(agent_words.VALUES),
        imagined=agent_words.IMAGINED,
        moves=set(imagined_programs.MOVES),
        without=agent_words.WITHOUT,
    )


def test_every_word_has_each_part_in_its_home_issue_33_5() -> None:
    """Every primitive of the card language has a declaration, a run (the engine's, or an installed
    module's), a worth to a bot and an imagined effect, or the reason it has none; no part names a
    word, family or move there is not."""
    homes = project_homes()
    assert missing_parts(homes) == []
    assert set(rule_words.PRIMITIVES) == {w for family in homes.declared.values() for w in family}
    assert hextech_round.PRIMITIVE_GROUPS == rule_words.FAMILIES


def small() -> Homes:
    """A small vocabulary with every part in place: two words of the hand, one a module runs."""
    return Homes(
        declared={"hand": ["swap_with_top", "reveal"], "party": ["chips"]},
        runs={"swap_with_top", "reveal", "chips"},
        preconditions=set(),
        in_module={"chips"},
        module_runs={"chips"},
        not_run={},
        read={"hand": {"swap_with_top", "reveal"}},
        values={"swap_with_top", "reveal"},
        imagined={"swap_with_top": ("swap",), "reveal": ("show",)},
        moves={"swap", "show"},
        without={"chips": (("value", "imagined"), "chips are no score")},
    )


def test_a_missing_part_is_named_issue_33_5() -> None:
    """The check fails on a small vocabulary with a part missing, one line a part, and passes once the
    part is given: a run, a module's run, a worth, an imagined effect, a known move, a reason."""
    whole = small()
    assert missing_parts(whole) == []
    cases = {
        "swap_with_top: no run": replace(whole, runs={"reveal", "chips"}),
        "chips: no module runs it": replace(whole, module_runs=set()),
        "reveal: no value": replace(whole, values={"swap_with_top"}),
        "swap_with_top: no imagined": replace(whole, imagined={"reveal": ("show",)}),
        "swap_with_top: imagined by an unknown move 'swap'": replace(whole, moves={"show"}),
        "chips: no reason given": replace(whole, without={"chips": (("value", "imagined"), " ")}),
        "reveal: has a value yet is listed without one": replace(
            whole, without={**whole.without, "reveal": (("value",), "a reason")}
        ),
    }
    for line, homes in cases.items():
        assert missing_parts(homes) == [line]
    never_run = replace(whole, runs={"swap_with_top", "reveal"}, module_runs=set())
    assert missing_parts(never_run) == ["chips: no run"]
    assert missing_parts(replace(never_run, not_run={"chips": "read, never run"})) == []


@pytest.mark.parametrize(
    ("change", "line"),
    [
        ({"runs": {"swap_with_top", "reveal", "chips", "swap_with_bottom"}}, "swap_with_bottom: a run"),
        ({"values": {"swap_with_top", "reveal", "shuffle"}}, "shuffle: a value"),
        (
            {"imagined": {"swap_with_top": ("swap",), "reveal": ("show",), "peek": ()}},
            "peek: an imagined effect",
        ),
        ({"read": {"hand": {"swap_with_top", "reveal"}, "wall": {"reveal"}}}, "wall: an agent family"),
        ({"read": {"hand": {"swap_with_top", "reveal", "chips"}}}, "chips: read in hand, declared elsewhere"),
    ],
)
def test_a_part_of_no_word_is_named_issue_33_5(change: dict[str, object], line: str) -> None:
    """A run, a worth or an imagined effect of a word the vocabulary does not declare, and an agent
    family the rule side does not have or that reads another family's word, are each named."""
    found = missing_parts(replace(small(), **change))  # type: ignore[arg-type]
    assert len(found) == 1 and found[0].startswith(line), found


def test_the_bots_tables_name_only_words_there_are_issue_33_5() -> None:
    """The bots' other tables keyed by a word of the card language — the forms aimed at, the words the
    search reads by name, the events a playout replays and a passed replacement runs — name only words
    the vocabulary has."""
    forms = {STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, *SHAPES}
    assert set(set_readings.SHAPE_AIMS) <= forms
    assert set(choices.CONCEALED_WORDS) <= set(PREDICATES) | forms
    assert set(choices.REPLAYED) <= set(EVENTS)
    assert {imagined.REORDER, imposed.CHOICE, imagined_programs.CHOOSE_VALUE} <= set(rule_words.PRIMITIVES)
    assert imagined.ROUTED in FACTS
    assert set(agent_words.GIVE_AWAY | agent_words.TAKE) <= set(rule_words.PRIMITIVES)
    for event, program in imagined_programs.REPLACED.items():
        assert event in EVENTS
        assert all(isinstance(s, PrimitiveStep) and s.primitive in rule_words.PRIMITIVES for s in program)


# ---- the words of conditions -------------------------------------------------------------------


@dataclass(frozen=True)
class ConditionHomes:
    """Where each part of the words of conditions is found: by rule-side family, the words declared and
    whether each gives a number (``int``) or a truth (``bool``); the words declared with an
    evaluation; by agent-side family, each word the bots read and the parts of its reading
    (``measured``: compared with a number, ``asked``: asked as a truth, ``known``: a table fact's
    value in a playout); the words without a reading, with the reason."""

    declared: Mapping[str, Mapping[str, str]]
    evaluated: Collection[str]
    read: Mapping[str, Mapping[str, Collection[str]]]
    without: Mapping[str, str]


def missing_condition_parts(homes: ConditionHomes) -> list[str]:
    """Each word of a condition without its evaluation, or without a reading and no reason listed; each
    reason for a word that has a reading; each reading that reads a word as the number or truth it is
    not; each part that names a word or family there is not; as one line each."""
    found: list[str] = []
    gives = {word: returns for family in homes.declared.values() for word, returns in family.items()}
    read = {word: parts for family in homes.read.values() for word, parts in family.items()}
    for word in sorted(gives):
        if word not in homes.evaluated:
            found.append(f"{word}: no evaluation")
        if word not in read and word not in homes.without:
            found.append(f"{word}: no reading")
        if word in read and word in homes.without:
            found.append(f"{word}: has a reading yet is listed without one")
    for family, words in homes.read.items():
        own = homes.declared.get(family)
        if own is None:
            found.append(f"{family}: an agent family with no rule family of that name")
            continue
        for word in sorted(set(words) - set(own)):
            where = "declared elsewhere" if word in gives else "a reading of a word that does not exist"
            found.append(f"{word}: read in {family}, {where}")
    for word, parts in sorted(read.items()):
        if gives.get(word) == "bool" and "measured" in parts:
            found.append(f"{word}: read as a number, yet it is a truth")
        if gives.get(word) == "int" and "asked" in parts:
            found.append(f"{word}: read as a truth, yet it is a number")
    named = (("an evaluation", homes.evaluated), ("a reason it has no reading", homes.without))
    for part, names in named:
        found += [f"{word}: {part} of a word that does not exist" for word in sorted(set(names) - set(gives))]
    found += [f"{word}: no reason given" for word, reason in homes.without.items() if not reason.strip()]
    return found


def _parts(reading: Reading) -> set[str]:
    return {part for part in ("measured", "asked", "known") if getattr(reading, part) is not None}


def project_condition_homes() -> ConditionHomes:
    """The homes of the project's own words of conditions: the hand condition's words and the table
    facts."""
    families = (*predicates.FAMILIES, *facts.FAMILIES)
    return ConditionHomes(
        declared={
            family.__name__.rsplit(".", 1)[1]: {w.name: w.returns for w in family.WORDS}
            for family in families
        },
        evaluated={
            *(name for name, spec in PREDICATES.items() if callable(spec.fn)),
            *(name for name, spec in FACTS.items() if callable(spec.fn)),
        },
        read={
            name: {word: _parts(reading) for word, reading in family.WORDS.items()}
            for name, family in agent_conditions.FAMILIES.items()
        },
        without=agent_conditions.WITHOUT,
    )


def test_every_word_of_a_condition_has_its_evaluation_and_reading_issue_33_5() -> None:
    """Every word of a hand condition and every table fact is declared with its evaluation in its family,
    and read by the bots in the family of the same name as the number or truth it is, or listed with
    the reason it is not; no reading names a word or family there is not; the registries are the
    families' words."""
    homes = project_condition_homes()
    assert missing_condition_parts(homes) == []
    assert set(PREDICATES) == {w.name for family in predicates.FAMILIES for w in family.WORDS}
    assert set(FACTS) == {w.name for family in facts.FAMILIES for w in family.WORDS}
    assert not set(PREDICATES) & set(FACTS)
    assert set(agent_conditions.READINGS) == {w for family in homes.read.values() for w in family}


def small_conditions() -> ConditionHomes:
    """A small vocabulary of conditions with every part in place: two face words, one of them read as a
    number, and a fact of the river read in a playout, one without a reading and its reason."""
    return ConditionHomes(
        declared={"faces": {"tiles": "int", "number_suits": "int"}, "river": {"discards": "int"}},
        evaluated={"tiles", "number_suits", "discards"},
        read={"faces": {"tiles": {"measured"}}, "river": {"discards": {"known"}}},
        without={"number_suits": "steered for by tiles"},
    )


@pytest.mark.parametrize(
    ("change", "line"),
    [
        ({"evaluated": {"tiles", "number_suits"}}, "discards: no evaluation"),
        ({"without": {}}, "number_suits: no reading"),
        ({"without": {"number_suits": "a", "tiles": "b"}}, "tiles: has a reading yet is listed without one"),
        ({"without": {"number_suits": " "}}, "number_suits: no reason given"),
        (
            {"read": {"faces": {"tiles": {"asked"}}, "river": {"discards": {"known"}}}},
            "tiles: read as a truth",
        ),
        (
            {"declared": {"faces": {"tiles": "bool", "number_suits": "int"}, "river": {"discards": "int"}}},
            "tiles: read as a number, yet it is a truth",
        ),
        (
            {"read": {"faces": {"tiles": {"measured"}, "discards": {"known"}}}},
            "discards: read in faces, declared elsewhere",
        ),
        (
            {
                "read": {
                    "faces": {"tiles": {"measured"}},
                    "river": {"discards": {"known"}, "holds": {"known"}},
                }
            },
            "holds: read in river, a reading of a word that does not exist",
        ),
        (
            {"read": {"faces": {"tiles": {"measured"}}, "river": {"discards": {"known"}}, "deck": {}}},
            "deck: an agent family with no rule family",
        ),
        ({"evaluated": {"tiles", "number_suits", "discards", "pair"}}, "pair: an evaluation of a word"),
        (
            {"without": {"number_suits": "a", "self_draw": "b"}},
            "self_draw: a reason it has no reading of a word",
        ),
    ],
)
def test_a_missing_or_stray_part_of_a_condition_word_is_named_issue_33_5(
    change: dict[str, object], line: str
) -> None:
    """The check passes on a small vocabulary with every part in place and names, in one line, each part
    taken away or planted where there is no such word: an evaluation, a reading, a reason, a reading of
    the wrong kind, a reading in another family or of no word, an agent family of no rule family."""
    assert missing_condition_parts(small_conditions()) == []
    found = missing_condition_parts(replace(small_conditions(), **change))  # type: ignore[arg-type]
    assert len(found) == 1 and found[0].startswith(line), found


# ---- the statics -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StaticHomes:
    """Where each part of the statics is found: by rule-side family, the statics declared; the statics
    declared with an answer (an act of the rules they answer); the statics the rules never ask, with
    the reason; by agent-side family, the statics the bots read; the statics without a reading, with
    the reason."""

    declared: Mapping[str, Collection[str]]
    answered: Collection[str]
    unanswered: Mapping[str, str]
    read: Mapping[str, Collection[str]]
    without: Mapping[str, str]


def missing_static_parts(homes: StaticHomes) -> list[str]:
    """Each static without its answer or its reading and no reason listed; each reason for a static
    that has the part; each part that names a static or family there is not; as one line each."""
    found: list[str] = []
    statics = {name for family in homes.declared.values() for name in family}
    read = {name for family in homes.read.values() for name in family}
    for name in sorted(statics):
        for part, a_part, has, reasons in (
            ("answer", "an answer", name in homes.answered, homes.unanswered),
            ("reading", "a reading", name in read, homes.without),
        ):
            if not has and name not in reasons:
                found.append(f"{name}: no {part}")
            if has and name in reasons:
                found.append(f"{name}: has {a_part} yet is listed without one")
    for family, names in homes.read.items():
        own = homes.declared.get(family)
        if own is None:
            found.append(f"{family}: an agent family with no rule family of that name")
            continue
        for name in sorted(set(names) - set(own)):
            where = "declared elsewhere" if name in statics else "a reading of a static that does not exist"
            found.append(f"{name}: read in {family}, {where}")
    named = (
        ("an answer", homes.answered),
        ("a reason it has no answer", homes.unanswered),
        ("a reason it has no reading", homes.without),
    )
    for part, names in named:
        found += [f"{name}: {part} of a static that does not exist" for name in sorted(set(names) - statics)]
    for reasons in (homes.unanswered, homes.without):
        found += [f"{name}: no reason given" for name, reason in reasons.items() if not reason.strip()]
    return found


def project_static_homes() -> StaticHomes:
    """The homes of the project's own statics."""
    return StaticHomes(
        declared={
            family.__name__.rsplit(".", 1)[1]: [spec.name for spec in family.WORDS]
            for family in rule_statics.FAMILIES
        },
        answered={name for name, spec in rule_statics.STATICS.items() if spec.asks},
        unanswered=rule_statics.UNANSWERED,
        read={name: set(family.WORDS) for name, family in agent_statics.FAMILIES.items()},
        without=agent_statics.WITHOUT,
    )


def test_every_static_has_its_answer_and_reading_issue_33_5() -> None:
    """Every static is declared with its answer in its family and read by the bots in the family of
    the same name, or listed with the reason it is not; no reading names a static or family there is
    not; the rules ask each act of the statics that answer it."""
    homes = project_static_homes()
    assert missing_static_parts(homes) == []
    assert set(rule_statics.STATICS) == {name for family in homes.declared.values() for name in family}
    assert set(agent_statics.AIMS) == {name for family in homes.read.values() for name in family}
    assert [spec.name for spec in rule_statics.ASKING["chi"]] == ["chi", "call_discard"]
    assert {spec.name for spec in rule_statics.ASKING["discard"]} == {
        "discard_suit",
        "discard_outside_suit",
        "discard_drawn",
        "keep_drawn",
        "discard_repeat",
    }


def small_statics() -> StaticHomes:
    """A small vocabulary of statics with every part in place: two statics of calls, one read by the
    bots, the other with its reason, and a static of contracts the rules never ask."""
    return StaticHomes(
        declared={"calls": ["chi", "pon"], "contract": ["change_contract"]},
        answered={"chi", "pon"},
        unanswered={"change_contract": "no rule asks it"},
        read={"calls": {"chi"}},
        without={"pon": "never offered", "change_contract": "never asked"},
    )


@pytest.mark.parametrize(
    ("change", "line"),
    [
        ({"answered": {"chi"}}, "pon: no answer"),
        ({"unanswered": {}}, "change_contract: no answer"),
        ({"answered": {"chi", "pon", "change_contract"}}, "change_contract: has an answer yet is listed"),
        ({"without": {"change_contract": "never asked"}}, "pon: no reading"),
        ({"without": {"pon": "a", "change_contract": "b", "chi": "c"}}, "chi: has a reading yet is listed"),
        ({"without": {"pon": " ", "change_contract": "never asked"}}, "pon: no reason given"),
        ({"unanswered": {"change_contract": ""}}, "change_contract: no reason given"),
        ({"read": {"calls": {"chi"}, "hu": {"hu_without_contract"}}}, "hu: an agent family with no rule"),
        (
            {"read": {"calls": {"chi", "change_contract"}}, "without": {"pon": "never offered"}},
            "change_contract: read in calls, declared elsewhere",
        ),
        ({"read": {"calls": {"chi", "kakan"}}}, "kakan: read in calls, a reading of a static that does not"),
        ({"answered": {"chi", "pon", "ankan"}}, "ankan: an answer of a static that does not exist"),
        (
            {"unanswered": {"change_contract": "a", "keep_drawn": "b"}},
            "keep_drawn: a reason it has no answer of a static",
        ),
        (
            {"without": {"pon": "a", "change_contract": "b", "discard_drawn": "c"}},
            "discard_drawn: a reason it has no reading of a static",
        ),
    ],
)
def test_a_missing_or_stray_part_of_a_static_is_named_issue_33_5(
    change: dict[str, object], line: str
) -> None:
    """The check passes on a small vocabulary of statics with every part in place and names, in one
    line, each part taken away or planted where there is no such static: an answer, a reading, a
    reason, a reading in another family or of no static, an agent family of no rule family."""
    assert missing_static_parts(small_statics()) == []
    found = missing_static_parts(replace(small_statics(), **change))  # type: ignore[arg-type]
    assert len(found) == 1 and found[0].startswith(line), found
