"""What every response carries and what every served connection may do.

- Headers on every response: ``X-Content-Type-Options: nosniff``, a Content-Security-Policy that
  allows only our own scripts, styles and fonts (plus, by hash, the few fixed inline scripts of
  Datasette's own pages), no framing, and a Referrer-Policy.
- Served SQLite connections are bounded (rulebook.web.app.limit_connection).
- A table page's ``_sort``, ``_sort_desc`` and ``_where`` are checked before Datasette runs them:
  a column that cannot be sorted by, or a ``_where`` that is not one valid SQL condition, is the
  asker's mistake (400), not a server error (500).
- When the server shuts down, it stops its search workers (rulebook.web.search_pool).
"""

from __future__ import annotations

from urllib.parse import parse_qs

from datasette import hookimpl
from datasette.utils.asgi import Request

from rulebook.web.app import limit_connection
from rulebook.web.errors import render_error
from rulebook.web.search_pool import stop_search_workers
from rulebook.web.security import (
    CHECKED_PARAMETERS,
    SECURITY_HEADERS,
    TABLE_PARAMETERS,
    bad_datasette_arguments,
    bad_table_arguments,
)


@hookimpl
def prepare_connection(conn):
    limit_connection(conn)


def _with_headers(send):
    async def send_with_headers(message):
        if message["type"] == "http.response.start":
            names = {name.lower() for name, _ in message.get("headers", [])}
            message = {
                **message,
                "headers": [
                    *message.get("headers", []),
                    *((name, value) for name, value in SECURITY_HEADERS if name not in names),
                ],
            }
        await send(message)

    return send_with_headers


def _on_shutdown(receive, callback):
    async def receive_and_notice():
        message = await receive()
        if message["type"] == "lifespan.shutdown":
            callback()
        return message

    return receive_and_notice


def _stop(datasette) -> None:
    stop_search_workers()


@hookimpl
def asgi_wrapper(datasette):
    def wrap(app):
        async def secured(scope, receive, send):
            if scope["type"] == "lifespan":
                return await app(scope, _on_shutdown(receive, lambda: _stop(datasette)), send)
            if scope["type"] != "http":
                return await app(scope, receive, send)
            send = _with_headers(send)
            query = parse_qs(scope.get("query_string", b"").decode("utf-8", "replace"))
            problem = bad_datasette_arguments(query) if set(CHECKED_PARAMETERS) & query.keys() else None
            if not problem and set(TABLE_PARAMETERS) & query.keys():
                problem = await bad_table_arguments(datasette, scope["path"], query)
            if problem:
                response = await render_error(datasette, Request(scope, receive), problem)
                return await response.asgi_send(send)
            return await app(scope, receive, send)

        return secured

    return wrap
