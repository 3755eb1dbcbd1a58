"""Every shared official edition and every shared set's release notes in one database, against
the bundled one (issue 19, item 7; issue 31, item 5).

Builds the bundled documents alone, then the bundled documents with every edition of
../shared/corpora/comprehensive-rules/ (the one already bundled is read once) and every article
of ../shared/corpora/release-notes/, each as a whole `rulebook build` process; then serves both
and times, with one client taking turns between the two servers, rule pages and card pages (the
same distinct rules and cards on both) and searches (each a query never sent before). Reports
build seconds, file size, rule-page, card-page and search p50 for each, the cost per edition
beyond the bundled build, and what 110 editions (every edition published 2003-2026) would cost
by extrapolating from it.

Targets: at most 1.1 s of build per edition beyond the bundled build; search p50 and card-page
p50 each at most 1.5 x the bundled database's.

Run: .venv/bin/python -m benchmarks.scale [--runs 3] [--pages 300] [--searches 300]
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import sqlite_utils

from rulebook.db.build import bundled_sources
from tests.server import served

from .build import timed_builds
from .editions import CORPORA, real_editions
from .serve_load import distinct_queries, get, percentile

TARGETS = {"seconds per edition": 1.1, "search p50 ratio": 1.5, "card page p50 ratio": 1.5}
RELEASE_NOTES = CORPORA.parent / "release-notes"
ALL_EDITIONS = 110  # official editions published from 2003-03-15 to 2026-01-16


def new_editions(folder: Path) -> int:
    """How many editions in ``folder`` are not already bundled (by their bytes)."""
    bundled = {path.read_bytes() for path in bundled_sources()}
    return sum(path.read_bytes() not in bundled for path in folder.glob("*.txt"))


def taking_turns(bases: list[str], paths: list[str]) -> list[list[float]]:
    """Milliseconds of each path, sent to each server in turn; every server gets every path."""
    connections = [
        http.client.HTTPConnection(base.split("//")[1].split(":")[0], int(base.rsplit(":", 1)[1]), timeout=60)
        for base in bases
    ]
    failures: list[str] = []
    timings: list[list[float]] = [[] for _ in bases]
    for connection in connections:
        get(connection, "/-/versions.json", failures)
    for path in paths:
        for index, connection in enumerate(connections):
            started = time.perf_counter()
            get(connection, path, failures)
            timings[index].append((time.perf_counter() - started) * 1000)
    if failures:
        raise SystemExit("requests failed: " + "; ".join(failures[:5]))
    return timings


def alternating(bases: list[str], paths: list[list[str]]) -> list[list[float]]:
    """Milliseconds of each server's own paths, sent one to each server in turn."""
    timings: list[list[float]] = [[] for _ in bases]
    for turn in zip(*paths, strict=True):
        for index, (base, path) in enumerate(zip(bases, turn, strict=True)):
            timings[index].extend(taking_turns([base], [path])[0])
    return timings


