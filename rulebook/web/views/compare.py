"""What changed between editions: /compare/{old}/{new} (and .json), /compare to pick two, /changes.atom.

The comparison comes from queries/compare.py, the feed and ``as_of`` checks from
rulebook/web/editions.py, the HTML from templates/rulebook_compare.html.
"""

from pathlib import Path
from urllib.parse import unquote

from datasette.utils.asgi import Response

from rulebook.queries.compare import CompareError, comparable_families, edition_changes
from rulebook.urls import DATABASE, compare_url
from rulebook.web.app import run_query, text_linker
from rulebook.web.editions import PAGE_ONLY, changes_feed, compared
from rulebook.web.errors import PageBadRequest, PageNotFound
from rulebook.web.paths import with_base_url
from rulebook.web.state import server_state


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
        raise (PageNotFound if error.unknown else PageBadRequest)(message, suggestions) from None
    data = with_base_url(datasette, data)
    if as_json:
        return Response.json({key: value for key, value in data.items() if key not in PAGE_ONLY})
    context = {"data": data, "linked_text": text_linker((await server_state(datasette)).links)}
    section = request.args.get("section")
    if section is not None and not any(part["number"] == section for part in data["sections"]):
        raise PageNotFound(
            f"No rule of section {section!r} changed from {old} to {new}.",
            [{"label": f"{old} → {new}", "url": compare_url(old, new)}],
        )
    if section and request.args.get("fragment"):  # what a collapsed section loads when opened
        context.update(fragment=True, section=next(part for part in data["sections"] if part["number"] == section))
        return Response.html(await datasette.render_template("_rulebook_compare_changes.html", context))
    context["open_section"] = section
    return Response.html(await datasette.render_template("rulebook_compare.html", context, request=request))


async def compare_picked(datasette, request):
    """/compare: pick two editions of a document; /compare?old=A&new=B opens /compare/A/B."""
    old, new = (request.args.get(name, "").strip() for name in ("old", "new"))
    if old and new:
        return Response.redirect(datasette.urls.path(compare_url(old, new)))
    changes = await run_query(datasette, edition_changes)
    if old or new:
        raise PageBadRequest(
            "Pick two editions of one document to compare, the older and the newer: /compare?old=OLDER&new=NEWER.",
            [{"label": f"{entry['old']} → {entry['new']}", "url": entry["url"]} for entry in changes],
        )
    data = with_base_url(datasette, {"families": await run_query(datasette, comparable_families), "changes": changes})
    return Response.html(await datasette.render_template("rulebook_compare_index.html", data, request=request))


async def changes_atom(datasette, request):
    entries = await run_query(datasette, edition_changes)
    base_url = f"{request.scheme}://{request.host}{datasette.setting('base_url').rstrip('/')}"
    return Response(changes_feed(entries, base_url), content_type="application/atom+xml; charset=utf-8")
