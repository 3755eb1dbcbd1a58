"""The document formats rulebook reads, each declared once: the Treachery rules, the official
comprehensive rules, a set's release notes and mtgtreachery's card data.

A format says how a document of it is recognised (from positive evidence in its text, never its
file name), which parser reads it, which family its editions belong to (one for the Treachery
rules, one for the official rules, each set's release notes a family of its own), how its slug
is made, what a bare rule number in it cites, how a judge names it in a citation and how its
contents page groups its cards. Detection, the build, families, slugs, citation links,
citations and contents pages loop over ``FORMATS``: adding a format is adding its declaration
here and its parser.

A format declared wrong fails at import, naming it: a name or family used twice, no official
format or two, a slug base without an edition to go with it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from . import card_data, comprehensive_rules, release_notes, treachery
from .records import CARD_TEXTS, COMPREHENSIVE_RULES, RELEASE_NOTES, TREACHERY_RULES, DocumentInfo, ParsedDocument
from .references import COMPREHENSIVE, SELF
from .release_notes.evidence import has_card_block, has_notes_chapter
from .source import SourceText

_NUMBERED = re.compile(r"^\s*\d{3}\.\d+[a-z]*\.?\s+\S")
HEAD_LINES = 400  # what a document says about itself is in its first lines


class FormatError(Exception):
    """A format declared wrong: the message names it."""


@dataclass(frozen=True)
class Clues:
    """What detection looks at, read once per document."""

    source: SourceText

    @functools.cached_property
    def head(self) -> str:
        return "\n".join(self.source.lines[:HEAD_LINES]).lower()

    @functools.cached_property
    def numbered(self) -> int:
        """How many lines start with a rule number ("702.19b ...")."""
        return sum(1 for line in self.source.lines if _NUMBERED.match(line))


def _is_card_data(clues: Clues) -> bool:
    return card_data.looks_like_card_data(clues.source)


def _is_release_notes(clues: Clues) -> bool:
    """Saying "release notes" is not enough (this project's README says it): it also needs a
    GENERAL NOTES / CARD-SPECIFIC NOTES chapter or a card printed as release notes print one."""
    lines = clues.source.lines
    return "release notes" in clues.head and (has_notes_chapter(lines) or has_card_block(lines))


def _is_treachery(clues: Clues) -> bool:
    return (
        bool(clues.numbered) and "treachery" in clues.head and ("identity" in clues.head or "identities" in clues.head)
    )


def _is_official(clues: Clues) -> bool:
    """Numbered rules: three or more lines that start with a rule number."""
    return clues.numbered >= 3


@dataclass(frozen=True)
class Format:
    name: str  # what documents.kind holds: "treachery rules"
    described: str  # what it is, for a judge told that a file is of no format rulebook reads
    recognise: Callable[[Clues], bool]  # positive evidence; tried in declaration order
    parse: Callable[[SourceText], ParsedDocument]
    # The family every document of the format belongs to; None: each document is a family of its
    # own, named by its slug (one set's release notes).
    family: str | None
    # A slug is the family, then the document's edition (its version or effective date), then
    # what else its file name says ("forum-post"); without a family, the slug is the file name's.
    edition_in_slug: Callable[[DocumentInfo], str | None] | None = None
    cite_as: Callable[[dict], str] = lambda document: document["title"]
    official: bool = False  # the official rules: what other documents' rule numbers point at
    bare_numbers: str = COMPREHENSIVE  # what a rule number without "official rule" cites: SELF or COMPREHENSIVE
    # (the cards column its contents page groups cards by, the contents answer's field listing them)
    card_groups: tuple[str, str] | None = None
    has_editions: bool = True  # card data is not a body of rules: no editions, no "undated" warning
    looked_up: int | None = None  # where a rule number without a document is looked up, first to last


def _treachery_name(document: dict) -> str:
    return f"Treachery CR {document['version']}" if document.get("version") else "Treachery CR"


def _official_name(document: dict) -> str:
    return f"CR {document['effective_date']}" if document.get("effective_date") else "CR (excerpt)"


_DECLARED = (
    Format(CARD_TEXTS, "mtgtreachery's card data (JSON)", _is_card_data, card_data.parse, family=None, has_editions=False),
    Format(RELEASE_NOTES, "a set's release notes", _is_release_notes, release_notes.parse, family=None, card_groups=("section", "card_sections")),
    Format(
        TREACHERY_RULES, "Treachery rules", _is_treachery, treachery.parse, family="treachery",
        edition_in_slug=lambda info: info.version, cite_as=_treachery_name, bare_numbers=SELF,
        card_groups=("role", "roles"), looked_up=1,
    ),
    Format(
        COMPREHENSIVE_RULES, 'the official comprehensive rules (numbered rules like "100.1.")', _is_official, comprehensive_rules.parse, family="comprehensive-rules",
        edition_in_slug=lambda info: info.effective_date, cite_as=_official_name, official=True, looked_up=2,
    ),
)  # fmt: skip


def _checked(formats: tuple[Format, ...]) -> dict[str, Format]:
    """{name: format}, or FormatError naming the first format declared wrong."""
    found: dict[str, Format] = {}
    for declared in formats:
        where = f"format {declared.name!r} (rulebook/ingest/formats.py)"
        if declared.name in found:
            raise FormatError(f"{where}: its name is another format's already.")
        if declared.family and any(other.family == declared.family for other in found.values()):
            raise FormatError(f"{where}: its family {declared.family!r} is another format's already.")
        if (declared.family is None) != (declared.edition_in_slug is None):
            raise FormatError(f"{where}: a format with a family names the edition its slugs carry, and only it.")
        if declared.bare_numbers not in (SELF, COMPREHENSIVE):
            raise FormatError(f"{where}: a bare rule number cites {SELF!r} or {COMPREHENSIVE!r}.")
        if declared.official and declared.family is None:
            raise FormatError(f"{where}: the official rules are one family.")
        found[declared.name] = declared
    if sum(declared.official for declared in found.values()) != 1:
        raise FormatError("exactly one format is the official rules (rulebook/ingest/formats.py).")
    return found


FORMATS: dict[str, Format] = _checked(_DECLARED)
OFFICIAL_FORMAT = next(declared for declared in FORMATS.values() if declared.official)
# Families a judge reaches for first: where a rule number without a document is looked up.
FAMILY_PREFERENCE = tuple(
    declared.family for declared in sorted(FORMATS.values(), key=lambda f: f.looked_up or 0) if declared.looked_up
)


def format_of(kind: str) -> Format:
    """The declared format a document's ``kind`` names."""
    return FORMATS[kind]


def family_of(kind: str, slug: str) -> str:
    """The family of a document of ``kind`` called ``slug``: each set's release notes are one."""
    return FORMATS[kind].family or slug


def recognise(source: SourceText) -> Format | None:
    """The first declared format whose evidence the document shows, or None."""
    clues = Clues(source)
    return next((declared for declared in FORMATS.values() if declared.recognise(clues)), None)
