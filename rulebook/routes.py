"""The site's one route table: every address rulebook answers beyond Datasette's own, and the
view that answers it (rulebook/web/views/, one module a page), with the methods each answers.

``rulebook.urls`` builds the addresses; this table reads them back. A route with ``json_twin``
answers PATH and PATH.json alike, its view told which by ``request.url_vars["format"]``: the
page, or the same data as JSON. Datasette tries these before its own routes, in this order.

Datasette's own routes (its index, databases, tables, rows, queries, /-/ pages and static files)
answer the methods their views define (``DatasetteMethods``): any other is a 405 with ``Allow``
too, never a 500 or a plain-text answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from datasette.app import Datasette
from datasette.utils import async_call_with_supported_arguments, tilde_decode
from datasette.views.base import BaseView
from datasette.views.table import TableView

from rulebook.queries.entries import ENTRY_KINDS
from rulebook.web.errors import MethodNotAllowed
from rulebook.web.openapi import API_PAGE, OPENAPI_PATH
from rulebook.web.views import api, cards, check, compare, documents, entries, home, offline, rules, search

JSON_TWIN = r"(?:\.(?P<format>json))?"


@dataclass(frozen=True)
class Route:
    path: str  # a regular expression for the whole path, without ^ and $ (and without .json)
    view: Callable
    json_twin: bool = False  # PATH.json answers the page's data as JSON
    methods: tuple[str, ...] = ("GET", "HEAD")  # any other method is a 405 naming these (Allow)

    def allowed(self, request) -> tuple[str, ...]:
        """The methods this address answers: a JSON twin is read with GET, whatever its page takes."""
        return ("GET", "HEAD") if request.url_vars.get("format") == "json" else self.methods

    @property
    def pattern(self) -> str:
        return f"^{self.path}{JSON_TWIN if self.json_twin else ''}$"


def page(path: str, view: Callable, methods: tuple[str, ...] = ("GET", "HEAD")) -> Route:
    """A page and its JSON twin."""
    return Route(path, view, json_twin=True, methods=methods)


ENTRY_PATHS = "|".join(ENTRY_KINDS)  # faq|glossary|mechanics

ROUTES: tuple[Route, ...] = (
    Route(r"/", home.home),
    page(r"/search", search.search_page),
    page(r"/documents/(?P<document>[^/]+?)", documents.document_page),
    page(r"/rules/(?P<document>[^/]+)/(?P<number>[^/]+?)", rules.rule_page),
    page(r"/rules/(?P<number>[^/]+?)", rules.rule_page),
    page(r"/cards/(?P<name>.+?)", cards.card_page),
    Route(r"/(?:rules|cards)(?:/.*)?", rules.malformed_path),
    page(rf"/(?P<path>{ENTRY_PATHS})/(?P<document>[^/]+)/(?P<slug>[^/]+?)", entries.entry_page),
    Route(rf"/(?P<path>{ENTRY_PATHS})(?:/(?P<document>[^/]+?))?(?:\.json)?/?", entries.entry_list),
    Route(rf"/(?P<path>{ENTRY_PATHS})/.*", entries.entry_list),
    page(r"/compare/(?P<old>[^/]+)/(?P<new>[^/]+?)", compare.compare_page),
    Route(r"/compare/?", compare.compare_picked),
    Route(r"/changes\.atom", compare.changes_atom),
    page(r"/check", check.check_page, methods=("GET", "HEAD", "POST")),
    Route(check.CHECK_API, check.check_api, methods=("POST",)),
    Route(r"/manifest\.webmanifest", offline.manifest),
    Route(r"/service-worker\.js", offline.service_worker),
    Route(r"/offline", offline.offline_page),
    Route(r"/offline/rulebook\.json", offline.rulebook_json),
    Route(OPENAPI_PATH.replace(".", r"\."), api.openapi_json),
    Route(API_PAGE, api.api_page),
    page(r"/-/databases", api.databases),
)


def answering(route: Route) -> Callable:
    """The route's view, for the methods it declares only: any other (TRACE, PUT, a POST to a
    page) is a 405 naming them. OPTIONS is the CORS preflight, answered before any view."""

    async def view(request, datasette, scope, receive):
        allowed = route.allowed(request)
        if request.method not in allowed:
            raise MethodNotAllowed(request.method, request.path, allowed)
        return await async_call_with_supported_arguments(
            route.view, request=request, datasette=datasette, scope=scope, receive=receive
        )

    return view


def register_routes() -> list[tuple[str, Callable]]:
    """The table as Datasette's register_routes hook wants it: (regular expression, view)."""
    return [(route.pattern, answering(route)) for route in ROUTES]


# Datasette's view classes answer each method they have a handler for; BaseView's own post, put,
# patch, delete and options only answer "Method not allowed" in plain text, and a method without
# a handler (TRACE) fails with a 500.
HANDLERS = ("get", "post", "put", "patch", "delete", "options")


def handled_methods(view_class: type) -> tuple[str, ...]:
    """The methods a Datasette view class really answers (GET brings HEAD, which BaseView answers from it)."""
    methods: list[str] = []
    for name in HANDLERS:
        handler = getattr(view_class, name, None)
        if handler is not None and handler is not getattr(BaseView, name, None):
            methods += ["GET", "HEAD"] if name == "get" else [name.upper()]
    return tuple(methods)


class DatasetteMethods:
    """What each of Datasette's own routes answers, read from its routing table (the same
    regular expressions in the same order, ours first, as its router tries them)."""

    def __init__(self, datasette: Datasette):
        self.datasette = datasette
        ours = {route.pattern for route in ROUTES}
        self.routes = [(regex, view) for regex, view in datasette._routes() if regex.pattern not in ours]
        self.first_ours = [re.compile(route.pattern) for route in ROUTES]

    def allowed(self, path: str) -> tuple[str, ...] | None:
        """The methods Datasette's route for ``path`` answers; None for our routes (each checks its
        own) and for an address no route has (a 404 whatever the method)."""
        if any(regex.match(path) for regex in self.first_ours):
            return None
        for regex, view in self.routes:
            match = regex.match(path)
            if match:
                view_class = getattr(view, "view_class", None)
                if view_class is None:  # static files, favicon, redirects
                    return ("GET", "HEAD")
                methods = handled_methods(view_class)
                if view_class is TableView and not self._is_writable_query(match):
                    methods = tuple(method for method in methods if method != "POST")
                return methods
        return None

    def _is_writable_query(self, match: re.Match) -> bool:
        """A table's address answers POST only as a canned query that writes (Datasette's own form
        for one posts to it; a POST to a table or to a read-only query is no request it answers)."""
        database = self.datasette.databases.get(tilde_decode(match["database"]))
        queries = (self.datasette.metadata("queries", database=database.name) if database else None) or {}
        query = queries.get(tilde_decode(match["table"]))
        return isinstance(query, dict) and bool(query.get("write"))


def routed_path(datasette: Datasette, scope: dict) -> str:
    """The path Datasette's router matches: the raw path (foo%2Fbar stays one segment), without base_url."""
    raw = scope.get("raw_path")
    path = (raw.decode("latin-1") if raw else scope["path"]).partition("?")[0]
    base_url = datasette.setting("base_url")
    return "/" + path[len(base_url) :] if base_url != "/" and path.startswith(base_url) else path
