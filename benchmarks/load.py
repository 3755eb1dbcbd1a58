"""The served site under mixed load: errors, server memory, and whether a heavy request stalls the rest.

A real `rulebook serve` (tests/server.py) on the bundled documents gets 10,000 requests from 32
concurrent keep-alive clients, mixed: searches no cache has seen (two words of the rulebook's own
vocabulary, each pair used once), every rule page and card page, POST /-/check with the worked
examples, and Datasette JSON (table pages, row pages, full-text table search). The resident
memory of the server and its search worker processes together is sampled all along
(/proc/<pid>/status).

Then the worst case valid checker request (the largest scenario under the 64 KB limit: the
first worked example with as many attack events as fit) is posted over and over, back to back,
while another client times a rule page.

Targets: 0 errors; server memory under 400 MB (issue 22: the meaning model costs each process
~70 MB; it was 300 before); the rule page under 1 s during the heavy checks.
Run: .venv/bin/python -m benchmarks.load [--requests 10000] [--clients 32]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import sqlite_utils

from benchmarks.clients import shared_out
from benchmarks.processes import MemorySampler, server_pid
from rulebook.db.build import build_database, bundled_sources
from rulebook.db.search_index import read_vocabulary
from rulebook.queries.checker import MAX_SCENARIO_BYTES
from rulebook.queries.checker.examples import worked_examples
from rulebook.urls import card_url, rule_url
from tests.server import served

MEMORY_TARGET_MB = 400
STALL_TARGET_S = 1.0
MIX = {"search": 0.3, "rule page": 0.2, "card page": 0.15, "checker": 0.15, "Datasette JSON": 0.2}


def distinct_searches(db_path: Path, count: int) -> list[str]:
    words = sorted(word for word in read_vocabulary(sqlite_utils.Database(db_path)) if word.isalpha() and len(word) > 3)
    pairs = random.Random(13).sample(range(len(words) ** 2), count)
    return [f"/search.json?q={words[pair // len(words)]}+{words[pair % len(words)]}" for pair in pairs]


def workload(db_path: Path, requests: int) -> list[tuple[str, str, str | None]]:
    """(kind, path, JSON body or None) for every request, shuffled."""
    db = sqlite_utils.Database(db_path)
    rules = [
        rule_url(row["slug"], row["number"])
        for row in db.query("select d.slug, r.number from rules r join documents d on d.id = r.document_id")
    ]
    cards = [
        card_url(row["name"], row["slug"])
        for row in db.query("select c.name, d.slug from cards c join documents d on d.id = c.document_id")
    ]
    datasette_json = [f"/rulebook/rules/{row_id}.json" for row_id in range(1, 200)] + [
        "/rulebook/rules.json?_size=50",
        "/rulebook/cards.json?_search=player",
        "/rulebook/card_notes.json?_search=damage",
        "/rulebook/documents.json",
    ]
    bodies = [json.dumps(example["scenario"]) for example in worked_examples()]
    counts = {kind: round(share * requests) for kind, share in MIX.items()}
    counts["search"] += requests - sum(counts.values())
    work = [("search", path, None) for path in distinct_searches(db_path, counts["search"])]
    for kind, paths in (("rule page", rules), ("card page", cards), ("Datasette JSON", datasette_json)):
        work += [(kind, path, None) for path, _ in zip(itertools.cycle(paths), range(counts[kind]))]
    work += [("checker", "/-/check", body) for body, _ in zip(itertools.cycle(bodies), range(counts["checker"]))]
    random.Random(7).shuffle(work)
    return work


def worst_case_scenario() -> str:
    """The largest valid scenario: the first worked example plus attack events up to the size limit."""
    scenario = worked_examples()[0]["scenario"]
    players = [player["name"] for player in scenario["players"] if player.get("status", "in") == "in"]
    events = list(scenario["events"])
    attack = {"type": "attack", "player": players[1], "attacked": players[2:], "declared": True}
    body = json.dumps({**scenario, "events": events})
    while True:
        larger = json.dumps({**scenario, "events": [attack, *events]})
        if len(larger.encode()) > MAX_SCENARIO_BYTES:
            return body
        events, body = [attack, *events], larger


def request(connection: http.client.HTTPConnection, path: str, body: str | None) -> int:
    if body is None:
        connection.request("GET", path)
    else:
        connection.request("POST", path, body=body.encode(), headers={"content-type": "application/json"})
    response = connection.getresponse()
    response.read()
    return response.status


def run_clients(port: int, work: list, clients: int) -> tuple[dict[str, list[float]], list[str]]:
    timings: dict[str, list[float]] = {kind: [] for kind in MIX}
    errors: list[str] = []

    def client(turns) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for kind, path, body in turns:
            started = time.perf_counter()
            try:
                status = request(connection, path, body)
            except (OSError, http.client.HTTPException) as error:
                errors.append(f"{path}: {error}")
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                continue
            timings[kind].append(time.perf_counter() - started)
            if status != 200:
                errors.append(f"{path}: {status}")
        connection.close()

    shared_out(work, clients, client)
    return timings, errors


def stall_test(port: int, seconds: float, heavy_clients: int) -> tuple[list[float], list[float], list[str]]:
    """Rule-page latencies while ``heavy_clients`` post the worst-case checker request non-stop."""
    body = worst_case_scenario()
    stop = threading.Event()
    heavy: list[float] = []
    errors: list[str] = []

    def heavy_client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while not stop.is_set():
            started = time.perf_counter()
            status = request(connection, "/-/check", body)
            heavy.append(time.perf_counter() - started)
            if status != 200:
                errors.append(f"worst-case /-/check: {status}")

    threads = [threading.Thread(target=heavy_client) for _ in range(heavy_clients)]
    for thread in threads:
        thread.start()
    light: list[float] = []
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.perf_counter()
        status = request(connection, "/rules/treachery-6.0/907.8b", None)
        light.append(time.perf_counter() - started)
        if status != 200:
            errors.append(f"rule page during heavy checks: {status}")
        time.sleep(0.02)
    stop.set()
    for thread in threads:
        thread.join()
    return light, heavy, errors


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--stall-seconds", type=float, default=10.0)
    parser.add_argument("--heavy-clients", type=int, default=1, help="clients posting the worst-case check")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "rulebook.db"
        build_database(db_path, bundled_sources())
        work = workload(db_path, arguments.requests)
        with served(db_path) as base:
            port = int(base.rsplit(":", 1)[1])
            with MemorySampler(server_pid(port)) as sampler:
                started = time.perf_counter()
                timings, errors = run_clients(port, work, arguments.clients)
                elapsed = time.perf_counter() - started
                light, heavy, stall_errors = stall_test(port, arguments.stall_seconds, arguments.heavy_clients)
    errors += stall_errors
    total = sum(len(values) for values in timings.values())
    print(f"{total} requests from {arguments.clients} clients in {elapsed:.1f} s ({total / elapsed:.0f}/s)\n")
    print(f"{'kind':<16} {'requests':>8} {'median ms':>9} {'p99 ms':>8} {'max ms':>8}")
    for kind, values in timings.items():
        ordered = sorted(values)
        p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
        print(f"{kind:<16} {len(values):>8} {ms(statistics.median(values))[1:]:>9} {ms(p99)} {ms(ordered[-1])}")
    size = len(worst_case_scenario().encode())
    print(
        f"\nworst-case checker request ({size:,} bytes), {arguments.heavy_clients} client(s) back to back: "
        f"{len(heavy)} answered, "
        f"median {ms(statistics.median(heavy)).strip()} ms, max {ms(max(heavy)).strip()} ms"
    )
    print(
        f"rule page meanwhile: {len(light)} requests, median {ms(statistics.median(light)).strip()} ms, "
        f"max {ms(max(light)).strip()} ms (target < {STALL_TARGET_S:g} s): "
        + ("met" if max(light) < STALL_TARGET_S else "NOT MET")
    )
    print(f"errors: {len(errors)} (target 0): " + ("met" if not errors else "NOT MET"))
    for error in errors[:10]:
        print("  " + error)
    print(
        f"server peak resident memory: {sampler.peak:.0f} MB (target < {MEMORY_TARGET_MB} MB): "
        + ("met" if sampler.peak < MEMORY_TARGET_MB else "NOT MET")
    )
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
