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
from urllib.parse import unquote_plus

from markdown_it import MarkdownIt

from ..cleaning import clean_inline
from ..records import ParsedDocument
from ..source import SourceText
from .cards import parse_name_cost, parse_type
from .repairs import tidy_rules_text, unroll_latex_table

_FENCE_MARK = re.compile(r"^\s*(?:```|~~~)")
_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_NESTED_ITEM = re.compile(r"^\s{2,}[-*+]\s+\S")  # a list item inside a list item
_GLYPH_BULLET = re.compile(r"^\s*[•·\u25cf\u25aa\uf0b7\uf0a7]\s*")
_DASH_BULLET = re.compile(r"^\s*-\s+")
_GLUED_BULLET = re.compile(r"\s+[•\u25cf\uf0b7]\s+")
_LOST_GLYPH = re.compile(r"^ [A-Z]")  # a bullet whose glyph the PDF conversion dropped
_BOLD_LINE = re.compile(r"^\s*(?:\*{2,3}[^*]+\*{2,3}\s*)+$")  # **Title**, ***Series:*** ***Name***
_PAGE_FURNITURE = re.compile(r"^\s*(?:Page \d+(?: of \d+)?|\d+ of \d+)\s*$", re.IGNORECASE)
_SENTENCE_THEN_HEADER = re.compile(r"^(?P<before>.*[.!?][\"')\]]?)\s+(?P<header>[^.!?]+)$")
# What web articles converted to Markdown add around the text: a picture of each card (its alt
# text is the card's name), lines that are only links ("[English](...) | [Français](...)") and
# link reference definitions carrying the page's metadata ("[_metadata_:publish_date]:- ...").
# A picture, or a picture that links to the card's page ("[![](…Image.ashx?name=Absorb)](…Details.aspx?name=Absorb)").
_IMAGE_LINE = re.compile(
    r"^\s*(?:!\[(?P<alt>[^\]]*)\]\((?P<src>[^)]*)\)|\[!\[(?P<inner>[^\]]*)\]\((?P<img>[^)]*)\)\]\((?P<href>[^)]*)\))\s*$"
)
_FLIP_BUTTON = re.compile(r"^\s*Turn Over\s*$", re.IGNORECASE)  # under a double-faced card's pictures
_NAME_PARAMETER = re.compile(r"[?&]name=([^&#\s]+)")
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
    guessed: bool = False  # a bullet only because the line starts " A" (a glyph a PDF conversion lost)


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


def picture_name(picture: re.Match) -> str | None:
    """What a card's picture names: its alt text, else the ``name=`` of the page it links to
    or of its address (Gatherer's pictures have no alt text)."""
    alt = picture["alt"] if picture["alt"] is not None else picture["inner"]
    if alt and alt.strip():
        return clean_inline(alt)[0] or None
    for address in (picture["href"], picture["img"], picture["src"]):
        found = _NAME_PARAMETER.search(address or "")
        if found:
            return unquote_plus(found[1]).strip() or None
    return None


def _clean(raw: str) -> tuple[str, list[str]]:
    text, mentions = clean_inline(raw)
    return tidy_rules_text(text), mentions


def _only_links(raw: str) -> bool:
    """A line that is nothing but links and the separators between them."""
    return bool(_LINK.search(raw)) and not re.sub(r"[\s|•·,;]+", "", _LINK.sub("", raw))


def read_pieces(source: SourceText, parsed: ParsedDocument) -> list[Piece]:
    """The document's pieces in order; lines that carry nothing go to ``parsed.skipped``."""
    reader = _PieceReader(source.lines, parsed)
    for block_no, block in enumerate(_blocks(source.lines)):
        reader.read_block(block_no, *block)
    return _split_glued_headers(reader.pieces)


# Lines of a paragraph that carry nothing, and why they are skipped.
def _empty_line_reason(raw: str) -> str | None:
    if _only_links(raw):
        return "links"
    if _LINK_DEFINITION.match(raw) and not clean_inline(raw)[1]:
        return "link reference"
    return None


