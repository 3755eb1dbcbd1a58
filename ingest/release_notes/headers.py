"""Where a card starts: recognising a card header in a run of pieces.

A card's header comes in many shapes once a PDF is converted: name and cost on one line with
the type line after it, a lone name followed by a cost or a type line, the whole card on one
line, a cost and type line whose name is printed elsewhere, the first door of a Room, or two
name lines in a row (the second belongs to the next nameless card). The card grammar says what
one line could be; this module looks ahead over the following pieces to decide whether they
really make a header, and how. It reads pieces and keeps no state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .cards import TypeLine, is_name, parse_cost, parse_costless_header, parse_name_cost, parse_type
from .pieces import Piece, PieceKind


@dataclass
class CardStart:
    """How a card starts at a piece."""

    size: int  # how many pieces the header takes
    name: str | None  # None when the name is printed elsewhere
    cost: str | None = None
    type: TypeLine | None = None  # a one-line card's type line (and the rules text after it)
    door: bool = False  # the text that follows is a Room's first door
    annotation: str | None = None  # printed after the name in parentheses: "(Planeswalker Deck only)"
    pending: tuple[str, list[int]] | None = None  # a second name line read with it, and its line numbers


def _piece_at(pieces: list[Piece], i: int) -> Piece | None:
    return pieces[i] if 0 <= i < len(pieces) else None


def _type_follows(pieces: list[Piece], i: int) -> bool:
    q = _piece_at(pieces, i)
    if q is None or q.bullet or q.kind is PieceKind.HEADING or _named_by_picture(q):
        return False  # the name its picture gives is a name, though it reads as a type line ("Battle Mammoth")
    return bool(parse_type(q.text))


def _named_by_picture(p: Piece) -> bool:
    """The piece is the name its picture gives (or one face's name, under a double-faced card's pictures)."""
    if not p.image:
        return False
    return p.text.casefold() in {p.image.casefold(), *(face.casefold() for face in p.image.split(" // "))}


def door_ahead(pieces: list[Piece], j: int) -> bool:
    """Whether the text from piece j on is a Room door: a "//" or the shared type line follows."""
    opener = pieces[j - 1]
    for k in range(j, min(j + 15, len(pieces))):
        q = pieces[k]
        if q.bullet or q.kind is PieceKind.HEADING:
            return False
        if q.text in ("//", "/"):
            return True
        if parse_type(q.text):
            return opener.kind is PieceKind.FENCE and q.block == opener.block
        if q.block != opener.block and q.first and (is_name(q.text) or parse_name_cost(q.text)):
            return False
    return False


_ANNOTATED = re.compile(r"^(?P<name>.+?)\s*\((?P<annotation>[^()]+)\)$")


def _name_line(p: Piece) -> tuple[str, str | None] | None:
    """(name, annotation) when piece p could be a card's name line: a name, the name its picture
    gives, or either followed by a note in parentheses ("Chandra, Pyrogenius (Planeswalker Deck only)")."""
    annotated = _ANNOTATED.match(p.text)
    for name, annotation in ((p.text, None), *([(annotated["name"], annotated["annotation"])] if annotated else [])):
        if is_name(name) or _named_by_picture(replace(p, text=name)):
            return name, annotation
    return None


def card_start(pieces: list[Piece], i: int, *, in_card_chapter: bool, in_card_text: bool) -> CardStart | None:
    """How a card starts at piece i, or None.

    ``in_card_chapter``: a heading may be a card's name only in a CARD-SPECIFIC NOTES chapter.
    ``in_card_text``: while a card's text is being read, two name lines in a row are not read
    as a name and a displaced name.
    """
    p = pieces[i]
    named_by_picture = _named_by_picture(p)
    if (p.bullet and not named_by_picture) or (p.kind is PieceKind.HEADING and not in_card_chapter):
        return None
    text = p.text
    name_line = _name_line(p)
    following = _piece_at(pieces, i + 1)
    if name_line and following and not following.bullet and parse_cost(following.text):
        # a name line before a cost, even one that reads as a type line ("Battle Mammoth", "Lethal Scheme")
        return CardStart(1, name_line[0], annotation=name_line[1])
    header = parse_name_cost(text)
    if header:
        if header.rest:
            typed = parse_type(header.rest)
            return CardStart(1, header.name, header.cost, type=typed) if typed else None
        if _type_follows(pieces, i + 1):
            return CardStart(1, header.name, header.cost)
        if door_ahead(pieces, i + 1):
            return CardStart(1, header.name, header.cost, door=True)
        return None
    costless = parse_costless_header(text)
    if costless:
        name, typed = costless
        return CardStart(1, name, None, type=typed)
    cost = parse_cost(text)
    if cost:
        if _type_follows(pieces, i + 1):
            return CardStart(1, None, cost)
        if door_ahead(pieces, i + 1):
            return CardStart(1, None, cost, door=True)
        return None
    if name_line and (named_by_picture or not parse_type(text)):
        q = _piece_at(pieces, i + 1)
        if q is None or q.bullet or q.kind is PieceKind.HEADING:
            return None
        if _type_follows(pieces, i + 1):
            return CardStart(1, name_line[0], annotation=name_line[1])
        r = _piece_at(pieces, i + 2)
        if (
            not in_card_text
            and is_name(q.text)
            and not _named_by_picture(q)  # a card of its own
            and r
            and not r.bullet
            and (parse_cost(r.text) or _type_follows(pieces, i + 2))
        ):
            return CardStart(2, text, pending=(q.text, q.nos))
        return None
    return None
