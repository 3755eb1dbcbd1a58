"""Time `rulebook build` as a whole process, for the bundled sources, for each full
comprehensive rules text in ../shared/corpora/comprehensive-rules/, and for 26 dated official
editions made from them (benchmarks/editions.py, about 20 MB) against one of those editions.

`rulebook build` writes the database and then its search index. Targets: the bundled sources
under 2 s for the whole command, and under 1.5 s for the database alone (timed in-process,
without the index); one full comprehensive rules text under 3 s; the 26 editions (given as a
folder, `rulebook build --only DIR`) in at most 12 x the time of one edition, same run.
Run: .venv/bin/python -m benchmarks.build [--runs 5]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.editions import CORPORA, make_official_editions

REPO = Path(__file__).resolve().parent.parent
RULEBOOK = Path(sys.executable).with_name("rulebook")


def time_build(arguments: list[str], runs: int) -> float:
    """Median wall-clock seconds of `rulebook build ARGUMENTS` into a fresh database."""
    return statistics.median(seconds for seconds, _ in timed_builds(arguments, runs))


def timed_builds(arguments: list[str], runs: int) -> list[tuple[float, float]]:
    """(wall-clock, CPU) seconds of each run of `rulebook build ARGUMENTS` into a fresh database."""
    durations = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            target = Path(folder) / f"run{run}" / "rulebook.db"
            target.parent.mkdir()
            cpu_before = _children_cpu()
            started = time.perf_counter()
            subprocess.run(
                [str(RULEBOOK), "build", "--db", str(target), *arguments], check=True, capture_output=True, cwd=REPO
            )
            durations.append((time.perf_counter() - started, _children_cpu() - cpu_before))
    return durations


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def editions_against_one(runs: int) -> None:
    """26 official editions built from their folder, against the first of them alone, same run."""
    with tempfile.TemporaryDirectory() as folder:
        editions = make_official_editions(Path(folder), 26)
        megabytes = sum(path.stat().st_size for path in editions) / 1e6
        one = timed_builds(["--only", str(editions[0])], runs)
        all_26 = timed_builds(["--only", folder], runs)
    one_wall, one_cpu = (statistics.median(values) for values in zip(*one, strict=True))
    all_wall, all_cpu = (statistics.median(values) for values in zip(*all_26, strict=True))
    print(f"\n26 official editions ({megabytes:.1f} MB) vs one, rulebook build --only, median of {runs}:")
    print(f"  one edition:  {one_wall:7.2f} s wall  {one_cpu:7.2f} s CPU")
    print(f"  26 editions:  {all_wall:7.2f} s wall  {all_cpu:7.2f} s CPU")
    ratio, cpu_ratio = all_wall / one_wall, all_cpu / one_cpu
    verdict = "ok" if ratio <= 12 else "SLOW"
    print(f"  ratio:        {ratio:7.1f} x wall  {cpu_ratio:7.1f} x CPU   (target <= 12 x) {verdict}")


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
    editions_against_one(runs)


if __name__ == "__main__":
    main()
