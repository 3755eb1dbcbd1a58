"""The site's one route table: every address rulebook answers beyond Datasette's own, and the
view that answers it (rulebook/web/views/, one module a page).

``rulebook.urls`` builds the addresses; this table reads them back. A route with ``json_twin``
answers PATH and PATH.json alike, its view told which by ``request.url_vars["format"]``: the
page, or the same data as JSON. Datasette tries these before its own routes, in this order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from datasette.utils import async_call_with_supported_arguments

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
