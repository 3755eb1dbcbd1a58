"""Editions and history: families, lineage between editions, rule history, compare, as_of,
citations pinned to the official edition in force, and no rule link that leads nowhere.

The small editions here are the miniature official rules of tests/sample_documents.py, edited
the way a new release edits the rules: a rule changed, one removed, one added, two renumbered.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
import pytest_asyncio
import sqlite_utils
from click.testing import CliRunner

from rulebook.cli import cli
from rulebook.db import schema
from rulebook.db.build import build_database, bundled_sources
from rulebook.db.families import assign_editions, edition_warnings
from rulebook.ingest import read_document
from rulebook.ingest.numbers import RuleNumber
from rulebook.queries.compare import compare_editions, rule_lineage
from rulebook.queries.rules import RulePageAnswer
from rulebook.queries.search import search
from tests.sample_documents import FULL_CR
from tests.server import in_process

FIRST, SECOND, THIRD = (
    "comprehensive-rules-2021-06-18",
    "comprehensive-rules-2022-01-01",
    "comprehensive-rules-2022-06-01",
)
POISON = "If a player has ten or more poison counters, that player loses the game."


def second_edition(text: str) -> str:
    """2022-01-01: 119.1 changed (20 -> 30), 101.2a removed, a new 704.5k pushes the legend
    rule to 704.5m and the Aura rule to 704.5n."""
    text = text.replace("effective as of June 18, 2021.", "effective as of January 1, 2022.", 1)
    text = text.replace("starting life total of 20.", "starting life total of 30.")
    text = re.sub(r"\n      101\.2a [^\n]*\n", "\n", text)
    text = text.replace("704.5m If an Aura", "704.5n If an Aura")
    return text.replace("704.5k If a player controls", f"704.5k {POISON}\n\n      704.5m If a player controls")


def third_edition(text: str) -> str:
    """2022-06-01: 100.1b reworded, 704.6 removed."""
    text = second_edition(text).replace("January 1, 2022.", "June 1, 2022.", 1)
    text = text.replace("begins with more than two players.", "starts with three or more players.")
    return re.sub(r"\n   704\.6\. [^\n]*\n   following[^\n]*\n", "\n", text)


TREACHERY_2022 = """\
Treachery Comprehensive Rules
Version 2.0 - Effective 2022-03-01
Every player gets an identity card.

907. Treachery
907.1. Each player starts with the life total of official rule 119.1; see rule 101.2a.
907.2. A player whose identity is revealed stays in the game (see rule 907.1).

FREQUENTLY ASKED QUESTIONS (FAQ)

Q: Is a game of three players a multiplayer game?

Yes, see official rule 100.1b.
"""


@pytest.fixture(scope="module")
def editions_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("editions")
    (folder / "MagicCompRules-20210618.txt").write_text(FULL_CR, encoding="utf-8")
    (folder / "MagicCompRules-20220101.txt").write_text(second_edition(FULL_CR), encoding="utf-8")
    (folder / "MagicCompRules-20220601.txt").write_text(third_edition(FULL_CR), encoding="utf-8")
    return folder


def bundled_but_the_official_edition() -> list[Path]:
    """The bundled documents without the full official rules, so that the miniature editions
    are the newest official rules (the undated excerpt stays, matching none of them)."""
    return [path for path in bundled_sources() if not path.name.startswith("magic-comprehensive-rules-20")]


@pytest.fixture(scope="module")
def editions_db_path(editions_folder, tmp_path_factory) -> Path:
    treachery = tmp_path_factory.mktemp("treachery") / "treachery-rules-2.0.txt"
    treachery.write_text(TREACHERY_2022, encoding="utf-8")
    path = tmp_path_factory.mktemp("built-editions") / "rulebook.db"
    build_database(path, [*bundled_but_the_official_edition(), *sorted(editions_folder.glob("*.txt")), treachery])
    return path


@pytest.fixture(scope="module")
def editions_db(editions_db_path) -> sqlite_utils.Database:
    return sqlite_utils.Database(editions_db_path)


@pytest_asyncio.fixture(scope="module")
async def editions_site(editions_db_path):
    return await in_process(editions_db_path)


def lineage_rows(db, slug: str) -> dict[str, tuple]:
    """{status: [(previous number, number)]} of one edition's lineage rows."""
    rows: dict[str, list] = {}
    for row in db.query(
        "select l.* from lineage l join documents d on d.id = l.document_id where d.slug = ? order by l.id", [slug]
    ):
        if row["status"] != "unchanged":
            rows.setdefault(row["status"], []).append((row["previous_number"], row["number"]))
    return rows


