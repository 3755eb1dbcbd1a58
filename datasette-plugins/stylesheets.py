"""Stylesheets every page gets, Datasette's own included (rulebook.web.app.EVERY_PAGE_CSS): mana-font
and how its symbols sit in text (symbols.css), and what makes every page fit a phone (phone.css).
The site's header, tap targets and dark theme (site.css) come with the header, in base.html."""

from datasette import hookimpl

from rulebook.web.app import EVERY_PAGE_CSS, STATIC_MOUNT


@hookimpl
def extra_css_urls(datasette):
    return [datasette.urls.path(f"/{STATIC_MOUNT}/{path}") for path in EVERY_PAGE_CSS]
