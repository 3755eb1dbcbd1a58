"""Refuse a document that stops in the middle of its last record.

A copy cut short (a download that stopped, ``head -c``) still parses: every line it has is
accounted for, and it would quietly replace the complete document with fewer cards and notes.
What gives it away is its structure: a parser that knows what the document promises (the
official rules' table of contents lists every section and chapter) refuses a copy that stops
before it delivers; and the last record of the content, the last rule, card note or glossary
entry, ends like a sentence ("...for an unveil cost of {X}."), where a cut one stops mid-word
("...redirected to you wil").

The last *record of the content* is judged, never the last byte: files end without a newline,
in blank lines, in skipped page furniture (the forum post ends in forum chrome), or in the
publisher's closing matter, credits and trademark notices that need no full stop ("...are
trademarks of Viacom International Inc"). A parser marks where that closing matter begins
(``ParsedDocument.closing_line``).
"""

from __future__ import annotations

import re

from .accounting import LineUse
from .records import ParsedDocument
from .source import SourceError, SourceText

# How a complete sentence, list item or rules line may end: punctuation, a closing bracket or
# quote, or a mana symbol ({X}). A bare number is not an ending: "See rule 70" may be "See rule 704.".
_COMPLETE_ENDING = re.compile(r"""[.!?:;)\]}"'”’»…*_]$""")


def last_record_line(source: SourceText, uses: list[LineUse], before: int | None = None) -> tuple[int, str] | None:
    """The last source line that belongs to a record (skipped lines do not count), before line
    ``before`` if given."""
    for use in reversed(uses):
        if use.table != "skipped" and (before is None or use.line < before):
            return use.line, source.lines[use.line - 1].strip()
    return None


def check_complete(source: SourceText, parsed: ParsedDocument, uses: list[LineUse]) -> None:
    """Raise SourceError naming the line if the content's last record is cut off mid-sentence."""
    last = last_record_line(source, uses, parsed.closing_line)
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
