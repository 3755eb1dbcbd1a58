"""Building rulebook.db: counts, links, provenance, atomic swaps and clear errors."""

from __future__ import annotations

import json
import os
from dataclasses import fields

import pytest
import sqlite_utils
from click.testing import CliRunner

from rulebook.cli import cli
from rulebook.db.build import build_database, bundled_source, bundled_sources
from rulebook.db.tables import TABLES
from rulebook.ingest import records
from rulebook.ingest.source import SourceError
from tests.sample_documents import FULL_CR

TREACHERY_6 = bundled_source("treachery-rules-6.0.txt")
EXCERPT = bundled_source("magic-comprehensive-rules-excerpt.txt")


def stats_by_slug(db):
    from rulebook.db.stats import document_stats

    return {row["slug"]: row for row in document_stats(db)}


def reference(db, slug, source_table, cited_as, **where):
    sql = """select r.*, t.number as resolved_number, td.slug as target_slug, f.number as from_number
             from rule_references r join documents d on d.id = r.document_id
             left join rules t on t.id = r.rule_id left join documents td on td.id = r.target_document_id
             left join rules f on f.id = r.from_rule_id
             where d.slug = :slug and r.source_table = :table and r.cited_as = :cited"""
    rows = list(db.query(sql, {"slug": slug, "table": source_table, "cited": cited_as}))
    return [row for row in rows if all(row[key] == value for key, value in where.items())]


def test_documents_and_slugs(built_db):
    rows = {row["slug"]: row for row in built_db.query("select * from documents")}
    assert set(rows) == {
        "treachery-6.0",
        "treachery-1.1",
        "treachery-1.1-forum-post",
        "comprehensive-rules-2026-01-16",
        "comprehensive-rules-excerpt",
        "duskmourn-release-notes",
        "treachery-cards",
    }
    assert rows["treachery-6.0"]["kind"] == "treachery rules"
    assert rows["comprehensive-rules-2026-01-16"]["effective_date"] == "2026-01-16"
    assert rows["treachery-cards"]["kind"] == "card texts"
    assert rows["treachery-6.0"]["effective_date"] == "2026-05-04"
    assert rows["comprehensive-rules-excerpt"]["kind"] == "comprehensive rules"
    assert rows["duskmourn-release-notes"]["kind"] == "release notes"
    assert len(rows["treachery-6.0"]["sha256"]) == 64


def test_counts_per_document(built_db):
    stats = stats_by_slug(built_db)
    six = stats["treachery-6.0"]
    assert (six["parts"], six["sections"], six["rules"], six["subrules"]) == (5, 11, 31, 37)
    assert (six["rule_notes"], six["glossary"], six["faq"], six["cards"], six["card_notes"]) == (3, 5, 6, 62, 289)
    assert (stats["treachery-1.1"]["rules"], stats["treachery-1.1"]["subrules"]) == (22, 32)
    assert stats["treachery-1.1-forum-post"]["skipped_lines"] == 32
    notes = stats["duskmourn-release-notes"]
    assert (notes["cards"], notes["card_notes"], notes["mechanics"], notes["skipped_lines"]) == (214, 527, 9, 90)
    excerpt = stats["comprehensive-rules-excerpt"]
    assert (excerpt["rules"], excerpt["subrules"], excerpt["skipped_lines"]) == (1150, 1, 0)
    official = stats["comprehensive-rules-2026-01-16"]
    assert (official["parts"], official["sections"], official["rules"], official["subrules"]) == (9, 146, 1157, 1957)
    assert official["glossary"] == 725
    assert stats["treachery-cards"]["card_texts"] == 62


def test_sort_key_orders_rules_as_the_document_does(built_db):
    for document in built_db.query("select id from documents"):
        numbers = [
            row["number"]
            for row in built_db.query(
                "select number from rules where document_id = ? order by position", [document["id"]]
            )
        ]
        by_key = [
            row["number"]
            for row in built_db.query(
                "select number from rules where document_id = ? order by sort_key", [document["id"]]
            )
        ]
        assert by_key == numbers


def test_parents_are_linked(built_db):
    row = next(
        built_db.query(
            "select p.number from rules r join rules p on p.id = r.parent_id join documents d on d.id = r.document_id "
            "where d.slug = 'treachery-6.0' and r.number = '702.TR01c'"
        )
    )
    assert row["number"] == "702.TR01"


