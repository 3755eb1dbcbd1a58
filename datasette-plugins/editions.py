"""Routes for editions: /compare/{old}/{new} (and .json), /changes.atom.

Thin: the comparison comes from queries/compare.py, the feed and ``as_of`` checks from
rulebook/web/editions.py, the HTML from templates/rulebook_compare.html.
"""

from pathlib import Path
from urllib.parse import unquote

from datasette import hookimpl
from datasette.utils.asgi import Response

from rulebook.db.families import edition_pairs
from rulebook.queries.compare import CompareError
from rulebook.urls import DATABASE, compare_url
from rulebook.web.app import run_query
from rulebook.web.editions import changes_feed, compared, edition_changes
from rulebook.web.errors import PageNotFound
from rulebook.web.paths import with_base_url


async def compare_page(datasette, request):
    old, new = unquote(request.url_vars["old"]), unquote(request.url_vars["new"])
    as_json = request.url_vars.get("format") == "json"
    try:
        data = await compared(Path(datasette.get_database(DATABASE).path), old, new)
    except CompareError as error:
        suggestions = [
            {"label": f"{entry['old']} → {entry['new']}", "url": entry["url"]}
            for entry in await run_query(datasette, edition_changes)
            if entry["new"] in error.valid
        ]
        message = f"{error} The editions that can be compared are: {', '.join(error.valid)}."
        raise PageNotFound(message, suggestions) from None
    data = with_base_url(datasette, data)
    if as_json:
        return Response.json({key: value for key, value in data.items() if key != "changes"})
    html = await datasette.render_template("rulebook_compare.html", {"data": data}, request=request)
    return Response.html(html)


async def changes_atom(datasette, request):
    entries = await run_query(datasette, edition_changes)
    base_url = f"{request.scheme}://{request.host}{datasette.setting('base_url').rstrip('/')}"
    return Response(changes_feed(entries, base_url), content_type="application/atom+xml; charset=utf-8")


@hookimpl
def extra_template_vars(view_name, table, request, datasette):
    """On a document's row page, the compare with its family's previous edition."""
    if view_name != "row" or table != "documents" or request is None:
        return {}

    async def compare_with_previous():
        document_id = request.url_vars.get("pks")
        pairs = await run_query(datasette, edition_pairs)
        for older, edition in pairs:
            if str(edition["id"]) == document_id:
                return {"rulebook_compare": {"old": older["slug"], "url": compare_url(older["slug"], edition["slug"])}}
        return {}

    return compare_with_previous


@hookimpl
def register_routes():
    return [
        (r"^/compare/(?P<old>[^/]+)/(?P<new>[^/]+?)(?:\.(?P<format>json))?$", compare_page),
        (r"^/changes\.atom$", changes_atom),
    ]
