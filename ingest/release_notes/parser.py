"""Step two of reading release notes: a state machine walks the pieces and fills in the records.

The document is built like this: a title, a "last modified" date and a few introduction
paragraphs; a GENERAL NOTES chapter whose sections explain the set's mechanics (prose, example
cards, bullet rulings); then one or more "... CARD-SPECIFIC NOTES" chapters, each a run of cards
followed by their rulings; and a closing trademark notice.

Two typed states drive it: the :class:`Chapter` being read, and the :class:`.builders.CardState`
of the card being read (header, Room doors, rules text, notes). Each piece either continues the
current card, starts a new one (:mod:`.headers` says how), or is loose: a ruling, a mechanic's
paragraph, an introduction or legal passage. This module owns that walk and the document-level
structure (title, date, chapters, sections, legal notice); it asks the other modules about
card grammar, rulings and broken lines.
"""

from __future__ import annotations

import enum
import re

from ..dates import find_date
from ..records import RELEASE_NOTES, CardNote, DocumentInfo, Heading, ParsedDocument, Passage
from ..source import SourceText
from .builders import CardBuild, CardState, Door, MechanicBuild, Prose
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
from .headers import CardStart, card_start, door_ahead
from .pieces import Piece, PieceKind, read_pieces
from .repairs import continues_after_break, ends_line, join_lines, wraps
from .rulings import mode_reads_like_ruling, paragraph_reads_like_ruling

INTRODUCTION = "Introduction"
LEGAL = "Legal"

_DATE_LINE = re.compile(r"\b(?:last\s+(?:modified|updated)|updated|effective)\b", re.IGNORECASE)
_LEGAL_NOTICE = re.compile(r"\bare (?:the )?(?:property|trademarks) of Wizards of the Coast|©\s*\d{4}", re.IGNORECASE)
_CHAPTER_WORDS = re.compile(r"\bGENERAL\s+NOTES\b|\bCARD[- ]SPECIFIC\b", re.IGNORECASE)
_CARD_CHAPTER = re.compile(r"\s*CARD[- ]SPECIFIC\s+NOTES?\s*$", re.IGNORECASE)
_EXAMPLE = re.compile(r"For (?:example|instance)\b")


class Chapter(enum.Enum):
    """The part of the document being read."""

    INTRODUCTION = "introduction"  # before the first chapter heading
    GENERAL = "general"  # GENERAL NOTES: sections about mechanics, with example cards
    CARDS = "cards"  # a CARD-SPECIFIC NOTES chapter: cards and their rulings


