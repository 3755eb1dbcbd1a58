"""A canned query opened without values (/rulebook/identity_cards_of_role) redirects to itself
with its example values (?role=Guardian), so it opens on rows rather than on "0 results"."""

from datasette import hookimpl
from datasette.utils.asgi import asgi_send_redirect

from rulebook.web.app import canned_query_example


@hookimpl
def asgi_wrapper(datasette):
    def wrap(app):
        async def open_with_examples(scope, receive, send):
            if scope["type"] == "http" and scope.get("method") == "GET" and not scope.get("query_string"):
                target = canned_query_example(datasette, scope["path"])
                if target:
                    return await asgi_send_redirect(send, target)
            return await app(scope, receive, send)

        return open_with_examples

    return wrap
