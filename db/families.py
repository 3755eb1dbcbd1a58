"""Families and editions: the one place that decides which body of rules a document belongs to,
the order of its editions, and which edition is current.

A *family* is one body of rules that evolves: the Treachery rules, the official comprehensive
rules, one set's release notes. Its *editions* are ordered by effective date (then version).
Two documents of one family with the same version and effective date are one edition with two
sources (Treachery 1.1 and its forum post); the first of them by slug is the edition's primary
source, the one whose rules are shown and found.

The build stores the answer in the ``documents`` table (``family``, ``edition``, ``is_current``,
``primary_id``); everything else reads it from there through the functions below.
"""

from __future__ import annotations

import re

import sqlite_utils

from rulebook.ingest.records import COMPREHENSIVE_RULES, TREACHERY_RULES

TREACHERY = "treachery"
OFFICIAL = "comprehensive-rules"

# Families a judge reaches for first: where a rule number without a document is looked up.
FAMILY_PREFERENCE = (TREACHERY, OFFICIAL)


def family_of(kind: str, slug: str) -> str:
    """The family of a document of ``kind`` called ``slug``: each set's release notes are one."""
    if kind == TREACHERY_RULES:
        return TREACHERY
    if kind == COMPREHENSIVE_RULES:
        return OFFICIAL
    return slug


def _version_key(version: str | None) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.findall(r"\d+|[a-z]+", (version or "").lower()))


def edition_key(document: dict) -> tuple:
    """Oldest first: by effective date, then version (an undated edition sorts by version alone)."""
    return (document["effective_date"] or "", _version_key(document["version"]))


def assign_editions(db: sqlite_utils.Database) -> None:
    """Fill ``family``, ``edition``, ``is_current`` and ``primary_id`` of every document."""
    documents = list(db.query("select id, slug, kind, version, effective_date from documents"))
    by_family: dict[str, list[dict]] = {}
    for document in documents:
        by_family.setdefault(family_of(document["kind"], document["slug"]), []).append(document)
    updates = []
    for family, members in by_family.items():
        members.sort(key=lambda doc: (edition_key(doc), len(doc["slug"]), doc["slug"]))
        keys = sorted({edition_key(doc) for doc in members})
        primaries: dict[tuple, int] = {}
        for document in members:
            key = edition_key(document)
            primaries.setdefault(key, document["id"])
            updates.append(
                {
                    "id": document["id"],
                    "family": family,
                    "edition": keys.index(key) + 1,
                    "is_current": int(key == keys[-1]),
                    "primary_id": primaries[key],
                }
            )
    db["documents"].upsert_all(updates, pk="id")


def documents_in_preference_order(db: sqlite_utils.Database) -> list[dict]:
    """Every document, the order a lookup without a document tries them in: current editions
    before older ones, Treachery before the official rules before the rest, newest first."""
    documents = list(db.query("select * from documents"))

    def preference(doc: dict) -> tuple:
        family_rank = FAMILY_PREFERENCE.index(doc["family"]) if doc["family"] in FAMILY_PREFERENCE else 99
        return (family_rank, -doc["edition"], doc["id"] != doc["primary_id"], doc["slug"])

    return sorted(documents, key=preference)


def current_document(db: sqlite_utils.Database, family: str) -> dict | None:
    """The primary source of ``family``'s current edition, or None when none is loaded."""
    rows = list(
        db.query(
            "select * from documents where family = ? and is_current = 1 and id = primary_id limit 1",
            [family],
        )
    )
    return rows[0] if rows else None


def superseded_documents(db: sqlite_utils.Database) -> set[int]:
    """Documents of an edition older than their family's current one (Treachery 1.1 once 6.0 is in)."""
    return {row["id"] for row in db.query("select id from documents where is_current = 0")}


def edition_in_force(db: sqlite_utils.Database, family: str, as_of: str) -> dict | None:
    """The primary source of the edition of ``family`` in force on ``as_of`` (YYYY-MM-DD): the
    latest one effective on or before that day; None when the family has none that old."""
    rows = list(
        db.query(
            """select * from documents where family = ? and id = primary_id
               and effective_date is not null and effective_date <= ?
               order by edition desc limit 1""",
            [family, as_of],
        )
    )
    return rows[0] if rows else None
