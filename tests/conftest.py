"""Shared fixtures: one database built from the bundled sources for the whole test session."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlite_utils

from rulebook.db.build import build_database, bundled_sources

REPO = Path(__file__).resolve().parent.parent
SOURCES = REPO / "data" / "sources"


@pytest.fixture(scope="session")
def built_db_path(tmp_path_factory) -> Path:
    """rulebook.db built from every bundled document, with its search index beside it."""
    from rulebook.queries.search_index import build_search_index

    path = tmp_path_factory.mktemp("built") / "rulebook.db"
    build_database(path, bundled_sources(), after_write=build_search_index)
    return path


@pytest.fixture(scope="session")
def built_db(built_db_path) -> sqlite_utils.Database:
    return sqlite_utils.Database(built_db_path)
