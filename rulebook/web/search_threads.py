"""Searches run in their own threads, never on the server's event loop.

The server answers every request on one event loop (Datasette's SQL runs on it too:
rulebook/web/app.py SETTINGS). A search ranks its candidates in SQLite FTS5, which releases
Python's lock while it works, so in a thread of its own a search lets the loop answer other
pages meanwhile; on the loop it would hold them all up for as long as it runs.

Each search thread keeps its own read-only connection to the database (SQLite connections are
not shared between threads); the search index opens its own (queries/search). A server searches
the pair it serves: the database Datasette opened and the index pinned at startup. If a rebuild
has since put a newer database at the same path, a thread's connection would open that one, so
the search runs on Datasette's own connection instead, with the served index.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sqlite_utils

from rulebook.db.publish import build_id_of
from rulebook.queries.search import search
from rulebook.urls import DATABASE

from .app import run_query, served_index_path

SEARCH_THREADS = ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1), thread_name_prefix="rulebook-search")
_local = threading.local()


def _database(db_path: Path) -> sqlite_utils.Database:
    """This thread's read-only connection to ``db_path``, opened again when a rebuild replaced the file."""
    status = db_path.stat()
    key = (str(db_path), status.st_ino, status.st_mtime_ns)
    databases = _local.__dict__.setdefault("databases", {})
    if key not in databases:
        uri = f"{db_path.resolve().as_uri()}?mode=ro&immutable=1"
        databases[key] = sqlite_utils.Database(sqlite3.connect(uri, uri=True, check_same_thread=False))
    return databases[key]


class _Rebuilt(Exception):
    """The file at the served database's path is another build than the one served."""


def _search(db_path: Path, build_id: int, index: Path, *args) -> dict:
    db = _database(db_path)
    if build_id_of(db.conn) != build_id:
        raise _Rebuilt
    return search(db, index, *args)


async def search_in_thread(datasette, *args) -> dict:
    """``search(db, index, *args)`` on the database and index this server serves, in a search thread."""
    database = datasette.get_database(DATABASE)
    index = await served_index_path(datasette)
    build_id = await database.execute_fn(build_id_of)
    try:
        return await asyncio.get_running_loop().run_in_executor(
            SEARCH_THREADS, _search, Path(database.path), build_id, index, *args
        )
    except _Rebuilt:
        return await run_query(datasette, search, index, *args)