class _PieceReader:
    """Turns Markdown blocks into pieces, one method per kind of block, remembering the alt text
    of the last picture (it names the card that follows it in the web articles)."""

    def __init__(self, lines: list[str], parsed: ParsedDocument):
        self.lines = lines
        self.parsed = parsed
        self.pieces: list[Piece] = []
        self.image: str | None = None  # the alt text of the last picture, until the next piece
        self.pictured = False  # a picture came last (with or without alt text)

    def blank_before(self, index: int) -> bool:
        return index == 0 or not self.lines[index - 1].strip()

    def skip_all(self, numbered: list[tuple[int, str]], reason: str) -> None:
        for no, raw in numbered:
            self.parsed.skip(no, raw, reason)

    def read_block(self, block_no: int, kind: str, start: int, end: int, level: int | None) -> None:
        lines = self.lines
        numbered = [(i + 1, lines[i]) for i in range(start, min(end, len(lines))) if lines[i].strip()]
        if not numbered:
            return
        if kind == "hr":
            self.skip_all(numbered, "divider")
        elif kind == "html" and all(re.fullmatch(r"\s*<!--.*-->\s*", raw) for _, raw in numbered):
            self.skip_all(numbered, "html comment")
        elif kind == "heading":
            self.image, self.pictured = None, False
            self.heading(block_no, numbered, level)
        elif kind == "item":
            self.item(block_no, numbered, start)
            self.image, self.pictured = None, False
        else:
            self.lines_of(block_no, kind, numbered)

    def heading(self, block_no: int, numbered: list[tuple[int, str]], level: int | None) -> None:
        raw = " ".join(
            re.sub(r"^\s*#+\s*|\s+#+\s*$", "", r) for _, r in numbered if not re.fullmatch(r"\s*[=-]+\s*", r)
        )
        text, mentions = _clean(raw)
        nos = [no for no, _ in numbered]
        self.pieces.append(Piece(nos, text, mentions, block_no, PieceKind.HEADING, True, True, level=level))

    def item(self, block_no: int, numbered: list[tuple[int, str]], start: int) -> None:
        """A list item: a bullet, and one more for each list item nested in it (each its own ruling)."""
        bullets: list[list[tuple[int, str]]] = [numbered[:1]]
        for no, raw in numbered[1:]:
            if _NESTED_ITEM.match(raw):
                bullets.append([])
            bullets[-1].append((no, raw))
        for number, lines in enumerate(bullets):
            self.bullet(block_no, lines, gap=number > 0 or self.blank_before(start))

    def bullet(self, block_no: int, numbered: list[tuple[int, str]], gap: bool) -> None:
        first_line = _LIST_MARK.sub("", numbered[0][1], count=1)
        first_line = _GLYPH_BULLET.sub("", first_line, count=1)
        raw = " ".join([first_line.strip()] + [r.strip() for _, r in numbered[1:]])
        nos = [no for no, _ in numbered]
        for k, segment in enumerate(_GLUED_BULLET.split(raw)):
            text, mentions = _clean(segment)
            if text:
                piece = Piece(
                    nos, text, mentions, block_no, PieceKind.ITEM, True, gap or k > 0, bullet=True, image=self.image
                )
                self.pieces.append(piece)
                self.image = None
                self.pictured = False

    def skip_reason(self, kind: str, piece_kind: PieceKind, raw: str) -> str | None:
        """Why a line of a paragraph, fence or quote carries nothing (a picture's alt text is kept)."""
        if kind == "fence" and _FENCE_MARK.match(raw):
            return "markdown fence"
        if _PAGE_FURNITURE.match(raw):
            return "page furniture"
        if piece_kind is not PieceKind.PARA:
            return None
        picture = _IMAGE_LINE.match(raw)
        if picture:
            # a double-faced card shows both faces: its name is "Front // Back"
            names = [name for name in (self.image, picture_name(picture)) if name]
            self.image = " // ".join(names) or None
            self.pictured = True
            return "image"
        if self.pictured and _FLIP_BUTTON.match(raw):
            return "picture control"
        return _empty_line_reason(raw)

    def lines_of(self, block_no: int, kind: str, numbered: list[tuple[int, str]]) -> None:
        """A paragraph, fence, code block or quote: a piece per line, or per bullet glued into one."""
        piece_kind = PieceKind.FENCE if kind in ("fence", "code_block") else PieceKind.PARA
        first_in_block = True
        for no, raw in numbered:
            if kind == "quote":
                if re.fullmatch(r"\s*>\s*", raw):
                    self.parsed.skip(no, raw, "quote mark")
                    continue
                raw = re.sub(r"^\s*>\s?", "", raw)
            reason = self.skip_reason(kind, piece_kind, raw)
            if reason:
                self.parsed.skip(no, raw, reason)
                continue
            made = self.line(block_no, piece_kind, no, raw, first_in_block)
            if made:
                first_in_block = False
            else:
                self.parsed.skip(no, raw, "markup debris")

    def line(self, block_no: int, piece_kind: PieceKind, no: int, raw: str, first_in_block: bool) -> int:
        """The pieces of one line (a LaTeX table's rows, bullets glued together); how many."""
        lost_glyph = piece_kind is PieceKind.PARA and first_in_block and bool(_LOST_GLYPH.match(raw))
        bold = piece_kind is PieceKind.PARA and bool(_BOLD_LINE.match(raw))
        made = 0
        for row in unroll_latex_table(raw):
            for k, segment in enumerate(_GLUED_BULLET.split(row)):
                guessed = lost_glyph and k == 0 and not _GLYPH_BULLET.match(segment)
                bullet, segment = _bullet_of(segment, piece_kind, k > 0 or lost_glyph)
                text, mentions = _clean(segment)
                if not text:
                    continue
                starts = first_in_block or k > 0 or (bullet and made == 0)
                gap = self.blank_before(no - 1) if made == 0 else k > 0
                self.pieces.append(
                    Piece(
                        [no],
                        text,
                        mentions,
                        block_no,
                        piece_kind,
                        starts,
                        gap,
                        bullet,
                        bold=bold,
                        image=self.image,
                        guessed=guessed,
                    )
                )
                self.image = None
                self.pictured = False
                first_in_block = False
                lost_glyph = False
                made += 1
        return made


def _bullet_of(segment: str, piece_kind: PieceKind, bullet: bool) -> tuple[bool, str]:
    """Whether a segment is a bullet point, and its text without the bullet's glyph or dash."""
    if _GLYPH_BULLET.match(segment):
        return True, _GLYPH_BULLET.sub("", segment, count=1)
    if piece_kind is PieceKind.FENCE and _DASH_BULLET.match(segment):
        return True, _DASH_BULLET.sub("", segment, count=1)
    return bullet, segment


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
