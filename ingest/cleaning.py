"""Text repairs shared by every parser: mojibake, markdown debris, mana symbols, bullets.

Each function takes a string and returns a cleaner one; none knows which document it is in.
"""

from __future__ import annotations

import re
import unicodedata

import ftfy

from .numbers import NUMBER

_RULE_NUMBER = re.compile(NUMBER)

# The right double quote is E2 80 9D in UTF-8; read as cp1252 its last byte is undefined and
# often arrives as U+FFFD, which ftfy alone can no longer map back.
_LOST_RIGHT_QUOTE = "\u00e2\u20ac\ufffd"
_RESIDUAL_MOJIBAKE = re.compile("[\u00c2-\u00f4][\u0080-\u02ff\u2010-\u2122]{1,3}")


def _undo_cp1252(match: re.Match) -> str:
    chunk = match.group()
    for end in range(len(chunk), 1, -1):
        try:
            return chunk[:end].encode("cp1252").decode("utf-8") + chunk[end:]
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
    return chunk


def repair_mojibake(text: str) -> str:
    """Undo UTF-8 that was read as cp1252 ("canâ€™t" -> "can't"), even where a byte was lost."""
    if text.isascii():
        return text
    text = text.replace(_LOST_RIGHT_QUOTE, "\u00e2\u20ac\u009d")
    text = ftfy.fix_encoding(text)
    text = _RESIDUAL_MOJIBAKE.sub(_undo_cp1252, text)
    return unicodedata.normalize("NFC", straighten_quotes(text))


def straighten_quotes(text: str) -> str:
    """Curly quotes become straight ones, so "can't" matches whichever way it was typed."""
    return ftfy.fixes.uncurl_quotes(text).replace("\u00a0", " ")


_MARKDOWN_LINK = re.compile(r"\[([^\]]+)\]\(([^)]*)\)")
_ANGLE_URL = re.compile(r"<(https?://[^>\s]+)>")
_HTML_TAG = re.compile(r"</?(?:u|b|i|em|strong|span)>", re.IGNORECASE)
_SUPERSCRIPT_TM = re.compile(r"<sup>\s*TM\s*</sup>", re.IGNORECASE)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)([^*]+?)(?<!\s)\*(?![*\w])")
_MATH = re.compile(r"\$([^$]*)\$")
# Markdown's backslash escapes: "\*/4" is a power of * (left after the italics are read).
# They are held aside (as private-use characters) while the markup is read, then put back.
_ESCAPABLE = "*_`#![]()+-.|>"
_ESCAPED = re.compile(r"\\([*_`#!\[\]()+\-.|>])")
_ESCAPED_HELD = re.compile(f"[{chr(0xE000)}-{chr(0xE000 + len(_ESCAPABLE) - 1)}]")


def _math_to_text(match: re.Match) -> str:
    body = match.group(1)
    body = body.replace(r"\times", "×").replace(r"\{", "{").replace(r"\}", "}")
    return body.strip()


def clean_inline(text: str) -> tuple[str, list[str]]:
    """Remove markdown and PDF-conversion debris; return the text and the card names it linked.

    ``[Bogardan Hellkite](#)`` becomes "Bogardan Hellkite" and is reported as a mention;
    ``$\\{R\\}\\{G\\}$`` becomes "{R}{G}", ``{**G**}`` becomes "{G}", ``**bold**`` loses its stars.
    """
    mentions: list[str] = []
    text = _ESCAPED.sub(lambda match: chr(0xE000 + _ESCAPABLE.index(match.group(1))), text)

    def link(match: re.Match) -> str:
        label, target = match.group(1), match.group(2).strip()
        if target in ("", "#") and not _RULE_NUMBER.fullmatch(label.strip()):
            name = _BOLD.sub(r"\1", label).strip()
            name = re.sub(r"'s?$", "", name) if name.endswith(("'s", "'")) else name
            mentions.append(name)
            return label
        return label

    text = _MARKDOWN_LINK.sub(link, text)
    text = _ANGLE_URL.sub(r"\1", text)
    text = _SUPERSCRIPT_TM.sub("\u2122", text)
    text = re.sub(r"</?sup>", "", text)
    text = _HTML_TAG.sub("", text)
    text = _MATH.sub(_math_to_text, text)
    text = text.replace(r"\{", "{").replace(r"\}", "}").replace(r"\times", "×")
    text = re.sub(r"\{\*\*([^*{}]+)\*\*\}", r"{\1}", text)
    text = _BOLD.sub(r"\1", text)
    text = text.replace("**", "")
    text = _ITALIC.sub(r"\1", text)
    text = _ESCAPED_HELD.sub(lambda match: _ESCAPABLE[ord(match.group()) - 0xE000], text)
    text = re.sub(r"[ \t]+", " ", text).strip()
    return text, mentions


_MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")
_LOOSE_SYMBOL = re.compile(r"(?<![\w/])([0-9]+|[WUBRGCSXYZ](?:/[WUBRGCP2])?|[WUBRG2]/[WUBRGP])\}")


def normalize_mana_cost(raw: str) -> str | None:
    """Turn a printed mana cost into ``{2}{U}`` form, mending stray or missing braces."""
    cleaned, _ = clean_inline(raw)
    cleaned = cleaned.replace(" ", "")
    symbols = []
    position = 0
    while position < len(cleaned):
        braced = _MANA_SYMBOL.match(cleaned, position)
        loose = _LOOSE_SYMBOL.match(cleaned, position)
        if braced:
            symbols.append(braced.group(1).upper())
            position = braced.end()
        elif loose:
            symbols.append(loose.group(1).upper())
            position = loose.end()
        elif cleaned[position] in "{}.":
            position += 1
        else:
            return None
    return "".join("{" + symbol + "}" for symbol in symbols) or None


_BULLET = re.compile(r"^\s*(?:[•·\u25cf\u25aa\uf0b7\uf0a7]|[-*](?=\s))\s*")


def strip_bullet(line: str) -> tuple[bool, str]:
    """Tell whether a line is a bullet item (``-``, ``•``, ``·``, a symbol-font glyph) and strip it.

    A hyphen needs a space after it, so a loyalty ability ("-2: Tap target creature.") is text.
    """
    match = _BULLET.match(line)
    if match and line[match.end() :].strip():
        return True, line[match.end() :].strip()
    return False, line.strip()


_TERMINAL = re.compile(r"""[.:!?)"'\]]\s*$""")


def ends_sentence(text: str) -> bool:
    """Whether a paragraph ends as a sentence does (so the next paragraph is not its tail)."""
    return bool(_TERMINAL.search(text))


def continues_sentence(previous: str, following: str) -> bool:
    """A paragraph cut in two by a page break: the first half doesn't end, the second starts low."""
    following = following.lstrip()
    return bool(following) and not ends_sentence(previous) and (following[0].islower() or following[0] in ",;")