def rule_id(db, slug: str, number: str) -> int:
    return next(
        db.query(
            "select r.id from rules r join documents d on d.id = r.document_id where d.slug = ? and r.number = ?",
            [slug, number],
        )
    )["id"]


# Families and editions


def test_editions_of_one_family_are_ordered_by_effective_date(editions_db):
    rows = [
        (row["slug"], row["family"], row["edition"], row["is_current"])
        for row in editions_db.query("select * from documents where kind = 'comprehensive rules' order by edition")
    ]
    assert rows == [
        ("comprehensive-rules-excerpt", "comprehensive-rules", 0, 0),  # an excerpt of no loaded edition: no place
        (FIRST, "comprehensive-rules", 1, 0),
        (SECOND, "comprehensive-rules", 2, 0),
        (THIRD, "comprehensive-rules", 3, 1),
    ]


def test_an_undated_excerpt_is_filed_with_the_edition_whose_rules_it_prints(tmp_path, editions_folder):
    """The excerpt of the miniature's top-level rules is placed with the 2021-06-18 edition, not
    before the dated ones: it is no edition of its own, and no "N added" appears in history."""
    first = read_document(editions_folder / "MagicCompRules-20210618.txt").parsed
    top_level = [f"{rule.number}. {rule.text}" for rule in first.rules if not RuleNumber.parse(rule.number).is_subrule]
    excerpt = tmp_path / "magic-comprehensive-rules-excerpt.txt"
    excerpt.write_text("\n".join(top_level) + "\n", encoding="utf-8")
    summary = build_database(tmp_path / "rulebook.db", [*sorted(editions_folder.glob("*.txt")), excerpt])
    db = sqlite_utils.Database(tmp_path / "rulebook.db")
    rows = {
        row["slug"]: (row["edition"], row["is_current"], row["primary_id"])
        for row in db.query("select * from documents")
    }
    first_id = next(db.query("select id from documents where slug = ?", [FIRST]))["id"]
    assert rows["comprehensive-rules-excerpt"] == (1, 0, first_id)
    assert not list(db.query("select 1 from lineage l join documents d on d.id = l.document_id where d.is_excerpt"))
    [row] = [row for row in summary if row["slug"] == "comprehensive-rules-excerpt"]
    assert row["warnings"] == [
        f"undated: no effective date, so filed as a partial copy of {FIRST}, which prints its rules word for word."
    ]


# Lineage


def test_lineage_between_two_editions_finds_each_kind_of_change(editions_db):
    assert lineage_rows(editions_db, SECOND) == {
        "changed": [("119.1", "119.1")],
        "removed": [("101.2a", "101.2a")],
        "added": [(None, "704.5k")],
        "renumbered": [("704.5k", "704.5m"), ("704.5m", "704.5n")],
    }
    unchanged = editions_db.execute(
        "select count(*) from lineage l join documents d on d.id = l.document_id "
        "where d.slug = ? and l.status = 'unchanged'",
        [SECOND],
    ).fetchone()[0]
    assert unchanged == 9  # the other nine of its thirteen rules, each matched to itself


def test_lineage_through_three_editions(editions_db):
    assert lineage_rows(editions_db, THIRD) == {
        "changed": [("100.1b", "100.1b")],
        "removed": [("704.6", "704.6")],
    }
    legend = rule_lineage(editions_db, rule_id(editions_db, FIRST, "704.5k"))
    assert [(entry["document"], entry["number"], entry["status"]) for entry in legend][-3:] == [
        (FIRST, "704.5k", "added"),
        (SECOND, "704.5m", "renumbered"),
        (THIRD, "704.5m", "unchanged"),
    ]


def test_bundled_treachery_lineage_from_1_1_to_6_0(built_db):
    renumbered = dict(
        (row["previous_number"], row["number"])
        for row in built_db.query(
            "select previous_number, number from lineage l join documents d on d.id = l.document_id "
            "where d.slug = 'treachery-6.0' and status = 'renumbered'"
        )
    )
    assert renumbered["314.9"] == "372.8"
    assert renumbered["906.3"] == "907.3"
    assert renumbered["906.6"] == "907.8"
    assert renumbered["702.TrRole-2b"] == "702.TR01f"
    statuses = {
        row["number"]: row["status"]
        for row in built_db.query(
            "select number, status from lineage l join documents d on d.id = l.document_id where d.slug = 'treachery-6.0'"
        )
    }
    assert statuses["314.1"] == "removed"
    assert statuses["907.8b"] == "added"
    # the forum post is a second source of 1.1: it has no lineage of its own
    assert not list(
        built_db.query(
            "select 1 from lineage l join documents d on d.id = l.document_id where d.slug = 'treachery-1.1-forum-post'"
        )
    )


# Rule pages: history, lineage JSON, old numbers


