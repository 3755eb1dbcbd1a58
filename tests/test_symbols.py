"""Mana symbols cost a page a few KB: the shipped subset of mana-font (static/mana-symbols/) is
exactly what rulebook/web/symbol_font.py makes from the vendored font, and draws every symbol."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

from fontTools.ttLib import TTFont

from rulebook.resources import package_file
from rulebook.web.symbol_font import SUBSET_CSS, SUBSET_FONT, make_subset, subset_css
from rulebook.web.symbols import symbol_markup

STATIC = Path(str(package_file("rulebook.plugins", "static")))


def test_the_shipped_stylesheet_is_the_one_made_from_mana_font():
    css, _ = make_subset(STATIC)
    assert (STATIC / SUBSET_CSS).read_text(encoding="utf-8") == css


def test_the_symbols_cost_under_30_kb_and_the_font_has_every_glyph_the_stylesheet_draws():
    css = (STATIC / SUBSET_CSS).read_bytes()
    font = (STATIC / SUBSET_FONT).read_bytes()
    assert len(css) + len(font) < 30_000
    _, code_points = subset_css((STATIC / "mana-font/css/mana.css").read_text(encoding="utf-8"))
    assert len(code_points) == 56
    assert code_points <= set(TTFont(BytesIO(font)).getBestCmap())


def test_every_symbol_drawn_has_its_rule_in_the_small_stylesheet():
    css = (STATIC / SUBSET_CSS).read_text(encoding="utf-8")
    for symbol in ("{W}", "{2}", "{T}", "{Q}", "{W/U}", "{G/P}", "{2/W}", "{X}", "{E}", "{S}", "{C}", "{16}"):
        glyph = re.search(r"ms-cost ms-([a-z0-9]+)", str(symbol_markup(symbol))).group(1)
        assert f".ms-{glyph}::before" in css or f".ms-{glyph}::after" in css, symbol
    assert symbol_markup("{PLANESWALKER}") is None  # not a symbol in braces: the text stays
    assert ".ms-planeswalker" not in css and "MPlantin" not in css
