"""Search throughput of `rulebook serve --workers N` for 1, 2 and 4 workers, in one run.

Every request is a query no server has been asked before: queries are made by combining words of
the relevance set (benchmarks/relevance/queries.json), each combination used once in the whole run,
so no answer cache helps. Concurrent clients (threads on the same machine as the server, a new
connection per request, as from many judges' phones, so the kernel spreads them over the workers)
send the same number of requests to each server; the benchmark prints
requests per second, median and p99 latency, the speed-up over one worker, and the server's CPU
time per request and cores busy (from /proc), which show what the workers could do on idle cores.

Other work on the machine takes cores from the server (and, with the kernel's autogroup
scheduling, one session's processes share one slice however many workers it runs): the runs are
interleaved over several rounds and the load average is printed with the figures.

Run: .venv/bin/python -m benchmarks.workers [--requests 400] [--rounds 2] [--clients 8] [--workers 1 2 4] [--db PATH]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from benchmarks.clients import shared_out
from benchmarks.processes import cpu_seconds, process_tree, server_pid
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
    timings: list[float] = []
    failures: list[str] = []

    def client(turns) -> None:
        for query in turns:
            path = f"/search.json?q={quote(query)}"
            started = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            connection.close()
            timings.append((time.perf_counter() - started) * 1000)
            if response.status != 200:
                failures.append(f"{path}: {response.status}")

    elapsed = shared_out(queries, clients, client)
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
    parser.add_argument("--requests", type=int, default=400, help="requests per server run")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--rounds", type=int, default=2, help="runs of every worker count, interleaved")
    parser.add_argument("--db", type=Path, help="a built rulebook.db (default: build one in a temporary folder)")
    arguments = parser.parse_args()
    runs = [workers for _ in range(arguments.rounds) for workers in arguments.workers]
    queries = distinct_queries(arguments.requests * len(runs))
    batches = [queries[i * arguments.requests : (i + 1) * arguments.requests] for i in range(len(runs))]
    # per worker count, per run: (requests/s, ms per request, server CPU ms per request, server cores busy)
    results: dict[int, list[tuple[float, list[float], float, float]]] = {workers: [] for workers in arguments.workers}
    load_before = os.getloadavg()[0]  # other work on the machine shares its cores with the server and clients
    with tempfile.TemporaryDirectory() as folder:
        db_path = arguments.db or Path(folder) / "rulebook.db"
        if not arguments.db:
            build_database(db_path, bundled_sources())
        for number, (workers, batch) in enumerate(zip(runs, batches), start=1):
            with served(db_path, options=("--workers", str(workers))) as base:
                port = int(base.rsplit(":", 1)[1])
                warm_up(port, workers)
                processes = process_tree(server_pid(port))
                cpu_before = cpu_seconds(processes)
                elapsed, timings = measure(port, batch, arguments.clients)
                cpu = cpu_seconds(processes) - cpu_before
            results[workers].append((len(batch) / elapsed, timings, cpu / len(batch) * 1000, cpu / elapsed))
            print(
                f"run {number}/{len(runs)}: {workers} worker(s), {len(batch) / elapsed:.1f} requests/s", file=sys.stderr
            )
    assert len(set(itertools.chain(*batches))) == len(queries)  # no query asked twice
    print(
        f"/search.json, {arguments.requests} distinct queries per run (never asked before), "
        f"{arguments.rounds} interleaved rounds, {arguments.clients} concurrent clients, loopback, "
        f"{os.cpu_count()} CPU cores, load average before {load_before:.1f}, after {os.getloadavg()[0]:.1f}\n"
    )
    print(
        f"{'workers':>7} {'requests/s (each round)':>24} {'median':>7} {'median ms':>9} {'p99 ms':>7} "
        f"{'speed-up':>8} {'CPU ms/request':>14} {'cores busy':>10}"
    )
    single = statistics.median(run[0] for run in results[arguments.workers[0]])
    for workers, measured in results.items():
        throughput = statistics.median(run[0] for run in measured)
        timings = [timing for run in measured for timing in run[1]]
        rounds = ", ".join(f"{run[0]:.1f}" for run in measured)
        print(
            f"{workers:>7} {rounds:>24} {throughput:>7.1f} {statistics.median(timings):>9.1f} "
            f"{percentile(timings, 0.99):>7.1f} {throughput / single:>7.2f}x "
            f"{statistics.median(run[2] for run in measured):>14.1f} {max(run[3] for run in measured):>10.2f}"
        )
    print(
        "\nCPU ms/request: the server's own CPU time per search (all its processes); cores busy: the most "
        "cores its processes used at once in a run (1.00 = one full core)."
    )


if __name__ == "__main__":
    main()