async def test_rule_json_has_its_lineage_oldest_first(editions_site):
    data = (await editions_site.client.get(f"/rules/{THIRD}/704.5m.json")).json()
    assert data["lineage"] == [
        {
            "document": FIRST,
            "version": "2021-06-18",
            "effective_date": "2021-06-18",
            "number": "704.5k",
            "status": "added",
            "url": f"/rules/{FIRST}/704.5k",
        },
        {
            "document": SECOND,
            "version": "2022-01-01",
            "effective_date": "2022-01-01",
            "number": "704.5m",
            "status": "renumbered",
            "url": f"/rules/{SECOND}/704.5m",
        },
        {
            "document": THIRD,
            "version": "2022-06-01",
            "effective_date": "2022-06-01",
            "number": "704.5m",
            "status": "unchanged",
            "url": f"/rules/{THIRD}/704.5m",
        },
    ]
    assert data["successor"] is None


async def test_rule_json_across_editions_holds_to_its_declaration(editions_site):
    statuses = set()
    for url in [f"/rules/{THIRD}/119.1.json", f"/rules/{FIRST}/704.5k.json", f"/rules/{FIRST}/101.2a.json"]:
        response = await editions_site.client.get(url)
        page = RulePageAnswer.model_validate_json(response.content, strict=True).root  # queries/rules.py
        statuses |= {entry.status for entry in page.history}
        assert all(entry.editions for entry in page.history if entry.status == "unchanged")
    assert {"unchanged", "changed", "renumbered", "added"} <= statuses


async def test_rule_page_history_is_newest_first_with_a_word_diff_and_collapsed_runs(editions_site):
    html = (await editions_site.client.get(f"/rules/{THIRD}/119.1")).text
    history = html[html.index('<h2 id="history">') :]
    assert "unchanged from 2022-06-01 to 2022-06-01" in history
    assert "<del>20.</del> <ins>30.</ins>" in history
    assert history.index("2022-01-01") < history.index("2021-06-18")  # newest first
    assert f'href="/compare/{FIRST}/{SECOND}?section=119#rule-119.1"' in history
    renumbered = (await editions_site.client.get(f"/rules/{THIRD}/704.5m")).text
    assert f"704.5m, was 704.5k in {FIRST}" in renumbered and "(text unchanged)" in renumbered


async def test_an_old_number_opens_with_its_successor_or_says_it_was_removed(editions_site):
    moved = (await editions_site.client.get(f"/rules/{FIRST}/704.5k")).text
    assert f'Now <a href="/rules/{THIRD}/704.5m">704.5m in {THIRD}</a>' in moved
    removed = (await editions_site.client.get(f"/rules/{FIRST}/101.2a.json")).json()
    assert removed["successor"] == {
        "status": "removed",
        "document": SECOND,
        "version": "2022-01-01",
        "effective_date": "2022-01-01",
        "number": "101.2a",
        "url": None,
    }
    html = (await editions_site.client.get(f"/rules/{FIRST}/101.2a")).text
    assert f"This rule was removed in {SECOND} (2022-01-01)." in html
    assert f"<strong>2022-01-01</strong> · {SECOND}:\n    101.2a removed" in html  # no link to a rule that is gone
    assert 'href="None"' not in html


async def test_bundled_old_number_314_9_points_at_372_8(site):
    html = (await site.client.get("/rules/314.9")).text
    assert 'Now <a href="/rules/treachery-6.0/372.8">372.8 in treachery-6.0</a>' in html
    data = (await site.client.get("/rules/314.9.json")).json()
    assert [(entry["document"], entry["number"], entry["status"]) for entry in data["lineage"]] == [
        ("treachery-1.1", "314.9", "added"),
        ("treachery-6.0", "372.8", "renumbered"),
    ]


# Compare


def test_compare_two_editions_apart_follows_the_lineage(editions_db):
    found = compare_editions(editions_db, FIRST, THIRD)
    assert found["counts"] == {
        "added": 1,
        "removed": 2,
        "changed": 2,
        "typography": 0,
        "renumbered": 2,
        "renumbered_changed": 0,
    }
    assert found["added"] == [{"number": "704.5k", "text": POISON, "url": f"/rules/{THIRD}/704.5k"}]
    assert [entry["number"] for entry in found["removed"]] == ["101.2a", "704.6"]
    assert [(entry["number"], entry["old_text"], entry["new_text"]) for entry in found["changed"]] == [
        (
            "100.1b",
            'A multiplayer game is a game that begins with more than two players. See section 8, "Multiplayer Rules."',
            'A multiplayer game is a game that starts with three or more players. See section 8, "Multiplayer Rules."',
        ),
        (
            "119.1",
            "Each player begins the game with a starting life total of 20.",
            "Each player begins the game with a starting life total of 30.",
        ),
    ]
    assert found["renumbered"] == [
        {"from": "704.5k", "to": "704.5m", "change": "none", "url": f"/rules/{THIRD}/704.5m"},
        {"from": "704.5m", "to": "704.5n", "change": "none", "url": f"/rules/{THIRD}/704.5n"},
    ]


