"""What the server reads once when it starts (rulebook/web/state.py): the link context, the
checker's rules, the build's hash, before the first request."""

from datasette import hookimpl

from rulebook.web.state import load_server_state


@hookimpl
def startup(datasette):
    async def load():
        await load_server_state(datasette)

    return load
