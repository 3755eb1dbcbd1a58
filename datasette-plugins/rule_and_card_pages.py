"""Routes for the home page, documents' contents (/documents/...), rule pages (/rules/...) and card
pages (/cards/...), each with JSON.

Thin on purpose: the data comes from queries/, the HTML from templates/, the links and errors
from rulebook.web. A path ending in .json answers with the same data the page shows.
"""

from urllib.parse import unquote

from datasette import hookimpl
from datasette.utils.asgi import Response

from rulebook.queries.cards import card_page_data
from rulebook.queries.contents import document_contents, home_page
from rulebook.queries.rules import rule_page_data
from rulebook.web.app import page_response, run_query
from rulebook.web.editions import as_of_argument
from rulebook.web.errors import PageNotFound
from rulebook.web.paths import with_base_url

JSON = r"(?:\.(?P<format>json))?$"


async def home(datasette, request):
    data = with_base_url(datasette, await run_query(datasette, home_page))
    html = await datasette.render_template("rulebook_home.html", data, request=request)
    return Response.html(html)


async def document_page(datasette, request):
    data = await run_query(datasette, document_contents, unquote(request.url_vars["document"]))
    return await page_response(datasette, request, data, "rulebook_document.html")


async def rule_page(datasette, request):
    document = request.url_vars.get("document")
    number = unquote(request.url_vars["number"])
    as_of = as_of_argument(request)
    data = await run_query(datasette, rule_page_data, number, unquote(document) if document else None, as_of)
    template = "rulebook_section.html" if data["kind"] == "section" else "rulebook_rule.html"
    return await page_response(datasette, request, data, template)


async def card_page(datasette, request):
    name = unquote(request.url_vars["name"])
    data = await run_query(datasette, card_page_data, name, request.args.get("document") or None)
    return await page_response(datasette, request, data, "rulebook_card.html")


async def malformed_path(datasette, request):
    """/rules/a/b/c or /cards/: say what a rule or card address looks like."""
    raise PageNotFound(
        f"{request.path} is not the address of a rule or a card. Rules are at /rules/DOCUMENT/NUMBER "
        "(or /rules/NUMBER for the newest Treachery rules), cards at /cards/NAME.",
        [
            {"label": "Treachery rule 907.8b", "url": "/rules/treachery-6.0/907.8b"},
            {"label": "Search everything", "url": "/search"},
        ],
    )


@hookimpl
def register_routes():
    return [
        (r"^/$", home),
        (r"^/documents/(?P<document>[^/]+?)" + JSON, document_page),
        (r"^/rules/(?P<document>[^/]+)/(?P<number>[^/]+?)" + JSON, rule_page),
        (r"^/rules/(?P<number>[^/]+?)" + JSON, rule_page),
        (r"^/cards/(?P<name>.+?)" + JSON, card_page),
        (r"^/(?:rules|cards)(?:/.*)?$", malformed_path),
    ]
