"""The site's errors: Datasette's own exceptions, carrying what a judge needs to go on.

Routes raise ``PageNotFound`` saying what was not found and the closest things that exist; the one ``handle_exception`` hook (datasette-plugins/errors.py)
renders it through ``render_error``: a page linking each suggestion, or for a .json address
its twin ``{"error", "suggestions"}``. Every other error keeps Datasette's own handling.
"""

from __future__ import annotations

from datasette.app import Datasette
from datasette.utils.asgi import Base400, Response

from .paths import with_base_url


class PageNotFound(Base400):
    """A 404 that names what was not found and offers the closest pages that exist.

    It is Datasette's 404 status on Datasette's base class of ``NotFound`` and ``BadRequest``,
    not ``NotFound`` itself: Datasette answers a ``NotFound`` raised for an address holding "%"
    (every card name with a space) by redirecting it to a tilde-encoded address, never to
    ``handle_exception``.
    """

    status = 404
    title = "Not found"

    def __init__(self, error: str, suggestions: list[dict]):
        super().__init__(error)
        self.error = error
        self.suggestions = suggestions  # [{"label", "url"}], url relative to the site's root


class PageBadRequest(PageNotFound):
    """A 400 of the same shape: the address names things that exist, but asks what cannot be
    (an edition compared with itself)."""

    status = 400
    title = "Cannot show this"


async def render_error(datasette: Datasette, request, exception: Exception) -> Response | None:
    """Our page (or JSON) for a ``PageNotFound``; None lets Datasette handle anything else."""
    if not isinstance(exception, PageNotFound):
        return None
    suggestions = with_base_url(datasette, exception.suggestions)
    if request.path.split("?")[0].endswith(".json"):
        return Response.json({"error": exception.error, "suggestions": suggestions}, status=exception.status)
    html = await datasette.render_template(
        "rulebook_not_found.html",
        {"error": exception.error, "suggestions": suggestions, "title": exception.title},
        request=request,
    )
    return Response.html(html, status=exception.status)
