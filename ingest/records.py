"""Plain records that every parser yields.

The parsers know text, not databases: each one turns a document into a ``ParsedDocument``
made of these dataclasses. Every record keeps the source line numbers it was made from
(1-based), so the build can cite where each row came from and prove that no line was lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import get_args, get_type_hints

TREACHERY_RULES = "treachery rules"
COMPREHENSIVE_RULES = "comprehensive rules"
RELEASE_NOTES = "release notes"
CARD_TEXTS = "card texts"  # identity cards as printed (mtgtreachery.net's card data)
# (each declared as a format, with its parser, family and slug, in ingest/formats.py)


@dataclass
class Record:
    """Anything made from source lines."""

    lines: list[int] = field(default_factory=list, kw_only=True)

    def key(self, owner: str) -> str:
        """What the record is called where line accounting names it: its own name, or its owner's."""
        return owner

    @property
    def line_start(self) -> int | None:
        return min(self.lines) if self.lines else None

    @property
    def line_end(self) -> int | None:
        return max(self.lines) if self.lines else None


def rows(table: str):
    """A field holding records of ``table``: the build writes each one as a row of it, and line
    accounting names the table as where the record's lines went."""
    return field(default_factory=list, metadata={"table": table})


def tables_of(record) -> list[tuple[str, list[Record]]]:
    """The (table, records) of the ``rows`` fields of a record or a parsed document."""
    return [(item.metadata["table"], getattr(record, item.name)) for item in fields(record) if "table" in item.metadata]


@dataclass
class DocumentInfo(Record):
    """What the document says about itself (title line, version, effective-date line)."""

    title: str
    kind: str
    version: str | None = None
    effective_date: str | None = None  # ISO yyyy-mm-dd
    excerpt: bool = False  # holds only part of an edition (a bare list of rules, no title)
    set_name: str | None = None  # release notes: the set they are about ("Kaladesh")
    release_date: str | None = None  # release notes: the set's official release date, where the article gives it

    def key(self, owner: str) -> str:
        return self.title


@dataclass
class VersionRow(Record):
    """One row of a document's version table."""

    version: str
    changes: str
    release_date: str | None

    def key(self, owner: str) -> str:
        return self.version


@dataclass
class Heading(Record):
    """A chapter ("GLOSSARY REMINDER"), part ("9. Casual Variants") or section ("907. Treachery")."""

    level: str  # "chapter", "part" or "section"
    title: str
    number: str | None = None

    @property
    def label(self) -> str:
        return f"{self.number}. {self.title}" if self.number else self.title

    def key(self, owner: str) -> str:
        return self.label


@dataclass
class RuleParagraph(Record):
    """An unnumbered paragraph kept with a rule: a note, an example or a translation."""

    kind: str  # "note", "example" or "translation"
    text: str

    def key(self, owner: str) -> str:
        return f"{owner} {self.kind}"


@dataclass
class Rule(Record):
    """A numbered rule or subrule, with the number exactly as printed (702.TR01c, 906.3c)."""

    number: str
    text: str
    title: str | None = None
    # 2 for the second rule printed with the same number (the publisher's slip), and so on: it
    # is kept, and addressed as "702.30d~2"
    occurrence: int = 1
    part: str | None = None
    section: str | None = None
    paragraphs: list[RuleParagraph] = rows("rule_paragraphs")

    def key(self, owner: str) -> str:
        return self.number


@dataclass
class GlossaryEntry(Record):
    term: str
    text: str
    quotes_rule: str | None = None  # "Reminder: 104.2a ..." entries quote an official rule

    def key(self, owner: str) -> str:
        return self.term


@dataclass
class FaqEntry(Record):
    question: str
    answer: str

    def key(self, owner: str) -> str:
        return self.question


@dataclass
class Passage(Record):
    """Unnumbered prose that belongs to no rule: an introduction, a preface, credits."""

    heading: str | None
    text: str

    def key(self, owner: str) -> str:
        return self.heading or ""


@dataclass
class CardNote(Record):
    text: str
    group_heading: str | None = None  # "The following rulings focus on the "protection from" keyword"
    mentions: list[str] = field(default_factory=list)  # card names linked as [Name](#)


