"""Stylesheets every page gets, Datasette's own included: mana-font and how its symbols sit in
text (symbols.css), and what makes every page fit a phone (phone.css)."""

from datasette import hookimpl

from rulebook.web.app import STATIC_MOUNT
from rulebook.web.symbols import STYLESHEET

EVERY_PAGE = (STYLESHEET, "symbols.css", "phone.css")


@hookimpl
def extra_css_urls(datasette):
    return [datasette.urls.path(f"/{STATIC_MOUNT}/{path}") for path in EVERY_PAGE]
