"""Look up FAQ entries, glossary entries and mechanics by document and slug, and gather what
their pages show.

Their addresses name them by the document's slug and a slug made from their own text
(``rulebook.urls.entry_slug``), so they survive rebuilds; row ids never appear. A mechanic's
page carries its example cards and its rulings, each ruling numbered as the page anchors it
(``#ruling-3``).
"""

from __future__ import annotations

import difflib
from typing import Literal

import sqlite_utils
from pydantic import Field

from rulebook.db.families import documents_in_preference_order
from rulebook.db.tables import TABLES
from rulebook.kinds import BY_TABLE, ENTRY_KINDS, KINDS_BY_NAME, Kind
from rulebook.urls import card_url, entry_slug, row_url, rule_url

from .citations import cite
from .declaring import DOCUMENT_EXAMPLE, DUSKMOURN_EXAMPLE, Declared, Document, InEdition, PageAnswer, Url, stored

FAQ, GLOSSARY, MECHANICS = (KINDS_BY_NAME[name] for name in ("faq", "glossary", "mechanic"))

# An entry page's JSON (/faq/..., /glossary/..., /mechanics/... .json), declared once per kind:
# the OpenAPI document's FaqAnswer, GlossaryAnswer and MechanicAnswer and the field tables of
# docs/api.md are generated from them (rulebook/web/openapi.py).


def _stored_entry(kind: Kind) -> type:
    """The entry as stored: its table's columns (db/tables.py) and its slug."""
    return stored(
        f"{kind.name.title()}Entry",
        f"The {kind.label} as stored.",
        kind.table,
        base=PageAnswer,
        slug=(str, Field(description="Its slug in URLs, made from its own text: it survives rebuilds.")),
    )


FAQ_ENTRY, GLOSSARY_ENTRY, MECHANICS_ENTRY = (_stored_entry(kind) for kind in (FAQ, GLOSSARY, MECHANICS))


class OtherEntryVersion(InEdition):
    """The same entry in another document."""

    label: str = Field(description="The entry's name there.")
    url: Url = Field(description="Its page there.")


class _EntryAnswer(PageAnswer):
    document: Document = Field(description="Its document.")
    url: Url = Field(description="Its page.")
    json_url: Url = Field(description="This JSON.")
    datasette_url: Url = Field(description="Its row in Datasette's table.")
    citation: str = Field(
        description="How a judge cites it: Treachery CR 6.0, FAQ: Can Platinum Angel protect my team?"
    )
    other_versions: list[OtherEntryVersion] = Field(
        description="The same entry (by its slug) in other documents, newest first."
    )


class FaqAnswer(_EntryAnswer):
    """An FAQ entry: its question and answer."""

    kind: Literal["faq"] = Field(description="faq.")
    entry: FAQ_ENTRY = Field(description="The entry as stored.")


class QuotedRule(Declared):
    """The official rule a Reminder entry quotes."""

    document: str = Field(description="The official rules' slug.")
    number: str = Field(description="The rule's number there (or the nearest rule above it).")
    text: str = Field(description="Its text there.")
    url: Url = Field(description="Its page.")


class GlossaryAnswer(_EntryAnswer):
    """A glossary entry: its term and text."""

    kind: Literal["glossary"] = Field(description="glossary.")
    entry: GLOSSARY_ENTRY = Field(description="The entry as stored.")
    quoted_rule: QuotedRule | None = Field(
        description="For a Reminder entry, the official rule it quotes in the loaded comprehensive rules; "
        "otherwise null."
    )


MechanicExample = stored(
    "MechanicExample",
    "A card the release notes show as an example.",
    "mechanic_examples",
    base=PageAnswer,
    card_name=(str | None, Field(description="The same card in the set's card list, or null when it lacks it.")),
    card_document=(str | None, Field(description="That card's document, or null.")),
    url=(Url | None, Field(description="Its card page, or null when the set's card list lacks it.")),
)
MechanicRuling = stored(
    "MechanicRuling",
    "One ruling of a mechanic.",
    "mechanic_rulings",
    base=PageAnswer,
    anchor=(str, Field(description="Its anchor on the page: ruling-3.")),
    url=(Url, Field(description="The ruling on its page.")),
    citation=(str, Field(description="How a judge cites it: … Release Notes, Manifest Dread, ruling 3.")),
)


