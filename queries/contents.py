"""What the knowledge base holds, as entry points: the home page and each document's contents.

The home page is short enough for a phone: the documents, one line each, the newest changes
and the way to the checker. Each document has its own contents page (/documents/{slug}): its
parts, sections and rules, identity cards by role or release-notes cards by section, and its
FAQ questions, glossary entries and mechanics, each linked to its own page.
"""

from __future__ import annotations

from urllib.parse import urlencode

import sqlite_utils

from rulebook.db.families import documents_in_preference_order, edition_pairs
from rulebook.ingest.formats import FORMATS
from rulebook.urls import DATABASE, compare_url, document_url, row_url, rule_url

from .compare import counts_sentence, edition_changes
from .entries import entries_of_document
from .rules import document_sections, section_heading

RECENT_CHANGES = 5  # editions the home page lists under "What changed recently"


def _count(db: sqlite_utils.Database, table: str, document_id: int) -> int:
    return next(db.query(f"select count(*) as n from {table} where document_id = ?", [document_id]))["n"]


def _summary(db: sqlite_utils.Database, doc: dict, previous: dict[int, str]) -> dict:
    """One document as the home page and its contents page head it."""
    entry = {key: doc[key] for key in ("slug", "title", "kind", "version", "effective_date", "source_file")}
    entry.update(
        family=doc["family"],
        is_current=bool(doc["is_current"]),
        rules=_count(db, "rules", doc["id"]),
        cards=_count(db, "cards", doc["id"]),
        url=document_url(doc["slug"]),
        row_url=row_url("documents", doc["id"]),
        compare_url=compare_url(previous[doc["id"]], doc["slug"]) if doc["id"] in previous else None,
    )
    return entry


def home_page(db: sqlite_utils.Database) -> dict:
    """The documents (current editions first), the newest changes, counts for the checker's link."""
    previous = {edition["id"]: older["slug"] for older, edition in edition_pairs(db)}
    changes = [
        {**change, "summary": counts_sentence(change["counts"])} for change in edition_changes(db, RECENT_CHANGES)
    ]
    return {
        "documents": [_summary(db, doc, previous) for doc in documents_in_preference_order(db)],
        "changes": changes,
    }


def document_contents(db: sqlite_utils.Database, slug: str) -> dict:
    """What /documents/{slug} shows; kind "missing" carries the help instead."""
    doc = next(db.query("select * from documents where slug = ?", [slug]), None)
    if doc is None:
        slugs = [row["slug"] for row in documents_in_preference_order(db)]
        return {
            "kind": "missing",
            "error": f"There is no document called {slug!r}. The documents are:",
            "suggestions": [{"label": other, "url": document_url(other)} for other in slugs],
        }
    previous = {edition["id"]: older["slug"] for older, edition in edition_pairs(db)}
    entry = {"kind": "document", **_summary(db, doc, previous)}
    entry["parts"] = _parts(db, doc)
    grouped = FORMATS[doc["kind"]].card_groups
    if grouped:
        column, field = grouped
        entry[field] = [
            {
                column: row["value"],
                "cards": row["n"],
                "url": f"/{DATABASE}/cards?" + urlencode({"document_id": doc["id"], **_is(column, row["value"])}),
            }
            for row in db.query(
                f"select {column} as value, count(*) as n from cards where document_id = ? group by {column} "
                "order by min(position)",
                [doc["id"]],
            )
        ]
    entry.update(entries_of_document(db, doc["id"], doc["slug"]))
    return entry


def _is(column: str, value: str | None) -> dict:
    """Datasette's filter for rows whose ``column`` is ``value`` (or is empty)."""
    return {column: value} if value is not None else {f"{column}__isnull": 1}


def _parts(db: sqlite_utils.Database, doc: dict) -> list[dict]:
    """Parts -> sections -> rules (top-level rules; a rule's page lists its subrules)."""
    rules: dict[str, list[dict]] = {}
    for row in db.query(
        "select number, title, canonical from rules where document_id = ? and not is_subrule order by position",
        [doc["id"]],
    ):
        rules.setdefault(row["canonical"][:3], []).append(
            {"number": row["number"], "title": row["title"], "url": rule_url(doc["slug"], row["number"])}
        )
    part_titles = {
        row["number"]: row["title"]
        for row in db.query("select number, title from headings where document_id = ? and level = 'part'", [doc["id"]])
    }
    parts: list[dict] = []
    for number in document_sections(db, doc["id"]):
        part_number = number[0] if part_titles else None
        if not parts or parts[-1]["number"] != part_number:
            parts.append({"number": part_number, "title": part_titles.get(part_number), "sections": []})
        parts[-1]["sections"].append(
            {**section_heading(db, doc["id"], number), "url": rule_url(doc["slug"], number), "rules": rules[number]}
        )
    return parts
