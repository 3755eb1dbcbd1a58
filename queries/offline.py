"""The whole current rulebook in one download, for a judge with no signal: every rule of the current
Treachery rules and of the current official rules (with its notes), every FAQ entry, glossary entry
and card (its texts and notes) of the current documents, each with the address of its page.

The site's service worker keeps it (rulebook/web/views/offline.py, static/service-worker.js) and,
offline, answers any of those addresses from it, and /offline looks entries up by number, name or
words. Each entry is only what a judge reads (title and text); the pages themselves, with their
history and links, stay online.
"""

from __future__ import annotations

from urllib.parse import unquote

import sqlite_utils

from rulebook.db import families
from rulebook.db.families import current_document, current_documents
from rulebook.urls import card_url, faq_url, glossary_url, rule_url


def _rules(db: sqlite_utils.Database, document: dict) -> list[dict]:
    notes: dict[int, list[str]] = {}
    for row in db.query(
        "select rule_id, text from rule_paragraphs where document_id = ? order by rule_id, position", [document["id"]]
    ):
        notes.setdefault(row["rule_id"], []).append(row["text"])
    return [
        {
            "path": rule_url(document["slug"], row["number"]),
            "kind": "rule",
            "document": document["slug"],
            "number": row["number"],
            "title": f"{row['number']} {row['title']}" if row["title"] else row["number"],
            "text": "\n\n".join([row["text"] or "", *notes.get(row["id"], [])]).strip(),
        }
        for row in db.query(
            "select id, number, title, text from rules where document_id = ? order by position", [document["id"]]
        )
    ]


def _entries(db: sqlite_utils.Database, documents: list[dict]) -> list[dict]:
    found = []
    for document in documents:
        slug = document["slug"]
        for row in db.query(
            "select question, answer from faq where document_id = ? order by position", [document["id"]]
        ):
            found.append(
                {"path": faq_url(slug, row["question"]), "kind": "faq", "document": slug, "title": row["question"],
                 "text": row["answer"]}
            )  # fmt: skip
        for row in db.query(
            "select term, text from glossary where document_id = ? order by position", [document["id"]]
        ):
            found.append(
                {"path": glossary_url(slug, row["term"]), "kind": "glossary", "document": slug, "title": row["term"],
                 "text": row["text"]}
            )  # fmt: skip
    return found


def _cards(db: sqlite_utils.Database, documents: list[dict]) -> list[dict]:
    """One entry per card name: what its page shows first, the newest document's printing and every note."""
    ids = [document["id"] for document in documents]
    marks = ", ".join("?" * len(ids))
    notes: dict[str, list[str]] = {}
    for row in db.query(
        f"""select c.name, n.text from card_notes n join cards c on c.id = n.card_id
            where n.document_id in ({marks}) order by n.document_id desc, n.position""",
        ids,
    ):
        notes.setdefault(row["name"], []).append(row["text"])
    texts: dict[str, list[str]] = {}
    for row in db.query(
        f"select name, type_line, unveil_cost, abilities from card_texts where document_id in ({marks})", ids
    ):
        texts.setdefault(row["name"], []).append(
            "\n".join(
                part
                for part in (row["type_line"], row["unveil_cost"] and f"Unveil {row['unveil_cost']}", row["abilities"])
                if part
            )
        )
    cards: dict[str, dict] = {}
    for row in db.query(
        f"""select d.slug, c.name, c.mana_cost, c.type_line, c.rules_text from cards c
            join documents d on d.id = c.document_id where c.document_id in ({marks})
            order by d.effective_date desc, c.position""",
        ids,
    ):
        if row["name"] in cards:
            continue
        printed = "\n".join(part for part in (row["mana_cost"], row["type_line"], row["rules_text"]) if part)
        cards[row["name"]] = {
            "path": card_url(row["name"]),
            "kind": "card",
            "document": row["slug"],
            "title": row["name"],
            "text": "\n\n".join([printed, *texts.get(row["name"], []), *notes.get(row["name"], [])]).strip(),
        }
    return list(cards.values())


def offline_rulebook(db: sqlite_utils.Database) -> dict:
    """The current rulebook for reading offline: ``entries`` (path, kind, document, title, text, and a
    rule's number) and
    ``aliases`` (another address of an entry, such as /rules/907.8b for the newest rules that have it
    -> the index of its entry). Paths are as a browser shows them decoded ("/cards/The Oracle")."""
    rule_documents = [
        document
        for document in (current_document(db, families.TREACHERY), current_document(db, families.OFFICIAL))
        if document
    ]
    current = current_documents(db)
    entries = [rule for document in rule_documents for rule in _rules(db, document)]
    aliases: dict[str, int] = {}
    for index, entry in enumerate(entries):  # /rules/NUMBER: the Treachery rules first, as rule pages do
        aliases.setdefault(unquote(rule_url(None, entry["number"])), index)
    entries += _entries(db, current) + _cards(db, current)
    for entry in entries:
        entry["path"] = unquote(entry["path"])
    return {
        "documents": [{"slug": doc["slug"], "title": doc["title"], "version": doc["version"]} for doc in current],
        "entries": entries,
        "aliases": aliases,
    }
