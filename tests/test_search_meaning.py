"""Questions in players' own words: the slang the rules don't use, what a rule is about without
saying it, the current rule before the one it replaced, the answer shown first, and search by
words alone when the meaning model is missing."""

from __future__ import annotations

import logging
import shutil

import pytest
import sqlite_utils
from click.testing import CliRunner

from rulebook.cli import cli
from rulebook.ingest import meaning
from rulebook.queries.search import index as search_index_module
from rulebook.queries.search import search
from rulebook.queries.search.meaning import Meanings


@pytest.fixture(scope="module")
def find(built_db):
    def find(query, **filters):
        return search(built_db, query, **filters)

    return find


def first(found: dict) -> tuple:
    """(kind, document, the rule's number or the entry's title)."""
    result = found["results"][0]
    return result["kind"], result["document"], result["number"] or result["title"]


def place_of(found: dict, document: str, number: str) -> int:
    places = [
        place
        for place, result in enumerate(found["results"], start=1)
        if (result["document"], result["number"]) == (document, number)
    ]
    return places[0] if places else 0


@pytest.mark.parametrize(
    "question, answer",
    [
        # "died" and "knocked out": the rules say the Leader "has lost the game"
        ("the leader died, who wins", "907.8c"),
        # "peek": the rules say "look at"
        ("can I peek at my face-down identity", "372.8"),
        # "role": the rules' own other name, "identity types (or roles)"
        ("what is my role", "205.3tr"),
        # "flip": turn face up, unveil; 702.TR01c says when ("any time you have priority")
        ("when can I flip my identity card", "702.TR01c"),
    ],
)
def test_a_players_words_find_the_rule_in_the_rules_words(find, question, answer):
    assert first(find(question)) == ("rule", "treachery-6.0", answer)


def test_a_rule_is_found_by_its_section_though_it_does_not_repeat_it(find):
    """810.4 says "Each team has a shared life total, which starts at 30 life": it is in the
    Two-Headed Giant section, which it never names."""
    found = find("what is the starting life total in two-headed giant")
    assert 0 < place_of(found, "comprehensive-rules-2026-01-16", "810.4") <= 5
    assert {result["number"] for result in found["results"][:2]} == {"119.1a", "103.4a"}  # these say it outright


def test_the_current_rule_comes_before_the_rule_it_replaced(find):
    found = find("what happens when the leader leaves the game")
    current = min(
        place or 99 for place in (place_of(found, "treachery-6.0", number) for number in ("907.11", "907.11a"))
    )
    assert 0 < current <= 3
    replaced = [place for place, result in enumerate(found["results"], 1) if result["document"] == "treachery-1.1"]
    assert replaced and min(replaced) > current
    # in force on a day before 6.0, the 1.1 rules are the answer
    then = find("what happens when the leader leaves the game", as_of="2020-01-01")
    assert {result["document"] for result in then["results"]} == {"treachery-1.1", "treachery-1.1-forum-post"}
    assert then["results"][0]["document"] == "treachery-1.1"


def test_when_one_result_clearly_answers_the_json_gives_it_whole(find):
    answer = find("hidden teams")["answer"]
    assert answer["kind"] == "rule" and answer["document"] == "treachery-6.0" and answer["title"] == "907.2 · Treachery"
    assert answer["url"] == "/rules/treachery-6.0/907.2"
    assert answer["text"].startswith("A Treachery game is always a multiplayer game, played with four or more players")
    assert [subrule["number"] for subrule in answer["subrules"]] == ["907.2a", "907.2b", "907.2c"]
    assert answer["subrules"][0] == {
        "number": "907.2a",
        "text": "The teams are defined by the identity cards dealt to the players before the game starts. "
        "See rule 907.5.",
        "url": "/rules/treachery-6.0/907.2a",
    }


def test_a_whole_faq_answer_is_the_answer_to_its_question(find):
    answer = find("does the traitor need to kill the guardian")["answer"]
    assert (answer["kind"], answer["title"]) == ("faq", "Does the Traitor need to defeat the Guardian?")
    assert answer["text"].startswith("No, the Guardian loses the game as soon as the Leader has lost the game.")
    assert answer["subrules"] == []


def test_no_answer_is_marked_when_several_results_answer_alike(find):
    found = find("undercover guardian")
    assert found["results"] and found["answer"] is None
    assert find("hidden teams", offset=20)["answer"] is None  # the answer is the first result's, on the first page
    assert find("907.2")["answer"] is None  # a rule number goes to the rule itself


