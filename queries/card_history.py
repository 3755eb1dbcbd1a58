"""A card's notes from every loaded set, newest set first: what each set said about it.

Cards are reprinted, in Commander products especially, and each set's release notes repeat or
change their notes. A card page shows them all: a note printed again is shown once, under the
newest set that printed it, saying where else it appeared; a note a later set reworded is shown
with its changes from the earlier wording (word by word, as a rule's history is). The page and
the card's JSON both read ``notes_in_every_set``.
"""

from __future__ import annotations

import sqlite_utils
from rapidfuzz import fuzz

from rulebook.db.families import document_date
from rulebook.db.lineage import comparable
from rulebook.urls import card_url

from .citations import cite, document_name
from .compare import word_diff

# How alike (rapidfuzz's ratio, 0-100) a later set's note must be to an earlier one to be that
# note reworded rather than a new note: a changed clause keeps most of the words around it.
REWORDED = 70


def _key(text: str) -> str:
    """The note as compared for "printed again": quotes, spaces and letter case aside."""
    return comparable(text).casefold()


def _set(document: dict, name: str) -> dict:
    return {
        "document": document["slug"],
        "set": document.get("set_name") or document_name(document),
        "date": document_date(document),
        "url": card_url(name, document["slug"]),
    }


def notes_in_every_set(db: sqlite_utils.Database, name: str) -> list[dict]:
    """[{document, set, date, url, notes: [...]}], newest set first, for every document with a
    card called ``name``; each note has its text, position, url and citation, ``also_in`` (the
    older sets that printed it word for word) and ``changed_from`` (the older set's wording and
    the word diff to this one), or None."""
    printed = list(
        db.query(
            """select c.id as card_id, c.name, d.* from cards c join documents d on d.id = c.document_id
               where c.name = ? collate nocase""",
            [name],
        )
    )
    printed.sort(key=lambda row: (document_date(row) or "", row["slug"]))  # oldest first
    shown: list[dict] = []
    for row in printed:
        where = _set(row, row["name"])
        fresh: list[dict] = []
        for note in db.query("select * from card_notes where card_id = ? order by position", [row["card_id"]]):
            entry = {
                "id": note["id"],
                "document_id": note["document_id"],
                "text": note["text"],
                "group_heading": note["group_heading"],
                "position": note["position"],
                "url": f"{where['url']}#note-{note['position']}",
                "citation": cite(row, row["name"], f"note {note['position']}"),
                "key": _key(note["text"]),
                "set": where,
                "also_in": [],
                "changed_from": None,
            }
            older = [earlier for earlier in shown if earlier["set"] is not where]
            again = next((earlier for earlier in older if earlier["key"] == entry["key"]), None)
            if again is not None:  # printed again: shown once, under the newest set that printed it
                entry["also_in"] = [*again["also_in"], again["set"]]
                entry["changed_from"] = again["changed_from"]
                shown.remove(again)
            else:
                alike = max(older, key=lambda earlier: fuzz.ratio(earlier["key"], entry["key"]), default=None)
                if alike is not None and fuzz.ratio(alike["key"], entry["key"]) >= REWORDED:
                    entry["changed_from"] = {
                        **alike["set"],
                        "text": alike["text"],
                        "diff": word_diff(alike["text"], entry["text"]),
                    }
                    shown.remove(alike)
            fresh.append(entry)
        shown.extend(fresh)
    sets = []
    for row in reversed(printed):  # newest first
        notes = [
            {key: value for key, value in note.items() if key not in ("key", "set")}
            for note in shown
            if note["set"]["document"] == row["slug"]
        ]
        sets.append({**_set(row, row["name"]), "notes": sorted(notes, key=lambda note: note["position"])})
    return sets
