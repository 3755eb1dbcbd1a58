"""Step one of reading release notes: source lines into *pieces*, with the repairs that need no context.

markdown-it gives the block structure (headings, paragraphs, fences, list items) and each
block's line range. Every non-blank line then becomes one or more :class:`Piece` — a card
line, a bullet, a heading — after the conversion debris is dealt with: LaTeX tables unrolled,
bullets glued inside a line (``... any target. • You don't ...``) split off, a bullet whose
glyph was lost recognised, and a card header glued to the end of a ruling (``... Boo! The
Jolly Balloon Man {1}{R}{W}``) cut loose. Lines that carry nothing (fence marks, dividers,
page numbers, comments) are recorded as skipped with a reason. This module owns the Markdown;
the parser after it sees only pieces.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, replace
from typing import NamedTuple

from markdown_it import MarkdownIt

from ..cleaning import clean_inline
from ..records import ParsedDocument
from ..source import SourceText
from .cards import parse_name_cost, parse_type
from .repairs import tidy_rules_text, unroll_latex_table

_FENCE_MARK = re.compile(r"^\s*(?:```|~~~)")
_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_GLYPH_BULLET = re.compile(r"^\s*[•·\u25cf\u25aa\uf0b7\uf0a7]\s*")
_DASH_BULLET = re.compile(r"^\s*-\s+")
_GLUED_BULLET = re.compile(r"\s+[•\u25cf\uf0b7]\s+")
_LOST_GLYPH = re.compile(r"^ [A-Z]")  # a bullet whose glyph the PDF conversion dropped
_BOLD_LINE = re.compile(r"^\s*\*\*[^*]+\*\*\s*$")
_PAGE_FURNITURE = re.compile(r"^\s*(?:Page \d+(?: of \d+)?|\d+ of \d+)\s*$", re.IGNORECASE)
_SENTENCE_THEN_HEADER = re.compile(r"^(?P<before>.*[.!?][\"')\]]?)\s+(?P<header>[^.!?]+)$")
# What web articles converted to Markdown add around the text: a picture of each card (its alt
# text is the card's name), lines that are only links ("[English](...) | [Français](...)") and
# link reference definitions carrying the page's metadata ("[_metadata_:publish_date]:- ...").
_IMAGE_LINE = re.compile(r"^\s*!\[(?P<alt>[^\]]*)\]\([^)]*\)\s*$")
_LINK = re.compile(r"!?\[[^\]]*\]\([^)]*\)")
_LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*\S")


class PieceKind(enum.Enum):
    """The Markdown block a piece came from."""

    HEADING = "heading"
    PARA = "para"  # a paragraph (or a block quote, or a line markdown-it placed nowhere)
    FENCE = "fence"  # a fenced or indented code block: PDF conversion puts whole cards in these
    ITEM = "item"  # a list item


@dataclass
class Piece:
    """One unit of text the parser reads: a line, or a part of one, or a whole heading or list item."""

    nos: list[int]  # source line numbers
    text: str  # cleaned text
    mentions: list[str]
    block: int  # markdown block index
    kind: PieceKind
    first: bool  # starts a paragraph (first piece of its block, or split off as its own)
    gap: bool  # a blank line (or a block boundary) comes before it
    bullet: bool = False
    bold: bool = False  # the whole line was **bold**
    image: str | None = None  # the alt text of the picture printed just before it (a card's name)
    level: int | None = None  # a heading's level


class _Block(NamedTuple):
    kind: str  # heading, para, fence, code_block, hr, html, quote or item
    start: int  # first line index
    end: int  # index after the last line
    level: int | None = None  # a heading's level: 1 for "#" or "===" underlining, 2 for "---"


_BLOCK_TOKENS = {
    "heading_open": "heading",
    "paragraph_open": "para",
    "fence": "fence",
    "code_block": "code_block",
    "hr": "hr",
    "html_block": "html",
    "blockquote_open": "quote",
}


def _blocks(lines: list[str]) -> list[_Block]:
    """Every top-level block and every top-level list item, in order of their first line."""
    blocks = []
    for token in MarkdownIt("commonmark").parse("\n".join(lines)):
        if token.map is None:
            continue
        start, end = token.map
        if token.level == 0 and token.type in _BLOCK_TOKENS:
            level = int(token.tag[1:]) if token.type == "heading_open" else None
            blocks.append(_Block(_BLOCK_TOKENS[token.type], start, end, level))
        elif token.level == 1 and token.type == "list_item_open":
            blocks.append(_Block("item", start, end))
    covered = set()
    for block in blocks:
        covered.update(range(block.start, block.end))
    for index, line in enumerate(lines):  # anything markdown-it did not place: keep it as text
        if line.strip() and index not in covered:
            blocks.append(_Block("para", index, index + 1))
    blocks.sort(key=lambda block: block.start)
    return blocks


def _clean(raw: str) -> tuple[str, list[str]]:
    text, mentions = clean_inline(raw)
    return tidy_rules_text(text), mentions


def _only_links(raw: str) -> bool:
    """A line that is nothing but links and the separators between them."""
    return bool(_LINK.search(raw)) and not re.sub(r"[\s|•·,;]+", "", _LINK.sub("", raw))


def read_pieces(source: SourceText, parsed: ParsedDocument) -> list[Piece]:
    """The document's pieces in order; lines that carry nothing go to ``parsed.skipped``."""
    lines = source.lines
    pieces: list[Piece] = []
    image: str | None = None  # the alt text of the last picture, until the next piece

    def blank_before(index: int) -> bool:
        return index == 0 or not lines[index - 1].strip()

    for block_no, (kind, start, end, level) in enumerate(_blocks(lines)):
        numbered = [(i + 1, lines[i]) for i in range(start, min(end, len(lines))) if lines[i].strip()]
        if not numbered:
            continue
        if kind == "hr":
            for no, raw in numbered:
                parsed.skip(no, raw, "divider")
            continue
        if kind == "html" and all(re.fullmatch(r"\s*<!--.*-->\s*", raw) for _, raw in numbered):
            for no, raw in numbered:
                parsed.skip(no, raw, "html comment")
            continue
        if kind in ("heading", "item"):
            image = None
        if kind == "heading":
            raw = " ".join(
                re.sub(r"^\s*#+\s*|\s+#+\s*$", "", r) for _, r in numbered if not re.fullmatch(r"\s*[=-]+\s*", r)
            )
            text, mentions = _clean(raw)
            nos = [no for no, _ in numbered]
            pieces.append(Piece(nos, text, mentions, block_no, PieceKind.HEADING, True, True, level=level))
            continue
        if kind == "item":
            first_line = _LIST_MARK.sub("", numbered[0][1], count=1)
            first_line = _GLYPH_BULLET.sub("", first_line, count=1)
            raw = " ".join([first_line.strip()] + [r.strip() for _, r in numbered[1:]])
            segments = _GLUED_BULLET.split(raw)
            nos = [no for no, _ in numbered]
            for k, segment in enumerate(segments):
                text, mentions = _clean(segment)
                if text:
                    gap = k > 0 or blank_before(start)
                    pieces.append(Piece(nos, text, mentions, block_no, PieceKind.ITEM, True, gap, bullet=True))
            continue
        piece_kind = PieceKind.FENCE if kind in ("fence", "code_block") else PieceKind.PARA
        first_in_block = True
        for no, raw in numbered:
            if kind == "fence" and _FENCE_MARK.match(raw):
                parsed.skip(no, raw, "markdown fence")
                continue
            if kind == "quote":
                raw = re.sub(r"^\s*>\s?", "", raw)
            if _PAGE_FURNITURE.match(raw):
                parsed.skip(no, raw, "page furniture")
                continue
            if piece_kind is PieceKind.PARA:
                picture = _IMAGE_LINE.match(raw)
                if picture:
                    parsed.skip(no, raw, "image")
                    image = clean_inline(picture["alt"])[0] or None
                    continue
                if _only_links(raw):
                    parsed.skip(no, raw, "links")
                    continue
                if _LINK_DEFINITION.match(raw) and not clean_inline(raw)[1]:
                    parsed.skip(no, raw, "link reference")
                    continue
            lost_glyph = piece_kind is PieceKind.PARA and first_in_block and bool(_LOST_GLYPH.match(raw))
            bold = piece_kind is PieceKind.PARA and bool(_BOLD_LINE.match(raw))
            made = 0
            for row in unroll_latex_table(raw):
                for k, segment in enumerate(_GLUED_BULLET.split(row)):
                    bullet = k > 0 or lost_glyph
                    if _GLYPH_BULLET.match(segment):
                        bullet, segment = True, _GLYPH_BULLET.sub("", segment, count=1)
                    elif piece_kind is PieceKind.FENCE and _DASH_BULLET.match(segment):
                        bullet, segment = True, _DASH_BULLET.sub("", segment, count=1)
                    text, mentions = _clean(segment)
                    if not text:
                        continue
                    starts = first_in_block or k > 0 or (bullet and made == 0)
                    gap = blank_before(no - 1) if made == 0 else k > 0
                    pieces.append(
                        Piece([no], text, mentions, block_no, piece_kind, starts, gap, bullet, bold=bold, image=image)
                    )
                    image = None
                    first_in_block = False
                    lost_glyph = False
                    made += 1
            if not made:
                parsed.skip(no, raw, "markup debris")
    return _split_glued_headers(pieces)


def _split_glued_headers(pieces: list[Piece]) -> list[Piece]:
    """``... entries. Boo! The Jolly Balloon Man {1}{R}{W}`` followed by a type line: two pieces."""
    result: list[Piece] = []
    for index, piece in enumerate(pieces):
        following = pieces[index + 1] if index + 1 < len(pieces) else None
        match = _SENTENCE_THEN_HEADER.match(piece.text) if piece.kind is not PieceKind.HEADING else None
        if match and following and parse_type(following.text):
            header = parse_name_cost(match["header"])
            if header and not header.rest:
                result.append(replace(piece, text=match["before"], bold=False))
                result.append(Piece(piece.nos, match["header"], [], piece.block, piece.kind, first=True, gap=True))
                continue
        result.append(piece)
    return result
