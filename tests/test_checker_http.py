"""POST /-/check, GET /check.json and the /check page, through Datasette's in-process client
on the site as `rulebook serve` makes it (the page uses the shared layout and renderer)."""

from __future__ import annotations

import html
import inspect
import json
import re
import socket

import pytest
from markupsafe import escape

from rulebook.db.build import build_database, bundled_source
from rulebook.queries.checker.examples import worked_examples
from rulebook.queries.checker.scenario import Event, Options, Player, Question, parse_scenario
from rulebook.web.checker.form import kinds, rows_from_scenario, scenario_from_rows
from tests.server import in_process, served

FIVE_PLAYERS = [
    {"name": "Ana", "identity": "Leader"},
    {"name": "Ben", "identity": "Guardian", "unveil_cost": "{2}{W}", "undercover": True},
    {"name": "Cleo", "identity": "Assassin", "unveil_cost": "{1}{B}{B}"},
    {"name": "Dev", "identity": "Assassin", "unveil_cost": "{3}{R}"},
    {"name": "Eli", "identity": "Traitor", "unveil_cost": "{4}"},
]
LEADER_LOSES = {"players": FIVE_PLAYERS, "events": [{"type": "lose", "player": "Ana"}], "question": {"type": "outcome"}}


async def post_json(site, body: str | bytes):
    return await site.client.post("/-/check", content=body, headers={"content-type": "application/json"})


async def test_a_scenario_posted_as_json_gets_the_json_answer(site):
    response = await post_json(site, json.dumps(LEADER_LOSES))
    assert response.status_code == 200
    result = response.json()
    assert result["answer"]["winners"] == ["Cleo", "Dev"]
    rule = next(rule for rule in result["rules"] if rule["number"] == "907.8c")
    assert rule == {**rule, "document": "treachery-6.0", "url": "/rules/treachery-6.0/907.8c"}
    assert rule["text"].startswith("The assassins team wins the game if all players controlling a Leader identity")


async def test_a_bad_scenario_gets_a_400_naming_the_field(site):
    players = [dict(FIVE_PLAYERS[0]), dict(FIVE_PLAYERS[1], identity="Wizard"), *FIVE_PLAYERS[2:]]
    response = await post_json(site, json.dumps({**LEADER_LOSES, "players": players}))
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json() == {
        "type": "/api#problem-malformed-scenario",
        "title": "The scenario can't be read",
        "status": 400,
        "detail": 'players[1].identity: "Wizard" is not an identity; use Leader, Guardian, Assassin or Traitor',
        "field": "players[1].identity",
    }


async def test_json_that_is_not_an_object_gets_a_400(site):
    response = await post_json(site, "[1, 2, 3]")
    assert response.status_code == 400
    assert "field" not in response.json()  # the whole body
    assert "a scenario is a JSON object" in response.json()["detail"]


async def test_a_body_over_64_kb_is_refused(site):
    response = await post_json(site, json.dumps({**LEADER_LOSES, "padding": "x" * 70_000}))
    assert response.status_code == 413
    assert "larger than 64 KB" in response.json()["detail"]
    assert response.json()["title"] == "Request Entity Too Large" and response.json()["type"] == "about:blank"


async def test_check_only_takes_posts(site):
    response = await site.client.get("/-/check")
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"
    assert response.json()["detail"] == "/-/check answers POST, not GET."


async def test_the_form_lists_every_worked_example(site):
    response = await site.client.get("/check")
    assert response.status_code == 200
    for example in worked_examples():
        assert f'<option value="{example["slug"]}"' in response.text
    assert '<textarea name="scenario"' in response.text
    assert 'action="/check" method="post"' in response.text
    assert '<form class="site-search" action="/search"' in response.text  # the site's shared layout
    assert '<script src="/rulebook-static/check.js" defer></script>' in response.text
    assert "<script>" not in response.text.split("</head>")[1].split("<footer")[0]
    assert "<summary>Field reference</summary>" in response.text


