"""How long one rule check takes, at the worst a valid request can ask for.

Issue 11's target: any valid request answered in under 50 ms. The checker's limits are 64
players, 1,000 events and 64 KB of JSON, so the worst cases are scenarios at those limits,
each shaped to make one part of the checker work hardest:

- unveils:      64 undercover players unveiling, 1,000 times (the undercover checks)
- exchanges:    1,000 exchanges of identity cards (teams recounted every event)
- cant-lose:    1,000 losses a Platinum Angel stops (the end-of-game check every event)
- forks:        two open points met early, then ~1,000 events: the answer is worked out 4 times
- targets:      as many attacks on all 63 other players as fit in 64 KB
- after-the-end: the game ends at once, then 999 events each explained as changing nothing

Each repetition uses new player names, so nothing is answered from a cache. In-process
times parse + check + JSON encoding with the rulebook loaded (it is read once per
database). Over HTTP, a real `rulebook serve` answers POST /-/check on loopback, timed
against GET /-/versions.json (the baseline: Datasette doing almost nothing) in the same run.

Run: .venv/bin/python -m benchmarks.checker [--db PATH] [--repeat 20] [--requests 20]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import sqlite_utils

from rulebook.db.build import build_database, bundled_sources
from rulebook.queries.checker import MAX_SCENARIO_BYTES, check, load_rulebook, parse_scenario_text
from rulebook.queries.checker.examples import worked_examples
from rulebook.queries.checker.scenario import MAX_EVENTS, MAX_PLAYERS
from tests.server import served

TARGET_MS = 50.0
ROLES = ("Guardian", "Assassin", "Traitor")


def table(tag: str, undercover: bool = True) -> list[dict]:
    """64 players: a Leader and 63 others, face down and undercover; names unique to ``tag``."""
    players = [{"name": f"{tag}0", "identity": "Leader"}]
    players += [
        {"name": f"{tag}{n}", "identity": ROLES[n % 3], "unveil_cost": "{1}", "undercover": undercover}
        for n in range(1, MAX_PLAYERS)
    ]
    return players


def unveils(tag: str) -> dict:
    events = [{"type": "unveil", "player": f"{tag}{1 + n % 63}"} for n in range(MAX_EVENTS)]
    return {"players": table(tag), "events": events, "question": {"type": "outcome"}}


def exchanges(tag: str) -> dict:
    events = [
        {"type": "exchange_control", "players": [f"{tag}{1 + n % 63}", f"{tag}{1 + (n + 1) % 63}"]}
        for n in range(MAX_EVENTS)
    ]
    return {"players": table(tag), "events": events, "question": {"type": "outcome"}}


def cant_lose(tag: str) -> dict:
    players = table(tag)
    players[0]["cant_lose"] = True
    return {
        "players": players,
        "events": [{"type": "lose", "player": f"{tag}0"}] * MAX_EVENTS,
        "question": {"type": "outcome"},
    }


def forks(tag: str) -> dict:
    """A card revealed by leaving, then an undercover unveil (open point 1), attacks, a face-down win (open point 2)."""
    players = table(tag)
    players[1]["status"] = "left"
    events = [{"type": "unveil", "player": f"{tag}2"}]
    events += [
        {"type": "attack", "player": f"{tag}{3 + n % 60}", "attacked": [f"{tag}{4 + n % 59}"]}
        for n in range(MAX_EVENTS - 2)
    ]
    events.append({"type": "win", "player": f"{tag}5"})
    return {"players": players, "events": events, "question": {"type": "outcome"}}


def targets(tag: str) -> dict:
    players = table(tag)
    names = [player["name"] for player in players]
    scenario = {"players": players, "events": [], "question": {"type": "outcome"}}
    while True:
        attacker = names[1 + len(scenario["events"]) % 63]
        event = {"type": "attack", "player": attacker, "attacked": [name for name in names if name != attacker]}
        if len(body({**scenario, "events": [*scenario["events"], event]})) > MAX_SCENARIO_BYTES:
            return scenario
        scenario["events"].append(event)


def after_the_end(tag: str) -> dict:
    events = [{"type": "lose", "player": f"{tag}0"}] + [{"type": "reveal", "player": f"{tag}1"}] * (MAX_EVENTS - 1)
    return {"players": table(tag), "events": events, "question": {"type": "outcome"}}


WORST_CASES: dict[str, Callable[[str], dict]] = {
    "unveils": unveils,
    "exchanges": exchanges,
    "cant-lose": cant_lose,
    "forks": forks,
    "targets": targets,
    "after-the-end": after_the_end,
}


def body(scenario: dict) -> str:
    return json.dumps(scenario, separators=(",", ":"))


def tag_for(repetition: int) -> str:
    """A different two-letter name prefix for each repetition: new names every time."""
    return chr(65 + repetition // 26 % 26) + chr(97 + repetition % 26)


def bodies(make: Callable[[str], dict], count: int) -> list[str]:
    made = [body(make(tag_for(n))) for n in range(count)]
    for text in made:
        assert len(text) <= MAX_SCENARIO_BYTES, f"{make.__name__}: {len(text):,} bytes is over the limit"
    return made


def in_process(rulebook, texts: list[str]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds per check (CPU time shows the work when other processes share the CPU)."""
    timings, cpu = [], []
    for text in texts:
        started, started_cpu = time.perf_counter(), time.process_time()
        json.dumps(check(rulebook, parse_scenario_text(text)))
        timings.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return timings, cpu


