"""The served processes a benchmark measures, read from /proc: the `rulebook serve` on a port and
every process under it (its uvicorn workers with `--workers N`, and the search workers).

load and workers both measure the whole tree: a search runs in a search worker, so the server's
own process alone would hide most of what a search costs.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path


def server_pid(port: int) -> int:
    """The `rulebook serve` child process of this benchmark listening on ``port``."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == os.getpid() and b"serve" in command and str(port).encode() in command:
                return int(entry.name)
    raise SystemExit("could not find the server process")


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process it started, and theirs."""
    tree, position = [pid], 0
    while position < len(tree):
        for task in Path(f"/proc/{tree[position]}/task").glob("*"):
            try:
                tree += [int(child) for child in (task / "children").read_text().split()]
            except OSError:  # the task ended meanwhile
                continue
        position += 1
    return tree


def resident_mb(pids: list[int]) -> float:
    """The processes' resident memory together (pages they share counted once per process: an upper bound)."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        total += next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    return total / 1024


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time the processes have used so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


class MemorySampler(threading.Thread):
    """The peak resident memory of a process tree, sampled every 50 ms while it runs:
    ``with MemorySampler(pid) as sampler: ...`` then ``sampler.peak`` (MB)."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0.0, True

    def run(self) -> None:
        while self.running:
            self.peak = max(self.peak, resident_mb(process_tree(self.pid)))
            time.sleep(0.05)

    def __enter__(self) -> MemorySampler:
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.running = False
        self.join()
