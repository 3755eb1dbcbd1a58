"""The clients of the load benchmarks: one queue of requests shared out among threads.

serve_load, workers and load all send a list of requests from several clients at once; each
client takes the next request from the common queue until none is left, so a slow answer holds
up only its own client, as with real judges.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator


def shared_out(items: Iterable, clients: int, client: Callable[[Iterator], None]) -> float:
    """Run ``client(turns)`` in ``clients`` threads at once, ``turns`` yielding each thread's next
    item of ``items`` until none is left; return the seconds until the last thread finished."""
    pending: queue.SimpleQueue = queue.SimpleQueue()
    for item in items:
        pending.put(item)

    def turns() -> Iterator:
        while True:
            try:
                yield pending.get_nowait()
            except queue.Empty:
                return

    threads = [threading.Thread(target=client, args=(turns(),)) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started
