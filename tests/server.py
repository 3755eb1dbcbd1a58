"""Run the real `rulebook serve` for the browser tests and the benchmarks, or the same app in-process."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def served(
    db_path: Path,
    seconds: float = 60,
    options: tuple[str, ...] = (),
    python: str = sys.executable,
    cwd: Path | str | None = None,
) -> Iterator[str]:
    """`rulebook serve` on a free loopback port, in its own process, for as long as the block
    runs: the browser tests and the benchmarks measure the real server. Yields its base URL.
    ``options`` are more options for `rulebook serve`, e.g. ("--workers", "2"); ``python`` the
    interpreter whose rulebook serves (a benchmark's baseline install), run in ``cwd`` (not the
    checkout, whose rulebook/ ``python -m`` would import first)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # What the server logs goes to a file, never a pipe nobody reads while it runs: a pipe that
    # fills (a traceback for each server error, a line for each SQL error) would stop the server
    # mid-answer.
    with tempfile.TemporaryFile(mode="w+") as log:
        process = subprocess.Popen(
            [python, "-m", "rulebook", "serve", "--db", str(db_path), "--port", str(port), *options],
            stdout=subprocess.DEVNULL,
            stderr=log,
            text=True,
            cwd=cwd,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + seconds
            while True:
                if process.poll() is not None:
                    log.seek(0)
                    raise RuntimeError(f"`rulebook serve` stopped before answering:\n{log.read()[-5000:]}")
                try:
                    with urllib.request.urlopen(base + "/-/versions.json", timeout=1):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError(
                            f"`rulebook serve` did not answer at {base} within {seconds} seconds."
                        ) from None
                    time.sleep(0.1)
            yield base
        finally:
            process.terminate()
            process.wait(timeout=10)


async def in_process(db_path: Path, **options):
    """The site's Datasette (make_datasette) with its startup hooks run, for its in-process client."""
    from rulebook.web.app import make_datasette

    datasette = make_datasette(db_path, **options)
    await datasette.invoke_startup()
    return datasette
