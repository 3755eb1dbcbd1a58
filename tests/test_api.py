"""The JSON API's contract (/-/openapi.json), generated from the answers' declarations: the real
answers of the site built from the bundled documents held to them; the /api page made from it;
CORS; HTTP caching."""

from __future__ import annotations

import json
import re
from functools import partial

import jsonschema
import pydantic
import pytest
from datasette.app import Datasette
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape
from openapi_spec_validator import validate

from rulebook.kinds import ENTRY_KINDS
from rulebook.queries.cards import CardAnswer, card_page_data
from rulebook.queries.checker.scenario import ScenarioError, parse_scenario
from rulebook.queries.declaring import Declared
from rulebook.queries.entries import ENTRY_ANSWERS, entry_page_data
from rulebook.queries.rules import RulePageAnswer, rule_page_data
from rulebook.routes import DatasetteMethods
from rulebook.urls import entry_slug
from rulebook.web.openapi import ENDPOINTS, openapi_document, request_url
from rulebook.web.reference import field_rows
from tests.server import in_process

DOCUMENT = openapi_document()
OPERATIONS = [(path, method) for path, operations in DOCUMENT["paths"].items() for method in operations]


def endpoint_of(path: str, method: str):
    return next(endpoint for endpoint in ENDPOINTS if endpoint.path == path and endpoint.method == method)


def validator(schema: dict) -> jsonschema.Draft202012Validator:
    """A JSON Schema 2020-12 validator (OpenAPI 3.1's dialect) that resolves the document's components."""
    return jsonschema.Draft202012Validator({"components": DOCUMENT["components"], "allOf": [schema]})


def present_fields(value, prefix: str = "") -> set[str]:
    """Every field of an answer, written the way field_rows() writes them (cited_by[].kind)."""
    found = set()
    if isinstance(value, dict):
        for name, child in value.items():
            path = f"{prefix}.{name}" if prefix else name
            found |= {path} | present_fields(child, path)
    elif isinstance(value, list):
        for item in value:
            found |= present_fields(item, prefix + "[]")
    return found


# The document


async def test_the_served_document_is_valid_openapi_3_1(site):
    response = await site.client.get("/-/openapi.json")
    assert response.status_code == 200
    served = response.json()
    validate(served)  # openapi-spec-validator: raises on any error
    assert served["openapi"] == "3.1.0"
    assert served == DOCUMENT


def test_the_document_describes_every_public_endpoint():
    assert sorted(OPERATIONS) == sorted(
        [
            ("/search.json", "get"),
            ("/rules/{number}.json", "get"),
            ("/rules/{document}/{number}.json", "get"),
            ("/cards/{name}.json", "get"),
            ("/faq/{document}/{question}.json", "get"),
            ("/glossary/{document}/{term}.json", "get"),
            ("/mechanics/{document}/{slug}.json", "get"),
            ("/compare/{old}/{new}.json", "get"),
            ("/-/check", "post"),
            ("/check.json", "get"),
            ("/-/openapi.json", "get"),
        ]
    )
    for path, method in OPERATIONS:
        operation = DOCUMENT["paths"][path][method]
        assert operation["responses"]["200"]["content"]["application/json"]["example"]
        for parameter in operation.get("parameters", []):
            examples = parameter.get("examples") or parameter.get("content", {}).get("application/json", {}).get(
                "examples"
            )
            assert examples or not parameter["required"], (path, parameter["name"])


def test_every_declared_field_is_described():
    """Each answer is declared with a description on every field (a union member's tag, such as an
    event's type, is described by its member)."""
    schemas = DOCUMENT["components"]["schemas"]
    undescribed = [
        f"{name}.{key}"
        for name, schema in schemas.items()
        for key, field in schema.get("properties", {}).items()
        if not field.get("description") and "const" not in field
    ]
    assert not undescribed
    assert all(schema.get("description") for schema in schemas.values())


@pytest.mark.parametrize("path, method", OPERATIONS)
def test_each_example_answer_matches_its_schema(path, method):
    endpoint = endpoint_of(path, method)
    validator(endpoint.response).validate(endpoint.example)


