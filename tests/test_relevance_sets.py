"""The relevance sets stay answerable: every row a query expects is in a database built from the
bundled documents, and a typo in one is named (what the writer of blind questions checks)."""

from __future__ import annotations

import json

import pytest
import sqlite_utils

from benchmarks.relevance.run import TARGETS, checked


@pytest.mark.parametrize("queries_path", list(TARGETS), ids=lambda path: path.name)
def test_every_expected_row_of_each_relevance_set_exists(built_db, queries_path):
    queries, _ = checked(built_db, queries_path)
    assert queries and all(query["expected"] for query in queries)


def test_a_typo_in_an_expected_row_is_named(built_db_path, tmp_path):
    queries = tmp_path / "questions.json"
    row = {"category": "question", "query": "who wins", "expected": ["rule treachery-6.0 907.8z"]}
    queries.write_text(json.dumps({"queries": [row]}), encoding="utf-8")
    with pytest.raises(SystemExit, match=r"not in the database .*\n  rule treachery-6.0 907.8z"):
        checked(sqlite_utils.Database(built_db_path), queries)
