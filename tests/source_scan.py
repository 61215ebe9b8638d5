"""Reading the project's code as a test does: the names and string literals of a module, its
docstrings apart (issue 33: the core names no rule set, card or module; card ids are read in one
place)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path


def docstrings(tree: ast.AST) -> set[int]:
    """The string nodes that document a module, class, function or assignment (never code)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        documented = isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        for i, statement in enumerate(body):
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                after = i > 0 and isinstance(body[i - 1], ast.Assign | ast.AnnAssign)
                if (i == 0 and documented) or after:
                    found.add(id(statement.value))
    return found


def words_of(path: Path) -> Iterator[tuple[int, str]]:
    """Every name the code of ``path`` uses and every word of its string literals, docstrings and
    comments apart, with its line: identifiers split at ``_`` and ``.``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            texts = re.findall(r"[A-Za-z][\w.-]*", node.value)
        elif isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.alias):
            texts = [node.name]
        elif isinstance(node, ast.ImportFrom):
            texts = [str(node.module)]
        else:
            continue
        for text in texts:
            for word in {text, *re.split(r"[_.]", text)}:
                yield getattr(node, "lineno", 0), word