@dataclass
class Card(Record):
    name: str
    kind: str  # "identity" or "set card"
    role: str | None = None  # Leader, Guardian, Assassin or Traitor for identity cards
    section: str | None = None  # "main set", "special guests", "commander", "archenemy scheme"
    mana_cost: str | None = None  # normalized: {2}{U}
    type_line: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    rules_text: str | None = None
    no_notes_statement: str | None = None  # "No extra rules information."
    notes: list[CardNote] = rows("card_notes")

    def key(self, owner: str) -> str:
        return self.name


@dataclass
class CardText(Record):
    """An identity card as printed: its cost, unveil cost, type line and abilities, with the
    rulings its publisher gives (card data, not a rules document)."""

    name: str
    role: str | None = None
    type_line: str | None = None
    mana_cost: str | None = None  # normalized ({2}{U}); identity cards have none
    unveil_cost: str | None = None  # "{3}", "{X}{4}", or in words: "Pay 8 life, Discard a card"
    abilities: list[str] = field(default_factory=list)
    flavor: str | None = None
    rarity: str | None = None
    artist: str | None = None
    source_url: str | None = None  # the card's page at its publisher
    no_rulings_statement: str | None = None  # "No extra rules information."
    rulings: list[CardNote] = rows("card_text_rulings")

    def key(self, owner: str) -> str:
        return self.name


@dataclass
class Mechanic(Record):
    """A general section of release notes: a mechanic, a card type, legality, a variant."""

    name: str
    body: str
    examples: list[Card] = rows("mechanic_examples")
    rulings: list[CardNote] = rows("mechanic_rulings")

    def key(self, owner: str) -> str:
        return self.name


def mechanic_keyword(name: str) -> str | None:
    """The keyword a mechanic's section is named for, which cards print: "New Keyword Action: Manifest
    Dread" -> "Manifest Dread"; a section named for no keyword ("Legality") -> None."""
    _, colon, keyword = name.rpartition(": ")
    return keyword if colon else None


@dataclass
class SkippedLine:
    line: int
    text: str
    reason: str  # "table of contents", "page furniture", "forum chrome", "divider", ...


@dataclass
class ParseWarning:
    """Something the parser kept but a judge should check (a rule number printed twice, a card
    block without a name); the build summary lists it with its file and line."""

    line: int
    message: str


@dataclass
class ParsedDocument:
    """Everything one parser found in one document."""

    info: DocumentInfo
    versions: list[VersionRow] = rows("versions")
    headings: list[Heading] = rows("headings")
    rules: list[Rule] = rows("rules")
    glossary: list[GlossaryEntry] = rows("glossary")
    faq: list[FaqEntry] = rows("faq")
    passages: list[Passage] = rows("passages")
    cards: list[Card] = rows("cards")
    mechanics: list[Mechanic] = rows("mechanics")
    card_texts: list[CardText] = rows("card_texts")
    skipped: list[SkippedLine] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    # The first line of the closing matter (credits, the publisher's legal notices): it is kept,
    # but whether the document is complete is judged on the records before it.
    closing_line: int | None = None

    def warn(self, line: int, message: str) -> None:
        self.warnings.append(ParseWarning(line, message))

    def skip(self, line: int, text: str, reason: str) -> None:
        self.skipped.append(SkippedLine(line, text, reason))


def _record_classes(owner: type, found: dict[str, type]) -> dict[str, type]:
    hints = get_type_hints(owner)
    for item in fields(owner):
        if "table" in item.metadata:
            (child,) = get_args(hints[item.name])
            found.setdefault(item.metadata["table"], child)
            _record_classes(child, found)
    return found


def record_classes() -> dict[str, type]:
    """{table: the record class its rows are made from}, read from the ``rows`` fields; the API's
    row declarations (queries/declaring.py) say a column may be null where its record does."""
    return _record_classes(ParsedDocument, {"documents": DocumentInfo})


def may_be_missing(record_class: type, name: str) -> bool:
    """Whether the record's field ``name`` may be None (its type says ``| None``)."""
    hint = get_type_hints(record_class).get(name)
    return hint is not None and type(None) in get_args(hint)
