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

import datetime
import functools
import itertools
import re
import sqlite3

import sqlite_utils

from rulebook.ingest.formats import FAMILY_PREFERENCE, FORMATS, OFFICIAL_FORMAT, family_of
from rulebook.ingest.records import TREACHERY_RULES

TREACHERY = FORMATS[TREACHERY_RULES].family
OFFICIAL = OFFICIAL_FORMAT.family

__all__ = ["FAMILY_PREFERENCE", "OFFICIAL", "TREACHERY", "family_of"]


def _version_key(version: str | None) -> tuple:
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part)
        for part in re.findall(r"\d+|[a-z]+", (version or "").lower())
    )


def edition_key(document: dict) -> tuple:
    """Two documents with the same key are one edition: same effective date and version."""
    return (document["effective_date"] or "", _version_key(document["version"]))


def _older(a: dict, b: dict) -> int:
    """Order two editions of a family: by effective date when both have one, else by version;
    a document with neither comes first (and is reported as undated, see ``edition_warnings``)."""
    if a["effective_date"] and b["effective_date"] and a["effective_date"] != b["effective_date"]:
        return -1 if a["effective_date"] < b["effective_date"] else 1
    va, vb = _version_key(a["version"]), _version_key(b["version"])
    if va != vb and va and vb:
        return -1 if va < vb else 1
    if bool(a["effective_date"] or va) != bool(b["effective_date"] or vb):
        return -1 if not (a["effective_date"] or va) else 1
    return 0


def assign_editions(db: sqlite_utils.Database) -> None:
    """Fill ``family``, ``edition``, ``is_current`` and ``primary_id`` of every document."""
    documents = list(db.query("select id, slug, kind, version, effective_date, is_excerpt from documents"))
    by_family: dict[str, list[dict]] = {}
    for document in documents:
        by_family.setdefault(family_of(document["kind"], document["slug"]), []).append(document)
    updates = []
    for family, members in by_family.items():
        excerpts = [doc for doc in members if doc["is_excerpt"] and not doc["effective_date"]]
        whole = [doc for doc in members if doc not in excerpts] or excerpts[:1]
        excerpts = [doc for doc in excerpts if doc not in whole]
        whole.sort(key=lambda doc: (len(doc["slug"]), doc["slug"]))
        whole.sort(key=functools.cmp_to_key(_older))  # stable: the shortest slug first in an edition
        edition, primaries, previous = 0, {}, None
        for document in whole:
            if previous is None or edition_key(document) != edition_key(previous):
                edition += 1
            primaries.setdefault(edition, document["id"])
            document.update(family=family, edition=edition, primary_id=primaries[edition])
            previous = document
        for excerpt in excerpts:
            holder = _edition_holding(db, excerpt, [doc for doc in whole if doc["id"] == doc["primary_id"]])
            if holder:  # a second source of the edition whose rules it holds
                excerpt.update(family=family, edition=holder["edition"], primary_id=holder["id"])
            else:  # out of the family's history: no edition is known to hold its rules
                excerpt.update(family=family, edition=0, primary_id=excerpt["id"])
        for document in whole + excerpts:
            updates.append(
                {
                    "id": document["id"],
                    "family": family,
                    "edition": document["edition"],
                    "is_current": int(document["edition"] == edition),
                    "primary_id": document["primary_id"],
                }
            )
    db["documents"].upsert_all(updates, pk="id")


def _rule_texts(db: sqlite_utils.Database, document_id: int) -> dict[str, str]:
    rows = db.query("select canonical, title, text from rules where document_id = ?", [document_id])
    return {row["canonical"]: " ".join(f"{row['title'] or ''} {row['text'] or ''}".split()) for row in rows}


def _edition_holding(db: sqlite_utils.Database, excerpt: dict, candidates: list[dict]) -> dict | None:
    """The dated edition that prints every rule of ``excerpt`` with the same text (of several,
    the one with the fewest rules beyond it), or None."""
    wanted = _rule_texts(db, excerpt["id"])
    holders = []
    for candidate in candidates:
        if not candidate["effective_date"]:
            continue
        texts = _rule_texts(db, candidate["id"])
        if wanted and all(texts.get(number) == text for number, text in wanted.items()):
            holders.append((len(texts), candidate["effective_date"], candidate))
    return min(holders, key=lambda holder: holder[:2])[2] if holders else None


