"""The served site: rule, card, search and home pages, their JSON twins, 404s, Datasette's own
pages with linked rule numbers, canned queries, and escaping of hostile text."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import quote, urlencode

import pytest
from click.testing import CliRunner
from datasette.utils import PrefixedUrlString
from markupsafe import escape

from rulebook.db.build import build_database, bundled_source, bundled_sources
from rulebook.urls import card_url, faq_url, mechanic_url
from rulebook.web.metadata import canned_queries
from rulebook.web.rendering import render_symbols, safe_snippet
from tests.sample_documents import HOSTILE_SLUG
from tests.server import in_process


def links(html: str) -> list[str]:
    return [unescape(href) for href in re.findall(r'href="([^"]+)"', html)]


# Home page


async def test_home_lists_documents_and_entry_points(site):
    response = await site.client.get("/")
    assert response.status_code == 200
    html = response.text
    for slug in ("treachery-6.0", "treachery-1.1", "comprehensive-rules-excerpt", "duskmourn-release-notes"):
        assert f'<a class="tap" href="/documents/{slug}">' in html
    assert "2026-05-04" in html  # Treachery 6.0's effective date
    hrefs = links(html)
    assert "/check" in hrefs and "/rulebook" in hrefs and "/compare/treachery-1.1/treachery-6.0" in hrefs
    assert '<form class="site-search" action="/search"' in html
    assert len(html) < 20_000  # the documents, the checker, what changed: no list of every rule


async def test_a_document_has_a_contents_page(site):
    response = await site.client.get("/documents/treachery-6.0")
    assert response.status_code == 200
    html = response.text
    hrefs = links(html)
    assert "/rules/treachery-6.0/907" in hrefs and "/rules/treachery-6.0/907.8" in hrefs
    # A role lists its identity cards (one row per card, not per note).
    assassins = next(href for href in hrefs if href.startswith("/rulebook/cards?") and "role=Assassin" in href)
    listed = re.search(r'role=Assassin">Assassin</a> <span class="source">(\d+) cards', unescape(html))
    rows = (await site.client.get(assassins.replace("?", ".json?") + "&_shape=array&_size=max")).json()
    assert {row["role"] for row in rows} == {"Assassin"} and len(rows) == int(listed.group(1)) == 18
    assert len({row["name"] for row in rows}) == 18
    notes = links((await site.client.get("/documents/duskmourn-release-notes")).text)
    assert any(href.startswith("/rulebook/cards?document_id=") and "section=main+set" in href for href in notes)
    data = (await site.client.get("/documents/comprehensive-rules-2026-01-16.json")).json()
    assert [part["number"] for part in data["parts"]] == [str(number) for number in range(1, 10)]
    assert data["parts"][0]["sections"][0]["rules"][0] == {
        "number": "100.1",
        "title": None,
        "url": "/rules/comprehensive-rules-2026-01-16/100.1",
    }
    missing = await site.client.get("/documents/nope")
    assert missing.status_code == 404 and "/documents/treachery-6.0" in missing.text


async def test_breadcrumbs_and_titles_lead_to_the_document_contents(site):
    html = (await site.client.get("/rules/treachery-6.0/907.8b")).text
    assert '<p class="breadcrumb">\n  <a href="/documents/treachery-6.0">treachery-6.0</a>' in html
    assert 'From <a href="/documents/treachery-6.0">Treachery Comprehensive Rules</a>' in html
    faq = (await site.client.get("/faq/treachery-6.0/can-platinum-angel-protect-my-team")).text
    assert '<p class="breadcrumb"><a href="/documents/treachery-6.0">treachery-6.0</a> › FAQ</p>' in faq


# Rule pages


async def test_rule_page_links_every_rule_number_and_shows_its_place(site):
    response = await site.client.get("/rules/treachery-6.0/907.8a")
    assert response.status_code == 200
    html = response.text
    assert "A team loses the game if all players on that team have lost the game." in html
    # "See official rule 104.3g" points at the official edition in force on 6.0's date.
    assert '<a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/104.3g">104.3g</a>' in html
    hrefs = links(html)
    assert "/rules/treachery-6.0/907" in hrefs and "/rules/treachery-6.0/907.8" in hrefs  # breadcrumb
    assert "/rules/treachery-6.0/907.8b" in hrefs  # next rule
    assert "treachery-rules-6.0.txt, lines 203–203" in html


async def test_a_range_of_rules_cited_links_both_ends(site):
    """702.15e says "see rules 119.9–10": 119.10 is cited too (the judge's phone audit found only
    119.9 linked); "601.2f–h" ends at 601.2h."""
    html = (await site.client.get("/rules/comprehensive-rules-2026-01-16/702.15e")).text
    assert '<a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/119.9">119.9</a>–' in html
    assert '–<a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/119.10">10</a>' in html


async def test_rule_json_has_what_the_page_shows(site):
    response = await site.client.get("/rules/treachery-6.0/907.8b.json")
    assert response.status_code == 200
    data = response.json()
    assert data["kind"] == "rule"
    assert data["rule"]["number"] == "907.8b"
    assert "Platinum Angel" in data["rule"]["text"]
    assert data["document"]["slug"] == "treachery-6.0"
    assert data["document"]["effective_date"] == "2026-05-04"
    assert [step["number"] for step in data["breadcrumb"]] == ["907", "907.8"]
    assert data["previous"]["number"] == "907.8a" and data["next"]["number"] == "907.8c"
    faq = [source for source in data["cited_by"] if source["kind"] == "FAQ"]
    assert faq[0]["label"] == "Does the Traitor need to defeat the Guardian?"


async def test_rule_page_lists_subrules_and_notes(site):
    data = (await site.client.get("/rules/treachery-6.0/702.TR02.json")).json()
    assert data["rule"]["title"] == "Undercover"
    assert [subrule["number"] for subrule in data["subrules"]] == ["702.TR02a"]
    html = (await site.client.get("/rules/treachery-6.0/702.TR02a")).text
    assert "does not clear the Undercover restriction" in html  # the rule's note
    assert '<a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/508.6">508.6</a>' in html


async def test_number_without_document_picks_newest_treachery_and_lists_the_others(site):
    newest = (await site.client.get("/rules/907.8b.json")).json()
    assert newest["document"]["slug"] == "treachery-6.0"
    old = (await site.client.get("/rules/702.TrUnv-3.json")).json()
    assert old["document"]["slug"] == "treachery-1.1"
    # the forum post is a second source of the same edition: its rules are shown once, as 1.1's
    assert old["candidates"] == []
    section = (await site.client.get("/rules/702.json")).json()
    assert section["document"]["slug"] == "treachery-6.0"
    assert "comprehensive-rules-excerpt" in [candidate["document"] for candidate in section["candidates"]]


async def test_lower_case_number_finds_the_printed_rule(site):
    data = (await site.client.get("/rules/treachery-6.0/702.tr02a.json")).json()
    assert data["rule"]["number"] == "702.TR02a"


async def test_same_number_in_other_versions_of_the_document(site):
    data = (await site.client.get("/rules/treachery-1.1/906.3c.json")).json()
    others = {other["document"]: other for other in data["other_versions"]}
    assert list(others) == ["treachery-1.1-forum-post"]
    assert others["treachery-1.1-forum-post"]["text"] != data["rule"]["text"]


async def test_section_number_shows_the_section_with_its_rules(site):
    data = (await site.client.get("/rules/comprehensive-rules-excerpt/806.json")).json()
    assert data["kind"] == "section"
    assert data["rules"] and all(rule["number"].startswith("806.") for rule in data["rules"])
    html = (await site.client.get("/rules/treachery-6.0/907")).text
    assert "<h1>907. Treachery</h1>" in html
    assert "/rules/treachery-6.0/907.8b" in links(html)


async def test_missing_subrule_shows_its_nearest_ancestor_with_a_notice(site):
    response = await site.client.get("/rules/comprehensive-rules-excerpt/104.2a")
    assert response.status_code == 200
    assert (
        "Rule 104.2a is not in comprehensive-rules-excerpt; this is 104.2, the nearest rule above it." in response.text
    )
    data = (await site.client.get("/rules/comprehensive-rules-excerpt/104.2a.json")).json()
    assert data["rule"]["number"] == "104.2"
    assert data["cited_by"] == []  # 6.0 cites the official edition in force on its date, which has 104.2a
    cited = (await site.client.get("/rules/comprehensive-rules-2026-01-16/104.2a.json")).json()
    assert "907.8d" in {source["label"] for source in cited["cited_by"]}


async def test_unknown_rule_is_a_404_that_suggests_close_numbers(site):
    response = await site.client.get("/rules/treachery-6.0/907.99.json")
    assert response.status_code == 404
    data = response.json()
    assert data["detail"] == "There is no rule 907.99 in treachery-6.0. Did you mean one of these?"
    assert "/rules/treachery-6.0/907.9" in [suggestion["url"] for suggestion in data["suggestions"]]
    page = await site.client.get("/rules/treachery-6.0/907.99")
    assert page.status_code == 404
    assert "There is no rule 907.99 in treachery-6.0." in page.text
    assert "/rules/treachery-6.0/907.9" in links(page.text)


async def test_number_missing_from_a_document_points_to_the_one_that_has_it(site):
    data = (await site.client.get("/rules/treachery-1.1/603.json")).json()
    assert data["detail"] == "There is no rule 603 in treachery-1.1. It is in another document."
    assert data["suggestions"][0]["url"] == "/rules/comprehensive-rules-2026-01-16/603"


async def test_unknown_document_and_malformed_paths_are_404s_with_help(site):
    data = (await site.client.get("/rules/treachery-7.0/907.8b.json")).json()
    assert "There is no document called 'treachery-7.0'" in data["detail"]
    assert "/rules/treachery-6.0/907.8b" in [suggestion["url"] for suggestion in data["suggestions"]]
    for path in ("/rules/treachery-6.0/907.8b/extra", "/cards/", "/rules"):
        response = await site.client.get(path)
        assert response.status_code == 404, path
        assert "Rules are at /rules/DOCUMENT/NUMBER" in response.text


# Card pages


async def test_card_page_shows_text_notes_and_who_mentions_it(site):
    response = await site.client.get(card_url("Jump Scare"))
    assert response.status_code == 200
    html = response.text
    assert "target creature gets +2/+2, gains flying" in html
    assert "Instant" in html
    assert "Boo!" in html  # its own note
    # Fear of Falling's note names Jump Scare: it is listed and links back to Fear of Falling.
    assert "/cards/Fear%20of%20Falling?document=duskmourn-release-notes#note-1" in links(html)


async def test_card_notes_keep_their_order_and_group_headings(site):
    data = (await site.client.get(card_url("The Oracle") + ".json")).json()
    assert data["card"]["role"] == "Guardian"
    assert [note["position"] for note in data["notes"]] == list(range(1, len(data["notes"]) + 1))
    html = (await site.client.get(card_url("The Oracle"))).text
    for heading in {note["group_heading"] for note in data["notes"] if note["group_heading"]}:
        assert f"<h3>{escape(heading)}</h3>" in html


async def test_card_names_with_slashes_and_door_names(site):
    full = "Bottomless Pool // Locker Room"
    response = await site.client.get(card_url(full))
    assert response.status_code == 200
    assert "Enchantment — Room" in response.text
    door = (await site.client.get(card_url("Locker Room") + ".json")).json()
    assert door["card"]["name"] == full


async def test_card_in_two_documents_shows_the_newest_and_lists_the_other(site):
    data = (await site.client.get(card_url("The Puppet Master") + ".json")).json()
    assert data["document"]["slug"] == "treachery-6.0"
    assert [other["document"] for other in data["others"]] == ["treachery-1.1-forum-post"]
    old = (await site.client.get(card_url("The Puppet Master") + ".json?document=treachery-1.1-forum-post")).json()
    assert old["document"]["slug"] == "treachery-1.1-forum-post"


async def test_card_mentioned_in_a_ruling_links_to_its_page(site):
    data = (await site.client.get(card_url("Fear of Falling") + ".json")).json()
    assert {
        "named_as": "Jump Scare",
        "card": "Jump Scare",
        "url": "/cards/Jump%20Scare?document=duskmourn-release-notes",
    } in data["mentions"]
    html = (await site.client.get(card_url("Fear of Falling"))).text
    assert '<a class="card-link" href="/cards/Jump%20Scare">Jump Scare</a>' in html


async def test_faq_answer_naming_a_card_is_listed_on_its_page_with_links(site):
    data = (await site.client.get(card_url("The Supplier") + ".json")).json()
    faq = [source for source in data["mentioned_by"] if source["source_table"] == "faq"]
    assert faq[0]["owner"] == "Can I proliferate counters on an Identity card?"
    html = (await site.client.get(card_url("The Supplier"))).text
    assert '<a class="card-link" href="/cards/The%20Bio-Engineer">The Bio-Engineer</a>' in html
    assert faq[0]["owner_url"] in links(html)


async def test_unknown_card_is_a_404_that_suggests_close_names(site):
    response = await site.client.get(card_url("The Gatherng") + ".json")
    assert response.status_code == 404
    data = response.json()
    assert data["detail"] == "There is no card called 'The Gatherng'. Did you mean one of these?"
    assert data["suggestions"][0] == {"label": "The Gathering", "url": "/cards/The%20Gathering"}
    page = await site.client.get(card_url("The Gatherng"))
    assert page.status_code == 404 and "/cards/The%20Gathering" in links(page.text)


# Search


async def test_search_json_is_the_search_functions_answer(site):
    data = (await site.client.get("/search.json?q=undercover")).json()
    assert data["query"] == "undercover" and data["redirect"] is None
    first = data["results"][0]
    assert set(first) >= {
        "kind",
        "document",
        "version",
        "number",
        "card",
        "question",
        "title",
        "snippet",
        "url",
        "score",
    }
    assert any("<mark>" in result["snippet"] for result in data["results"])
    scores = [result["score"] for result in data["results"]]
    assert scores == sorted(scores, reverse=True)
    assert "/rules/treachery-6.0/702.TR02a" in [result["url"] for result in data["results"]]


async def test_search_page_labels_results_by_kind_and_document(site):
    response = await site.client.get("/search?q=undercover")
    assert response.status_code == 200
    html = response.text
    assert '<span class="kind">rule</span>' in html
    assert "<mark>Undercover</mark>" in html
    assert "/rules/treachery-6.0/702.TR02a" in links(html)
    assert '<option value="card_note"' in html and '<option value="treachery-6.0"' in html
    # a slug that says its version is not followed by it again (one line on a phone)
    assert '<span class="source">treachery-6.0' in html and "treachery-6.0 6.0" not in html


async def test_search_filters_by_kind_and_document(site):
    data = (await site.client.get("/search.json?q=face+down&kind=card_note&document=treachery-6.0")).json()
    assert data["results"]
    assert {(result["kind"], result["document"]) for result in data["results"]} == {("card_note", "treachery-6.0")}


@pytest.mark.parametrize(
    "query, target",
    [
        ("907.8b", "/rules/treachery-6.0/907.8b"),
        ("rule 104.3", "/rules/comprehensive-rules-2026-01-16/104.3"),
        ("CR 508.6", "/rules/comprehensive-rules-2026-01-16/508.6"),
        ("702.tr02a", "/rules/treachery-6.0/702.TR02a"),
        ("702.TrUnv-3", "/rules/treachery-1.1/702.TrUnv-3"),
        ("Jump Scare", "/cards/Jump%20Scare"),
    ],
)
async def test_rule_numbers_and_card_names_go_straight_to_their_page(site, query, target):
    response = await site.client.get(f"/search?q={quote(query)}")
    assert response.status_code == 302
    assert response.headers["location"] == target


async def test_a_corrected_search_says_so_once_and_links_to_the_search_as_typed(site):
    html = (await site.client.get("/search?q=platnum+angel")).text
    assert (
        '<p class="notice">Showing results for &#34;platinum angel&#34;. '
        '<a href="/search?q=platnum+angel&amp;as_typed=1">Search for "platnum angel" as typed instead</a>.</p>'
    ) in html
    assert "Did you mean" not in html
    as_typed = (await site.client.get("/search.json?q=platnum+angel&as_typed=1")).json()
    assert as_typed["corrected_query"] is None
    assert as_typed["results"][0]["title"] == "Can Platinum Angel protect my team?"  # "angel" alone finds it


# Datasette's own pages, metadata and canned queries


async def test_datasette_table_search_and_json_keep_working(site):
    rows = (await site.client.get("/rulebook/rules.json?_search=undercover&_shape=array")).json()
    assert rows and all("undercover" in (row["text"] + (row["title"] or "")).lower() for row in rows)
    html = (await site.client.get("/rulebook/rules?_search=undercover")).text
    assert '<a class="rule-link" href="/rules/treachery-6.0/702.TR01c">702.TR01c</a>' in html


async def test_datasette_row_pages_link_mentioned_cards(site):
    note = (
        await site.client.get("/rulebook/card_mentions.json?card_name=Jump+Scare&source_table=card_notes&_shape=array")
    ).json()[0]
    html = (await site.client.get(f"/rulebook/card_notes/{note['source_id']}")).text
    assert '<a class="card-link" href="/cards/Jump%20Scare">Jump Scare</a>' in html


async def test_metadata_labels_facets_and_hidden_search_tables(site):
    database = (await site.client.get("/rulebook.json")).json()
    tables = {table["name"]: table for table in database["tables"]}
    assert tables["rules_fts"]["hidden"] and not tables["rules"]["hidden"]
    cards = (await site.client.get("/rulebook/cards.json?_shape=objects&_labels=on&kind=identity&_size=1")).json()
    assert cards["rows"][0]["document_id"]["label"] in {"treachery-6.0", "treachery-1.1-forum-post"}
    assert "role" in cards["facet_results"]
    html = (await site.client.get("/rulebook/rules")).text
    assert "Every numbered rule and subrule as printed" in html


async def test_every_canned_query_has_a_title_and_description(site):
    names = set(canned_queries())
    assert names == {
        "rules_citing_rule",
        "notes_citing_rule",
        "identity_cards_of_role",
        "rulings_mentioning_card",
        "unresolved_references",
        "rules_changed_between_versions",
    }
    html = (await site.client.get("/rulebook")).text
    assert "Rules citing a rule" in html and "Unresolved references" in html


async def canned(site, name: str, **params) -> list[dict]:
    query = "&".join(f"{key}={quote(value)}" for key, value in params.items())
    response = await site.client.get(f"/rulebook/{name}.json?_shape=array&{query}")
    assert response.status_code == 200, response.text
    return response.json()


async def test_canned_query_backlinks(site):
    rows = await canned(site, "rules_citing_rule", document="comprehensive-rules-2026-01-16", number="104.2c")
    assert ("treachery-6.0", "907.8c", "104.2c") in {
        (row["citing_document"], row["citing_rule"], row["cited_as"]) for row in rows
    }
    notes = await canned(site, "notes_citing_rule", document="treachery-6.0", number="907.8b")
    assert ("faq", "Does the Traitor need to defeat the Guardian?") in [
        (row["kind"], row["belongs_to"]) for row in notes
    ]


async def test_canned_query_identity_cards_and_mentions(site):
    leaders = await canned(site, "identity_cards_of_role", role="leader")
    assert "The Gathering" in {row["card"] for row in leaders}
    guardians = {row["card"] for row in await canned(site, "identity_cards_of_role", role="Guardian")}
    assert "The Oracle" in guardians and "The Gathering" not in guardians
    rulings = await canned(site, "rulings_mentioning_card", card="Jump Scare")
    assert {"Fear of Falling", "Unable to Scream"} <= {row["belongs_to"] for row in rulings}
    faq = await canned(site, "rulings_mentioning_card", card="the supplier")
    assert [(row["kind"], row["belongs_to"]) for row in faq] == [
        ("faq", "Can I proliferate counters on an Identity card?")
    ]


async def test_canned_query_unresolved_and_changed_rules(site):
    # every cited number leads somewhere, but for the official glossary's own slip: its "Map" entry
    # says "see rule 110.10", which the 2026-01-16 edition does not have
    assert [(row["document"], row["cited_as"]) for row in await canned(site, "unresolved_references")] == [
        ("comprehensive-rules-2026-01-16", "110.10")
    ]
    changed = await canned(
        site, "rules_changed_between_versions", document="treachery-1.1", other="treachery-1.1-forum-post"
    )
    assert "906.3c" in [row["number"] for row in changed]
    renumbered = await canned(site, "rules_changed_between_versions", document="treachery-1.1", other="treachery-6.0")
    assert ("314.9", "372.8") in [(row["number"], row["number_in_other"]) for row in renumbered]
    assert ("906.3c", "907.3c") in [(row["number"], row["number_in_other"]) for row in renumbered]
    assert all(
        row["text_in_document"] != row["text_in_other"] or row["title_in_document"] != row["title_in_other"]
        for row in changed
    )


def test_a_canned_query_without_a_title_is_refused(tmp_path):
    (tmp_path / "nameless.sql").write_text("-- description: no title\nselect 1\n")
    with pytest.raises(ValueError, match="nameless.sql needs a '-- title:' comment"):
        canned_queries(tmp_path)


# Escaping


async def test_hostile_rule_text_is_escaped_everywhere(hostile_alone_db_path):
    site = await in_process(hostile_alone_db_path)
    page = (await site.client.get(f"/rules/{HOSTILE_SLUG}/907.1")).text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert" not in page
    # Links still work around the escaped text.
    assert f'<a class="rule-link" href="/rules/{HOSTILE_SLUG}/907.2">907.2</a>' in page
    section = (await site.client.get(f"/rules/{HOSTILE_SLUG}/907")).text
    assert "&lt;img src=x onerror=alert(2)&gt;" in section and "<img src=x" not in section
    table = (await site.client.get("/rulebook/rules?_search=alert")).text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in table and "<script>alert" not in table
    found = (await site.client.get("/search?q=alert")).text
    assert "<script>alert" not in found and "<img src=x" not in found


# The command


@pytest.mark.slow
def test_serve_builds_a_missing_database_then_serves_it(tmp_path, monkeypatch):
    import uvicorn

    from rulebook.cli import cli

    served = {}

    async def serve(server, sockets=None):
        served.update(
            listening=sockets[0].getsockname(),
            host=server.config.host,
            port=server.config.port,
            log_level=server.config.log_level,
        )

    monkeypatch.setattr(uvicorn.Server, "serve", serve)
    db_path = tmp_path / "fresh.db"
    result = CliRunner().invoke(cli, ["serve", "--db", str(db_path), "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert db_path.exists()
    assert "open http://127.0.0.1:8123/" in result.output
    assert served == {"listening": ("127.0.0.1", 8123), "host": "127.0.0.1", "port": 8123, "log_level": "warning"}


# FAQ, glossary and mechanic pages


async def test_faq_page_has_a_stable_address_and_a_json_twin(site):
    url = "/faq/treachery-6.0/can-platinum-angel-protect-my-team"
    assert faq_url("treachery-6.0", "Can Platinum Angel protect my team?") == url
    html = (await site.client.get(url)).text
    assert '<h1 class="question">Can Platinum Angel protect my team?</h1>' in html
    assert "Platinum Angel&#39;s effects apply on players, not teams." in html
    data = (await site.client.get(url + ".json")).json()
    assert data["kind"] == "faq" and data["entry"]["question"] == "Can Platinum Angel protect my team?"
    assert data["url"] == url and data["document"]["slug"] == "treachery-6.0"
    assert "Platinum Angel" in data["entry"]["answer"]


async def test_glossary_reminder_links_the_rule_it_quotes(site):
    html = (await site.client.get("/glossary/treachery-6.0/reminder-104.3g")).text
    assert "<h1>Reminder: 104.3g</h1>" in html
    assert "a team loses the game if all players on that team have lost the game" in html
    assert (
        'Quotes official rule <a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/104.3g">104.3g</a>'
        in html
    )
    data = (await site.client.get("/glossary/treachery-6.0/reminder-104.3g.json")).json()
    assert data["quoted_rule"]["url"] == "/rules/comprehensive-rules-2026-01-16/104.3g"
    assert [other["document"] for other in data["other_versions"]] == ["treachery-1.1", "treachery-1.1-forum-post"]


async def test_a_card_leads_to_the_mechanic_its_text_uses(site):
    # "manifest dread" opens the sorcery Manifest Dread, which has no notes of its own: its page leads
    # to the keyword action's rulings (it was a dead end)
    data = (await site.client.get("/cards/Manifest%20Dread.json")).json()
    assert data["notes"] == []
    assert data["mechanics"] == [
        {
            "name": "New Keyword Action: Manifest Dread",
            "url": "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread",
        }
    ]
    html = (await site.client.get("/cards/Manifest%20Dread")).text
    assert (
        '<h2>Mechanics</h2>\n<ul><li><a href="/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread">'
        in html
    )


async def test_mechanic_page_shows_its_rulings_with_anchors(site, built_db):
    url = mechanic_url("duskmourn-release-notes", "New Keyword Action: Manifest Dread")
    assert url == "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread"
    html = (await site.client.get(url)).text
    rulings = built_db.execute(
        "select count(*) from mechanic_rulings r join mechanics m on m.id = r.mechanic_id where m.name = ?",
        ["New Keyword Action: Manifest Dread"],
    ).fetchone()[0]
    assert rulings == 7
    assert html.count('<li id="ruling-') == rulings and 'id="ruling-3"' in html
    assert "To manifest dread, look at the top two cards of your library." in html
    assert "/cards/Unwanted%20Remake?document=duskmourn-release-notes" in links(html)
    data = (await site.client.get(url + ".json")).json()
    assert data["rulings"][2]["url"] == url + "#ruling-3"
    assert [example["name"] for example in data["examples"]] == ["Innocuous Rat", "Unwanted Remake"]


@pytest.mark.parametrize(
    "path, error, suggestion",
    [
        (
            "/faq/treachery-6.0/platinum-angel",
            "There is no FAQ 'platinum-angel' in treachery-6.0. Did you mean one of these?",
            "/faq/treachery-6.0/can-platinum-angel-protect-my-team",
        ),
        (
            "/glossary/treachery-9.0/team",
            "There is no document called 'treachery-9.0' with a glossary entry page.",
            "/glossary/treachery-6.0/team",
        ),
        (
            "/mechanics/duskmourn-release-notes/room",
            "There is no mechanic 'room' in duskmourn-release-notes. Did you mean one of these?",
            "/mechanics/duskmourn-release-notes/new-enchantment-type-room",
        ),
        (
            "/faq/treachery-6.0",
            "Which FAQ? Its address is /faq/treachery-6.0/NAME.",
            "/faq/treachery-6.0/can-i-counter-an-unveil-ability",
        ),
        ("/glossary", "A glossary entry page is at /glossary/DOCUMENT/NAME.", "/glossary/treachery-6.0/team"),
        ("/mechanics/a/b/c", "A mechanic page is at /mechanics/DOCUMENT/NAME.", None),
    ],
)
async def test_unknown_entries_are_404s_naming_them_with_working_suggestions(site, path, error, suggestion):
    response = await site.client.get(path + ".json")
    assert response.status_code == 404
    data = response.json()
    assert set(data) == {"type", "title", "status", "detail", "suggestions"} and data["detail"].startswith(error)
    urls = [item["url"] for item in data["suggestions"]]
    assert urls and (suggestion is None or suggestion in urls)
    for url in urls:
        assert (await site.client.get(url)).status_code == 200, url
    page = await site.client.get(path)
    assert page.status_code == 404 and escape(error) in page.text and urls[0] in links(page.text)


async def test_links_to_faq_glossary_and_mechanics_point_at_their_pages(site):
    home = links((await site.client.get("/documents/treachery-6.0")).text)
    home += links((await site.client.get("/documents/duskmourn-release-notes")).text)
    assert "/faq/treachery-6.0/does-the-traitor-need-to-defeat-the-guardian" in home
    assert "/glossary/treachery-6.0/teammate" in home
    assert "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread" in home
    rule = (await site.client.get("/rules/treachery-6.0/907.8b.json")).json()
    faq = next(source for source in rule["cited_by"] if source["kind"] == "FAQ")
    assert faq["url"] == "/faq/treachery-6.0/does-the-traitor-need-to-defeat-the-guardian"
    card = (await site.client.get(card_url("Unwanted Remake") + ".json")).json()
    assert card["mechanics"] == [
        {
            "name": "New Keyword Action: Manifest Dread",
            "url": mechanic_url("duskmourn-release-notes", "New Keyword Action: Manifest Dread"),
        }
    ]
    supplier = (await site.client.get(card_url("The Supplier") + ".json")).json()
    faq = next(source for source in supplier["mentioned_by"] if source["source_table"] == "faq")
    assert faq["owner_url"] == "/faq/treachery-6.0/can-i-proliferate-counters-on-an-identity-card"
    faq_table = (await site.client.get("/rulebook/faq")).text
    assert '<a class="page-link" href="/faq/treachery-6.0/can-platinum-angel-protect-my-team">' in faq_table


# Parents, sections and cards


async def test_parent_and_section_pages_show_their_subrules_notes(site):
    parent = (await site.client.get("/rules/treachery-6.0/702.TR02")).text
    assert "Note: Putting a creature onto the battlefield and attacking a Leader player does not clear" in parent
    section = (await site.client.get("/rules/treachery-6.0/907.json")).json()
    noted = {rule["number"]: rule["paragraphs"][0]["text"] for rule in section["rules"] if rule["paragraphs"]}
    assert "each player&#39;s starting life total is 40" not in noted["907.6"]  # JSON holds the text as printed
    assert "each player's starting life total is 40" in noted["907.6"]
    html = (await site.client.get("/rules/treachery-6.0/907")).text
    assert "each player&#39;s starting life total is 40" in html
    assert html.count('<p class="note-text paragraph-') == sum(len(rule["paragraphs"]) for rule in section["rules"])
    # a paragraph that says what it is ("Note: ...", "Example: ...") is not labelled so again; a
    # translation says only its languages, and keeps its label
    assert '<span class="kind">note</span> Note:' not in parent
    assert '<span class="kind">translation</span> FR: &#34;Infiltré,&#34;' in parent
    trample = (await site.client.get("/rules/comprehensive-rules-2026-01-16/702.19b")).text
    assert '<p class="note-text paragraph-example">Example: ' in trample


async def test_card_notes_are_numbered_as_search_titles_them(site):
    html = (await site.client.get(card_url("The Oracle"))).text
    assert '<p class="note-text" id="note-9"><a class="note-number" href="#note-9">note 9</a>' in html
    found = (await site.client.get("/search.json?q=oracle&kind=card_note")).json()["results"]
    numbered = next(result for result in found if result["title"].startswith("The Oracle — note "))
    number = numbered["title"].rsplit(" ", 1)[1]
    assert f'id="note-{number}"' in html and numbered["url"].endswith(f"#note-{number}")


async def test_identity_card_shows_its_printed_text_from_the_card_data(site):
    html = (await site.client.get(card_url("The Oracle"))).text
    assert '<p class="costs">Unveil cost <span class="mana-symbol" role="img" aria-label="two generic mana">' in html
    assert "<p>When The Oracle is unveiled, until end of turn, Leader players have protection from everything" in html
    assert 'Card text: <a href="https://mtgtreachery.net/rules/oracle/?card=the-oracle">treachery-cards</a>' in html
    assert "does not print" not in html
    data = (await site.client.get(card_url("The Oracle", suffix=".json"))).json()
    assert (data["card_text"]["unveil_cost"], data["card_text"]["type_line"]) == ("{2}", "Identity — Guardian")
    assert data["card_text"]["abilities"][:2] == ["Undercover", "Unveil {2}"]
    # its 11 rulings say what its 11 notes say: shown once, as the notes
    assert (data["card_text"]["rulings"], data["card_text"]["repeated_rulings"]) == ([], 11)


async def test_identity_card_without_card_text_says_so(tmp_path):
    build_database(tmp_path / "rulebook.db", [bundled_source("treachery-rules-6.0.txt")])
    site = await in_process(tmp_path / "rulebook.db")
    html = (await site.client.get(card_url("The Oracle"))).text
    assert "Treachery Comprehensive Rules 6.0 does not print this identity card's text: only its notes below." in html


async def test_cards_table_and_canned_queries_link_card_names_to_card_pages(site):
    table = (await site.client.get("/rulebook/cards?kind=identity&role=Guardian")).text
    assert '<a class="page-link" href="/cards/The%20Oracle?document=treachery-6.0">The Oracle</a>' in table
    query = (await site.client.get("/rulebook/identity_cards_of_role?role=Guardian")).text
    assert '<a class="page-link" href="/cards/The%20Oracle?document=treachery-6.0">The Oracle</a>' in query
    rulings = (await site.client.get("/rulebook/rulings_mentioning_card?card=Jump+Scare")).text
    assert '<a class="page-link" href="/cards/Fear%20of%20Falling?document=duskmourn-release-notes">' in rulings


# Every rule number a link


async def test_version_tables_and_search_snippets_link_rule_numbers(site):
    versions = (await site.client.get("/rulebook/versions?_search=907.8")).text
    assert '<a class="rule-link" href="/rules/treachery-6.0/907.8">907.8</a>' in versions
    citing = await site.client.get("/rulebook/rules_citing_rule?document=comprehensive-rules-2026-01-16&number=104.2c")
    assert '<a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/104.2c">104.2c</a>' in citing.text
    assert str(safe_snippet("see rule <mark>undercover</mark> 702.TR02a &amp; more")) == (
        'see rule <mark>undercover</mark> <a class="rule-link" href="/rules/702.TR02a">702.TR02a</a> &amp; more'
    )
    assert str(safe_snippet("CR 508.6", base_url="/prefix/")) == (
        'CR <a class="rule-link" href="/prefix/rules/508.6">508.6</a>'
    )
    assert str(safe_snippet("<script>alert(907.1)</script>")) == (
        '&lt;script&gt;alert(<a class="rule-link" href="/rules/907.1">907.1</a>)&lt;/script&gt;'
    )


async def test_a_results_snippet_links_its_rule_numbers_in_its_own_document(site):
    # the official glossary's Special Action says "See rule 116": the official rules' section, not
    # the Treachery rules' 116 (its 116.2tr alone), which /rules/116 opens first
    found = (await site.client.get("/search.json?q=special+action")).json()
    glossary = next(result for result in found["results"] if result["title"] == "Special Action")
    assert "116" in glossary["snippet"]
    html = (await site.client.get("/search?q=special+action")).text
    assert '<a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/116">116</a>' in html
    assert 'href="/rules/116"' not in html


# Served under a prefix


async def test_a_site_served_under_a_base_url_links_within_it(built_db_path):
    site = await in_process(built_db_path, base_url="/prefix/")
    queue, seen = ["/prefix/"], set()
    for path in [
        "/prefix/rules/treachery-6.0/702.TR02",
        "/prefix/cards/The%20Supplier",
        "/prefix/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread",
        "/prefix/glossary/treachery-6.0/team",
        "/prefix/rulebook/cards?role=Guardian",
    ]:
        queue.append(path)
    while queue and len(seen) < 80:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        response = await site.client.get(PrefixedUrlString(path), follow_redirects=True)
        assert response.status_code == 200, path  # Datasette's doubled prefixes redirect to the right page
        if "html" not in response.headers["content-type"]:
            continue
        hrefs = [href.split("#")[0] for href in links(response.text) if href.startswith("/")]
        outside = [href for href in hrefs if not href.startswith("/prefix/")]
        assert outside == [], f"{path} links outside /prefix/: {outside}"
        queue.extend(href for href in hrefs if href and not href.startswith("/prefix/-/"))
    data = (
        await site.client.get(PrefixedUrlString("/prefix/faq/treachery-6.0/can-platinum-angel-protect-my-team.json"))
    ).json()
    assert data["url"] == "/prefix/faq/treachery-6.0/can-platinum-angel-protect-my-team"
    missing = (await site.client.get(PrefixedUrlString("/prefix/cards/The%20Gatherng.json"))).json()
    assert missing["suggestions"][0]["url"] == "/prefix/cards/The%20Gathering"
    found = (await site.client.get(PrefixedUrlString("/prefix/search.json?q=unveil+ability+counter"))).json()
    assert found["results"][0]["url"] == "/prefix/faq/treachery-6.0/can-i-counter-an-unveil-ability"


# Mana symbols


async def test_mana_costs_and_tap_symbols_are_drawn_with_their_text_kept(site):
    html = (await site.client.get(card_url("Jump Scare"))).text
    assert (
        '<span class="mana-symbol" role="img" aria-label="white mana"><i class="ms ms-cost ms-w" aria-hidden="true">'
        '</i><span class="mana-text">{W}</span></span>'
    ) in html
    assert '<link rel="stylesheet" href="/rulebook-static/mana-symbols/mana-symbols.css">' in html
    for asset in ("mana-font/css/mana.css", "mana-font/fonts/mana.woff2", "mana-font/LICENSE.txt", "symbols.css"):
        assert (await site.client.get(f"/rulebook-static/{asset}")).status_code == 200, asset
    table = (await site.client.get("/rulebook/cards?_search=Jump+Scare")).text
    assert 'aria-label="white mana"' in table


@pytest.mark.parametrize(
    "text, labels, glyphs",
    [
        ("{2}{W}", ["two generic mana", "white mana"], ["ms-2", "ms-w"]),
        ("{T}: Add {C}.", ["tap", "colorless mana"], ["ms-tap", "ms-c"]),
        ("{W/U}", ["white or blue hybrid mana"], ["ms-wu"]),
        ("{2/B}", ["two generic or black hybrid mana"], ["ms-2b"]),
        ("{G/P}", ["Phyrexian green mana"], ["ms-gp"]),
        ("{Z9} <b>", [], []),
    ],
)
def test_symbols_have_glyphs_labels_and_keep_their_braces(text, labels, glyphs):
    html = str(render_symbols(text))
    assert re.findall(r'aria-label="([^"]+)"', html) == labels
    assert re.findall(r'class="ms ms-cost (ms-[a-z0-9]+)"', html) == glyphs
    assert re.sub(r"<[^>]+>", "", html) == str(escape(text))  # the text without tags is what was written


# Canned queries open with examples


async def test_canned_queries_open_with_example_values_that_return_rows(site):
    for name, query in canned_queries().items():
        response = await site.client.get(f"/rulebook/{name}")
        if not query["params"]:
            assert response.status_code == 200 and name == "unresolved_references"
            continue
        assert response.status_code == 302, name
        location = response.headers["location"]
        assert location == f"/rulebook/{name}?" + urlencode(query["example"])
        rows = (await site.client.get(location.replace("?", ".json?", 1) + "&_shape=array")).json()
        assert rows, f"{name} opens with {query['example']} and finds nothing"
    role = (await site.client.get("/rulebook/identity_cards_of_role?role=Guardian")).text
    assert 'value="Guardian"' in role


async def test_canned_queries_list_the_valid_values_of_their_parameters(site, built_db):
    database = (await site.client.get("/rulebook.json")).json()
    descriptions = {query["name"]: query["description"] for query in database["queries"]}
    assert descriptions["identity_cards_of_role"].endswith("Valid values: role: Leader, Guardian, Assassin, Traitor.")
    slugs = ", ".join(row[0] for row in built_db.execute("select slug from documents"))
    assert "treachery-6.0" in slugs
    for slug in slugs.split(", "):
        assert slug in descriptions["rules_citing_rule"] and slug in descriptions["rules_changed_between_versions"]


def test_a_canned_query_with_parameters_needs_an_example(tmp_path):
    (tmp_path / "no_example.sql").write_text("-- title: t\n-- description: d\nselect :role\n")
    with pytest.raises(ValueError, match="no_example.sql needs a '-- example:' comment giving role"):
        canned_queries(tmp_path)


async def test_close_numbers_in_search_messages_are_links(site):
    html = (await site.client.get("/search?q=rule+907.88")).text
    message = re.search(r'<p class="notice">(.*?)</p>', html, re.S).group(1)
    assert message.startswith("There is no rule 907.88. Close numbers: ")
    assert '<a class="rule-link" href="/rules/907.8">907.8</a>' in message
    for url in links(message):
        assert (await site.client.get(url)).status_code == 200, url


@pytest.mark.slow
async def test_hostile_faq_is_escaped_on_its_page_and_its_404(tmp_path):
    source = tmp_path / "hostile-faq.txt"
    source.write_text(
        "Treachery Comprehensive Rules\nVersion 0.8 - Effective 2000-01-01\nEvery player gets an identity card.\n\n"
        "907. Treachery\n907.1. Identity cards are dealt face down.\n\nFREQUENTLY ASKED QUESTIONS (FAQ)\n\n"
        "Q: Is <img src=x onerror=alert(4)> safe?\n\nYes, see rule 907.1 <script>alert(5)</script>.\n",
        encoding="utf-8",
    )
    build_database(tmp_path / "rulebook.db", [*bundled_sources(), source])
    site = await in_process(tmp_path / "rulebook.db")
    url = faq_url("treachery-0.8-hostile-faq", "Is <img src=x onerror=alert(4)> safe?")
    assert url == "/faq/treachery-0.8-hostile-faq/is-img-src-x-onerror-alert-4-safe"
    html = (await site.client.get(url)).text
    assert "Is &lt;img src=x onerror=alert(4)&gt; safe?" in html and "<img src=x" not in html
    assert '<a class="rule-link" href="/rules/treachery-0.8-hostile-faq/907.1">907.1</a> &lt;script&gt;alert(5)' in html
    missing = await site.client.get("/faq/treachery-0.8-hostile-faq/<img src=x onerror=alert(6)>")
    assert missing.status_code == 404 and "<img src=x" not in missing.text
    assert url in links(missing.text)