async def test_the_form_is_drawn_from_the_scenarios_declaration(site):
    """Every field the scenario declares is in the form, under its title, with its values' words,
    its help and its default; the field reference is the declaration's descriptions."""
    page = (await site.client.get("/check", params={"example": "blank"})).text
    form, reference = page.split('<form action="/check" method="post"')[1].split('<details class="reference">')
    for name, info in Player.model_fields.items():
        assert f'name="players.0.{name}"' in form
        assert f"<b>{escape(info.title)}</b>: {escape(info.description)}" in reference
    assert '<span>Role</span>\n<select name="players.0.identity">\n  <option value="">(role)</option>' in form
    assert (
        '<option value="in" selected>still in the game</option><option value="lost">has lost the game</option>' in form
    )
    assert str(escape(Player.model_fields["status"].description)) in form  # the help beside the status
    for kind, model in kinds(Event).items():
        assert f'<option value="{kind}">{escape(model.shown)}</option>' in form
        assert f"<b>{kind}</b>: {escape(inspect.cleandoc(model.__doc__))}" in reference
    for kind, model in kinds(Question).items():
        selected = " selected" if kind == "outcome" else ""  # the default question
        assert f'<option value="{kind}"{selected}>{escape(model.shown)}</option>' in form
    for option, info in Options.model_fields.items():
        assert f'<input type="checkbox" name="options.{option}"> {escape(info.title)}</label>' in form
    assert '<option value="">(assume yes)</option>' in form  # has_priority left out
    assert 'name="question.players" value="" min="1" max="64"' in form


@pytest.mark.parametrize("example", worked_examples(), ids=lambda example: example["slug"])
def test_every_worked_example_survives_the_form_unchanged(example):
    """The form's rows hold every declared field of a scenario, and give it back as the checker reads it."""
    rows = rows_from_scenario(example["scenario"])
    assert [list(row) for row in rows["players"]] == [list(Player.model_fields)] * len(rows["players"])
    again = scenario_from_rows(rows)
    assert parse_scenario(again).model_dump() == parse_scenario(example["scenario"]).model_dump()


async def test_choosing_an_example_loads_its_scenario(site):
    example = worked_examples()[-1]
    response = await site.client.get(f"/check?example={example['slug']}")
    textarea = re.search(r"<textarea[^>]*>(.*?)</textarea>", response.text, re.S).group(1)
    assert json.loads(html.unescape(textarea)) == example["scenario"]
    assert str(escape(example["description"])) in response.text


async def test_posting_the_form_renders_the_answer_with_rule_links(site):
    # Cleo lost first: she wins with her team all the same (official rule 104.2c).
    scenario = {**LEADER_LOSES, "events": [{"type": "lose", "player": "Cleo"}, *LEADER_LOSES["events"]]}
    response = await site.client.post("/check", data={"scenario": json.dumps(scenario)})
    assert response.status_code == 200
    assert "<dt>winners</dt>" in response.text and "<dd>Cleo, Dev</dd>" in response.text
    assert '<a href="/rules/treachery-6.0/907.8c">907.8c</a>' in response.text
    assert '<a href="/rules/comprehensive-rules-2026-01-16/104.2c">104.2c</a>' in response.text


async def test_an_ambiguous_answer_shows_each_reading(site):
    scenario = {
        "players": [],
        "question": {
            "type": "identity_deck",
            "players": 8,
            "deck": {"Leader": 1, "Traitor": 2, "Assassin": 3, "Guardian": 2},
        },
    }
    response = await site.client.post("/check", data={"scenario": json.dumps(scenario)})
    assert "Open point" in response.text
    assert response.text.count('<div class="reading">') == 2


async def test_the_form_shows_a_bad_scenario_with_its_field(site):
    response = await site.client.post("/check", data={"scenario": '{"players": [], "question": {"type": "party"}}'})
    assert response.status_code == 400
    assert "<code>question.type</code>" in response.text
    assert "is not a question type" in response.text


async def test_everything_the_form_shows_is_escaped(site):
    players = [dict(FIVE_PLAYERS[0], name="<script>alert(1)</script>"), *FIVE_PLAYERS[1:]]
    response = await site.client.post(
        "/check", data={"scenario": json.dumps({**LEADER_LOSES, "players": players, "events": []})}
    )
    assert "<script>alert(1)</script>" not in response.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in response.text


async def test_a_database_missing_the_cited_rules_still_serves_and_the_checker_says_what_is_missing(tmp_path):
    db_path = tmp_path / "rulebook.db"
    build_database(
        db_path, [bundled_source("treachery-rules-1.1.txt"), bundled_source("magic-comprehensive-rules-excerpt.txt")]
    )
    site = await in_process(db_path)
    assert (await site.client.get("/rules/treachery-1.1/205.3")).status_code == 200
    assert (await site.client.get("/search?q=leader")).status_code == 200
    page = await site.client.get("/check")
    assert page.status_code == 503
    assert "The rule checker can't answer from this database." in page.text
    assert "The rule checker cites rules this database doesn&#39;t have: 109.4tr, 116.2tr" in page.text
    response = await post_json(site, json.dumps(LEADER_LOSES))
    assert response.status_code == 503
    assert response.json()["detail"].startswith(
        "The rule checker cites rules this database doesn't have: 109.4tr, 116.2tr"
    )


