"""Search throughput of `rulebook serve --workers N` for 1, 2 and 4 workers, in one run.

Every request is a query no server has been asked before: queries are made by combining words of
the relevance set (benchmarks/relevance/queries.json), each combination used once in the whole run,
so no answer cache helps. Concurrent clients (threads on the same machine as the server, a new
connection per request, as from many judges' phones, so the kernel spreads them over the workers)
send the same number of requests to each server; the benchmark prints
requests per second, median and p99 latency, and the speed-up over one worker.

Run: .venv/bin/python -m benchmarks.workers [--requests 600] [--clients 8] [--workers 1 2 4] [--db PATH]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import queue
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

from rulebook.db.build import build_database, bundled_sources
from tests.server import served

REPO = Path(__file__).resolve().parent.parent
RELEVANCE_SET = REPO / "benchmarks" / "relevance" / "queries.json"


def distinct_queries(count: int, seed: int = 14) -> list[str]:
    """``count`` different queries of two to four words, each drawn from the relevance set's queries."""
    queries = [entry["query"] for entry in json.loads(RELEVANCE_SET.read_text(encoding="utf-8"))["queries"]]
    words = sorted({word for query in queries for word in re.findall(r"[a-z][a-z']+", query.lower())})
    chooser = random.Random(seed)
    made: dict[str, None] = {}
    while len(made) < count:
        made[" ".join(chooser.sample(words, chooser.randint(2, 4)))] = None
    return list(made)


def measure(port: int, queries: list[str], clients: int) -> tuple[float, list[float]]:
    """(seconds for all requests, milliseconds per request) with ``clients`` concurrent clients."""
    work: queue.Queue[str] = queue.Queue()
    for query in queries:
        work.put(f"/search.json?q={quote(query)}")
    timings: list[float] = []
    failures: list[str] = []

    def client() -> None:
        while True:
            try:
                path = work.get_nowait()
            except queue.Empty:
                break
            started = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            connection.close()
            timings.append((time.perf_counter() - started) * 1000)
            if response.status != 200:
                failures.append(f"{path}: {response.status}")

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    if failures:
        raise SystemExit("requests failed: " + "; ".join(failures[:5]))
    return elapsed, timings


def warm_up(port: int, workers: int) -> None:
    """One request per worker on fresh connections, so each worker has opened its index before the clock starts."""
    for number in range(workers * 4):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", f"/search.json?q=warm{number}")
        connection.getresponse().read()
        connection.close()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=600, help="requests per worker count")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--db", type=Path, help="a built rulebook.db (default: build one in a temporary folder)")
    arguments = parser.parse_args()
    queries = distinct_queries(arguments.requests * len(arguments.workers))
    batches = [queries[i :: len(arguments.workers)] for i in range(len(arguments.workers))]
    results = []
    load_before = os.getloadavg()[0]  # other work on the machine shares its cores with the server and clients
    with tempfile.TemporaryDirectory() as folder:
        db_path = arguments.db or Path(folder) / "rulebook.db"
        if not arguments.db:
            build_database(db_path, bundled_sources())
        for workers, batch in zip(arguments.workers, batches):
            with served(db_path, options=("--workers", str(workers))) as base:
                port = int(base.rsplit(":", 1)[1])
                warm_up(port, workers)
                elapsed, timings = measure(port, batch, arguments.clients)
            results.append((workers, len(batch) / elapsed, timings))
            print(f"{workers} worker(s): done", file=sys.stderr)
    assert len(set(itertools.chain(*batches))) == sum(map(len, batches))  # no query asked twice
    print(
        f"/search.json, {arguments.requests} distinct queries per run (never asked before), "
        f"{arguments.clients} concurrent clients, loopback, {os.cpu_count()} CPU cores, "
        f"load average before the run {load_before:.1f}, after {os.getloadavg()[0]:.1f}\n"
    )
    print(f"{'workers':>7} {'requests/s':>10} {'median ms':>9} {'p99 ms':>7} {'speed-up':>8}")
    single = results[0][1]
    for workers, throughput, timings in results:
        print(
            f"{workers:>7} {throughput:>10.1f} {statistics.median(timings):>9.1f} "
            f"{percentile(timings, 0.99):>7.1f} {throughput / single:>7.2f}x"
        )


if __name__ == "__main__":
    main()
