"""Link text rows to the rules they cite and the cards they mention.

Runs after every document is written, because a Treachery rule may cite the comprehensive
rules, and a card note may mention a card of another document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import sqlite_utils

from rulebook.db.families import OFFICIAL, pinned_edition
from rulebook.ingest.formats import FORMATS
from rulebook.ingest.numbers import ancestors, canonical, section_of
from rulebook.ingest.references import SELF, Citation, find_citations

from .schema import insert_rows
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


@dataclass(frozen=True)
class Resolved:
    """One citation in a text, and where it leads."""

    citation: Citation
    document_id: int | None  # the document it points at
    rule_id: int | None
    resolution: str  # exact, ancestor, section or unresolved
    notice: str | None  # why it points there, when that is not the obvious place


class Citations:
    """Where each rule number in a document's text points: the build stores it in
    ``rule_references`` and the page renderer links it, both by asking here.

    A bare number in a document whose format says so (Treachery's: ingest/formats.py) means that
    document's own rule, unless the document does not define it and the official rules do (1.1's
    "See rule 104.3g"). "Official rule N", and a bare number in any other document, means the
    official rules: the edition in force on
    the citing document's effective date (db/families.py decides which).
    """

    def __init__(self, db: sqlite_utils.Database):
        self.index = RuleIndex(db)
        self.found: dict[tuple[str, str], list[Citation]] = {}
        documents = list(db.query("select id, kind, effective_date from documents"))
        self.formats = {doc["id"]: FORMATS[doc["kind"]] for doc in documents}
        pins: dict[str | None, tuple[int | None, str | None]] = {}
        self.official: dict[int, tuple[int | None, str | None]] = {}
        for doc in documents:
            date = doc["effective_date"]
            if date not in pins:
                edition, notice = pinned_edition(db, OFFICIAL, date)
                pins[date] = (edition["id"] if edition else None, notice)
            self.official[doc["id"]] = (doc["id"], None) if FORMATS[doc["kind"]].official else pins[date]

    def citations_in(self, text: str, bare: str) -> list[Citation]:
        """find_citations, once per distinct text: editions repeat most of their text word for word."""
        key = (text, bare)
        if key not in self.found:
            self.found[key] = find_citations(text, bare)
        return self.found[key]

    def official_for(self, document_id: int) -> int | None:
        """The official edition ``document_id`` cites (itself, inside the official rules)."""
        return self.official.get(document_id, (None, None))[0]

    def resolve(self, text: str, document_id: int) -> Iterator[Resolved]:
        declared = self.formats[document_id]
        official, notice = self.official.get(document_id, (None, None))
        for citation in self.citations_in(text, declared.bare_numbers):
            if citation.target == SELF and not declared.official:
                own = self.index.resolve(document_id, citation.number)
                if own[1] in ("exact", "section") or official is None:
                    yield Resolved(citation, document_id, *own, None)
                    continue
                theirs = self.index.resolve(official, citation.number)
                if theirs[1] != "unresolved":
                    yield Resolved(citation, official, *theirs, notice)
                else:
                    yield Resolved(citation, document_id, *own, None)
            else:
                yield Resolved(citation, official, *self.index.resolve(official, citation.number), notice)


def link_references(db: sqlite_utils.Database) -> None:
    citations = Citations(db)
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
            for found in citations.resolve(text, row["document_id"]):
                references.append(
                    {
                        "document_id": row["document_id"],
                        "source_table": table,
                        "source_id": row["id"],
                        "from_rule_id": row.get("_rule"),
                        "from_card_id": row.get("_card"),
                        "cited_as": found.citation.number,
                        "target": found.citation.target,
                        "target_document_id": found.document_id,
                        "rule_id": found.rule_id,
                        "resolution": found.resolution,
                        "notice": found.notice,
                    }
                )
    insert_rows(db, "rule_references", references)
    for row in list(db.query("select id, document_id, quotes_rule from glossary where quotes_rule is not null")):
        rule_id, _ = citations.index.resolve(citations.official_for(row["document_id"]), row["quotes_rule"])
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
    insert_rows(db, "card_mentions", mentions)
