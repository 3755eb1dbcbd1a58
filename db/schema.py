"""Create the tables declared in db/tables.py, their foreign keys, indexes and full-text indexes.

Foreign keys are declared so Datasette links every row to what it belongs to; every row that
came from a source document carries its document and its first and last source line.
"""

from __future__ import annotations

import sqlite_utils

from .tables import TABLES, TOKENIZER, searchable


def create_tables(db: sqlite_utils.Database) -> None:
    for table in TABLES.values():
        db[table.name].create(table.types, pk="id", foreign_keys=list(table.foreign_keys), not_null={"id"})


def create_indexes(db: sqlite_utils.Database) -> None:
    for table in TABLES.values():
        for columns in table.indexes:
            db[table.name].create_index(list(columns))
    for name, columns in searchable().items():
        db[name].enable_fts(list(columns), tokenize=TOKENIZER, create_triggers=False)
