"""How rulebook sits in Datasette: the app `rulebook serve`, the tests and the benchmarks run,
and what the plugins share (the database, the link context).

Serving is read-only: the database is opened immutable, queries are time-limited, and our
plugins and templates turn Datasette into the rules site.
"""

from __future__ import annotations

import gc
import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import sqlite_utils
from datasette.app import Datasette
from datasette.database import Database
from datasette.utils.asgi import Response

from rulebook.resources import package_file, package_folder
from rulebook.urls import DATABASE

from .errors import PageNotFound
from .metadata import build_metadata, example_query_string, parameter_values
from .paths import with_base_url
from .rendering import LinkContext, render_symbols
from .state import server_state
from .symbols import STYLESHEET as SYMBOLS_STYLESHEET

STATIC_MOUNT = "rulebook-static"  # our CSS, scripts and fonts: /rulebook-static/...
# The stylesheets every page gets, Datasette's own included (datasette-plugins/stylesheets.py).
EVERY_PAGE_CSS = (SYMBOLS_STYLESHEET, "symbols.css", "phone.css")
SETTINGS = {
    "sql_time_limit_ms": 500,  # a judge's query that runs longer is a mistake, not a wait
    "max_returned_rows": 2000,  # more than every rule of the bundled comprehensive rules
    "default_page_size": 50,
    "facet_time_limit_ms": 200,
    # Queries run on the event loop, not in a thread pool: every page's queries take well under
    # a millisecond on the immutable database, and skipping the hand-off to threads halves the
    # p99 latency under concurrent load (benchmarks/serve_load.py). The time limit above bounds
    # how long any ad-hoc SQL can hold the loop.
    "num_sql_threads": 0,
}


def make_datasette(db_path: Path, cors: bool = True, **settings: Any) -> Datasette:
    """Datasette serving ``db_path`` immutably under the name the site's URLs use (/rulebook).

    ``cors``: JSON answers may be read by web apps on any origin (Datasette's --cors, which our
    plugins extend to their own JSON; see rulebook/web/http.py). ``settings`` override ours,
    e.g. base_url="/prefix/" to serve the site under a prefix."""
    plugins_dir = package_folder("rulebook.plugins")
    with closing(sqlite3.connect(f"{Path(db_path).resolve().as_uri()}?immutable=1", uri=True)) as connection:
        values = parameter_values(sqlite_utils.Database(connection))  # the canned queries' example values
    datasette = Datasette(
        memory=False,
        metadata=build_metadata(values),
        plugins_dir=str(plugins_dir),
        template_dir=str(package_file("rulebook.plugins", "templates")),
        static_mounts=[(STATIC_MOUNT, str(package_file("rulebook.plugins", "static")))],
        settings={**SETTINGS, **settings},
        cors=cors,
    )
    datasette.remove_database("_memory")  # Datasette adds one when it starts without files
    datasette.add_database(Database(datasette, path=str(Path(db_path).resolve()), is_mutable=False), name=DATABASE)
    return datasette


SERVED_DATABASE = "RULEBOOK_SERVED_DB"  # how `rulebook serve --workers N` tells its workers what to serve


def app_from_environment():
    """The ASGI app of one worker of `rulebook serve --workers N`: uvicorn starts each worker in its
    own process and builds its app by calling this (an app factory), over the same immutable files."""
    return make_datasette(Path(os.environ[SERVED_DATABASE])).app()


# No value a served query makes may be longer than this: `randomblob(400000000)` fails at once
# instead of holding the event loop while SQLite fills 400 MB (no time limit can interrupt one
# function call). The longest value the build stores is a few KB.
SQL_LENGTH_LIMIT = 1_000_000


DISABLED_FUNCTIONS = frozenset({"fts3_tokenizer"})


def _authorize(action: int, first, second, database, trigger) -> int:
    if action == sqlite3.SQLITE_FUNCTION and second and second.lower() in DISABLED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def limit_connection(connection: sqlite3.Connection) -> None:
    """Bound what SQL on a served connection can do (Datasette's prepare_connection hook).

    fts3_tokenizer() hands out the address of a tokenizer in memory (and, where enabled,
    installs one from an address). Python's sqlite3 cannot reach sqlite3_db_config's
    SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER (which only guards the two-argument form anyway), so
    an authorizer refuses any statement that calls it: "not authorized".
    """
    connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, SQL_LENGTH_LIMIT)
    connection.set_authorizer(_authorize)


async def prepare_to_serve(datasette: Datasette) -> None:
    """Everything that can fail at startup, done before the server says it is serving: the
    plugins' startup hooks and opening the database."""
    await datasette.invoke_startup()
    await datasette.get_database(DATABASE).execute_fn(lambda conn: conn.execute("select count(*) from documents"))
    # What startup loaded (the checker's rules, templates, the link context) lives as long as the
    # server: out of the garbage collector's sight, a large request's collections stay short.
    gc.collect()
    gc.freeze()


def served_databases(datasette: Datasette) -> list[dict]:
    """/-/databases.json without the server's paths: each database by its file name only."""
    return [
        {
            "name": database.name,
            "route": database.route,
            "path": Path(database.path).name if database.path else None,
            "size": database.size,
            "is_mutable": database.is_mutable,
            "is_memory": database.is_memory,
            "hash": database.hash,
        }
        for name, database in datasette.databases.items()
        if name != "_internal"
    ]


async def run_query(datasette: Datasette, function: Callable[..., Any], *args) -> Any:
    """``function(db, *args)`` on the served database, in Datasette's SQL thread, with sqlite-utils."""
    return await datasette.get_database(DATABASE).execute_fn(lambda conn: function(sqlite_utils.Database(conn), *args))


def linker(context: LinkContext) -> Callable:
    """The templates' one way to show stored text: ``linked("rules", rule, "text")``."""

    def linked(table: str, row: dict, column: str):
        return context.render(row[column], row["document_id"], (table, row["id"]))

    return linked


def text_linker(context: LinkContext) -> Callable:
    """The templates' way to show text that is no stored row (a compare page's diff runs):
    ``linked_text(text, document_slug)``, escaped, with rule links and mana symbols."""

    def linked_text(text: str, document: str):
        return context.render(text, context.document_ids[document])

    return linked_text


async def page_response(datasette: Datasette, request, data: dict, template: str) -> Response:
    """The JSON twin (a path ending in .json), or the page rendered with linked text; page data
    of kind "missing" raises the 404 that offers its suggestions."""
    if data["kind"] == "missing":
        raise PageNotFound(data["error"], data["suggestions"])
    data = with_base_url(datasette, data)
    if request.url_vars.get("format") == "json":
        return Response.json(data, default=str)
    context = {"data": data, "linked": linker((await server_state(datasette)).links), "symbols": render_symbols}
    return Response.html(await datasette.render_template(template, context, request=request))


def canned_query_example(datasette: Datasette, path: str) -> str | None:
    """Where a canned query asked for without values opens: its page with its example values."""
    base_url = datasette.setting("base_url")
    prefix = f"{base_url}{DATABASE}/"
    if not path.startswith(prefix):
        return None
    query = (datasette.metadata("queries", database=DATABASE) or {}).get(path[len(prefix) :])
    example = example_query_string(query) if query else None
    return f"{path}?{example}" if example else None
