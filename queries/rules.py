"""Look up a rule by number and gather everything a rule page shows about it.

Used by `rulebook rule`, the rule pages and their JSON, and the scenario checker.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Annotated, Literal
from urllib.parse import quote

import sqlite_utils
from pydantic import Field, RootModel

from rulebook.db.families import (
    current_editions,
    documents_in_preference_order,
    edition_in_force,
    in_force_documents,
    is_upcoming,
    upcoming_edition,
)
from rulebook.db.tables import TABLES
from rulebook.ingest.numbers import OCCURRENCE_MARK, canonical, looks_like_number, section_of
from rulebook.ingest.rule_titles import rule_title
from rulebook.kinds import KINDS_BY_NAME, label_of
from rulebook.urls import card_url, document_url, row_url, rule_url

from .citations import cite
from .compare import DiffRun, lineage_json, rule_history, rule_lineage, subrule_changes, successor
from .declaring import DOCUMENT_EXAMPLE, Declared, Document, InEdition, PageAnswer, Reference, Url, stored
from .entries import entry_row_link

# The rule page's JSON (/rules/{document}/{number}.json), declared once: the OpenAPI document's
# RulePage and the field tables of docs/api.md are generated from it (rulebook/web/openapi.py).

Rule = stored("Rule", "A rule as stored.", "rules", nullable=("parent_number",), base=PageAnswer)
Paragraph = stored(
    "Paragraph", "A paragraph printed with a rule: a note, an example.", "rule_paragraphs", base=PageAnswer
)


class ListedRule(Rule):
    """A rule in a list (subrules, a section's rules), with its page and its notes."""

    url: Url = Field(description="Its page.")
    paragraphs: list[Paragraph] = Field(description="Its notes and examples, in order.")


class RuleLink(Declared):
    """A neighbouring, parent or section rule."""

    number: str = Field(description="The rule or section number.")
    title: str | None = Field(description="Its title, or null.")
    url: Url = Field(description="Its page.")


class Citation(Declared):
    """A row that cites this rule."""

    kind: str = Field(
        description="What cites it: " + ", ".join(kind.label for kind in KINDS_BY_NAME.values()) + ", or a passage "
        "of prose."
    )
    document: str = Field(description="Its document's slug.")
    label: str = Field(description="What to show: a rule number, a card name, an FAQ question.")
    number: str | None = Field(None, description="For a rule or its note, the rule's number; absent otherwise.")
    card: str | None = Field(None, description="For a card or its note, the card's name; absent otherwise.")
    url: Url = Field(description="Its page.")
    cited_as: str = Field(description="The number as the citing text wrote it.")
    resolution: str = Field(description="How it was resolved: exact, ancestor or section.")


class Candidate(Declared):
    """The same number in another document."""

    document: str = Field(description="The document's slug.")
    number: str = Field(description="The number there.")
    url: Url = Field(description="Its page there.")


class OtherVersion(InEdition):
    """The same number in another document of the same kind (another edition)."""

    number: str = Field(description="The number there.")
    url: Url = Field(description="Its page there.")


class OtherRuleVersion(OtherVersion):
    """The same rule in another edition, with its words there."""

    title: str | None = Field(description="Its title there, or null.")
    text: str = Field(description="Its text there.")


class UpcomingChange(Declared):
    """What the next edition of the rule's family, published but not in force yet, does to it."""

    effective_date: str = Field(description="The day that edition takes effect.")
    document: str = Field(description="That edition's slug.")
    status: Literal["changed", "renumbered", "removed"] = Field(description="What it does to the rule.")
    number: str | None = Field(description="The rule's number there; null when removed.")
    url: Url | None = Field(description="The rule's page there; null when removed.")
    message: str = Field(description="A sentence for the reader: Changes on 2026-01-16: see the new text in ….")


class AsOf(Declared):
    """Which edition a page asked with as_of shows, and the current one of its family."""

    date: str = Field(description="The day asked for (YYYY-MM-DD).")
    document: str = Field(description="The edition in force that day: its slug.")
    effective_date: str | None = Field(description="Its effective date, or null.")
    current: str = Field(description="The slug of the family's current edition.")
    current_url: Url = Field(description="The rule there (when its lineage says where it went), else its contents.")
    is_current: bool = Field(description="true when the edition in force that day is the current one.")


class Reminder(PageAnswer):
    """The Treachery glossary's quotation of an official rule (Reminder: 104.3g)."""

    term: str = Field(description="The glossary term: Reminder: 104.3g.")
    text: str = Field(description="The quoted rule's text.")
    quotes_rule: str = Field(description="The official rule it quotes.")
    document: str = Field(description="The glossary's document.")
    url: Url = Field(description="The glossary entry's page.")


class Edition(InEdition):
    """The rule in one edition of its family."""

    number: str | None = Field(description="The rule's number in it; null when removed.")
    url: Url | None = Field(description="The rule's page in it; null when removed.")


class LineageEntry(Edition):
    """The rule in one edition of its family, oldest first."""

    status: Literal["added", "unchanged", "changed", "renumbered", "removed"] = Field(
        description="What that edition did to it, against the edition before."
    )


class Successor(Edition):
    """Where a rule of an older edition is now, or the edition that removed it."""

    status: Literal["current", "removed"] = Field(description="current: it is in the current edition; removed.")


class SubruleChange(Declared):
    """A subrule added, changed, renumbered or removed in an edition."""

    number: str | None = Field(description="Its number in that edition; null when removed.")
    previous_number: str | None = Field(description="Its number in the edition before; null when added.")
    status: Literal["added", "changed", "renumbered", "removed"] = Field(description="What the edition did to it.")
    text_change: str | None = Field(
        description="How its text changed: none, typography or wording; null when added or removed."
    )


class HistoryEntry(Declared):
    """One step of the rule's history, newest first: an edition that changed it (or its subrules), or a run
    of editions that kept it."""

    status: Literal["added", "changed", "renumbered", "removed", "subrules changed", "unchanged"] = Field(
        description="What happened: unchanged is a run of editions that kept it (from, to, editions)."
    )
    document: str | None = Field(None, description="The edition's slug; absent for unchanged.")
    version: str | None = Field(None, description="Its version; absent for unchanged.")
    effective_date: str | None = Field(None, description="Its effective date; absent for unchanged.")
    number: str | None = Field(None, description="The rule's number in it (null when removed); absent for unchanged.")
    previous_number: str | None = Field(
        None,
        description="Its number in the edition before (null when added); absent for unchanged and subrules changed.",
    )
    url: Url | None = Field(None, description="The rule's page in it (null when removed); absent for unchanged.")
    previous_document: str | None = Field(None, description="The edition before, when there is one.")
    compare_url: Url | None = Field(None, description="The comparison of the two editions, when there is one before.")
    diff: list[DiffRun] | None = Field(
        None, description="changed and renumbered: the word diff from the edition before."
    )
    text_changed: bool | None = Field(None, description="changed and renumbered: whether its words changed.")
    typography_only: bool | None = Field(
        None, description="changed and renumbered: whether only typography changed (quotes, spaces, a letter's case)."
    )
    subrules: list[SubruleChange] | None = Field(None, description="Its subrules that edition changed, when any.")
    from_: str | None = Field(None, alias="from", description="unchanged: the first edition of the run (its date).")
    to: str | None = Field(None, description="unchanged: the last edition of the run (its date).")
    editions: int | None = Field(None, description="unchanged: how many editions the run holds.")


class SectionHeading(Declared):
    """A section of a document."""

    number: str = Field(description="Its number: 907.")
    title: str | None = Field(description="Its title (Treachery), or null.")


class _Page(PageAnswer):
    asked: str = Field(description="The number as asked.")
    notice: str | None = Field(
        description="Why the answer shows another rule than the one asked (a missing subrule's parent, a number "
        "printed twice), or null."
    )
    upcoming: UpcomingChange | None = Field(
        description="What the next edition of its family, published but not in force yet (on as_of, else today), "
        "does to the rule; null when it keeps the rule's words or no such edition is loaded, and for a section."
    )
    candidates: list[Candidate] = Field(
        description="The same number in other documents (asked without a document); empty when the document "
        "is in the address."
    )
    document: Document = Field(description="The document the rule is in.")
    url: Url = Field(description="The rule's (or section's) page.")
    previous: RuleLink | None = Field(description="The rule (or section) before it, or null.")
    next: RuleLink | None = Field(description="The rule (or section) after it, or null.")
    cited_by: list[Citation] = Field(description="Rules, notes, FAQ answers and cards that cite it.")
    as_of: AsOf | None = Field(
        description="Asked with as_of and no document: the edition in force that day and its family's current "
        "one; otherwise null."
    )
    reminder: Reminder | None = Field(
        description="When the answer shows another rule than the one asked (notice): the Treachery glossary's "
        "quotation of the rule asked, if it has one; otherwise null."
    )


class RuleAnswer(_Page):
    """A rule with its notes, subrules, neighbours and citations."""

    kind: Literal["rule"] = Field(description="rule: a rule or subrule.")
    rule: Rule = Field(description="The rule.")
    rule_title: str | None = Field(
        description="What the rule is about: its own title or heading, else its parent's, else its section's "
        "(Trample for 702.19b); the page's heading shows it after the number."
    )
    citation: str = Field(description="How a judge cites it: Treachery CR 6.0, 907.8b.")
    breadcrumb: list[RuleLink] = Field(description="Its section and parent rules, outermost first.")
    paragraphs: list[Paragraph] = Field(description="Its notes and examples, in order.")
    subrules: list[ListedRule] = Field(description="Its subrules, in order.")
    cites: list[Reference] = Field(description="The rule numbers its text and notes cite.")
    other_versions: list[OtherRuleVersion] = Field(
        description="The same number in other documents of the same kind, newest first."
    )
    lineage: list[LineageEntry] = Field(description="The rule in every edition of its family, oldest first.")
    history: list[HistoryEntry] = Field(
        description="What each edition did to the rule, newest first, with word diffs (what the page shows)."
    )
    successor: Successor | None = Field(
        description="For a rule of an older edition: where it is now, or the edition that removed it; null on the "
        "current edition."
    )


class SectionAnswer(_Page):
    """A whole section with its rules."""

    kind: Literal["section"] = Field(description="section: a three-digit section (907).")
    section: SectionHeading = Field(description="The section.")
    rules: list[ListedRule] = Field(description="Its rules, in order.")
    other_versions: list[OtherVersion] = Field(
        description="The section in other documents of the same kind, newest first."
    )


class RulePageAnswer(RootModel[Annotated[RuleAnswer | SectionAnswer, Field(discriminator="kind")]]):
    """A rule (kind rule) or a whole section (kind section) of a document."""


# An example, as the bundled documents answer it (the OpenAPI document's example for the endpoint)
RULE_907_8B = {
    "number": "907.8b",
    "canonical": "907.8b",
    "parent_number": "907.8",
    "is_subrule": 1,
    "sort_key": "907.0008b",
    "position": 58,
    "part": "9. Casual Variants",
    "section": "907. Treachery",
    "title": None,
    "text": "The leader team loses the game if all players controlling a Leader identity have lost the game, even if "
    "at least one Guardian identity is still in the game. This overrides all effects that would preclude a player "
    "controlling a Guardian identity from losing the game (such as Platinum Angel).",
    "line_start": 205,
    "line_end": 205,
}
RULE_EXAMPLE = {
    "kind": "rule",
    "asked": "907.8b",
    "notice": None,
    "upcoming": None,
    "candidates": [],
    "document": DOCUMENT_EXAMPLE,
    "rule": RULE_907_8B,
    "rule_title": "Treachery",
    "url": "/rules/treachery-6.0/907.8b",
    "citation": "Treachery CR 6.0, 907.8b",
    "breadcrumb": [
        {"number": "907", "title": "Treachery", "url": "/rules/treachery-6.0/907"},
        {"number": "907.8", "title": None, "url": "/rules/treachery-6.0/907.8"},
    ],
    "paragraphs": [],
    "subrules": [],
    "previous": {"number": "907.8a", "title": None, "url": "/rules/treachery-6.0/907.8a"},
    "next": {"number": "907.8c", "title": None, "url": "/rules/treachery-6.0/907.8c"},
    "cited_by": [
        {
            "kind": "FAQ",
            "document": "treachery-6.0",
            "label": "Does the Traitor need to defeat the Guardian?",
            "url": "/rulebook/faq/6",
            "cited_as": "907.8b",
            "resolution": "exact",
        }
    ],
    "cites": [],
    "other_versions": [],
    "as_of": None,
    "reminder": None,
    "lineage": [
        {
            "document": "treachery-6.0",
            "version": "6.0",
            "effective_date": "2026-05-04",
            "number": "907.8b",
            "status": "added",
            "url": "/rules/treachery-6.0/907.8b",
        }
    ],
    "history": [
        {
            "document": "treachery-6.0",
            "version": "6.0",
            "effective_date": "2026-05-04",
            "number": "907.8b",
            "previous_number": None,
            "status": "added",
            "url": "/rules/treachery-6.0/907.8b",
        }
    ],
    "successor": None,
}


# The official rules' own names before a number ("CR 109.1", "official rule 109.1", "comprehensive
# rules 109.1"): they name that family, which the Treachery rules may reprint changed
OFFICIAL_NAME = r"(?:cr|comprehensive(?:\s+rules?)?|official(?:\s+rules?)?)"
# what a judge types before a number: "rule 104.3", "our rules #907", "official cr 109.1", "section no. 903"
RULE_PREFIX = r"(?:(?:our|official|comprehensive)\s+)?(?:cr\s*)?(?:(?:rules?|sections?)\s*)?(?:#|no\.?)?\s*"
_PREFIX = re.compile(rf"^\s*{RULE_PREFIX}", re.IGNORECASE)


def as_rule_number(query: str) -> str | None:
    """ "rule 104.3", "CR 508.6", "702.tr02a", "702.TrUnv-3" -> the number; other text -> None."""
    stripped = _PREFIX.sub("", query.strip(), count=1).strip()
    if looks_like_number(stripped):
        return stripped.rstrip(".")
    return None


@dataclass
class RuleLookup:
    rule: dict | None
    document_slug: str | None
    candidates: list[dict] = field(default_factory=list)  # the same number in other families' documents
    suggestions: list[str] = field(default_factory=list)  # close numbers when nothing matched


def documents_to_search(db: sqlite_utils.Database, as_of: str | None = None, family: str | None = None) -> list[dict]:
    """The documents a lookup without a document tries, in order: each family's newest edition
    before any older one (an old Treachery 205.3q never answers for the official rules' current
    one), and ``family`` first ("CR 109.1" asks for the official rules'). ``as_of`` (YYYY-MM-DD)
    keeps, per family, only the edition in force that day (db/families.py decides which)."""
    documents = documents_in_preference_order(db)
    if not as_of:  # the editions in force today: an upcoming edition answers once it takes effect
        documents = in_force_documents(db, documents)
    else:
        in_force = {}
        for name in dict.fromkeys(doc["family"] for doc in documents):
            edition = edition_in_force(db, name, as_of)
            if edition:
                in_force[name] = edition["id"]
        documents = [doc for doc in documents if in_force.get(doc["family"]) == doc["primary_id"]]
    newest = {}
    for doc in documents:
        newest.setdefault(doc["family"], doc["primary_id"])
    return sorted(documents, key=lambda doc: (doc["family"] != family, doc["primary_id"] != newest[doc["family"]]))


def find_rule(
    db: sqlite_utils.Database,
    number: str,
    document_slug: str | None = None,
    suggest: bool = True,
    as_of: str | None = None,
    family: str | None = None,
) -> RuleLookup:
    """The rule ``number`` in ``document_slug`` (else the preferred document that has it, among
    the editions in force on ``as_of`` when given, ``family``'s first: documents_to_search).

    When nothing matches and ``suggest`` is set, close numbers are suggested (a few ms: skip it
    when another lookup may still succeed).
    """
    wanted = canonical(as_rule_number(number) or number)
    documents = documents_to_search(db, None if document_slug else as_of, family)
    if document_slug:
        documents = [doc for doc in documents if doc["slug"] == document_slug]
        if not documents:
            return RuleLookup(
                None, document_slug, suggestions=[doc["slug"] for doc in documents_in_preference_order(db)]
            )
    matches, families_found = [], set()
    for doc in documents:
        if doc["family"] in families_found:
            continue  # other editions of the same rules: the rule's history shows them, once
        row = next(db.query("select * from rules where document_id = ? and canonical = ?", [doc["id"], wanted]), None)
        if row:
            matches.append((doc, row))
            families_found.add(doc["family"])
    if matches:
        (doc, row), others = matches[0], matches[1:]
        return RuleLookup(
            row,
            doc["slug"],
            [{"document": other_doc["slug"], "number": other_row["number"]} for other_doc, other_row in others],
        )
    if not suggest:
        return RuleLookup(None, document_slug)
    ids = [doc["id"] for doc in documents]
    known = (
        [
            r["canonical"]
            for r in db.query(
                f"select distinct canonical from rules where document_id in ({','.join('?' * len(ids))})", ids
            )
        ]
        if ids
        else []
    )
    close = difflib.get_close_matches(wanted, known, n=5, cutoff=0.6)
    numbers = {r["canonical"]: r["number"] for r in db.query("select canonical, number from rules")}
    return RuleLookup(None, document_slug, suggestions=[numbers[c] for c in close])


def _source_summary(db: sqlite_utils.Database, table: str, row_id: int) -> dict:
    """A short description of the row that cites a rule: what it is, where it is, a link."""
    if table in ("rules", "rule_paragraphs"):
        sql = (
            "select rules.number, documents.slug from rules join documents on documents.id = rules.document_id "
            "where rules.id = " + ("?" if table == "rules" else "(select rule_id from rule_paragraphs where id = ?)")
        )
        row = next(db.query(sql, [row_id]), None)
        return (
            {
                "kind": label_of(table),
                "document": row["slug"],
                "label": row["number"],
                "number": row["number"],
                "url": rule_url(row["slug"], row["number"]),
            }
            if row
            else {}
        )
    if table in ("card_notes", "cards"):
        sql = (
            "select cards.name, documents.slug from cards join documents on documents.id = cards.document_id where cards.id = "
            + ("?" if table == "cards" else "(select card_id from card_notes where id = ?)")
        )
        row = next(db.query(sql, [row_id]))
        return {
            "kind": label_of(table),
            "document": row["slug"],
            "label": row["name"],
            "card": row["name"],
            "url": card_url(row["name"], row["slug"]),
        }
    declared = TABLES[table]
    entry = entry_row_link(db, table, row_id)  # FAQ, glossary, mechanics and rulings have pages of their own
    if entry:
        return {"kind": label_of(table), "label": entry["label"], "document": entry["document"], "url": entry["url"]}
    row = next(
        db.query(
            f"select t.{declared.label_column or 'id'} as label, d.slug from {table} t "
            "join documents d on d.id = t.document_id where t.id = ?",
            [row_id],
        )
    )
    return {
        "kind": label_of(table),
        "document": row["slug"],
        "label": str(row["label"] or ""),
        "url": row_url(table, row_id),
    }


def _cited_by(db: sqlite_utils.Database, where: str, params: list) -> list[dict]:
    cited_by = []
    for reference in db.query(
        f"select source_table, source_id, cited_as, resolution from rule_references where {where} order by id", params
    ):
        summary = _source_summary(db, reference["source_table"], reference["source_id"])
        if summary:
            cited_by.append({**summary, "cited_as": reference["cited_as"], "resolution": reference["resolution"]})
    return cited_by


def cited_rules(db: sqlite_utils.Database, where: str, params: dict) -> list[dict]:
    """The rule references matching ``where`` (on ``rule_references r``), with a link to each
    resolved one; an unresolved number has no page to link to."""
    return [
        {
            **dict(row),
            "url": rule_url(row["document"], row["number"] or row["cited_as"])
            if row["resolution"] != "unresolved"
            else None,
        }
        for row in db.query(
            f"""select r.cited_as, r.target, r.resolution, r.notice, d.slug as document, t.number
                from rule_references r left join documents d on d.id = r.target_document_id
                left join rules t on t.id = r.rule_id
                where {where} order by r.id""",
            params,
        )
    ]


def _with_url(row, document_slug: str) -> dict | None:
    return {**dict(row), "url": rule_url(document_slug, row["number"])} if row else None


def _paragraphs(db: sqlite_utils.Database, rule_id: int) -> list[dict]:
    """A rule's notes, examples and translations, in order."""
    return [
        dict(row) for row in db.query("select * from rule_paragraphs where rule_id = ? order by position", [rule_id])
    ]


def listed_rules(db: sqlite_utils.Database, document_slug: str, where: str, params: list) -> list[dict]:
    """Subrules or a section's rules as their parent page lists them: each with its link and its notes."""
    return [
        {**_with_url(row, document_slug), "paragraphs": _paragraphs(db, row["id"])}
        for row in db.query(f"select * from rules where {where} order by position", params)
    ]


def section_heading(db: sqlite_utils.Database, document_id: int, section: str) -> dict:
    """The section as a breadcrumb step: "907. Treachery" from its heading, or from its rules."""
    heading = next(
        db.query(
            "select title from headings where document_id = ? and level = 'section' and number = ?",
            [document_id, section],
        ),
        None,
    )
    if heading:
        return {"number": section, "title": heading["title"]}
    named = next(
        db.query(
            "select section from rules where document_id = ? and canonical like ? and section is not null limit 1",
            [document_id, f"{section}.%"],
        ),
        None,
    )
    title = named["section"].partition(". ")[2] if named else None
    return {"number": section, "title": title or None}


def rule_details(db: sqlite_utils.Database, rule_id: int) -> dict:
    """Everything a rule page shows: the rule, its notes, subrules, neighbours, citations."""
    rule = next(db.query("select * from rules where id = ?", [rule_id]))
    document = next(db.query("select * from documents where id = ?", [rule["document_id"]]))
    slug = document["slug"]
    breadcrumb, above = [], [(rule["title"], rule["text"])]
    parent_id = rule["parent_id"]
    while parent_id:
        parent = next(db.query("select id, number, title, text, parent_id from rules where id = ?", [parent_id]))
        breadcrumb.insert(
            0, {"number": parent["number"], "title": parent["title"], "url": rule_url(slug, parent["number"])}
        )
        above.append((parent["title"], parent["text"]))
        parent_id = parent["parent_id"]
    section = section_heading(db, document["id"], section_of(rule["number"]))
    breadcrumb.insert(0, {**section, "url": rule_url(slug, section["number"])})

    def neighbour(direction: str) -> dict | None:
        op, order = (">", "asc") if direction == "next" else ("<", "desc")
        return _with_url(
            next(
                db.query(
                    f"select number, title from rules where document_id = ? and position {op} ? order by position {order} limit 1",
                    [rule["document_id"], rule["position"]],
                ),
                None,
            ),
            slug,
        )

    other_versions = [
        {**dict(row), "url": rule_url(row["document"], row["number"])}
        for row in db.query(
            """select d.slug as document, d.version, d.effective_date, r.number, r.text, r.title
               from rules r join documents d on d.id = r.document_id
               where r.canonical = ? and d.kind = ? and d.id != ? order by d.effective_date desc, d.id""",
            [rule["canonical"], document["kind"], document["id"]],
        )
    ]
    return {
        "document": dict(document),
        "rule": dict(rule),
        "rule_title": rule_title(above, rule["section"]),  # "Trample" for 702.19b: what it is about
        "url": rule_url(slug, rule["number"]),
        "citation": cite(document, rule["number"]),
        "breadcrumb": breadcrumb,
        "paragraphs": _paragraphs(db, rule_id),
        "subrules": listed_rules(db, slug, "parent_id = ?", [rule_id]),
        "previous": neighbour("previous"),
        "next": neighbour("next"),
        "cited_by": _cited_by(db, "rule_id = ?", [rule_id]),
        "cites": cited_rules(
            db,
            "(r.source_table = 'rules' and r.source_id = :id) or (r.source_table = 'rule_paragraphs' and r.from_rule_id = :id)",
            {"id": rule_id},
        ),
        "other_versions": other_versions,
        **rule_changes(db, rule_id, document),
    }


def rule_changes(db: sqlite_utils.Database, rule_id: int, document: dict) -> dict:
    """The rule across its family's editions: ``lineage`` (oldest first, for the JSON),
    ``history`` (newest first, with word-level diffs) and, on an older edition, ``successor``."""
    entries = rule_lineage(db, rule_id)
    return {
        "lineage": lineage_json(entries),
        "history": rule_history(entries, subrule_changes(db, entries)),
        "successor": successor(entries, document),
    }


def glossary_reminder(db: sqlite_utils.Database, number: str) -> dict | None:
    """A Treachery glossary's quotation of an official rule ("Reminder: 104.3g ..."), newest
    document first: what a page shows for a subrule the loaded official text lacks."""
    order = {doc["id"]: rank for rank, doc in enumerate(documents_in_preference_order(db))}
    rows = list(
        db.query(
            """select g.id, g.term, g.text, g.quotes_rule, g.document_id, d.slug as document
               from glossary g join documents d on d.id = g.document_id
               where lower(g.quotes_rule) = ?""",
            [canonical(number)],
        )
    )
    if not rows:
        return None
    row = min(rows, key=lambda row: order.get(row["document_id"], 99))
    return {**row, "url": row_url("glossary", row["id"])}


def document_sections(db: sqlite_utils.Database, document_id: int) -> list[str]:
    """The document's three-digit sections, in the order its rules come."""
    return [
        row["section"]
        for row in db.query(
            """select section from (
               select substr(canonical, 1, 3) as section, min(position) as first from rules
               where document_id = ? group by 1) order by first""",
            [document_id],
        )
    ]


def section_details(db: sqlite_utils.Database, document_id: int, section: str) -> dict:
    """Everything a section page shows: its heading, its rules in order, who cites the section."""
    document = next(db.query("select * from documents where id = ?", [document_id]))
    slug = document["slug"]
    sections = document_sections(db, document_id)
    index = sections.index(section) if section in sections else None

    def neighbour(offset: int) -> dict | None:
        if index is None or not 0 <= index + offset < len(sections):
            return None
        heading = section_heading(db, document_id, sections[index + offset])
        return {**heading, "url": rule_url(slug, heading["number"])}

    return {
        "document": dict(document),
        "section": section_heading(db, document_id, section),
        "url": rule_url(slug, section),
        "rules": listed_rules(db, slug, "document_id = ? and canonical like ?", [document_id, f"{section}.%"]),
        "previous": neighbour(-1),
        "next": neighbour(1),
        "cited_by": _cited_by(
            db, "target_document_id = ? and resolution = 'section' and cited_as = ?", [document_id, section]
        ),
        "other_versions": [
            {
                "document": row["slug"],
                "version": row["version"],
                "effective_date": row["effective_date"],
                "number": section,
                "url": rule_url(row["slug"], section),
            }
            for row in db.query(
                """select distinct d.slug, d.version, d.effective_date from rules r join documents d on d.id = r.document_id
                   where d.kind = ? and d.id != ? and r.canonical like ? order by d.effective_date desc, d.id""",
                [document["kind"], document_id, f"{section}.%"],
            )
        ],
    }


@dataclass
class RulePage:
    """What /rules/{document}/{number} shows: a rule, a whole section, or nothing with suggestions."""

    kind: str  # "rule", "section" or "missing"
    document_slug: str | None
    rule_id: int | None = None
    section: str | None = None
    document_id: int | None = None
    notice: str | None = None  # why the page shows something other than what was asked for
    candidates: list[dict] = field(default_factory=list)  # the same number in other documents
    suggestions: list[str] = field(default_factory=list)  # close numbers or documents when nothing matched


def _has_section(db: sqlite_utils.Database, document_id: int, section: str) -> bool:
    return bool(
        next(
            db.query(
                "select 1 from rules where document_id = ? and canonical like ? limit 1", [document_id, f"{section}.%"]
            ),
            None,
        )
    )


def _rule_id(db: sqlite_utils.Database, document_id: int, number: str) -> dict | None:
    return next(
        db.query("select id, number from rules where document_id = ? and canonical = ?", [document_id, number]), None
    )


def _parent_of_canonical(wanted: str) -> str | None:
    """The rule a case-folded subrule belongs to: 702.tr02z -> 702.tr02, 104.2a -> 104.2."""
    parent = re.sub(r"(?<=\d)[a-z]+$", "", wanted)
    return parent if parent != wanted and "." in parent else None


def locate_rule_page(
    db: sqlite_utils.Database,
    number: str,
    document_slug: str | None = None,
    as_of: str | None = None,
    family: str | None = None,
) -> RulePage:
    """The rule, else the section, else the rule a missing subrule belongs to (as the build resolves them).

    Without a document: the newest Treachery rules that have it (or the edition in force on
    ``as_of``), else the comprehensive rules (``family``'s first); the other documents that have
    it are listed as candidates.
    """
    found = find_rule(db, number, document_slug, suggest=False, as_of=as_of, family=family)
    if found.rule:
        return RulePage(
            "rule",
            found.document_slug,
            rule_id=found.rule["id"],
            document_id=found.rule["document_id"],
            candidates=found.candidates,
        )
    documents = documents_to_search(db, None if document_slug else as_of, family)
    if document_slug:
        documents = [doc for doc in documents if doc["slug"] == document_slug]
        if not documents:
            return RulePage("missing", document_slug, suggestions=find_rule(db, number, document_slug).suggestions)
    asked = as_rule_number(number) or number.strip()
    wanted = canonical(asked)
    if re.fullmatch(r"\d{3}", wanted):
        having = [doc for doc in documents if _has_section(db, doc["id"], wanted)]
        if having:
            return RulePage(
                "section",
                having[0]["slug"],
                section=wanted,
                document_id=having[0]["id"],
                candidates=[{"document": doc["slug"], "number": wanted} for doc in having[1:]],
            )
    parent = _parent_of_canonical(wanted)
    for doc in documents if parent else []:
        row = _rule_id(db, doc["id"], parent)
        if row:
            notice = f"Rule {asked} is not in {doc['slug']}; this is {row['number']}, the nearest rule above it."
            return RulePage("rule", doc["slug"], rule_id=row["id"], document_id=doc["id"], notice=notice)
    elsewhere = locate_rule_page(db, number, as_of=as_of) if document_slug else None
    candidates = (
        [{"document": elsewhere.document_slug, "number": asked}, *elsewhere.candidates]
        if elsewhere and elsewhere.kind != "missing"
        else []
    )
    return RulePage(
        "missing",
        document_slug,
        candidates=candidates,
        suggestions=find_rule(db, number, document_slug, as_of=as_of).suggestions,
    )


def _linked(candidates: list[dict]) -> list[dict]:
    return [{**candidate, "url": rule_url(candidate["document"], candidate["number"])} for candidate in candidates]


def rule_page_data(
    db: sqlite_utils.Database, number: str, document_slug: str | None = None, as_of: str | None = None
) -> dict:
    """What /rules/{document}/{number} and its JSON show; kind "missing" carries the help instead.

    ``as_of`` (YYYY-MM-DD, checked by the caller) picks the edition in force that day.
    """
    page = locate_rule_page(db, number, document_slug, as_of)
    if page.kind == "missing":
        return _missing_rule(db, page, number.strip(), document_slug, as_of)
    details = (
        rule_details(db, page.rule_id) if page.kind == "rule" else section_details(db, page.document_id, page.section)
    )
    asked = as_rule_number(number) or number.strip()
    upcoming = upcoming_change(db, details, as_of) if page.kind == "rule" else None
    as_of_notice = _as_of(db, as_of, details) if as_of and not document_slug else None
    if upcoming or (not as_of and details.get("successor") and is_upcoming(details["successor"])):
        details = {**details, "successor": None}  # the edition in force today is no older edition
    return {
        "kind": page.kind,
        "upcoming": upcoming,
        "asked": number.strip(),
        "notice": page.notice or (printed_twice(db, details) if page.kind == "rule" else None),
        "reminder": glossary_reminder(db, asked) if page.notice else None,
        "as_of": as_of_notice,
        "candidates": _linked(page.candidates),
        **details,
    }


def upcoming_change(db: sqlite_utils.Database, details: dict, as_of: str | None = None) -> dict | None:
    """What the next edition of the rule's family, published but not yet in force on ``as_of``
    (today), does to the rule: {effective_date, document, status, number, url, message}; None
    when it keeps the rule's words, or no such edition is loaded."""
    document = details["document"]
    edition = upcoming_edition(db, document["family"], as_of)
    if edition is None or is_upcoming(document, as_of):
        return None
    entry = next((entry for entry in details.get("lineage", []) if entry["document"] == edition["slug"]), None)
    if entry is None or entry["status"] == "unchanged":
        return None
    date = edition["effective_date"]
    if entry["status"] == "removed":
        message = f"Removed on {date}, when {edition['slug']} takes effect."
    else:
        message = f"Changes on {date}: see the new text in {edition['slug']}."
    return {
        "effective_date": date,
        "document": edition["slug"],
        "status": entry["status"],
        "number": entry["number"],
        "url": entry["url"],
        "message": message,
    }


def takes_effect(db: sqlite_utils.Database, number: str, as_of: str | None = None) -> dict | None:
    """The upcoming edition (not in force on ``as_of``, today) that adds rule ``number``:
    {effective_date, document, number, url}, or None."""
    wanted = canonical(as_rule_number(number) or number)
    by_date = sorted(documents_in_preference_order(db), key=lambda doc: doc["effective_date"] or "")
    for document in by_date:  # the first edition to bring it
        if document["id"] != document["primary_id"] or not is_upcoming(document, as_of):
            continue
        row = next(
            db.query("select number from rules where document_id = ? and canonical = ?", [document["id"], wanted]), None
        )
        if row:
            return {
                "effective_date": document["effective_date"],
                "document": document["slug"],
                "number": row["number"],
                "url": rule_url(document["slug"], row["number"]),
            }
    return None


def printed_twice(db: sqlite_utils.Database, details: dict) -> str | None:
    """A notice for a rule whose number the publisher printed more than once in its document."""
    number = details["rule"]["number"]
    printed = number.split(OCCURRENCE_MARK)[0]
    copies = [
        row["number"]
        for row in db.query(
            "select number from rules where document_id = ? and (number = ? or number like ?) order by position",
            [details["document"]["id"], printed, f"{printed}{OCCURRENCE_MARK}%"],
        )
    ]
    if len(copies) < 2:
        return None
    others = ", ".join(copy for copy in copies if copy != number)
    return (
        f"{details['document']['slug']} prints rule {printed} {len(copies)} times; this is the one addressed "
        f"{number}, the others are {others}."
    )


def _as_of(db: sqlite_utils.Database, as_of: str, details: dict) -> dict:
    """Which edition an ``as_of`` page shows, and the current one of its family (with the rule
    there, when the lineage knows where it went)."""
    document = details["document"]
    current = current_editions(db)[document["family"]]
    return {
        "date": as_of,
        "document": document["slug"],
        "effective_date": document["effective_date"],
        "current": current,
        "current_url": (details.get("successor") or {}).get("url") or document_url(current),
        "is_current": bool(document["is_current"]),
    }


def _missing_rule(
    db: sqlite_utils.Database, page: RulePage, number: str, document_slug: str | None, as_of: str | None = None
) -> dict:
    slugs = [doc["slug"] for doc in documents_in_preference_order(db)]
    if document_slug and document_slug not in slugs:
        error = f"There is no document called {document_slug!r}. The documents are: {', '.join(slugs)}."
        # Only pages that exist: the number in each document that has it, else each document's contents.
        found = [
            (slug, lookup.rule["number"])
            for slug in page.suggestions
            if (lookup := find_rule(db, number, slug, suggest=False)).rule
        ]
        suggestions = [
            {"label": f"{found_number} in {slug}", "url": rule_url(slug, found_number)} for slug, found_number in found
        ] or [{"label": f"The contents of {slug}", "url": document_url(slug)} for slug in page.suggestions]
    else:
        where = f"in {document_slug}" if document_slug else "in any document"
        if as_of and not document_slug:
            where = f"in any edition in force on {as_of}"
        error = f"There is no rule {number} {where}."
        later = None if document_slug else takes_effect(db, number, as_of)
        if later:  # published, not yet in force: say when it is
            error = (
                f"Rule {number} takes effect on {later['effective_date']}, when {later['document']} does; "
                f"it is not in the edition in force{f' on {as_of}' if as_of else ''}."
            )
            page.candidates.insert(0, {"document": later["document"], "number": later["number"]})
        elif page.candidates:
            error += " It is in another document."
        elif page.suggestions:
            error += " Did you mean one of these?"
        suggestions = [
            {"label": f"{candidate['number']} in {candidate['document']}", "url": candidate["url"]}
            for candidate in _linked(page.candidates)
        ] + [
            {"label": close, "url": rule_url(document_slug, close) if document_slug else f"/rules/{quote(close)}"}
            for close in page.suggestions
        ]
    return {"kind": "missing", "error": error, "suggestions": suggestions}
