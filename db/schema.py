"""The database's tables, their foreign keys and their full-text indexes.

Foreign keys are declared so Datasette links every row to what it belongs to; every row that
came from a source document carries its document and its first and last source line.
"""

from __future__ import annotations

import sqlite_utils

LINES = {"line_start": int, "line_end": int}

TABLES = {
    "documents": (
        {
            "id": int,
            "slug": str,
            "title": str,
            "kind": str,
            "version": str,
            "effective_date": str,
            "source_file": str,
            "sha256": str,
            "line_count": int,
            "family": str,
            "edition": int,
            "is_current": int,
            "primary_id": int,
        },
        [("primary_id", "documents", "id")],
    ),
    "versions": (
        {"id": int, "document_id": int, "version": str, "changes": str, "release_date": str, **LINES},
        [("document_id", "documents", "id")],
    ),
    "headings": (
        {
            "id": int,
            "document_id": int,
            "position": int,
            "level": str,
            "number": str,
            "title": str,
            "label": str,
            **LINES,
        },
        [("document_id", "documents", "id")],
    ),
    "rules": (
        {
            "id": int,
            "document_id": int,
            "number": str,
            "canonical": str,
            "parent_id": int,
            "parent_number": str,
            "is_subrule": int,
            "sort_key": str,
            "position": int,
            "part": str,
            "section": str,
            "title": str,
            "text": str,
            **LINES,
        },
        [("document_id", "documents", "id"), ("parent_id", "rules", "id")],
    ),
    "rule_paragraphs": (
        {"id": int, "rule_id": int, "document_id": int, "position": int, "kind": str, "text": str, **LINES},
        [("rule_id", "rules", "id"), ("document_id", "documents", "id")],
    ),
    "glossary": (
        {
            "id": int,
            "document_id": int,
            "position": int,
            "term": str,
            "text": str,
            "quotes_rule": str,
            "quoted_rule_id": int,
            **LINES,
        },
        [("document_id", "documents", "id"), ("quoted_rule_id", "rules", "id")],
    ),
    "faq": (
        {"id": int, "document_id": int, "position": int, "question": str, "answer": str, **LINES},
        [("document_id", "documents", "id")],
    ),
    "passages": (
        {"id": int, "document_id": int, "position": int, "heading": str, "text": str, **LINES},
        [("document_id", "documents", "id")],
    ),
    "cards": (
        {
            "id": int,
            "document_id": int,
            "position": int,
            "name": str,
            "kind": str,
            "role": str,
            "section": str,
            "mana_cost": str,
            "type_line": str,
            "power": str,
            "toughness": str,
            "loyalty": str,
            "rules_text": str,
            "no_notes_statement": str,
            "note_count": int,
            **LINES,
        },
        [("document_id", "documents", "id")],
    ),
    "card_notes": (
        {"id": int, "card_id": int, "document_id": int, "position": int, "group_heading": str, "text": str, **LINES},
        [("card_id", "cards", "id"), ("document_id", "documents", "id")],
    ),
    "mechanics": (
        {"id": int, "document_id": int, "position": int, "name": str, "body": str, **LINES},
        [("document_id", "documents", "id")],
    ),
    "mechanic_examples": (
        {
            "id": int,
            "mechanic_id": int,
            "document_id": int,
            "position": int,
            "name": str,
            "mana_cost": str,
            "type_line": str,
            "power": str,
            "toughness": str,
            "rules_text": str,
            "card_id": int,
            **LINES,
        },
        [("mechanic_id", "mechanics", "id"), ("document_id", "documents", "id"), ("card_id", "cards", "id")],
    ),
    "mechanic_rulings": (
        {"id": int, "mechanic_id": int, "document_id": int, "position": int, "text": str, **LINES},
        [("mechanic_id", "mechanics", "id"), ("document_id", "documents", "id")],
    ),
    "rule_references": (
        {
            "id": int,
            "document_id": int,
            "source_table": str,
            "source_id": int,
            "from_rule_id": int,
            "from_card_id": int,
            "cited_as": str,
            "target": str,
            "target_document_id": int,
            "rule_id": int,
            "resolution": str,
        },
        [
            ("document_id", "documents", "id"),
            ("from_rule_id", "rules", "id"),
            ("from_card_id", "cards", "id"),
            ("target_document_id", "documents", "id"),
            ("rule_id", "rules", "id"),
        ],
    ),
    "card_mentions": (
        {
            "id": int,
            "document_id": int,
            "source_table": str,
            "source_id": int,
            "from_card_id": int,
            "card_name": str,
            "card_id": int,
            "how": str,
        },
        [("document_id", "documents", "id"), ("from_card_id", "cards", "id"), ("card_id", "cards", "id")],
    ),
    "source_lines": (
        {"id": int, "document_id": int, "line": int, "text": str, "used_by": str, "record": str},
        [("document_id", "documents", "id")],
    ),
}

# Full-text search (FTS5, porter stemming, accents folded) on every table of text.
SEARCHABLE = {
    "rules": ["number", "title", "text"],
    "rule_paragraphs": ["text"],
    "glossary": ["term", "text"],
    "faq": ["question", "answer"],
    "passages": ["heading", "text"],
    "cards": ["name", "type_line", "rules_text"],
    "card_notes": ["text"],
    "mechanics": ["name", "body"],
    "mechanic_rulings": ["text"],
}
TOKENIZER = "porter unicode61 remove_diacritics 2"

INDEXES = {
    "rules": [["document_id", "canonical"], ["document_id", "sort_key"], ["parent_id"], ["canonical"]],
    "rule_paragraphs": [["rule_id"]],
    "cards": [["name"], ["document_id", "role"]],
    "card_notes": [["card_id"]],
    "rule_references": [["rule_id"], ["source_table", "source_id"], ["from_rule_id"], ["from_card_id"]],
    "card_mentions": [["card_id"], ["card_name"], ["source_table", "source_id"]],
    "source_lines": [["document_id", "line"]],
    "headings": [["document_id", "level", "number"]],
}


def create_tables(db: sqlite_utils.Database) -> None:
    for name, (columns, foreign_keys) in TABLES.items():
        db[name].create(columns, pk="id", foreign_keys=foreign_keys, not_null={"id"})


def create_indexes(db: sqlite_utils.Database) -> None:
    for table, indexes in INDEXES.items():
        for columns in indexes:
            db[table].create_index(columns)
    for table, columns in SEARCHABLE.items():
        db[table].enable_fts(columns, tokenize=TOKENIZER, create_triggers=False)
