"""The rule checker's form in a real browser (Debian's chromium driven by Playwright), on a
phone-sized screen, against a real `rulebook serve`: a judge builds a scenario with the form,
checks it, reads the verdict and follows the answer's permalink."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.server import served

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SIX_PLAYERS = [
    ("Ana", "Leader", ""),
    ("Ben", "Guardian", "{2}{W}"),
    ("Cleo", "Assassin", "{1}{B}{B}"),
    ("Dev", "Assassin", "{3}{R}"),
    ("Eli", "Traitor", "{4}"),
    ("Fay", "Guardian", "{1}{W}"),
]


@pytest.fixture(scope="module")
def server(built_db_path):
    with served(built_db_path) as base:
        yield base


@pytest.fixture
def phone(browser, server) -> Page:
    context = browser.new_context(base_url=server, viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], "the checker's script raised errors"


def choose_event(page: Page, index: int, kind: str, player: str) -> None:
    page.select_option(f"[name='events.{index}.type']", kind)
    page.select_option(f"[name='events.{index}.player']", player)


def open_player(page: Page, index: int) -> None:
    """Tap a folded player's line to open its fields (a player is one line until opened)."""
    fold = page.locator("#players details.fold").nth(index)
    if not fold.evaluate("details => details.open"):
        fold.locator("summary").click()


def open_json_pane(page: Page) -> None:
    if not page.evaluate("document.getElementById('json-pane').open"):
        page.click("#json-pane > summary")


def fits_the_screen(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_judge_builds_a_six_player_scenario_checks_it_and_shares_the_answer(phone):
    phone.goto("/check")
    assert fits_the_screen(phone)
    for index, (name, role, cost) in enumerate(SIX_PLAYERS):
        open_player(phone, index)
        phone.fill(f"[name='players.{index}.name']", name)
        phone.select_option(f"[name='players.{index}.identity']", role)
        phone.select_option(f"[name='players.{index}.face']", "")
        phone.fill(f"[name='players.{index}.unveil_cost']", cost)
    phone.check("[name='players.1.undercover']")
    choose_event(phone, 0, "lose", "Cleo")
    choose_event(phone, 1, "lose", "Ana")
    phone.click("button[data-add='events']")
    events = phone.locator("#events fieldset.event")
    choose_event(phone, events.count() - 1, "attack", "Dev")
    phone.select_option(f"[name='events.{events.count() - 1}.attacked']", ["Fay"])
    phone.select_option("[name='question.type']", "outcome")

    scenario = json.loads(phone.input_value("#scenario"))  # the JSON pane follows the form
    assert [player["name"] for player in scenario["players"]] == [name for name, _, _ in SIX_PLAYERS]
    assert scenario["players"][5] == {"name": "Fay", "identity": "Guardian", "unveil_cost": "{1}{W}"}
    assert scenario["events"] == [
        {"type": "lose", "player": "Cleo"},
        {"type": "lose", "player": "Ana"},
        {"type": "attack", "player": "Dev", "attacked": ["Fay"]},
    ]

    phone.click("#check")
    verdict = "Cleo and Dev win: the assassins team (907.8c); Cleo lost earlier and wins with the team (104.2c)."
    expect(phone.locator("#verdict")).to_have_text(verdict)
    expect(phone.locator("ol.explanation")).to_contain_text("Fay is on the leader team, so Fay loses the game too")
    expect(phone.locator("#copy-link")).to_be_visible()
    assert fits_the_screen(phone)

    link = phone.get_attribute("#permalink", "href")
    assert len(link) < 2000
    phone.goto(link)
    expect(phone.locator("#verdict")).to_have_text(verdict)
    expect(phone.locator("[name='players.5.name']")).to_have_value("Fay")
    expect(phone.locator("[name='events.2.attacked'] option[selected]")).to_have_text("Fay")


def test_the_form_follows_json_typed_into_the_pane(phone):
    phone.goto("/check")
    scenario = {
        "players": [{"name": name, "identity": role} for name, role, _ in SIX_PLAYERS[:4]],
        "events": [{"type": "concede", "player": "Dev"}],
        "question": {"type": "relationship", "players": ["Ana", "Ben"]},
    }
    open_json_pane(phone)
    phone.fill("#scenario", json.dumps(scenario))
    expect(phone.locator("#players fieldset.player")).to_have_count(4)
    expect(phone.locator("[name='players.3.name']")).to_have_value("Dev")
    expect(phone.locator("[name='events.0.type']")).to_have_value("concede")
    expect(phone.locator("[name='question.other']")).to_have_value("Ben")
    phone.fill("#scenario", '{"players": [,')
    expect(phone.locator("#json-status")).to_have_text("Not valid JSON yet: the form keeps its last rows.")
    expect(phone.locator("#players fieldset.player")).to_have_count(4)
