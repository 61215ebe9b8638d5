"""Text a user typed, made safe to print in a message: control characters shown as escapes (R592).

A message that quotes a user's text (a card file's line under a caret, a card id, a path, a field
of a log or a JSON document) goes to a terminal.  Raw control bytes there would move the cursor,
clear the screen, ring the bell or reorder the line (bidirectional overrides), so every character
of the Unicode categories Cc (controls), Cf (format characters: bidirectional overrides, zero-width
characters) and Zl/Zp (line and paragraph separators) is written as its Python escape (``\\x1b``,
``\\u202e``), except the tab and the line feed that lay out the message itself.
"""

from __future__ import annotations

import unicodedata

_KEPT = frozenset("\t\n")
_ESCAPED = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))


def escaped(char: str) -> str:
    """One character as a message shows it: itself, or its escape when it is a control character."""
    if char in _KEPT or unicodedata.category(char) not in _ESCAPED:
        return char
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with every control character escaped (:func:`escaped`); printable text is unchanged."""
    if text.isprintable():
        return text
    return "".join(escaped(char) for char in text)
