"""Building and serving safely: the database and its index as one unit, leftovers of killed
builds cleaned up, a server that keeps its pair through a rebuild, bounded SQL, 400s for bad
table arguments, and the security headers on every response."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import httpx
import pytest
import sqlite_utils
from click.testing import CliRunner
from markupsafe import escape

from rulebook.cli import cli
from rulebook.db.build import build_database, bundled_source, bundled_sources
from rulebook.db.publish import APPLICATION_ID
from rulebook.db.search_index import SEARCH_TABLES
from rulebook.queries.search import search
from tests.server import in_process, served

TREACHERY_6 = bundled_source("treachery-rules-6.0.txt")
EXCERPT = bundled_source("magic-comprehensive-rules-excerpt.txt")  # with Treachery 6.0: what the checker needs


def seance_board(db_path: Path):
    """Where searching "seance board" goes: the card page if this build has the release notes."""
    return search(sqlite_utils.Database(db_path), "seance board")["redirect"]


def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


# -- one file: the database with its search tables ------------------------------------------------


def test_the_database_is_stamped_and_holds_its_search_tables(tmp_path):
    target = tmp_path / "rulebook.db"
    build_database(target, [TREACHERY_6])
    db = sqlite_utils.Database(target)
    assert db.execute("pragma user_version").fetchone()[0] > 0
    assert db.execute("pragma application_id").fetchone()[0] == APPLICATION_ID
    assert set(SEARCH_TABLES) <= set(db.table_names())
    assert sorted(path.name for path in tmp_path.iterdir()) == [".rulebook.db.lock", "rulebook.db"]
    assert search(db, "undercover")["results"][0]["url"] == "/rules/treachery-6.0/702.TR02"


@pytest.mark.slow
def test_a_rebuild_replaces_the_database_and_the_index_folder_of_earlier_versions(tmp_path):
    """Earlier versions kept the search index in a folder beside the database, rulebook-search/."""
    target = tmp_path / "rulebook.db"
    build_database(target, [TREACHERY_6])
    old = tmp_path / "rulebook-search"
    (old / "build-0000abcd").mkdir(parents=True)
    (old / ".rulebook-search-index").write_text("This folder holds the search indexes `rulebook build` made.")
    build_database(target, bundled_sources())
    assert seance_board(target) == "/cards/S%C3%A9ance%20Board"
    assert sorted(path.name for path in tmp_path.iterdir()) == [".rulebook.db.lock", "rulebook.db"]


@pytest.mark.slow
def test_concurrent_builds_to_one_path_end_with_one_whole_database(tmp_path):
    target = tmp_path / "rulebook.db"
    build_database(target, [TREACHERY_6])
    errors = []

    def build(sources):
        try:
            build_database(target, sources)
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=build, args=(sources,)) for sources in ([TREACHERY_6], bundled_sources())]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    has_the_card = (
        sqlite_utils.Database(target).execute("select count(*) from cards where name = 'Séance Board'").fetchone()[0]
    )
    assert seance_board(target) == ("/cards/S%C3%A9ance%20Board" if has_the_card else None)
    assert sorted(path.name for path in tmp_path.iterdir()) == [".rulebook.db.lock", "rulebook.db"]


def test_a_build_cleans_up_after_killed_builds_but_not_running_ones(tmp_path):
    target = tmp_path / "rulebook.db"
    build_database(target, [TREACHERY_6])
    dead, alive = dead_pid(), os.getppid()
    leftovers = [tmp_path / f"rulebook.db.tmp-{dead}-0a1b2c3d", tmp_path / f"rulebook.db.tmp-{dead}-0a1b2c3e-journal"]
    running = [tmp_path / f"rulebook.db.tmp-{alive}-0a1b2c3d"]
    not_ours = tmp_path / f"rulebook.db.tmp-{dead}-deadbeef"  # named like a leftover, but a judge's text
    for path in leftovers + running:
        path.write_bytes(b"SQLite format 3\x00" + bytes(84))
    not_ours.write_text("my notes")
    build_database(target, [TREACHERY_6])
    assert [path for path in leftovers if path.exists()] == []
    assert [path for path in running if path.exists()] == running
    assert not_ours.read_text() == "my notes"


@pytest.mark.slow
def test_a_build_killed_with_kill_9_is_cleaned_up_by_the_next(tmp_path):
    target = tmp_path / "rulebook.db"
    process = subprocess.Popen(
        [sys.executable, "-m", "rulebook", "build", "--db", str(target)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(f"rulebook.db.tmp-{process.pid}-*")):
        assert time.monotonic() < deadline and process.poll() is None, "the build never started writing"
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert list(tmp_path.glob("rulebook.db.tmp-*")) and not target.exists()
    result = CliRunner().invoke(cli, ["build", "--db", str(target), "--only", str(TREACHERY_6)])
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in tmp_path.iterdir()) == [".rulebook.db.lock", "rulebook.db"]


@pytest.mark.server
def test_a_running_server_keeps_serving_its_build_through_a_rebuild(tmp_path):
    target = tmp_path / "rulebook.db"
    build_database(target, [TREACHERY_6, EXCERPT])
    with served(target) as base:
        build_database(target, bundled_sources())
        search_answer = httpx.get(f"{base}/search.json", params={"q": "seance board"}).json()
        cards = httpx.get(f"{base}/rulebook/cards.json", params={"name": "Séance Board", "_shape": "array"}).json()
        assert (search_answer["redirect"], cards) == (None, [])  # the build it opened, search tables included
    with served(target) as base:  # restarted: the new build
        assert httpx.get(f"{base}/search.json", params={"q": "seance board"}).json()["redirect"] == (
            "/cards/S%C3%A9ance%20Board"
        )
        cards = httpx.get(f"{base}/rulebook/cards.json", params={"name": "Séance Board", "_shape": "array"}).json()
        assert [card["name"] for card in cards] == ["Séance Board"]


def test_startup_problems_are_reported_before_serving(tmp_path):
    notes = tmp_path / "notes.db"
    notes.write_text("not a database")
    result = CliRunner().invoke(cli, ["serve", "--db", str(notes), "--port", "8124"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == (
        f"Error: The server could not start on {notes}: file is not a database"
    )
    assert "Serving" not in result.output


# -- serving: headers, bounded SQL, bad table arguments ---------------------------------------------


@pytest.fixture(scope="module")
def client(built_db_path):
    datasette = asyncio.run(in_process(built_db_path))

    def get(path: str, **params) -> httpx.Response:
        return asyncio.run(datasette.client.get(path, params=params or None))

    return get


HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


@pytest.mark.parametrize(
    "path, status",
    [
        ("/", 200),
        ("/rules/treachery-6.0/907.8b", 200),
        ("/search?q=undercover", 200),
        ("/rulebook", 200),
        ("/rulebook/rules", 200),
        ("/rulebook/rules/1", 200),
        ("/rulebook/rules.json", 200),
        ("/rulebook?sql=select+1", 200),
        ("/rulebook-static/rulebook.css", 200),
        ("/-/databases.json", 200),
        ("/rules/treachery-6.0/999.9", 404),
        ("/rulebook/rules?_sort=nope", 400),
    ],
)
def test_every_response_carries_the_security_headers(client, path, status):
    response = client(path)
    assert response.status_code == status
    assert {name: response.headers.get(name) for name in HEADERS} == HEADERS
    policy = dict(part.split(" ", 1) for part in response.headers["content-security-policy"].split("; "))
    assert policy["default-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
    assert policy["script-src"].startswith("'self' 'sha256-")
    assert "'unsafe-inline'" not in policy["script-src"]


@pytest.mark.parametrize("path", ["/", "/rulebook", "/rulebook/rules", "/rulebook/rules/1", "/rulebook?sql=select+1"])
def test_every_inline_script_on_datasette_pages_is_allowed_by_its_hash(client, path):
    response = client(path)
    scripts = re.findall(r"<script>(.*?)</script>", response.text, re.DOTALL)
    allowed = response.headers["content-security-policy"].split("script-src ")[1].split(";")[0].split()
    for script in scripts:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in allowed
    assert "onclick=" not in response.text and "onload=" not in response.text


def test_databases_json_does_not_reveal_server_paths(client, built_db_path):
    response = client("/-/databases.json")
    assert [(database["name"], database["path"]) for database in response.json()] == [("rulebook", "rulebook.db")]
    assert str(built_db_path.parent) not in response.text


def test_a_huge_value_fails_at_once(client):
    started = time.monotonic()
    response = client("/rulebook.json", sql="select length(randomblob(400000000))")
    assert time.monotonic() - started < 0.5
    assert (response.status_code, response.json()["detail"]) == (400, "string or blob too big")


def test_fts3_tokenizer_cannot_be_called(client):
    response = client("/rulebook.json", sql="select fts3_tokenizer('simple')")
    assert (response.status_code, response.json()["detail"]) == (400, "not authorized to use function: fts3_tokenizer")


SORTABLE = "id, line_start, number, position, section, sort_key"
COLUMNS = (
    "canonical, document_id, id, is_subrule, line_end, line_start, number, parent_id, parent_number, part, "
    "position, section, sort_key, text, title"
)


@pytest.mark.parametrize(
    "params, error",
    [
        ({"_sort": "nope"}, f"_sort: rules cannot be sorted by 'nope'. It can be sorted by: {SORTABLE}."),
        ({"_sort_desc": "text"}, f"_sort_desc: rules cannot be sorted by 'text'. It can be sorted by: {SORTABLE}."),
        ({"_sort": "number", "_sort_desc": "number"}, "_sort and _sort_desc: give one of them, not both."),
        ({"_facet": "colour"}, f"_facet: rules has no column 'colour'. Its columns: {COLUMNS}."),
        ({"_facet_date": "nope"}, f"_facet_date: rules has no column 'nope'. Its columns: {COLUMNS}."),
        (
            {"_where": "id>0; drop table rules"},
            "_where: 'id>0; drop table rules' is not one SQL condition on rules: "
            "You can only execute one statement at a time.",
        ),
        ({"_where": "nope("}, "_where: 'nope(' is not one SQL condition on rules: near \"limit\": syntax error"),
        (
            {"_where": "colour = 'red'"},
            "_where: \"colour = 'red'\" is not one SQL condition on rules: no such column: colour",
        ),
    ],
)
def test_bad_table_arguments_are_400_not_500(client, params, error):
    response = client("/rulebook/rules.json", **params)
    problem = response.json()
    assert (response.status_code, problem["detail"]) == (400, error)
    assert problem["field"] == error.split(":")[0].split()[-1]  # the parameter the detail starts with
    page = client("/rulebook/rules", **params)
    assert page.status_code == 400 and "Bad Request" in page.text and str(escape(error)) in page.text


@pytest.mark.parametrize(
    "path, params, field",
    [
        ("/rulebook.json", {"sql": "select 1", "_timelimit": "abc"}, "_timelimit"),
        ("/rulebook/rules.json", {"_timelimit": "1e3"}, "_timelimit"),
        ("/rulebook/cards.json", {"_through": "nope"}, "_through"),
        ("/rulebook/cards.json", {"_through": '["card_notes", "card_id", 1]'}, "_through"),
        ("/rulebook/cards.json", {"_through": '{"table": "card_notes", "column": "card_id"}'}, "_through"),
    ],
)
def test_parameters_datasette_reads_unchecked_are_400s_naming_them(client, path, params, field):
    """Datasette reads _timelimit with int() and _through with json.loads: a mistake was a 500."""
    response = client(path, **params)
    assert (response.status_code, response.json()["field"]) == (400, field)
    assert response.json()["detail"].startswith(f"{field} must be ")


def test_datasettes_own_timelimit_and_through_still_work(client, built_db):
    assert client("/rulebook.json", sql="select 1", _timelimit="200").json()["rows"] == [[1]]
    document, cards = built_db.execute(
        "select document_id, count(distinct card_id) from card_notes group by 1 order by 2 desc limit 1"
    ).fetchone()
    through = json.dumps({"table": "card_notes", "column": "document_id", "value": document})
    response = client("/rulebook/cards.json", _through=through, _size="max")
    assert response.status_code == 200 and len(response.json()["rows"]) == cards


@pytest.mark.parametrize("table", ["rules", "cards", "card_notes", "lineage"])
def test_the_primary_key_sorts_as_datasettes_own_links_and_forms_ask(client, table):
    """Datasette sorts by the primary key by default and its column header and filter form send it."""
    for params in ({"_sort": "id"}, {"_sort_desc": "id"}, {"_sort": "id", "_search": "player"}):
        response = client(f"/rulebook/{table}.json", **params)
        assert response.status_code == 200, (table, params, response.text[:200])


def test_good_table_arguments_still_work(client):
    response = client("/rulebook/rules.json", _sort_desc="number", _where="number like '907.8%'", _shape="array")
    assert response.status_code == 200
    assert [row["number"] for row in response.json()][:3] == ["907.8e", "907.8d", "907.8c"]


@pytest.mark.server
def test_a_rule_page_answers_on_a_real_server_with_the_headers(built_db_path):
    with served(built_db_path) as base, urllib.request.urlopen(f"{base}/rules/treachery-6.0/907.8b") as response:
        assert response.status == 200
        assert response.headers["X-Content-Type-Options"] == "nosniff"


# -- serve what is there ------------------------------------------------------------------------------


@pytest.mark.server
def test_a_database_of_only_the_official_rules_serves_every_page(tmp_path):
    """No Treachery rules, no cards, no FAQ: every page still answers, and the checker says why it can't."""
    db_path = tmp_path / "rulebook.db"
    build_database(db_path, [bundled_source("magic-comprehensive-rules-excerpt.txt")])
    with served(db_path) as base:

        def get(path: str) -> tuple[int, str]:
            try:
                with urllib.request.urlopen(base + path, timeout=30) as response:
                    return response.status, response.read().decode()
            except urllib.error.HTTPError as error:
                return error.code, error.read().decode()

        pages = ["/", "/rules/100.1", "/rules/comprehensive-rules-excerpt/100", "/search?q=sideboard"]
        pages += ["/search.json?q=deck", "/rulebook", "/rulebook/rules", "/api", "/-/openapi.json"]
        assert {path: get(path)[0] for path in pages} == dict.fromkeys(pages, 200)
        assert "These Magic rules apply to any Magic game" in get("/rules/100.1")[1]
        status, page = get("/check")
        assert status == 503
        assert "this database is missing the Treachery rules. Rebuild it with" in page