async def test_a_database_without_the_treachery_rules_still_serves(tmp_path):
    db_path = tmp_path / "rulebook.db"
    build_database(db_path, [bundled_source("magic-comprehensive-rules-excerpt.txt")])
    site = await in_process(db_path)
    assert (await site.client.get("/")).status_code == 200
    page = await site.client.get("/check")
    assert page.status_code == 503
    missing = "this database is missing the Treachery rules. Rebuild it with `rulebook build`"
    assert missing in page.text
    response = await post_json(site, json.dumps(LEADER_LOSES))
    assert response.status_code == 503
    assert missing in response.json()["detail"]


# ----- shareable answers: /check?scenario=, /check.json, the permalink ------------------------------

EIGHT_PLAYERS = {
    "players": [
        *FIVE_PLAYERS,
        {"name": "Fay", "identity": "Guardian", "unveil_cost": "{1}{W}{W}", "undercover": True},
        {"name": "Gus", "identity": "Traitor", "unveil_cost": "{2}{U}{B}"},
        {"name": "Hal", "identity": "Assassin", "unveil_cost": "{X}{R}", "cant_lose": True},
    ],
    "events": [
        {"type": "attack", "player": "Gus", "attacked": ["Ana", "Fay"]},
        {"type": "unveil", "player": "Ben"},
        {"type": "lose", "player": "Cleo"},
        {"type": "exchange_control", "players": ["Dev", "Eli"]},
        {"type": "lose", "player": "Ana"},
    ],
    "question": {"type": "outcome"},
}


def permalink_of(page: str) -> str:
    return html.unescape(re.search(r'<a id="permalink" href="([^"]+)"', page).group(1))


@pytest.mark.parametrize("example", worked_examples(), ids=lambda example: example["slug"])
async def test_the_json_twin_of_a_permalink_is_exactly_the_post_answer(site, example):
    posted = await post_json(site, json.dumps(example["scenario"]))
    page = await site.client.get(f"/check?example={example['slug']}")
    link = permalink_of(page.text)
    twin = await site.client.get(link.replace("/check?", "/check.json?"))
    assert twin.status_code == posted.status_code == 200
    assert twin.json() == posted.json()
    assert twin.json()["verdict"] == example["expected"]["verdict"]


async def test_a_permalink_answers_and_fills_the_form(site):
    posted = (await site.client.post("/check", data={"scenario": json.dumps(EIGHT_PLAYERS)})).text
    link = permalink_of(posted)
    assert len("https://rulebook.example.org" + link) < 2000
    shared = await site.client.get(link)
    assert shared.status_code == 200
    verdict = re.search(r'<p class="verdict" id="verdict">(.*?)</p>', shared.text).group(1)
    # Eli controls Dev's Assassin card after the exchange (907.5b); Cleo lost earlier but wins with her team.
    assert html.unescape(verdict) == (
        "Cleo, Eli and Hal win: the assassins team (907.8c); Cleo lost earlier and wins with the team (104.2c)."
    )
    assert 'name="players.7.name" value="Hal"' in shared.text
    assert '<option value="exchange_control" selected>' in shared.text


async def test_a_scenario_typed_into_the_link_as_json_is_answered(site):
    response = await site.client.get("/check.json", params={"scenario": json.dumps(LEADER_LOSES)})
    assert response.status_code == 200
    assert response.json()["verdict"] == "Cleo and Dev win: the assassins team (907.8c)."


async def test_a_bad_link_gets_a_400_naming_the_field(site):
    response = await site.client.get("/check.json", params={"scenario": "not-a-scenario!"})
    assert response.status_code == 400
    assert response.json()["field"] == "scenario"
    page = await site.client.get("/check", params={"scenario": '{"players": [], "question": {"type": "party"}}'})
    assert page.status_code == 400
    assert "<code>question.type</code>" in page.text


async def test_a_link_that_unpacks_past_64_kb_is_refused(site):
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"{" + b" " * 10_000_000) + packer.flush()
    value = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    response = await site.client.get("/check.json", params={"scenario": value})
    assert response.status_code == 400
    assert response.json()["detail"] == "scenario: unpacks to more than 65,536 bytes (64 KB)"
    assert response.json()["field"] == "scenario"