async def test_compare_page_and_json(editions_site):
    data = (await editions_site.client.get(f"/compare/{FIRST}/{SECOND}.json")).json()
    assert set(data) == {"old", "new", "added", "removed", "changed", "typography", "renumbered", "counts"}
    assert (data["old"], data["new"], data["counts"]) == (
        FIRST,
        SECOND,
        {"added": 1, "removed": 1, "changed": 1, "typography": 0, "renumbered": 2, "renumbered_changed": 0},
    )
    html = (await editions_site.client.get(f"/compare/{FIRST}/{SECOND}")).text
    assert "1 added · 1 removed · 1 changed · 2 renumbered" in html
    assert '<li id="rule-119.1" class="change change-changed">' in html
    assert "<del>20.</del>" in html and "<ins>30.</ins>" in html
    kinds = re.findall(r'<li id="rule-[^"]+" class="change change-(\w+)">', html)
    assert kinds == ["removed", "changed", "added", "moved", "moved"]  # in rule order
    # renumbered rules whose text did not change: one line each
    assert '<a class="anchor" href="#rule-704.5m">704.5k → 704.5m</a>, text unchanged' in html
    # grouped by section, each with its counts
    sections = re.findall(r'<details class="compare-section" id="section-(\d+)"', html)
    assert sections == ["101", "119", "704"]
    assert '<span class="section-counts">1 added · 2 renumbered</span>' in html


async def test_compare_across_families_or_unknown_slugs_is_a_404_listing_the_valid_ones(editions_site):
    across = await editions_site.client.get(f"/compare/{FIRST}/treachery-2.0.json")
    assert across.status_code == 400  # both exist, but are not editions of one document
    assert across.json()["detail"] == (
        f"{FIRST} (comprehensive-rules) and treachery-2.0 (treachery) are not editions of the same rules. "
        f"The editions that can be compared are: {FIRST}, {SECOND}, {THIRD}."
    )
    unknown = await editions_site.client.get(f"/compare/{FIRST}/nope")
    assert unknown.status_code == 404
    assert "There is no document called &#39;nope&#39;." in unknown.text
    assert f'<a href="/compare/{FIRST}/{SECOND}">' in unknown.text


def test_cli_diff_prints_whole_texts_a_word_diff_and_json(editions_db_path):
    runner = CliRunner()
    table = runner.invoke(cli, ["diff", "--db", str(editions_db_path), FIRST, SECOND])
    assert table.exit_code == 0, table.output
    lines = table.output.splitlines()
    assert lines[0] == f"{FIRST} -> {SECOND}: 1 added, 1 removed, 1 changed, 2 renumbered"
    headings = [line for line in lines[1:] if re.match(r"(added|removed|changed|renumbered|typography) ", line)]
    assert [line.split()[0] for line in headings] == ["removed", "changed", "added", "renumbered", "renumbered"]
    assert "renumbered 704.5k -> 704.5m" in headings
    db = sqlite_utils.Database(editions_db_path)
    changed = next(change for change in compare_editions(db, FIRST, SECOND)["changes"] if change["kind"] == "changed")
    assert f"- {changed['old_text']}" in lines and f"+ {changed['new_text']}" in lines  # whole, never cut
    words = runner.invoke(cli, ["diff", "--db", str(editions_db_path), "--word-diff", FIRST, SECOND]).output
    marked = words.splitlines()[words.splitlines().index(f"changed {changed['number']}") + 1]
    assert "[-" in marked and "{+" in marked
    assert marked.replace("[-", "").replace("-]", "").replace("{+", "").replace("+}", "") != changed["new_text"]
    as_json = runner.invoke(cli, ["diff", "--db", str(editions_db_path), "--json", FIRST, SECOND])
    assert json.loads(as_json.output)["renumbered"] == [
        {"from": "704.5k", "to": "704.5m", "change": "none", "url": f"/rules/{SECOND}/704.5m"},
        {"from": "704.5m", "to": "704.5n", "change": "none", "url": f"/rules/{SECOND}/704.5n"},
    ]
    wrong = runner.invoke(cli, ["diff", "--db", str(editions_db_path), SECOND, FIRST])
    assert wrong.exit_code == 1
    assert f"{SECOND} is newer than {FIRST}: give the older edition first" in wrong.output


