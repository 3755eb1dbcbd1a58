"""In Datasette's own table and row pages, rule numbers and mentioned cards become links.

The text columns are the ones the build searched for references (db/tables.py: text_columns), and
they are rendered by the same function as every other page, escaped.
"""

from datasette import hookimpl

from rulebook.db.tables import citing_tables
from rulebook.urls import DATABASE
from rulebook.web.app import link_context

TEXT_COLUMNS = {table.name: set(table.text_columns) for table in citing_tables()}


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    if database != DATABASE or column not in TEXT_COLUMNS.get(table, ()) or not isinstance(value, str):
        return None
    try:
        document_id, row_id = row["document_id"], row["id"]
    except (IndexError, KeyError):  # the page left those columns out (?_col=...)
        return None
    if isinstance(document_id, dict):  # table pages expand foreign keys to {"value", "label"}
        document_id = document_id["value"]

    async def linked():
        return (await link_context(datasette)).render(value, document_id, (table, row_id))

    return linked()
