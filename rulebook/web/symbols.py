"""Mana and tap symbols ({U}, {2}{W}, {T}, hybrid {W/U}, Phyrexian {G/P}) as mana-font glyphs.

mana-font is vendored under datasette-plugins/static/mana-font/ (with its licence) and served cut
to the symbols written in braces (static/mana-symbols/, made by rulebook/web/symbol_font.py); a
symbol is drawn only when that stylesheet has a glyph for it, else the braces stay as text. Each
symbol keeps its braces as hidden text, so copying a mana cost still gives "{2}{W}", and
carries a spoken label ("two generic mana") for screen readers.
"""

from __future__ import annotations

import re
from functools import cache

from markupsafe import Markup

from rulebook.ingest.words import SPELLED_NUMBERS
from rulebook.resources import package_file

from .symbol_font import SUBSET_CSS

STYLESHEET = SUBSET_CSS  # under the plugins' static folder, served at /rulebook-static/
SYMBOL = re.compile(r"\{([A-Za-z0-9]{1,2}(?:/[A-Za-z0-9]{1,2}){0,2})\}")

_COLOURS = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green", "c": "colorless"}
_NAMED = {"t": "tap", "q": "untap", "e": "energy", "s": "snow mana", "x": "X mana", "y": "Y mana", "z": "Z mana"}
_GLYPH_CLASS = {"t": "tap", "q": "untap"}
_SPOKEN_TO = 12  # a generic cost up to twelve is read as its word ("three generic"), above as digits


def _spoken(part: str) -> str:
    """One part of a symbol as spoken: "2" -> "two generic", "u" -> "blue"."""
    if part.isdigit():
        return f"{SPELLED_NUMBERS[int(part)] if int(part) <= _SPOKEN_TO else part} generic"
    return _COLOURS.get(part, part.upper())


@cache
def _glyphs() -> frozenset[str]:
    """The symbol classes mana-font draws: ms-u, ms-wu, ms-2w, ms-wp, ms-tap..."""
    css = package_file("rulebook.plugins", "static").joinpath(STYLESHEET).read_text(encoding="utf-8")
    return frozenset(re.findall(r"\.ms-([a-z0-9]+)::before", css))


def _label(parts: list[str]) -> str:
    """What a screen reader says for a symbol: "blue mana", "white or blue hybrid mana"..."""
    phyrexian = parts[-1] == "p" and len(parts) > 1
    colours = parts[:-1] if phyrexian else parts
    if len(colours) == 1 and colours[0] in _NAMED and not phyrexian:
        return _NAMED[colours[0]]
    words = [_spoken(part) for part in colours]
    kind = " or ".join(words) + (" hybrid" if len(words) > 1 else "")
    return f"Phyrexian {kind} mana" if phyrexian else f"{kind} mana"


def symbol_markup(symbol: str) -> Markup | None:
    """``{U}`` as a glyph with its label and its braces kept for copying; None when mana-font has no glyph."""
    parts = symbol.strip("{}").lower().split("/")
    glyph = _GLYPH_CLASS.get("".join(parts), "".join(parts))
    if glyph not in _glyphs():
        return None
    return Markup(
        '<span class="mana-symbol" role="img" aria-label="{}"><i class="ms ms-cost ms-{}" aria-hidden="true"></i>'
        '<span class="mana-text">{}</span></span>'
    ).format(_label(parts), glyph, symbol)