async def test_each_document_links_to_the_compare_with_its_previous_edition(site, built_db):
    html = (await site.client.get("/")).text
    assert '<a class="tap compare-link" href="/compare/treachery-1.1/treachery-6.0">what changed</a>' in html
    assert html.count("compare-link") == 1  # the other documents are first editions
    assert '<a href="/changes.atom">feed of changes</a>' in html
    [treachery_6] = built_db.query("select id from documents where slug = 'treachery-6.0'")
    row_page = (await site.client.get(f"/rulebook/documents/{treachery_6['id']}")).text
    assert '<a href="/compare/treachery-1.1/treachery-6.0">What changed since treachery-1.1</a>' in row_page


async def test_changes_feed_has_one_entry_per_edition(editions_site):
    response = await editions_site.client.get("/changes.atom")
    assert response.headers["content-type"].startswith("application/atom+xml")
    titles = re.findall(r"<title>([^<]+)</title>", response.text)[1:]
    # the first official edition has no entry: the undated excerpt before it is no edition
    assert [title.split(" ")[0] for title in titles] == ["treachery-6.0", THIRD, "treachery-2.0", SECOND]
    assert f"{THIRD} (after {SECOND}): 0 added, 1 removed, 1 changed, 0 renumbered" in titles
    assert f"{SECOND} (after {FIRST}): 1 added, 1 removed, 1 changed, 2 renumbered" in titles
    assert f"http://localhost/compare/{SECOND}/{THIRD}" in response.text


# As of a date


async def test_as_of_picks_the_edition_in_force_that_day(editions_site):
    async def life_total(as_of: str) -> tuple:
        data = (await editions_site.client.get(f"/rules/119.1.json?as_of={as_of}")).json()
        return data["document"]["slug"], data["rule"]["text"][-3:], data["as_of"]["current"]

    assert await life_total("2021-12-31") == (FIRST, "20.", THIRD)
    assert await life_total("2022-01-01") == (SECOND, "30.", THIRD)
    assert await life_total("2030-01-01") == (THIRD, "30.", THIRD)
    html = (await editions_site.client.get("/rules/119.1?as_of=2021-12-31")).text
    assert f"As of 2021-12-31: {FIRST} (effective 2021-06-18)." in html
    assert f'The current edition is <a href="/rules/{THIRD}/119.1">{THIRD}</a>.' in html
    before = await editions_site.client.get("/rules/119.1.json?as_of=2020-01-01")
    assert before.status_code == 404
    assert before.json()["detail"] == (  # no edition was in force yet: when the rule takes effect
        f"Rule 119.1 takes effect on 2021-06-18, when {FIRST} does; it is not in the edition in force on 2020-01-01."
    )


@pytest.mark.parametrize("as_of", ["yesterday", "2022-13-01", "2022-1-1", "20220101"])
async def test_as_of_that_is_not_a_date_is_a_400_naming_the_format(editions_site, as_of):
    response = await editions_site.client.get(f"/rules/119.1.json?as_of={as_of}")
    assert response.status_code == 400
    assert "as_of must be a date written YYYY-MM-DD, e.g. as_of=2021-06-18" in response.text


def test_a_glossary_entry_that_is_another_name_gives_its_place_to_the_edition_searched(tmp_path):
    """ "Thrull: See Legend Rule." gives its place to the Legend Rule of the edition the search
    reads, whose text changed in the next: the entry read is the edition's own (another edition's
    made the page fail), and in every scope the search keeps it."""
    pointer = FULL_CR.replace("\nMove\n", "\nThrull\nSee Legend Rule.\n\nMove\n")
    changed = second_edition(pointer).replace("A state-based action that causes", "A state-based action that makes")
    (tmp_path / "MagicCompRules-20210618.txt").write_text(pointer, encoding="utf-8")
    (tmp_path / "MagicCompRules-20220101.txt").write_text(changed, encoding="utf-8")
    build_database(tmp_path / "rulebook.db", sorted(tmp_path.glob("*.txt")))
    db = sqlite_utils.Database(tmp_path / "rulebook.db")
    for scope, says in (
        ({}, "action that makes"),
        ({"as_of": "2021-07-01"}, "action that causes"),
        ({"document": "comprehensive-rules-2021-06-18"}, "action that causes"),
        ({"kind": "glossary"}, "action that makes"),
    ):
        found = search(db, "thrull", **scope)["results"]
        assert [result["title"] for result in found[:2]] == ["Legend Rule", "Thrull"], scope
        assert says in found[0]["snippet"], scope


# Citations pinned to the edition in force