def test_the_scenario_schema_accepts_every_worked_example_and_refuses_what_the_checker_refuses():
    scenario = validator({"$ref": "#/components/schemas/Scenario"})
    examples = endpoint_of("/-/check", "post").requests
    assert len(examples) == 11
    for request in examples.values():
        scenario.validate(request["body"])
    five = examples["01-leader-lost-assassin-never-unveiled"]["body"]
    wizard = {**five, "players": [{**five["players"][0], "identity": "Wizard"}, *five["players"][1:]]}
    assert not scenario.is_valid(wizard)
    assert not scenario.is_valid({**five, "events": [{"type": "explode", "player": "Ana"}]})
    assert not scenario.is_valid({**five, "question": {"type": "outcome", "player": "Ana"}})
    assert not scenario.is_valid({"players": five["players"]})  # no question


def test_the_scenario_schema_refuses_exactly_the_malformed_scenarios_the_reader_refuses():
    """The Scenario schema is generated from the reader's declaration: a scenario the reader calls
    malformed (400) the schema refuses; one it reads, or finds no game (422), the schema allows."""
    scenario = validator({"$ref": "#/components/schemas/Scenario"})
    five = endpoint_of("/-/check", "post").requests["01-leader-lost-assassin-never-unveiled"]["body"]
    players = five["players"]
    cases = [
        {**five, "question": {"type": "identity_deck", "players": 0, "deck": {}}},
        {**five, "question": {"type": "identity_deck", "players": 5, "deck": {}, "backstab_rumble": None}},
        {**five, "question": {"type": "can_unveil", "player": "Ana", "has_priority": None}},
        {**five, "players": [{**players[0], "name": " "}, *players[1:]]},
        {**five, "players": [{**players[0], "name": "x" * 101}, *players[1:]]},
        {**five, "players": [{**players[0], "face": None}, *players[1:]]},
        {**five, "players": [{**players[0], "undercover": None}, *players[1:]]},
        {**five, "events": [{"type": "attack", "player": "Ana", "attacked": []}]},
        {**five, "events": [{"type": "lose", "player": "Zed"}]},
        {**five, "options": {"commander": 1}},
    ]
    for case in cases:
        try:
            parse_scenario(case)
            status = 200
        except ScenarioError as error:
            status = error.status
        assert scenario.is_valid(case) == (status != 400), (case, status)


# Conformance: every example request of every endpoint, asked of the site


async def ask(site, endpoint, values: dict):
    url = request_url(endpoint, values)
    if endpoint.method == "post":
        return url, await site.client.post(url, content=json.dumps(values["body"]))
    return url, await site.client.get(url)


# Declared fields no example answer over the bundled documents has, and where they are held to
# their declaration instead (or why nothing needs to be)
NOT_IN_THE_EXAMPLES = {
    "upcoming.": "an edition published before it takes effect: tests/test_upcoming.py",
    "as_of.": "a rule asked with as_of: tests/test_upcoming.py",
    "history[].from": "a run of editions that kept a rule: tests/test_editions.py",
    "history[].to": "the same run",
    "history[].editions": "the same run",
    "warnings[].": "a face-down card with no unveil cost: tests/test_checker.py holds every answer to CheckAnswer",
    "typography[].": "no bundled edition changes a rule's typography alone; declared as changed[] is",
    "other_versions[].": "FAQ entries and mechanics are each in one document today; glossary entries are not",
}
NOT_FOR_THIS_PATH = {
    "/rules/{document}/{number}.json": ("candidates[].",),  # the document is in the address: always empty
    "/rules/{number}.json": (
        "reminder.",  # a subrule no document has, quoted by the glossary: only in a document (the excerpt)
        "successor.",  # the current edition's rule has none; an older edition's is asked by its document
    ),
}


