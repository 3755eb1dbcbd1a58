"""The JSON API's contract: the OpenAPI 3.1 document served at /-/openapi.json, from which the
/api page and docs/api.md are rendered too (rulebook/web/reference.py).

Each endpoint is one small entry of ``ENDPOINTS``: its path, parameters, the declaration of its
answer and the example beside it, named example requests and its errors. The answers' schemas are
generated from their declarations (pydantic models next to the code that builds each answer: see
rulebook/queries/declaring.py), each a component; so are the scenario's and the error's. A field
a declaration lists is a promise: it is in every answer (or, when it has a default, in the
answers it applies to). A page's JSON also carries its rows' ids, which are not part of the
contract. tests/test_api.py validates the document and its examples, and holds the real answers
of the running site to their declarations."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import quote, urlencode

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from rulebook.kinds import ENTRY_KINDS, SEARCHED, Kind
from rulebook.queries.cards import CARD_EXAMPLE, CardAnswer
from rulebook.queries.checker.answers import ANSWERS, CHECK_EXAMPLE, CheckAnswer
from rulebook.queries.checker.examples import worked_examples
from rulebook.queries.checker.scenario import Scenario
from rulebook.queries.compare import COMPARE_EXAMPLE, CompareAnswer
from rulebook.queries.entries import ENTRY_ANSWERS, ENTRY_EXAMPLES
from rulebook.queries.rules import RULE_EXAMPLE, RulePageAnswer
from rulebook.queries.search import MAX_LIMIT
from rulebook.queries.search.answer import SEARCH_EXAMPLE, SearchAnswer
from rulebook.queries.search.request import MAX_OFFSET
from rulebook.web.errors import PROBLEM_JSON, ProblemDetails

OPENAPI_PATH = "/-/openapi.json"
REF = "#/components/schemas/{model}"
API_PAGE = "/api"
SEARCH_KINDS = list(SEARCHED)  # rulebook/kinds.py


def ref(name: str) -> dict:
    return {"$ref": REF.format(model=name)}


def declared(*models: type[BaseModel]) -> dict[str, dict]:
    """The JSON Schemas of declarations, each model a component, generated from the fields,
    descriptions, defaults and limits declared there."""
    _, top = models_json_schema([(model, "validation") for model in models], ref_template=REF)
    return top["$defs"]


SCHEMAS: dict[str, dict] = declared(
    Scenario,
    ProblemDetails,
    CheckAnswer,
    *ANSWERS.values(),
    SearchAnswer,
    RulePageAnswer,
    CardAnswer,
    *ENTRY_ANSWERS.values(),
    CompareAnswer,
)


# Endpoints


@dataclass(frozen=True)
class Endpoint:
    """One operation of the API: what it answers, with which parameters, and examples."""

    path: str
    summary: str
    description: str
    answer: type[BaseModel] | dict  # a 200 answer's declaration (or, for this document, its schema)
    example: dict  # a 200 answer (lists cut short), valid against its declaration
    requests: dict[str, dict]  # named example requests: {name: {parameter: value}} (or {"body": ...})
    parameters: tuple[dict, ...] = ()
    method: str = "get"
    body: dict | None = None  # the request body's schema
    errors: dict[int, tuple[str, str]] = field(default_factory=dict)  # status -> (description, schema name)

    @property
    def response(self) -> dict:
        """The schema of a 200 answer: its declaration's component."""
        return self.answer if isinstance(self.answer, dict) else ref(self.answer.__name__)


def path_parameter(name: str, description: str) -> dict:
    return {"name": name, "in": "path", "required": True, "description": description, "schema": {"type": "string"}}


def query_parameter(name: str, description: str, required: bool = False, schema: dict | None = None, **more) -> dict:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": schema or {"type": "string", **more},
    }


EMPTY = {"type": "string", "maxLength": 0}  # a form's empty field: the parameter's default


def or_empty(schema: dict) -> dict:
    """A query parameter's values, or empty (as a form sends a field left blank): its default."""
    return {"anyOf": [schema, EMPTY]}


