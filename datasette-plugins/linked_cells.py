"""In Datasette's own table, row and canned-query pages: rule numbers and mentioned cards in
text become links, mana symbols are drawn, the names of cards, FAQ questions, glossary terms and mechanics link to
their pages, and so do the cards, rules and rulings a canned query's rows belong to.

The text columns are the ones the build searched for references (db/tables.py: text_columns), and
they are rendered by the same function as every other page, escaped.
"""

from datasette import hookimpl
from markupsafe import Markup

from rulebook.db.tables import citing_tables
from rulebook.urls import DATABASE
from rulebook.web.cells import query_cell_url, query_text_document, table_cell_url
from rulebook.web.rendering import render_symbols
from rulebook.web.state import server_state

# the version tables' "changes" link rule numbers too ("Revamped rule 907.8"), though the build
# doesn't read citations from them
TEXT_COLUMNS = {table.name: set(table.text_columns) for table in citing_tables()} | {"versions": {"changes"}}


def _text_source(row):
    try:
        document_id, row_id = row["document_id"], row["id"]
    except (IndexError, KeyError):  # the page left those columns out (?_col=...)
        return None
    if isinstance(document_id, dict):  # table pages expand foreign keys to {"value", "label"}
        document_id = document_id["value"]
    return document_id, row_id


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    if database != DATABASE or not isinstance(value, str):
        return None
    if column == "mana_cost":
        return render_symbols(value)

    async def linked():
        context = (await server_state(datasette)).links
        url = query_cell_url(column, row) if table is None else table_cell_url(table, column, row, context.slugs)
        if url:
            return Markup('<a class="page-link" href="{}">{}</a>').format(datasette.urls.path(url), value)
        if table is None:  # a canned query: its text links rule numbers in the document of its row
            document_id = context.document_ids.get(query_text_document(column, row))
            return context.render(value, document_id) if document_id else None
        source = _text_source(row) if column in TEXT_COLUMNS.get(table, ()) else None
        if source is None:
            return None
        return context.render(value, source[0], (table, source[1]))

    return linked()
