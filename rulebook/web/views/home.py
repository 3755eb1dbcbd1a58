"""The home page, /: what the site holds, each document with its date and what changed."""

from datasette.utils.asgi import Response

from rulebook.queries.contents import home_page
from rulebook.web.app import run_query
from rulebook.web.paths import with_base_url


async def home(datasette, request):
    data = with_base_url(datasette, await run_query(datasette, home_page))
    html = await datasette.render_template("rulebook_home.html", data, request=request)
    return Response.html(html)
