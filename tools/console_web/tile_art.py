"""The tiles as the console draws them: every face of the 144-tile set as an SVG symbol the project
draws itself (no font, image or stylesheet from outside), and the markup that places one.

万 shows its Chinese numeral over 万, 筒 its circles and 条 its bamboo sticks in the usual
patterns, 东南西北 and 中发 their characters, 白 its blue frame, the flowers their character and
number (engine.core.tiles; the tiles of seed 002 and 003 are the same faces).  :func:`sprite` is
the ``<svg>`` of every symbol, given once in each page; :func:`tile` is one tile, a ``<use>`` of its
symbol with the tile's Chinese name as its title and label, so no page shows a tile in notation.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from markupsafe import Markup

from engine.core.tiles import ALL_KINDS, FACES, name, parse, parse_one

WIDTH, HEIGHT = 60, 80
"""A tile's drawing box."""
BLUE, GREEN, RED, INK = "#1f4e9c", "#1b7a34", "#c0262d", "#1b1b1b"
NUMERALS = "一二三四五六七八九"
WINDS = "东南西北"
FLOWERS = "春夏秋冬梅兰竹菊"
SERIF = "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun','WenQuanYi Micro Hei',serif"

DOTS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((30, 24, GREEN), (30, 56, BLUE)),
    3: ((16, 16, BLUE), (30, 40, RED), (44, 64, GREEN)),
    4: ((18, 24, BLUE), (42, 24, GREEN), (18, 56, GREEN), (42, 56, BLUE)),
    5: ((17, 20, BLUE), (43, 20, GREEN), (30, 40, RED), (17, 60, GREEN), (43, 60, BLUE)),
    6: ((19, 14, GREEN), (41, 14, GREEN), (19, 42, RED), (41, 42, RED), (19, 64, RED), (41, 64, RED)),
    7: (
        (14, 11, GREEN),
        (30, 19, GREEN),
        (46, 27, GREEN),
        (19, 46, RED),
        (41, 46, RED),
        (19, 66, RED),
        (41, 66, RED),
    ),
    8: tuple((x, y, BLUE) for y in (12, 30, 50, 68) for x in (19, 41)),
    9: tuple((x, y, colour) for y, colour in ((15, BLUE), (40, RED), (65, GREEN)) for x in (14, 30, 46)),
}
"""Where each circle of 2–9 筒 sits and its colour."""

STICKS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((30, 22, GREEN), (30, 58, BLUE)),
    3: ((30, 22, GREEN), (19, 58, BLUE), (41, 58, BLUE)),
    4: ((19, 22, GREEN), (41, 22, BLUE), (19, 58, BLUE), (41, 58, GREEN)),
    5: ((15, 22, GREEN), (45, 22, BLUE), (30, 40, RED), (15, 58, BLUE), (45, 58, GREEN)),
    6: tuple((x, y, GREEN if y < 40 else BLUE) for y in (22, 58) for x in (15, 30, 45)),
    7: ((30, 14, RED), *((x, y, GREEN) for y in (40, 66) for x in (15, 30, 45))),
    8: tuple((x, y, GREEN if y < 40 else BLUE) for y in (22, 58) for x in (11, 23, 37, 49)),
    9: tuple((x, y, RED if x == 30 else GREEN) for y in (14, 40, 66) for x in (15, 30, 45)),
}
"""Where each stick of 2–9 条 stands (its centre) and its colour."""


def _dot(x: float, y: float, colour: str, r: float = 7.5) -> str:
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{colour}" stroke-width="{r / 3.2:.2f}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r / 2.6:.2f}" fill="{colour}"/>'
    )


def _stick(x: float, y: float, colour: str, h: float = 22) -> str:
    top = y - h / 2
    return (
        f'<rect x="{x - 4}" y="{top}" width="8" height="{h}" rx="3.5" fill="{colour}"/>'
        f'<rect x="{x - 5}" y="{y - 1.5}" width="10" height="3" rx="1.2" fill="{colour}"/>'
        f'<line x1="{x}" y1="{top + 3}" x2="{x}" y2="{top + h - 3}" stroke="#fff" stroke-width="1.3"/>'
    )


def _text(x: float, y: float, size: float, colour: str, text: str, weight: str = "700") -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" fill="{colour}" font-weight="{weight}" '
        f'text-anchor="middle" font-family="{SERIF}">{text}</text>'
    )


