"""Pair identity cards as printed (card data) with the identity cards of the Treachery rules.

The Treachery rules give each identity card's notes; mtgtreachery.net's card data gives the
card itself. The build links each card text to the identity card of the current Treachery
edition with the same name (``card_texts.card_id``) and says which cards only one source has, so
a judge learns that a card page will lack its text or its notes. Pages match by name too, so a
card of an older edition shows the current text.
"""

from __future__ import annotations

import unicodedata

import sqlite_utils

from .families import TREACHERY, current_document


def name_key(name: str) -> str:
    """How card names are matched: case and accents aside ("The Ætherist" = "the aetherist")."""
    folded = unicodedata.normalize("NFKD", name.replace("Æ", "Ae").replace("æ", "ae"))
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).casefold().split())


def link_card_texts(db: sqlite_utils.Database) -> dict[str, list[str]]:
    """Fill ``card_texts.card_id``; return the build's warnings, {document slug: [warning]}."""
    texts = list(db.query("select t.id, t.name, d.slug from card_texts t join documents d on d.id = t.document_id"))
    treachery = current_document(db, TREACHERY)
    if not texts or treachery is None:
        return {}
    cards = {
        name_key(row["name"]): row
        for row in db.query("select id, name from cards where document_id = ? and kind = 'identity'", [treachery["id"]])
    }
    updates = [
        {"id": text["id"], "card_id": cards[name_key(text["name"])]["id"]}
        for text in texts
        if name_key(text["name"]) in cards
    ]
    if updates:
        db["card_texts"].upsert_all(updates, pk="id")
    warnings: dict[str, list[str]] = {}
    printed = {name_key(text["name"]) for text in texts}
    for slug in dict.fromkeys(text["slug"] for text in texts):
        unmatched = [text["name"] for text in texts if text["slug"] == slug and name_key(text["name"]) not in cards]
        if unmatched:
            warnings.setdefault(slug, []).append(
                f"{len(unmatched)} card{'s' if len(unmatched) != 1 else ''} with card text but no identity card in "
                f"{treachery['slug']}: {', '.join(unmatched)}."
            )
    without_text = [card["name"] for key, card in cards.items() if key not in printed]
    if without_text:
        warnings.setdefault(treachery["slug"], []).append(
            f"{len(without_text)} identity card{'s' if len(without_text) != 1 else ''} without card text in the "
            f"card data: {', '.join(without_text)}."
        )
    return warnings
