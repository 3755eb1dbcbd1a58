"""An edition published before it takes effect: rule pages, search and the CLI answer from the
edition in force, and a rule that changes says when; as_of on or after the date answers from the
new edition; compare offers in force -> upcoming. The shared 2025-11-14 official rules are built
beside the bundled 2026-01-16, and "today" is 2026-01-10, between the two."""

from __future__ import annotations

import pytest
import sqlite_utils
from click.testing import CliRunner

from rulebook.cli import cli
from rulebook.db import families
from rulebook.db.build import build_database, bundled_source
from rulebook.queries.compare import comparable_families
from rulebook.queries.rules import RulePageAnswer, rule_page_data
from rulebook.queries.search import search
from tests.conftest import shared_corpora
from tests.server import in_process

BETWEEN = "2026-01-10"


@pytest.fixture(scope="module")
def two_editions(tmp_path_factory):
    path = tmp_path_factory.mktemp("upcoming") / "rulebook.db"
    build_database(
        path,
        [shared_corpora() / "MagicCompRules-20251114.txt", bundled_source("magic-comprehensive-rules-2026-01-16.txt")],
    )
    return path


@pytest.fixture
def before_it_takes_effect(monkeypatch):
    monkeypatch.setattr(families, "today", lambda: BETWEEN)


def test_as_of_before_the_date_answers_from_the_edition_in_force_and_says_what_changes(two_editions):
    db = sqlite_utils.Database(two_editions)
    page = rule_page_data(db, "702.124a", as_of=BETWEEN)
    assert page["document"]["slug"] == "comprehensive-rules-2025-11-14"
    assert page["upcoming"] == {
        "effective_date": "2026-01-16",
        "document": "comprehensive-rules-2026-01-16",
        "status": "changed",
        "number": "702.124a",
        "url": "/rules/comprehensive-rules-2026-01-16/702.124a",
        "message": "Changes on 2026-01-16: see the new text in comprehensive-rules-2026-01-16.",
    }
    RulePageAnswer.model_validate(page, strict=True)  # as queries/rules.py declares it
    assert page["successor"] is None
    on_the_day = rule_page_data(db, "702.124a", as_of="2026-01-16")
    assert (on_the_day["document"]["slug"], on_the_day["upcoming"]) == ("comprehensive-rules-2026-01-16", None)


def test_a_rule_new_in_the_upcoming_edition_says_when_it_takes_effect(two_editions):
    page = rule_page_data(sqlite_utils.Database(two_editions), "701.68", as_of=BETWEEN)
    assert page["kind"] == "missing"
    assert page["error"] == (
        "Rule 701.68 takes effect on 2026-01-16, when comprehensive-rules-2026-01-16 does; it is not in the "
        "edition in force on 2026-01-10."
    )
    assert page["suggestions"][0] == {
        "label": "701.68 in comprehensive-rules-2026-01-16",
        "url": "/rules/comprehensive-rules-2026-01-16/701.68",
    }


def test_without_as_of_today_decides(two_editions, before_it_takes_effect):
    db = sqlite_utils.Database(two_editions)
    page = rule_page_data(db, "702.124a")
    assert (page["document"]["slug"], page["upcoming"]["effective_date"]) == (
        "comprehensive-rules-2025-11-14",
        "2026-01-16",
    )
    found = search(db, "702.124a")
    assert [edition["document"] for edition in found["editions"]] == ["comprehensive-rules-2025-11-14"]
    assert comparable_families(db)[0]["upcoming"] == {
        "old": "comprehensive-rules-2025-11-14",
        "new": "comprehensive-rules-2026-01-16",
        "effective_date": "2026-01-16",
        "url": "/compare/comprehensive-rules-2025-11-14/comprehensive-rules-2026-01-16",
    }
    printed = CliRunner().invoke(cli, ["rule", "--db", str(two_editions), "702.124a"])
    assert printed.output.splitlines()[0] == (
        "Changes on 2026-01-16: see the new text in comprehensive-rules-2026-01-16."
    )


def test_once_in_force_there_is_nothing_upcoming(two_editions, monkeypatch):
    monkeypatch.setattr(families, "today", lambda: "2026-02-01")
    db = sqlite_utils.Database(two_editions)
    assert rule_page_data(db, "702.124a")["document"]["slug"] == "comprehensive-rules-2026-01-16"
    assert comparable_families(db)[0]["upcoming"] is None


async def test_the_rule_page_shows_the_change_to_come(two_editions):
    site = await in_process(two_editions)
    html = (await site.client.get("/rules/702.124a?as_of=2026-01-10")).text
    assert (
        'Changes on 2026-01-16: see <a href="/rules/comprehensive-rules-2026-01-16/702.124a">the new text</a> in '
        "comprehensive-rules-2026-01-16." in html
    )
