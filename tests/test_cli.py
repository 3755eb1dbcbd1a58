"""The command and the site give the same answer: `rulebook rule X` prints what /rules/X.json
holds (same resolution, same notices, same suggestions), `rulebook check` runs worked examples."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import cli
from rulebook.queries.checker.examples import worked_examples
from rulebook.queries.rules import rule_page_data
from rulebook.resources import package_folder


def rulebook(db_path, *args):
    return CliRunner().invoke(cli, [args[0], "--db", str(db_path), *args[1:]])


@pytest.mark.parametrize(
    "number, shown",
    [
        ("104.2a", "A player still in the game wins the game if that player's opponents have all left the game."),
        ("907", "907.8b  The leader team loses the game if all players controlling a Leader identity have lost"),
        ("906.6d", "This rule was removed in treachery-6.0 (2026-05-04). This is treachery-1.1, an older edition."),
        ("702.TrUnv-3", "702.TrUnv-3  (treachery-1.1, lines"),
        ("205.3", "Also in: comprehensive-rules-2026-01-16 (205.3)"),
    ],
)
async def test_rule_prints_what_the_rule_page_shows(site, built_db, built_db_path, number, shown):
    page = (await site.client.get(f"/rules/{number}.json")).json()
    assert page == json.loads(json.dumps(rule_page_data(built_db, number), default=str))
    printed = rulebook(built_db_path, "rule", number)
    assert printed.exit_code == 0, printed.output
    assert shown in printed.output
    assert page["document"]["slug"] in printed.output
    first_text = page["rule"]["text"] if page["kind"] == "rule" else page["rules"][0]["text"]
    assert first_text in printed.output


async def test_a_subrule_the_document_lacks_gets_the_pages_notice(site, built_db_path):
    page = (await site.client.get("/rules/comprehensive-rules-excerpt/104.2a.json")).json()
    printed = rulebook(built_db_path, "rule", "--document", "comprehensive-rules-excerpt", "104.2a")
    assert printed.output.splitlines()[0] == page["notice"]
    assert page["notice"].startswith("Rule 104.2a is not in comprehensive-rules-excerpt; this is 104.2,")


async def test_an_unknown_rule_gets_the_pages_error_and_suggestions(site, built_db_path):
    page = (await site.client.get("/rules/treachery-6.0/907.99.json")).json()
    printed = rulebook(built_db_path, "rule", "--document", "treachery-6.0", "907.99")
    assert printed.exit_code == 1
    assert page["detail"] in printed.output
    assert all(suggestion["label"] in printed.output for suggestion in page["suggestions"])


def test_rule_as_of_a_date_shows_the_edition_in_force(built_db_path):
    printed = rulebook(built_db_path, "rule", "--as-of", "2020-01-01", "205.3")
    assert printed.output.splitlines()[:2] == [
        "Now 205.3 in treachery-6.0 (2026-05-04). This is treachery-1.1, an older edition.",
        "As of 2020-01-01: treachery-1.1. The current edition is treachery-6.0.",
    ]


def test_check_reads_a_worked_example_file_and_runs_a_bundled_one(built_db_path):
    example = worked_examples()[4]
    path = package_folder("rulebook.queries") / "scenarios" / f"{example['slug']}.json"
    assert set(json.loads(path.read_text(encoding="utf-8"))) == {"title", "description", "scenario", "expected"}
    from_file = rulebook(built_db_path, "check", "--json", str(path))
    assert from_file.exit_code == 0, from_file.output
    assert json.loads(from_file.output)["verdict"] == example["expected"]["verdict"]
    by_number = rulebook(built_db_path, "check", "--example", "05")
    assert by_number.output.splitlines()[0] == "Platinum Angel on a Guardian when the Leader loses"
    assert example["expected"]["verdict"] in by_number.output
    listed = rulebook(built_db_path, "check", "--example", "list")
    assert listed.exit_code == 0 and len(listed.output.splitlines()) == 1 + len(worked_examples())
    unknown = rulebook(built_db_path, "check", "--example", "angel-of-mercy")
    assert unknown.exit_code == 1 and "There is no worked example 'angel-of-mercy'. They are:" in unknown.output
    neither = rulebook(built_db_path, "check")
    assert neither.exit_code == 2 and "Give a scenario FILE or --example NAME" in neither.output