def test_citations_are_pinned_to_the_official_edition_in_force(editions_db):
    rows = {
        row["cited_as"]: (row["target_slug"], row["resolution"], row["notice"])
        for row in editions_db.query(
            """select r.cited_as, t.slug as target_slug, r.resolution, r.notice
               from rule_references r join documents d on d.id = r.document_id
               join documents t on t.id = r.target_document_id where d.slug = 'treachery-2.0'"""
        )
    }
    # dated 2022-03-01: the 2022-01-01 edition is in force, where 101.2a no longer exists
    assert rows["119.1"] == (SECOND, "exact", None)
    assert rows["101.2a"] == (SECOND, "ancestor", None)  # removed in that edition: its parent 101.2
    assert rows["907.1"] == ("treachery-2.0", "exact", None)


def test_a_document_older_than_every_official_edition_cites_the_nearest_with_a_notice(tmp_path, editions_folder):
    old = tmp_path / "treachery-rules-0.9.txt"
    old.write_text(TREACHERY_2022.replace("Version 2.0 - Effective 2022-03-01", "Version 0.9 - Effective 2019-01-01"))
    build_database(tmp_path / "rulebook.db", [*sorted(editions_folder.glob("*.txt")), old])
    db = sqlite_utils.Database(tmp_path / "rulebook.db")
    [row] = db.query(
        """select t.slug, r.notice from rule_references r join documents t on t.id = r.target_document_id
           where r.cited_as = '119.1'"""
    )
    assert row == {
        "slug": FIRST,
        "notice": f"No edition of comprehensive-rules in force on 2019-01-01 is loaded; this points at {FIRST} (2021-06-18).",
    }


async def test_a_missing_official_subrule_shows_the_treachery_glossary_quotation(site):
    data = (await site.client.get("/rules/comprehensive-rules-excerpt/104.3g.json")).json()
    assert data["rule"]["number"] == "104.3"
    assert data["reminder"]["term"] == "Reminder: 104.3g"
    assert data["reminder"]["text"].startswith("In a multiplayer game between teams, a team loses the game")
    html = (await site.client.get("/rules/comprehensive-rules-excerpt/104.3g")).text
    assert 'class="reminder"' in html and "Reminder: 104.3g</a> (treachery-6.0)" in html


async def test_bare_official_numbers_in_treachery_documents_link_to_the_official_rules(site):
    """1.1's "See rule 104.3g" and 6.0's FAQ "rule 810.8a" were links to 404s."""
    html = (await site.client.get("/rules/treachery-1.1/906.6e")).text
    assert 'See rule <a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/104.3g">104.3g</a>.' in html
    faq = (await site.client.get("/rulebook/faq?_size=max")).text
    assert '<a class="rule-link" href="/rules/comprehensive-rules-2026-01-16/810.8a">810.8a</a>' in faq


async def test_a_ruling_citing_a_rule_changed_since_is_flagged_with_a_link_to_the_diff(editions_site, editions_db):
    [faq] = editions_db.query(
        "select f.id from faq f join documents d on d.id = f.document_id where d.slug = 'treachery-2.0'"
    )
    html = (await editions_site.client.get(f"/rulebook/faq/{faq['id']}")).text
    # the FAQ (2022-03-01) read 100.1b of the 2022-01-01 edition; the 2022-06-01 edition reworded it
    assert (
        f'<span class="stale">rule 100.1b changed on 2022-06-01 (<a href="/compare/{SECOND}/{THIRD}?section=100#rule-100.1b">'
        "what changed</a>)</span>"
    ) in html
    unflagged = (await editions_site.client.get("/rulebook/faq?_size=max")).text
    assert unflagged.count('class="stale"') == 1  # the bundled FAQ cite rules that have not changed


# Bad input: undated documents, two sources of one edition that differ


def test_undated_document_and_differing_sources_are_reported_in_the_build_summary(built_db):
    warnings = edition_warnings(built_db)
    assert warnings["comprehensive-rules-excerpt"] == [
        "undated: no effective date, so kept out of the history and the feed of comprehensive-rules: no loaded "
        "edition prints its rules word for word."
    ]
    [differ] = warnings["treachery-1.1-forum-post"]
    assert differ.startswith("same edition as treachery-1.1, but these rules differ: 314.5, ")
    assert "906.3c" in differ


