"""What a search worker process does (rulebook/web/search_pool.py starts them): answer searches
on the database the server serves, opened once and kept.

It imports nothing of Datasette, so a worker starts in a fraction of a second and holds only
what a search needs. The search tables are inside the database (one file): a worker searches
the build the server opened, and should a rebuild have put another file at that path since
(a worker started later), it says ``Rebuilt`` and the server searches on its own connection.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import threading
import time
from functools import lru_cache
from pathlib import Path

import sqlite_utils

from rulebook.db.publish import build_id_of
from rulebook.queries.search import SearchRequest, search

PARENT_CHECK_SECONDS = 1.0


class Rebuilt(Exception):
    """The file at the served database's path is another build than the one served."""


def start_worker() -> None:
    """Run once in each new worker: Ctrl-C in the terminal reaches the whole process group, but
    only the server should answer it (it stops its workers); and a worker whose server was killed
    outright leaves too, rather than waiting for searches that will never come."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    server = os.getppid()
    threading.Thread(target=_leave_with, args=(server,), daemon=True, name="rulebook-leave-with-server").start()


def _leave_with(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def run_search(db_path: Path, build_id: int, request: SearchRequest) -> dict:
    """``search(db, request)`` on build ``build_id`` of the database at ``db_path``."""
    return search(_database(str(db_path), build_id), request)


def run_search_json(db_path: Path, build_id: int, request: SearchRequest) -> str:
    """``run_search`` as the JSON text /search.json sends: the server passes it on as it is, where
    unpickling the answer's dicts and serialising them again cost its one event loop about 0.15 ms
    a search (and the worker pickles one string, not some 500 objects)."""
    return search_json(_database(str(db_path), build_id), request)


def search_json(db: sqlite_utils.Database, request: SearchRequest) -> str:
    """``search`` as JSON text, on the server's own connection (a search the workers could not run)."""
    return json.dumps(search(db, request))


def warm_up(db_path: Path, build_id: int) -> None:
    """Open the database and read its search vocabulary before a judge's first search waits for it."""
    with contextlib.suppress(Rebuilt):  # the first search will fall back; nothing to warm
        run_search(db_path, build_id, SearchRequest("judge"))


@lru_cache(maxsize=8)  # one per database a worker has served: the tests serve several
def _database(db_path: str, build_id: int) -> sqlite_utils.Database:
    connection = sqlite3.connect(f"{Path(db_path).resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    if build_id_of(connection) != build_id:
        connection.close()
        raise Rebuilt  # not cached: a restarted server with the new build opens it again
    return sqlite_utils.Database(connection)