def json_query_parameter(name: str, description: str, schema: dict) -> dict:
    """A required query parameter holding JSON (the scenario of a link): its schema is the JSON's."""
    return {
        "name": name,
        "in": "query",
        "required": True,
        "description": description,
        "content": {"application/json": {"schema": schema}},
    }


DOCUMENT_PARAMETER = path_parameter("document", "A document's slug: treachery-6.0, comprehensive-rules-excerpt.")
NUMBER_PARAMETER = path_parameter(
    "number", "A rule or section number, as printed or in any case: 907.8b, 702.tr02a, 907."
)
RULE_NOT_FOUND = {
    400: ("An `as_of` that is no date (YYYY-MM-DD): `field` names it.", "ProblemDetails"),
    404: ("No such rule or document: the closest numbers.", "ProblemDetails"),
}


def as_of_parameter(description: str) -> dict:
    return query_parameter(
        "as_of",
        f"YYYY-MM-DD: {description}; empty: today. A day that is no date is refused (400).",
        schema=or_empty({"type": "string", "format": "date"}),
    )


def _scenario_examples() -> dict[str, dict]:
    return {example["slug"]: {"body": example["scenario"]} for example in worked_examples()}


def entry_endpoint(
    kind: Kind,
    summary: str,
    key: dict,
    request: dict,
) -> Endpoint:
    """An entry's page JSON (FAQ, glossary, mechanic), as rulebook/queries/entries.py declares it."""
    return Endpoint(
        path=f"/{kind.path}/{{document}}/{{{key['name']}}}.json",
        summary=summary,
        description=f"The JSON twin of the {kind.label}'s page; `{key['name']}` and the document's slug name it in "
        "the URL (a slug of the entry's own text, never a row id, so it survives rebuilds).",
        parameters=(DOCUMENT_PARAMETER, key),
        answer=ENTRY_ANSWERS[kind.name],
        example=ENTRY_EXAMPLES[kind.name],
        requests={"an example": request},
        errors={404: ("Nothing by that name in that document: the closest ones.", "ProblemDetails")},
    )


