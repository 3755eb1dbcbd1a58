"""Datasette's table pages as ours (rulebook/web/table_page.py, templates/table.html): named
controls, headings in order, folded column descriptions, readable rows on a phone."""

from datasette import hookimpl

from rulebook.web.table_page import accessible_table_page, phone_columns


@hookimpl
def prepare_jinja2_environment(env):
    env.filters["rulebook_accessible"] = accessible_table_page


@hookimpl
def extra_template_vars(view_name, table):
    if view_name != "table" or table is None:
        return {}
    return {"rulebook_phone_columns": phone_columns(table)}
