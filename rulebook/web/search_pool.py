"""Searches run in worker processes of their own, never on the server's event loop.

The server answers every request on one event loop in one process (Datasette's SQL runs on it
too: rulebook/web/app.py SETTINGS). A search is mostly Python (reading the query, re-ranking,
cutting snippets); in a thread it would still hold Python's lock, so searches and every other
page would share one core. In worker processes, searches run on the machine's other cores and
the loop keeps answering pages meanwhile (benchmarks/serve_load.py measures both).

Workers are started with "spawn" (a fresh interpreter: forking a process that runs an event
loop and threads is unsafe) and import only what a search needs (search_worker.py). The pool is
started when the server starts (``start_search_workers``, warm before "Serving"), or at the
first search of an app that skipped that (the tests' in-process client).

A server searches the database it serves, search tables included (one file). If a worker finds
another build at the database's path (a rebuild since), or a worker died, the search runs on
Datasette's own connection instead, and a dead pool is replaced for the next search.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from datasette.app import Datasette

from rulebook.queries.search import SearchRequest, search

from .app import run_query
from .search_worker import Rebuilt, run_search, run_search_json, search_json, start_worker, warm_up
from .state import server_state

_pool: ProcessPoolExecutor | None = None


SEARCH_WORKERS = "RULEBOOK_SEARCH_WORKERS"  # how `rulebook serve --workers N` shares the cores among its N servers


def usable_cores() -> int:
    """The CPU cores this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def worker_count() -> int:
    """One search worker per usable core, or as many as ``SEARCH_WORKERS`` says."""
    given = os.environ.get(SEARCH_WORKERS, "")
    return max(1, int(given)) if given.isdigit() else usable_cores()


def _workers() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=worker_count(), mp_context=multiprocessing.get_context("spawn"), initializer=start_worker
        )
    return _pool


async def start_search_workers(datasette: Datasette) -> None:
    """Start every worker and open the served database in it now, so no judge's search waits for that."""
    build = (await server_state(datasette)).served_build
    loop = asyncio.get_running_loop()
    pool = _workers()
    await asyncio.gather(*(loop.run_in_executor(pool, warm_up, *build) for _ in range(worker_count())))


def stop_search_workers(wait: bool = True) -> None:
    """The server is stopping (or its pool broke): let each worker finish its search and leave;
    the next search starts new workers."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=wait, cancel_futures=True)


async def search_in_worker(datasette: Datasette, request: SearchRequest) -> dict:
    """``search(db, request)`` on the database this server serves, in a worker process."""
    return await _in_worker(datasette, run_search, search, request)


async def search_json_in_worker(datasette: Datasette, request: SearchRequest) -> str:
    """The same answer as JSON text, serialised in the worker (search_worker.py run_search_json)."""
    return await _in_worker(datasette, run_search_json, search_json, request)


async def _in_worker(datasette: Datasette, in_worker: Callable, in_server: Callable, request: SearchRequest):
    """``in_worker(db_path, build_id, request)`` in a worker process, or ``in_server(db, request)``
    on Datasette's own connection when no worker can answer."""
    build = (await server_state(datasette)).served_build
    pool = _workers()
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, in_worker, *build, request)
    except Rebuilt:
        pass
    except BrokenProcessPool:  # a worker was killed (out of memory?): start afresh next time
        if pool is _pool:
            stop_search_workers(wait=False)
    return await run_query(datasette, in_server, request)
