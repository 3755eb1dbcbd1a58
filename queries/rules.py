"""Look up a rule by number and gather everything a rule page shows about it.

Used by `rulebook rule`, the rule pages and their JSON, and the scenario checker.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

import sqlite_utils

from ingest.numbers import NUMBER, canonical
from ingest.records import COMPREHENSIVE_RULES, TREACHERY_RULES

_PREFIX = re.compile(r"^\s*(?:(?:official|our|comprehensive)\s+)?(?:rules?|cr)?\s*(?:#|no\.?)?\s*", re.IGNORECASE)
_NUMBER_QUERY = re.compile(rf"^(?P<number>{NUMBER}|\d{{3}})\.?$", re.IGNORECASE)
_LOOSE_NUMBER = re.compile(r"^\d{3}\.(?:\d+|tr\d+|tr[a-z]+-\d+)[a-z]*\.?$|^\d{3}$", re.IGNORECASE)


def as_rule_number(query: str) -> str | None:
    """ "rule 104.3", "CR 508.6", "702.tr02a", "702.TrUnv-3" -> the number; other text -> None."""
    stripped = _PREFIX.sub("", query.strip(), count=1).strip()
    if _LOOSE_NUMBER.match(stripped):
        return stripped.rstrip(".")
    return None


def documents_in_preference_order(db: sqlite_utils.Database) -> list[dict]:
    """Newest Treachery rules first, then the comprehensive rules, then everything else."""
    rank = {TREACHERY_RULES: 0, COMPREHENSIVE_RULES: 1}
    documents = list(db.query("select * from documents"))
    documents.sort(key=lambda doc: (doc["effective_date"] or "", doc["id"]), reverse=True)
    documents.sort(key=lambda doc: rank.get(doc["kind"], 2))
    return documents


@dataclass
class RuleLookup:
    rule: dict | None
    document_slug: str | None
    candidates: list[dict] = field(default_factory=list)  # the same number in other documents
    suggestions: list[str] = field(default_factory=list)  # close numbers when nothing matched


def find_rule(db: sqlite_utils.Database, number: str, document_slug: str | None = None) -> RuleLookup:
    wanted = canonical(as_rule_number(number) or number)
    documents = documents_in_preference_order(db)
    if document_slug:
        documents = [doc for doc in documents if doc["slug"] == document_slug]
        if not documents:
            return RuleLookup(None, document_slug, suggestions=[
                doc["slug"] for doc in documents_in_preference_order(db)
            ])
    matches = []
    for doc in documents:
        row = next(db.query("select * from rules where document_id = ? and canonical = ?", [doc["id"], wanted]), None)
        if row:
            matches.append((doc, row))
    if matches:
        (doc, row), others = matches[0], matches[1:]
        return RuleLookup(row, doc["slug"], [
            {"document": other_doc["slug"], "number": other_row["number"]} for other_doc, other_row in others
        ])
    ids = [doc["id"] for doc in documents]
    known = [r["canonical"] for r in db.query(
        f"select distinct canonical from rules where document_id in ({','.join('?' * len(ids))})", ids
    )] if ids else []
    close = difflib.get_close_matches(wanted, known, n=5, cutoff=0.6)
    numbers = {r["canonical"]: r["number"] for r in db.query("select canonical, number from rules")}
    return RuleLookup(None, document_slug, suggestions=[numbers[c] for c in close])


def _source_summary(db: sqlite_utils.Database, table: str, row_id: int) -> dict:
    """A short description of the row that cites a rule: what it is, where it is, a link."""
    if table in ("rules", "rule_paragraphs"):
        sql = ("select rules.number, rules.text, documents.slug from rules join documents on documents.id = rules.document_id "
               "where rules.id = " + ("?" if table == "rules" else "(select rule_id from rule_paragraphs where id = ?)"))
        row = next(db.query(sql, [row_id]), None)
        kind = "rule" if table == "rules" else "rule note"
        return {"kind": kind, "document": row["slug"], "label": row["number"], "number": row["number"],
                "url": f"/rules/{row['slug']}/{row['number']}"} if row else {}
    if table == "faq":
        row = next(db.query("select faq.question, documents.slug from faq join documents on documents.id = faq.document_id where faq.id = ?", [row_id]))
        return {"kind": "faq", "document": row["slug"], "label": row["question"], "url": f"/{'rulebook'}/faq/{row_id}"}
    if table in ("card_notes", "cards"):
        sql = ("select cards.name, documents.slug from cards join documents on documents.id = cards.document_id where cards.id = "
               + ("?" if table == "cards" else "(select card_id from card_notes where id = ?)"))
        row = next(db.query(sql, [row_id]))
        return {"kind": "card note" if table == "card_notes" else "card", "document": row["slug"],
                "label": row["name"], "card": row["name"], "url": f"/cards/{row['name']}"}
    labels = {"glossary": "term", "mechanics": "name", "passages": "heading", "mechanic_rulings": "id"}
    row = next(db.query(f"select t.{labels.get(table, 'id')} as label, d.slug from {table} t join documents d on d.id = t.document_id where t.id = ?", [row_id]))
    return {"kind": table.rstrip("s").replace("_", " "), "document": row["slug"], "label": str(row["label"] or ""),
            "url": f"/rulebook/{table}/{row_id}"}


def rule_details(db: sqlite_utils.Database, rule_id: int) -> dict:
    """Everything a rule page shows: the rule, its notes, subrules, neighbours, citations."""
    rule = next(db.query("select * from rules where id = ?", [rule_id]))
    document = next(db.query("select * from documents where id = ?", [rule["document_id"]]))
    breadcrumb = []
    parent_id = rule["parent_id"]
    while parent_id:
        parent = next(db.query("select id, number, title, parent_id from rules where id = ?", [parent_id]))
        breadcrumb.insert(0, {"number": parent["number"], "title": parent["title"]})
        parent_id = parent["parent_id"]

    def neighbour(direction: str) -> dict | None:
        op, order = (">", "asc") if direction == "next" else ("<", "desc")
        row = next(db.query(
            f"select number, title from rules where document_id = ? and position {op} ? order by position {order} limit 1",
            [rule["document_id"], rule["position"]],
        ), None)
        return dict(row) if row else None

    cited_by = []
    for reference in db.query(
        "select source_table, source_id, cited_as, resolution from rule_references where rule_id = ? order by id", [rule_id]
    ):
        summary = _source_summary(db, reference["source_table"], reference["source_id"])
        if summary:
            cited_by.append({**summary, "cited_as": reference["cited_as"], "resolution": reference["resolution"]})
    cites = [
        dict(row) for row in db.query(
            """select r.cited_as, r.target, r.resolution, d.slug as document, t.number
               from rule_references r left join documents d on d.id = r.target_document_id
               left join rules t on t.id = r.rule_id
               where (r.source_table = 'rules' and r.source_id = :id)
                  or (r.source_table = 'rule_paragraphs' and r.from_rule_id = :id)
               order by r.id""",
            {"id": rule_id},
        )
    ]
    other_versions = [
        dict(row) for row in db.query(
            """select d.slug as document, d.version, d.effective_date, r.number, r.text, r.title
               from rules r join documents d on d.id = r.document_id
               where r.canonical = ? and d.kind = ? and d.id != ? order by d.effective_date desc""",
            [rule["canonical"], document["kind"], document["id"]],
        )
    ]
    return {
        "document": dict(document),
        "rule": dict(rule),
        "breadcrumb": breadcrumb,
        "paragraphs": [dict(row) for row in db.query("select * from rule_paragraphs where rule_id = ? order by position", [rule_id])],
        "subrules": [dict(row) for row in db.query("select * from rules where parent_id = ? order by position", [rule_id])],
        "previous": neighbour("previous"),
        "next": neighbour("next"),
        "cited_by": cited_by,
        "cites": cites,
        "other_versions": other_versions,
    }
