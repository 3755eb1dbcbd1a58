"""Time `rulebook build` as a whole process, for the bundled sources and for each full
comprehensive rules text in ../shared/corpora/comprehensive-rules/.

Targets: bundled sources under 1.5 s (2 s with the search index); one full comprehensive rules
text under 3 s. Run: .venv/bin/python benchmarks/build.py [--runs 5]
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
            subprocess.run([str(RULEBOOK), "build", "--db", str(target), *arguments],
                           check=True, capture_output=True, cwd=REPO)
            durations.append(time.perf_counter() - started)
    return statistics.median(durations)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    from db.build import bundled_sources

    cases = [("bundled sources", [], bundled_sources(), 1.5)]
    for corpus in sorted(CORPORA.glob("*.txt")) if CORPORA.exists() else []:
        cases.append((corpus.name, ["--only", str(corpus)], [corpus], 3.0))
    print(f"{'build':<34} {'seconds':>8} {'MB':>6} {'MB/s':>6} {'target':>7}")
    for label, arguments, files, target in cases:
        seconds = time_build(arguments, runs)
        megabytes = sum(path.stat().st_size for path in files) / 1e6
        verdict = "ok" if seconds < target else "SLOW"
        print(f"{label:<34} {seconds:8.2f} {megabytes:6.2f} {megabytes / seconds:6.2f} {target:6.1f}s {verdict}")


if __name__ == "__main__":
    main()