def test_references_resolve_inside_treachery(built_db):
    references = reference(built_db, "treachery-6.0", "rules", "702.TR01")
    assert sorted(ref["from_number"] for ref in references) == ["907.4a", "907.4b"]
    [from_907_4b] = reference(built_db, "treachery-6.0", "rules", "702.TR01", from_number="907.4b")
    assert (from_907_4b["target_slug"], from_907_4b["resolution"], from_907_4b["resolved_number"]) == (
        "treachery-6.0",
        "exact",
        "702.TR01",
    )


def test_official_references_go_to_the_comprehensive_rules(built_db):
    [note_ref] = reference(built_db, "treachery-6.0", "rule_paragraphs", "508.6")
    assert (note_ref["target"], note_ref["target_slug"], note_ref["resolution"], note_ref["resolved_number"]) == (
        "comprehensive",
        "comprehensive-rules-2026-01-16",
        "exact",
        "508.6",
    )
    # the official edition in force on 6.0's date has the subrule itself
    [subrule] = reference(built_db, "treachery-6.0", "rules", "104.2c")
    assert (subrule["target_slug"], subrule["resolution"], subrule["resolved_number"]) == (
        "comprehensive-rules-2026-01-16",
        "exact",
        "104.2c",
    )


def test_with_only_the_excerpt_a_missing_subrule_resolves_to_its_ancestor(tmp_path):
    build_database(tmp_path / "rulebook.db", [TREACHERY_6, bundled_source("magic-comprehensive-rules-excerpt.txt")])
    db = sqlite_utils.Database(tmp_path / "rulebook.db")
    [ancestor] = reference(db, "treachery-6.0", "rules", "104.2c")
    assert (ancestor["target_slug"], ancestor["resolution"], ancestor["resolved_number"]) == (
        "comprehensive-rules-excerpt",
        "ancestor",
        "104.2",
    )


def test_a_bare_number_the_treachery_rules_do_not_define_goes_to_the_official_rules(built_db):
    [section] = reference(built_db, "treachery-6.0", "glossary", "809")
    assert (section["target_slug"], section["resolution"]) == ("comprehensive-rules-2026-01-16", "section")
    [subrule] = reference(built_db, "treachery-1.1", "rules", "104.3g")
    assert (subrule["target_slug"], subrule["resolution"], subrule["resolved_number"]) == (
        "comprehensive-rules-2026-01-16",
        "exact",
        "104.3g",
    )
    assert subrule["notice"] == (
        "No edition of comprehensive-rules in force on 2017-05-08 is loaded; this points at "
        "comprehensive-rules-2026-01-16 (2026-01-16)."
    )


def test_a_number_no_loaded_document_defines_stays_visible_as_unresolved(tmp_path):
    build_database(tmp_path / "rulebook.db", [TREACHERY_6])
    db = sqlite_utils.Database(tmp_path / "rulebook.db")
    [stale] = reference(db, "treachery-6.0", "glossary", "809")
    assert (stale["target"], stale["resolution"], stale["rule_id"]) == ("self", "unresolved", None)


def test_glossary_reminders_link_to_the_rule_they_quote(built_db):
    row = next(
        built_db.query(
            "select g.term, r.number from glossary g join rules r on r.id = g.quoted_rule_id "
            "join documents d on d.id = g.document_id where d.slug = 'treachery-6.0' and g.term = 'Reminder: 104.3g'"
        )
    )
    assert row["number"] == "104.3g"


def test_no_mojibake_anywhere(built_db):
    for table in (
        "rules",
        "rule_paragraphs",
        "glossary",
        "faq",
        "passages",
        "cards",
        "card_notes",
        "mechanics",
        "mechanic_rulings",
    ):
        columns = [c.name for c in built_db[table].columns if c.type == "TEXT"]
        for row in built_db[table].rows:
            for column in columns:
                value = row[column] or ""
                assert "â€" not in value and "\ufffd" not in value, (table, row["id"], column)
    official = next(
        built_db.query(
            "select text from rules r join documents d on d.id = r.document_id "
            "where d.slug = 'comprehensive-rules-excerpt' and r.number = '101.2'"
        )
    )["text"]
    assert official == (
        "When a rule or effect allows or directs something to happen, and another effect states "
        "that it can't happen, the \"can't\" effect takes precedence."
    )


