"""Datasette metadata: what the site, every table and column is, and the canned queries.

Tables are described here so Datasette's own pages explain themselves to a judge; foreign keys
show names (a rule's number, a card's name, a document's slug) instead of ids; full-text search
is configured for every table that has an index; canned queries are read from ``sql/*.sql``,
each with the example values it opens with and the valid values of its parameters.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

import sqlite_utils

from rulebook.db.families import documents_in_preference_order
from rulebook.db.schema import SEARCHABLE
from rulebook.resources import package_folder
from rulebook.urls import DATABASE

_HEADER = re.compile(r"^--\s*(?P<key>title|description|example):\s*(?P<value>.+)$")

LINES = {
    "line_start": "First line of the source document this row was read from.",
    "line_end": "Last line of the source document this row was read from.",
}
DOCUMENT = {"document_id": "The source document this row belongs to."}

TABLES = {
    "documents": {
        "description": "The source documents the knowledge base was built from, one row each.",
        "label_column": "slug",
        "facets": ["kind"],
        "columns": {
            "slug": "Stable name used in URLs, e.g. treachery-6.0.",
            "kind": "treachery rules, comprehensive rules or release notes.",
            "version": "The version the document gives itself.",
            "effective_date": "The date the document takes effect (yyyy-mm-dd).",
            "source_file": "File in data/sources/.",
            "sha256": "Checksum of the source file, to tell which text was loaded.",
            "line_count": "Number of lines in the source file.",
        },
    },
    "versions": {
        "description": "The version history tables printed in the documents.",
        "facets": ["document_id"],
        "columns": {**DOCUMENT, "changes": "What the document says changed.", **LINES},
    },
    "headings": {
        "description": "Chapters, parts (9. Casual Variants) and sections (907. Treachery) of each document.",
        "label_column": "label",
        "facets": ["document_id", "level"],
        "columns": {**DOCUMENT, "level": "chapter, part or section.", **LINES},
    },
    "rules": {
        "description": "Every numbered rule and subrule as printed (907.8b, 702.TR02a, 702.TrUnv-3). "
        "Rule numbers in the text link to the rule they cite.",
        "label_column": "number",
        "facets": ["document_id", "section", "is_subrule"],
        "sortable_columns": ["number", "sort_key", "position", "section", "line_start"],
        "columns": {
            **DOCUMENT,
            "number": "The rule number exactly as printed.",
            "canonical": "The number case-folded, as lookups match it.",
            "parent_id": "The rule this subrule belongs to.",
            "is_subrule": "1 for a lettered subrule (907.8b), 0 for a rule (907.8).",
            "sort_key": "Orders numbers as the documents do: 372.9 before 372.10.",
            "position": "Order of the rule in its document.",
            "part": "The part of the document, e.g. 9. Casual Variants.",
            "section": "The section, e.g. 907. Treachery.",
            "title": "The rule's title, when it has one (Unveil, Undercover).",
            **LINES,
        },
    },
    "rule_paragraphs": {
        "description": "Unnumbered paragraphs printed with a rule: notes, examples and translations.",
        "facets": ["document_id", "kind"],
        "columns": {
            "rule_id": "The rule this paragraph belongs to.",
            **DOCUMENT,
            "kind": "note, example or translation.",
            **LINES,
        },
    },
    "glossary": {
        "description": "Glossary entries, including Reminder entries quoting an official rule.",
        "label_column": "term",
        "facets": ["document_id"],
        "columns": {
            **DOCUMENT,
            "quotes_rule": "The official rule a Reminder entry quotes.",
            "quoted_rule_id": "That rule in the comprehensive rules.",
            **LINES,
        },
    },
    "faq": {
        "description": "Frequently asked questions and their answers.",
        "label_column": "question",
        "facets": ["document_id"],
        "columns": {**DOCUMENT, **LINES},
    },
    "passages": {
        "description": "Prose that belongs to no rule: introductions, prefaces, credits.",
        "label_column": "heading",
        "facets": ["document_id", "heading"],
        "columns": {**DOCUMENT, **LINES},
    },
    "cards": {
        "description": "Treachery identity cards with their role, and the cards of a set's release notes.",
        "label_column": "name",
        "facets": ["document_id", "kind", "role", "section"],
        "sortable_columns": ["name", "position", "role", "section", "note_count"],
        "columns": {
            **DOCUMENT,
            "kind": "identity (a Treachery identity card) or card (a set's card).",
            "role": "Leader, Guardian, Assassin or Traitor, for identity cards.",
            "section": "The release-notes section the card is listed in.",
            "mana_cost": "Mana cost written with braces: {2}{U}.",
            "no_notes_statement": "What the document says when a card has no notes.",
            "note_count": "How many notes the card has.",
            **LINES,
        },
    },
    "card_notes": {
        "description": "The rulings printed for each card, in order, with the heading of their group.",
        "facets": ["document_id", "group_heading"],
        "sortable_columns": ["card_id", "position", "line_start"],
        "columns": {
            "card_id": "The card this note is about.",
            **DOCUMENT,
            "position": "Order of the note under its card.",
            "group_heading": "The heading the note is printed under.",
            **LINES,
        },
    },
    "mechanics": {
        "description": "The general sections of release notes: new and returning mechanics.",
        "label_column": "name",
        "facets": ["document_id"],
        "columns": {**DOCUMENT, **LINES},
    },
    "mechanic_examples": {
        "description": "Example cards printed in a mechanic's section.",
        "label_column": "name",
        "facets": ["mechanic_id"],
        "columns": {
            "mechanic_id": "The mechanic the example illustrates.",
            "card_id": "The same card in the card list.",
            **LINES,
        },
    },
    "mechanic_rulings": {
        "description": "The rulings of a mechanic's section.",
        "facets": ["mechanic_id"],
        "columns": {"mechanic_id": "The mechanic the ruling is about.", **DOCUMENT, **LINES},
    },
    "rule_references": {
        "description": "Every rule number cited by a text, and the rule it resolves to.",
        "facets": ["document_id", "source_table", "target", "resolution"],
        "columns": {
            "source_table": "The table holding the citing text.",
            "source_id": "The row holding the citing text.",
            "from_rule_id": "The rule the citing text belongs to.",
            "from_card_id": "The card the citing text belongs to.",
            "cited_as": "The number as written in the text.",
            "target": "self (the citing document) or comprehensive (the official rules).",
            "target_document_id": "The document the citation points at.",
            "rule_id": "The rule it resolves to.",
            "resolution": "exact, ancestor (the nearest existing parent), section or unresolved.",
        },
    },
    "card_mentions": {
        "description": "Cards named by a note or ruling.",
        "facets": ["document_id", "source_table", "how"],
        "columns": {
            "source_table": "The table holding the text that names the card.",
            "source_id": "The row holding that text.",
            "from_card_id": "The card whose note names the card.",
            "card_name": "The name as written.",
            "card_id": "The named card, when the knowledge base has it.",
            "how": "link (the document linked it) or name (a card name found in release notes).",
        },
    },
    "source_lines": {
        "description": "Every non-blank line of every source document, and the row that holds it or why it was skipped.",
        "facets": ["document_id", "used_by"],
        "columns": {
            **DOCUMENT,
            "used_by": "The table that holds the line, or skipped.",
            "record": "Which record, or why it was skipped.",
        },
    },
}


def canned_queries(sql_dir: Path | None = None, values: dict[str, list[str]] | None = None) -> dict[str, dict]:
    """One canned query per ``.sql`` file, named after it; its header comments give title and
    description, and ``-- example: name=value&...`` the values it opens with.

    ``values`` lists the valid values of a parameter (document slugs, roles): the description
    names them, so a judge knows what to type.
    """
    queries = {}
    for path in sorted((sql_dir or package_folder("rulebook.queries") / "sql").glob("*.sql")):
        text = path.read_text(encoding="utf-8")
        header = dict(
            (match["key"], match["value"].strip()) for match in map(_HEADER.match, text.splitlines()) if match
        )
        missing = {"title", "description"} - set(header)
        if missing:
            raise ValueError(f"{path.name} needs a '-- {sorted(missing)[0]}:' comment at its top.")
        params = list(dict.fromkeys(re.findall(r"(?<![:\w]):(\w+)", _without_comments(text))))
        example = dict(parse_qsl(header.get("example", "")))
        unknown = set(example) - set(params)
        if unknown or (params and not example):
            raise ValueError(
                f"{path.name} needs a '-- example:' comment giving {', '.join(params)} (and nothing else)."
            )
        listed = [f"{name}: {', '.join(values[name])}." for name in params if values and values.get(name)]
        queries[path.stem] = {
            "sql": text,
            "title": header["title"],
            "description": " ".join([header["description"], *(["Valid values:", *listed] if listed else [])]),
            "params": params,
        }
        if example:
            queries[path.stem]["example"] = example
    return queries


def _without_comments(sql: str) -> str:
    return "\n".join(line for line in sql.splitlines() if not line.lstrip().startswith("--"))


def parameter_values(db: sqlite_utils.Database) -> dict[str, list[str]]:
    """The valid values of the canned queries' parameters in a built database."""
    documents = documents_in_preference_order(db)
    roles = [  # in the order the preferred document lists them: Leader, Guardian, Assassin, Traitor
        row["role"]
        for doc in documents
        for row in db.query(
            "select role from cards where document_id = ? and role is not null group by role order by min(position)",
            [doc["id"]],
        )
    ]
    slugs = [doc["slug"] for doc in documents]
    return {"document": slugs, "other": slugs, "role": list(dict.fromkeys(roles))}