# What the API says of each kind of entry with pages of its own (rulebook/kinds.py), beyond its
# declared answer and example: the parameter naming it and an example request.
ENTRY_API: dict[str, dict] = {
    "faq": dict(
        summary="An FAQ entry: its question and answer",
        key=path_parameter("question", "The question's slug: can-platinum-angel-protect-my-team."),
        request={"document": "treachery-6.0", "question": "can-platinum-angel-protect-my-team"},
    ),
    "glossary": dict(
        summary="A glossary entry: its term and text",
        key=path_parameter("term", "The term's slug: reminder-104.3g."),
        request={"document": "treachery-6.0", "term": "reminder-104.3g"},
    ),
    "mechanic": dict(
        summary="A release-notes mechanic with its example cards and rulings",
        key=path_parameter("slug", "The mechanic's slug: new-keyword-action-manifest-dread."),
        request={"document": "duskmourn-release-notes", "slug": "new-keyword-action-manifest-dread"},
    ),
}
_UNDESCRIBED = [kind.name for kind in ENTRY_KINDS.values() if kind.name not in ENTRY_API]
if _UNDESCRIBED:
    raise RuntimeError(f"rulebook/web/openapi.py: ENTRY_API has no parameter for the kind {_UNDESCRIBED[0]!r}.")


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        path="/search.json",
        summary="Search rules, cards, card notes, FAQ, glossary and mechanics",
        description="One search over every kind, best first. Misspellings are corrected (`corrected_query`); a "
        "rule number or an exact card name sets `redirect` to its page. Never fails: an empty or odd query gets no "
        "results and a `message`.",
        parameters=(
            query_parameter("q", "What a judge would type: words, a question, a rule number, a card name."),
            query_parameter(
                "kind",
                "Only results of this kind; empty: every kind. Another word is refused (400).",
                schema=or_empty({"type": "string", "enum": SEARCH_KINDS}),
            ),
            query_parameter("document", "Only results from this document (its slug)."),
            as_of_parameter("search, per family, the edition in force that day"),
            query_parameter(
                "offset",
                f"How many results to skip (paging): 0 by default, at most {MAX_OFFSET}; more is refused (400).",
                schema=or_empty({"type": "integer", "minimum": 0, "maximum": MAX_OFFSET}),
            ),
            query_parameter(
                "limit",
                f"How many results a page holds: 20 by default, at most {MAX_LIMIT}; more is refused (400).",
                schema=or_empty({"type": "integer", "minimum": 0, "maximum": MAX_LIMIT}),
            ),
            query_parameter("as_typed", "1: search the words as typed, without spelling corrections."),
        ),
        answer=SearchAnswer,
        example=SEARCH_EXAMPLE,
        requests={
            "misspelled": {"q": "assasin win"},
            "as of a date": {"q": "deathtouch", "as_of": "2026-06-01"},
            "the second page": {"q": "creature", "offset": "20", "limit": "20"},
            "a card's notes": {"q": "puppet master concede", "kind": "card_note", "document": "treachery-6.0"},
            "a rule number": {"q": "CR 508.6"},
            "every kind": {"q": "unveil undercover deathtouch manifest dread"},
            "one clear answer": {"q": "hidden teams"},
        },
        errors={
            400: (
                "A parameter it can't take (a limit over 200, a date not YYYY-MM-DD): `field` names it.",
                "ProblemDetails",
            )
        },
    ),
    Endpoint(
        path="/rules/{number}.json",
        summary="A rule or section in the newest Treachery rules that have it, else the comprehensive rules",
        description="The same answer as `/rules/{document}/{number}.json`, in the preferred document; "
        "`candidates` lists the other documents that have the number.",
        parameters=(
            NUMBER_PARAMETER,
            as_of_parameter("the rule in the edition in force that day, with `as_of` saying which edition that is"),
        ),
        answer=RulePageAnswer,
        example=RULE_EXAMPLE,
        requests={
            "a rule": {"number": "907.8b"},
            "a rule with a note and citations": {"number": "702.TR02a"},
            "in several documents": {"number": "205.3"},
            "a section": {"number": "907"},
            "as it stood on a day": {"number": "205.3", "as_of": "2024-01-01"},
            "subrules with notes": {"number": "907.5"},
            "renumbered, its words changed": {"number": "372.2"},
            "cited by a card's note": {"number": "108.5"},
        },
        errors=RULE_NOT_FOUND,
    ),
    Endpoint(
        path="/rules/{document}/{number}.json",
        summary="A rule with its notes, subrules, neighbours and citations; or a whole section",
        description="A section number (907) gives the section with its rules. A missing subrule "
        "(comprehensive-rules-excerpt 104.2a) gives the rule it belongs to with a `notice`.",
        parameters=(
            DOCUMENT_PARAMETER,
            NUMBER_PARAMETER,
            as_of_parameter("the day `upcoming` is told from (the next edition, published but not in force then)"),
        ),
        answer=RulePageAnswer,
        example=RULE_EXAMPLE,
        requests={
            "a rule cited by the FAQ": {"document": "treachery-6.0", "number": "907.8b"},
            "a rule with a note and citations": {"document": "treachery-6.0", "number": "702.TR02a"},
            "a rule with subrules": {"document": "treachery-6.0", "number": "907.8"},
            "subrules with notes": {"document": "treachery-6.0", "number": "907.5"},
            "cited by a card's note": {"document": "comprehensive-rules-2026-01-16", "number": "108.5"},
            "a section": {"document": "treachery-6.0", "number": "907"},
            "a subrule the excerpt lacks": {"document": "comprehensive-rules-excerpt", "number": "104.2a"},
            "an old version": {"document": "treachery-1.1", "number": "205.3"},
        },
        errors=RULE_NOT_FOUND,
    ),
    Endpoint(
        path="/cards/{name}.json",
        summary="A card with its text, notes in order, the rules it cites and the cards that name it",
        description="Names are URL-encoded (`Bottomless%20Pool%20%2F%2F%20Locker%20Room`); one half of a split "
        "or Room card finds the card. A name in several documents gives the newest; `others` lists the rest.",
        parameters=(
            path_parameter("name", "The card's name, in any case, accents optional."),
            query_parameter("document", "Pick the card of this document (its slug)."),
        ),
        answer=CardAnswer,
        example=CARD_EXAMPLE,
        requests={
            "a set card named by others": {"name": "Jump Scare"},
            "an identity card citing rules": {"name": "The Metamorph"},
            "a Room that names cards": {"name": "Bottomless Pool // Locker Room"},
            "a card in two documents": {"name": "The Puppet Master", "document": "treachery-1.1-forum-post"},
            "notes under headings": {"name": "The Oracle"},
        },
        errors={404: ("No such card: the closest names.", "ProblemDetails")},
    ),
    *(entry_endpoint(kind, **ENTRY_API[kind.name]) for kind in ENTRY_KINDS.values()),
    Endpoint(
        path="/compare/{old}/{new}.json",
        summary="What changed between two editions of one family",
        description="Every added, removed, changed and renumbered rule, in rule order.",
        parameters=(
            path_parameter("old", "The older edition's slug: treachery-1.1."),
            path_parameter("new", "The newer edition's slug: treachery-6.0."),
        ),
        answer=CompareAnswer,
        example=COMPARE_EXAMPLE,
        requests={"Treachery 1.1 to 6.0": {"old": "treachery-1.1", "new": "treachery-6.0"}},
        errors={
            400: ("The same edition twice: the editions it can be compared with.", "ProblemDetails"),
            404: ("An unknown slug, or two documents of different families: the valid slugs.", "ProblemDetails"),
        },
    ),
    Endpoint(
        path="/-/check",
        method="post",
        summary="Answer a scenario question from the rules, citing every rule used",
        description="Send the scenario as JSON. A scenario the checker can't read is refused with the field at "
        "fault (400); a body over 64 KB gets 413.",
        body=ref("Scenario"),
        answer=CheckAnswer,
        example=CHECK_EXAMPLE,
        requests=_scenario_examples(),
        errors={
            400: (
                "The scenario can't be read (not JSON, or a field of the wrong shape): the field at fault.",
                "ProblemDetails",
            ),
            413: ("The body is over 64 KB.", "ProblemDetails"),
            503: ("The served database has no rules for the checker to answer from: what it lacks.", "ProblemDetails"),
            422: (
                "A well-formed scenario that is no game the rules could deal (a name not among the players, two "
                "Leaders, three players): the field at fault.",
                "ProblemDetails",
            ),
        },
    ),
    Endpoint(
        path="/check.json",
        summary="The same answer as POST /-/check, for a scenario in the address (a shareable link)",
        description="Exactly what `POST /-/check` returns for the same scenario.",
        parameters=(
            json_query_parameter(
                "scenario",
                "The scenario as JSON, URL-encoded (the Scenario schema); or the compact form the /check page's "
                "links use (docs/checker.md: Shareable answers).",
                ref("Scenario"),
            ),
        ),
        answer=CheckAnswer,
        example=CHECK_EXAMPLE,
        requests={slug: {"scenario": request["body"]} for slug, request in _scenario_examples().items()},
        errors={
            400: (
                "The scenario can't be read (not JSON, or a field of the wrong shape): the field at fault.",
                "ProblemDetails",
            ),
            413: ("The scenario is over 64 KB of JSON.", "ProblemDetails"),
            422: ("A well-formed scenario that is no game the rules could deal: the field at fault.", "ProblemDetails"),
            503: ("The served database has no rules for the checker to answer from: what it lacks.", "ProblemDetails"),
        },
    ),
    Endpoint(
        path=OPENAPI_PATH,
        summary="This document: the API's contract in OpenAPI 3.1",
        description="Read it with any OpenAPI tool; the page at /api shows the same.",
        answer={
            "type": "object",
            "description": "An OpenAPI 3.1 document.",
            "properties": {
                "openapi": {"type": "string", "description": "The OpenAPI version."},
                "info": {"type": "object", "description": "The API's title, summary and rulebook's version."},
                "paths": {"type": "object", "description": "Every endpoint."},
                "components": {"type": "object", "description": "The shared schemas."},
            },
            "required": ["openapi", "info", "paths", "components"],
        },
        example={"openapi": "3.1.0", "info": {"title": "rulebook", "version": "0.1.0"}, "paths": {}, "components": {}},
        requests={"the document": {}},
    ),
)