@pytest.mark.parametrize("path, method", OPERATIONS)
async def test_the_real_answers_hold_to_their_declarations(
    site, path, method, two_official_editions_db_path, reprinted_db_path
):
    """Every example request of every endpoint, asked of the site: each answer is valid against its
    declaration (the pydantic model, strictly: no string for a number) and the OpenAPI schema made
    from it; every declared field is in some answer (a declaration promises nothing the server
    never sends), and every field sent is declared but rows' ids (a page's JSON may carry them)."""
    endpoint = endpoint_of(path, method)
    check = validator(endpoint.response)
    answers = []
    for values in endpoint.requests.values():
        url, response = await ask(site, endpoint, values)
        assert response.status_code == 200, f"{method.upper()} {url}: {response.status_code}"
        assert response.headers["content-type"].startswith("application/json")
        answers.append((url, response))
    if path.startswith("/compare/"):  # the bundled editions (1.1 -> 6.0) share no rule number with other text
        editions = await in_process(two_official_editions_db_path)
        values = {"old": "comprehensive-rules-2020-06-01", "new": "comprehensive-rules-2021-06-18"}
        answers.append(await ask(editions, endpoint, values))
    if path.startswith("/cards/"):  # no bundled card's note is printed word for word in two documents
        reprinted = await in_process(reprinted_db_path)
        answers.append(await ask(reprinted, endpoint, {"name": "Sol Ring"}))
    seen: set[str] = set()
    for url, response in answers:
        assert response.status_code == 200, url
        if not isinstance(endpoint.answer, dict):
            endpoint.answer.model_validate_json(response.content, strict=True)
        errors = [
            f"{'.'.join(map(str, error.absolute_path))}: {error.message}"
            for error in check.iter_errors(response.json())
        ]
        assert not errors, f"{url}: {errors[:5]}"
        seen |= present_fields(response.json())
    rows = list(field_rows(endpoint.response, nested_unions=False))
    documented = [row["name"] for row in rows if not row["member"]]
    missing = [name for name in documented if name not in seen and not name.startswith(tuple(NOT_IN_THE_EXAMPLES))]
    missing = [name for name in missing if not name.startswith(NOT_FOR_THIS_PATH.get(path, ()))]
    assert not missing, f"declared but in no answer of {path}: {missing}"
    if isinstance(endpoint.answer, type) and not issubclass(endpoint.answer, Declared):  # a page: extras allowed
        declared = set(documented) | {row["member"] for row in rows if row["member"]}
        undeclared = sorted(name for name in seen - declared if not re.search(r"(^|\.|_)id$", name))
        assert not undeclared, f"sent but not declared by {path}: {undeclared}"  # only rows' ids may be


@pytest.fixture(scope="module")
def any_page(built_db):
    """Every page the bundled documents have, as its JSON is asked: each rule and section of each
    document, each card in each document, each FAQ, glossary and mechanic entry."""
    rows = built_db.query("select d.slug, r.number, r.canonical from rules r join documents d on d.id = r.document_id")
    pages = []
    for row in rows:
        pages.append(("rules", rule_page_data, RulePageAnswer, row["number"], row["slug"]))
        pages.append(("rules", rule_page_data, RulePageAnswer, row["canonical"][:3], row["slug"]))  # its section
    for row in built_db.query("select c.name, d.slug from cards c join documents d on d.id = c.document_id"):
        pages.append(("cards", card_page_data, CardAnswer, row["name"], row["slug"]))
    for kind in ENTRY_KINDS.values():
        for row in built_db.query(
            f"select t.{kind.title} as title, d.slug from {kind.table} t join documents d on d.id = t.document_id"
        ):
            page = partial(entry_page_data, path=kind.path)
            pages.append((kind.path, page, ENTRY_ANSWERS[kind.name], entry_slug(row["title"]), row["slug"]))
    return sorted(set(pages), key=repr)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_page_holds_to_its_declaration(built_db, any_page, data):
    """Not only the examples: any rule, section, card or entry page's JSON (the data the view sends
    as is, links aside) is valid against its declaration, strictly."""
    kind, page_data, declared, name, document = data.draw(st.sampled_from(any_page))
    if kind == "rules" or kind == "cards":
        answer = page_data(built_db, name, document)
    else:
        answer = page_data(built_db, document_slug=document, slug=name)
    assert answer["kind"] != "missing", (kind, name, document)
    declared.model_validate_json(json.dumps(answer, default=str), strict=True)


def test_an_answer_with_a_field_of_the_wrong_type_breaks_its_declaration():
    """The declarations are strict: what the tests hold the answers to can fail."""
    endpoint = endpoint_of("/compare/{old}/{new}.json", "get")
    answer = {**endpoint.example, "counts": {**endpoint.example["counts"], "added": "1"}}
    with pytest.raises(pydantic.ValidationError, match="counts.added"):
        endpoint.answer.model_validate_json(json.dumps(answer), strict=True)
    with pytest.raises(pydantic.ValidationError, match="renamed"):
        endpoint.answer.model_validate({**endpoint.example, "renamed": []})  # a field never declared


