"""The rule checker on the site: POST /-/check (JSON in, JSON out) and the /check form page.

The checker's rules are loaded from the served database when Datasette starts, so a database
missing a rule the checker cites stops the server with that list instead of serving answers
with gaps. The form works without JavaScript: it posts to /check and the answer is rendered
on the server, every cited rule linked to its rule page.
"""

from __future__ import annotations

import json
from pathlib import Path
from weakref import WeakKeyDictionary

import sqlite_utils
from datasette import hookimpl
from datasette.utils.asgi import Response
from jinja2 import TemplateNotFound

from rulebook.queries.checker import (
    MAX_SCENARIO_BYTES,
    Rulebook,
    ScenarioError,
    check,
    load_rulebook,
    parse_scenario_text,
)
from rulebook.queries.checker.examples import worked_examples
from rulebook.queries.checker.text import answer_fields
from rulebook.urls import DATABASE

CHECK_API = "/-/check"
TEMPLATE = Path(__file__).resolve().parent / "templates" / "check.html"
TOO_LARGE = f"the scenario is larger than {MAX_SCENARIO_BYTES // 1024} KB; send a smaller one"
UNAVAILABLE = "the rule checker needs a rulebook database (built with `rulebook build`), and this server has none"

_rulebooks: WeakKeyDictionary = WeakKeyDictionary()


def _served_database(datasette):
    return datasette.databases.get(DATABASE) or datasette.get_database()


@hookimpl
def startup(datasette):
    async def load_checker_rules():
        database = _served_database(datasette)
        if "documents" in await database.table_names():  # a rulebook database: it must hold every cited rule
            _rulebooks[datasette] = await database.execute_fn(lambda conn: load_rulebook(sqlite_utils.Database(conn)))

    return load_checker_rules


@hookimpl
def skip_csrf(scope):
    """The JSON endpoint takes no cookies-based action: scripts may post to it without a token."""
    return scope["path"] == CHECK_API


def _too_large(request) -> bool:
    declared = request.headers.get("content-length", "0")
    return declared.isdigit() and int(declared) > MAX_SCENARIO_BYTES


def _answer(rulebook: Rulebook, body: bytes | str) -> tuple[dict | None, dict | None]:
    """(answer, None) or (None, {"error", "field"}) for a scenario body."""
    try:
        return check(rulebook, parse_scenario_text(body)), None
    except ScenarioError as error:
        return None, {"error": str(error), "field": error.field}


async def check_api(request, datasette):
    if request.method != "POST":
        return Response.json(
            {"error": "send the scenario as JSON in a POST request to /-/check", "field": None},
            status=405,
            headers={"Allow": "POST"},
        )
    if _too_large(request):
        return Response.json({"error": TOO_LARGE, "field": None}, status=413)
    body = await request.post_body()
    if len(body) > MAX_SCENARIO_BYTES:
        return Response.json({"error": TOO_LARGE, "field": None}, status=413)
    if datasette not in _rulebooks:
        return Response.json({"error": UNAVAILABLE, "field": None}, status=503)
    answer, error = _answer(_rulebooks[datasette], body)
    return Response.json(error, status=400) if error else Response.json(answer)


def _template(datasette):
    """check.html from the template folder Datasette was given, else from beside this plugin."""
    try:
        return datasette.jinja_env.get_template("check.html")
    except TemplateNotFound:
        return datasette.jinja_env.from_string(TEMPLATE.read_text(encoding="utf-8"))


async def check_page(request, datasette):
    examples = worked_examples()
    chosen = next((example for example in examples if example["slug"] == request.args.get("example")), examples[0])
    scenario_text, answer, error, status = json.dumps(chosen["scenario"], indent=2), None, None, 200
    if datasette not in _rulebooks:
        error, status = {"error": UNAVAILABLE, "field": None}, 503
    elif request.method == "POST":
        if _too_large(request):
            error, status = {"error": TOO_LARGE, "field": None}, 413
        else:
            scenario_text = (await request.post_vars()).get("scenario", "")
            answer, error = _answer(_rulebooks[datasette], scenario_text)
            status = 400 if error else 200
    context = {
        "examples": examples,
        "chosen": chosen,
        "scenario_text": scenario_text,
        "result": answer,
        "error": error,
        "description": chosen["description"] if request.method == "GET" else None,
        "answer_fields": answer_fields(answer["answer"]) if answer else [],
        "rule_urls": {rule["label"]: rule["url"] for rule in answer["rules"]} if answer else {},
        "reading_fields": [answer_fields(reading["answer"]) for reading in answer["readings"]] if answer else [],
    }
    html = await datasette.render_template(_template(datasette), context, request=request)
    return Response.html(html, status=status)


@hookimpl
def register_routes():
    return [(r"^/-/check$", check_api), (r"^/check$", check_page)]