def test_every_source_line_is_accounted_for(built_db):
    for document in built_db.query("select id, source_file from documents"):
        lines = bundled_source(document["source_file"]).read_text(encoding="utf-8-sig").splitlines()
        non_blank = {number for number, text in enumerate(lines, start=1) if text.strip()}
        stored = {
            row["line"]
            for row in built_db.query("select line from source_lines where document_id = ?", [document["id"]])
        }
        assert stored == non_blank, document["source_file"]
    skipped = {
        row["record"] for row in built_db.query("select distinct record from source_lines where used_by = 'skipped'")
    }
    assert {"table of contents", "forum chrome"} <= skipped


# Fields a record keeps that are no column of its table, and where they go instead.
NOT_COLUMNS = {
    "lines": "line_start and line_end",
    "occurrence": "the rule's number, addressed as 702.30d~2",
    "excerpt": "documents.is_excerpt",
    "mentions": "the mentions table, once every card exists",
}
# An example card in a mechanic's section is printed there, not listed: it has no list's kind,
# role, section or notes.
NOT_EXAMPLE_COLUMNS = {"kind", "role", "section", "no_notes_statement", "notes"}


def test_every_field_a_parser_fills_is_a_column_of_its_table():
    """The build writes a record's fields by name: a field without a column would be lost."""
    made_from = records.record_classes()
    assert made_from["mechanic_rulings"] is records.CardNote and made_from["rules"] is records.Rule
    for table, record in made_from.items():
        for item in fields(record):
            if table == "mechanic_examples" and item.name in NOT_EXAMPLE_COLUMNS:
                continue
            assert item.name in TABLES[table].columns or item.name in NOT_COLUMNS or "table" in item.metadata, (
                f"{record.__name__}.{item.name} has no column in {table}"
            )


def test_rows_carry_their_source_lines(built_db):
    row = next(
        built_db.query(
            "select line_start, line_end from rules r join documents d on d.id = r.document_id "
            "where d.slug = 'treachery-6.0' and r.number = '372.2'"
        )
    )
    assert (row["line_start"], row["line_end"]) == (83, 85)


def test_full_text_search_tables_exist_for_datasette(built_db):
    assert {"rules_fts", "card_notes_fts", "faq_fts", "glossary_fts", "cards_fts", "mechanics_fts"} <= set(
        built_db.table_names()
    )
    hits = [
        row["number"]
        for row in built_db.query(
            "select number from rules where id in (select rowid from rules_fts where rules_fts match 'undercover')"
        )
    ]
    assert {"702.TR02", "702.TR02a", "207.2tr"} <= set(hits)


# -- the build command, atomic swaps and bad input ---------------------------------------------


