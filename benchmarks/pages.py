"""The pages a judge opens at the table, timed on a real `rulebook serve` (issue 20).

- the home page against rule pages (each rule page a different rule): "the home page answers as
  fast as a rule page", and how tall it is on a phone is a browser test's business;
- the compare pages of every pair of editions of the official rules in ../shared/corpora (the
  bundled documents plus every shared edition), each asked once (nothing remembered): time and
  size, the largest first.

Run: .venv/bin/python -m benchmarks.pages [--pages 300]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import statistics
import tempfile
import time
from pathlib import Path

import sqlite_utils

from rulebook.db.build import build_database, bundled_sources
from tests.server import served

from .editions import CORPORA, real_editions
from .scale import rule_pages
from .serve_load import percentile


def timed(connection: http.client.HTTPConnection, path: str) -> tuple[float, int, int]:
    """(milliseconds, status, bytes) of one GET."""
    started = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    return (time.perf_counter() - started) * 1000, response.status, len(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300)
    arguments = parser.parse_args()
    real_editions()
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "rulebook.db"
        build_database(db_path, [*bundled_sources(), *sorted(CORPORA.glob("*.txt"))])
        db = sqlite_utils.Database(db_path)
        editions = [
            row["slug"]
            for row in db.query(
                "select slug from documents where family = 'comprehensive-rules' and id = primary_id and edition > 0 "
                "order by edition"
            )
        ]
        pages = rule_pages(db_path, arguments.pages)
        with served(db_path) as base:
            host, port = base.split("//")[1].split(":")
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            timed(connection, "/-/versions.json")
            home, rules = [], []
            for path in pages:  # the home page and a rule page in turn: a busy machine slows both alike
                home.append(timed(connection, f"/?turn={len(home)}")[0])
                rules.append(timed(connection, path)[0])
            compares = []
            for old, new in itertools.combinations(editions, 2):
                milliseconds, status, size = timed(connection, f"/compare/{old}/{new}")
                compares.append((size, milliseconds, status, old, new))
    print(f"{'page':<52} {'p50 ms':>8} {'p99 ms':>8}")
    for label, values in (("home /", home), (f"rule pages ({len(rules)} different rules)", rules)):
        print(f"{label:<52} {statistics.median(values):8.1f} {percentile(values, 0.99):8.1f}")
    ratio = statistics.median(home) / statistics.median(rules)
    print(f"home p50 / rule page p50: {ratio:.2f} (target: as fast as a rule page, <= 1.0)")
    print(f"\ncompare pages, each asked once ({len(compares)} pairs), the five largest:")
    print(f"{'old -> new':<66} {'KB':>7} {'ms':>8} {'status':>6}")
    for size, milliseconds, status, old, new in sorted(compares, reverse=True)[:5]:
        print(f"{old + ' -> ' + new:<66} {size / 1024:7.0f} {milliseconds:8.0f} {status:>6}")
    print(f"median compare page: {statistics.median(c[1] for c in compares):.0f} ms, "
          f"{statistics.median(c[0] for c in compares) / 1024:.0f} KB")  # fmt: skip


if __name__ == "__main__":
    main()
