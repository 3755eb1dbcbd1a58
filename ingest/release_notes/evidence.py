"""Positive evidence that a text is a set's release notes, for format detection.

Detection (``rulebook.ingest.detect_kind``) must not take any text that says "release notes"
for release notes: it also needs what only release notes have, a card printed the way they
print cards or a GENERAL NOTES / CARD-SPECIFIC NOTES chapter.
"""

from __future__ import annotations

import itertools

from .cards import parse_name_cost, parse_type
from .parser import CHAPTER_WORDS


def has_notes_chapter(lines: list[str]) -> bool:
    """A GENERAL NOTES or CARD-SPECIFIC NOTES chapter heading: release notes say this."""
    return any(CHAPTER_WORDS.search(line) and len(line) < 80 for line in lines)


def has_card_block(lines: list[str]) -> bool:
    """A card as release notes print it: "Name {cost}" then (on the next text line) its type line."""
    text_lines = [line.strip().lstrip("#*> ").rstrip("*") for line in lines if line.strip()]
    return any(parse_name_cost(line) and parse_type(following) for line, following in itertools.pairwise(text_lines))
