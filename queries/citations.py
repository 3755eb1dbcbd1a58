"""How a judge cites what a page shows: "Treachery CR 6.0, 907.8c", "CR 2026-01-16, 104.2c",
"Treachery CR 6.0, The Oracle, note 3". Pages put it on a copy-citation button, JSON in ``citation``."""

from __future__ import annotations

from rulebook.ingest.records import COMPREHENSIVE_RULES, TREACHERY_RULES


def document_name(document: dict) -> str:
    """A document as judges name it in a citation."""
    if document["kind"] == TREACHERY_RULES:
        return f"Treachery CR {document['version']}" if document.get("version") else "Treachery CR"
    if document["kind"] == COMPREHENSIVE_RULES:
        return f"CR {document['effective_date']}" if document.get("effective_date") else "CR (excerpt)"
    return document["title"]


def cite(document: dict, *parts: str) -> str:
    """The document's name, then what in it: cite(doc, "907.8c"), cite(doc, "The Oracle", "note 3")."""
    return ", ".join([document_name(document), *parts])
