"""What every answer of the site shares over HTTP: CORS for the JSON, and caching.

The served files never change while a server runs (the database is opened immutable, and a build
swaps the database and its search index together), so a GET answer depends only on the build and
on the code serving it. Each cacheable answer gets ``Cache-Control: public, max-age=…`` and a
strong ETag derived from the build's content hash, the code's hash and the address: a request
whose If-None-Match holds that tag is answered 304 before any work is done, and a rebuild (or a
new release of the code) changes every tag.

Not cached: anything that isn't a 200 to a GET or HEAD, requests with a cookie or credentials and
answers Datasette marks private (it does so for those, and for answers that set a cookie, such as
a form's CSRF token), and Datasette's /-/ pages (except the OpenAPI document). The /check form
sets no cookie and answers a GET from its address alone (a permalink), so it is cached like a page.

Answers are gzipped for clients that accept it (asgi-gzip, Starlette's middleware): a table page of
rule text goes from 117 KB to about 20 KB, which a phone on a hall's weak signal feels. The tag of
an address differs between its gzipped and its plain answer (the request's Accept-Encoding counts),
so a strong ETag never names two representations.

CORS follows Datasette's own switch (``Datasette(cors=True)``, ``datasette serve --cors``): when it is
on, every JSON answer of ours gets ``Access-Control-Allow-Origin: *`` as Datasette's own JSON does,
and preflight requests (a script POSTing JSON to /-/check) are answered. Any Origin gets the same
answer; no credentials are ever allowed.
"""

from __future__ import annotations

import hashlib

from asgi_gzip import GZipMiddleware
from datasette.app import Datasette

from .openapi import OPENAPI_PATH
from .state import server_state

CACHE_MAX_AGE = 300  # seconds: a CDN or browser re-asks after five minutes, and gets a 304 if nothing changed
CACHE_CONTROL = f"public, max-age={CACHE_MAX_AGE}"
VARY = b"Cookie, Authorization, Accept-Encoding"  # what a cached answer varies on
GZIP_MINIMUM_BYTES = 500  # smaller answers gain nothing from compression
PREFLIGHT_HEADERS = [
    (b"access-control-allow-origin", b"*"),
    (b"access-control-allow-methods", b"GET, POST, OPTIONS"),
    (b"access-control-allow-headers", b"Content-Type, Authorization, If-None-Match"),
    (b"access-control-max-age", b"86400"),
]


def entity_tag(build: str, target: bytes) -> bytes:
    """The strong ETag of one address (path and query string) under one build."""
    return b'"' + hashlib.sha256(build.encode() + b" " + target).hexdigest()[:32].encode() + b'"'


def matches(if_none_match: bytes, tag: bytes) -> bool:
    """RFC 9110 weak comparison for If-None-Match: "*", or any listed tag equal to ours (W/ ignored).
    Anything malformed simply does not match."""
    for candidate in if_none_match.split(b","):
        candidate = candidate.strip()
        if candidate == b"*" or candidate.removeprefix(b"W/") == tag:
            return True
    return False


def is_cacheable_path(path: str) -> bool:
    return path == OPENAPI_PATH or not path.startswith("/-/")


def _header(headers: list, name: bytes) -> bytes | None:
    return next((value for key, value in headers if key.lower() == name), None)


def _is_public(headers: list) -> bool:
    """Datasette marks answers that could be personal (a cookie was sent or set) private, no-store."""
    cache_control = (_header(headers, b"cache-control") or b"").lower()
    return (
        _header(headers, b"set-cookie") is None and b"private" not in cache_control and b"no-store" not in cache_control
    )


class HttpLayer:
    """ASGI middleware: gzip, CORS on JSON answers, Cache-Control and ETag on cacheable ones, 304s."""

    def __init__(self, app, datasette: Datasette):
        self.app = GZipMiddleware(app, minimum_size=GZIP_MINIMUM_BYTES)
        self.datasette = datasette

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request_headers = scope.get("headers", [])
        method = scope["method"]
        cors = bool(self.datasette.cors)
        if cors and method == "OPTIONS" and _header(request_headers, b"access-control-request-method"):
            await send({"type": "http.response.start", "status": 204, "headers": PREFLIGHT_HEADERS})
            return await send({"type": "http.response.body", "body": b""})
        cacheable = (
            method in ("GET", "HEAD")
            and is_cacheable_path(scope["path"])
            and not any(_header(request_headers, name) for name in (b"cookie", b"authorization"))
        )
        tag = b""
        if cacheable:
            address = (scope.get("raw_path") or scope["path"].encode()) + b"?" + scope.get("query_string", b"")
            if b"gzip" in (_header(request_headers, b"accept-encoding") or b""):
                address += b" gzip"
            tag = entity_tag((await server_state(self.datasette)).build, address)
            if matches(_header(request_headers, b"if-none-match") or b"", tag):
                headers = [(b"etag", tag), (b"cache-control", CACHE_CONTROL.encode()), (b"vary", VARY)]
                if cors:
                    headers.append((b"access-control-allow-origin", b"*"))
                await send({"type": "http.response.start", "status": 304, "headers": headers})
                return await send({"type": "http.response.body", "body": b""})

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                content_type = _header(headers, b"content-type") or b""
                if (
                    cors
                    and content_type.startswith((b"application/json", b"application/problem+json"))
                    and _header(headers, b"access-control-allow-origin") is None
                ):
                    headers.append((b"access-control-allow-origin", b"*"))
                if cacheable and message["status"] == 200 and _is_public(headers):
                    headers = [(key, value) for key, value in headers if key.lower() not in (b"cache-control", b"etag")]
                    headers += [(b"cache-control", CACHE_CONTROL.encode()), (b"etag", tag)]
                message = {**message, "headers": headers}
            await send(message)

        return await self.app(scope, receive, send_with_headers)
