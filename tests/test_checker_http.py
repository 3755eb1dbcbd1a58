"""POST /-/check, GET /check.json and the /check page, through Datasette's in-process client
on the site as `rulebook serve` makes it (the page uses the shared layout and renderer)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from datasette.app import Datasette
from markupsafe import escape

from rulebook.db.build import build_database, bundled_source
from rulebook.queries.checker.examples import worked_examples
from rulebook.web.app import make_datasette

FIVE_PLAYERS = [
    {"name": "Ana", "identity": "Leader"},
    {"name": "Ben", "identity": "Guardian", "unveil_cost": "{2}{W}", "undercover": True},
    {"name": "Cleo", "identity": "Assassin", "unveil_cost": "{1}{B}{B}"},
    {"name": "Dev", "identity": "Assassin", "unveil_cost": "{3}{R}"},
    {"name": "Eli", "identity": "Traitor", "unveil_cost": "{4}"},
]
LEADER_LOSES = {"players": FIVE_PLAYERS, "events": [{"type": "lose", "player": "Ana"}], "question": {"type": "outcome"}}


async def started(db_path: Path) -> Datasette:
    datasette = make_datasette(db_path)
    await datasette.invoke_startup()
    return datasette


@pytest.fixture
async def site(built_db_path):
    return await started(built_db_path)


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
    assert response.json() == {
        "error": 'players[1].identity: "Wizard" is not an identity; use Leader, Guardian, Assassin or Traitor',
        "field": "players[1].identity",
    }


async def test_json_that_is_not_an_object_gets_a_400(site):
    response = await post_json(site, "[1, 2, 3]")
    assert response.status_code == 400
    assert response.json()["field"] is None
    assert "a scenario is a JSON object" in response.json()["error"]


async def test_a_body_over_64_kb_is_refused(site):
    response = await post_json(site, json.dumps({**LEADER_LOSES, "padding": "x" * 70_000}))
    assert response.status_code == 413
    assert "larger than 64 KB" in response.json()["error"]


async def test_check_only_takes_posts(site):
    response = await site.client.get("/-/check")
    assert response.status_code == 405
    assert "POST" in response.json()["error"]


async def test_the_form_lists_every_worked_example(site):
    response = await site.client.get("/check")
    assert response.status_code == 200
    for example in worked_examples():
        assert f'<option value="{example["slug"]}"' in response.text
    assert '<textarea name="scenario"' in response.text
    assert 'action="/check" method="post"' in response.text


async def test_choosing_an_example_loads_its_scenario(site):
    example = worked_examples()[-1]
    response = await site.client.get(f"/check?example={example['slug']}")
    textarea = re.search(r"<textarea[^>]*>(.*?)</textarea>", response.text, re.S).group(1)
    assert json.loads(html.unescape(textarea)) == example["scenario"]
    assert str(escape(example["description"])) in response.text


async def test_posting_the_form_renders_the_answer_with_rule_links(site):
    # Cleo lost first: she wins with her team all the same (104.2c, quoted from the Treachery glossary).
    scenario = {**LEADER_LOSES, "events": [{"type": "lose", "player": "Cleo"}, *LEADER_LOSES["events"]]}
    response = await site.client.post("/check", data={"scenario": json.dumps(scenario)})
    assert response.status_code == 200
    assert "<dt>winners</dt>" in response.text and "<dd>Cleo, Dev</dd>" in response.text
    assert '<a href="/rules/treachery-6.0/907.8c">907.8c</a>' in response.text
    assert '<a href="/rules/comprehensive-rules-excerpt/104.2">104.2c</a>' in response.text


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
    site = await started(db_path)
    assert (await site.client.get("/rules/treachery-1.1/205.3")).status_code == 200
    assert (await site.client.get("/search?q=leader")).status_code == 200
    page = await site.client.get("/check")
    assert page.status_code == 503
    assert "The rule checker can&#39;t answer from this database." in page.text
    assert "The rule checker cites rules this database doesn&#39;t have: 109.4tr, 116.2tr" in page.text
    response = await post_json(site, json.dumps(LEADER_LOSES))
    assert response.status_code == 503
    assert response.json()["error"].startswith(
        "The rule checker cites rules this database doesn't have: 109.4tr, 116.2tr"
    )


async def test_a_database_without_the_treachery_rules_still_serves(tmp_path):
    db_path = tmp_path / "rulebook.db"
    build_database(db_path, [bundled_source("magic-comprehensive-rules-excerpt.txt")])
    site = await started(db_path)
    assert (await site.client.get("/")).status_code == 200
    page = await site.client.get("/check")
    assert page.status_code == 503
    missing = "this database is missing the Treachery rules. Rebuild it with `rulebook build`"
    assert missing in page.text
    response = await post_json(site, json.dumps(LEADER_LOSES))
    assert response.status_code == 503
    assert missing in response.json()["error"]
