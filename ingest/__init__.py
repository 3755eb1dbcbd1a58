"""Turn source documents into plain records: one parser per format, picked by content.

``read_document(path)`` is the one entry point the build uses: it decodes the file, tells what
kind of document it is, parses it, proves every line was accounted for and that the document
is complete.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .accounting import LineUse, account_lines
from .completeness import check_complete
from .records import CARD_TEXTS, COMPREHENSIVE_RULES, RELEASE_NOTES, TREACHERY_RULES, ParsedDocument
from .source import SourceError, SourceText, decode

_NUMBERED = re.compile(r"^\s*\d{3}\.\d+[a-z]*\.?\s+\S")


def _has_release_notes_content(lines: list[str]) -> bool:
    """Positive evidence of release notes: a GENERAL NOTES / CARD-SPECIFIC NOTES chapter, or a
    card block (a "Name {cost}" line followed by a type line). Saying "release notes" and having
    markdown headings is not enough: this project's README says both."""
    from .release_notes.evidence import has_card_block, has_notes_chapter

    return has_notes_chapter(lines) or has_card_block(lines)


def detect_kind(source: SourceText) -> str:
    """Tell a document's kind from what it says, not from its file name."""
    from .card_data import looks_like_card_data

    if looks_like_card_data(source):
        return CARD_TEXTS
    lines = source.lines
    head = "\n".join(lines[:400]).lower()
    numbered = sum(1 for line in lines if _NUMBERED.match(line))
    if "release notes" in head and _has_release_notes_content(lines):
        return RELEASE_NOTES
    if numbered and "treachery" in head and ("identity" in head or "identities" in head):
        return TREACHERY_RULES
    if numbered >= 3 and (
        "comprehensive rules" in head or re.match(r"^\s*100\.1\.", next((line for line in lines if line.strip()), ""))
    ):
        return COMPREHENSIVE_RULES
    if numbered >= 3:
        return COMPREHENSIVE_RULES
    raise SourceError(
        source.name,
        "cannot tell what kind of document this is: it is neither Treachery rules, the official "
        'comprehensive rules (numbered rules like "100.1.") nor a set\'s release notes.',
    )


def _parser_for(kind: str):
    if kind == TREACHERY_RULES:
        from . import treachery

        return treachery.parse
    if kind == COMPREHENSIVE_RULES:
        from . import comprehensive_rules

        return comprehensive_rules.parse
    if kind == CARD_TEXTS:
        from . import card_data

        return card_data.parse
    from . import release_notes

    return release_notes.parse


@dataclass
class Document:
    """A parsed source file with its provenance and line accounting."""

    path: Path
    data: bytes
    source: SourceText
    parsed: ParsedDocument
    line_uses: list[LineUse]


def read_document(path: Path) -> Document:
    """Decode, detect, parse and account for one file; raise SourceError naming the file and line."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SourceError(str(path), f"cannot read the file ({error.strerror}).") from None
    source = decode(data, path.name)
    parsed = _parser_for(detect_kind(source))(source)
    line_uses = account_lines(parsed, source)
    check_complete(source, parsed, line_uses)
    return Document(path, data, source, parsed, line_uses)


__all__ = ["Document", "SourceError", "detect_kind", "read_document"]
