"""Searches run in worker processes (rulebook/web/search_pool.py): same answers as in process,
the event loop's process never runs them, and a dead worker costs no judge an answer."""

from __future__ import annotations

import os
import signal

import pytest
import sqlite_utils

from rulebook.queries.search import search
from rulebook.web import search_pool
from tests.server import in_process

# Each test starts the search worker processes, as a real server does.
pytestmark = pytest.mark.server


@pytest.fixture
async def site(built_db_path):
    datasette = await in_process(built_db_path)
    await search_pool.start_search_workers(datasette)
    yield datasette
    search_pool.stop_search_workers()


def worker_pids() -> set[int]:
    return {process.pid for process in search_pool._workers()._processes.values()}


async def test_workers_start_warm_and_answer_as_the_search_itself_does(site, built_db_path):
    assert len(worker_pids()) == search_pool.worker_count()
    assert os.getpid() not in worker_pids()
    served = (await site.client.get("/search.json?q=undercover+guardian&limit=20")).json()
    expected = search(sqlite_utils.Database(built_db_path), "undercover guardian", limit=20)
    assert served["results"] == expected["results"]
    # the current rule, then the current rule above it; 1.1's 702.TrCov-4a, replaced since, comes later
    assert [result["number"] for result in served["results"][:2]] == ["702.TR02a", "702.TR02"]
    assert "702.TrCov-4a" in [result["number"] for result in served["results"]]


async def test_a_killed_worker_costs_no_answer_and_the_next_search_gets_new_workers(site):
    before = (await site.client.get("/search.json?q=platinum+angel")).json()
    killed = worker_pids()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    answer = await site.client.get("/search.json?q=platinum+angel")
    assert answer.status_code == 200
    assert answer.json()["results"] == before["results"]  # answered in the server's own process
    again = (await site.client.get("/search.json?q=platinum+angel")).json()
    assert again["results"] == before["results"]
    assert worker_pids() and not worker_pids() & killed


async def test_stopping_the_server_stops_its_workers(site):
    pool = search_pool._workers()
    await site.client.get("/search.json?q=assassin")
    processes = list(pool._processes.values())
    search_pool.stop_search_workers()
    assert processes and all(not process.is_alive() for process in processes)
