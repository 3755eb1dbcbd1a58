"""Shared fixtures: one database built from the bundled sources for the whole test session, and
Debian's chromium for the tests that drive a browser."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import pytest_asyncio
import sqlite_utils
from hypothesis import HealthCheck, settings
from playwright.sync_api import sync_playwright

from rulebook.db.build import build_database, bundled_sources
from tests.sample_documents import HOSTILE_DOCUMENT, reprinted_release_notes
from tests.server import in_process

# Tests marked with one of these run with `pytest --all-tiers` (CI, README); `pytest` alone leaves
# them out and runs the fast tier: parsers, queries, the checker, pages through Datasette's client.
TIERS = ("slow", "browser", "server", "package", "deploy")


def pytest_addoption(parser):
    parser.addoption(
        "--all-tiers",
        action="store_true",
        help=f"run every tier of tests, the ones marked {', '.join(TIERS)} too (as CI does)",
    )


# Property tests try 40 generated inputs in the fast tier and 300 with --all-tiers.
settings.register_profile(
    "fast", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
settings.register_profile(
    "all-tiers", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def pytest_configure(config):
    settings.load_profile("all-tiers" if config.getoption("--all-tiers") else "fast")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--all-tiers") or config.getoption("markexpr"):
        return
    fast = [item for item in items if not any(item.get_closest_marker(tier) for tier in TIERS)]
    if len(fast) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in fast])
        items[:] = fast


@pytest.fixture(scope="session")
def built_db_path(tmp_path_factory) -> Path:
    """rulebook.db built from every bundled document, with its search index beside it."""

    path = tmp_path_factory.mktemp("built") / "rulebook.db"
    build_database(path, bundled_sources())
    return path


@pytest.fixture(scope="session")
def built_db(built_db_path) -> sqlite_utils.Database:
    return sqlite_utils.Database(built_db_path)


def shared_corpus(name: str = "comprehensive-rules") -> Path:
    """../shared/corpora/NAME: real documents nobody here wrote (CI has ../shared beside the clone):
    comprehensive-rules/ (full official editions), release-notes/, treachery-cards.json."""
    repository = Path(__file__).resolve().parent.parent
    for folder in (repository.parent, repository.parent.parent):  # a clone, or a worktree one level deeper
        corpus = folder / "shared" / "corpora" / name
        if corpus.exists():
            return corpus
    pytest.fail(f"../shared/corpora/{name} is missing: it sits beside the clone in CI.")


def shared_corpora() -> Path:
    """../shared/corpora/comprehensive-rules/: full official editions."""
    return shared_corpus("comprehensive-rules")


@pytest.fixture(scope="session")
def two_official_editions_db_path(tmp_path_factory) -> Path:
    """The official comprehensive rules of 2020-06-01 and 2021-06-18, two editions of one family."""
    corpora = shared_corpora()
    path = tmp_path_factory.mktemp("editions") / "rulebook.db"
    build_database(path, [corpora / "MagicCompRules-20200601.txt", corpora / "MagicCompRules-20210609.txt"])
    return path


@pytest.fixture(scope="session")
def reprinted_db_path(tmp_path_factory) -> Path:
    """Two sets' release notes that both print Sol Ring (tests/sample_documents.py)."""
    folder = tmp_path_factory.mktemp("reprinted")
    build_database(folder / "rulebook.db", reprinted_release_notes(folder))
    return folder / "rulebook.db"


@pytest.fixture(scope="session")
def hostile_db_path(tmp_path_factory) -> Path:
    """The bundled documents plus a Treachery document whose rules hold HTML and script."""
    folder = tmp_path_factory.mktemp("hostile")
    source = folder / "hostile.txt"
    source.write_text(HOSTILE_DOCUMENT, encoding="utf-8")
    db_path = folder / "rulebook.db"
    build_database(db_path, [*bundled_sources(), source])
    return db_path


@pytest.fixture(scope="session")
def hostile_alone_db_path(tmp_path_factory) -> Path:
    """Only the Treachery document whose rules hold HTML and script: a quick build for escaping."""
    folder = tmp_path_factory.mktemp("hostile-alone")
    source = folder / "hostile.txt"
    source.write_text(HOSTILE_DOCUMENT, encoding="utf-8")
    build_database(folder / "rulebook.db", [source])
    return folder / "rulebook.db"


CHROMIUM = Path("/usr/bin/chromium")  # Debian's chromium: the browser tests never download one
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless, driven by Playwright, for one browser test module.

    Module-scoped: Playwright's sync API holds an event loop while it runs, which the async
    tests of the following modules must not meet."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"The browser tests drive Debian's chromium at {CHROMIUM}, which is missing: "
            "install it with `apt-get install chromium`."
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


DOCS_SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory) -> Path:
    """Where the browser tests save the pictures the docs show: docs/screenshots/ when
    RULEBOOK_SCREENSHOTS=1 is set (to refresh them), a temporary folder otherwise, so a test run
    leaves the work tree as it was."""
    if os.environ.get("RULEBOOK_SCREENSHOTS") == "1":
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return DOCS_SCREENSHOTS
    return tmp_path_factory.mktemp("screenshots")


@pytest_asyncio.fixture(scope="session")
async def site(built_db_path):
    """The site over the bundled documents, started in-process once for the whole session, for
    requests through its client: its answers depend only on the immutable files it serves, and a
    site's startup (hashing the build, loading every link) costs more than most of its tests."""
    return await in_process(built_db_path)
