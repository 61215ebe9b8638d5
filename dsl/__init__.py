"""The card language: ``.hex`` files → cards → values in the engine's vocabulary (docs/dsl.md)."""

from dsl.compiler import check_cards, compile_card, compile_cards, compile_pool
from dsl.errors import CardCheckError, CardSyntaxError, Diagnostic, Location
from dsl.loader import default_paths, load_cards
from dsl.model import Card
from dsl.parser import parse_file, parse_text

__all__ = [
    "Card",
    "CardCheckError",
    "CardSyntaxError",
    "Diagnostic",
    "Location",
    "check_cards",
    "compile_card",
    "compile_cards",
    "compile_pool",
    "default_paths",
    "load_cards",
    "parse_file",
    "parse_text",
]