def over_http(client: httpx.Client, texts: list[str]) -> list[float]:
    timings = []
    for text in texts:
        started = time.perf_counter()
        response = client.post("/-/check", content=text, headers={"content-type": "application/json"})
        timings.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"POST /-/check answered {response.status_code}: {response.text[:300]}")
    return timings


def baseline(client: httpx.Client, count: int) -> list[float]:
    timings = []
    for _ in range(count):
        started = time.perf_counter()
        client.get("/-/versions.json")
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def line(label: str, size: int | None, timings: list[float], cpu: list[float] | None = None) -> str:
    worst = max(timings)
    verdict = "ok" if worst < TARGET_MS else "OVER TARGET"
    shown = f"{size / 1024:5.1f} KB" if size else " " * 8
    on_cpu = f"  cpu median {statistics.median(cpu):6.2f} max {max(cpu):6.2f}" if cpu else ""
    return (
        f"{label:<34} {shown}  median {statistics.median(timings):7.2f} ms  max {worst:7.2f} ms{on_cpu}  "
        f"target < {TARGET_MS:g} ms  {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="a built rulebook.db (default: build one from the bundled documents)")
    parser.add_argument("--repeat", type=int, default=20, help="in-process checks per case (each with new names)")
    parser.add_argument("--requests", type=int, default=20, help="POST /-/check requests per case")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_path = args.db or Path(folder) / "rulebook.db"
        if not args.db:
            print("Building a database from the bundled documents...", flush=True)
            build_database(db_path, bundled_sources())
        rulebook = load_rulebook(sqlite_utils.Database(db_path))
        examples = [json.dumps(example["scenario"]) for example in worked_examples()]
        print(line("in-process: the worked examples", None, *in_process(rulebook, examples * 20)), flush=True)
        for name, make in WORST_CASES.items():
            texts = bodies(make, args.repeat)
            print(line(f"in-process: {name}", len(texts[0]), *in_process(rulebook, texts)), flush=True)
        print(f"(load average {' '.join(f'{load:.1f}' for load in os.getloadavg())} on {os.cpu_count()} CPUs)")
        with served(db_path) as base, httpx.Client(base_url=base, timeout=30) as client:
            print(line("HTTP: GET /-/versions.json (baseline)", None, baseline(client, args.requests)), flush=True)
            print(line("HTTP: the worked examples", None, over_http(client, examples * 2)), flush=True)
            for name, make in WORST_CASES.items():
                texts = bodies(make, args.requests)
                print(line(f"HTTP: POST /-/check {name}", len(texts[0]), over_http(client, texts)), flush=True)


if __name__ == "__main__":
    main()
