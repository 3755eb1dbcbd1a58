"""Refuse a document that stops in the middle of its last record.

A copy cut short (a download that stopped, ``head -c``) still parses: every line it has is
accounted for, and it would quietly replace the complete document with fewer cards and notes.
What gives it away is its last record: a complete document's last rule, card note, glossary
entry or passage ends like a sentence ("...for an unveil cost of {X}."), a cut one stops
mid-word ("...redirected to you wil"). The last *record* is judged, not the last byte: files
may end without a newline, in blank lines, or in skipped page furniture (the forum post ends in
forum chrome).
"""

from __future__ import annotations

import re

from .accounting import LineUse
from .source import SourceError, SourceText

# How a complete sentence, list item or rules line may end: punctuation, a closing bracket or
# quote, or a mana symbol ({X}). A bare number is not an ending: "See rule 70" may be "See rule 704.".
_COMPLETE_ENDING = re.compile(r"""[.!?:;)\]}"'”’»…*_]$""")


def last_record_line(source: SourceText, uses: list[LineUse]) -> tuple[int, str] | None:
    """The last source line that belongs to a record (skipped lines do not count)."""
    for use in reversed(uses):
        if use.table != "skipped":
            return use.line, source.lines[use.line - 1].strip()
    return None


def check_complete(source: SourceText, uses: list[LineUse]) -> None:
    """Raise SourceError naming the line if the document's last record is cut off mid-sentence."""
    last = last_record_line(source, uses)
    if last is None:
        return
    line, text = last
    if not _COMPLETE_ENDING.search(text):
        raise SourceError(
            source.name,
            f"the document stops in the middle of a sentence ({_tail(text)!r}): it looks cut off. "
            "Copy the complete file again.",
            line,
        )


def _tail(text: str, length: int = 40) -> str:
    return text if len(text) <= length else "…" + text[-length:]
