"""What the knowledge base holds, as the home page's entry points into it.

Documents with their versions and dates, the sections of each Treachery document, identity
cards by role, release-notes cards by section, and each document's FAQ questions, glossary
entries and mechanics, each linked to its own page.
"""

from __future__ import annotations

from urllib.parse import urlencode

import sqlite_utils

from rulebook.db.families import documents_in_preference_order, edition_pairs
from rulebook.ingest.records import RELEASE_NOTES, TREACHERY_RULES
from rulebook.urls import DATABASE, compare_url, row_url, rule_url

from .entries import entries_of_document
from .rules import document_sections, section_heading


def _count(db: sqlite_utils.Database, table: str, document_id: int) -> int:
    return next(db.query(f"select count(*) as n from {table} where document_id = ?", [document_id]))["n"]


def contents(db: sqlite_utils.Database) -> dict:
    documents = []
    previous = {edition["id"]: older["slug"] for older, edition in edition_pairs(db)}
    for doc in documents_in_preference_order(db):
        entry = {key: doc[key] for key in ("slug", "title", "kind", "version", "effective_date", "source_file")}
        entry.update(
            rules=_count(db, "rules", doc["id"]),
            cards=_count(db, "cards", doc["id"]),
            url=row_url("documents", doc["id"]),
            compare_url=compare_url(previous[doc["id"]], doc["slug"]) if doc["id"] in previous else None,
        )
        if entry["rules"]:
            entry["sections"] = [
                {**section_heading(db, doc["id"], number), "url": rule_url(doc["slug"], number)}
                for number in document_sections(db, doc["id"])
            ]
        if doc["kind"] == TREACHERY_RULES:
            entry["roles"] = [
                {
                    "role": row["role"],
                    "cards": row["n"],
                    "url": f"/{DATABASE}/cards?" + urlencode({"document_id": doc["id"], "role": row["role"]}),
                }
                for row in db.query(
                    "select role, count(*) as n from cards where document_id = ? and role is not null group by role order by min(position)",
                    [doc["id"]],
                )
            ]
        if doc["kind"] == RELEASE_NOTES:
            entry["card_sections"] = [
                {
                    "section": row["section"],
                    "cards": row["n"],
                    "url": f"/{DATABASE}/cards?" + urlencode({"document_id": doc["id"], "section": row["section"]}),
                }
                for row in db.query(
                    "select section, count(*) as n from cards where document_id = ? group by section order by min(position)",
                    [doc["id"]],
                )
            ]
        entry.update(entries_of_document(db, doc["id"], doc["slug"]))
        documents.append(entry)
    return {"documents": documents}
