"""The JSON API's contract: the OpenAPI 3.1 document served at /-/openapi.json, from which the
human-readable /api page is rendered too.

Each endpoint is one small entry of ``ENDPOINTS``: its path, parameters, the schema of its
answer, an example answer and named example requests. Schemas shared by several endpoints are
components. A property a schema lists is a promise: it is in every answer (or, when listed in
``optional``, in the answers it applies to). Fields an answer has beyond those (row ids, for
instance) are not part of the contract. tests/test_api.py validates the document, checks every
example answer against its schema, and asks the running site each example request to check that
every documented field is really there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import quote, urlencode

from pydantic.json_schema import models_json_schema

from rulebook.db.tables import TABLES, mentioning_tables
from rulebook.ingest.records import may_be_missing, record_classes
from rulebook.kinds import ENTRY_KINDS, KINDS_BY_NAME, SEARCHED, Kind
from rulebook.queries.checker.answers import ANSWERS
from rulebook.queries.checker.examples import worked_examples
from rulebook.queries.checker.scenario import Scenario
from rulebook.queries.search import MAX_LIMIT
from rulebook.queries.search.request import MAX_OFFSET
from rulebook.web.errors import PROBLEM_JSON, ProblemDetails

OPENAPI_PATH = "/-/openapi.json"
REF = "#/components/schemas/{model}"
API_PAGE = "/api"
SEARCH_KINDS = list(SEARCHED)  # rulebook/kinds.py


# Schema shorthands: every listed property is required unless named in ``optional``.


def obj(description: str | None = None, optional: tuple[str, ...] = (), nullable: bool = False, **properties) -> dict:
    schema: dict = {"type": ["object", "null"] if nullable else "object"}
    if description:
        schema["description"] = description
    schema["properties"] = properties
    schema["required"] = [name for name in properties if name not in optional]
    return schema


def string(description: str, nullable: bool = False, **more) -> dict:
    return {"type": ["string", "null"] if nullable else "string", "description": description, **more}


def integer(description: str, nullable: bool = False) -> dict:
    return {"type": ["integer", "null"] if nullable else "integer", "description": description}


def boolean(description: str, nullable: bool = False) -> dict:
    return {"type": ["boolean", "null"] if nullable else "boolean", "description": description}


def array(items: dict, description: str, **more) -> dict:
    return {"type": "array", "description": description, "items": items, **more}


def ref(name: str, description: str | None = None) -> dict:
    schema = {"$ref": f"#/components/schemas/{name}"}
    return {**schema, "description": description} if description else schema


def url(description: str = "Its page on this site.", nullable: bool = False) -> dict:
    return string(description, nullable=nullable, format="uri-reference")


# Stored fields: the schema of a row's columns is generated from their declarations.

_MADE_FROM = record_classes()
_TYPES = {str: string, int: integer}


def columns(table: str, *names: str, nullable: tuple[str, ...] = ()) -> dict[str, dict]:
    """The schemas of ``names`` (every column but row ids when none are named), as db/tables.py
    declares them: their type and meaning. A column may be null when the parser's record lets
    its field be None (ingest/records.py), or when named in ``nullable`` (values the build works
    out, like a rule's parent)."""
    declared = TABLES[table].columns
    record = _MADE_FROM.get(table)
    names = names or tuple(name for name in declared if name != "id" and not name.endswith("_id"))
    found = {}
    for name in names:
        kind, meaning = declared[name]
        may_be_null = name in nullable or (record is not None and may_be_missing(record, name))
        description = meaning or f"Its {name.replace('_', ' ')}."
        found[name] = _TYPES[kind](description + (" Null when there is none." if may_be_null else ""), may_be_null)
    return found


# Components: shapes several endpoints share.

LINES = ("line_start", "line_end")
RULE_FIELDS = columns(
    "rules", "number", "parent_number", "is_subrule", "part", "section", "title", "text", *LINES,
    nullable=("parent_number",),
)  # fmt: skip

SCHEMAS: dict[str, dict] = {
    "Document": obj(
        "A source document.",
        **columns(
            "documents", "slug", "title", "kind", "version", "effective_date", "source_file", "family", "is_current"
        ),
    ),
    "Rule": obj("A rule as stored.", **RULE_FIELDS),
    "ListedRule": obj("A rule in a list, with its page.", **RULE_FIELDS, url=url()),
    "RuleLink": obj(
        "A neighbouring or parent rule.",
        nullable=True,
        number=string("The rule or section number."),
        title=string("Its title, or null.", nullable=True),
        url=url(),
    ),
    "Citation": obj(
        "A row that cites this rule.",
        kind=string(
            "What cites it: " + ", ".join(kind.label for kind in KINDS_BY_NAME.values()) + ", or a passage of prose."
        ),
        document=string("Its document's slug."),
        label=string("What to show: a rule number, a card name, an FAQ question."),
        url=url(),
        cited_as=string("The number as the citing text wrote it."),
        resolution=string("How it was resolved: exact, ancestor or section."),
    ),
    "Reference": obj(
        "A rule number the text cites, resolved by the build.",
        cited_as=string("The number as the text wrote it: 104.3g."),
        target=string("Which rules it points at: the citing document or the official rules."),
        resolution=string("exact, ancestor, section or unresolved."),
        document=string("The slug of the document it resolved to, or null.", nullable=True),
        number=string("The rule it resolved to, or null when unresolved.", nullable=True),
        url=url("The rule's page, or null when unresolved.", nullable=True),
    ),
    "OtherVersion": obj(
        "The same number in another document of the same kind.",
        document=string("The other document's slug."),
        version=string("Its version.", nullable=True),
        effective_date=string("Its effective date.", nullable=True),
        number=string("The number there."),
        url=url(),
    ),
    "Candidate": obj(
        "The same number in another document.",
        document=string("The document's slug."),
        number=string("The number there."),
        url=url(),
    ),
    "SearchResult": obj(
        "One search result.",
        kind=string("What it is.", enum=SEARCH_KINDS),
        document=string("Its document's slug: treachery-6.0."),
        version=string("Its document's version, or null.", nullable=True),
        number=string("For rules, the number as printed; otherwise null.", nullable=True),
        rule_title=string(
            "For rules, what the rule is about: its own title or heading, else its parent's, else its "
            "section's (Trample for 702.19b, Two-Headed Giant Variant for 810.1); otherwise null.",
            nullable=True,
        ),
        card=string("For cards and card notes, the card's name; otherwise null.", nullable=True),
        question=string("For FAQ entries, the question; otherwise null.", nullable=True),
        title=string(
            "What to show: 702.19b · Trample (a rule's number and rule_title), The Great Martyr — note 3, "
            "the FAQ question, the term."
        ),
        snippet=string("HTML: the matching passage, escaped, matched words in <mark>…</mark>."),
        url=url("The result's page."),
        score={"type": "number", "description": "Relevance, higher is better; comparable within one answer."},
        earlier_editions=integer("How many earlier editions of the document's family also have this entry."),
    ),
    "Step": obj(
        "One step of the reasoning.",
        text=string("The step in plain English."),
        rules=array(string("A cited rule's label."), "The labels of the rules it used (see `rules`)."),
    ),
}


def declared(*models) -> dict[str, dict]:
    """The JSON Schemas of pydantic declarations (the scenario: queries/checker/scenario.py), each
    model a component, generated from the fields, descriptions, defaults and limits declared there."""
    _, top = models_json_schema([(model, "validation") for model in models], ref_template=REF)
    return top["$defs"]


SCHEMAS.update(declared(Scenario, ProblemDetails, *ANSWERS.values()))


SCHEMAS["CheckAnswer"] = obj(
    "The checker's answer: every step names the rules it used, each cited rule is given once with its text.",
    verdict=string("The answer in the one line a judge would say."),
    question={"type": "object", "description": "The question as it was read.", "required": ["type"]},
    answer={
        "description": "The answer; its fields depend on the question's type (one schema each, from "
        "queries/checker/answers.py). A field the readings disagree on is null.",
        "anyOf": [ref(model.__name__) for model in ANSWERS.values()],
    },
    explanation=array(ref("Step"), "The reasoning, step by step."),
    rules=array(
        obj(
            "A rule the answer cites.",
            optional=("quoted_in", "question"),
            document=string("The slug of its document."),
            number=string("Its number, or null for an FAQ answer.", nullable=True),
            text=string("Its text, from the database."),
            url=url("Its page."),
            label=string("How the steps name it: 907.8c, 702.TR02a (note), FAQ: …"),
            kind=string("What it is.", enum=["rule", "note", "official", "faq"]),
            quoted_in=obj(
                "The Treachery glossary's Reminder entry quoting the official rule; where the loaded official "
                "rules lack the rule, its text is that quotation.",
                document=string("The glossary's document."),
                term=string("The glossary term: Reminder: 104.3g."),
                url=url(),
            ),
            question=string("For an FAQ answer, its question."),
        ),
        "Every cited rule, once.",
    ),
    ambiguous=boolean("true when the rules leave the case open: see conflicts and readings."),
    conflicts=array(
        obj(
            "An open point: the rules on each side and what each says.",
            rules=array(string("A rule's label."), "The rules involved."),
            explanation=string("What is open."),
            sides=array(
                obj(reading=string("One way to read it."), rules=array(string("A rule's label."), "Its rules.")),
                "The readings.",
            ),
        ),
        "Where the rules disagree or are silent.",
    ),
    readings=array(
        obj(
            "The full answer under one reading.",
            assuming=array(string("A reading."), "The readings assumed."),
            answer={
                "description": "The answer under these readings.",
                "anyOf": [ref(model.__name__) for model in ANSWERS.values()],
            },
            explanation=array(ref("Step"), "The steps that follow from them."),
        ),
        "One answer per reading when ambiguous.",
    ),
    warnings=array(
        {
            "type": "object",
            "description": "How the checker read what the rules wouldn't deal (a face-down card with no unveil "
            "cost): player (whom it is about), field (the scenario's field: players[1].unveil_cost), text (how it "
            "was read, and what to give instead) and rules (the labels of the rules it rests on).",
        },
        "How the scenario was read where the rules wouldn't deal it; empty for most scenarios.",
    ),
)


# Endpoints


@dataclass(frozen=True)
class Endpoint:
    """One operation of the API: what it answers, with which parameters, and examples."""

    path: str
    summary: str
    description: str
    response: dict  # the schema of a 200 answer
    example: dict  # a 200 answer (lists cut short), valid against ``response``
    requests: dict[str, dict]  # named example requests: {name: {parameter: value}} (or {"body": ...})
    parameters: tuple[dict, ...] = ()
    method: str = "get"
    body: dict | None = None  # the request body's schema
    errors: dict[int, tuple[str, str]] = field(default_factory=dict)  # status -> (description, schema name)


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
RULE_NOT_FOUND = {404: ("No such rule or document: the closest numbers.", "ProblemDetails")}


def rule_answer(in_one_document: bool) -> dict:
    """A rule page's JSON. Asked in one document, there are no other candidates to list."""
    candidates = (
        {"type": "array", "maxItems": 0, "description": "Always empty here: the document was given."}
        if in_one_document
        else array(ref("Candidate"), "The same number in other documents.")
    )
    schema = obj(
        "A rule (kind rule) or a whole section (kind section) of a document.",
        optional=("rule", "rule_title", "breadcrumb", "paragraphs", "subrules", "cites", "section", "rules"),
        kind=string("rule or section.", enum=["rule", "section"]),
        asked=string("The number as asked."),
        notice=string(
            "Why the answer shows another rule than the one asked (a missing subrule's parent).", nullable=True
        ),
        upcoming={
            "type": ["object", "null"],
            "description": "kind rule: what the next edition of its family, published but not in force yet (on "
            "as_of, else today), does to the rule: effective_date, document, status (changed, renumbered or "
            'removed), number, url and message ("Changes on 2026-01-16: see the new text in ..."); null when '
            "it keeps the rule's words or no such edition is loaded.",
        },
        candidates=candidates,
        document=ref("Document", "The document the rule is in."),
        url=url("The rule's page."),
        rule=ref("Rule", "kind rule: the rule."),
        rule_title=string(
            "kind rule: what the rule is about, its own title or heading, else its parent's, else its section's "
            "(Trample for 702.19b); the page's heading shows it after the number.",
            nullable=True,
        ),
        breadcrumb=array(ref("RuleLink"), "kind rule: its section and parent rules."),
        paragraphs=array(
            obj("A paragraph printed with the rule.", **columns("rule_paragraphs")),
            "kind rule: its notes and examples, in order.",
        ),
        subrules=array(ref("ListedRule"), "kind rule: its subrules, in order."),
        section=obj("kind section: the section.", number=string("907."), title=string("Treachery.", nullable=True)),
        rules=array(ref("ListedRule"), "kind section: its rules, in order."),
        previous=ref("RuleLink", "The rule (or section) before it, or null."),
        next=ref("RuleLink", "The rule (or section) after it, or null."),
        cited_by=array(ref("Citation"), "Rules, notes, FAQ answers and cards that cite it."),
        cites=array(ref("Reference"), "kind rule: the rule numbers its text and notes cite."),
        other_versions=array(ref("OtherVersion"), "The same number in other documents of the same kind."),
    )
    schema["if"] = {"properties": {"kind": {"const": "section"}}}
    schema["then"] = {"required": ["section", "rules"]}
    schema["else"] = {"required": ["rule", "breadcrumb", "paragraphs", "subrules", "cites"]}
    return schema


DOCUMENT_EXAMPLE = {
    "slug": "treachery-6.0",
    "title": "Treachery Comprehensive Rules",
    "kind": "treachery rules",
    "version": "6.0",
    "effective_date": "2026-05-04",
    "source_file": "treachery-rules-6.0.txt",
    "family": "treachery",
    "is_current": 1,
}
RULE_907_8B = {
    "number": "907.8b",
    "parent_number": "907.8",
    "is_subrule": 1,
    "part": "9. Casual Variants",
    "section": "907. Treachery",
    "title": None,
    "text": "The leader team loses the game if all players controlling a Leader identity have lost the game, even if "
    "at least one Guardian identity is still in the game. This overrides all effects that would preclude a player "
    "controlling a Guardian identity from losing the game (such as Platinum Angel).",
    "line_start": 205,
    "line_end": 205,
}


def _rule_example(asked: str) -> dict:
    return {
        "kind": "rule",
        "asked": asked,
        "notice": None,
        "upcoming": None,
        "candidates": [],
        "document": DOCUMENT_EXAMPLE,
        "rule": RULE_907_8B,
        "rule_title": "Treachery",
        "url": "/rules/treachery-6.0/907.8b",
        "breadcrumb": [
            {"number": "907", "title": "Treachery", "url": "/rules/treachery-6.0/907"},
            {"number": "907.8", "title": None, "url": "/rules/treachery-6.0/907.8"},
        ],
        "paragraphs": [],
        "subrules": [],
        "previous": {"number": "907.8a", "title": None, "url": "/rules/treachery-6.0/907.8a"},
        "next": {"number": "907.8c", "title": None, "url": "/rules/treachery-6.0/907.8c"},
        "cited_by": [
            {
                "kind": "FAQ",
                "document": "treachery-6.0",
                "label": "Does the Traitor need to defeat the Guardian?",
                "url": "/rulebook/faq/6",
                "cited_as": "907.8b",
                "resolution": "exact",
            }
        ],
        "cites": [],
        "other_versions": [],
    }


def _scenario_examples() -> dict[str, dict]:
    return {example["slug"]: {"body": example["scenario"]} for example in worked_examples()}


CHECK_EXAMPLE = {
    "verdict": "Cleo and Dev win: the assassins team (907.8c); Cleo lost earlier and wins with the team (104.2c).",
    "question": {"type": "outcome"},
    "answer": {
        "game_over": True,
        "winners": ["Cleo", "Dev"],
        "losers": ["Cleo", "Ana", "Ben", "Eli"],
        "still_in": [],
        "teams": [
            {"team": "leader team", "members": ["Ana", "Ben"], "face_down": []},
            {"team": "assassins team", "members": ["Cleo", "Dev"], "face_down": ["Dev"]},
            {"team": "Traitor team of Eli", "members": ["Eli"], "face_down": ["Eli"]},
        ],
        "winning_team": "assassins team",
        "won_by": ["907.8c"],
        "conditions": [
            {
                "rule": "907.8c",
                "applied": True,
                "why": "Every player controlling a Leader identity lost the game, so the assassins team won.",
            }
        ],
    },
    "explanation": [{"text": "Cleo loses the game and so leaves it (104.5).", "rules": ["104.5"]}],
    "rules": [
        {
            "document": "comprehensive-rules-2026-01-16",
            "number": "104.3g",
            "text": "In a multiplayer game between teams, a team loses the game if all players on that team have lost "
            "the game.",
            "url": "/rules/comprehensive-rules-2026-01-16/104.3g",
            "label": "104.3g",
            "kind": "official",
            "quoted_in": {
                "document": "treachery-6.0",
                "term": "Reminder: 104.3g",
                "url": "/glossary/treachery-6.0/reminder-104.3g",
            },
        }
    ],
    "ambiguous": False,
    "conflicts": [],
    "readings": [],
    "warnings": [],
}

DUSKMOURN_EXAMPLE = {
    **DOCUMENT_EXAMPLE,
    "slug": "duskmourn-release-notes",
    "title": "Duskmourn: House of Horror Release Notes",
    "kind": "release notes",
    "version": None,
    "effective_date": "2024-09-16",
    "source_file": "duskmourn-release-notes.md",
    "family": "duskmourn-release-notes",
}


OTHER_VERSION = obj(
    "The same entry in another document.",
    document=string("That document's slug."),
    version=string("Its version, or null.", nullable=True),
    effective_date=string("Its effective date, or null.", nullable=True),
    label=string("The entry's name there."),
    url=url("Its page there."),
)


# FAQ entries and mechanics are each in one document today, so their lists are described loosely.
OTHER_VERSIONS = {"type": "array", "items": {"type": "object"}, "description": "The same entry in other documents."}


def entry_endpoint(
    kind: Kind,
    summary: str,
    key: dict,
    example: dict,
    request: dict,
    other_versions: dict = OTHER_VERSIONS,
    **more: dict,
) -> Endpoint:
    """An entry's page JSON (FAQ, glossary, mechanic): its document, its stored fields under
    `entry` (generated from its table), its page, and the same entry in other documents."""
    return Endpoint(
        path=f"/{kind.path}/{{document}}/{{{key['name']}}}.json",
        summary=summary,
        description=f"The JSON twin of the {kind.label}'s page; `{key['name']}` and the document's slug name it in "
        "the URL (a slug of the entry's own text, never a row id, so it survives rebuilds).",
        parameters=(DOCUMENT_PARAMETER, key),
        response=obj(
            summary + ".",
            kind={"const": kind.name},
            document=ref("Document", "Its document."),
            entry=obj("The entry as stored.", slug=string("Its slug in URLs."), **columns(kind.table)),
            url=url("Its page."),
            json_url=url("This JSON."),
            other_versions=other_versions,
            **more,
        ),
        example={"kind": kind.name, "document": DOCUMENT_EXAMPLE, "other_versions": [], **example},
        requests={"an example": request},
        errors={404: ("Nothing by that name in that document: the closest ones.", "ProblemDetails")},
    )


# What the API says of each kind of entry with pages of its own (rulebook/kinds.py), beyond its
# stored fields: the parameter naming it, an example answer and request, and its extra fields.
ENTRY_API: dict[str, dict] = {
    "faq": dict(
        summary="An FAQ entry: its question and answer",
        key=path_parameter("question", "The question's slug: can-platinum-angel-protect-my-team."),
        example={
            "url": "/faq/treachery-6.0/can-platinum-angel-protect-my-team",
            "json_url": "/faq/treachery-6.0/can-platinum-angel-protect-my-team.json",
            "entry": {
                "slug": "can-platinum-angel-protect-my-team",
                "position": 3,
                "question": "Can Platinum Angel protect my team?",
                "answer": "Platinum Angel's effects apply on players, not teams. …",
                "line_start": 251,
                "line_end": 257,
            },
        },
        request={"document": "treachery-6.0", "question": "can-platinum-angel-protect-my-team"},
    ),
    "glossary": dict(
        summary="A glossary entry: its term and text",
        key=path_parameter("term", "The term's slug: reminder-104.3g."),
        example={
            "url": "/glossary/treachery-6.0/reminder-104.3g",
            "json_url": "/glossary/treachery-6.0/reminder-104.3g.json",
            "entry": {
                "slug": "reminder-104.3g",
                "position": 3,
                "term": "Reminder: 104.3g",
                "text": "In a multiplayer game between teams, a team loses the game if all players on that team have "
                "lost the game.",
                "quotes_rule": "104.3g",
                "line_start": 233,
                "line_end": 233,
            },
        },
        request={"document": "treachery-6.0", "term": "reminder-104.3g"},
        other_versions=array(OTHER_VERSION, "The same entry in other documents, newest first."),
    ),
    "mechanic": dict(
        summary="A release-notes mechanic with its example cards and rulings",
        key=path_parameter("slug", "The mechanic's slug: new-keyword-action-manifest-dread."),
        example={
            "document": DUSKMOURN_EXAMPLE,
            "url": "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread",
            "json_url": "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread.json",
            "entry": {
                "slug": "new-keyword-action-manifest-dread",
                "position": 3,
                "name": "New Keyword Action: Manifest Dread",
                "body": "On Duskmourn, your worst nightmares come to life. …",
                "line_start": 84,
                "line_end": 86,
            },
            "examples": [{"name": "Innocuous Rat", "mana_cost": "{1}{B}", "url": "/cards/Innocuous%20Rat"}],
            "rulings": [
                {
                    "position": 1,
                    "text": "…",
                    "anchor": "ruling-1",
                    "url": "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread#ruling-1",
                }
            ],
        },
        request={"document": "duskmourn-release-notes", "slug": "new-keyword-action-manifest-dread"},
        examples=array(
            obj(
                "A card the release notes show as an example.",
                name=string("Its name."),
                mana_cost=string("Its mana cost as printed, e.g. {1}{B}, or null.", nullable=True),
                url=url("Its card page, or null when the set's card list lacks it.", nullable=True),
            ),
            "The example cards, in order.",
        ),
        rulings=array(
            obj(
                "One ruling.",
                position=integer("Its number on the page (1 = first)."),
                text=string("The ruling."),
                anchor=string("Its anchor on the page: ruling-3."),
                url=url("The ruling on its page."),
            ),
            "The rulings, in order.",
        ),
    ),
}
_UNDESCRIBED = [kind.name for kind in ENTRY_KINDS.values() if kind.name not in ENTRY_API]
if _UNDESCRIBED:
    raise RuntimeError(f"rulebook/web/openapi.py: ENTRY_API has no example for the kind {_UNDESCRIBED[0]!r}.")


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
            query_parameter(
                "as_of",
                "YYYY-MM-DD: search, per family, the edition in force that day; empty: today's editions. A day "
                "that is no date is refused (400).",
                schema=or_empty({"type": "string", "format": "date"}),
            ),
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
        response=obj(
            "The search answer.",
            query=string("The query as typed."),
            corrected_query=string("The query searched instead, misspellings corrected, or null.", nullable=True),
            message=string("A sentence for the reader, or null.", nullable=True),
            redirect=url("The page to go straight to (a rule number, an exact card name), or null.", nullable=True),
            offset=integer("How many results this page skips."),
            limit=integer("How many results were asked for."),
            total=integer("How many results there are in all."),
            as_of=string("The date asked for, or null.", nullable=True),
            editions=array(
                obj(
                    "The edition of one family that was searched.",
                    family=string("The family: treachery, comprehensive-rules, a set's release notes."),
                    document=string("The edition's slug."),
                    version=string("Its version, or null.", nullable=True),
                    effective_date=string("Its effective date, or null.", nullable=True),
                    edition=integer("Its place in the family (1 = oldest)."),
                    current=string("The slug of the family's current edition."),
                ),
                "With as_of: per family, the edition in force that day; otherwise empty.",
            ),
            answer=obj(
                "When the first result clearly answers (its words match 2.5 times better than any other's): "
                "the whole of it, which the page shows above the list; otherwise null.",
                nullable=True,
                kind=string("Its kind, as in results.", enum=SEARCH_KINDS),
                document=string("Its document's slug."),
                title=string("Its title, as in results."),
                rule_title=string("For a rule, what it is about, as in results; otherwise null.", nullable=True),
                url=url("Its page."),
                text=string("Its whole text: a rule with its notes, a whole ruling, a FAQ answer."),
                subrules=array(
                    obj(number=string("The subrule's number."), text=string("Its text."), url=url("Its page.")),
                    "For a rule, its subrules in order; otherwise empty.",
                ),
            ),
            results=array(ref("SearchResult"), "The results, best first."),
        ),
        example={
            "query": "assasin win",
            "corrected_query": "assassin win",
            "message": 'Showing results for "assassin win".',
            "redirect": None,
            "offset": 0,
            "limit": 20,
            "total": 61,
            "as_of": None,
            "editions": [],
            "answer": None,
            "results": [
                {
                    "kind": "rule",
                    "document": "treachery-6.0",
                    "version": "6.0",
                    "number": "907.8b",
                    "rule_title": "Treachery",
                    "card": None,
                    "question": None,
                    "title": "907.8b · Treachery",
                    "url": "/rules/treachery-6.0/907.8b",
                    "snippet": "…from losing the game (such as <mark>Platinum</mark> <mark>Angel</mark>).",
                    "score": 18.868,
                    "earlier_editions": 0,
                }
            ],
        },
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
        parameters=(NUMBER_PARAMETER,),
        response=rule_answer(in_one_document=False),
        example=_rule_example("907.8b"),
        requests={
            "a rule": {"number": "907.8b"},
            "a rule with a note and citations": {"number": "702.TR02a"},
            "in several documents": {"number": "205.3"},
            "a section": {"number": "907"},
        },
        errors=RULE_NOT_FOUND,
    ),
    Endpoint(
        path="/rules/{document}/{number}.json",
        summary="A rule with its notes, subrules, neighbours and citations; or a whole section",
        description="A section number (907) gives the section with its rules. A missing subrule "
        "(comprehensive-rules-excerpt 104.2a) gives the rule it belongs to with a `notice`.",
        parameters=(DOCUMENT_PARAMETER, NUMBER_PARAMETER),
        response=rule_answer(in_one_document=True),
        example=_rule_example("907.8b"),
        requests={
            "a rule cited by the FAQ": {"document": "treachery-6.0", "number": "907.8b"},
            "a rule with a note and citations": {"document": "treachery-6.0", "number": "702.TR02a"},
            "a rule with subrules": {"document": "treachery-6.0", "number": "907.8"},
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
        response=obj(
            "A card.",
            kind={"const": "card"},
            others=array(
                obj(name=string("Its name."), document=string("Its document."), url=url()),
                "The same card in other documents.",
            ),
            document=ref("Document", "The card's document."),
            card=obj(
                "The card.",
                **columns(
                    "cards",
                    "name",
                    "kind",
                    "role",
                    "section",
                    "mana_cost",
                    "type_line",
                    "power",
                    "toughness",
                    "loyalty",
                    "rules_text",
                    "note_count",
                    *LINES,
                ),
            ),
            url=url("The card's page."),
            json_url=url("This answer."),
            notes=array(obj("A ruling of the card.", **columns("card_notes")), "Its notes, in order."),
            sets=array(
                obj(
                    "One set's (or edition's) notes on the card.",
                    document=string("The document's slug."),
                    set=string("The set (release notes) or edition as judges cite it."),
                    date=string("Its release date, or its effective date.", nullable=True),
                    url=url("The card's page in that document."),
                    notes=array(
                        obj(
                            "A note as this set printed it.",
                            **columns("card_notes", "id", "document_id", "text", "group_heading", "position"),
                            url=url("The note on the card's page of its document."),
                            citation=string("How a judge cites it."),
                            also_in=array(
                                obj(
                                    document=string("Its document."),
                                    set=string("Its set."),
                                    date=string("Its date.", nullable=True),
                                    url=url("The card's page there."),
                                ),
                                "Older sets that printed it word for word.",
                            ),
                            changed_from=obj(
                                "The older set's wording it changes, with the word diff (null when it is new).",
                                nullable=True,
                                document=string("Its document."),
                                set=string("Its set."),
                                date=string("Its date.", nullable=True),
                                url=url("The card's page there."),
                                text=string("The older wording."),
                                diff=array(
                                    obj(
                                        op=string("What the run is.", enum=["equal", "removed", "added"]),
                                        text=string("Its words."),
                                    ),
                                    "Runs of words.",
                                ),
                            ),
                        ),
                        "Its notes no newer set printed again, in order.",
                    ),
                ),
                "Every loaded set's notes on this card, newest set first; a note printed again is shown "
                "once, under the newest set, and a reworded one with its changes.",
            ),
            references=array(ref("Reference"), "Rule numbers its text and notes cite."),
            mentions=array(
                obj(
                    named_as=string("The name as written."),
                    card=string("The card it resolved to, or null.", nullable=True),
                    url=url(nullable=True),
                ),
                "Cards its notes name.",
            ),
            mentioned_by=array(
                obj(
                    "A note, FAQ answer or ruling of something else that names this card.",
                    source_table=string(
                        "The table of the text naming it: "
                        + ", ".join(table.name for table in mentioning_tables())
                        + "."
                    ),
                    document=string("Its document."),
                    owner=string("The card, question or mechanic it belongs to."),
                    owner_url=url("The owner's page."),
                    named_as=string("The name as written."),
                    text=string("The text naming the card."),
                ),
                "Who names this card.",
            ),
            mechanics=array(obj(name=string("The mechanic."), url=url()), "Mechanics it is an example of."),
        ),
        example={
            "kind": "card",
            "others": [],
            "document": DUSKMOURN_EXAMPLE,
            "card": {
                "name": "Jump Scare",
                "kind": "set card",
                "role": None,
                "section": "main set",
                "mana_cost": "{W}",
                "type_line": "Instant",
                "power": None,
                "toughness": None,
                "loyalty": None,
                "rules_text": "Until end of turn, target creature gets +2/+2, gains flying, and becomes a Horror "
                "enchantment creature in addition to its other types.",
                "note_count": 1,
                "line_start": 894,
                "line_end": 894,
            },
            "url": "/cards/Jump%20Scare?document=duskmourn-release-notes",
            "json_url": "/cards/Jump%20Scare.json?document=duskmourn-release-notes",
            "notes": [
                {
                    "position": 1,
                    "group_heading": None,
                    "text": "Jump Scare's versatility makes it an excellent example for card interactions explained "
                    "in many other release notes entries. Boo!",
                    "line_start": 896,
                    "line_end": 896,
                }
            ],
            "sets": [
                {
                    "document": "duskmourn-release-notes",
                    "set": "Duskmourn: House of Horror",
                    "date": "2024-09-16",
                    "url": "/cards/Jump%20Scare?document=duskmourn-release-notes",
                    "notes": [
                        {
                            "id": 243,
                            "document_id": 1,
                            "text": "Jump Scare's versatility makes it an excellent example for card interactions "
                            "explained in many other release notes entries. Boo!",
                            "group_heading": None,
                            "position": 1,
                            "url": "/cards/Jump%20Scare?document=duskmourn-release-notes#note-1",
                            "citation": "Duskmourn: House of Horror Release Notes, Jump Scare, note 1",
                            "also_in": [],
                            "changed_from": None,
                        }
                    ],
                }
            ],
            "references": [],
            "mentions": [],
            "mentioned_by": [
                {
                    "source_table": "card_notes",
                    "document": "duskmourn-release-notes",
                    "owner": "Fear of Falling",
                    "owner_url": "/cards/Fear%20of%20Falling?document=duskmourn-release-notes",
                    "named_as": "Jump Scare",
                    "text": "A creature that loses flying due to the effect of Fear of Falling's last ability can "
                    "still gain flying from the effect of another spell or ability, such as Jump Scare.",
                }
            ],
            "mechanics": [],
        },
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
        response=obj(
            "The changes from `old` to `new`.",
            old=string("The older edition's slug."),
            new=string("The newer edition's slug."),
            added=array(
                obj(number=string("Its number."), text=string("Its text."), url=url("Its page.")),
                "Rules only in the new edition.",
            ),
            removed=array(
                obj(number=string("Its number."), text=string("Its text."), url=url("Its page.")),
                "Rules only in the old edition.",
            ),
            changed=array(
                obj(
                    number=string("Its number."),
                    old_text=string("The old text."),
                    new_text=string("The new text."),
                    url=url("Its page."),
                ),
                "Rules with the same number whose text changed.",
            ),
            renumbered=array(
                obj(
                    **{
                        "from": string("The old number: 314.9."),
                        "to": string("The new number: 372.8."),
                        "url": url("The new rule's page."),
                    }
                ),
                "Rules matched by their text under a new number.",
            ),
        ),
        example={
            "old": "treachery-1.1",
            "new": "treachery-6.0",
            "added": [{"number": "907.8e", "text": "…", "url": "/rules/treachery-6.0/907.8e"}],
            "removed": [{"number": "906.3c", "text": "…", "url": "/rules/treachery-1.1/906.3c"}],
            "changed": [{"number": "205.3", "old_text": "…", "new_text": "…", "url": "/rules/treachery-6.0/205.3"}],
            "renumbered": [{"from": "314.9", "to": "372.8", "url": "/rules/treachery-6.0/372.8"}],
        },
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
        response=ref("CheckAnswer"),
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
        response=ref("CheckAnswer"),
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
        response=obj(
            "An OpenAPI 3.1 document.",
            openapi=string("The OpenAPI version."),
            info=obj(title=string("The API's title."), version=string("rulebook's version.")),
            paths={"type": "object", "description": "Every endpoint."},
            components={"type": "object", "description": "The shared schemas."},
        ),
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


def resolve(schema: dict, document: dict) -> dict:
    """A schema with its $ref followed (one level: components never point at bare references)."""
    reference = schema.get("$ref")
    if not reference:
        return schema
    name = reference.rsplit("/", 1)[1]
    return {**document["components"]["schemas"][name], **{k: v for k, v in schema.items() if k != "$ref"}}


def documented_fields(schema: dict, document: dict, prefix: str = "") -> Iterator[tuple[str, dict, bool]]:
    """Every field a schema documents, depth first, as ("cited_by[].kind", its schema, always
    there): a list's items are written ``[]``; a field's own nested fields follow it."""
    schema = resolve(schema, document)
    required = set(schema.get("required", []))
    for name, child in schema.get("properties", {}).items():
        path = f"{prefix}.{name}" if prefix else name
        child = resolve(child, document)
        yield path, child, name in required
        yield from documented_fields(child, document, path)
        if "items" in child:
            yield from documented_fields(child["items"], document, path + "[]")


def type_label(schema: dict) -> str:
    if "anyOf" in schema:
        return " or ".join(type_label(option) for option in schema["anyOf"])
    if schema.get("maxLength") == 0:
        return "empty"
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[1] + " (JSON)"
    kinds = schema.get("type", "const" if "const" in schema else "any")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    label = " or ".join(kinds)
    if "enum" in schema:
        label += ": " + ", ".join(str(value) for value in schema["enum"])
    if "const" in schema:
        label = json.dumps(schema["const"])
    return label


def api_page_data() -> list[dict]:
    """What the /api page shows, endpoint by endpoint, all read from the OpenAPI document."""
    document = openapi_document()
    endpoints = []
    for endpoint in ENDPOINTS:
        operation = document["paths"][endpoint.path][endpoint.method]
        endpoints.append(
            {
                "method": endpoint.method.upper(),
                "path": endpoint.path,
                "anchor": operation["operationId"],
                "summary": operation["summary"],
                "description": operation["description"],
                "parameters": [
                    {
                        **parameter,
                        "type": type_label(
                            parameter.get("schema") or parameter["content"]["application/json"]["schema"]
                        ),
                    }
                    for parameter in operation.get("parameters", [])
                ],
                "body": resolve(endpoint.body, document).get("description") if endpoint.body else None,
                "requests": [
                    {"name": name, "url": request_url(endpoint, values)} for name, values in endpoint.requests.items()
                ],
                "fields": [
                    {
                        "name": path,
                        "type": type_label(schema),
                        "always": always,
                        "description": schema.get("description"),
                    }
                    for path, schema, always in documented_fields(endpoint.response, document)
                ],
                "example": json.dumps(endpoint.example, indent=2, ensure_ascii=False),
                "errors": [
                    {"status": status, "description": description}
                    for status, (description, _) in sorted(endpoint.errors.items())
                ],
            }
        )
    return endpoints


def declared_fields(name: str) -> list[dict]:
    """The field table of a declared component (the Scenario and its parts), read from its
    generated JSON Schema: every field with its type, its default and what it is, a union's
    members one after another ("events[] (attack)")."""
    schemas = openapi_document()["components"]["schemas"]
    rows: list[dict] = []

    def walk(schema: dict, prefix: str) -> None:
        schema = _followed(schema, schemas)
        for member in schema.get("oneOf", []):
            member = _followed(member, schemas)
            kind = member["properties"]["type"]["const"]
            rows.append(
                {
                    "name": f"{prefix} ({kind})",
                    "type": f'"type": "{kind}"',
                    "default": "",
                    "description": member.get("description", ""),
                }
            )
            walk(member, prefix)
        required = set(schema.get("required", []))
        for key, child in schema.get("properties", {}).items():
            if key == "type" and "const" in child:
                continue
            path = f"{prefix}.{key}" if prefix else key
            target = _followed(child, schemas)
            if "anyOf" in target:  # X or null: its fields are X's
                target = _followed(next(o for o in target["anyOf"] if o.get("type") != "null"), schemas)
            rows.append(
                {
                    "name": path,
                    "type": _declared_type(child, schemas),
                    "default": "required"
                    if field in required
                    else json.dumps(child.get("default", target.get("default"))),
                    "description": child.get("description") or target.get("description", ""),
                }
            )
            items = target.get("items")
            if items:
                walk(items, path + "[]")
            elif "properties" in target or "oneOf" in target:
                walk(target, path)

    walk(schemas[name], "")
    return rows


def _followed(schema: dict, schemas: dict) -> dict:
    while "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _declared_type(schema: dict, schemas: dict) -> str:
    options = schema.get("anyOf", [schema])
    labels = []
    for option in options:
        option = _followed(option, schemas)
        if "enum" in option:
            labels.append(" or ".join(f'"{value}"' for value in option["enum"]))
        elif option.get("type") == "array":
            labels.append("list")
        elif option.get("type") == "object" or "oneOf" in option:
            labels.append("object")
        else:
            labels.append(str(option.get("type", "any")))
    label = " or ".join(labels)
    limits = [
        f"{word} {option[key]}"
        for option in options
        for key, word in (
            ("minimum", "from"),
            ("maximum", "to"),
            ("minItems", "at least"),
            ("maxItems", "at most"),
            ("maxLength", "up to"),
        )
        if key in option
    ]
    return label + (f" ({', '.join(limits)})" if limits else "")
