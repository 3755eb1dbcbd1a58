"""Latency of the served site under load: 8 concurrent clients on loopback against a real
`rulebook serve`, 1,000 requests per endpoint; our /search.json, a rule page and a card page
next to Datasette's built-in table search on the same database in the same run.

Both searches cycle through the same queries: eight common ones and every query of the
relevance set (benchmarks/relevance/queries.json). Our search remembers its latest answers, so
the first request for each query is also reported alone ("cold").

Targets: our search no slower than the built-in table search; every p99 under 50 ms.
Run: .venv/bin/python benchmarks/serve_load.py [--requests 1000] [--clients 8] [--db PATH]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

from tests.server import served

REPO = Path(__file__).resolve().parent.parent
RELEVANCE_SET = REPO / "benchmarks" / "relevance" / "queries.json"
QUERIES = list(
    dict.fromkeys(
        [
            "undercover",
            "leader loses the game",
            "platinum angel",
            "unveil",
            "face down identity",
            "traitor wins",
            "manifest dread",
            "room door unlock",
        ]
        + [entry["query"] for entry in json.loads(RELEVANCE_SET.read_text())["queries"]]
    )
)
P99_TARGET_MS = 50.0


def endpoints() -> list[tuple[str, list[str]]]:
    """(label, paths cycled through): ours, Datasette's built-in table search, and the cheapest
    Datasette page as the floor this machine allows."""
    return [
        ("/search.json?q=", [f"/search.json?q={quote(query)}" for query in QUERIES]),
        (
            "rule page",
            [
                "/rules/treachery-6.0/907.8b",
                "/rules/treachery-6.0/702.TR02a",
                "/rules/comprehensive-rules-excerpt/104.2a",
            ],
        ),
        (
            "card page",
            ["/cards/The%20Oracle", "/cards/Jump%20Scare", "/cards/Bottomless%20Pool%20%2F%2F%20Locker%20Room"],
        ),
        (
            "built-in /rulebook/rules.json?_search=",
            [f"/rulebook/rules.json?_search={quote(query)}" for query in QUERIES],
        ),
        ("floor: Datasette's /-/versions.json", ["/-/versions.json"]),
    ]


def measure(port: int, paths: list[str], requests: int, clients: int) -> tuple[list[float], list[float]]:
    """Milliseconds per request, ``requests`` spread over ``clients`` threads with keep-alive
    connections; and the timings of the first request for each path alone.

    The clients use http.client in threads: on a small machine they share the CPU with the
    server, and a lighter client disturbs the measurement less than an asyncio one.
    """
    work: queue.Queue[tuple[str, bool]] = queue.Queue()
    for number, (path, _) in enumerate(zip(itertools.cycle(paths), range(requests))):
        work.put((path, number < len(paths)))
    timings: list[float] = []
    first_timings: list[float] = []
    failures: list[str] = []

    def get(connection: http.client.HTTPConnection, path: str) -> None:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            failures.append(f"{path}: {response.status}")

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        get(connection, "/-/versions.json")  # open the connection, untimed
        while True:
            try:
                path, first = work.get_nowait()
            except queue.Empty:
                break
            started = time.perf_counter()
            get(connection, path)
            elapsed = (time.perf_counter() - started) * 1000
            timings.append(elapsed)
            if first:
                first_timings.append(elapsed)
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit("requests failed: " + "; ".join(failures[:5]))
    return timings, first_timings


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--db", type=Path, help="a built rulebook.db (default: build one in a temporary folder)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_path = arguments.db or Path(folder) / "rulebook.db"
        if not arguments.db:
            subprocess.run(
                [sys.executable, "-m", "rulebook", "build", "--db", str(db_path)],
                check=True,
                capture_output=True,
                cwd=REPO,
            )
        with served(db_path) as base:
            port = int(base.rsplit(":", 1)[1])
            results = {}
            for label, paths in endpoints():
                timings, first_timings = measure(port, paths, arguments.requests, arguments.clients)
                results[label] = timings
                if label == "/search.json?q=":
                    results["/search.json?q= first request of each query"] = first_timings
    print(
        f"{arguments.requests} requests per endpoint, {arguments.clients} concurrent clients, loopback, "
        f"{len(QUERIES)} distinct search queries\n"
    )
    print(f"{'endpoint':<46} {'requests':>8} {'median ms':>9} {'p99 ms':>7}  p99 < {P99_TARGET_MS:g} ms")
    for label, timings in results.items():
        p99 = percentile(timings, 0.99)
        print(
            f"{label:<46} {len(timings):>8} {statistics.median(timings):>9.1f} {p99:>7.1f}  "
            f"{'ok' if p99 < P99_TARGET_MS else 'SLOW'}"
        )
    ours, builtin = results["/search.json?q="], results["built-in /rulebook/rules.json?_search="]
    verdict = "ok" if statistics.median(ours) <= statistics.median(builtin) else "SLOWER"
    print(
        f"\nour search vs built-in table search (median): {statistics.median(ours):.1f} ms vs "
        f"{statistics.median(builtin):.1f} ms: {verdict}"
    )


if __name__ == "__main__":
    main()
