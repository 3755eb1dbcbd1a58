"""The site's errors, in one shape: a page for a judge, RFC 9457 problem details for a program.

Views raise ``Problem`` (or its kinds: ``PageNotFound`` with the closest pages that exist,
``BadParameter`` naming the parameter, ``MethodNotAllowed``) or return ``problem_response``;
Datasette raises its own ``NotFound``/``BadRequest``/``DatasetteError`` (SQL that can't run, a
query past the time limit), and its JSON renderer's errors (a query's, a bad ``_shape``) are
raised as ``Problem`` too (datasette-plugins/errors.py). The one ``handle_exception`` hook calls
``render_error``, and nothing else renders an error: an address a program asks (a .json address,
the checker's API) gets ``application/problem+json`` with ``type``, ``title``, ``status``,
``detail``, and of our own ``field`` (the parameter or scenario path at fault) and
``suggestions`` (pages that exist); a page address keeps its friendly page (ours for a
``PageNotFound``, Datasette's error page for the rest).
"""

from __future__ import annotations

import json
import re
import traceback
from dataclasses import dataclass
from http import HTTPStatus

from datasette.app import Datasette
from datasette.utils.asgi import Base400, Response
from datasette.views.base import DatasetteError
from markupsafe import Markup
from pydantic import BaseModel, Field

from .paths import with_base_url

PROBLEM_JSON = "application/problem+json"
API_ROUTES = ("/-/check",)  # addresses without .json that only programs ask


@dataclass(frozen=True)
class ProblemType:
    """One kind of problem: its ``type`` (where /api explains it) and its ``title``."""

    slug: str
    title: str

    @property
    def uri(self) -> str:
        return f"/api#problem-{self.slug}"


NOT_FOUND = ProblemType("not-found", "Nothing has that name")
CANNOT_SHOW = ProblemType("cannot-show", "The address names things that exist, but asks what cannot be")
BAD_PARAMETER = ProblemType("bad-parameter", "A parameter the API can't take")
MALFORMED_SCENARIO = ProblemType("malformed-scenario", "The scenario can't be read")
UNPLAYABLE_SCENARIO = ProblemType("unplayable-scenario", "The scenario is no game the rules could deal")
INVALID_SQL = ProblemType("invalid-sql", "The SQL can't be run")
SQL_INTERRUPTED = ProblemType("sql-interrupted", "The SQL ran past the time limit")
PROBLEM_TYPES = (
    NOT_FOUND,
    CANNOT_SHOW,
    BAD_PARAMETER,
    MALFORMED_SCENARIO,
    UNPLAYABLE_SCENARIO,
    INVALID_SQL,
    SQL_INTERRUPTED,
)
# Datasette's DatasetteError titles, as our kinds of problem
DATASETTE_KINDS = {"Invalid SQL": INVALID_SQL, "SQL Interrupted": SQL_INTERRUPTED}


class Suggestion(BaseModel):
    """A page that exists, close to what was asked."""

    label: str = Field(description="What to show: a rule number, a card name.")
    url: str = Field(description="Its page on this site.", json_schema_extra={"format": "uri-reference"})


class ProblemDetails(BaseModel):
    """Every error answer of the JSON API: RFC 9457 problem details (application/problem+json)."""

    type: str = Field(
        description="What kind of problem: a link to its explanation on /api (/api#problem-not-found), or "
        "about:blank for a plain HTTP status (405, 413, 503).",
        json_schema_extra={"format": "uri-reference"},
    )
    title: str = Field(description="The kind of problem in a few words, the same for every problem of its type.")
    status: int = Field(description="The HTTP status, repeated.")
    detail: str = Field(description="This problem in a sentence: what was asked, what is wrong, what would do.")
    field: str | None = Field(
        None,
        description="The parameter (limit) or scenario path (players[1].identity) at fault; absent when the "
        "problem is the whole request.",
    )
    suggestions: list[Suggestion] | None = Field(
        None, description="For a 404: the closest pages that exist, each answering 200."
    )


class Problem(Base400):
    """An error a view raises, with what a client needs to go on. ``kind`` None is a plain HTTP
    status (``type`` about:blank, its reason phrase as title)."""

    status = 400
    kind: ProblemType | None = None

    def __init__(
        self,
        detail: str,
        field: str | None = None,
        suggestions: list[dict] | None = None,
        status: int | None = None,
        kind: ProblemType | None = None,
    ):
        super().__init__(detail)
        self.detail = detail
        self.field = field
        self.suggestions = suggestions
        self.status = status or self.status
        self.kind = kind or self.kind


class PageNotFound(Problem):
    """A 404 that names what was not found and offers the closest pages that exist.

    On Datasette's base class of ``NotFound`` and ``BadRequest``, not ``NotFound`` itself:
    Datasette answers a ``NotFound`` raised for an address holding "%" (every card name with a
    space) by redirecting it to a tilde-encoded address, never to ``handle_exception``.
    """

    status = 404
    kind = NOT_FOUND
    title = "Not found"

    def __init__(self, error: str, suggestions: list[dict]):
        super().__init__(error, suggestions=suggestions)
        self.error = error


class PageBadRequest(PageNotFound):
    """A 400 of the same shape: the address names things that exist, but asks what cannot be
    (an edition compared with itself)."""

    status = 400
    kind = CANNOT_SHOW
    title = "Cannot show this"


class BadParameter(Problem):
    """A query parameter the API can't take: ``field`` names it, the detail says what it takes."""

    kind = BAD_PARAMETER

    def __init__(self, field: str, detail: str):
        super().__init__(detail, field=field)


