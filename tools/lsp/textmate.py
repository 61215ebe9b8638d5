"""The TextMate grammar of ``.hex`` files (``editors/vscode/syntaxes/hexcard.tmLanguage.json``),
built from the grammar's keywords and the engine's vocabulary so that every event, primitive,
static, fact, duration and role is coloured as what it is.

``python -m tools.lsp.textmate`` writes the file; ``tests/test_textmate.py`` fails when it differs
from :func:`grammar`, and runs ``vscode-tmgrammar-test`` on the sample files beside it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from dsl.compiler import FIELD_LABELS
from dsl.model import CARD_GROUPS
from engine.hextech import predicates as pr
from engine.hextech import vocabulary as v
from engine.hextech.card_ids import WRITTEN
from engine.hextech.effects.facts import FACTS
from engine.hextech.statics import STATICS
from engine.hextech.words import PRIMITIVES

SCOPE = "source.hexcard"
PATH = Path(__file__).resolve().parents[2] / "editors" / "vscode" / "syntaxes" / "hexcard.tmLanguage.json"

KEYWORDS: tuple[str, ...] = (
    "card", "module", "on", "by", "when", "may", "do", "instead", "of", "for", "allow", "forbid", "grant",
    "shape", "form", "complete", "at", "hu", "fail", "limit", "per", "none", "until", "triggers", "choose",
    "one", "option", "each", "from", "if", "else", "status", "after", "resolve",
)  # fmt: skip
"""The keywords of ``dsl/grammar.lark``."""


def _words(names: Iterable[str]) -> str:
    """A pattern matching any of ``names`` as a whole word, longest first (``draw.normal.taken``
    before ``draw.normal``)."""
    ordered = sorted(set(names), key=lambda name: (-len(name), name))
    return r"(?<![\w.])(?:" + "|".join(re.escape(name) for name in ordered) + r")(?![\w.])"


def _match(pattern: str, name: str) -> dict[str, str]:
    return {"match": pattern, "name": f"{name}.hexcard"}


def grammar() -> dict[str, Any]:
    """The grammar as a JSON object."""
    header = (
        r"^\s*(card)\s+(" + WRITTEN + r')\s+("(?:[^"\\]|\\.)*")'
        r"\s+(" + "|".join(CARD_GROUPS) + r")\b(?:\s+(?!module\b)([a-z_]+))?"
    )
    names = ("keyword.control", "entity.name.type.card-id", "string.quoted.double", "storage.type.card")
    captures = {str(i): {"name": f"{name}.hexcard"} for i, name in enumerate((*names, names[-1]), 1)}
    patterns = [
        {"match": header, "captures": captures},
        _match(r"#.*$", "comment.line.number-sign"),
        {
            "begin": '"',
            "end": '"',
            "name": "string.quoted.double.hexcard",
            "patterns": [_match(r'\\["\\]', "constant.character.escape")],
        },
        _match(r"(?:" + "|".join(FIELD_LABELS) + r")(?=\s*[:：])", "entity.other.attribute-name.field"),
        _match(rf"\b{WRITTEN}\b", "entity.name.type.card-id"),
        _match(_words(v.EVENTS), "entity.name.function.event"),
        _match(r"\b(?:and|or|not)\b", "keyword.operator.logical"),
        _match(r">=|<=|==|!=|>|<", "keyword.operator.comparison"),
        _match(r"\b(?:" + "|".join(KEYWORDS) + r")\b", "keyword.control"),
        _match(_words(PRIMITIVES), "support.function.primitive"),
        _match(_words(STATICS), "support.function.static"),
        _match(_words([*FACTS, *pr.REGISTRY]), "support.function.fact"),
        _match(_words(v.DURATIONS), "support.constant.duration"),
        _match(_words(v.ROLES), "variable.language.role"),
        _match(r"\b[a-z_][a-z0-9_]*(?=\s*[:：](?!\s*\"))", "variable.parameter"),
        _match(r"\b[0-9]+[mpszf]\b", "constant.other.tile"),
        _match(r"-?\b[0-9]+\b", "constant.numeric"),
    ]
    return {
        "name": "Hextech Mahjong card",
        "scopeName": SCOPE,
        "fileTypes": ["hex"],
        "patterns": patterns,
    }


def grammar_json() -> str:
    """The file's text."""
    return json.dumps(grammar(), ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    PATH.write_text(grammar_json(), encoding="utf-8")
