"""The console's pages and fragments: the template engine and the filters its templates draw with
(issue 30 item 3).

Every value is escaped by the template engine; tiles are drawn (:mod:`tools.console_web.tile_art`),
answers and questions worded in Chinese (:mod:`tools.console_web.labels`), a card is named by its
Chinese name on a button that opens its whole text, verbatim, in a sheet, and a join link is a QR
code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import segno
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from tools.console_web.labels import Label, card_name, label, prompt
from tools.console_web.messages import CARD_ID
from tools.console_web.tile_art import backs, faces, sprite, tile, tile_name, tiles

HERE = Path(__file__).parent
PAGES = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True))


@cache
def _qr(url: str) -> Markup:
    """A seat's join link as an inline SVG QR code (segno writes only its own markup); made once."""
    return Markup(segno.make(url, error="m").svg_inline(scale=3, dark="#111", light="#fff"))


def _tiles(faces_shown: Iterable[str]) -> Markup:
    """Tiles as the pages draw them, or a dash for none."""
    return tiles(faces_shown) or Markup('<span class="none">—</span>')


def _chip(card_id: str, cards: Mapping[str, Any]) -> Markup:
    """A card the page names: a button with its Chinese name that opens its whole text in a sheet."""
    return Markup('<button type="button" class="cardchip" data-card="{}">{}</button>').format(
        card_id, card_name(card_id, cards)
    )


@cache
def _card_html(card_id: str, label: str, fields: tuple[tuple[str, str], ...]) -> Markup:
    body = Markup("").join(Markup("<dt>{}</dt><dd>{}</dd>").format(k, text) for k, text in fields)
    dl = Markup("<dl>{}</dl>").format(body) if fields else Markup("")
    return Markup('<details class="card"><summary>{}</summary>{}</details>').format(label, dl)


def _card(card_id: str, cards: Mapping[str, Any]) -> Markup:
    """A card a real table's page names: its id and name, and a tap opens its whole text in place
    (every field, verbatim), which that table counts as a look-up (§18.3)."""
    card = cards.get(card_id)
    if card is None:
        return _card_html(card_id, card_id, ())
    fields = tuple((str(label), str(text)) for label, text in card["fields"])
    return _card_html(card_id, f"{card_id} {card['name']}", fields)


FACE_TEXT = "卡面正文"
"""The field of a card that says what it does, shown on a card's answer (lib: 卡面正文)."""


def _card_text(card_id: str, cards: Mapping[str, Any]) -> str:
    """A card's 卡面正文, verbatim; empty when the message does not name the card."""
    card = cards.get(card_id)
    fields = card.get("fields", []) if isinstance(card, Mapping) else []
    return next((str(text) for label, text in fields if label == FACE_TEXT), "")


def _sheets(cards: Mapping[str, Any]) -> Markup:
    """Each named card's whole text (every field, verbatim), for the sheet a card's button opens."""
    parts = []
    for card_id, card in sorted(cards.items()):
        fields = Markup("").join(
            Markup("<dt>{}</dt><dd>{}</dd>").format(k, text) for k, text in card["fields"]
        )
        parts.append(
            Markup('<template data-sheet="card:{}"><h3>{}</h3><dl>{}</dl></template>').format(
                card_id, card["name"], fields
            )
        )
    return Markup("").join(parts)


SAID = re.compile(r"(?<![\w-])((?:[1-9]+[mpszf])+)(?![\w-])|" + CARD_ID.pattern)
"""A tile or tiles in notation, or a card id, inside a line of the feed."""


def _said(line: str, cards: Mapping[str, Any]) -> Markup:
    """A feed line as the screens show it: each tile drawn, each card named by its Chinese name."""
    out = []
    end = 0
    for found in SAID.finditer(line):
        out.append(escape(line[end : found.start()]))
        word = found.group(0)
        out.append(tiles(faces(word)) if found.group(1) else Markup("「{}」").format(card_name(word, cards)))
        end = found.end()
    out.append(escape(line[end:]))
    return Markup("").join(out)


def _label(shown: Label) -> Markup:
    words = Markup('<span class="words">{}</span>').format(shown.words) if shown.words else Markup("")
    return words + (Markup('<span class="tiles">{}</span>').format(tiles(shown.tiles)) if shown.tiles else "")


def _option(option: str, v: Mapping[str, Any]) -> Markup:
    """An answer as its button shows it: Chinese words and drawn tiles."""
    decision = v.get("decision") or {}
    names = {letter: seat.get("nickname", letter) for letter, seat in v.get("seats", {}).items()}
    return _label(
        label(option, decision.get("kind", ""), decision.get("about", ""), v.get("cards", {}), names)
    )


def _option_card(option: str, v: Mapping[str, Any]) -> str | None:
    """The card an answer names, whose text its ⓘ opens."""
    decision = v.get("decision") or {}
    return label(option, decision.get("kind", ""), decision.get("about", ""), v.get("cards", {}), {}).card


def _option_tone(option: str, v: Mapping[str, Any]) -> str:
    decision = v.get("decision") or {}
    return label(option, decision.get("kind", ""), decision.get("about", ""), {}, {}).tone


def _prompt(v: Mapping[str, Any]) -> Markup:
    """The question put to the seat, in Chinese."""
    decision = v.get("decision") or {}
    return _label(prompt(decision.get("kind", ""), decision.get("about", ""), v.get("cards", {})))


def _prompt_card(v: Mapping[str, Any]) -> str | None:
    decision = v.get("decision") or {}
    return prompt(decision.get("kind", ""), decision.get("about", ""), v.get("cards", {})).card


PAGES.filters.update(
    tile=tile,
    tiles=_tiles,
    faces=faces,
    tile_name=tile_name,
    backs=backs,
    card=_card,
    chip=_chip,
    card_text=_card_text,
    sheets=_sheets,
    said=_said,
    qr=_qr,
    option=_option,
    option_card=_option_card,
    option_tone=_option_tone,
)
PAGES.globals.update(sprite=sprite, prompt=_prompt, prompt_card=_prompt_card)


def render(template: str, **context: Any) -> str:
    """A page or fragment; every value is escaped by the template engine."""
    return PAGES.get_template(template).render(**context)
