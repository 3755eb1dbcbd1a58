"""Prove that nothing was lost: every non-blank source line is in a record or skipped with a reason."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .records import ParsedDocument, Record
from .source import SourceError, SourceText


@dataclass(frozen=True)
class LineUse:
    line: int
    table: str  # the kind of record ("rules", "card_notes", ...) or "skipped"
    key: str  # what the record is called: a rule number, a card name, or the skip reason


def _record_uses(parsed: ParsedDocument) -> Iterator[tuple[str, str, Record]]:
    info = parsed.info
    yield "documents", info.title, info
    for row in parsed.versions:
        yield "versions", row.version, row
    for heading in parsed.headings:
        yield "headings", heading.label, heading
    for rule in parsed.rules:
        yield "rules", rule.number, rule
        for paragraph in rule.paragraphs:
            yield "rule_paragraphs", f"{rule.number} {paragraph.kind}", paragraph
    for entry in parsed.glossary:
        yield "glossary", entry.term, entry
    for entry in parsed.faq:
        yield "faq", entry.question, entry
    for passage in parsed.passages:
        yield "passages", passage.heading or "", passage
    for card in parsed.cards:
        yield "cards", card.name, card
        for note in card.notes:
            yield "card_notes", card.name, note
    for mechanic in parsed.mechanics:
        yield "mechanics", mechanic.name, mechanic
        for example in mechanic.examples:
            yield "mechanic_examples", example.name, example
        for ruling in mechanic.rulings:
            yield "mechanic_rulings", mechanic.name, ruling
    for card in parsed.card_texts:
        yield "card_texts", card.name, card
        for ruling in card.rulings:
            yield "card_text_rulings", card.name, ruling


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