class SqlProblem(Problem):
    """SQL that Datasette could not run (a query's ``sql``, a table's filters): 400, ``field`` the parameter."""

    kind = INVALID_SQL


class MethodNotAllowed(Problem):
    """A method the address doesn't answer (TRACE, PUT, POST to a page): 405 with ``Allow``."""

    status = 405

    def __init__(self, method: str, path: str, allowed: tuple[str, ...]):
        super().__init__(f"{path} answers {', '.join(allowed)}, not {method}.")
        self.allowed = allowed


def problem_body(
    status: int,
    detail: str,
    kind: ProblemType | None = None,
    field: str | None = None,
    suggestions: list[dict] | None = None,
) -> dict:
    body = {
        "type": kind.uri if kind else "about:blank",
        "title": kind.title if kind else HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
    }
    if field is not None:
        body["field"] = field
    if suggestions is not None:
        body["suggestions"] = suggestions
    return body


def problem_response(datasette: Datasette, status: int, detail: str, **members) -> Response:
    """An ``application/problem+json`` answer; ``members``: kind, field, suggestions, headers."""
    headers = members.pop("headers", None)
    body = problem_body(status, detail, **members)
    body["type"] = datasette.urls.path(body["type"]) if body["type"].startswith("/") else body["type"]
    if body.get("suggestions") is not None:
        body["suggestions"] = with_base_url(datasette, body["suggestions"])
    return Response(json.dumps(body, ensure_ascii=False), status=status, headers=headers, content_type=PROBLEM_JSON)


def wants_json(request) -> bool:
    """A program's address: a JSON twin, or an API route without .json."""
    path = request.scope.get("route_path") or request.path
    return path.split("?")[0].endswith(".json") or path in API_ROUTES


# Datasette's own 404s (an unknown database, table or address) point a program at what exists.
SITE_SUGGESTIONS = [
    {"label": "The API's endpoints", "url": "/api"},
    {"label": "The database's tables", "url": "/rulebook"},
    {"label": "Search everything", "url": "/search"},
]


# What a DatasetteError's HTML message holds that is no sentence (SQL Interrupted's query box and script).
_NOT_TEXT = re.compile(r"<(script|textarea)\b.*?</\1>", re.DOTALL | re.IGNORECASE)


def as_problem(exception: Exception, request) -> Problem:
    """Any exception as the problem it tells a client about (a server error is logged here, once)."""
    path = request.path
    if isinstance(exception, Problem):
        return exception
    if isinstance(exception, Base400):
        detail = str(exception.args[0]) if exception.args else ""
        if exception.status == 404:
            detail = f"Nothing is at {path}." if detail in ("404", "Not found", "") else detail
            return Problem(detail, suggestions=SITE_SUGGESTIONS, status=404, kind=NOT_FOUND)
        return Problem(detail or HTTPStatus(exception.status).phrase, status=exception.status)
    status = getattr(exception, "status", 500)
    status = status if isinstance(status, int) and 400 <= status <= 599 else 500
    if status == 500:
        traceback.print_exception(exception)
    if isinstance(exception, DatasetteError):
        message = str(exception.message)
        if exception.message_is_html:
            message = Markup(_NOT_TEXT.sub("", message)).striptags()
        kind = DATASETTE_KINDS.get(exception.title)
        field = "sql" if kind and "sql" in request.args else None  # a query's own SQL, not a table's
        return Problem(message or HTTPStatus(status).phrase, field=field, status=status, kind=kind)
    return Problem("The server could not answer; the error is in its log.", status=500)


async def render_error(datasette: Datasette, request, exception: Exception) -> Response:
    """The one error shape: problem details for a program, our page for a ``PageNotFound``,
    Datasette's error page (its templates, its message) for any other error of a page."""
    if isinstance(exception, MethodNotAllowed):
        return problem_response(datasette, 405, exception.detail, headers={"Allow": ", ".join(exception.allowed)})
    if wants_json(request):
        problem = as_problem(exception, request)
        return problem_response(
            datasette,
            problem.status,
            problem.detail,
            kind=problem.kind,
            field=problem.field,
            suggestions=problem.suggestions,
        )
    if isinstance(exception, PageNotFound):
        suggestions = with_base_url(datasette, exception.suggestions)
        html = await datasette.render_template(
            "rulebook_not_found.html",
            {"error": exception.error, "suggestions": suggestions, "title": exception.title},
            request=request,
        )
        return Response.html(html, status=exception.status)
    return await _datasette_error_page(datasette, request, exception)


async def _datasette_error_page(datasette: Datasette, request, exception: Exception) -> Response:
    """The page Datasette's own handle_exception draws (``{status}.html`` or error.html, its message
    and title), without the traceback it prints for every error, a 404 included."""
    problem = as_problem(exception, request)
    message, title = problem.detail, HTTPStatus(problem.status).phrase
    if isinstance(exception, DatasetteError):
        message = Markup(exception.message) if exception.message_is_html else exception.message
        title = exception.title
    elif isinstance(exception, Base400) and exception.args:
        message = exception.args[0]
    context = {"ok": False, "error": message, "status": problem.status, "title": title}
    if isinstance(exception, DatasetteError):
        context = {**exception.error_dict, **context}
    # An error met before Datasette's router (an ASGI wrapper's) has no CSRF token for the page's forms.
    routed = request if "csrftoken" in request.scope else None
    html = await datasette.render_template([f"{problem.status}.html", "error.html"], context, request=routed)
    return Response.html(html, status=problem.status)
