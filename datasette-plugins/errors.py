"""The one handle_exception hook: every error, ours and Datasette's, is drawn by
rulebook.web.errors.render_error (problem details for a program, a page for a judge).

Datasette awaits what every handle_exception hook returns, its own default's too, and that
default prints a traceback with every local variable of every frame (with ``rich`` installed,
as schemathesis installs it: about a third of a second of the event loop for each 404). This
hook is a wrapper around the others, so its answer is the only one made.

Datasette's JSON renderer answers a query that can't run (``/rulebook.json?sql=select+nope``)
or a bad ``_shape`` with a JSON body of its own shape, never through handle_exception: the
renderer below is Datasette's, and raises those as problems instead.
"""

import json

from datasette import hookimpl
from datasette.renderer import json_renderer

from rulebook.web.errors import BadParameter, SqlProblem, render_error

SHAPES = ("arrays", "objects", "array", "arrayfirst", "object")  # what Datasette's _shape takes


@hookimpl(wrapper=True)
def handle_exception(datasette, request, exception):
    yield  # Datasette's own hook is called but its answer never awaited

    async def inner():
        return await render_error(datasette, request, exception)

    return [inner]


def render_json(args, data, view_name, request):
    """Datasette's JSON, with its errors raised into handle_exception: a query's (400, ``sql``)
    or the renderer's own (an unknown ``_shape``, a 400)."""
    if isinstance(data, dict) and data.get("ok") is False and data.get("error"):
        field = "sql" if "sql" in request.args else None
        raise SqlProblem(str(data["error"]), field=field)
    response = json_renderer(args, data, view_name)
    shape = args.get("_shape")
    if response.status >= 400:
        raise BadParameter("_shape", f"_shape must be one of {', '.join(SHAPES)}, not {shape!r}.")
    if shape == "object" and str(response.body).startswith('{"ok": false'):
        raise BadParameter("_shape", json.loads(response.body)["error"])  # a query's rows have no keys
    return response


@hookimpl
def register_output_renderer(datasette):
    return {"extension": "json", "render": render_json}
