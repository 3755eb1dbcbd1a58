"""On a document's row page (Datasette's /rulebook/documents/ID), the compare with its family's
previous edition (templates/row-rulebook-documents.html shows it)."""

from datasette import hookimpl

from rulebook.db.families import edition_pairs
from rulebook.urls import compare_url
from rulebook.web.app import run_query


@hookimpl
def extra_template_vars(view_name, table, request, datasette):
    if view_name != "row" or table != "documents" or request is None:
        return {}

    async def compare_with_previous():
        document_id = request.url_vars.get("pks")
        pairs = await run_query(datasette, edition_pairs)
        for older, edition in pairs:
            if str(edition["id"]) == document_id:
                return {"rulebook_compare": {"old": older["slug"], "url": compare_url(older["slug"], edition["slug"])}}
        return {}

    return compare_with_previous