def rule_pages(db_path: Path, count: int) -> list[str]:
    """``count`` rule pages of the newest official edition, spread over the whole document."""
    db = sqlite_utils.Database(db_path)
    rows = list(
        db.query(
            """select d.slug, r.number from rules r join documents d on d.id = r.document_id
               where d.family = 'comprehensive-rules' and d.is_current = 1 and d.id = d.primary_id order by r.position"""
        )
    )
    step = max(1, len(rows) // count)
    return [f"/rules/{row['slug']}/{quote(row['number'])}" for row in rows[::step][:count]]


def card_pages(db_path: Path, count: int) -> list[str]:
    """``count`` card pages of the bundled cards, spread over every document that has cards."""
    db = sqlite_utils.Database(db_path)
    names = [row["name"] for row in db.query("select distinct name from cards order by document_id, position")]
    step = max(1, len(names) // count)
    return [f"/cards/{quote(name)}" for name in names[::step][:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="builds of each, the median is reported")
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--searches", type=int, default=300)
    arguments = parser.parse_args()
    real_editions()  # an error naming the folder when ../shared is missing
    added = new_editions(CORPORA)
    articles = sorted(RELEASE_NOTES.glob("*.md"))
    print(f"Official editions in {CORPORA}: {len(list(CORPORA.glob('*.txt')))}, {added} not bundled.")
    print(f"Release notes in {RELEASE_NOTES}: {len(articles)} sets.")
    with tempfile.TemporaryDirectory() as folder:
        bundled_db, scaled_db = Path(folder) / "bundled" / "rulebook.db", Path(folder) / "scaled" / "rulebook.db"
        bundled_db.parent.mkdir()
        scaled_db.parent.mkdir()
        bundled_time = statistics.median(wall for wall, _ in timed_builds([], arguments.runs))
        scaled_time = statistics.median(
            wall for wall, _ in timed_builds([str(CORPORA), *map(str, articles)], arguments.runs)
        )
        from rulebook.db.build import build_database

        build_database(bundled_db, bundled_sources())
        build_database(scaled_db, [*bundled_sources(), *sorted(CORPORA.glob("*.txt")), *articles])
        sizes = [path.stat().st_size / 1e6 for path in (bundled_db, scaled_db)]
        pages = rule_pages(bundled_db, arguments.pages)
        cards = card_pages(bundled_db, arguments.pages)
        queries = [f"/search.json?q={quote(query)}" for query in distinct_queries(2 * arguments.searches)]
        with served(bundled_db) as bundled_base, served(scaled_db) as scaled_base:
            page_times = taking_turns([bundled_base, scaled_base], pages)
            card_times = taking_turns([bundled_base, scaled_base], cards)
            # each server gets its own half of the queries, no query twice to either, in turns (a
            # busy machine slows both alike)
            search_times = alternating([bundled_base, scaled_base], [queries[0::2], queries[1::2]])
    per_edition = (scaled_time - bundled_time) / (added + len(articles))  # a set's notes count as one
    search_ratio = statistics.median(search_times[1]) / statistics.median(search_times[0])
    card_ratio = statistics.median(card_times[1]) / statistics.median(card_times[0])
    print(
        f"\n{'database':<44} {'build s':>8} {'MB':>7} {'rule p50':>9} {'card p50':>9} {'card p99':>9} "
        f"{'search p50':>11} {'search p99':>11}"
    )
    for label, seconds, size, pages_ms, cards_ms, search_ms in (
        ("bundled", bundled_time, sizes[0], page_times[0], card_times[0], search_times[0]),
        (
            f"bundled + {added} editions + {len(articles)} sets",
            scaled_time,
            sizes[1],
            page_times[1],
            card_times[1],
            search_times[1],
        ),
    ):
        print(
            f"{label:<44} {seconds:8.2f} {size:7.1f} {statistics.median(pages_ms):7.1f}ms "
            f"{statistics.median(cards_ms):7.1f}ms {percentile(cards_ms, 0.99):7.1f}ms "
            f"{statistics.median(search_ms):9.1f}ms {percentile(search_ms, 0.99):9.1f}ms"
        )
    verdict = {True: "ok", False: "NOT MET"}
    print(
        f"\nbuild per document (edition or set) beyond the bundled build: {per_edition:.2f} s "
        f"(target <= {TARGETS['seconds per edition']} s: {verdict[per_edition <= TARGETS['seconds per edition']]})"
    )
    print(
        f"search p50, all editions and sets / bundled: {search_ratio:.2f} "
        f"(target <= {TARGETS['search p50 ratio']}: {verdict[search_ratio <= TARGETS['search p50 ratio']]})"
    )
    print(
        f"card page p50, all editions and sets / bundled: {card_ratio:.2f} "
        f"(target <= {TARGETS['card page p50 ratio']}: {verdict[card_ratio <= TARGETS['card page p50 ratio']]})"
    )
    megabytes_per_edition = (sizes[1] - sizes[0]) / (added + len(articles))
    print(
        f"{ALL_EDITIONS} editions, extrapolated: build about {bundled_time + per_edition * (ALL_EDITIONS - 1):.0f} s, "
        f"database about {sizes[0] + megabytes_per_edition * (ALL_EDITIONS - 1):.0f} MB "
        f"({per_edition:.2f} s and {megabytes_per_edition:.1f} MB per document)"
    )


if __name__ == "__main__":
    main()
