"""The one handle_exception hook: our 404s (rulebook.web.errors.PageNotFound) say what was not
found and link the closest matches, as a page or as JSON; Datasette handles every other error."""

from datasette import hookimpl

from rulebook.web.errors import render_error


@hookimpl
def handle_exception(datasette, request, exception):
    async def inner():
        return await render_error(datasette, request, exception)

    return inner