PROBLEM = {"$ref": "#/components/schemas/ProblemDetails"}


async def test_documented_errors_answer_with_their_schema(site):
    response = await site.client.get("/rules/treachery-6.0/907.99.json")
    assert (response.status_code, response.headers["content-type"]) == (404, "application/problem+json")
    validator(PROBLEM).validate(response.json())
    assert response.json()["type"] == "/api#problem-not-found"
    assert {"label": "907.9", "url": "/rules/treachery-6.0/907.9"} in response.json()["suggestions"]
    response = await site.client.post("/-/check", content='{"players": [], "question": {"type": "tea"}}')
    assert response.status_code == 400
    validator(PROBLEM).validate(response.json())
    assert response.json()["field"] == "question.type"


@pytest.mark.parametrize(
    "path, status",
    [
        ("/rules/treachery-6.0/907.99.json", 404),  # ours
        ("/rules/treachery-9.9/907.8b.json", 404),  # an unknown document: the documents that have 907.8b
        ("/rules/treachery-9.9/1.json", 404),  # ... none have it: their contents
        ("/rules/999.9z.json", 404),
        ("/cards/The%20Gatherng.json", 404),
        ("/faq/treachery-6.0/platinum-angel.json", 404),
        ("/glossary/treachery-9.0/team.json", 404),
        ("/mechanics/duskmourn-release-notes/room.json", 404),
        ("/compare/treachery-1.1/treachery-9.9.json", 404),
        ("/compare/treachery-6.0/treachery-6.0.json", 400),
        ("/search.json?q=unveil&limit=5000", 400),  # ours: a parameter
        ("/check.json?scenario=%7B%7D", 400),  # the checker
        ("/nowhere.json", 404),  # Datasette's: an unknown database
        ("/rulebook/nowhere.json", 404),  # an unknown table
        ("/rulebook/rules/999999.json", 404),  # an unknown row
        ("/-/nowhere.json", 404),  # an unknown address
        ("/rulebook.json?sql=select+nope", 400),  # Datasette's SQL that can't run
        ("/rulebook.json?sql=select+1&_shape=nope", 400),  # ... its renderer's own
        ("/rulebook/rules.json?_sort=nope", 400),  # a table's sort
        ("/rulebook/rules.json?_col=nope", 400),  # ... its columns
        ("/rulebook/rules.json?_facet=nope", 400),  # ... a facet
    ],
)
async def test_every_json_error_is_problem_details(site, path, status):
    response = await site.client.get(path)
    assert response.status_code == status, path
    assert response.headers["content-type"] == "application/problem+json"
    problem = response.json()
    validator(PROBLEM).validate(problem)
    assert problem["status"] == status and problem["detail"] and problem["title"]
    assert response.headers["access-control-allow-origin"] == "*"
    for suggestion in problem.get("suggestions", []):  # every suggested page exists
        assert (await site.client.get(suggestion["url"])).status_code == 200, suggestion


@pytest.mark.parametrize(
    "path, kind, field, detail",
    [
        ("/rulebook.json?sql=select+nope", "invalid-sql", "sql", "no such column: nope"),
        ("/rulebook.json?sql=select+1&_shape=object", "bad-parameter", "_shape", "_shape=object is only available on tables"),
        ("/rulebook/rules.json?_where=nope", "invalid-sql", "_where", "_where: 'nope' is not one SQL condition on rules: no such column: nope"),
        ("/rulebook.json?sql=with+recursive+c(x)+as+(select+1+union+all+select+x%2B1+from+c)+select+count(*)+from+c&_timelimit=20",
         "sql-interrupted", "sql", "SQL query took too long. The time limit is controlled by the sql_time_limit_ms configuration option."),
    ],
)  # fmt: skip
async def test_datasettes_sql_errors_name_the_parameter_at_fault(site, path, kind, field, detail):
    problem = (await site.client.get(path)).json()
    assert (problem["type"], problem["field"], problem["detail"]) == (f"/api#problem-{kind}", field, detail)
    assert problem["title"] in {
        "The SQL can't be run",
        "A parameter the API can't take",
        "The SQL ran past the time limit",
    }


