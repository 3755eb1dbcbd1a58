"""Reading one card: its header, a Room's doors and its rules text.

Once :mod:`.headers` has found where a card starts, the pieces that follow are read by the
card's own small state machine (:class:`.builders.CardState`): HEADER (cost, type line, P/T,
loyalty), DOORS (a Room's doors before their shared type line), TEXT (rules text, with "choose
one —" modes, lines the PDF wrapped, cut or printed twice). Reading stops at the first piece
that is no part of the card — a bullet, a new card, or an unmarked ruling — and the parser
takes over. This module owns that reading; the document around the card is the parser's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .builders import CardBuild, CardState, Door
from .cards import (
    Choice,
    TypeLine,
    choice_in,
    is_loyalty,
    is_name,
    mode_text,
    offers_counted_choice,
    parse_cost,
    parse_name_cost,
    parse_power_toughness,
    parse_type,
)
from .headers import CardStart, door_ahead
from .pieces import Piece, PieceKind
from .repairs import continues_after_break, ends_line, join_lines, wraps
from .rulings import mode_reads_like_ruling, paragraph_reads_like_ruling

# What parts a split card's halves ("//") or a double-faced card's faces ("////", "/////*").
_FACES_APART = re.compile(r"\*?/{2,}\*?")


@dataclass
class CardReader:
    """Reads pieces into one card, from its header to the end of its rules text."""

    pieces: list[Piece]
    card: CardBuild
    starts_card: Callable[[int], CardStart | None]  # whether (and how) a new card starts at a piece
    rulings_listed: bool = False  # every ruling is a list item (parser.rulings_are_listed)
    # in a CARD-SPECIFIC NOTES chapter of such a document, an unmarked paragraph is rules text
    text_until_list: bool = False

    def read(self, i: int) -> int:
        """Read piece i as part of the current card: how many pieces it took, 0 if it is no part of it."""
        state = self.card.state
        if state is CardState.HEADER:
            return self.header_piece(i)
        if state is CardState.DOORS:
            return self.door_piece(i)
        return self.text_piece(i)

    def set_type(self, typed: TypeLine, p: Piece) -> None:
        """The card's type line (and P/T) read from piece p; a one-line card's rules text follows it."""
        card = self.card
        card.type_line = typed.line
        card.power, card.toughness = typed.power, typed.toughness
        card.state = CardState.HEADER
        card.add_lines(p)
        if typed.rest:
            self.add_text(typed.rest, p)

    def header_piece(self, i: int) -> int:
        """Cost, type line, P/T or loyalty; anything else starts the text (or a Room's first door)."""
        card, p = self.card, self.pieces[i]
        if p.bullet:
            return 0
        text = p.text
        if card.type_line is None:
            cost = parse_cost(text)
            if cost and card.cost is None:
                card.cost = cost
                card.add_lines(p)
                return 1
            typed = parse_type(text)
            if typed:
                self.set_type(typed, p)
                return 1
            if card.cost is not None and not card.text and door_ahead(self.pieces, i):
                card.doors.append(Door(card.name, card.cost))
                card.name = card.cost = None
                card.state = CardState.DOORS
                return self.door_piece(i)
            card.state = CardState.TEXT
            return self.text_piece(i)
        if not card.text:
            pt = parse_power_toughness(text)
            if pt and card.power is None:
                card.power, card.toughness = pt
                card.add_lines(p)
                return 1
            if is_loyalty(text) and "Planeswalker" in card.type_line and card.loyalty is None:
                card.loyalty = text
                card.add_lines(p)
                return 1
        card.state = CardState.TEXT
        return self.text_piece(i)

    def door_piece(self, i: int) -> int:
        """A Room's doors: "//", a door's name and cost, its text, then the shared type line."""
        card, p = self.card, self.pieces[i]
        text = p.text
        door = card.doors[-1]
        if p.bullet:
            return 0
        if text in ("//", "/"):
            card.expect_door = True
            card.add_lines(p)
            return 1
        typed = parse_type(text)
        if typed and (card.expect_door or door.text):
            card.expect_door = False
            self.set_type(typed, p)
            card.state = CardState.TEXT
            return 1
        header = parse_name_cost(text)
        if card.expect_door:
            if header and not header.rest:
                card.doors.append(Door(header.name, header.cost))
            elif is_name(text):
                card.doors.append(Door(text))
            else:
                card.expect_door = False
                return self.add_text_piece(p)
            card.expect_door = False
            card.add_lines(p)
            return 1
        if door.cost is None and not door.text and (cost := parse_cost(text)):
            door.cost = cost
            card.add_lines(p)
            return 1
        if header and not header.rest and door.text and ends_line(door.text[-1]):
            card.doors.append(Door(header.name, header.cost))  # a second door printed without "//"
            card.add_lines(p)
            return 1
        if p.first and p.block != card.header_block and self.starts_card(i):
            return 0
        return self.add_text_piece(p)

    def text_piece(self, i: int) -> int:
        """Rules text and modes, until a bullet that is no mode, a new card or an unmarked ruling."""
        card, p = self.card, self.pieces[i]
        text = p.text
        if p.bullet:
            # Modes follow the "choose one —" line in one run of bullets; a blank line ends the run,
            # unless the rulings are list items and this is a "•" paragraph: then it is text.
            if self.rulings_listed and p.kind is not PieceKind.ITEM:
                if card.choice is not None:
                    self.add_text(mode_text(text, card.choice), p, mode=True)
                    card.modes += 1
                else:
                    self.add_text(f"• {text}", p)
                return 1
            if card.choice is not None and (not card.modes or not p.gap) and self.is_mode(p):
                self.add_text(mode_text(text, card.choice), p, mode=True)
                card.modes += 1
                return 1
            return 0
        if _FACES_APART.fullmatch(text) and not card.doors:
            taken = self.split_half(i)
            if taken:
                return taken
        if card.name is None and not card.doors and is_name(text) and f" {text}" in f" {card.all_text()}":
            card.name = text  # the name line of a card printed after its text
            card.add_lines(p)
            return 1
        if self.starts_card(i):
            return 0
        previous = card.current_text[-1] if card.current_text else None
        if previous is not None:
            if not p.gap and wraps(previous, text):
                return self.extend_text(p)
            if p.gap and continues_after_break(previous, text):
                return self.extend_text(p)
            if p.gap and len(text) >= 12 and text in card.all_text():
                card.add_lines(p)  # a line the PDF conversion printed twice
                return 1
            if p.gap and not ends_line(previous) and text.startswith(previous) and len(previous) >= 12:
                card.current_text[-1] = text  # a truncated copy followed by the whole line
                card.add_lines(p)
                return 1
            if card.fence_block is not None and p.block != card.fence_block:
                return 0  # prose after a fenced card is a ruling
            if p.first and not self.text_until_list and self.reads_like_ruling(i):
                return 0
        return self.add_text_piece(p)

    def split_half(self, i: int) -> int:
        """A split card's "//" and the next half's name (and cost): how many pieces that took, 0 if
        what follows is no half's header."""
        following = self.pieces[i + 1 : i + 3]
        if not following or following[0].bullet:
            return 0
        header = parse_name_cost(following[0].text)
        if header and not header.rest:
            name, cost = header.name, header.cost
        elif is_name(following[0].text) and len(following) == 2 and not following[1].bullet:
            if not (parse_cost(following[1].text) or parse_type(following[1].text)):
                return 0
            name, cost = following[0].text, None
        else:
            return 0
        self.card.start_half(name, cost)
        self.card.add_lines(self.pieces[i])
        self.card.add_lines(following[0])
        return 2

    def add_text_piece(self, p: Piece) -> int:
        card = self.card
        if card.current_text and not p.gap and wraps(card.current_text[-1], p.text):
            return self.extend_text(p)
        self.add_text(p.text, p)
        return 1

    def add_text(self, text: str, p: Piece, mode: bool = False) -> None:
        card = self.card
        card.current_text.append(text)
        card.add_lines(p)
        if card.state is CardState.HEADER:
            card.state = CardState.TEXT
        if p.block == card.header_block and p.kind is PieceKind.PARA:
            card.compact = True
        card.fence_block = p.block if p.kind is PieceKind.FENCE else None
        if not mode:
            card.choice = choice_in(text)
            card.modes = 0

    def extend_text(self, p: Piece) -> int:
        card = self.card
        lines = card.current_text
        lines[-1] = join_lines(lines[-1], p.text)
        card.add_lines(p)
        card.fence_block = p.block if p.kind is PieceKind.FENCE else None
        if offers_counted_choice(lines[-1]):
            card.choice, card.modes = Choice(), 0
        return 1

    def is_mode(self, p: Piece) -> bool:
        """Is this bullet after the card's choice line one of its modes (rather than a ruling)?"""
        choice = self.card.choice
        if choice.named:
            return p.text.split()[0] in choice.named
        return not mode_reads_like_ruling(p.text, self.card.names())

    def reads_like_ruling(self, i: int) -> bool:
        """Is the unmarked paragraph starting at piece i a ruling rather than more rules text?"""
        card = self.card
        if not card.current_text:
            return False
        paragraph = [self.pieces[i]]
        for q in self.pieces[i + 1 :]:
            if q.block != paragraph[0].block or q.first or q.bullet:
                break
            paragraph.append(q)
        return paragraph_reads_like_ruling([q.text for q in paragraph], card.names(), card.compact)
