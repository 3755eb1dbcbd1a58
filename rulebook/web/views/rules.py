"""A rule's page, /rules/{document}/{number} or /rules/{number} (and .json), a section's when the
number is one; and what an address under /rules/ or /cards/ that names nothing answers.

The data comes from queries/rules.py (``rule_page_data``, the function behind `rulebook rule`
too), the HTML from templates/, the links and errors from rulebook.web.
"""

from urllib.parse import unquote

from rulebook.queries.rules import rule_page_data
from rulebook.web.app import page_response, run_query
from rulebook.web.editions import as_of_argument
from rulebook.web.errors import PageNotFound


async def rule_page(datasette, request):
    document = request.url_vars.get("document")
    number = unquote(request.url_vars["number"])
    as_of = as_of_argument(request)
    data = await run_query(datasette, rule_page_data, number, unquote(document) if document else None, as_of)
    template = "rulebook_section.html" if data["kind"] == "section" else "rulebook_rule.html"
    return await page_response(datasette, request, data, template)


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