async def test_an_error_is_drawn_once_and_prints_no_traceback(site, capfd):
    """Only our handle_exception hook answers: Datasette's default, which printed every frame's
    locals for each 404 (a third of a second of the event loop with rich installed), never runs."""
    for method, path in [("GET", "/rulebook/nowhere.json"), ("GET", "/nowhere"), ("GET", "/rules/treachery-6.0/907.99"),
                         ("TRACE", "/rulebook/rules.json"), ("GET", "/rulebook/rules?_col=nope")]:  # fmt: skip
        assert (await site.client.request(method, path)).status_code in (400, 404, 405)
    printed = "".join(capfd.readouterr())
    assert "Traceback" not in printed and "locals" not in printed


async def test_pages_keep_their_friendly_error_pages(site):
    response = await site.client.get("/rules/treachery-6.0/907.99")
    assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
    response = await site.client.get("/rulebook", params={"sql": "select nope"})  # Datasette's SQL form says why
    assert response.status_code == 400 and "no such column: nope" in response.text
    assert '<textarea id="sql-editor" name="sql"' in response.text
    response = await site.client.get("/rulebook/rules", params={"_col": "nope"})  # Datasette's error page
    assert response.status_code == 400 and "_col=nope - invalid columns" in response.text


@pytest.mark.parametrize("path, method", OPERATIONS)
async def test_a_method_an_operation_does_not_declare_is_a_405_naming_those_it_does(site, path, method):
    endpoint = endpoint_of(path, method)
    url = request_url(endpoint, next(iter(endpoint.requests.values())))
    for other in ("TRACE", "PUT", "DELETE", "PATCH") + (("POST",) if method == "get" else ("GET",)):
        response = await site.client.request(other, url)
        assert response.status_code == 405, (other, url)
        assert method.upper() in response.headers["allow"]
        assert response.headers["content-type"] == "application/problem+json"


# Datasette's own routes: its pages, its JSON, its static files
DATASETTE_ROUTES = {
    "/": "GET, HEAD",
    "/rulebook": "GET, HEAD, OPTIONS",
    "/rulebook.json": "GET, HEAD, OPTIONS",
    "/rulebook/rules": "GET, HEAD, OPTIONS",
    "/rulebook/rules.json": "GET, HEAD, OPTIONS",
    "/rulebook/rules/1.json": "GET, HEAD, OPTIONS",
    "/rulebook/identity_cards_of_role.json": "GET, HEAD, OPTIONS",  # a canned query that only reads
    "/-/versions.json": "GET, HEAD",
    "/-/static/app.css": "GET, HEAD",
    "/favicon.ico": "GET, HEAD",
}


@pytest.mark.parametrize("path, allowed", DATASETTE_ROUTES.items())
async def test_datasettes_own_routes_answer_a_method_they_have_no_handler_for_with_a_405(site, path, allowed):
    for method in ("TRACE", "PUT", "DELETE", "PATCH", "POST"):
        response = await site.client.request(method, path)
        assert (response.status_code, response.headers.get("allow")) == (405, allowed), (method, path)
        assert response.headers["content-type"] == "application/problem+json"
        assert response.json()["detail"] == f"{path} answers {allowed}, not {method}."
    assert (await site.client.get(path)).status_code == 200
    assert (await site.client.head(path)).status_code == 200


async def test_datasettes_own_forms_and_methods_still_answer(site):
    """The legitimate use: its SQL form and a table's filter form (GET), OPTIONS where its views
    answer it, its messages and sign-out forms (POST), a CORS preflight anywhere."""
    response = await site.client.get("/rulebook", params={"sql": "select count(*) from rules where number = '907.8b'"})
    assert response.status_code == 200 and "<td" in response.text
    form = {"_filter_column": "number", "_filter_op": "exact", "_filter_value": "907.8b"}
    response = await site.client.get("/rulebook/rules", params=form)
    assert (response.status_code, response.headers["location"]) == (302, "/rulebook/rules?number__exact=907.8b")
    assert (await site.client.options("/rulebook/rules.json")).text == "ok"
    response = await site.client.post("/-/messages", data={"message": "hello", "message_type": "INFO"})
    assert (response.status_code, response.headers["location"]) == (302, "/")
    assert "ds_messages" in response.cookies
    assert (await site.client.post("/-/logout")).status_code == 302
    preflight = {"Origin": "https://example.org", "Access-Control-Request-Method": "GET"}
    assert (await site.client.options("/-/versions.json", headers=preflight)).status_code == 204