class MechanicAnswer(_EntryAnswer):
    """A release-notes mechanic with its example cards and rulings."""

    kind: Literal["mechanic"] = Field(description="mechanic.")
    entry: MECHANICS_ENTRY = Field(description="The entry as stored.")
    examples: list[MechanicExample] = Field(description="The example cards, in order.")
    rulings: list[MechanicRuling] = Field(description="The rulings, in order.")


ENTRY_ANSWERS: dict[str, type[_EntryAnswer]] = {
    "faq": FaqAnswer,
    "glossary": GlossaryAnswer,
    "mechanic": MechanicAnswer,
}
# An example of each, as the bundled documents answer it (the OpenAPI document's examples)
ENTRY_EXAMPLES: dict[str, dict] = {
    "faq": {
        "kind": "faq",
        "document": DOCUMENT_EXAMPLE,
        "other_versions": [],
        "url": "/faq/treachery-6.0/can-platinum-angel-protect-my-team",
        "json_url": "/faq/treachery-6.0/can-platinum-angel-protect-my-team.json",
        "datasette_url": "/rulebook/faq/3",
        "citation": "Treachery CR 6.0, FAQ: Can Platinum Angel protect my team?",
        "entry": {
            "slug": "can-platinum-angel-protect-my-team",
            "position": 3,
            "question": "Can Platinum Angel protect my team?",
            "answer": "Platinum Angel's effects apply on players, not teams. …",
            "line_start": 251,
            "line_end": 257,
        },
    },
    "glossary": {
        "kind": "glossary",
        "document": DOCUMENT_EXAMPLE,
        "other_versions": [],
        "url": "/glossary/treachery-6.0/reminder-104.3g",
        "json_url": "/glossary/treachery-6.0/reminder-104.3g.json",
        "datasette_url": "/rulebook/glossary/738",
        "citation": "Treachery CR 6.0, Reminder: 104.3g",
        "quoted_rule": {
            "document": "comprehensive-rules-2026-01-16",
            "number": "104.3g",
            "text": "In a multiplayer game between teams, a team loses the game if all players on that team have "
            "lost the game.",
            "url": "/rules/comprehensive-rules-2026-01-16/104.3g",
        },
        "entry": {
            "slug": "reminder-104.3g",
            "position": 3,
            "term": "Reminder: 104.3g",
            "text": "In a multiplayer game between teams, a team loses the game if all players on that team have "
            "lost the game.",
            "quotes_rule": "104.3g",
            "line_start": 233,
            "line_end": 233,
        },
    },
    "mechanic": {
        "kind": "mechanic",
        "other_versions": [],
        "document": DUSKMOURN_EXAMPLE,
        "url": "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread",
        "json_url": "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread.json",
        "datasette_url": "/rulebook/mechanics/3",
        "citation": "Duskmourn: House of Horror Release Notes, New Keyword Action: Manifest Dread",
        "entry": {
            "slug": "new-keyword-action-manifest-dread",
            "position": 3,
            "name": "New Keyword Action: Manifest Dread",
            "body": "On Duskmourn, your worst nightmares come to life. …",
            "line_start": 84,
            "line_end": 86,
        },
        "examples": [
            {
                "position": 1,
                "name": "Innocuous Rat",
                "mana_cost": "{1}{B}",
                "type_line": "Creature — Rat",
                "power": None,
                "toughness": None,
                "loyalty": None,
                "rules_text": "When Innocuous Rat dies, manifest dread. …",
                "line_start": 88,
                "line_end": 91,
                "card_name": None,
                "card_document": None,
                "url": None,
            }
        ],
        "rulings": [
            {
                "position": 1,
                "group_heading": None,
                "text": "To manifest dread, look at the top two cards of your library. …",
                "line_start": 96,
                "line_end": 96,
                "anchor": "ruling-1",
                "url": "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread#ruling-1",
                "citation": "Duskmourn: House of Horror Release Notes, New Keyword Action: Manifest Dread, ruling 1",
            }
        ],
    },
}
_UNDECLARED = [
    kind.name for kind in ENTRY_KINDS.values() if kind.name not in ENTRY_ANSWERS.keys() & ENTRY_EXAMPLES.keys()
]
if _UNDECLARED:
    raise RuntimeError(
        f"rulebook/queries/entries.py: no answer or example is declared for the kind {_UNDECLARED[0]!r}."
    )


