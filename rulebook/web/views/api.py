"""The API's contract: /-/openapi.json, the /api page made from it, and /-/databases.json.

The document is rulebook/web/openapi.py; the HTTP rules every answer follows (CORS, caching)
are rulebook/web/http.py.
"""

from datasette.utils.asgi import Response

from rulebook.web.app import served_databases
from rulebook.web.errors import PROBLEM_TYPES
from rulebook.web.openapi import OPENAPI_PATH, openapi_document
from rulebook.web.reference import api_page_data


async def openapi_json():
    return Response.json(openapi_document())


async def api_page(datasette, request):
    context = {
        "endpoints": api_page_data(),
        "openapi_url": OPENAPI_PATH,
        "document": openapi_document(),
        "problems": PROBLEM_TYPES,
    }
    return Response.html(await datasette.render_template("rulebook_api.html", context, request=request))


async def databases(datasette):
    """/-/databases.json without the server's paths: each database by its file name only."""
    return Response.json(served_databases(datasette))
