"""Errors and findings of the card language: where in a ``.hex`` file, what, and a hint.

A syntax error stops the parse of a file (:class:`CardSyntaxError`); the
semantic pass collects every problem of the loaded files as
:class:`Diagnostic` values, which the loader raises together as one
:class:`CardCheckError` and which lint reports as data.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import CardError
from engine.core.quoting import escaped, printable

Severity = Literal["error", "warning"]


class Location(BaseModel):
    """A position in a card file: 1-based line and column."""

    model_config = ConfigDict(frozen=True)

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class Diagnostic(BaseModel):
    """One finding: a stable ``code`` (``UNKNOWN-EVENT``…), the cards concerned, where and what."""

    model_config = ConfigDict(frozen=True)

    severity: Severity
    code: str
    cards: tuple[str, ...]
    message: str
    location: Location | None = None
    hint: str = ""

    @classmethod
    def error(
        cls, code: str, card: str, message: str, location: Location | None, hint: str = ""
    ) -> Diagnostic:
        """An error about one card."""
        return cls(severity="error", code=code, cards=(card,), message=message, location=location, hint=hint)

    def render(self, source: str | None = None) -> str:
        """``file:line:col: severity CODE: message``, then the source line with a caret and the hint."""
        where = f"{self.location}: " if self.location else ""
        head = printable(f"{where}{self.severity} {self.code}: {self.message}")
        lines = [head]
        if source is not None and self.location is not None:
            lines.extend(caret_lines(source, self.location.line, self.location.column))
        if self.hint:
            lines.append(f"  hint: {printable(self.hint)}")
        return "\n".join(lines)


SHOWN_LINE = 120
"""The most characters of a source line a finding shows: a longer line is cut around the caret."""


def caret_lines(source: str, line: int, column: int) -> list[str]:
    """The source line and a caret under ``column`` (1-based, in characters, lines split at ``\\n``
    as Lark counts them), aligned for tabs and double-width (CJK) characters; a control character
    is shown as its escape (R592) and the caret stays under the character it points at."""
    text_lines = source.split("\n")
    if not 1 <= line <= len(text_lines):
        return []
    text = text_lines[line - 1].rstrip("\r")
    if len(text) > SHOWN_LINE:
        start = max(0, min(column - 1 - SHOWN_LINE // 2, len(text) - SHOWN_LINE))
        before, shown, after = text[:start], text[start : start + SHOWN_LINE], text[start + SHOWN_LINE :]
        text = ("…" if before else "") + shown + ("…" if after else "")
        column = column - start + (1 if before else 0)
    return [f"  {printable(text)}", f"  {''.join(_pad(ch) for ch in text[: column - 1])}^"]


def _pad(char: str) -> str:
    """What stands under ``char`` in the caret line: a tab stays a tab, an escaped control character
    as many columns as its escape, a wide (CJK) character two, a combining mark none."""
    if char == "\t":
        return char
    if (shown := escaped(char)) != char:
        return " " * len(shown)
    if unicodedata.combining(char):
        return ""
    return "  " if unicodedata.east_asian_width(char) in "WF" else " "


class CardSyntaxError(CardError):
    """A ``.hex`` file that does not follow the grammar (exit 4): ``file:line:col: message`` + caret."""

    def __init__(self, diagnostic: Diagnostic, source: str) -> None:
        self.diagnostic = diagnostic
        super().__init__(diagnostic.render(source))


class CardCheckError(CardError):
    """Cards that parse but name unknown events, primitives, predicates… (exit 4); holds every finding."""

    def __init__(self, diagnostics: list[Diagnostic], sources: dict[str, str]) -> None:
        self.diagnostics = diagnostics
        rendered = [d.render(sources.get(d.location.file) if d.location else None) for d in diagnostics]
        super().__init__(f"{len(diagnostics)} problem(s) in the cards\n" + "\n".join(rendered))
