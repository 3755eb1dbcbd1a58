"""CORS and caching (ETag, Cache-Control, 304) on every answer: rulebook/web/http.py."""

from datasette import hookimpl

from rulebook.web.http import HttpLayer


@hookimpl
def asgi_wrapper(datasette):
    return lambda app: HttpLayer(app, datasette)