def _entries(db: sqlite_utils.Database, kind: Kind, document_id: int) -> list[dict]:
    """The document's entries in order, each with its slug (the first of two entries sharing one wins)."""
    rows = db.query(f"select * from {kind.table} where document_id = ? order by position, id", [document_id])
    return [{**dict(row), "slug": entry_slug(row[kind.title])} for row in rows]


def _documents_with(db: sqlite_utils.Database, kind: Kind) -> list[dict]:
    having = {row["document_id"] for row in db.query(f"select distinct document_id from {kind.table}")}
    return [doc for doc in documents_in_preference_order(db) if doc["id"] in having]


def _link(kind: Kind, document: str, entry: dict, suffix: str = "") -> str:
    return kind.url(document, entry, suffix)


def _same_entry_elsewhere(db: sqlite_utils.Database, kind: Kind, slug: str, document_id: int) -> list[dict]:
    """The entry with this slug in the other documents that have one (other editions, forum copies)."""
    found = []
    for doc in _documents_with(db, kind):
        if doc["id"] == document_id:
            continue
        entry = next((entry for entry in _entries(db, kind, doc["id"]) if entry["slug"] == slug), None)
        if entry:
            found.append(
                {
                    "document": doc["slug"],
                    "version": doc["version"],
                    "effective_date": doc["effective_date"],
                    "label": entry[kind.title],
                    "url": _link(kind, doc["slug"], entry),
                }
            )
    return found


def _first_entries(db: sqlite_utils.Database, kind: Kind, documents: list[dict]) -> list[dict]:
    """The entries of the preferred document that has some, as suggestions."""
    return [
        {"label": f"{entry[kind.title]} in {doc['slug']}", "url": _link(kind, doc["slug"], entry)}
        for doc in documents[:1]
        for entry in _entries(db, kind, doc["id"])
    ]


def _missing(db: sqlite_utils.Database, kind: Kind, document_slug: str, slug: str) -> dict:
    """What a 404 says: which document or entry is missing, and links to the closest that exist."""
    documents = _documents_with(db, kind)
    document = next((doc for doc in documents if doc["slug"] == document_slug), None)
    if document is None:
        elsewhere = [
            {"label": f"{entry[kind.title]} in {doc['slug']}", "url": _link(kind, doc["slug"], entry)}
            for doc in documents
            for entry in _entries(db, kind, doc["id"])
            if entry["slug"] == slug
        ]
        names = ", ".join(doc["slug"] for doc in documents)
        error = f"There is no document called {document_slug!r} with a {kind.label} page. The documents with one are: {names}."
        return {"kind": "missing", "error": error, "suggestions": elsewhere or _first_entries(db, kind, documents)}
    entries = _entries(db, kind, document["id"])
    by_slug: dict[str, dict] = {}
    for entry in entries:
        by_slug.setdefault(entry["slug"], entry)
    close = difflib.get_close_matches(slug, list(by_slug), n=5, cutoff=0.5)
    containing = [known for known in by_slug if slug and (slug in known or known in slug)]
    chosen = list(dict.fromkeys(containing + close))[:8]
    error = f"There is no {kind.label} {slug!r} in {document_slug}."
    if chosen:
        error += " Did you mean one of these?"
    else:
        error += f" These are its {kind.plural}:"
        chosen = list(by_slug)[:12]
    return {
        "kind": "missing",
        "error": error,
        "suggestions": [
            {"label": by_slug[known][kind.title], "url": _link(kind, document_slug, by_slug[known])} for known in chosen
        ],
    }


def _examples(db: sqlite_utils.Database, mechanic_id: int) -> list[dict]:
    rows = db.query(
        """select e.*, c.name as card_name, d.slug as card_document from mechanic_examples e
           left join cards c on c.id = e.card_id left join documents d on d.id = c.document_id
           where e.mechanic_id = ? order by e.position""",
        [mechanic_id],
    )
    return [
        {**dict(row), "url": card_url(row["card_name"], row["card_document"]) if row["card_name"] else None}
        for row in rows
    ]


def _rulings(db: sqlite_utils.Database, mechanic: dict, document: dict, url: str) -> list[dict]:
    rows = db.query("select * from mechanic_rulings where mechanic_id = ? order by position", [mechanic["id"]])
    return [
        {
            **dict(row),
            "anchor": f"ruling-{row['position']}",
            "url": f"{url}#ruling-{row['position']}",
            "citation": cite(document, mechanic["name"], f"ruling {row['position']}"),
        }
        for row in rows
    ]