def test_an_undated_document_with_a_version_is_ordered_by_its_version():
    """(No bundled parser reads a version without a date, so the documents table is filled by hand.)"""
    db = sqlite_utils.Database(memory=True)
    schema.create_tables(db)
    db["documents"].insert_all(
        [
            {"id": 1, "slug": "treachery-3.0", "kind": "treachery rules", "version": "3.0", "effective_date": None},
            {
                "id": 2,
                "slug": "treachery-2.0",
                "kind": "treachery rules",
                "version": "2.0",
                "effective_date": "2022-03-01",
            },
            {"id": 3, "slug": "treachery-10.0", "kind": "treachery rules", "version": "10.0", "effective_date": None},
            {"id": 4, "slug": "treachery-notes", "kind": "treachery rules", "version": None, "effective_date": None},
        ]
    )
    assign_editions(db)
    assert [row["slug"] for row in db.query("select slug from documents order by edition")] == [
        "treachery-notes",
        "treachery-2.0",
        "treachery-3.0",
        "treachery-10.0",
    ]
    assert edition_warnings(db) == {
        "treachery-notes": [
            "undated: no effective date, so placed before the dated editions (edition 1 of treachery)."
        ],
        "treachery-3.0": ["undated: no effective date, so ordered by its version 3.0 (edition 3 of treachery)."],
        "treachery-10.0": ["undated: no effective date, so ordered by its version 10.0 (edition 4 of treachery)."],
    }


@pytest.mark.slow
def test_cli_build_accepts_a_folder_and_prints_what_to_check(tmp_path, editions_folder):
    result = CliRunner().invoke(cli, ["build", "--db", str(tmp_path / "rulebook.db"), str(editions_folder)])
    assert result.exit_code == 0, result.output
    assert f"Built {tmp_path / 'rulebook.db'} from 10 documents" in result.output
    assert "Please check:" in result.output
    assert "comprehensive-rules-excerpt: undated" in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    refused = CliRunner().invoke(cli, ["build", "--db", str(tmp_path / "other.db"), "--only", str(empty)])
    assert refused.exit_code == 2
    assert f"The folder {empty} holds no .txt, .md or .json documents to build from." in refused.output
    assert not (tmp_path / "other.db").exists()


# Two full official editions from ../shared


def test_diff_of_two_full_official_editions(two_official_editions_db_path):
    db = sqlite_utils.Database(two_official_editions_db_path)
    found = compare_editions(db, "comprehensive-rules-2020-06-01", "comprehensive-rules-2021-06-18")
    assert found["counts"] == {
        "added": 96,
        "removed": 1,
        "changed": 142,
        "typography": 0,
        "renumbered": 641,
        "renumbered_changed": 55,
    }
    assert [entry["number"] for entry in found["removed"]] == ["702.6d"]
    # Ward came in as 702.21 and pushed every later keyword down by one
    ward = next(entry for entry in found["added"] if entry["number"] == "702.21")
    assert ward["text"].startswith("Ward")
    assert {
        "from": "702.21",
        "to": "702.22",
        "change": "none",
        "url": "/rules/comprehensive-rules-2021-06-18/702.22",
    } in found["renumbered"]


# No link leads nowhere


@pytest.mark.slow
async def test_no_rule_link_on_the_bundled_site_points_at_a_missing_rule(site, built_db):
    from rulebook.db.tables import citing_tables

    pages = ["/"] + [f"/rulebook/{table.name}?_size=max" for table in citing_tables()]
    pages += [
        f"/rules/{row['slug']}/{row['number']}"
        for row in built_db.query(
            "select d.slug, r.number from rules r join documents d on d.id = r.document_id where d.kind = 'treachery rules'"
        )
    ]
    pages += ["/compare/treachery-1.1/treachery-6.0"]
    linked: set[str] = set()
    for page in pages:
        response = await site.client.get(page)
        assert response.status_code == 200, page
        linked.update(re.findall(r'href="(/rules/[^"#?]+)"', response.text))
    assert len(linked) > 300
    missing = [url for url in sorted(linked) if (await site.client.get(url)).status_code != 200]
    assert missing == []


# Changes of typography only, renumbered rules whose wording changed


def retyped_edition(text: str) -> str:
    """2022-01-01 again, but with 205.3i's hyphen as an em dash (typography only) and 704.5k
    (the legend rule, renumbered 704.5m) reworded as well as renumbered."""
    text = second_edition(text)
    text = text.replace("Mine, Mountain, Plains, Power-Plant", "Mine, Mountain, Plains, Power\u2014Plant")
    return text.replace("704.5m If a player controls", "704.5m If any player controls")


