"""Link text rows to the rules they cite and the cards they mention.

Runs after every document is written, because a Treachery rule may cite the comprehensive
rules, and a card note may mention a card of another document.
"""

from __future__ import annotations

import re

import sqlite_utils

from rulebook.db.families import OFFICIAL, current_document
from rulebook.ingest.numbers import ancestors, canonical, section_of
from rulebook.ingest.records import COMPREHENSIVE_RULES, TREACHERY_RULES
from rulebook.ingest.references import COMPREHENSIVE, SELF, find_citations

from .tables import citing_tables, mentioning_tables


class RuleIndex:
    """Find a rule row by document and number, or its nearest existing ancestor."""

    def __init__(self, db: sqlite_utils.Database):
        self.rules: dict[tuple[int, str], int] = {}
        self.sections: set[tuple[int, str]] = set()
        for row in db.query("select id, document_id, canonical from rules"):
            self.rules[(row["document_id"], row["canonical"])] = row["id"]
            self.sections.add((row["document_id"], section_of(row["canonical"])))
        for row in db.query("select document_id, number from headings where level = 'section'"):
            self.sections.add((row["document_id"], row["number"]))

    def resolve(self, document_id: int | None, number: str) -> tuple[int | None, str]:
        """(rule id, how): how is "exact", "ancestor", "section" or "unresolved"."""
        if document_id is None:
            return None, "unresolved"
        wanted = canonical(number)
        if (document_id, wanted) in self.rules:
            return self.rules[(document_id, wanted)], "exact"
        for ancestor in ancestors(wanted):
            if (document_id, ancestor) in self.rules:
                return self.rules[(document_id, ancestor)], "ancestor"
        if "." not in wanted and (document_id, wanted) in self.sections:
            return None, "section"
        return None, "unresolved"


def comprehensive_document(db: sqlite_utils.Database) -> int | None:
    """The comprehensive rules that "official rule N" points at: the current edition loaded."""
    document = current_document(db, OFFICIAL)
    return document["id"] if document else None


def cited_documents(text: str, document_id: int, kinds: dict[int, str], official: int | None):
    """Each citation in a text row of ``document_id`` with the document it points at.

    A bare number means the Treachery document itself, or the comprehensive rules from any
    other document; "official" always means the comprehensive rules (which, inside the
    comprehensive rules, is the document itself). The build and the page renderer both ask here.
    """
    kind = kinds.get(document_id)
    bare = SELF if kind == TREACHERY_RULES else COMPREHENSIVE
    for citation in find_citations(text, bare):
        if citation.target == SELF or kind == COMPREHENSIVE_RULES:
            yield citation, document_id
        else:
            yield citation, official


def link_references(db: sqlite_utils.Database) -> None:
    index = RuleIndex(db)
    official = comprehensive_document(db)
    kinds = {row["id"]: row["kind"] for row in db.query("select id, kind from documents")}
    references = []
    for declared in citing_tables():
        table, columns = declared.name, declared.text_columns
        rule_column, card_column = declared.owner_column("rule"), declared.owner_column("card")
        extra = ", ".join(
            filter(None, [rule_column and f"{rule_column} as _rule", card_column and f"{card_column} as _card"])
        )
        sql = f"select id, document_id, {', '.join(columns)}{', ' + extra if extra else ''} from {table}"
        for row in db.query(sql):
            text = "\n".join(row[column] or "" for column in columns)
            for citation, target_document in cited_documents(text, row["document_id"], kinds, official):
                rule_id, how = index.resolve(target_document, citation.number)
                references.append(
                    {
                        "document_id": row["document_id"],
                        "source_table": table,
                        "source_id": row["id"],
                        "from_rule_id": row.get("_rule"),
                        "from_card_id": row.get("_card"),
                        "cited_as": citation.number,
                        "target": citation.target,
                        "target_document_id": target_document,
                        "rule_id": rule_id,
                        "resolution": how,
                    }
                )
    db["rule_references"].insert_all(references)
    for row in list(db.query("select id, quotes_rule from glossary where quotes_rule is not null")):
        rule_id, _ = index.resolve(official, row["quotes_rule"])
        db["glossary"].update(row["id"], {"quoted_rule_id": rule_id})


def _name_pattern(names: list[str]) -> re.Pattern | None:
    names = sorted({name for name in names if len(name.split()) >= 2}, key=len, reverse=True)
    if not names:
        return None
    return re.compile(r"(?<![\w])(" + "|".join(re.escape(name) for name in names) + r")(?![\w])")


def link_mentions(db: sqlite_utils.Database, explicit: list[dict]) -> None:
    """Card mentions: the ones a document linked explicitly ([Name](#)), and notes, FAQ answers
    and mechanics that name a card of their own document (names of two words or more)."""
    cards_by_name: dict[str, list[dict]] = {}
    for card in db.query("select id, document_id, name from cards"):
        cards_by_name.setdefault(card["name"].lower(), []).append(card)
        for door in card["name"].split(" // ")[1:] + card["name"].split(" // ")[:1]:
            if door != card["name"]:
                cards_by_name.setdefault(door.lower(), []).append(card)

    def card_for(name: str, document_id: int) -> int | None:
        candidates = cards_by_name.get(name.lower(), [])
        same = [card for card in candidates if card["document_id"] == document_id]
        return (same or candidates or [{"id": None}])[0]["id"]

    mentions = []
    seen = set()
    for mention in explicit:
        mention = dict(mention, card_id=card_for(mention["card_name"], mention["document_id"]), how="link")
        seen.add((mention["source_table"], mention["source_id"], mention["card_id"] or mention["card_name"]))
        mentions.append(mention)
    for document in db.query("select id from documents"):
        document_id = document["id"]
        names = [row["name"] for row in db.query("select name from cards where document_id = ?", [document_id])]
        names += [door for name in names for door in name.split(" // ") if " // " in name]
        pattern = _name_pattern(names)
        if not pattern:
            continue
        for declared in mentioning_tables():
            table, text_column, owner = declared.name, declared.mention_column, declared.owner_column("card")
            owner_sql = f"{owner} as owner" if owner else "null as owner"
            sql = f"select id, {text_column} as text, {owner_sql} from {table} where document_id = ?"
            for row in db.query(sql, [document_id]):
                for match in pattern.finditer(row["text"] or ""):
                    card_id = card_for(match.group(1), document_id)
                    key = (table, row["id"], card_id)
                    if card_id == row["owner"] or key in seen:
                        continue
                    seen.add(key)
                    mentions.append(
                        {
                            "document_id": document_id,
                            "source_table": table,
                            "source_id": row["id"],
                            "from_card_id": row["owner"],
                            "card_name": match.group(1),
                            "card_id": card_id,
                            "how": "name",
                        }
                    )
    db["card_mentions"].insert_all(mentions)
