"""The rule checker's page, /check, its JSON twin /check.json?scenario=..., and POST /-/check.

The checker's rules are loaded from the served database when the server starts
(rulebook.web.state). A database without them (no Treachery rules, or a cited rule missing)
doesn't stop the server: every other page works, /check says plainly what the checker needs,
and POST /-/check answers 503 with the same explanation.

Every way in is bounded: a body is read only up to its limit (with or without
Content-Length), and the scenario limits (players, events, numbers) are the checker's own.
The form works without JavaScript: it posts to /check and the answer is rendered on the
server, its rule numbers linked through the site's one renderer.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qsl

from datasette.utils.asgi import Response
from markupsafe import Markup, escape

from rulebook.queries.checker import MAX_SCENARIO_BYTES, ScenarioError, check, parse_scenario_text
from rulebook.queries.checker.examples import worked_examples
from rulebook.queries.checker.scenario import IDENTITIES, MAX_EVENTS, MAX_PLAYERS, MAX_TEXT, MIN_PLAYERS
from rulebook.web.app import text_linker
from rulebook.web.checker.form import (
    FIELDS,
    blank_event,
    blank_player,
    blank_scenario,
    field_reference,
    rows_from_fields,
    rows_from_scenario,
    scenario_from_rows,
    scenario_summary,
)
from rulebook.web.checker.permalink import compact, scenario_text
from rulebook.web.checker.text import answer_fields, player_outcomes
from rulebook.web.errors import MALFORMED_SCENARIO, UNPLAYABLE_SCENARIO, problem_response
from rulebook.web.state import server_state

CHECK_API = "/-/check"
FORM_BYTES = 3 * MAX_SCENARIO_BYTES  # a form-encoded scenario: JSON's quotes and braces take 3 bytes each


class TooLarge(Exception):
    pass


async def _rulebook(datasette):
    """(rulebook, None) or (None, why the checker can't answer)."""
    state = await server_state(datasette)
    return state.checker, state.checker_problem


async def _body_within(request, limit: int) -> bytes:
    """The request body, read only up to ``limit`` bytes: TooLarge past it, with or without Content-Length."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge
    body = bytearray()
    while True:
        message = await request.receive()
        if message["type"] != "http.request":
            break
        body += message.get("body", b"")
        if len(body) > limit:
            raise TooLarge
        if not message.get("more_body"):
            break
    return bytes(body)


def _too_large(limit: int) -> dict:
    return {"error": f"the request is larger than {limit // 1024} KB; send a smaller scenario", "field": None}


def _answer(rulebook, text: str | bytes) -> tuple[int, dict]:
    """(status, the JSON answer or {"error", "field"}) for a scenario's JSON."""
    try:
        return 200, check(rulebook, parse_scenario_text(text))
    except ScenarioError as error:
        return error.status, {"error": str(error), "field": error.field}


def _answer_link(rulebook, value: str | None) -> tuple[int, dict]:
    """The JSON answer for a ``scenario=`` value of a link (JSON or its compact form)."""
    if value is None:
        return 400, {"error": "scenario: missing; give the scenario as ?scenario=...", "field": "scenario"}
    try:
        text = scenario_text(value)
    except ScenarioError as error:
        return error.status, {"error": str(error), "field": error.field}
    return _answer(rulebook, text)


def _json_answer(datasette, status: int, answer: dict) -> Response:
    """The checker's answer, or its problem: a malformed scenario (400), one that is no game (422),
    a body too large (413), no rules to answer from (503)."""
    if status == 200:
        return Response.json(answer)
    kind = {400: MALFORMED_SCENARIO, 422: UNPLAYABLE_SCENARIO}.get(status)
    return problem_response(datasette, status, answer["error"], kind=kind, field=answer["field"])


async def check_api(request, datasette):
    try:
        body = await _body_within(request, MAX_SCENARIO_BYTES)
    except TooLarge:
        return _json_answer(datasette, 413, _too_large(MAX_SCENARIO_BYTES))
    rulebook, unavailable = await _rulebook(datasette)
    if unavailable:
        return _json_answer(datasette, 503, {"error": unavailable, "field": None})
    return _json_answer(datasette, *_answer(rulebook, body))


async def _check_json(request, datasette):
    """GET /check.json?scenario=...: exactly what POST /-/check answers for that scenario."""
    rulebook, unavailable = await _rulebook(datasette)
    if unavailable:
        return _json_answer(datasette, 503, {"error": unavailable, "field": None})
    return _json_answer(datasette, *_answer_link(rulebook, request.args.get("scenario")))


def _decoded(text: str):
    """The scenario's JSON for filling in the form: None if it isn't JSON; a lone surrogate shown as "?"."""
    try:
        shown = json.dumps(json.loads(text), ensure_ascii=False)
    except (ValueError, RecursionError):
        return None
    return json.loads(shown.encode("utf-8", "replace"))


async def _posted(request) -> tuple[dict, str]:
    """The form's rows and the JSON pane's text from a POST to /check."""
    fields = parse_qsl((await _body_within(request, FORM_BYTES)).decode("utf-8", "replace"), keep_blank_values=True)
    values = dict(fields)
    if values.get("from", "json" if "scenario" in values else "form") == "json":
        text = values.get("scenario", "")
        return rows_from_scenario(_decoded(text)), text
    rows = rows_from_fields(fields)
    return rows, json.dumps(scenario_from_rows(rows), indent=2, ensure_ascii=False)


async def check_page(request, datasette):
    """The form (its answer rendered on the server, for a POST or a shared link), or its JSON twin."""
    if request.url_vars.get("format") == "json":
        return await _check_json(request, datasette)
    examples = worked_examples()
    rulebook, unavailable = await _rulebook(datasette)
    chosen = next((example for example in examples if example["slug"] == request.args.get("example")), None)
    status, result, error = 200, None, None
    if request.method == "POST":
        try:
            rows, text = await _posted(request)
            status, result = _answer(rulebook, text) if rulebook else (503, None)
        except TooLarge:
            rows, text, status, result = rows_from_scenario(None), "", 413, _too_large(FORM_BYTES)
        except ScenarioError as problem:
            rows, text, status, result = (
                rows_from_scenario(None),
                "",
                400,
                {"error": str(problem), "field": problem.field},
            )
    elif "scenario" in request.args:
        value = request.args["scenario"]
        try:
            text = scenario_text(value)
            if _decoded(text) is None:
                raise ScenarioError("scenario", "does not hold a scenario's JSON")
        except ScenarioError as problem:  # a link cut short or changed: say so, and offer a blank form
            text = json.dumps(blank_scenario(), indent=2)
            rows = rows_from_scenario(blank_scenario())
            status, result = 400, {"error": f"This shared link can't be read: its scenario {problem.message}. "
                                   "It may have been cut short when it was copied. Start again from the blank form "
                                   "below.", "field": "scenario"}  # fmt: skip
        else:
            rows = rows_from_scenario(_decoded(text))
            status, result = _answer_link(rulebook, value) if rulebook else (503, None)
    elif request.args.get("example") == "blank":
        text = json.dumps(blank_scenario(), indent=2)
        rows = rows_from_scenario(blank_scenario())
    else:
        chosen = chosen or examples[0]
        text = json.dumps(chosen["scenario"], indent=2, ensure_ascii=False)
        rows = rows_from_scenario(chosen["scenario"])
        if rulebook and "example" in request.args:
            status, result = _answer(rulebook, text)
    if unavailable:
        status, result = 503, None
    if result is not None and status != 200:
        error, result = result, None
    context = await _page_context(datasette, rows, text, result, error, unavailable, chosen)
    html = await datasette.render_template("check.html", context, request=request)
    return Response.html(html, status=status)


def _players(scenario) -> list[dict]:
    players = scenario.get("players") if isinstance(scenario, dict) else None
    return [player for player in players if isinstance(player, dict)] if isinstance(players, list) else []


def cited_text(text: str, labels: list[str], rule_urls: dict[str, str]) -> Markup:
    """A step's text with the rules it cites linked where the text names them ("leaves it (104.5)"),
    and after it only those it does not name: each rule number once."""
    named = [label for label in labels if label in text and label in rule_urls]
    shown = escape(text)
    if named:
        pattern = re.compile("|".join(re.escape(str(escape(label))) for label in sorted(named, key=len, reverse=True)))
        shown = Markup(
            pattern.sub(lambda match: f'<a href="{escape(rule_urls[match.group(0)])}">{match.group(0)}</a>', shown)
        )
    rest = [label for label in labels if label not in named and label in rule_urls]
    if rest:
        links = Markup("").join(Markup('<a href="{}">{}</a>').format(rule_urls[label], label) for label in rest)
        shown += Markup(' <span class="cites">{}</span>').format(links)
    return shown


async def _page_context(datasette, rows, text, result, error, unavailable, chosen) -> dict:
    link = None
    if result is not None:
        link = datasette.urls.path("/check?scenario=" + compact(_decoded(text)))
    linked = text_linker((await server_state(datasette)).links) if result is not None else None
    # blank rows to fill in without JavaScript: four for a blank form (a game has four or more
    # players), one more for a scenario, folded away with the others
    players = rows["players"] + [blank_player() for _ in range(max(1, 4 - len(rows["players"])))]
    return {
        "examples": worked_examples(),
        "chosen": chosen,
        "rows": {**rows, "players": players[:MAX_PLAYERS], "events": rows["events"] + [blank_event()]},
        "names": [row["name"] for row in rows["players"] if row["name"].strip()],
        "folded": any(row["name"].strip() for row in rows["players"]),  # a scenario's players fold to one line
        "identities": IDENTITIES,
        "form": FIELDS,  # every field's label, help, choices and default, from the scenario's declaration
        "reference": field_reference(),
        "blank_player": blank_player(),
        "blank_event": blank_event(),
        "summary": scenario_summary(_decoded(text)) if text else None,
        "limits": {
            "players": MAX_PLAYERS,
            "min_players": MIN_PLAYERS,
            "events": MAX_EVENTS,
            "bytes": MAX_SCENARIO_BYTES,
            "text": MAX_TEXT,
        },
        "scenario_text": text,
        "result": result,
        "error": error,
        "unavailable": unavailable,
        "permalink": link,
        # The conditions considered have a list of their own on the page.
        "answer_fields": answer_fields({k: v for k, v in result["answer"].items() if k != "conditions"})
        if result
        else [],
        "reading_fields": [answer_fields(reading["answer"]) for reading in result["readings"]] if result else [],
        "rule_urls": {rule["label"]: rule["url"] for rule in result["rules"]} if result else {},
        "cited_text": cited_text,
        "outcomes": player_outcomes(result["answer"], _players(_decoded(text))) if result else [],
        "linked": linked,
    }