async def test_typography_only_is_counted_apart_and_renumbered_rules_say_their_wording_changed(tmp_path):
    (tmp_path / "MagicCompRules-20210618.txt").write_text(FULL_CR, encoding="utf-8")
    (tmp_path / "MagicCompRules-20220101.txt").write_text(retyped_edition(FULL_CR), encoding="utf-8")
    build_database(tmp_path / "rulebook.db", sorted(tmp_path.glob("*.txt")))
    db = sqlite_utils.Database(tmp_path / "rulebook.db")
    found = compare_editions(db, FIRST, SECOND)
    assert found["counts"] == {
        "added": 1,
        "removed": 1,
        "changed": 1,
        "typography": 1,
        "renumbered": 2,
        "renumbered_changed": 1,
    }
    assert [entry["number"] for entry in found["typography"]] == ["205.3i"]
    assert [entry["number"] for entry in found["changed"]] == ["119.1"]
    assert [(entry["from"], entry["to"], entry["change"]) for entry in found["renumbered"]] == [
        ("704.5k", "704.5m", "wording"),
        ("704.5m", "704.5n", "none"),
    ]
    statuses = dict(db.execute("select number, text_change from lineage where status != 'unchanged'").fetchall())
    assert (statuses["205.3i"], statuses["704.5m"], statuses["704.5n"]) == ("typography", "wording", "none")
    site = await in_process(tmp_path / "rulebook.db")
    html = (await site.client.get(f"/compare/{FIRST}/{SECOND}")).text
    assert "1 changed · 1 in typography only · 2 renumbered (1 with new wording)" in html
    collapsed = html[html.index('<details class="typography">') :]
    assert "1 rule changed in typography only (dashes, quotes, spaces)" in collapsed
    assert 'id="rule-205.3i"' in collapsed and 'id="rule-205.3i"' not in html[: html.index("<details")]
    feed = (await site.client.get("/changes.atom")).text
    assert (
        f"{SECOND} (after {FIRST}): 1 added, 1 removed, 1 changed, 1 in typography only, 2 renumbered "
        "(1 with new wording)"
    ) in feed
    table = CliRunner().invoke(cli, ["diff", "--db", str(tmp_path / "rulebook.db"), FIRST, SECOND])
    assert "renumbered, new wording 704.5k -> 704.5m" in table.output
    assert re.search(r"^typography 205\.3i$", table.output, re.MULTILINE)


async def test_a_number_printed_twice_has_a_page_for_each(tmp_path):
    text = FULL_CR.replace(
        "   704.6. Some state-based", "      704.5k A second rule printed as 704.5k.\n\n   704.6. Some state-based"
    )
    (tmp_path / "MagicCompRules-20210618.txt").write_text(text, encoding="utf-8")
    [row] = build_database(tmp_path / "rulebook.db", [tmp_path / "MagicCompRules-20210618.txt"])
    assert row["warnings"][0].startswith("MagicCompRules-20210618.txt, line ")
    assert row["warnings"][0].endswith("both are kept, this one as 704.5k~2.")
    site = await in_process(tmp_path / "rulebook.db")
    first = (await site.client.get(f"/rules/{FIRST}/704.5k.json")).json()
    second = (await site.client.get(f"/rules/{FIRST}/704.5k~2.json")).json()
    assert first["rule"]["text"].startswith("If a player controls two or more legendary permanents")
    assert (second["rule"]["number"], second["rule"]["text"]) == ("704.5k~2", "A second rule printed as 704.5k.")
    assert second["url"] == f"/rules/{FIRST}/704.5k~2"
    notice = f"{FIRST} prints rule 704.5k 2 times; this is the one addressed 704.5k~2, the others are 704.5k."
    assert second["notice"] == notice
    assert first["notice"] == notice.replace(
        "addressed 704.5k~2, the others are 704.5k.", "addressed 704.5k, the others are 704.5k~2."
    )
    html = (await site.client.get(f"/rules/{FIRST}/704.5k")).text
    assert f'<a href="/rules/{FIRST}/704.5k~2">' in html  # its next rule


async def test_a_long_comparison_opens_a_section_on_its_own_and_draws_mana_symbols(two_official_editions_db_path):
    from tests.server import in_process

    site = await in_process(two_official_editions_db_path)
    path = "/compare/comprehensive-rules-2020-06-01/comprehensive-rules-2021-06-18"
    page = (await site.client.get(path)).text
    closed = re.findall(r'<details class="compare-section" id="section-(\d+)" data-fragment="([^"]+)"', page)
    assert closed and len(page) < 200_000  # the sections past the first screen hold only a link
    fragment = next(url for number, url in closed if number == "702")
    assert f'<a href="{path}?section=702#section-702">Show the ' in page
    section = (await site.client.get(f"{path}?section=702")).text
    assert '<details class="compare-section" id="section-702" open>' in section
    loaded = (await site.client.get(unescape(fragment))).text
    assert loaded.lstrip().startswith('<ol class="changes">') and "<html" not in loaded
    assert '<span class="mana-symbol" role="img"' in loaded  # costs drawn as on rule pages
    assert '<a class="rule-link" href="/rules/comprehensive-rules-2021-06-18/' in loaded
    missing = await site.client.get(f"{path}?section=999")
    assert missing.status_code == 404