class _Parser:
    def __init__(self, source: SourceText):
        self.source = source
        self.doc = ParsedDocument(info=DocumentInfo(title=source.name, kind=RELEASE_NOTES))
        self.title_seen = False
        self.pieces = read_pieces(source, self.doc)
        self.chapter = Chapter.INTRODUCTION
        self.chapter_title: str | None = None
        self.section: str | None = None  # card section, e.g. "main set"
        self.mechanic: MechanicBuild | None = None
        self.card: CardBuild | None = None
        self.pending_name: tuple[str, list[int], CardBuild] | None = None  # second of two name lines in a row
        self.last: tuple[object, int] | None = None  # the note or paragraph a continuation joins
        self.legal_block: int | None = None

    # -- driving ----------------------------------------------------------------------------

    def run(self) -> ParsedDocument:
        index = 0
        while index < len(self.pieces):
            index += self.step(index)
        self.close_card()
        self.close_mechanic()
        if self.pending_name:
            self.drop_pending_name()
        return self.doc

    def step(self, i: int) -> int:
        """Read the piece at i (and maybe more): how many pieces were read."""
        p = self.pieces[i]
        if p.kind is PieceKind.HEADING and not self.title_seen and not _CHAPTER_WORDS.search(p.text):
            self.title_seen = True
            title = re.sub(r"\s*[™®©]\s*", "", p.text).strip()
            self.doc.info.title = re.sub(r"\s+", " ", title)
            self.doc.info.lines.extend(p.nos)
            return 1
        if self.is_chapter(p):
            self.start_chapter(p)
            return 1
        if self.title_seen and p.first and not p.bullet and p.text == self.doc.info.title:
            for no in p.nos:  # the running title a PDF page header repeats
                self.doc.skip(no, self.source.lines[no - 1], "page furniture")
            return 1
        if self.legal_block is not None and p.block == self.legal_block and not p.first:
            self.append_to_last(p)
            return 1
        if p.first and _LEGAL_NOTICE.search(p.text):
            self.close_card()
            self.close_mechanic()
            passage = Passage(LEGAL, p.text, lines=list(p.nos))
            self.doc.passages.append(passage)
            self.last, self.legal_block = (passage, p.block), p.block
            return 1
        if self.chapter is Chapter.INTRODUCTION:
            return self.introduction(p)
        if self.is_section_heading(i):
            self.start_mechanic(p)
            return 1
        if self.card and self.card.reading:
            consumed = self.card_piece(i)
            if consumed:
                return consumed
            self.end_card_text()
        consumed = self.try_start_card(i)
        if consumed:
            return consumed
        self.loose_piece(p)
        return 1

    # -- document structure -----------------------------------------------------------------

    def introduction(self, p: Piece) -> int:
        date = find_date(p.text) if _DATE_LINE.search(p.text) else None
        if date and self.doc.info.effective_date is None:
            self.doc.info.effective_date = date
            self.doc.info.lines.extend(p.nos)
            return 1
        self.prose(p, INTRODUCTION)
        return 1

    def is_chapter(self, p: Piece) -> bool:
        if p.kind is not PieceKind.HEADING and not (p.bold and p.first):
            return False
        letters = [c for c in p.text if c.isalpha()]
        return len(letters) >= 4 and all(c.isupper() for c in letters)

    def start_chapter(self, p: Piece) -> None:
        self.close_card()
        self.close_mechanic()
        self.doc.headings.append(Heading(level="chapter", title=p.text, lines=list(p.nos)))
        self.chapter_title = p.text
        if _CARD_CHAPTER.search(p.text):
            self.chapter = Chapter.CARDS
            self.section = _CARD_CHAPTER.sub("", p.text).strip().lower() or None
        else:
            self.chapter = Chapter.GENERAL
            self.section = None
        self.last = None

    def is_section_heading(self, i: int) -> bool:
        """A heading, or a paragraph that is one bold line, inside GENERAL NOTES (not a bold card name)."""
        p = self.pieces[i]
        if self.chapter is not Chapter.GENERAL:
            return False
        if p.kind is PieceKind.HEADING:
            return True
        if not (p.bold and p.first) or (self.card is not None and self.card.reading):
            return False
        following = self.pieces[i + 1] if i + 1 < len(self.pieces) else None
        alone = following is None or following.block != p.block
        return alone and self.card_start(i) is None

    def start_mechanic(self, p: Piece) -> None:
        self.close_card()
        self.close_mechanic()
        self.mechanic = MechanicBuild(p.text, list(p.nos))
        self.last = None

    def close_mechanic(self) -> None:
        if self.mechanic:
            self.close_card()
            self.doc.mechanics.append(self.mechanic.build())
            self.mechanic = None
            self.last = None

    # -- cards: starting ----------------------------------------------------------------------

    def card_start(self, i: int) -> CardStart | None:
        return card_start(
            self.pieces,
            i,
            in_card_chapter=self.chapter is Chapter.CARDS,
            in_card_text=self.card is not None and self.card.state is CardState.TEXT,
        )

    def try_start_card(self, i: int) -> int:
        start = self.card_start(i)
        if not start:
            return 0
        self.close_card()
        p = self.pieces[i]
        name = start.name
        section = self.section if self.chapter is Chapter.CARDS else None
        card = CardBuild(name=None, section=section, header_block=p.block)
        card.lines.extend(p.nos)
        if name is None and self.pending_name:
            name, pending_lines, _ = self.pending_name
            card.lines.extend(pending_lines)
            self.pending_name = None
        elif self.pending_name:
            self.drop_pending_name()
        if start.pending:
            self.pending_name = (*start.pending, card)
        card.cost = start.cost
        if start.door:
            card.doors.append(Door(name, card.cost))
            card.cost = None
            card.state = CardState.DOORS
        else:
            card.name = name
        self.card = card
        self.last = None
        if start.type:
            self.set_type(start.type, p)
        return start.size

    def drop_pending_name(self) -> None:
        """A second name line that no nameless card claimed: keep its line with the card before it."""
        _, lines, owner = self.pending_name
        self.pending_name = None
        owner.lines.extend(lines)
        if owner.built is not None:
            owner.built.lines = sorted(set(owner.built.lines) | set(lines))

    def set_type(self, typed: TypeLine, p: Piece) -> None:
        card = self.card
        card.type_line = typed.line
        card.power, card.toughness = typed.power, typed.toughness
        card.state = CardState.HEADER
        card.add_lines(p)
        if typed.rest:
            self.add_text(typed.rest, p)

    # -- cards: header, doors, text ------------------------------------------------------------

    def card_piece(self, i: int) -> int:
        """Read piece i as part of the current card: how many pieces it took, 0 if it is no part of it."""
        state = self.card.state
        if state is CardState.HEADER:
            return self.header_piece(i)
        if state is CardState.DOORS:
            return self.door_piece(i)
        return self.text_piece(i)

    def header_piece(self, i: int) -> int:
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
        if door.cost is None and not door.text and parse_cost(text):
            door.cost = parse_cost(text)
            card.add_lines(p)
            return 1
        if header and not header.rest and door.text and ends_line(door.text[-1]):
            card.doors.append(Door(header.name, header.cost))  # a second door printed without "//"
            card.add_lines(p)
            return 1
        if p.first and p.block != card.header_block and self.card_start(i):
            return 0
        return self.add_text_piece(p)

    def text_piece(self, i: int) -> int:
        card, p = self.card, self.pieces[i]
        text = p.text
        if p.bullet:
            # Modes follow the "choose one —" line in one run of bullets; a blank line ends the run.
            if card.choice is not None and (not card.modes or not p.gap) and self.is_mode(p):
                self.add_text(mode_text(text, card.choice), p, mode=True)
                card.modes += 1
                return 1
            return 0
        if card.name is None and not card.doors and is_name(text) and f" {text}" in f" {card.all_text()}":
            card.name = text  # the name line of a card printed after its text
            card.add_lines(p)
            return 1
        if self.card_start(i):
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
            if p.first and self.reads_like_ruling(i):
                return 0
        return self.add_text_piece(p)

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

    def end_card_text(self) -> None:
        """The card's text is over: in a card chapter its notes follow; an example card just ends."""
        if self.chapter is Chapter.CARDS:
            self.card.state = CardState.NOTES
            self.last = None
        else:
            self.close_card()

    def close_card(self) -> None:
        card = self.card
        if card is None:
            return
        self.card = None
        self.last = None
        built = card.build()
        if self.chapter is Chapter.CARDS or self.mechanic is None:
            self.doc.cards.append(built)
        else:
            self.mechanic.examples.append(built)

    # -- notes and prose ---------------------------------------------------------------------------

    def joins_last(self, p: Piece) -> bool:
        """Does piece p continue the last note or paragraph (same paragraph, or a sentence cut by a page break)?"""
        record, block = self.last
        return (block == p.block and not p.first) or (p.gap and continues_after_break(record.text, p.text))

    def append_to_last(self, p: Piece) -> None:
        record, _ = self.last
        record.text = join_lines(record.text, p.text)
        record.lines.extend(p.nos)
        if hasattr(record, "mentions"):
            record.mentions.extend(m for m in p.mentions if m not in record.mentions)
        self.last = (record, p.block)

    def loose_piece(self, p: Piece) -> None:
        """A bullet, a ruling or a prose paragraph that is no card text."""
        if (
            not p.bullet
            and self.last is not None
            and (self.joins_last(p) or (isinstance(self.last[0], CardNote) and _EXAMPLE.match(p.text)))
        ):
            self.append_to_last(p)
            return
        if self.card is not None and self.card.state is CardState.NOTES:
            note = CardNote(p.text, mentions=list(p.mentions), lines=list(p.nos))
            self.card.notes.append(note)
            self.last = (note, p.block)
        elif self.mechanic is not None:
            if p.bullet:
                note = CardNote(p.text, mentions=list(p.mentions), lines=list(p.nos))
                self.mechanic.rulings.append(note)
                self.last = (note, p.block)
            else:
                paragraph = Prose(p.text, list(p.nos), list(p.mentions))
                self.mechanic.paragraphs.append(paragraph)
                self.last = (paragraph, p.block)
        else:
            self.prose(p, self.chapter_title)

    def prose(self, p: Piece, heading: str | None) -> None:
        if self.last is not None and isinstance(self.last[0], Passage) and self.joins_last(p):
            self.append_to_last(p)
            return
        passage = Passage(heading, p.text, lines=list(p.nos))
        self.doc.passages.append(passage)
        self.last = (passage, p.block)


def parse(source: SourceText) -> ParsedDocument:
    """Read a set's release notes into document info, chapters, mechanics, cards and notes."""
    return _Parser(source).run()
