"""The home page, /: what the site holds, each document with its date and what changed.

Two documents can carry the same title and version (the Treachery rules 1.1 as published and as
posted on a forum): each then says what it is, from the words its slug adds to the other's, so
no two lines read alike. Every document says its date, or why it has none, and its facts are
joined so that a line never ends on a lone separator.
"""

from collections import Counter

from datasette.utils.asgi import Response

from rulebook.queries.contents import home_page
from rulebook.web.app import run_query
from rulebook.web.paths import with_base_url

UNDATED = {
    "card texts": "undated: card data, kept current by its site",
}
UNDATED_OTHERWISE = "undated: the document prints no effective date"


def _heading(doc: dict) -> str:
    version = f" {doc['version']}" if doc["version"] and doc["version"] != doc["effective_date"] else ""
    return f"{doc['title']}{version}"


def _which(doc: dict, namesakes: list[dict]) -> str:
    """What tells ``doc`` from documents of the same heading: the words its slug adds to theirs."""
    for other in namesakes:
        if other is not doc and doc["slug"].startswith(other["slug"] + "-"):
            return doc["slug"][len(other["slug"]) + 1 :].replace("-", " ")
    return "as published"


def _facts(doc: dict) -> list[str]:
    date = (
        f"effective {doc['effective_date']}" if doc["effective_date"] else UNDATED.get(doc["kind"], UNDATED_OTHERWISE)
    )
    counts = [f"{doc[name]} {name}" for name in ("rules", "cards") if doc[name]]
    return [doc["slug"], date, *counts, *([] if doc["is_current"] else ["older edition"])]


def shown_documents(documents: list[dict]) -> list[dict]:
    headings = Counter(_heading(doc) for doc in documents)
    shown = []
    for doc in documents:
        heading = _heading(doc)
        if headings[heading] > 1:
            namesakes = [other for other in documents if _heading(other) == heading]
            heading = f"{heading} ({_which(doc, namesakes)})"
        shown.append({**doc, "heading": heading, "facts": _facts(doc)})
    return shown


async def home(datasette, request):
    data = with_base_url(datasette, await run_query(datasette, home_page))
    data = {**data, "documents": shown_documents(data["documents"])}
    html = await datasette.render_template("rulebook_home.html", data, request=request)
    return Response.html(html)
