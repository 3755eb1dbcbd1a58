"""The mana symbols a page draws, at a few KB: a subset of mana-font made from the vendored font.

mana-font's own stylesheet and font (static/mana-font/) draw some 470 icons in 54 KB of CSS and a
187 KB woff2 (409 KB as the woff older browsers take). rulebook draws only symbols written in
braces ({2}{W}, {T}, {W/U}, {G/P}: rulebook/web/symbols.py), whose class names are made of one to
three parts of one or two letters or digits. This keeps exactly those: the glyphs of every such
class in a woff2 and the rules that draw them in a stylesheet, together about 20 KB.

Run it again after updating the vendored mana-font (it needs fonttools, in the test extras)::

    python -m rulebook.web.symbol_font

tests/test_symbols.py checks that the files shipped are what it makes.
"""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

from rulebook.resources import package_file

VENDORED = "mana-font"  # under the plugins' static folder: mana-font's own files, unchanged
SUBSET_FOLDER = "mana-symbols"  # what this module writes, beside it
SUBSET_CSS = f"{SUBSET_FOLDER}/mana-symbols.css"
SUBSET_FONT = f"{SUBSET_FOLDER}/mana-symbols.woff2"
DRAWABLE = re.compile(r"[a-z0-9]{1,6}")  # a class symbol_markup can name: parts of 1-2 characters, at most 3
_CLASS = re.compile(r"\.ms-([a-z0-9-]+)")
_RULE = re.compile(r"([^{}@]+)\{([^{}]*)\}")
_GLYPH = re.compile(r'content:\s*"\\([0-9a-f]+)"')
FONT_FACE = """@font-face {
  font-family: "Mana";
  src: url("mana-symbols.woff2") format("woff2");
  font-weight: normal;
  font-style: normal;
  font-display: swap;
}
"""


def _static() -> Path:
    return Path(str(package_file("rulebook.plugins", "static")))


def _kept_selector(selector: str) -> bool:
    classes = _CLASS.findall(selector)
    return selector.strip().startswith(".ms") and all(name == "cost" or DRAWABLE.fullmatch(name) for name in classes)


def subset_css(css: str) -> tuple[str, set[int]]:
    """mana-font's stylesheet cut to the rules of drawable classes (and the .ms base), and the
    code points those rules draw."""
    kept, code_points = [FONT_FACE], set()
    for selectors, body in _RULE.findall(css):
        chosen = [selector.strip() for selector in selectors.split(",") if _kept_selector(selector)]
        if not chosen or 'font-family: "MPlantin' in body:
            continue
        code_points.update(int(point, 16) for point in _GLYPH.findall(body))
        kept.append(f"{', '.join(chosen)} {{{body.rstrip()}\n}}\n")
    return "/* mana-font 1.18.0 cut to the mana symbols rulebook draws (rulebook/web/symbol_font.py) */\n" + "".join(
        kept
    ), code_points


def subset_font(font: bytes, code_points: set[int]) -> bytes:
    """The woff2 of ``font`` with only the glyphs of ``code_points``."""
    from fontTools import subset  # a build-time tool only: the served site never imports it
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = []
    options.notdef_outline = True
    loaded = TTFont(BytesIO(font))
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=code_points)
    subsetter.subset(loaded)
    out = BytesIO()
    loaded.flavor = "woff2"
    loaded.save(out, reorderTables=False)
    return out.getvalue()


def make_subset(static: Path) -> tuple[str, bytes]:
    css, code_points = subset_css((static / VENDORED / "css" / "mana.css").read_text(encoding="utf-8"))
    return css, subset_font((static / VENDORED / "fonts" / "mana.woff2").read_bytes(), code_points)


def main() -> None:
    static = _static()
    css, font = make_subset(static)
    (static / SUBSET_FOLDER).mkdir(exist_ok=True)
    (static / SUBSET_CSS).write_text(css, encoding="utf-8")
    (static / SUBSET_FONT).write_bytes(font)
    print(f"{SUBSET_CSS}: {len(css.encode()):,} bytes; {SUBSET_FONT}: {len(font):,} bytes")


if __name__ == "__main__":
    main()
