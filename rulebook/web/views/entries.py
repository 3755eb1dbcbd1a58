"""The pages of FAQ entries, glossary entries and mechanics, each with JSON:
/faq/{document}/{question-slug}, /glossary/{document}/{term-slug}, /mechanics/{document}/{slug}.

The data comes from rulebook.queries.entries, the HTML from templates/. An address that
names no entry (or no document, or only part of an address) is a 404 listing the closest ones.
"""

from urllib.parse import unquote

from rulebook.queries.entries import ENTRY_KINDS, entry_index, entry_page_data
from rulebook.web.app import page_response, run_query
from rulebook.web.errors import PageNotFound


async def entry_page(datasette, request):
    path, document, slug = (unquote(request.url_vars[key]) for key in ("path", "document", "slug"))
    data = await run_query(datasette, entry_page_data, path, document, slug)
    return await page_response(datasette, request, data, ENTRY_KINDS[path].template)


async def entry_list(datasette, request):
    """/faq, /faq/{document}, /glossary/a/b/c: a 404 that lists the entries one could mean."""
    document = request.url_vars.get("document")
    data = await run_query(datasette, entry_index, request.url_vars["path"], unquote(document) if document else None)
    raise PageNotFound(data["error"], data["suggestions"])