def request_url(endpoint: Endpoint, values: dict) -> str:
    """The address of an example request: path parameters filled in, the others as a query string."""
    path = endpoint.path
    query = {}
    for name, value in values.items():
        if f"{{{name}}}" in path:
            path = path.replace(f"{{{name}}}", quote(str(value), safe=""))
        elif name != "body":
            query[name] = (
                json.dumps(value, separators=(",", ":"), ensure_ascii=False) if isinstance(value, dict) else value
            )
    return path + ("?" + urlencode(query, quote_via=quote) if query else "")


def _with_examples(parameter: dict, requests: dict[str, dict]) -> dict:
    """A parameter with the values the named example requests give it (a JSON parameter's in its
    media type, as OpenAPI wants them)."""
    examples = {
        name: {"value": values[parameter["name"]]} for name, values in requests.items() if parameter["name"] in values
    }
    if "content" in parameter:
        return {
            **parameter,
            "content": {kind: {**media, "examples": examples} for kind, media in parameter["content"].items()},
        }
    return {**parameter, "examples": examples}


def _operation(endpoint: Endpoint) -> dict:
    operation: dict = {
        "summary": endpoint.summary,
        "description": endpoint.description,
        "operationId": endpoint.method + "".join(word.title() for word in re.findall(r"[a-z]+", endpoint.path)),
    }
    if endpoint.parameters:
        operation["parameters"] = [_with_examples(parameter, endpoint.requests) for parameter in endpoint.parameters]
    if endpoint.body:
        operation["requestBody"] = {
            "required": True,
            "content": {
                "application/json": {
                    "schema": endpoint.body,
                    "examples": {name: {"value": values["body"]} for name, values in endpoint.requests.items()},
                }
            },
        }
    responses = {
        "200": {
            "description": endpoint.summary,
            "content": {"application/json": {"schema": endpoint.response, "example": endpoint.example}},
        },
        **{
            str(status): {
                "description": description,
                "content": {PROBLEM_JSON: {"schema": ref(schema)}},
            }
            for status, (description, schema) in endpoint.errors.items()
        },
    }
    if endpoint.method == "get":
        responses["304"] = {"description": "Not modified: the If-None-Match ETag is the current build's."}
    operation["responses"] = responses
    return operation


@lru_cache(maxsize=1)
def openapi_document() -> dict:
    """The whole OpenAPI 3.1 document (the same for every server: it depends on no database)."""
    from importlib.metadata import version

    paths: dict[str, dict] = {}
    for endpoint in ENDPOINTS:
        paths.setdefault(endpoint.path, {})[endpoint.method] = _operation(endpoint)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "rulebook",
            "version": version("rulebook"),
            "summary": "Rules lookup and card notes for Magic: The Gathering judges, centred on Treachery.",
            "description": "Every page of the site has a JSON twin. Answers are JSON; every error is RFC 9457 "
            "problem details (application/problem+json: type, title, status, detail, and field or suggestions "
            "where they apply: the ProblemDetails schema); a method an address doesn't answer is a 405 with "
            "Allow. Every JSON answer allows "
            "CORS from any origin; GET answers carry a Cache-Control max-age and an ETag that changes with each "
            "build: send it back in If-None-Match to get a 304.",
        },
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }
