"""/search?q= over every kind at once, and its JSON twin /search.json?q=.

A rule number or an exact card name goes straight to its page (the search function says
where); other queries list results labelled by kind and document, with highlighted snippets.
"""

from datasette import hookimpl
from datasette.utils.asgi import Response

from rulebook.queries.search import search
from rulebook.web.app import run_query, served_index_path
from rulebook.web.rendering import safe_snippet

KINDS = ["rule", "card", "card_note", "faq", "glossary", "mechanic"]
LIMIT = 30


async def search_page(datasette, request):
    query = request.args.get("q", "").strip()
    kind = request.args.get("kind") or None
    document = request.args.get("document") or None
    as_json = request.url_vars.get("format") == "json"
    index = await served_index_path(datasette)
    found = (
        await run_query(datasette, search, index, query, kind, document, LIMIT)
        if query
        else {"query": "", "corrected_query": None, "message": None, "redirect": None, "results": []}
    )
    if as_json:
        return Response.json(found)
    if found.get("redirect"):
        return Response.redirect(found["redirect"])
    documents = await run_query(
        datasette, lambda db: [row["slug"] for row in db.query("select slug from documents order by slug")]
    )
    base_url = datasette.setting("base_url")
    results = [{**result, "snippet": safe_snippet(result.get("snippet"), base_url)} for result in found["results"]]
    found = {**found, "message": safe_snippet(found["message"], base_url) if found.get("message") else None}
    html = await datasette.render_template(
        "rulebook_search.html",
        {
            "found": found,
            "results": results,
            "kinds": KINDS,
            "documents": documents,
            "kind": kind,
            "document": document,
        },
        request=request,
    )
    return Response.html(html)


@hookimpl
def register_routes():
    return [(r"^/search(?:\.(?P<format>json))?$", search_page)]
