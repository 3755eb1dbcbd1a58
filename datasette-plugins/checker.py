"""The checker's pages take posts without a CSRF token (rulebook.web.views.check)."""

from datasette import hookimpl

from rulebook.web.views.check import CHECK_API


@hookimpl
def skip_csrf(scope):
    """Checking a scenario changes nothing and uses no cookie: scripts and the form post without a token.

    (The CSRF check would also read a whole form body before the view's limit is applied.)
    """
    return scope["path"] in (CHECK_API, "/check")
