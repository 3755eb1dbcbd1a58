"""Step two of reading release notes: a state machine walks the pieces and fills in the records.

The document is built like this: a title, a "last modified" date and a few introduction
paragraphs; a GENERAL NOTES chapter whose sections explain the set's mechanics (prose, example
cards, bullet rulings); then one or more "... CARD-SPECIFIC NOTES" chapters, each a run of cards
followed by their rulings; and a closing trademark notice.

Two typed states drive it: the :class:`Chapter` being read, and the :class:`.builders.CardState`
of the card being read (header, Room doors, rules text, notes). Each piece either continues the
current card (:mod:`.card_reader` reads it), starts a new one (:mod:`.headers` says how), or is
loose: a card's ruling, a mechanic's paragraph or ruling, an introduction or legal passage.
This module owns that walk, the document-level structure (title, date, chapters, sections,
legal notice) and where loose pieces go.
"""

from __future__ import annotations

import enum
import re
from dataclasses import replace

from ..dates import find_date
from ..records import RELEASE_NOTES, CardNote, DocumentInfo, Heading, ParsedDocument, Passage
from ..source import SourceText
from .builders import CardBuild, CardState, Door, MechanicBuild, Prose
from .card_reader import CardReader
from .headers import CardStart, card_start
from .pieces import Piece, PieceKind, read_pieces
from .repairs import continues_after_break, join_lines

INTRODUCTION = "Introduction"
LEGAL = "Legal"

_DATE_LINE = re.compile(r"\b(?:last\s+(?:modified|updated)|updated|effective)\b", re.IGNORECASE)
_LEGAL_NOTICE = re.compile(r"\bare (?:the )?(?:property|trademarks) of Wizards of the Coast|©\s*\d{4}", re.IGNORECASE)
CHAPTER_WORDS = re.compile(r"\bGENERAL\s+NOTES\b|\bCARD[- ]SPECIFIC\b", re.IGNORECASE)
_CARD_CHAPTER = re.compile(r"\s*CARD[- ]SPECIFIC\s+NOTES?\s*:?\s*$", re.IGNORECASE)
_EXAMPLE = re.compile(r"For (?:example|instance)\b")
# A GENERAL NOTES section about which formats the cards are legal in: general notes, not a mechanic.
_LEGALITY = re.compile(r"\blegality\b", re.IGNORECASE)
_RELEASE_DATE = re.compile(r"\brelease date\b", re.IGNORECASE)
_RELEASE_NOTES_TITLE = re.compile(r"\s*[-–—:]?\s*release notes\s*$", re.IGNORECASE)


class Chapter(enum.Enum):
    """The part of the document being read."""

    INTRODUCTION = "introduction"  # before the first chapter heading
    GENERAL = "general"  # GENERAL NOTES: sections about mechanics, with example cards
    CARDS = "cards"  # a CARD-SPECIFIC NOTES chapter: cards and their rulings


def rulings_are_listed(pieces: list[Piece], parsed: ParsedDocument) -> bool:
    """Whether the document is marked up as the web articles are: a picture before each card, a
    divider between cards, and every ruling a Markdown list item. Then a card's rules text is
    everything before its first list item, "•" modes included, however it is spaced; the
    heuristics for rulings whose bullet a PDF conversion lost are not needed."""
    reasons = [skipped.reason for skipped in parsed.skipped]
    listed = any(piece.kind is PieceKind.ITEM for piece in pieces)
    return listed and reasons.count("divider") >= 3 and reasons.count("image") >= 3


