"""The API's contract and HTTP behaviour: /-/openapi.json, the /api page made from it, and the
middleware that adds CORS and caching (ETag, Cache-Control, 304) to every answer.

Thin on purpose: the document is rulebook/web/openapi.py, the HTTP rules rulebook/web/http.py.
"""

from datasette import hookimpl
from datasette.utils.asgi import Response

from rulebook.web.http import HttpLayer, current_build
from rulebook.web.openapi import API_PAGE, OPENAPI_PATH, api_page_data, openapi_document


async def openapi_json():
    return Response.json(openapi_document())


async def api_page(datasette, request):
    context = {"endpoints": api_page_data(), "openapi_url": OPENAPI_PATH, "document": openapi_document()}
    return Response.html(await datasette.render_template("rulebook_api.html", context, request=request))


@hookimpl
def register_routes():
    return [(rf"^{OPENAPI_PATH}$", openapi_json), (rf"^{API_PAGE}$", api_page)]


@hookimpl
def startup(datasette):
    current_build(datasette)  # hash the build before the first request, not during it


@hookimpl
def asgi_wrapper(datasette):
    return lambda app: HttpLayer(app, datasette)
