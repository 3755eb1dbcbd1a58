"""Datasette metadata: what the site, every table and column is, and the canned queries.

Tables are described in db/tables.py, so Datasette's own pages explain themselves to a judge; foreign keys
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
from rulebook.db.search_index import SEARCH_TABLES
from rulebook.db.tables import TABLES, Table, searchable
from rulebook.resources import package_folder
from rulebook.urls import DATABASE

_HEADER = re.compile(r"^--\s*(?P<key>title|description|example):\s*(?P<value>.+)$")


def table_metadata(table: Table) -> dict:
    """Datasette's metadata for one declared table: description, label, facets, column meanings."""
    metadata = {
        "description": table.description,
        "facets": list(table.facets),
        "columns": {name: meaning for name, (_, meaning) in table.columns.items() if meaning},
    }
    if table.label_column:
        metadata["label_column"] = table.label_column
    if table.sortable_columns:
        # the primary key too: Datasette's pages sort by it by default and their forms send it back
        metadata["sortable_columns"] = list(dict.fromkeys(["id", *table.sortable_columns]))
    return metadata


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
    tables = {name: table_metadata(table) for name, table in TABLES.items()}
    for name in searchable():
        tables[name].update({"fts_table": f"{name}_fts", "fts_pk": "id"})
    for name in SEARCH_TABLES:  # search's own tables (db/search_index.py): not the judges' to browse
        tables[name] = {"hidden": True}
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
