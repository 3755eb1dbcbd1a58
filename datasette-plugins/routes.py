"""Every page of the site: the one route table, rulebook/routes.py (views in rulebook/web/views/),
and the methods Datasette's own routes answer: any other is a 405 naming those (Allow)."""

from datasette import hookimpl
from datasette.utils.asgi import Request

from rulebook import routes
from rulebook.web.errors import MethodNotAllowed, render_error


@hookimpl
def register_routes():
    return routes.register_routes()


@hookimpl(tryfirst=True)  # the innermost wrapper: a CORS preflight is answered before, security headers added after
def asgi_wrapper(datasette):
    def wrap(app):
        methods = None

        async def only_what_datasette_answers(scope, receive, send):
            nonlocal methods
            if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
                methods = methods or routes.DatasetteMethods(datasette)
                path = routes.routed_path(datasette, scope)
                allowed = methods.allowed(path)
                if allowed is not None and scope["method"] not in allowed:
                    problem = MethodNotAllowed(scope["method"], scope["path"], allowed)
                    return await (await render_error(datasette, Request(scope, receive), problem)).asgi_send(send)
            return await app(scope, receive, send)

        return only_what_datasette_answers

    return wrap