def editions(db: sqlite_utils.Database, family: str) -> list[dict]:
    """The primary source of each edition of ``family``, oldest first (an excerpt kept out of
    the history, edition 0, is not one)."""
    return list(
        db.query(
            "select * from documents where family = ? and id = primary_id and edition > 0 order by edition", [family]
        )
    )


def edition_pairs(db: sqlite_utils.Database) -> list[tuple[dict, dict]]:
    """(previous, edition) for every edition that has a previous one, family by family."""
    families = [row["family"] for row in db.query("select distinct family from documents order by family")]
    return [pair for family in families for pair in itertools.pairwise(editions(db, family))]


def edition_warnings(db: sqlite_utils.Database) -> dict[str, list[str]]:
    """What the build summary must say about where documents were placed: {slug: [warning]}.

    An undated document is ordered by its version, or, with no version either, placed before
    the dated editions of its family. Two sources of one edition whose rules differ are both
    kept; the rules that differ are listed.
    """
    warnings: dict[str, list[str]] = {}
    documents = list(db.query("select * from documents order by family, edition, id"))
    primaries = {doc["id"]: doc for doc in documents}
    for document in documents:
        if document["effective_date"] or not FORMATS[document["kind"]].has_editions:
            continue
        primary = primaries[document["primary_id"]]
        if document["is_excerpt"] and document["edition"] == 0:
            where = (
                f"kept out of the history and the feed of {document['family']}: no loaded edition prints "
                "its rules word for word"
            )
        elif document["is_excerpt"] and primary["id"] != document["id"]:
            where = f"filed as a partial copy of {primary['slug']}, which prints its rules word for word"
        elif document["version"]:
            where = (
                f"ordered by its version {document['version']} (edition {document['edition']} of {document['family']})"
            )
        else:
            where = f"placed before the dated editions (edition {document['edition']} of {document['family']})"
        warnings.setdefault(document["slug"], []).append(f"undated: no effective date, so {where}.")
    for document in documents:
        if document["id"] == document["primary_id"] or document["is_excerpt"]:
            continue
        primary = primaries[document["primary_id"]]
        differing = _differing_rules(db, primary["id"], document["id"])
        if differing:
            shown = ", ".join(differing[:20]) + (f" and {len(differing) - 20} more" if len(differing) > 20 else "")
            warnings.setdefault(document["slug"], []).append(
                f"same edition as {primary['slug']}, but these rules differ: {shown}. Both are kept; "
                f"{primary['slug']}'s rules are the ones shown."
            )
    return warnings


def _differing_rules(db: sqlite_utils.Database, first: int, second: int) -> list[str]:
    """Numbers of the rules whose title or text differ between two documents, or that only one has."""
    sql = "select canonical, number, coalesce(title, '') || char(10) || coalesce(text, '') as body from rules where document_id = ?"
    a = {row["canonical"]: row for row in db.query(sql, [first])}
    b = {row["canonical"]: row for row in db.query(sql, [second])}
    numbers = [
        (a.get(key) or b[key])["number"]
        for key in sorted(a.keys() | b.keys(), key=lambda key: (a.get(key) or b[key])["number"])
        if key not in a or key not in b or " ".join(a[key]["body"].split()) != " ".join(b[key]["body"].split())
    ]
    return numbers


def today() -> str:
    """The day an answer without ``as_of`` is for (YYYY-MM-DD)."""
    return datetime.date.today().isoformat()


def is_upcoming(document: dict, day: str | None = None) -> bool:
    """An edition published before it takes effect, whose effective date is after ``day`` (today)."""
    return bool(document.get("effective_date")) and document["effective_date"] > (day or today())


