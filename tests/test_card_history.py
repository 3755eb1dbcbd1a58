"""A card reprinted in several sets: its page lists every set's notes, newest set first; a note
printed again is shown once, saying where else it appeared; a note a later set reworded is
shown with its changes; the JSON says the same; search finds each note once."""

from __future__ import annotations

import sqlite_utils

from rulebook.queries.cards import card_page_data
from rulebook.queries.search import search
from rulebook.urls import card_url
from tests.sample_documents import NEW, OLD, ONLY_NEW, ONLY_OLD, SAME
from tests.server import in_process


def test_every_sets_notes_newest_set_first_each_printed_once(reprinted_db_path):
    data = card_page_data(sqlite_utils.Database(reprinted_db_path), "sol ring")
    assert data["document"]["slug"] == "commander-2021-release-notes"  # the newest set's card
    assert [(s["set"], s["date"], [note["text"] for note in s["notes"]]) for s in data["sets"]] == [
        ("Commander 2021", "2021-04-23", [ONLY_NEW, SAME, NEW]),
        ("Commander 2019", "2019-08-23", [ONLY_OLD]),
    ]
    only_new, same, new = data["sets"][0]["notes"]
    assert (only_new["also_in"], only_new["changed_from"]) == ([], None)
    assert [(other["set"], other["url"]) for other in same["also_in"]] == [
        ("Commander 2019", "/cards/Sol%20Ring?document=commander-2019-release-notes")
    ]
    assert (new["changed_from"]["set"], new["changed_from"]["text"]) == ("Commander 2019", OLD)
    assert new["changed_from"]["diff"] == [
        {"op": "equal", "text": "If Sol Ring leaves the battlefield,"},
        {"op": "removed", "text": "you no longer have priority, and"},
        {"op": "equal", "text": "the mana it made stays in your mana"},
        {"op": "removed", "text": "pool."},
        {"op": "added", "text": "pool until the end of the step."},
    ]
    assert new["citation"] == "Commander 2021 Release Notes, Sol Ring, note 3"


async def test_the_card_page_and_its_json_show_the_same(reprinted_db_path):
    site = await in_process(reprinted_db_path)
    html = (await site.client.get(card_url("Sol Ring"))).text
    assert "<h2>Notes in every set</h2>" in html
    assert html.index("Commander 2021</a>") < html.index("Commander 2019</a> <span")
    assert 'Also in <a href="/cards/Sol%20Ring?document=commander-2019-release-notes">Commander 2019</a>' in html
    assert "<del>you no longer have priority, and</del>" in html
    assert html.count("doesn&#39;t use the stack") == 1
    data = (await site.client.get(card_url("Sol Ring", suffix=".json"))).json()
    assert [s["document"] for s in data["sets"]] == ["commander-2021-release-notes", "commander-2019-release-notes"]


def test_search_finds_a_note_printed_in_two_sets_once(reprinted_db_path):
    db = sqlite_utils.Database(reprinted_db_path)
    found = search(db, "mana ability stack responded", kind="card_note")
    texts = [result["snippet"] for result in found["results"]]
    assert len(found["results"]) == 1, texts
    assert found["results"][0]["document"] == "commander-2021-release-notes"
    changed = search(db, "no longer have priority", kind="card_note")
    assert [result["document"] for result in changed["results"][:1]] == ["commander-2019-release-notes"]
