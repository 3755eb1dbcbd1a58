"""How often search finds the right ruling: our search against Datasette's built-in table search.

    .venv/bin/python -m benchmarks.relevance.run [--db rulebook.db] [--queries FILE ...]
        [--official ../shared/corpora/comprehensive-rules] [--check-only]

Runs every query of queries.json and unseen-questions.json (or each --queries) through both
searches on the same database and prints, per set, hit@5 (the answer is among the first five
results) and MRR@10 (1/rank of the first answer in the top ten) per category against the
targets, the queries our search still misses, how often the answer shown first (the search
answer's ``answer``) is right, and how long our searches take. Without --db it builds a fresh
database (its search tables inside) from the bundled documents, with --official every official
edition of a folder as well. unseen-questions.json holds questions written blind, which search
was never tuned to: the check that the figures of queries.json are not the product of tuning to
them. --check-only checks that every expected row exists and prints no score, for the writer of
blind questions, who must not see how search does (WRITING-BLIND-QUESTIONS.md).

Datasette's side is replayed the way its table search works, on every full-text table:
``?_search=`` escapes the query (each word quoted, so all words must match), then results are
ranked by FTS5's bm25 and merged across tables by rank. (Datasette 0.65 itself orders matches
by row id, so this is an upper bound for it.) Rows of rule_paragraphs and mechanic_rulings
count as the rule and the mechanic they belong to.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

import sqlite_utils
from datasette.utils import escape_fts
from tabulate import tabulate

from rulebook.db.build import build_database, bundled_sources
from rulebook.queries.search import search

REPO = Path(__file__).resolve().parents[2]

QUERIES = Path(__file__).with_name("queries.json")
UNSEEN = Path(__file__).with_name("unseen-questions.json")
# (hit@5, MRR@10) each set must reach (issue 22): the blind set's are the ones that matter
TARGETS = {QUERIES: (0.97, 0.92), UNSEEN: (0.90, 0.75)}

# What a row of each full-text table answers, as "<kind> <document> <key>" (see queries.json).
ROW_IDENTITIES = {
    "rules": "select r.id, 'rule ' || d.slug || ' ' || r.number from rules r join documents d on d.id = r.document_id",
    "rule_paragraphs": """select p.id, 'rule ' || d.slug || ' ' || r.number from rule_paragraphs p
                          join rules r on r.id = p.rule_id join documents d on d.id = r.document_id""",
    "cards": "select c.id, 'card ' || d.slug || ' ' || c.name from cards c join documents d on d.id = c.document_id",
    "card_notes": """select n.id, 'card_note ' || d.slug || ' ' || c.name || ' #' || n.position from card_notes n
                     join cards c on c.id = n.card_id join documents d on d.id = n.document_id""",
    "faq": "select f.id, 'faq ' || d.slug || ' ' || f.question from faq f join documents d on d.id = f.document_id",
    "glossary": "select g.id, 'glossary ' || d.slug || ' ' || g.term from glossary g join documents d on d.id = g.document_id",
    "mechanics": "select m.id, 'mechanic ' || d.slug || ' ' || m.name from mechanics m join documents d on d.id = m.document_id",
    "mechanic_rulings": """select x.id, 'mechanic_ruling ' || d.slug || ' ' || m.name || ' #' || x.position
                           from mechanic_rulings x
                           join mechanics m on m.id = x.mechanic_id join documents d on d.id = m.document_id""",
    "passages": "select p.id, 'passage ' || d.slug || ' ' || p.id from passages p join documents d on d.id = p.document_id",
}


def our_identity(result: dict) -> str:
    key = {
        "rule": result["number"],
        "card": result["card"],
        "card_note": f"{result['card']} #{result['url'].rsplit('#note-', 1)[-1]}",
        "mechanic_ruling": result["title"].replace(" — ruling ", " #"),
        "faq": result["question"],
    }.get(result["kind"], result["title"])
    return f"{result['kind']} {result['document']} {key}"


class BuiltIn:
    """Datasette's ?_search= on every full-text table, merged by bm25 rank."""

    def __init__(self, db: sqlite_utils.Database):
        self.db = db
        self.identities = {table: dict(db.execute(sql).fetchall()) for table, sql in ROW_IDENTITIES.items()}

    def __call__(self, query: str) -> list[str]:
        escaped = escape_fts(query)
        if not escaped.strip():
            return []
        ranked = []
        for table, identities in self.identities.items():
            try:
                rows = self.db.execute(
                    f"select rowid, rank from {table}_fts where {table}_fts match ? order by rank limit 10", [escaped]
                ).fetchall()
            except sqlite3.OperationalError:  # what Datasette shows as an error page
                rows = []
            ranked.extend((rank, identities[rowid]) for rowid, rank in rows)
        ranked.sort()
        return list(dict.fromkeys(identity for _, identity in ranked))[:10]


def answers(identity: str, expected: list[str]) -> bool:
    """A row answers a query it is expected for; a mechanic's ruling also answers for its mechanic."""
    mechanic = identity.replace("mechanic_ruling ", "mechanic ", 1).rsplit(" #", 1)[0]
    return identity in expected or (identity.startswith("mechanic_ruling ") and mechanic in expected)


def scores(found: list[str], expected: list[str]) -> tuple[float, float]:
    """(hit@5, reciprocal rank within the top ten) of one query."""
    rank = next(
        (position for position, identity in enumerate(found[:10], start=1) if answers(identity, expected)), None
    )
    return (1.0 if rank and rank <= 5 else 0.0), (1.0 / rank if rank else 0.0)


