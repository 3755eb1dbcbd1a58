"""Results as the public answer shows them: each entry from the source the scope shows, with its
snippet and score; and the first result whole, when it clearly answers."""

from __future__ import annotations

import json

import sqlite_utils

from rulebook.db.families import current_editions

from ..cards import printed_card
from ..rules import listed_rules
from .index import Candidate
from .scope import Scope
from .snippets import snippet


def results(db: sqlite_utils.Database, candidates: list[Candidate], scope: Scope, stems: set[str]) -> list[dict]:
    """The public result of each candidate, from the source the scope shows."""
    if not candidates:
        return []
    sources_of: dict[int, list[dict]] = {candidate.id: [] for candidate in candidates}
    which, parameters = scope.sources_condition()
    cursor = db.conn.execute(
        f"select entry_id, document, edition, earlier, result from search_sources "
        f"where entry_id in ({', '.join('?' * len(sources_of))}) and {which} order by edition desc, rowid",
        [*sources_of, *parameters],
    )
    names = [column[0] for column in cursor.description]
    for row in cursor:
        source = dict(zip(names, row))
        sources_of[source["entry_id"]].append(source)
    # an edition asked for (a document, a day) is no older edition to the judge who asked for it
    current = {} if scope.all_in_force else current_editions(db)
    shown = []
    for candidate in candidates:
        source = scope.source(sources_of[candidate.id], candidate.family)
        shown.append(
            {
                **json.loads(source["result"]),
                "snippet": snippet(candidate.body, stems),
                "score": round(candidate.score, 3),
                "earlier_editions": source["earlier"],
                "not_in": current.get(candidate.family) if candidate.superseded else None,
            }
        )
    return shown


def whole(db: sqlite_utils.Database, candidate: Candidate, result: dict) -> dict:
    """The first result in full, when it clearly answers: a rule with its notes and subrules
    (as its page lists them), the whole ruling, FAQ answer or entry (the page shows it above
    the list)."""
    subrules = []
    if result["kind"] == "rule":
        parent = "parent_id = (select r.id from rules r join documents d on d.id = r.document_id where d.slug = ? and r.number = ?)"
        subrules = [
            {key: subrule[key] for key in ("number", "text", "url")}
            for subrule in listed_rules(db, result["document"], parent, [result["document"], result["number"]])
        ]
    return {key: result.get(key) for key in ("kind", "document", "title", "rule_title", "url")} | {
        "text": (card_data_text(db, result["document"], result["card"]) if result["kind"] == "card" else None)
        or candidate.body,
        "subrules": subrules,
    }


def card_data_text(db: sqlite_utils.Database, document: str, card: str) -> str | None:
    """The text of an identity card, which the Treachery rules print only by name with its notes
    ("The Blood Empress", "Leader"): the card data's, as its page shows it (cards.printed_card)."""
    kind = db.execute(
        "select c.kind from cards c join documents d on d.id = c.document_id where d.slug = ? and c.name = ?",
        [document, card],
    ).fetchone()
    printed = printed_card(db, card) if kind and kind[0] == "identity" else None
    return "\n".join(part for part in (printed["type_line"], printed["abilities"]) if part) if printed else None
