"""The site's security headers and the checks on table-page arguments (datasette-plugins/security.py).

The Content-Security-Policy allows scripts from our own origin only. Datasette's own pages have
a few fixed inline scripts (closing open menus, the SQL editor, the table page's facet switch):
they are allowed by their SHA-256 hashes, computed from the installed Datasette templates, so
no other inline script runs, whatever a page shows.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sqlite3
from pathlib import Path

import datasette
from datasette.utils import escape_sqlite, tilde_decode

from .errors import BadParameter, SqlProblem

_TEMPLATES = Path(datasette.__file__).parent / "templates"
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
# The one template expression inside Datasette's inline scripts, and what it renders as.
_TEMPLATE_VALUES = {"{{ datasette_allow_facet }}": ("true", "false")}


def _script_hash(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def datasette_inline_script_hashes() -> list[str]:
    """CSP hashes of every inline script Datasette's templates can render."""
    hashes = []
    for template in sorted(_TEMPLATES.glob("*.html")):
        for script in _INLINE_SCRIPT.findall(template.read_text(encoding="utf-8")):
            variants = [script]
            for expression, values in _TEMPLATE_VALUES.items():
                if expression in script:
                    variants = [variant.replace(expression, value) for variant in variants for value in values]
            hashes += [_script_hash(variant) for variant in variants if "{{" not in variant and "{%" not in variant]
    return sorted(set(hashes))


CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self' " + " ".join(datasette_inline_script_hashes()),
        "style-src 'self' 'unsafe-inline'",  # Datasette's pages colour headings with style="..."
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",  # the service worker that keeps pages for offline use
        "manifest-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode("ascii")),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # what Datasette sends on its own pages
]

_TABLE_PATH = re.compile(r"^/(?P<database>[^/]+)/(?P<table>[^/]+?)(?:\.(?P<format>json|csv))?$")


# Parameters Datasette reads without checking them (int() of _timelimit, json.loads of _through):
# what they must hold, so a mistake in one is a 400 naming it, not a server error.
CHECKED_PARAMETERS = ("_timelimit", "_through")


def bad_datasette_arguments(query: dict[str, list[str]]) -> BadParameter | None:
    """Why a ``_timelimit`` or ``_through`` cannot be read (None when each can)."""
    for value in query.get("_timelimit", []):
        if value and not (value.isascii() and value.isdigit()):
            return BadParameter("_timelimit", f"_timelimit must be a whole number of milliseconds, not {value!r}.")
    for value in query.get("_through", []):
        try:
            through = json.loads(value)
        except ValueError:
            through = None
        named = isinstance(through, dict) and all(isinstance(through.get(key), str) for key in ("table", "column"))
        if not (named and isinstance(through.get("value"), str | int | float)):
            return BadParameter(
                "_through",
                "_through must be a JSON object naming a table, a column and a value, e.g. "
                f'{{"table": "card_notes", "column": "card_id", "value": "1"}}, not {value!r}.',
            )
    return None


FACET_PARAMETERS = ("_facet", "_facet_array", "_facet_date")  # each names a column of the table
TABLE_PARAMETERS = ("_sort", "_sort_desc", "_where", *FACET_PARAMETERS)  # what bad_table_arguments checks


async def bad_table_arguments(ds, path: str, query: dict[str, list[str]]) -> BadParameter | None:
    """Why a table page's _sort, _sort_desc, facets or _where cannot work (None if they can, or
    if ``path`` is not a table or view page: Datasette answers those itself). A facet on a column
    the table lacks failed inside Datasette's facet queries, leaving them unawaited."""
    match = _TABLE_PATH.match(path)
    database = match and ds.databases.get(tilde_decode(match["database"]))
    if not database:
        return None
    table = tilde_decode(match["table"])
    is_view = table in await database.view_names()
    if not is_view and table not in await database.table_names():
        return None
    sort, sort_desc = (query.get(name, [""])[0] for name in ("_sort", "_sort_desc"))
    if sort and sort_desc:
        return BadParameter("_sort_desc", "_sort and _sort_desc: give one of them, not both.")
    sortable = await _sortable_columns(ds, database, table, is_view)
    for name, column in (("_sort", sort), ("_sort_desc", sort_desc)):
        if column and column not in sortable:
            return BadParameter(
                name,
                f"{name}: {table} cannot be sorted by {column!r}. It can be sorted by: {', '.join(sorted(sortable))}.",
            )
    columns = set(await database.table_columns(table))
    for name in FACET_PARAMETERS:
        for column in query.get(name, []):
            if column not in columns:
                return BadParameter(
                    name, f"{name}: {table} has no column {column!r}. Its columns: {', '.join(sorted(columns))}."
                )
    for where in query.get("_where", []):
        try:
            await database.execute(f"select 1 from {escape_sqlite(table)} where {where} limit 0", log_sql_errors=False)
        except (sqlite3.DatabaseError, sqlite3.ProgrammingError, sqlite3.Warning) as error:
            return SqlProblem(f"_where: {where!r} is not one SQL condition on {table}: {error}", field="_where")
    return None


async def _sortable_columns(ds, database, table: str, is_view: bool) -> set[str]:
    metadata = ds.table_metadata(database.name, table)
    if "sortable_columns" in metadata:
        return set(metadata["sortable_columns"])
    columns = set(await database.table_columns(table))
    if not is_view and not await database.primary_keys(table):
        columns.add("rowid")
    return columns
