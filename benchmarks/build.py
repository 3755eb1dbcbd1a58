"""Time `rulebook build` as a whole process, for the bundled sources and for each full
comprehensive rules text in ../shared/corpora/comprehensive-rules/.

`rulebook build` writes the database and then its search index. Targets: the bundled sources
under 2 s for the whole command, and under 1.5 s for the database alone (timed in-process,
without the index); one full comprehensive rules text under 3 s.
Run: .venv/bin/python benchmarks/build.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RULEBOOK = Path(sys.executable).with_name("rulebook")
CORPORA = REPO.parent / "shared" / "corpora" / "comprehensive-rules"


def time_build(arguments: list[str], runs: int) -> float:
    """Median wall-clock seconds of `rulebook build ARGUMENTS` into a fresh database."""
    durations = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            target = Path(folder) / f"run{run}" / "rulebook.db"
            target.parent.mkdir()
            started = time.perf_counter()
            subprocess.run(
                [str(RULEBOOK), "build", "--db", str(target), *arguments], check=True, capture_output=True, cwd=REPO
            )
            durations.append(time.perf_counter() - started)
    return statistics.median(durations)


def time_database_only(files: list[Path], runs: int) -> float:
    """Median seconds of the database build alone (parse, write, link, FTS), in-process."""
    from rulebook.db.build import build_database

    durations = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            started = time.perf_counter()
            build_database(Path(folder) / f"run{run}.db", files)
            durations.append(time.perf_counter() - started)
    return statistics.median(durations)


def report(label: str, seconds: float, files: list[Path], target: float) -> None:
    megabytes = sum(path.stat().st_size for path in files) / 1e6
    verdict = "ok" if seconds < target else "SLOW"
    print(f"{label:<52} {seconds:8.2f} {megabytes:6.2f} {megabytes / seconds:6.2f} {target:6.1f}s {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    from rulebook.db.build import bundled_sources

    bundled = bundled_sources()
    print(f"{'build':<52} {'seconds':>8} {'MB':>6} {'MB/s':>6} {'target':>7}")
    report("bundled sources: rulebook build", time_build([], runs), bundled, 2.0)
    report("bundled sources: database only, in-process", time_database_only(bundled, runs), bundled, 1.5)
    for corpus in sorted(CORPORA.glob("*.txt")) if CORPORA.exists() else []:
        report(f"{corpus.name}: rulebook build --only", time_build(["--only", str(corpus)], runs), [corpus], 3.0)


if __name__ == "__main__":
    main()
