"""Datasette metadata: what the site, every table and column is, and the canned queries.

Tables are described in db/tables.py, so Datasette's own pages explain themselves to a judge; foreign keys
show names (a rule's number, a card's name, a document's slug) instead of ids; full-text search
is configured for every table that has an index; canned queries are read from ``sql/*.sql``.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.db.tables import TABLES, Table, searchable
from rulebook.resources import package_folder
from rulebook.urls import DATABASE

_HEADER = re.compile(r"^--\s*(?P<key>title|description):\s*(?P<value>.+)$")


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
        metadata["sortable_columns"] = list(table.sortable_columns)
    return metadata


def canned_queries(sql_dir: Path | None = None) -> dict[str, dict]:
    """One canned query per ``.sql`` file, named after it; its header comments give title and description."""
    queries = {}
    for path in sorted((sql_dir or package_folder("rulebook.queries") / "sql").glob("*.sql")):
        text = path.read_text(encoding="utf-8")
        header = dict(
            (match["key"], match["value"].strip()) for match in map(_HEADER.match, text.splitlines()) if match
        )
        missing = {"title", "description"} - set(header)
        if missing:
            raise ValueError(f"{path.name} needs a '-- {sorted(missing)[0]}:' comment at its top.")
        queries[path.stem] = {"sql": text, "title": header["title"], "description": header["description"]}
    return queries


def _table_metadata() -> dict[str, dict]:
    """Table metadata plus full-text search on every indexed table.

    Search stays in Datasette's default escaped mode, not "raw": a judge typing 907.8b or a
    quote mark gets results, never an FTS syntax error.
    """
    tables = {name: table_metadata(table) for name, table in TABLES.items()}
    for name in searchable():
        tables[name].update({"fts_table": f"{name}_fts", "fts_pk": "id"})
        tables[f"{name}_fts"] = {"hidden": True}
    return tables


def build_metadata() -> dict:
    """The metadata dictionary handed to Datasette."""
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
                "queries": canned_queries(),
            }
        },
    }
