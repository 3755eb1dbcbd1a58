"""A document's contents, /documents/{slug} (and .json): its parts, sections and rules, its cards and entries."""

from urllib.parse import unquote

from rulebook.queries.contents import document_contents
from rulebook.web.app import page_response, run_query


async def document_page(datasette, request):
    data = await run_query(datasette, document_contents, unquote(request.url_vars["document"]))
    return await page_response(datasette, request, data, "rulebook_document.html")
