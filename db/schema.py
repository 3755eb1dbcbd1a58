"""Create the tables declared in db/tables.py, their foreign keys, indexes and full-text indexes.

Foreign keys are declared so Datasette links every row to what it belongs to; every row that
came from a source document carries its document and its first and last source line.
"""

from __future__ import annotations

import sqlite_utils

from .tables import TABLES, TOKENIZER, searchable


def create_tables(db: sqlite_utils.Database, search: bool = False) -> None:
    """The judges' tables (or, with ``search``, search's own: db/search_index.py)."""
    for table in TABLES.values():
        if table.search == search:
            db[table.name].create(table.types, pk="id", foreign_keys=list(table.foreign_keys), not_null={"id"})


def create_indexes(db: sqlite_utils.Database, search: bool = False) -> None:
    """The indexes of the judges' tables and their full-text indexes (or, with ``search``, the
    indexes of search's own tables)."""
    for table in TABLES.values():
        if table.search == search:
            for columns in table.indexes:
                db[table.name].create_index(list(columns))
    if search:
        return
    for name, columns in searchable().items():
        db[name].enable_fts(list(columns), tokenize=TOKENIZER, create_triggers=False)


def insert_rows(db: sqlite_utils.Database, table: str, rows: list[dict]) -> None:
    """Append plain rows (str, int, float, None) to a declared table in one executemany: the
    build writes hundreds of thousands of rows for 26 editions, and sqlite-utils' per-value
    checks cost more than the inserts themselves."""
    if not rows:
        return
    columns = list(TABLES[table].columns)
    unknown = set().union(*(row.keys() for row in rows[:1])) - set(columns)
    if unknown:
        raise ValueError(f"{table} has no column {sorted(unknown)[0]!r} (db/tables.py declares its columns).")
    names = ", ".join(f"[{column}]" for column in columns)
    db.conn.executemany(
        f"insert into [{table}] ({names}) values ({', '.join('?' * len(columns))})",
        ([row.get(column) for column in columns] for row in rows),
    )
