"""Per-document counts: what `rulebook build` summarizes and `rulebook stats` prints."""

from __future__ import annotations

import sqlite_utils

COUNTS = {
    "parts": "select count(*) from headings where document_id = :id and level = 'part'",
    "sections": "select count(*) from headings where document_id = :id and level = 'section'",
    "rules": "select count(*) from rules where document_id = :id and not is_subrule",
    "subrules": "select count(*) from rules where document_id = :id and is_subrule",
    "examples": "select count(*) from rule_paragraphs where document_id = :id and kind = 'example'",
    "rule_notes": "select count(*) from rule_paragraphs where document_id = :id and kind = 'note'",
    "glossary": "select count(*) from glossary where document_id = :id",
    "faq": "select count(*) from faq where document_id = :id",
    "cards": "select count(*) from cards where document_id = :id",
    "card_notes": "select count(*) from card_notes where document_id = :id",
    "mechanics": "select count(*) from mechanics where document_id = :id",
    "card_texts": "select count(*) from card_texts where document_id = :id",
    "references_resolved": "select count(*) from rule_references where document_id = :id and resolution != 'unresolved'",
    "references_unresolved": "select count(*) from rule_references where document_id = :id and resolution = 'unresolved'",
    "skipped_lines": "select count(*) from source_lines where document_id = :id and used_by = 'skipped'",
}


def document_stats(db: sqlite_utils.Database) -> list[dict]:
    """One dict per document, in build order, with every count in COUNTS."""
    summary = []
    for document in db.query("select id, slug, kind, version, effective_date from documents order by id"):
        row = {key: document[key] for key in ("slug", "kind", "version", "effective_date")}
        for name, sql in COUNTS.items():
            row[name] = db.execute(sql, {"id": document["id"]}).fetchone()[0]
        summary.append(row)
    return summary
