"""Search under load, for questions nobody has asked before: our /search.json against
Datasette's built-in table search (`/rulebook/rules.json?_search=`) and the framework's floor
(`/-/versions.json`), on one real `rulebook serve`, in one run.

Every search request is a query never sent before: queries of the relevance set
(benchmarks/relevance/queries.json) joined with a word of another one, so no remembered answer,
cache or warm path can help; the built-in search gets the same queries. Then:

- one client taking turns between the bundled database and one with 26 official editions
  loaded as well (two servers side by side, so a busy machine slows both alike);
- the floor's latency for four clients while four others search (does search hold other pages up?);
- the worst of the bad-input queries (a 10,000-character paste, search syntax, emoji, other
  scripts, a question naming 20 concepts...) at 26 editions.

The three endpoints take turns in rounds, so a machine busy with other work slows all alike.

The resident memory of each served process tree (the server and its search workers) is sampled
all along.

Targets (issues 10, 22 and 28): at 8 clients our throughput >= 1.5 x the built-in search's and our
p50 <= 2 x the floor's; with 26 editions single-client p50 <= 1.5 x the bundled database's; no
bad input over 200 ms; each served process tree under 400 MB.

Run: .venv/bin/python -m benchmarks.serve_load [--requests 800] [--clients 8] [--single 200] [--editions 26]
With --baseline PYTHON (another rulebook, e.g. an earlier commit pip-installed in its own virtualenv),
our search and that one's are measured side by side instead, on the bundled documents.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import random
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

from rulebook.db.build import build_database, bundled_sources
from tests.server import served

from .clients import shared_out
from .editions import make_official_editions
from .processes import MemorySampler, server_pid

REPO = Path(__file__).resolve().parent.parent
RELEVANCE_SET = REPO / "benchmarks" / "relevance" / "queries.json"
BAD_INPUT = [
    "x" * 10_000,
    "unveil " * 2_000,
    "the of and a an to in is it",
    "!!!",
    '"unveil* AND (cost NEAR/2 leader',
    "a AND b OR NOT c",
    "NEAR(player game, 2)",
    "Уничтожить существо",
    "隠れた役割",
    "🃏🃏",
    "player game card turn creature spell ability opponent life damage " * 3,
    "9" * 500,
    # a question that names 20 of the rules' concepts (issue 28): every one is recognised and scored
    "deathtouch trample flying reach lifelink vigilance haste menace hexproof ward indestructible first strike "
    "double strike flash defender protection shroud mulligan two-headed giant commander tax",
]
ROUNDS = 8
TARGETS = {
    "throughput vs built-in": 1.5,
    "p50 vs floor": 2.0,
    "26 editions vs bundled": 1.5,
    "bad input ms": 200,
    "memory MB": 400,
}


def distinct_queries(count: int, seed: int = 10) -> list[str]:
    """``count`` different queries judges could type: each relevance query plus a word of another."""
    queries = [entry["query"] for entry in json.loads(RELEVANCE_SET.read_text(encoding="utf-8"))["queries"]]
    words = sorted({word for query in queries for word in query.lower().split() if word.isalpha() and len(word) > 3})
    pairs = [f"{query} {word}" for query, word in itertools.product(queries, words) if word not in query.lower()]
    random.Random(seed).shuffle(pairs)
    if len(pairs) < count:
        raise SystemExit(f"Only {len(pairs)} distinct queries can be made from the relevance set.")
    return pairs[:count]


def measure(port: int, paths: list[str], clients: int) -> tuple[list[float], float]:
    """Milliseconds of each request, ``paths`` shared out among ``clients`` threads with
    keep-alive connections, and the requests answered per second."""
    timings: list[float] = []
    failures: list[str] = []

    def client(turns) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        get(connection, "/-/versions.json", failures)  # open the connection, untimed
        for path in turns:
            started = time.perf_counter()
            get(connection, path, failures)
            timings.append((time.perf_counter() - started) * 1000)
        connection.close()

    elapsed = shared_out(paths, clients, client)
    if failures:
        raise SystemExit("requests failed: " + "; ".join(failures[:5]))
    return timings, len(timings) / elapsed


def get(connection: http.client.HTTPConnection, path: str, failures: list[str]) -> None:
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        failures.append(f"{path[:80]}: {response.status}")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def ours(queries: list[str]) -> list[str]:
    return [f"/search.json?q={quote(query)}" for query in queries]


def builtin(queries: list[str]) -> list[str]:
    return [f"/rulebook/rules.json?_search={quote(query)}" for query in queries]


def row(label: str, timings: list[float], throughput: float | None = None) -> list[str]:
    return [
        label,
        str(len(timings)),
        f"{throughput:.0f}" if throughput else "",
        f"{statistics.median(timings):.1f}",
        f"{percentile(timings, 0.99):.1f}",
    ]


def table(rows: list[list[str]]) -> str:
    widths = [max(len(cells[column]) for cells in rows) for column in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip() for cells in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def verdict(value: float, target: float, lower_is_better: bool = True) -> str:
    met = value <= target if lower_is_better else value >= target
    return "met" if met else "NOT MET"


def under_load(port: int, requests: int, clients: int, queries: list[str]) -> dict:
    """Our search, the built-in search and the floor at ``clients``; then the floor while
    searches run: every request a query not sent before."""
    rows = [["endpoint", "requests", "req/s", "p50 ms", "p99 ms"]]
    endpoints = [
        ("ours /search.json", ours(queries[:requests])),
        ("built-in /rulebook/rules.json?_search=", builtin(queries[:requests])),
        ("floor /-/versions.json", ["/-/versions.json"] * requests),
    ]
    # The endpoints take turns, ROUNDS times, so a machine busy with other work slows all alike.
    timings: dict[str, list[float]] = {label: [] for label, _ in endpoints}
    seconds: dict[str, float] = dict.fromkeys(timings, 0.0)
    for round_number in range(ROUNDS):
        for label, paths in endpoints:
            chunk = paths[round_number::ROUNDS]
            chunk_timings, throughput = measure(port, chunk, clients)
            timings[label] += chunk_timings
            seconds[label] += len(chunk) / throughput
    figures = {label: (timings[label], len(timings[label]) / seconds[label]) for label in timings}
    rows += [row(label, *figures[label]) for label in figures]
    # Half the clients search (queries not sent before) while the other half ask for the floor.
    floor_timings: list[float] = []
    searching = threading.Thread(target=measure, args=(port, ours(queries[requests : 2 * requests]), clients // 2))
    searching.start()
    floor_timings, _ = measure(port, ["/-/versions.json"] * (requests // 2), max(1, clients // 2))
    searching.join()
    rows.append(row(f"floor while {clients // 2} clients search", floor_timings))
    print(table(rows))
    our_timings, our_throughput = figures["ours /search.json"]
    builtin_throughput = figures["built-in /rulebook/rules.json?_search="][1]
    floor_p50 = statistics.median(figures["floor /-/versions.json"][0])
    throughput_ratio = our_throughput / builtin_throughput
    p50_ratio = statistics.median(our_timings) / floor_p50
    print(
        f"\nour throughput / built-in: {throughput_ratio:.2f} (target >= {TARGETS['throughput vs built-in']}: "
        f"{verdict(throughput_ratio, TARGETS['throughput vs built-in'], lower_is_better=False)})"
    )
    print(
        f"our p50 / floor p50: {p50_ratio:.2f} (target <= {TARGETS['p50 vs floor']}: "
        f"{verdict(p50_ratio, TARGETS['p50 vs floor'])})"
    )
    return figures


def single_client(ports: list[int], queries: list[str]) -> list[list[float]]:
    """One client, each query sent to each server in turn (a different query each time): the
    servers are measured side by side, so a busy machine slows both alike."""
    connections = [http.client.HTTPConnection("127.0.0.1", port, timeout=60) for port in ports]
    failures: list[str] = []
    timings: list[list[float]] = [[] for _ in ports]
    for connection in connections:
        get(connection, "/search.json?q=warm+up", failures)
    for number, query in enumerate(queries):
        index = number % len(ports)
        started = time.perf_counter()
        get(connections[index], ours([query])[0], failures)
        timings[index].append((time.perf_counter() - started) * 1000)
    if failures:
        raise SystemExit("requests failed: " + "; ".join(failures[:5]))
    return timings


def worst_bad_input(port: int) -> tuple[float, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    failures: list[str] = []
    worst = (0.0, "")
    for query in BAD_INPUT:
        for path in (f"/search.json?q={quote(query)}", f"/search?q={quote(query)}"):
            started = time.perf_counter()
            get(connection, path, failures)
            worst = max(worst, ((time.perf_counter() - started) * 1000, query[:40]))
    connection.close()
    if failures:
        raise SystemExit("bad input failed: " + "; ".join(failures))
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=800, help="requests per endpoint at full load")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--single", type=int, default=200, help="single-client searches per database")
    parser.add_argument("--editions", type=int, default=26, help="official editions for the scale run")
    parser.add_argument(
        "--baseline",
        metavar="PYTHON",
        help="the Python of another rulebook install (an earlier commit, pip-installed in its own "
        "virtualenv): its search is measured beside ours, in this run, on the bundled documents",
    )
    arguments = parser.parse_args()
    if arguments.baseline:
        return against_baseline(arguments)
    queries = distinct_queries(2 * arguments.requests + 2 * arguments.single)
    load_queries, single_queries = queries[: 2 * arguments.requests], queries[2 * arguments.requests :]
    with tempfile.TemporaryDirectory() as folder:
        bundled = Path(folder) / "bundled.db"
        build_database(bundled, bundled_sources())
        print(f"Building the bundled documents with {arguments.editions} official editions…", flush=True)
        editions_folder = Path(folder) / "editions"
        editions_folder.mkdir()
        scaled = Path(folder) / "editions.db"
        build_database(scaled, [*bundled_sources(), *make_official_editions(editions_folder, arguments.editions)])
        print(
            f"\nBundled database: {arguments.clients} clients, {arguments.requests} requests per endpoint, "
            f"every search a query not sent before (no answer is remembered).\n"
        )
        with served(bundled) as base, served(scaled) as scaled_base:
            port, scaled_port = (int(url.rsplit(":", 1)[1]) for url in (base, scaled_base))
            with MemorySampler(server_pid(port)) as memory, MemorySampler(server_pid(scaled_port)) as scaled_memory:
                under_load(port, arguments.requests, arguments.clients, load_queries)
                bundled_single, scaled_single = single_client([port, scaled_port], single_queries)
                worst, worst_query = worst_bad_input(scaled_port)
        ratio = statistics.median(scaled_single) / statistics.median(bundled_single)
        print(
            f"\nsingle client, taking turns: bundled p50 {statistics.median(bundled_single):.1f} ms "
            f"(p99 {percentile(bundled_single, 0.99):.1f}); {arguments.editions} editions p50 "
            f"{statistics.median(scaled_single):.1f} ms (p99 {percentile(scaled_single, 0.99):.1f}); "
            f"ratio {ratio:.2f} (target <= {TARGETS['26 editions vs bundled']}: "
            f"{verdict(ratio, TARGETS['26 editions vs bundled'])})"
        )
        print(
            f"worst bad input at {arguments.editions} editions: {worst:.0f} ms for {worst_query!r}… "
            f"(target <= {TARGETS['bad input ms']} ms: {verdict(worst, TARGETS['bad input ms'])})"
        )
        for label, sampler in (("bundled", memory), (f"{arguments.editions} editions", scaled_memory)):
            print(
                f"peak memory of the served process tree, {label}: {sampler.peak:.0f} MB "
                f"(target < {TARGETS['memory MB']} MB: {verdict(sampler.peak, TARGETS['memory MB'])})"
            )


def against_baseline(arguments) -> None:
    """Our search and the baseline install's, each on its own build of the bundled documents,
    side by side: 8 clients on each in turn, then one client taking turns. Every query is sent
    once to each server and never again."""
    queries = distinct_queries(2 * arguments.requests + 2 * arguments.single)
    with tempfile.TemporaryDirectory() as folder:
        ours_db, theirs_db = Path(folder) / "ours" / "rulebook.db", Path(folder) / "baseline" / "rulebook.db"
        ours_db.parent.mkdir()
        theirs_db.parent.mkdir()
        build_database(ours_db, bundled_sources())
        baseline = [arguments.baseline, "-m", "rulebook", "build", "--db", str(theirs_db)]
        subprocess.run(baseline, check=True, capture_output=True, cwd=folder)  # not this checkout's rulebook
        with served(ours_db) as ours_base, served(theirs_db, python=arguments.baseline, cwd=folder) as theirs_base:
            ports = [int(url.rsplit(":", 1)[1]) for url in (ours_base, theirs_base)]
            rows = [["server", "requests", "req/s", "p50 ms", "p99 ms"]]
            load: dict[int, tuple[list[float], float]] = {port: ([], 0.0) for port in ports}
            for round_number in range(ROUNDS):  # the two take turns, so a busy machine slows both alike
                for port, offset in zip(ports, (0, arguments.requests)):
                    chunk = ours(queries[offset : offset + arguments.requests])[round_number::ROUNDS]
                    timings, throughput = measure(port, chunk, arguments.clients)
                    load[port] = (load[port][0] + timings, load[port][1] + len(chunk) / throughput)
            for label, port in zip(("this checkout", "baseline"), ports):
                timings, seconds = load[port]
                rows.append(row(f"{label}, {arguments.clients} clients", timings, len(timings) / seconds))
            single = single_client(ports, queries[2 * arguments.requests :])
            for label, timings in zip(("this checkout", "baseline"), single):
                rows.append(row(f"{label}, one client", timings))
    print(table(rows))
    ratio = statistics.median(single[0]) / statistics.median(single[1])
    print(f"\nsingle-client p50, this checkout / baseline: {ratio:.2f} (below 1: faster than the baseline)")


if __name__ == "__main__":
    main()
