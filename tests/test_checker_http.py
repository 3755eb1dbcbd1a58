"""POST /-/check and the /check page, through Datasette's in-process client.

Only the checker plugin is loaded (from a folder holding just that file), so these tests
don't depend on the site's other plugins.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from datasette.app import Datasette
from markupsafe import escape

from rulebook.db.build import build_database, bundled_source
from rulebook.queries.checker import CheckerSetupError
from rulebook.queries.checker.examples import worked_examples

PLUGIN = Path(__file__).resolve().parent.parent / "datasette-plugins" / "checker.py"

FIVE_PLAYERS = [
    {"name": "Ana", "identity": "Leader"},
    {"name": "Ben", "identity": "Guardian", "unveil_cost": "{2}{W}", "undercover": True},
    {"name": "Cleo", "identity": "Assassin", "unveil_cost": "{1}{B}{B}"},
    {"name": "Dev", "identity": "Assassin", "unveil_cost": "{3}{R}"},
    {"name": "Eli", "identity": "Traitor", "unveil_cost": "{4}"},
]
LEADER_LOSES = {"players": FIVE_PLAYERS, "events": [{"type": "lose", "player": "Ana"}], "question": {"type": "outcome"}}


@pytest.fixture(scope="module")
def plugins_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("plugins")
    (folder / "checker.py").symlink_to(PLUGIN)
    return folder


async def started(db_path: Path, plugins_dir: Path) -> Datasette:
    datasette = Datasette([str(db_path)], plugins_dir=str(plugins_dir))
    await datasette.invoke_startup()
    return datasette


@pytest.fixture
async def site(built_db_path, plugins_dir):
    return await started(built_db_path, plugins_dir)


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


async def test_a_database_missing_the_cited_rules_stops_the_server_at_startup(tmp_path, plugins_dir):
    db_path = tmp_path / "rulebook.db"
    build_database(
        db_path, [bundled_source("treachery-rules-1.1.txt"), bundled_source("magic-comprehensive-rules-excerpt.txt")]
    )
    with pytest.raises(
        CheckerSetupError, match="The rule checker cites rules this database doesn.t have: 109.4tr, 116.2tr"
    ):
        await started(db_path, plugins_dir)