def _quoted_rule(db: sqlite_utils.Database, entry: dict) -> dict | None:
    """The official rule a glossary Reminder entry quotes, with its page."""
    if not entry.get("quoted_rule_id"):
        return None
    row = next(
        db.query(
            "select r.number, r.text, d.slug as document from rules r join documents d on d.id = r.document_id where r.id = ?",
            [entry["quoted_rule_id"]],
        )
    )
    return {**dict(row), "url": rule_url(row["document"], row["number"])}


def entry_page_data(db: sqlite_utils.Database, path: str, document_slug: str, slug: str) -> dict:
    """What /faq/..., /glossary/... and /mechanics/... show and their JSON; kind "missing" carries the help."""
    kind = ENTRY_KINDS[path]
    slug = entry_slug(slug)
    document = next(db.query("select * from documents where slug = ?", [document_slug]), None)
    entry = (
        next((entry for entry in _entries(db, kind, document["id"]) if entry["slug"] == slug), None)
        if document
        else None
    )
    if entry is None:
        return _missing(db, kind, document_slug, slug)
    url = _link(kind, document_slug, entry)
    data = {
        "kind": kind.name,
        "document": dict(document),
        "entry": entry,
        "url": url,
        "json_url": _link(kind, document_slug, entry, ".json"),
        "datasette_url": row_url(kind.table, entry["id"]),
        "citation": cite(document, ("FAQ: " if kind is FAQ else "") + entry[kind.title]),
        "other_versions": _same_entry_elsewhere(db, kind, slug, document["id"]),
    }
    if kind is GLOSSARY:
        data["quoted_rule"] = _quoted_rule(db, entry)
    if kind is MECHANICS:
        data["examples"] = _examples(db, entry["id"])
        data["rulings"] = _rulings(db, entry, document, url)
    return data


def entry_index(db: sqlite_utils.Database, path: str, document_slug: str | None) -> dict:
    """What /faq, /faq/{document} and the like answer: the 404's error and the entries that exist."""
    kind = ENTRY_KINDS[path]
    if document_slug:
        missing = _missing(db, kind, document_slug, "")
        if any(doc["slug"] == document_slug for doc in _documents_with(db, kind)):
            missing["error"] = (
                f"Which {kind.label}? Its address is /{path}/{document_slug}/NAME. The {kind.plural} of {document_slug}:"
            )
        return missing
    documents = _documents_with(db, kind)
    return {
        "kind": "missing",
        "error": f"A {kind.label} page is at /{path}/DOCUMENT/NAME. These are the first of them:",
        "suggestions": _first_entries(db, kind, documents),
    }


def entries_of_document(db: sqlite_utils.Database, document_id: int, document_slug: str) -> dict[str, list[dict]]:
    """The document's FAQ questions, glossary terms and mechanics, each with its page: the home page's lists."""
    return {
        path: [
            {"label": entry[kind.title], "url": _link(kind, document_slug, entry)}
            for entry in _entries(db, kind, document_id)
        ]
        for path, kind in ENTRY_KINDS.items()
    }


def entry_row_link(db: sqlite_utils.Database, table: str, row_id: int) -> dict | None:
    """A row of an entry kind as {"label", "owner", "document", "url"} of its page (a ruling: its
    place on its mechanic's page, "owner" naming the mechanic); None for tables that hold no kind
    of entry (rulebook/kinds.py)."""
    kind = BY_TABLE.get(table)
    if kind is None:
        return None
    if kind.owner:
        owner = KINDS_BY_NAME[kind.owner]
        column = next(column for column, other, _ in TABLES[table].foreign_keys if other == owner.table)
        sql = (
            f"select o.{owner.title} as owner, t.position, d.slug from {table} t join {owner.table} o on o.id = t.{column} "
            "join documents d on d.id = t.document_id where t.id = ?"
        )
    else:
        sql = f"select t.{kind.title}, d.slug from {table} t join documents d on d.id = t.document_id where t.id = ?"
    row = next(db.query(sql, [row_id]), None)
    if row is None:
        return None
    if kind.owner:
        # "Manifest dread, ruling 3": the noun a page numbers it by
        owner_name, label = row["owner"], f"{row['owner']}, {kind.label.split()[-1]} {row['position']}"
    else:
        owner_name = label = row[kind.title]
    return {"label": label, "owner": owner_name, "document": row["slug"], "url": kind.url(row["slug"], row)}