def test_a_failed_build_leaves_the_previous_database_untouched(tmp_path):
    target = tmp_path / "rulebook.db"
    build_database(target, [TREACHERY_6])
    before = (target.read_bytes(), os.stat(target).st_mtime_ns)
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(SourceError, match="empty.txt: the file is empty"):
        build_database(target, [TREACHERY_6, empty])
    assert (target.read_bytes(), os.stat(target).st_mtime_ns) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == [".rulebook.db.lock", "empty.txt", "rulebook.db"]


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("empty.txt", b"   \n\n", "empty.txt: the file is empty"),
        ("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image.png, line 3: this is not a text file"),
        (
            "cut.txt",
            b"907.1. Treachery identity rules " + "é".encode()[:1],
            "cut.txt, line 1: the file ends in the middle of a character",
        ),
        ("recipe.txt", b"Pancakes\n\nMix flour and eggs.\n", "recipe.txt: cannot tell what kind of document this is"),
        (
            "truncated-treachery.txt",
            b"Treachery Comprehensive Rules\nAbout identity cards.\n907. Treachery\n",
            "truncated-treachery.txt: cannot tell what kind of document this is",
        ),
    ],
)
def test_bad_input_names_the_file(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(SourceError) as error:
        build_database(tmp_path / "rulebook.db", [path])
    assert str(error.value).startswith(message)
    assert not (tmp_path / "rulebook.db").exists()


def test_two_files_that_would_share_a_slug_are_refused(tmp_path):
    copy = tmp_path / "treachery-rules-6.0.txt"
    copy.write_bytes(TREACHERY_6.read_bytes() + b"\n")  # other bytes, the same document's name
    with pytest.raises(SourceError, match="would be called 'treachery-6.0', like treachery-rules-6.0.txt"):
        build_database(tmp_path / "rulebook.db", [TREACHERY_6, copy])


def test_the_same_file_given_twice_is_read_once(tmp_path):
    copy = tmp_path / "folder" / "treachery-rules-6.0.txt"
    copy.parent.mkdir()
    copy.write_bytes(TREACHERY_6.read_bytes())
    [row] = build_database(tmp_path / "rulebook.db", [TREACHERY_6, copy])
    assert row["slug"] == "treachery-6.0"
    assert row["warnings"] == [f"{copy} has the same bytes as treachery-rules-6.0.txt: it was read once."]


def test_cli_build_only_stats_and_rule(tmp_path):
    runner = CliRunner()
    target = tmp_path / "rulebook.db"
    result = runner.invoke(cli, ["build", "--db", str(target), "--only", str(TREACHERY_6), str(EXCERPT)])
    assert result.exit_code == 0, result.output
    assert "treachery-6.0" in result.output and "comprehensive-rules-excerpt" in result.output
    stats = json.loads(runner.invoke(cli, ["stats", "--db", str(target), "--json"]).output)
    assert [row["slug"] for row in stats] == ["treachery-6.0", "comprehensive-rules-excerpt"]
    assert (stats[0]["references_resolved"], stats[0]["references_unresolved"]) == (37, 0)
    shown = runner.invoke(cli, ["rule", "--db", str(target), "702.tr02"])
    assert shown.exit_code == 0
    assert shown.output.splitlines()[1:3] == ["Undercover", ""]
    assert "702.TR02a  Undercover is a special unveil restriction" in shown.output
    missing = runner.invoke(cli, ["rule", "--db", str(target), "907.99"])
    assert missing.exit_code == 1
    assert "There is no rule 907.99 in any document. Did you mean one of these? 907.9" in missing.output


def test_cli_build_reports_bad_input_without_a_traceback(tmp_path):
    empty = tmp_path / "empty.md"
    empty.write_text("")
    result = CliRunner().invoke(cli, ["build", "--db", str(tmp_path / "rulebook.db"), "--only", str(empty)])
    assert result.exit_code == 1
    assert "Error: empty.md: the file is empty" in result.output
    assert "Traceback" not in result.output


def test_bundled_sources_are_the_seven_documents():
    assert [path.name for path in bundled_sources()] == [
        "duskmourn-release-notes.md",
        "magic-comprehensive-rules-2026-01-16.txt",
        "magic-comprehensive-rules-excerpt.txt",
        "treachery-cards.json",
        "treachery-rules-1.1-forum-post.txt",
        "treachery-rules-1.1.txt",
        "treachery-rules-6.0.txt",
    ]


def test_database_opens_read_only_for_datasette(built_db_path):
    db = sqlite_utils.Database(built_db_path)
    assert db["rules"].detect_fts() == "rules_fts"


def test_a_full_comprehensive_rules_text_builds_with_its_counts(tmp_path):
    source = tmp_path / "MagicCompRules-fixture.txt"
    source.write_text(FULL_CR, encoding="utf-8")
    target = tmp_path / "rulebook.db"
    [row] = build_database(target, [source])
    assert row["slug"] == "comprehensive-rules-2021-06-18-fixture"
    assert (row["parts"], row["sections"], row["rules"], row["subrules"], row["examples"], row["glossary"]) == (
        3,
        5,
        6,
        7,
        2,
        4,
    )
    assert (row["skipped_lines"], row["references_resolved"], row["references_unresolved"]) == (12, 1, 5)


def test_card_mentions_link_notes_to_cards(built_db):
    def mentions(card_name):
        return {
            (row["card_name"], row["how"], row["linked"])
            for row in built_db.query(
                """select m.card_name, m.how, m.card_id is not null as linked from card_mentions m
               join cards c on c.id = m.from_card_id where c.name = ?""",
                [card_name],
            )
        }

    assert mentions("The Great Martyr") >= {("Tamiyo, Collector of Tales", "link", 0), ("Killing Wave", "link", 0)}
    assert ("Jump Scare", "name", 1) in mentions("Fear of Falling")
    faq = {row["card_name"] for row in built_db.query("select card_name from card_mentions where source_table = 'faq'")}
    assert faq == {"The Supplier", "The Bio-Engineer"}
