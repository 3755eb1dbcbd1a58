"""Concurrent builds to one path: does the database always end up with its own search index?

Each round starts two `rulebook build` processes at once on the same --db, one from the Treachery
6.0 rules and the official excerpt, one from every bundled document (so the two pairs differ),
then checks the pair left behind: the index the database names must exist and hold exactly one
entry per rule, card, card note, FAQ entry, glossary entry and mechanic of that database.
No temporary file may be left over.

Target: 32 rounds, 0 mismatches, 0 failed builds, 0 leftovers.
Run: .venv/bin/python -m benchmarks.concurrent_builds [--rounds 32]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import sqlite_utils
from whoosh import index

from rulebook.db.build import bundled_source
from rulebook.db.publish import index_root
from rulebook.db.search_index import index_path_for

SMALL = [bundled_source("treachery-rules-6.0.txt"), bundled_source("magic-comprehensive-rules-excerpt.txt")]
ENTRY_TABLES = ("rules", "cards", "card_notes", "faq", "glossary", "mechanics")


def build_command(db_path: Path, sources: list[Path] | None) -> list[str]:
    command = [sys.executable, "-m", "rulebook", "build", "--db", str(db_path), "--allow-shrink"]
    return command + (["--only", *map(str, sources)] if sources else [])


def pair_problem(db_path: Path) -> str | None:
    """Why the database and the index it names do not belong together (None if they do)."""
    folder = index_path_for(db_path)
    if not folder.is_dir():
        return f"the index {folder.name} named by the database is missing"
    db = sqlite_utils.Database(db_path)
    expected = sum(db[table].count for table in ENTRY_TABLES)
    found = index.open_dir(str(folder), readonly=True).doc_count()
    return None if found == expected else f"the index has {found} entries, the database {expected}"


def leftovers(db_path: Path) -> list[str]:
    beside = [path.name for path in db_path.parent.iterdir() if ".tmp-" in path.name or ".old-" in path.name]
    inside = [path.name for path in index_root(db_path).iterdir() if ".tmp-" in path.name]
    return beside + inside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=32)
    arguments = parser.parse_args()
    mismatches, failures, left = [], [], []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "rulebook.db"
        for round_number in range(1, arguments.rounds + 1):
            processes = [
                subprocess.Popen(build_command(db_path, sources), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                for sources in (SMALL, None)
            ]
            for process in processes:
                _, error = process.communicate()
                if process.returncode:
                    failures.append(f"round {round_number}: {error.decode().strip()[-200:]}")
            problem = pair_problem(db_path)
            if problem:
                mismatches.append(f"round {round_number}: {problem}")
            left += leftovers(db_path)
            print(f"\rround {round_number}/{arguments.rounds}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{arguments.rounds} rounds of 2 concurrent builds to one path in {time.perf_counter() - started:.0f} s")
    print(f"mismatched pairs: {len(mismatches)}   failed builds: {len(failures)}   leftover files: {len(left)}")
    for line in mismatches + failures + left:
        print("  " + line)
    print(
        "target: 0 mismatches, 0 failures, 0 leftovers: "
        + ("met" if not (mismatches or failures or left) else "NOT MET")
    )


if __name__ == "__main__":
    main()
