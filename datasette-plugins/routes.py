"""Every page of the site: the one route table, rulebook/routes.py (views in rulebook/web/views/)."""

from datasette import hookimpl

from rulebook import routes


@hookimpl
def register_routes():
    return routes.register_routes()
