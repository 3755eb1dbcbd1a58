"""The site at the table, round 2, through Datasette's client: what a phone audit and a judge
at a table check on every page (the browser tier measures the rest: tests/test_lighthouse.py,
tests/test_keyboard_and_phone.py)."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from rulebook.web.table_page import accessible_table_page, phone_columns
from rulebook.web.views.home import shown_documents

PAGES = ["/", "/search?q=undercover", "/rules/treachery-6.0/907.8b", "/cards/The%20Oracle", "/check", "/rulebook/rules"]


@pytest.mark.parametrize("path", PAGES)
async def test_every_page_says_its_language_and_what_it_is(site, path):
    html = (await site.client.get(path)).text
    assert '<html lang="en">' in html
    description = re.search(r'<meta name="description" content="([^"]+)">', html).group(1)
    assert "rules" in description
    assert re.search(r'<a class="skip-link" href="#(content|results)">Skip to the (page|results)</a>', html)


async def test_the_home_page_tells_every_document_apart_and_dates_it(site):
    html = (await site.client.get("/")).text
    headings = re.findall(r'<a class="tap" href="/documents/[^"]+">([^<]+)</a>', html)
    assert len(headings) == len(set(headings)) == 7
    assert "Treachery Comprehensive Rules 1.1 (as published)" in headings
    assert "Treachery Comprehensive Rules 1.1 (forum post)" in headings
    facts = re.findall(r'<li class="document[^"]*">\s*<a[^>]+>[^<]+</a>\s*<span class="source">([^<]*)</span>', html)
    assert len(facts) == 7
    for line in facts:
        assert "effective 20" in line or "undated: " in line
        assert not line.strip().endswith("·") and " ·  · " not in line
    assert "treachery-cards · undated: card data, kept current by its site" in facts


def test_documents_of_one_heading_are_told_apart_by_what_their_slug_adds():
    documents = [
        {"slug": slug, "title": "Rules", "version": "2", "effective_date": None, "kind": "rules", "rules": 3,
         "cards": 0, "is_current": True}
        for slug in ("rules-2", "rules-2-scanned-copy")
    ]  # fmt: skip
    assert [doc["heading"] for doc in shown_documents(documents)] == [
        "Rules 2 (as published)",
        "Rules 2 (scanned copy)",
    ]
    assert shown_documents(documents)[0]["facts"] == [
        "rules-2",
        "undated: the document prints no effective date",
        "3 rules",
    ]


async def test_the_answer_box_is_not_repeated_as_result_one(site):
    found = (await site.client.get("/search.json?q=hidden+teams")).json()
    assert found["answer"]["url"] == found["results"][0]["url"]
    html = (await site.client.get("/search?q=hidden+teams")).text
    box, results = (
        html[html.index('<section class="answer') : html.index('<ol class="results"')],
        html[html.index('<ol class="results"') :],
    )
    assert box.count(f'href="{found["answer"]["url"]}"') == 1  # its heading: no "Open …" link repeating it
    assert f'href="{found["answer"]["url"]}"' not in results
    assert '<ol class="results" start="2">' in html
    assert f'href="{found["results"][1]["url"]}"' in results


async def test_search_filters_fold_away_until_opened_unless_one_is_set(site):
    assert '<details class="filters">' in (await site.client.get("/search?q=undercover")).text
    html = (await site.client.get("/search?q=undercover&kind=rule")).text
    assert '<details class="filters" open>' in html and "<summary>Filters: rule</summary>" in html


async def test_datasettes_table_page_names_its_controls_and_folds_its_column_descriptions(site):
    html = (await site.client.get("/rulebook/rules")).text
    for name, label in [
        ("_filter_column", "Column to filter by"),
        ("_filter_op", "How to compare"),
        ("_sort", "Sort by"),
    ]:
        assert re.search(rf'<select name="{name}"[^>]* aria-label="{label}"', html), name
    assert 'name="_filter_value" aria-label="Value to compare with"' in html
    assert "<h3" not in html and '<h2 class="h3">' in html
    assert '<details class="column-descriptions"><summary>What each column holds</summary>' in html
    assert (
        ".rows-and-columns td:not(.col-number):not(.col-title):not(.col-text):not(.type-pk) { display: none; }" in html
    )


def test_a_phone_shows_a_rows_name_and_text_and_leaves_the_rest_one_tap_away():
    assert phone_columns("rules") == ["number", "title", "text"]
    assert phone_columns("faq") == ["question", "answer"]
    assert phone_columns("cards") == ["name", "rules_text"]
    assert phone_columns("no_such_table") == []
    unchanged = "<p>Datasette changed its markup</p>"
    assert accessible_table_page(unchanged) == unchanged


async def test_pages_are_gzipped_for_a_phone_and_each_encoding_has_its_own_etag(site):
    plain = await site.client.get("/rulebook/rules", headers={"Accept-Encoding": "identity"})
    zipped = await site.client.get("/rulebook/rules", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert zipped.text.split("Queries took")[0] == plain.text.split("Queries took")[0]  # the same page, unzipped
    assert len(gzip.compress(plain.content)) < len(plain.content) / 4
    assert zipped.headers["etag"] != plain.headers["etag"]
    assert "Accept-Encoding" in zipped.headers["vary"]


async def test_the_checkers_headline_gives_every_players_outcome_and_each_rule_once_a_step(site):
    html = (await site.client.get("/check?example=01-leader-lost-assassin-never-unveiled")).text
    assert (
        '<p class="outcomes">Ana lost · Ben lost · Cleo lost, and wins with the team · Dev wins · Eli lost</p>' in html
    )
    steps = re.search(r'<ol class="explanation">(.*?)</ol>', html, re.S).group(1)
    first = re.search(r"<li>(.*?)</li>", steps, re.S).group(1)
    assert (
        first.strip()
        == 'Cleo loses the game and so leaves it (<a href="/rules/comprehensive-rules-2026-01-16/104.5">104.5</a>).'
    )
    for step in re.findall(r"<li>(.*?)</li>", steps, re.S):
        text, _, cites = step.partition('<span class="cites">')
        in_text = set(re.findall(r">([0-9]{3}\.[0-9A-Za-z.]+)</a>", text))
        assert in_text and not in_text & set(re.findall(r">([0-9]{3}\.[0-9A-Za-z.]+)</a>", cites)), step


async def test_checker_warnings_speak_a_judges_words_and_the_faq_links_its_page(site):
    scenario = {
        "players": [
            {"name": "Ana", "identity": "Leader"},
            {"name": "Ben", "identity": "Guardian"},
            {"name": "Cleo", "identity": "Assassin", "unveil_cost": "{1}{B}{B}"},
            {"name": "Dev", "identity": "Traitor", "unveil_cost": "{4}"},
        ],
        "events": [],
        "question": {"type": "outcome"},
    }
    html = (await site.client.post("/check", data={"scenario": json.dumps(scenario)})).text
    warning = re.search(r'<p class="warning">(.*?)</p>', html, re.S).group(1)
    assert warning.startswith("Ben&#39;s identity card has no unveil cost, so the checker read it as face up")
    assert "players[" not in html.split("<textarea")[0] and "unveil_cost" not in warning
    page = (await site.client.get("/check?example=05-platinum-angel-on-a-guardian")).text
    assert 'href="/faq/treachery-6.0/can-platinum-angel-protect-my-team"' in page
    assert "/rulebook/faq/" not in page