def in_force_documents(db: sqlite_utils.Database, documents: list[dict], day: str | None = None) -> list[dict]:
    """``documents`` without the upcoming editions of families that have an edition in force on
    ``day`` (today): answers come from the edition in force until the upcoming one takes effect."""
    day = day or today()
    upcoming = {doc["id"] for doc in documents if is_upcoming(doc, day)}
    in_force = {
        doc["family"] for doc in db.query("select family, effective_date from documents") if not is_upcoming(doc, day)
    }
    return [doc for doc in documents if doc["id"] not in upcoming or doc["family"] not in in_force]


def in_force_edition(db: sqlite_utils.Database, family: str, day: str | None = None) -> dict | None:
    """The edition of ``family`` in force on ``day`` (today)."""
    return edition_in_force(db, family, day or today())


def upcoming_edition(db: sqlite_utils.Database, family: str, day: str | None = None) -> dict | None:
    """The next edition of ``family`` to take effect after ``day`` (today), or None."""
    later = [doc for doc in editions(db, family) if is_upcoming(doc, day)]
    return min(later, key=lambda doc: doc["effective_date"]) if later else None


def upcoming_day(db: sqlite_utils.Database) -> str | None:
    """Today, when some family has an edition that takes effect later (so an answer without
    ``as_of`` must pick the editions in force today); else None."""
    day = today()
    try:
        later = db.execute(
            "select 1 from documents where effective_date > ? and id = primary_id and edition > 0 limit 1", [day]
        ).fetchone()
    except sqlite3.OperationalError:  # a database an older rulebook made: it has no editions to choose from
        return None
    return day if later else None


def document_date(document: dict) -> str | None:
    """When a document's set or edition came out, to order sets newest first: a set's official
    release date where its release notes give it, else the document's effective date."""
    return document.get("release_date") or document.get("effective_date")


def documents_in_preference_order(db: sqlite_utils.Database) -> list[dict]:
    """Every document, the order a lookup without a document tries them in: current editions
    before older ones, Treachery before the official rules before the rest (newest set first)."""
    documents = list(db.query("select * from documents"))

    def preference(doc: dict) -> tuple:
        family_rank = FAMILY_PREFERENCE.index(doc["family"]) if doc["family"] in FAMILY_PREFERENCE else 99
        return (family_rank, -doc["edition"], doc["id"] != doc["primary_id"], doc["slug"])

    by_slug = sorted(documents, key=preference)
    by_date = sorted(by_slug, key=lambda doc: document_date(doc) or "", reverse=True)  # stable
    return sorted(by_date, key=lambda doc: preference(doc)[:3])


def current_documents(db: sqlite_utils.Database) -> list[dict]:
    """The primary source of each family's current edition, in load order (the build's search
    tables ask it in their own statements, joined with what they read)."""
    return list(db.query("select * from documents where is_current = 1 and id = primary_id order by id"))


def current_editions(db: sqlite_utils.Database) -> dict[str, str]:
    """Each family's current edition: family -> the slug of its primary source."""
    return {document["family"]: document["slug"] for document in current_documents(db)}


def current_document(db: sqlite_utils.Database, family: str) -> dict | None:
    """The primary source of ``family``'s current edition, or None when none is loaded."""
    return next((document for document in current_documents(db) if document["family"] == family), None)


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


def pinned_edition(db: sqlite_utils.Database, family: str, date: str | None) -> tuple[dict | None, str | None]:
    """(edition, notice): the edition of ``family`` a document dated ``date`` cites: the one in
    force that day; else the nearest loaded, with a notice saying so; the current one when the
    citing document is undated."""
    if date:
        in_force = edition_in_force(db, family, date)
        if in_force:
            return in_force, None
    loaded = editions(db, family)
    if not loaded:
        return None, None
    if not date:
        return loaded[-1], None
    dated = [doc for doc in loaded if doc["effective_date"]]
    nearest = min(dated, key=lambda doc: doc["effective_date"]) if dated else loaded[-1]
    when = nearest["effective_date"] or "undated"
    return nearest, (f"No edition of {family} in force on {date} is loaded; this points at {nearest['slug']} ({when}).")