def example_query_string(query: dict) -> str | None:
    """``role=Guardian``: what a canned query opens with when it is asked without values."""
    return urlencode(query["example"]) if query.get("example") else None


def _table_metadata() -> dict[str, dict]:
    """Table metadata plus full-text search on every indexed table.

    Search stays in Datasette's default escaped mode, not "raw": a judge typing 907.8b or a
    quote mark gets results, never an FTS syntax error.
    """
    tables = {name: dict(spec) for name, spec in TABLES.items()}
    for name in SEARCHABLE:
        tables[name].update({"fts_table": f"{name}_fts", "fts_pk": "id"})
        tables[f"{name}_fts"] = {"hidden": True}
    return tables


def build_metadata(values: dict[str, list[str]] | None = None) -> dict:
    """The metadata dictionary handed to Datasette; ``values`` (``parameter_values``) lists
    the valid values of the canned queries' parameters."""
    return {
        "title": "rulebook: Treachery and Magic rules for judges",
        "description": "The Treachery variant's comprehensive rules, FAQ and identity card notes, the official "
        "comprehensive rules and set release notes, linked rule by rule. Search everything at /search; "
        "every rule number is a link.",
        "source": "Treachery rules committee (mtgTreachery.net) and Wizards of the Coast",
        "source_url": "https://mtgtreachery.net/",
        "license": "The documents belong to their authors; Magic: The Gathering is a trademark of Wizards of the Coast",
        "license_url": "https://company.wizards.com/en/legal/fancontentpolicy",
        "databases": {
            DATABASE: {
                "description": "Every rule, note, FAQ answer and card of the bundled documents, with their source lines.",
                "tables": _table_metadata(),
                "queries": canned_queries(values=values),
            }
        },
    }