def test_a_canned_query_that_writes_answers_post_as_datasettes_form_for_it_does():
    queries = {
        "add_note": {"sql": "insert into notes (text) values (:text)", "write": True},
        "notes": {"sql": "select 1"},
    }
    datasette = Datasette(memory=True, metadata={"databases": {"_memory": {"queries": queries}}})
    methods = DatasetteMethods(datasette)
    assert methods.allowed("/_memory/add_note") == ("GET", "HEAD", "POST", "OPTIONS")
    assert methods.allowed("/_memory/notes") == ("GET", "HEAD", "OPTIONS")
    assert methods.allowed("/_memory/a_table") == ("GET", "HEAD", "OPTIONS")
    assert methods.allowed("/rules/907.8b") is None  # ours: the route table's own methods


# The /api page and the README


async def test_the_api_page_shows_the_document(site):
    response = await site.client.get("/api")
    assert response.status_code == 200
    html = response.text
    assert '<a href="/-/openapi.json">OpenAPI 3.1.0 document</a>' in html
    for endpoint in ENDPOINTS:
        assert f"<code>{endpoint.method.upper()} {endpoint.path}</code>" in html
        assert str(escape(endpoint.summary)) in html
    assert '<a href="/rules/treachery-6.0/907.8b.json"><code>/rules/treachery-6.0/907.8b.json</code></a>' in html
    assert '<a href="/search.json?q=assasin%20win"><code>' in html
    assert "<code>cited_by[].resolution</code>" in html  # a nested field of the rule answer
    assert "<code>rules[].quoted_in.term</code>" in html  # an optional field of the checker's answer


# CORS


async def test_json_answers_allow_any_origin_and_grant_nothing_more(site):
    plain = await site.client.get("/rules/treachery-6.0/907.8b.json")
    foreign = await site.client.get("/rules/treachery-6.0/907.8b.json", headers={"Origin": "https://evil.example"})
    assert foreign.status_code == 200 and foreign.json() == plain.json()
    assert foreign.headers["access-control-allow-origin"] == "*"
    assert "access-control-allow-credentials" not in foreign.headers
    for url in ["/search.json?q=undercover", "/cards/Jump%20Scare.json", "/-/openapi.json", "/rulebook/rules.json"]:
        response = await site.client.get(url, headers={"Origin": "null"})
        assert response.headers["access-control-allow-origin"] == "*", url
    missing = await site.client.get("/cards/Nobody.json", headers={"Origin": "https://app.example"})
    assert missing.status_code == 404 and missing.headers["access-control-allow-origin"] == "*"