async def test_the_page_shows_the_answer_above_the_results_with_its_subrules(site):
    page = (await site.client.get("/search?q=hidden+teams")).text
    answer = page.index('<section class="answer result-rule"')
    assert answer < page.index('<ol class="results"')
    shown = page[answer : page.index("</section>", answer)]
    assert '<a href="/rules/treachery-6.0/907.2">907.2 · Treachery</a>' in shown
    assert '<li><a href="/rules/treachery-6.0/907.2a">907.2a</a> The teams are defined' in shown
    assert (
        'See rule <a class="rule-link" href="/rules/treachery-6.0/907.5">907.5</a>.' in shown
    )  # linked, as everywhere
    assert '<section class="answer' not in (await site.client.get("/search?q=undercover+guardian")).text


def test_the_command_line_prints_the_answer_first(built_db_path):
    printed = CliRunner().invoke(cli, ["search", "--db", str(built_db_path), "hidden", "teams", "--limit", "1"]).output
    assert printed.startswith(
        "\nAnswer: 907.2 · Treachery (treachery-6.0, /rules/treachery-6.0/907.2)\nA Treachery game"
    )
    assert "\n  907.2c  The Treachery variant is best paired with the Commander/EDH variant." in printed


@pytest.fixture
def no_model(monkeypatch, tmp_path):
    """The model's weights unreadable, as on a machine where the file is damaged."""
    (tmp_path / "weights").mkdir()
    (tmp_path / "weights" / "l2_supercat_256.safetensors").write_bytes(b"this is not a safetensors file")
    shutil.copytree(meaning._model_folder() / "tokenizers", tmp_path / "tokenizers")
    monkeypatch.setattr(meaning, "_model_folder", lambda: tmp_path)
    caches = (meaning.embedder, meaning.model_name, search_index_module._cached_index)
    for cache in caches:  # the search tables read again, without the model
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def test_without_the_models_weights_search_ranks_by_words_and_says_so_once(built_db_path, no_model, caplog):
    db = sqlite_utils.Database(built_db_path)
    with caplog.at_level(logging.WARNING, logger="rulebook.meaning"):
        found = [search(db, question) for question in ("the leader died, who wins", "hidden teams", "")]
    assert first(found[0]) == ("rule", "treachery-6.0", "907.8c")
    assert found[1]["answer"]["title"] == "907.2 · Treachery"
    assert found[2]["message"]
    warnings = [record.getMessage() for record in caplog.records]
    assert warnings == [
        "rulebook: the wordllama l2_supercat 256 model could not be loaded (l2_supercat_256.safetensors: not a "
        "safetensors file); search ranks by words alone."
    ]


def test_a_build_without_the_model_has_no_vectors_and_searches_by_words(tmp_path, no_model):
    from rulebook.db.build import build_database, bundled_source

    path = tmp_path / "rulebook.db"
    build_database(path, [bundled_source("treachery-rules-6.0.txt")])
    db = sqlite_utils.Database(path)
    assert db["search_vectors"].count == 0 and db["search_vector_model"].count == 0
    assert first(search(db, "do traitors have teammates")) == ("rule", "treachery-6.0", "907.5c")


def test_vectors_made_by_another_model_are_not_compared_with_this_ones(tmp_path, built_db_path, caplog):
    copy = tmp_path / "rulebook.db"
    shutil.copy(built_db_path, copy)
    db = sqlite_utils.Database(copy)
    db.execute("update search_vector_model set model = 'wordllama l2_supercat 256 (wordllama 0.1.0)'")
    db.conn.commit()
    with caplog.at_level(logging.WARNING, logger="rulebook.meaning"):
        found = search(db, "the leader died, who wins")
    assert first(found) == ("rule", "treachery-6.0", "907.8c")
    assert "vectors were made by wordllama l2_supercat 256 (wordllama 0.1.0), not by" in caplog.text


def test_entries_a_later_edition_replaced_take_no_place_among_the_closest(two_official_editions_db_path):
    import sqlite3

    meanings = Meanings.read(sqlite3.connect(two_official_editions_db_path))
    replaced = set(meanings.ids[meanings.superseded].tolist())
    assert len(replaced) > 100  # 2020-06-01's rules that 2021-06-09 changed or removed
    with_old = [entry for entry, _ in meanings.nearest("mutate over creature", 20, None, None, set(), current=False)]
    current = [entry for entry, _ in meanings.nearest("mutate over creature", 20, None, None, set(), current=True)]
    assert len(replaced & set(with_old)) >= 2 and not replaced & set(current)
    assert len(current) == 20