def _characters(number: int) -> str:
    return _text(30, 36, 30, INK, NUMERALS[number - 1]) + _text(30, 72, 32, RED, "万")


def _circles(number: int) -> str:
    if number == 1:
        return (
            '<circle cx="30" cy="40" r="22" fill="none" stroke="#1f4e9c" stroke-width="3"/>'
            '<circle cx="30" cy="40" r="15" fill="none" stroke="#1b7a34" stroke-width="4"/>'
            '<circle cx="30" cy="40" r="7" fill="#c0262d"/>'
        )
    return "".join(_dot(x, y, colour, 8.5 if number < 6 else 7.5) for x, y, colour in DOTS[number])


def _bamboo(number: int) -> str:
    if number == 1:
        return (
            _stick(30, 42, GREEN, 44)
            + '<circle cx="30" cy="14" r="6" fill="#c0262d"/>'
            + '<path d="M22 14 Q30 2 38 14" fill="none" stroke="#1b7a34" stroke-width="2.5"/>'
        )
    short = 20 if number in (7, 9) else 22
    return "".join(_stick(x, y, colour, short) for x, y, colour in STICKS[number])


def _honour(number: int) -> str:
    if number <= 4:
        return _text(30, 54, 40, INK, WINDS[number - 1])
    if number == 5:
        frame = (
            '<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="none" '
            'stroke="#1f4e9c" stroke-width="{}"/>'
        )
        return frame.format(12, 14, 36, 52, 3) + frame.format(17, 19, 26, 42, 1.5)
    return _text(30, 55, 42, GREEN if number == 6 else RED, "发" if number == 6 else "中")


def _flower(number: int) -> str:
    colour = GREEN if number <= 4 else RED
    return _text(13, 20, 15, colour, str((number - 1) % 4 + 1), "600") + _text(
        32, 58, 34, colour, FLOWERS[number - 1]
    )


DRAWERS = {"m": _characters, "p": _circles, "s": _bamboo, "z": _honour, "f": _flower}


def face_drawing(face: str) -> str:
    """The SVG shapes of one face (``5m``, ``7z``, ``3f``) in the 60×80 box."""
    return DRAWERS[face[1]](int(face[0]))


def symbol_id(face: str) -> str:
    """The id of a face's symbol in the sprite."""
    return f"t-{face}"


@cache
def sprite() -> Markup:
    """Every face as an SVG symbol, hidden: given once in a page, each tile is a ``<use>`` of one."""
    symbols = "".join(
        f'<symbol id="{symbol_id(face)}" viewBox="0 0 {WIDTH} {HEIGHT}">{face_drawing(face)}</symbol>'
        for face in FACES[:ALL_KINDS]
    )
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" class="sprite" width="0" height="0" '
        'style="display:none" aria-hidden="true">'
        f"{symbols}</svg>"
    )


def tile_name(face: str) -> str:
    """A face's Chinese name (一万, 东, 红中, 春); empty for a word that is no face."""
    try:
        return name(parse_one(face))
    except ValueError:
        return ""


@cache
def tile(face: str, extra: str = "") -> Markup:
    """One tile drawn, its Chinese name its title and label; ``extra`` more classes (``drawn``,
    ``last``)."""
    label = tile_name(face)
    if not label:
        return Markup("")
    classes = f"tile {extra}".strip()
    return Markup(
        '<span class="{}" data-tile="{}" role="img" aria-label="{}" title="{}">'
        '<svg viewBox="0 0 60 80" aria-hidden="true"><use href="#{}"/></svg></span>'
    ).format(classes, face, label, label, symbol_id(face))


def tiles(faces: Iterable[str]) -> Markup:
    """Tiles drawn one after another."""
    return Markup("").join(tile(face) for face in faces)


def faces(compact: str) -> list[str]:
    """Tiles written compactly (``123m5z``) as faces one by one; nothing for a text that is none."""
    try:
        return [FACES[k] for k in parse(compact)]
    except ValueError:
        return []


def backs(count: int) -> Markup:
    """``count`` tiles face down (a concealed hand's size, a concealed kong)."""
    return Markup('<span class="tile back" aria-hidden="true"></span>') * count
