"""How a judge cites what a page shows: "Treachery CR 6.0, 907.8c", "CR 2026-01-16, 104.2c",
"Treachery CR 6.0, The Oracle, note 3". Pages put it on a copy-citation button, JSON in ``citation``."""

from __future__ import annotations

from rulebook.ingest.formats import FORMATS


def document_name(document: dict) -> str:
    """A document as judges name it in a citation, as its format says (ingest/formats.py)."""
    return FORMATS[document["kind"]].cite_as(document)


def cite(document: dict, *parts: str) -> str:
    """The document's name, then what in it: cite(doc, "907.8c"), cite(doc, "The Oracle", "note 3")."""
    return ", ".join([document_name(document), *parts])
