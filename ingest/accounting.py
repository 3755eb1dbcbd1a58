"""Prove that nothing was lost: every non-blank source line is in a record or skipped with a reason."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .records import ParsedDocument, Record, tables_of
from .source import SourceError, SourceText


@dataclass(frozen=True)
class LineUse:
    line: int
    table: str  # the kind of record ("rules", "card_notes", ...) or "skipped"
    key: str  # what the record is called: a rule number, a card name, or the skip reason


def _record_uses(parsed: ParsedDocument) -> Iterator[tuple[str, str, Record]]:
    """(table, name, record) for every record, walking the ``rows`` fields the records declare."""
    yield "documents", parsed.info.key(""), parsed.info

    def walk(owner, owner_key: str) -> Iterator[tuple[str, str, Record]]:
        for table, records in tables_of(owner):
            for record in records:
                key = record.key(owner_key)
                yield table, key, record
                yield from walk(record, key)

    yield from walk(parsed, "")


def account_lines(parsed: ParsedDocument, source: SourceText) -> list[LineUse]:
    """Where each non-blank line went; raise naming the first line that went nowhere."""
    uses: dict[int, LineUse] = {}
    for table, key, record in _record_uses(parsed):
        for line in record.lines:
            uses.setdefault(line, LineUse(line, table, key))
    for skipped in parsed.skipped:
        uses.setdefault(skipped.line, LineUse(skipped.line, "skipped", skipped.reason))
    for number, text in source.numbered():
        if text.strip() and number not in uses:
            raise SourceError(
                source.name,
                f"this line was not understood and would be lost: {text.strip()[:80]!r}",
                number,
            )
    return sorted(uses.values(), key=lambda use: use.line)