class _Parser:
    def __init__(self, source: SourceText):
        self.source = source
        self.doc = ParsedDocument(info=DocumentInfo(title=source.name, kind=RELEASE_NOTES))
        self.title_seen = False
        self.pieces = read_pieces(source, self.doc)
        self.rulings_listed = rulings_are_listed(self.pieces, self.doc)
        if self.rulings_listed:  # its bullets are marked up: a line indented by a space is no lost bullet
            self.pieces = [replace(p, bullet=False, guessed=False) if p.guessed else p for p in self.pieces]
        self.chapter = Chapter.INTRODUCTION
        self.chapter_title: str | None = None
        self.section: str | None = None  # card section, e.g. "main set"
        self.mechanic: MechanicBuild | None = None
        self.reader: CardReader | None = None  # the card being read, if any
        self.pending_name: tuple[str, list[int], CardBuild] | None = None  # second of two name lines in a row
        self.last: tuple[object, int] | None = None  # the note or paragraph a continuation joins
        self.legal_block: int | None = None
        self.general_notes: str | None = None  # the heading of a GENERAL NOTES section that is no mechanic

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
        if p.kind is PieceKind.HEADING and not self.title_seen and not CHAPTER_WORDS.search(p.text):
            self.title_seen = True
            title = re.sub(r"\s*[™®©]\s*", "", p.text).strip()
            self.doc.info.title = re.sub(r"\s+", " ", title)
            self.doc.info.set_name = _RELEASE_NOTES_TITLE.sub("", self.doc.info.title) or None
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
            if self.doc.closing_line is None:  # a trademark notice or "©2016" needs no full stop
                self.doc.closing_line = min(p.nos)
            passage = Passage(LEGAL, p.text, lines=list(p.nos))
            self.doc.passages.append(passage)
            self.last, self.legal_block = (passage, p.block), p.block
            return 1
        if self.chapter is Chapter.INTRODUCTION:
            return self.introduction(p)
        if self.is_section_heading(i):
            if self.is_ruling_group(p):
                self.close_card()
                self.mechanic.group = p.text
                self.mechanic.lines.extend(p.nos)
                self.last = None
            elif _LEGALITY.search(p.text):
                self.start_general_notes(p)
            else:
                self.start_mechanic(p)
            return 1
        if self.card and self.card.reading:
            consumed = self.reader.read(i)
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
        self.general_notes = None
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

    def is_ruling_group(self, p: Piece) -> bool:
        """A heading below the current mechanic's ("### Read Ahead Notes" under "New Keyword
        Ability: Read Ahead"): the rulings after it are the mechanic's, printed under it. Only
        where the markup is reliable (web articles); PDF conversions number headings at random."""
        mechanic = self.mechanic
        return (
            self.rulings_listed
            and mechanic is not None
            and None not in (mechanic.level, p.level)
            and p.level > mechanic.level
        )

    def start_mechanic(self, p: Piece) -> None:
        self.close_card()
        self.close_mechanic()
        self.general_notes = None
        self.mechanic = MechanicBuild(p.text, list(p.nos), level=p.level)
        self.last = None

    def start_general_notes(self, p: Piece) -> None:
        """A section of GENERAL NOTES that is no mechanic ("Card Legality"): its paragraphs are
        kept as passages under its heading."""
        self.close_card()
        self.close_mechanic()
        self.doc.headings.append(Heading(level="section", title=p.text, lines=list(p.nos)))
        self.general_notes = p.text
        self.last = None

    def close_mechanic(self) -> None:
        """The section is over: a mechanic, or general notes when it shows no card and has no ruling
        ("What Is Commander?", a heading over the sections that follow)."""
        if self.mechanic:
            self.close_card()
            mechanic = self.mechanic
            if mechanic.examples or mechanic.rulings:
                self.doc.mechanics.append(mechanic.build())
            else:
                self.doc.headings.append(Heading(level="section", title=mechanic.name, lines=list(mechanic.lines)))
                for paragraph in mechanic.paragraphs:
                    self.doc.passages.append(Passage(mechanic.name, paragraph.text, lines=list(paragraph.lines)))
            self.mechanic = None
            self.last = None

    # -- cards ------------------------------------------------------------------------------------

    @property
    def card(self) -> CardBuild | None:
        return self.reader.card if self.reader else None

    def card_start(self, i: int) -> CardStart | None:
        in_card_text = self.card is not None and self.card.state is CardState.TEXT
        if in_card_text and self.rulings_listed and not self.pieces[i].image:
            return None  # each card of such a document opens with its picture
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
        if start.annotation:
            card.section = start.annotation
        if start.door:
            card.doors.append(Door(name, card.cost))
            card.cost = None
            card.state = CardState.DOORS
        else:
            card.name = name
        self.reader = CardReader(
            self.pieces,
            card,
            self.card_start,
            rulings_listed=self.rulings_listed,
            text_until_list=self.rulings_listed and self.chapter is Chapter.CARDS,
        )
        self.last = None
        if start.type:
            self.reader.set_type(start.type, p)
        return start.size

    def drop_pending_name(self) -> None:
        """A second name line that no nameless card claimed: keep its line with the card before it."""
        _, lines, owner = self.pending_name
        self.pending_name = None
        owner.lines.extend(lines)
        if owner.built is not None:
            owner.built.lines = sorted(set(owner.built.lines) | set(lines))

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
        self.reader = None
        self.last = None
        built = card.build()
        if (card.name is None and not card.doors) or any(door.name is None for door in card.doors):
            self.doc.warn(
                min(card.lines),
                f"a card block without a name ({built.mana_cost or 'no cost'}, {built.type_line or 'no type line'}): "
                f"it is kept as {built.name!r}.",
            )
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
        if not p.bullet and (self.mechanic is not None or self.card is None):
            self.note_release_date(p)
        if (
            not p.bullet
            and self.last is not None
            and (self.joins_last(p) or (isinstance(self.last[0], CardNote) and _EXAMPLE.match(p.text)))
        ):
            self.append_to_last(p)
            return
        if self.card is not None and self.card.state is CardState.NOTES and self.rulings_listed and not p.bullet:
            # every ruling of a web article is a list item: a line that is none (a keyword, a cost, a
            # heading the article printed between cards) is prose of the chapter, never a note
            self.prose(p, self.chapter_title)
        elif self.card is not None and self.card.state is CardState.NOTES:
            self.add_loose(self.card.notes, CardNote(p.text, mentions=list(p.mentions), lines=list(p.nos)), p)
        elif self.mechanic is not None and p.bullet:
            ruling = CardNote(p.text, group_heading=self.mechanic.group, mentions=list(p.mentions), lines=list(p.nos))
            self.add_loose(self.mechanic.rulings, ruling, p)
        elif self.mechanic is not None:
            self.add_loose(self.mechanic.paragraphs, Prose(p.text, list(p.nos), list(p.mentions)), p)
        elif self.doc.closing_line is not None:  # after the trademark notice: more closing matter
            self.prose(p, LEGAL)
        else:
            self.prose(p, self.general_notes or self.chapter_title)

    def add_loose(self, records: list, record: CardNote | Prose | Passage, p: Piece) -> None:
        """Add a note or paragraph made from piece p; the pieces that continue it will join it."""
        records.append(record)
        self.last = (record, p.block)

    def note_release_date(self, p: Piece) -> None:
        """The set's official release date, from the first paragraph that gives it ("... on its
        official release date: Friday, September 30, 2016", "Release date: August 23, 2019")."""
        said = _RELEASE_DATE.search(p.text)
        if said and self.doc.info.release_date is None:
            self.doc.info.release_date = find_date(p.text[said.end() :])

    def prose(self, p: Piece, heading: str | None) -> None:
        if self.last is not None and isinstance(self.last[0], Passage) and self.joins_last(p):
            self.append_to_last(p)
            return
        self.add_loose(self.doc.passages, Passage(heading, p.text, lines=list(p.nos)), p)


def parse(source: SourceText) -> ParsedDocument:
    """Read a set's release notes into document info, chapters, mechanics, cards and notes."""
    return _Parser(source).run()
