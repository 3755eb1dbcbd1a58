"""Under a prefix (Datasette's base_url, /prefix/), Datasette's table pages build their own links
(sort, facets, JSON, CSV) with the prefix twice: /prefix/prefix/rulebook/cards.json. Such an
address is answered with a permanent redirect to the same address with the prefix once, so every
link on the site resolves."""

from datasette import hookimpl
from datasette.utils.asgi import asgi_send_redirect

from rulebook.web.paths import single_prefix


@hookimpl
def asgi_wrapper(datasette):
    def wrap(app):
        async def prefixed_once(scope, receive, send):
            if scope["type"] == "http" and scope.get("method") in ("GET", "HEAD"):
                target = single_prefix(datasette.setting("base_url"), scope["path"])
                if target:
                    query = scope.get("query_string", b"").decode("latin-1")
                    return await asgi_send_redirect(send, target + (f"?{query}" if query else ""), status=301)
            return await app(scope, receive, send)

        return prefixed_once

    return wrap
