"""How long one rule check takes: in-process, and as POST /-/check on loopback.

In-process is parse + check of each worked example's scenario with the rulebook already
loaded (it is read once per database). Over HTTP, a real `rulebook serve` runs as a
subprocess on a free loopback port, and one keep-alive client posts the same scenarios in turn. Targets: median under 1 ms in-process, under 10 ms over HTTP.

Run: .venv/bin/python benchmarks/checker.py [--db PATH] [--repeat 2000] [--requests 500]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import sqlite_utils

from rulebook.db.build import build_database, bundled_sources
from rulebook.queries.checker import check, load_rulebook, parse_scenario_text
from rulebook.queries.checker.examples import worked_examples
from tests.server import served

IN_PROCESS_TARGET_MS = 1.0
HTTP_TARGET_MS = 10.0


def scenario_bodies() -> list[str]:
    return [json.dumps(example["scenario"]) for example in worked_examples()]


def median_ms(timings: list[float]) -> float:
    return statistics.median(timings) * 1000


def in_process(db_path: Path, repeat: int) -> float:
    rulebook = load_rulebook(sqlite_utils.Database(db_path))
    bodies = scenario_bodies()
    timings = []
    for index in range(repeat):
        body = bodies[index % len(bodies)]
        started = time.perf_counter()
        check(rulebook, parse_scenario_text(body))
        timings.append(time.perf_counter() - started)
    return median_ms(timings)


def over_http(db_path: Path, requests: int) -> float:
    bodies = scenario_bodies()
    timings = []
    with served(db_path) as base, httpx.Client(base_url=base) as client:
        for index in range(requests):
            started = time.perf_counter()
            response = client.post(
                "/-/check", content=bodies[index % len(bodies)], headers={"content-type": "application/json"}
            )
            timings.append(time.perf_counter() - started)
            if response.status_code != 200:
                raise SystemExit(f"POST /-/check answered {response.status_code}: {response.text}")
    return median_ms(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="a built rulebook.db (default: build one from the bundled documents)")
    parser.add_argument("--repeat", type=int, default=2000, help="in-process checks to time")
    parser.add_argument("--requests", type=int, default=500, help="POST /-/check requests to time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_path = args.db or Path(folder) / "rulebook.db"
        if not args.db:
            build_database(db_path, bundled_sources())
        results = [
            ("in-process check", in_process(db_path, args.repeat), IN_PROCESS_TARGET_MS),
            ("POST /-/check on loopback", over_http(db_path, args.requests), HTTP_TARGET_MS),
        ]
    for label, median, target in results:
        verdict = "ok" if median < target else "OVER TARGET"
        print(f"{label:<28} median {median:7.3f} ms   target < {target:g} ms   {verdict}")


if __name__ == "__main__":
    main()
