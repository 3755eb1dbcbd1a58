"""What `rulebook serve` checks before it prints an address: that the address can be listened on
(the socket is bound here and handed to the server, so the address printed is the one that
answers), that the database can be read, and that the model its search vectors were made with is
installed. Each problem is a ``StartupError`` with its own exit status, documented in
`rulebook serve --help`.
"""

from __future__ import annotations

import socket
import sqlite3
from contextlib import closing
from pathlib import Path


class StartupError(Exception):
    """Why the server can't start, and the exit status that says which kind of problem it is."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        self.exit_code = exit_code


# The longest request line and headers the server reads (uvicorn's h11 stops at 16 KB by default
# and answers a longer URL in plain text before the site sees it). A scenario in a check URL is
# up to 64 KB of JSON, up to three times that percent-encoded: the site reads it and answers a
# scenario over 64 KB with its documented 413, never a plain-text error.
MAX_REQUEST_HEAD_BYTES = 3 * 64 * 1024 + 16 * 1024

# The exit statuses of `rulebook serve` (click's own usage errors exit 2).
DATABASE_UNREADABLE = 1  # no rulebook database can be read at --db
MODEL_MISSING = 3  # the database's search vectors were made by a model this install lacks
ADDRESS_UNAVAILABLE = 4  # --host/--port can't be listened on (in use, or not this machine's address)


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening, as uvicorn would bind it (address reuse on,
    so a server restarted at once gets its port back); StartupError when it can't be."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as error:
        raise StartupError(f"Can't listen on {host}:{port}: {error.strerror}.", ADDRESS_UNAVAILABLE) from None
    sock = socket.socket(family, kind, protocol)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        reason = "another server is using it" if error.errno == 98 else error.strerror
        raise StartupError(
            f"Can't listen on {host}:{port}: {reason}. Stop that server, or pick another port with --port.",
            ADDRESS_UNAVAILABLE,
        ) from None
    sock.set_inheritable(True)  # the worker processes of --workers N serve on it too
    return sock


def check_search_model(db_path: Path) -> None:
    """The model that embedded the database's entries must embed the queries too: a database
    built with vectors, served where that model is missing or another version, would rank by
    words alone without saying so."""
    from rulebook.ingest.meaning import model_name

    with closing(sqlite3.connect(f"{Path(db_path).resolve().as_uri()}?immutable=1", uri=True)) as connection:
        try:
            row = connection.execute("select model from search_vector_model").fetchone()
        except sqlite3.Error:  # a database built without vectors: nothing to match
            return
    built_by = row[0] if row else None
    if built_by is None:
        return
    here = model_name()
    if here != built_by:
        raise StartupError(
            f"{db_path}'s search vectors were made by {built_by}, but "
            + (f"this install has {here}" if here else "that model can't be loaded here")
            + ". Run `rulebook build` again with this install (or install the version it was built with).",
            MODEL_MISSING,
        )
