"""What one server knows about what it serves, read once when it starts.

The served files never change while a server runs (the database is opened immutable), so what
the pages need from them beyond a query is read at startup (Datasette's ``startup`` hook,
datasette-plugins/state.py) into one ``ServerState`` that lives on the Datasette instance:

- ``links``: where every rule number and mentioned card links (rulebook.web.rendering);
- ``checker``: the rules the checker cites, or ``checker_problem`` saying why it can't answer;
- ``build``: the hash of the served files and code, behind every ETag and the offline cache's name;
- ``database_path`` and ``build_id``: what the search workers open and check they still find.

Several servers in one process (the tests, a benchmark's baseline) each have their own.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path

import sqlite_utils
from datasette.app import Datasette

from rulebook.db.publish import build_id_of
from rulebook.queries.checker import CheckerSetupError, Rulebook, load_rulebook
from rulebook.resources import package_folder
from rulebook.urls import DATABASE

from .rendering import LinkContext

NO_RULEBOOK = (
    "The rule checker answers from the Treachery rules, and this server's database has none: "
    "it needs a rulebook database built with `rulebook build`."
)
_ATTRIBUTE = "rulebook_state"  # where a Datasette instance keeps its ServerState
CODE_PACKAGES = ("rulebook", "rulebook.plugins", "rulebook.queries", "rulebook.db")


@dataclass(frozen=True)
class ServerState:
    database_path: Path
    build_id: int
    build: str
    links: LinkContext | None  # None for a database that is not a rulebook (no documents table)
    checker: Rulebook | None
    checker_problem: str | None  # why the checker can't answer, when it can't

    @property
    def served_build(self) -> tuple[Path, int]:
        """(database path, build id): what a search worker opens, and how it knows it is still that build."""
        return self.database_path, self.build_id


def _hash_files(digest, files: Iterable[Path]) -> None:
    for path in sorted(files):
        digest.update(str(path.name).encode() + b"\0")
        with path.open("rb") as file:
            while chunk := file.read(1 << 20):
                digest.update(chunk)


def build_hash(datasette: Datasette) -> str:
    """sha256 of what the answers are made of: every served database file (its search tables
    inside), the rulebook code (plugins, templates, queries) and the Datasette version."""
    digest = hashlib.sha256(f"rulebook {version('rulebook')} datasette {version('datasette')}".encode())
    for database in datasette.databases.values():
        if database.path and Path(database.path).is_file():
            _hash_files(digest, [Path(database.path)])
    for package in CODE_PACKAGES:
        _hash_files(
            digest,
            (path for path in package_folder(package).rglob("*") if path.is_file() and "__pycache__" not in path.parts),
        )
    return digest.hexdigest()


def served_database(datasette: Datasette):
    return datasette.databases.get(DATABASE) or datasette.get_database()


def _read(conn, has_documents: bool) -> tuple[int, LinkContext | None, Rulebook | None, str | None]:
    build_id = build_id_of(conn)
    if not has_documents:
        return build_id, None, None, NO_RULEBOOK
    db = sqlite_utils.Database(conn)
    try:
        checker, problem = load_rulebook(db), None
    except CheckerSetupError as error:
        checker, problem = None, str(error)
    return build_id, LinkContext.load(db), checker, problem


async def load_server_state(datasette: Datasette) -> ServerState:
    """Read what the server needs from its database and code, once (the startup hook calls this)."""
    existing = getattr(datasette, _ATTRIBUTE, None)
    if existing is not None:
        return existing
    database = served_database(datasette)
    has_documents = "documents" in await database.table_names()
    build_id, links, checker, problem = await database.execute_fn(lambda conn: _read(conn, has_documents))
    state = ServerState(
        database_path=Path(database.path),
        build_id=build_id,
        build=build_hash(datasette),
        links=replace(links, base_url=datasette.setting("base_url")) if links else None,
        checker=checker,
        checker_problem=problem,
    )
    setattr(datasette, _ATTRIBUTE, state)
    return state


async def server_state(datasette: Datasette) -> ServerState:
    """This server's state; a server asked before its startup (an outer middleware's first request)
    runs its startup first."""
    state = getattr(datasette, _ATTRIBUTE, None)
    if state is None:
        await datasette.invoke_startup()
        state = getattr(datasette, _ATTRIBUTE, None) or await load_server_state(datasette)
    return state