async def test_a_web_app_may_post_a_scenario_from_another_origin(site):
    preflight = await site.client.request(
        "OPTIONS",
        "/-/check",
        headers={
            "Origin": "https://app.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert preflight.status_code == 204
    assert preflight.headers["access-control-allow-origin"] == "*"
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert "content-type" in preflight.headers["access-control-allow-headers"].lower()
    scenario = endpoint_of("/-/check", "post").requests["11-are-we-teammates"]["body"]
    response = await site.client.post(
        "/-/check",
        content=json.dumps(scenario),
        headers={"Origin": "https://app.example", "Content-Type": "application/json"},
    )
    assert response.status_code == 200 and response.headers["access-control-allow-origin"] == "*"
    assert response.json()["question"]["type"] == "relationship"


async def test_without_cors_our_json_has_no_cors_header(built_db_path):
    datasette = await in_process(built_db_path, cors=False)
    response = await datasette.client.get("/search.json?q=undercover", headers={"Origin": "https://app.example"})
    assert response.status_code == 200 and "access-control-allow-origin" not in response.headers


# HTTP caching


CACHED_PAGES = [
    "/",
    "/rules/treachery-6.0/907.8b",
    "/rules/treachery-6.0/907.8b.json",
    "/cards/Jump%20Scare.json",
    "/search.json?q=undercover",
    "/search?q=platinum+angel",
    "/api",
    "/-/openapi.json",
    "/rulebook/rules.json?_search=undercover",
    "/rulebook-static/rulebook.css",
]


async def etags(site, urls: list[str]) -> dict[str, str]:
    found = {}
    for url in urls:
        response = await site.client.get(url)
        assert response.status_code == 200, url
        assert response.headers["cache-control"] == "public, max-age=300", url
        found[url] = response.headers["etag"]
    return found


async def test_pages_and_json_carry_a_max_age_and_a_strong_etag_per_address(site):
    tags = await etags(site, CACHED_PAGES)
    assert all(re.fullmatch(r'"[0-9a-f]{32}"', tag) for tag in tags.values())
    assert len(set(tags.values())) == len(CACHED_PAGES)
    again = await in_process(site.get_database("rulebook").path)  # another worker over the same files
    assert await etags(again, CACHED_PAGES) == tags


async def test_if_none_match_with_the_current_etag_gets_a_304(site):
    first = await site.client.get("/rules/treachery-6.0/907.8b.json")
    tag = first.headers["etag"]
    for header in [tag, f"W/{tag}", f'"other", {tag}', "*"]:
        response = await site.client.get("/rules/treachery-6.0/907.8b.json", headers={"If-None-Match": header})
        assert response.status_code == 304, header
        assert response.content == b""
        assert response.headers["etag"] == tag
        assert response.headers["cache-control"] == "public, max-age=300"
    head = await site.client.request("HEAD", "/rules/treachery-6.0/907.8b.json", headers={"If-None-Match": tag})
    assert head.status_code == 304


async def test_bad_if_none_match_values_are_harmless(site):
    first = await site.client.get("/cards/Jump%20Scare.json")
    for header in ["garbage", '"', "W/", ",,,", '"' + "a" * 10_000 + '"', first.headers["etag"][1:-1], '"éè"'.encode()]:
        response = await site.client.get("/cards/Jump%20Scare.json", headers={"If-None-Match": header})
        assert response.status_code == 200, header
        assert response.json() == first.json()
    other = await site.client.get("/cards/The%20Oracle.json", headers={"If-None-Match": first.headers["etag"]})
    assert other.status_code == 200  # one address's tag is not another's


async def test_personal_answers_are_not_cached_but_checker_permalinks_are(site):
    permalink = await site.client.get("/check?example=01-leader-lost-assassin-never-unveiled")
    assert "set-cookie" not in permalink.headers  # the form carries no CSRF token: it changes nothing
    assert permalink.headers["cache-control"] == "public, max-age=300" and permalink.headers["etag"]
    with_cookie = await site.client.get("/rules/treachery-6.0/907.8b.json", headers={"Cookie": "ds_actor=x"})
    assert "etag" not in with_cookie.headers and with_cookie.headers["cache-control"] == "private, no-store"
    missing = await site.client.get("/rules/treachery-6.0/907.99.json")
    assert missing.status_code == 404 and "etag" not in missing.headers
    versions = await site.client.get("/-/versions.json")
    assert "etag" not in versions.headers
    post = await site.client.post("/-/check", content="{}")
    assert "etag" not in post.headers


@pytest.mark.slow  # builds a second database
async def test_a_rebuild_changes_every_etag(site, hostile_db_path):
    before = await etags(site, CACHED_PAGES)
    rebuilt = await in_process(hostile_db_path)  # the bundled documents plus one more
    after = await etags(rebuilt, CACHED_PAGES)
    assert all(after[url] != before[url] for url in CACHED_PAGES)
    stale = await rebuilt.client.get(
        "/rules/treachery-6.0/907.8b.json", headers={"If-None-Match": before[CACHED_PAGES[2]]}
    )
    assert stale.status_code == 200


async def test_an_unknown_document_suggests_only_the_documents_that_have_the_rule(site):
    problem = (await site.client.get("/rules/treachery-9.9/907.8b.json")).json()
    # was every document's 907.8b, six of seven a 404 (/rules/treachery-cards/907.8b)
    assert problem["suggestions"] == [{"label": "907.8b in treachery-6.0", "url": "/rules/treachery-6.0/907.8b"}]
    problem = (await site.client.get("/rules/treachery-9.9/1.json")).json()  # no document has rule 1
    assert problem["suggestions"][0] == {"label": "The contents of treachery-6.0", "url": "/documents/treachery-6.0"}
