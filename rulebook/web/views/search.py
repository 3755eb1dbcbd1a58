"""/search?q= over every kind at once, and its JSON twin /search.json?q=.

A rule number or an exact card name goes straight to its page (the search function says
where); other queries list results labelled by kind and document, with highlighted snippets,
20 a page. ``offset`` and ``limit`` page through them, ``as_of=YYYY-MM-DD`` searches the
editions in force that day, ``as_typed=1`` searches without spelling corrections.
"""

from functools import partial
from urllib.parse import urlencode

from datasette.utils.asgi import Response

from rulebook.kinds import SEARCHED
from rulebook.queries.search import MAX_LIMIT, SearchInputError, SearchRequest
from rulebook.queries.search.request import MAX_OFFSET
from rulebook.web.app import run_query, text_linker
from rulebook.web.errors import BadParameter
from rulebook.web.paths import at_root, with_base_url
from rulebook.web.rendering import safe_snippet
from rulebook.web.search_pool import search_in_worker, search_json_in_worker
from rulebook.web.state import server_state

LIMIT = 20
JSON_TYPE = "application/json; charset=utf-8"  # as Datasette's Response.json sends it


def _number(request, name: str, default: int, highest: int) -> int:
    """A paging number as asked, or a 400 naming the range: a limit past the maximum is refused,
    never silently cut (the same range as `rulebook search --limit`)."""
    value = request.args.get(name) or str(default)
    if not (value.isascii() and value.isdigit()) or int(value) > highest:
        raise BadParameter(name, f"{name} must be a whole number from 0 to {highest}, not {value!r}.")
    return int(value)


async def search_page(datasette, request):
    query = request.args.get("q", "").strip()
    filters = {name: request.args.get(name) or None for name in ("kind", "document", "as_of")}
    as_typed = request.args.get("as_typed") == "1"
    if filters["kind"] and filters["kind"] not in SEARCHED:
        raise BadParameter(
            "kind", f"kind must be one of {', '.join(SEARCHED)}, or empty for every kind; not {filters['kind']!r}."
        )
    limit, offset = _number(request, "limit", LIMIT, MAX_LIMIT), _number(request, "offset", 0, MAX_OFFSET)
    as_json = request.url_vars.get("format") == "json"
    try:
        request_ = SearchRequest(query, filters["kind"], filters["document"], limit, offset, filters["as_of"], as_typed)
        if as_json and at_root(datasette):  # the worker's JSON text as it is: no path to prefix
            return Response(await search_json_in_worker(datasette, request_), content_type=JSON_TYPE)
        found = await search_in_worker(datasette, request_)
    except SearchInputError as error:
        raise BadParameter(str(error).split(" ", 1)[0], str(error)) from None
    found = with_base_url(datasette, found)
    if as_json:
        return Response.json(found)
    if found.get("redirect") and query:
        return Response.redirect(found["redirect"])
    documents = await run_query(
        datasette, lambda db: [row["slug"] for row in db.query("select slug from documents order by slug")]
    )
    kept = {"q": query, **{name: value for name, value in filters.items() if value}}
    if limit != LIMIT:
        kept["limit"] = limit
    if as_typed:
        kept["as_typed"] = 1

    def page_url(**changes) -> str:
        return datasette.urls.path("/search?" + urlencode({**kept, **changes}))

    base_url = datasette.setting("base_url")
    # rule numbers linked like every text of the site: in the result's own document
    linked_text = text_linker((await server_state(datasette)).links)
    results = [
        {
            **result,
            "snippet": safe_snippet(result.get("snippet"), linked=partial(linked_text, document=result["document"])),
        }
        for result in found["results"]
    ]
    answer = found.get("answer")
    if answer:  # the whole of the first result
        answer = {
            **answer,
            "text": linked_text(answer["text"], answer["document"]),
            "subrules": [
                {**subrule, "text": linked_text(subrule["text"], answer["document"])} for subrule in answer["subrules"]
            ],
        }
    # the message links its rule numbers too ("Close numbers: 104.3, 904.3")
    found = {**found, "message": safe_snippet(found["message"], base_url) if found.get("message") else None}
    html = await datasette.render_template(
        "rulebook_search.html",
        {
            "found": found,
            "search_as_of": filters["as_of"],
            "results": results,
            "answer": answer,
            "kinds": SEARCHED,
            "documents": documents,
            "filters": filters,
            "first": offset + 1,
            "last": offset + len(results),
            "previous_url": page_url(offset=max(0, offset - limit)) if offset else None,
            "next_url": page_url(offset=offset + limit) if offset + limit < found["total"] and limit else None,
            "as_typed_url": page_url(as_typed=1) if found["corrected_query"] else None,
            "json_url": datasette.urls.path("/search.json?" + urlencode({**kept, "offset": offset})),
        },
        request=request,
    )
    return Response.html(html)
