"""The registry of kinds (rulebook/kinds.py): every consumer reads it, and a kind declared wrong
fails when rulebook is imported, naming the kind."""

from __future__ import annotations

import dataclasses

import pytest

from rulebook.kinds import _DECLARED, BY_TABLE, KINDS_BY_NAME, SEARCHED, KindError, _checked, kind_rows
from rulebook.web.cells import belongs_to_url


def with_changed(which: str, **changes):
    return tuple(dataclasses.replace(kind, **changes) if kind.name == which else kind for kind in _DECLARED)


def test_the_eight_kinds_of_the_issue_and_rule_notes_each_spelled_once():
    assert list(KINDS_BY_NAME) == [
        "rule", "rule_note", "card", "card_text", "card_note", "faq", "glossary", "mechanic", "mechanic_ruling",
    ]  # fmt: skip
    assert SEARCHED == ("rule", "card", "card_note", "faq", "glossary", "mechanic", "mechanic_ruling")
    assert BY_TABLE["mechanic_rulings"].label == "mechanic ruling"


@pytest.mark.parametrize(
    "kinds, message",
    [
        (with_changed("faq", template="rulebook_faq_page.html"), "kind 'faq' (rulebook/kinds.py): it has no template"),
        (with_changed("glossary", name="faq"), "kind 'faq' (rulebook/kinds.py): its name or its table 'glossary' is"),
        (with_changed("mechanic", table="spells"), "kind 'mechanic' (rulebook/kinds.py): there is no table 'spells'"),
        (with_changed("card_note", owner="spell"), "kind 'card_note' (rulebook/kinds.py): its owner 'spell' is no"),
        (with_changed("rule", name="Card Note"), "kind 'Card Note' (rulebook/kinds.py): a kind is spelled in lower"),
        (
            with_changed("faq", title="headline"),
            "kind 'faq' (rulebook/kinds.py): its table faq has no column 'headline'",
        ),
    ],
)
def test_a_kind_declared_wrong_is_refused_naming_it(kinds, message):
    with pytest.raises(KindError) as refused:
        _checked(kinds)
    assert str(refused.value).startswith(message)


def test_the_database_holds_the_registry_for_canned_queries(built_db):
    assert [dict(row) for row in built_db.query("select name, table_name from kinds order by id")] == [
        {"name": row["name"], "table_name": row["table_name"]} for row in kind_rows()
    ]


def test_a_canned_querys_kind_links_to_the_page_its_entry_belongs_to():
    assert belongs_to_url("card_note", "treachery-6.0", "The Oracle") == "/cards/The%20Oracle?document=treachery-6.0"
    assert belongs_to_url("rule_note", "treachery-6.0", "907.8b") == "/rules/treachery-6.0/907.8b"
    assert belongs_to_url("faq", "treachery-6.0", "Can I?") == "/faq/treachery-6.0/can-i"
    assert belongs_to_url("spell", "treachery-6.0", "Can I?") is None
