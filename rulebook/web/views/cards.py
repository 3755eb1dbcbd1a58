"""A card's page, /cards/{name} (and .json): its texts and every note and ruling on it."""

from urllib.parse import unquote

from rulebook.queries.cards import card_page_data
from rulebook.web.app import page_response, run_query


async def card_page(datasette, request):
    name = unquote(request.url_vars["name"])
    data = await run_query(datasette, card_page_data, name, request.args.get("document") or None)
    return await page_response(datasette, request, data, "rulebook_card.html")