# ----- the form's own fields -----------------------------------------------------------------------


def form_fields(scenario: dict) -> dict:
    fields = {"from": "form", "question.type": scenario["question"]["type"]}
    for index, player in enumerate(scenario["players"]):
        for key, value in player.items():
            fields[f"players.{index}.{key}"] = "on" if value is True else value
    for index, event in enumerate(scenario["events"]):
        fields[f"events.{index}.type"] = event["type"]
        fields[f"events.{index}.player"] = event["player"]
        fields[f"events.{index}.declared"] = "on"
    return fields


async def test_the_form_fields_are_checked_without_any_json(site):
    response = await site.client.post("/check", data=form_fields(LEADER_LOSES))
    assert response.status_code == 200
    assert '<p class="verdict" id="verdict">Cleo and Dev win: the assassins team (907.8c).</p>' in response.text
    assert response.text.index('id="verdict"') < response.text.index('class="explanation"')


async def test_a_bad_form_field_gets_a_400_and_the_form_keeps_what_was_typed(site):
    fields = {**form_fields(LEADER_LOSES), "players.2.identity": "", "players.2.unveil_cost": "{1}{B}{B}"}
    response = await site.client.post("/check", data=fields)
    assert response.status_code == 400
    assert "<code>players[2].identity</code>" in response.text
    assert 'name="players.2.name" value="Cleo"' in response.text
    assert 'name="players.2.unveil_cost" value="{1}{B}{B}"' in response.text


async def test_the_form_holds_at_most_64_players(site):
    response = await site.client.post("/check", data={"from": "form", "players.64.name": "Too many"})
    assert response.status_code == 400
    assert "<code>players[64]</code>" in response.text


async def test_a_form_post_over_its_limit_is_refused(site):
    response = await site.client.post("/check", data={"scenario": "x" * 200_000})
    assert response.status_code == 413
    assert "larger than 192 KB" in response.text


async def test_the_cited_rule_texts_link_their_rule_numbers(site):
    response = await site.client.post("/check", data={"scenario": json.dumps(LEADER_LOSES)})
    rules = response.text[response.text.index('<ul class="rules">') :]
    # 907.8c's text says "See official rule 104.2c": a link through the site's renderer.
    assert '<a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/104.2c">' in rules


# ----- bounded input over HTTP ---------------------------------------------------------------------


async def test_a_5000_digit_number_gets_a_400_naming_the_field(site):
    body = '{"players": [], "question": {"type": "identity_deck", "players": ' + "9" * 5000 + ', "deck": {}}}'
    response = await post_json(site, body)
    assert response.status_code == 400
    assert response.json()["field"] == "question.players"


async def test_a_lone_surrogate_gets_a_400_naming_the_field(site):
    body = json.dumps(LEADER_LOSES).replace('"Eli"', '"Eli\\udc00"', 1)
    response = await post_json(site, body)
    assert response.status_code == 400
    assert response.json()["field"] == "players[4].name"
    page = await site.client.post("/check", data={"scenario": body})
    assert page.status_code == 400 and "lone surrogate" in page.text


@pytest.fixture(scope="module")
def real_server(built_db_path):
    with served(built_db_path) as base:
        yield base


@pytest.mark.parametrize("path", ["/-/check", "/check"])
@pytest.mark.server
def test_a_streamed_body_is_refused_once_past_the_limit_without_being_read_to_its_end(real_server, path):
    """No Content-Length: the body comes in chunks, and the last chunk is never sent."""
    host, port = real_server.removeprefix("http://").split(":")
    limit = 64 * 1024 if path == "/-/check" else 3 * 64 * 1024
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(
            f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            "Transfer-Encoding: chunked\r\n\r\n".encode()
        )
        chunk = b"x" * 16_384
        for _ in range(limit // len(chunk) + 1):
            connection.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        reply = b""
        while b"KB" not in reply and (received := connection.recv(65_536)):
            reply += received
        reply = reply.decode("utf-8", "replace")
    assert reply.startswith("HTTP/1.1 413")
    assert f"larger than {limit // 1024} KB" in reply


@pytest.mark.parametrize("name", ["check.js", "check.css"])
async def test_the_forms_script_and_styles_are_served_as_static_files(site, name):
    response = await site.client.get(f"/rulebook-static/{name}")
    assert response.status_code == 200
    assert "rule checker" in response.text
