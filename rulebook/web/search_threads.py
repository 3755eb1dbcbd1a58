"""Searches run in their own threads, never on the server's event loop.

The server answers every request on one event loop (Datasette's SQL runs on it too:
rulebook/web/app.py SETTINGS). A search ranks its candidates in SQLite FTS5, which releases
Python's lock while it works, so in a thread of its own a search lets the loop answer other
pages meanwhile; on the loop it would hold them all up for as long as it runs.

Each search thread keeps its own read-only connection to the database (SQLite connections are
not shared between threads); the search index opens its own (queries/search).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sqlite_utils

from rulebook.db.search_index import index_path_for
from rulebook.queries.search import search

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


def _search(db_path: Path, *args) -> dict:
    return search(_database(db_path), index_path_for(db_path), *args)


async def search_in_thread(db_path: Path, *args) -> dict:
    """``search(db, index, *args)`` on the database at ``db_path``, in a search thread."""
    return await asyncio.get_running_loop().run_in_executor(SEARCH_THREADS, _search, Path(db_path), *args)