def check_expected(queries: list[dict], known: set[str]) -> None:
    unknown = sorted({row for query in queries for row in query["expected"] if row not in known})
    if unknown:
        sys.exit(
            "These expected rows are not in the database (typo, or a document missing?):\n  " + "\n  ".join(unknown)
        )


def checked(db: sqlite_utils.Database, queries_path: Path) -> tuple[list[dict], BuiltIn]:
    """The queries of a set, every expected row of which is in the database (or exit naming those
    not), and Datasette's built-in search on it."""
    queries = json.loads(queries_path.read_text(encoding="utf-8"))["queries"]
    builtin = BuiltIn(db)
    check_expected(
        queries, {identity for identities in builtin.identities.values() for identity in identities.values()}
    )
    return queries, builtin


def report(db: sqlite_utils.Database, queries_path: Path, target: tuple[float, float]) -> dict:
    """Score one set of queries, print its table, misses and clear answers; return its overall figures."""
    queries, builtin = checked(db, queries_path)
    per_category: dict[str, list[tuple]] = {}
    misses, wrong_answers = [], []
    clear_answers = 0
    first_timings = []  # each query's first search: nothing remembered yet
    for query in queries:
        started = time.perf_counter()
        found = search(db, query["query"], limit=10)
        first_timings.append((time.perf_counter() - started) * 1000)
        our_found = [our_identity(result) for result in found["results"]]
        row = (*scores(our_found, query["expected"]), *scores(builtin(query["query"]), query["expected"]))
        per_category.setdefault(query["category"], []).append(row)
        if not row[0]:
            misses.append(f"  {query['query']!r}: got {our_found[:3]}, wanted one of {query['expected']}")
        if found["answer"]:
            clear_answers += 1
            if not answers(our_found[0], query["expected"]):
                wrong_answers.append(f"  {query['query']!r}: answered {our_found[0]}, wanted {query['expected']}")
    rows = []
    everything = [row for category_rows in per_category.values() for row in category_rows]
    for name, category_rows in [*sorted(per_category.items()), ("overall", everything)]:
        means = [statistics.mean(row[column] for row in category_rows) for column in range(4)]
        rows.append([name, str(len(category_rows)), *(f"{mean:.2f}" for mean in means)])
    headers = ["category", "queries", "ours hit@5", "ours MRR@10", "built-in hit@5", "built-in MRR@10"]
    print(f"\n## {queries_path.name}: {len(queries)} queries\n")
    print(tabulate(rows, headers, disable_numparse=True))
    hit, mrr = (statistics.mean(row[column] for row in everything) for column in (0, 1))
    met = "met" if hit >= target[0] and mrr >= target[1] else "NOT MET"
    print(f"\nTargets hit@5 >= {target[0]:.2f} and MRR@10 >= {target[1]:.2f}: {met}")
    print(
        "\nOur misses (answer not in the top five):" if misses else "\nOur search answers every query in its top five."
    )
    print("\n".join(misses))
    print(
        f"\nShown first as the clear answer: {clear_answers} queries, {clear_answers - len(wrong_answers)} of them "
        "right." + ("" if not wrong_answers else " Wrong:\n" + "\n".join(wrong_answers))
    )
    print(
        f"\nOur search, each query once (nothing is remembered between searches): median "
        f"{statistics.median(first_timings):.1f} ms, slowest {max(first_timings):.1f} ms over {len(first_timings)} queries."
    )
    return {"hit@5": hit, "MRR@10": mrr, "met": met == "met"}


def sources(official: Path | None) -> list[Path]:
    """The bundled documents, and every official edition in ``official`` that is not one of them."""
    bundled = bundled_sources()
    if official is None:
        return bundled
    known = {hashlib.sha256(path.read_bytes()).digest() for path in bundled}
    extra = sorted(path for path in official.iterdir() if path.is_file() and not path.name.startswith("."))
    return [*bundled, *(path for path in extra if hashlib.sha256(path.read_bytes()).digest() not in known)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, help="an existing rulebook.db")
    parser.add_argument(
        "--queries",
        type=Path,
        action="append",
        help="a set of queries to run (repeat for several; default queries.json and unseen-questions.json)",
    )
    parser.add_argument(
        "--official",
        type=Path,
        metavar="FOLDER",
        help="build with every official edition in FOLDER loaded as well (e.g. ../shared/corpora/comprehensive-rules)",
    )
    parser.add_argument(
        "--check-only",
        action="store_true",
        help="only check that every expected row exists; print no score (for the writer of blind questions)",
    )
    arguments = parser.parse_args()
    sets = arguments.queries or list(TARGETS)
    with tempfile.TemporaryDirectory() as folder:
        path = arguments.db
        if path is None:
            path = Path(folder) / "rulebook.db"
            files = sources(arguments.official)
            print(f"Building a fresh database from {len(files)} documents…", flush=True)
            build_database(path, files)
        for queries_path in sets:
            if arguments.check_only:
                print(
                    f"{queries_path}: all {len(checked(sqlite_utils.Database(path), queries_path)[0])} queries' expected rows exist."
                )
                continue
            report(sqlite_utils.Database(path), queries_path, TARGETS.get(queries_path, (0.0, 0.0)))


if __name__ == "__main__":
    main()
