"""The registry of document formats (rulebook/ingest/formats.py): detection, the build, families,
slugs, citations and contents pages read it, and a format declared wrong fails at import."""

from __future__ import annotations

import dataclasses

import pytest

from rulebook.db.families import FAMILY_PREFERENCE, family_of
from rulebook.db.slugs import document_slug
from rulebook.ingest import detect_kind
from rulebook.ingest.formats import _DECLARED, FORMATS, FormatError, _checked
from rulebook.ingest.records import DocumentInfo
from rulebook.ingest.source import decode
from rulebook.queries.citations import document_name


def with_changed(which: str, **changes):
    return tuple(dataclasses.replace(f, **changes) if f.name == which else f for f in _DECLARED)


def test_four_formats_each_with_its_family_and_the_order_rule_numbers_are_looked_up_in():
    assert list(FORMATS) == ["card texts", "release notes", "treachery rules", "comprehensive rules"]
    assert FAMILY_PREFERENCE == ("treachery", "comprehensive-rules")
    assert family_of("treachery rules", "treachery-6.0") == "treachery"
    assert family_of("release notes", "kaladesh-release-notes") == "kaladesh-release-notes"


def test_slugs_and_citation_names_come_from_the_format():
    treachery = DocumentInfo(title="Treachery", kind="treachery rules", version="6.0")
    official = DocumentInfo(title="Magic CR", kind="comprehensive rules", effective_date="2026-01-16")
    notes = DocumentInfo(title="Kaladesh Release Notes", kind="release notes")
    assert document_slug(treachery, "treachery-rules-6.0-forum-post") == "treachery-6.0-forum-post"
    assert document_slug(official, "MagicCompRules 20260116") == "comprehensive-rules-2026-01-16"
    assert document_slug(notes, "Kaladesh Release Notes") == "kaladesh-release-notes"
    assert document_name({"kind": "treachery rules", "version": "6.0"}) == "Treachery CR 6.0"
    assert document_name({"kind": "comprehensive rules", "effective_date": "2026-01-16"}) == "CR 2026-01-16"
    assert document_name({"kind": "release notes", "title": "Kaladesh Release Notes"}) == "Kaladesh Release Notes"


@pytest.mark.parametrize(
    "text, kind",
    [
        ('{"leader": []}', "card texts"),
        ("Treachery\n\nIdentities are hidden.\n\n100.1. A rule.\n", "treachery rules"),
        (
            "Magic: The Gathering Comprehensive Rules\n\n100.1. One.\n100.2. Two.\n100.3. Three.\n",
            "comprehensive rules",
        ),
        ("# Kaladesh Release Notes\n\n**GENERAL NOTES**\n\nEnergy.\n", "release notes"),
    ],
)
def test_each_format_is_recognised_from_its_text(text, kind):
    assert detect_kind(decode(text.encode(), "document.txt")) == kind


@pytest.mark.parametrize(
    "formats, message",
    [
        (
            with_changed("release notes", name="card texts"),
            "format 'card texts' (rulebook/ingest/formats.py): its name",
        ),
        (with_changed("release notes", family="treachery"), "format 'release notes' (rulebook/ingest/formats.py): a "),
        (with_changed("treachery rules", family="comprehensive-rules"), "format 'comprehensive rules' (rulebook/ing"),
        (with_changed("treachery rules", official=True), "exactly one format is the official rules"),
        (with_changed("card texts", bare_numbers="nearby"), "format 'card texts' (rulebook/ingest/formats.py): a bare"),
    ],
)
def test_a_format_declared_wrong_is_refused_naming_it(formats, message):
    with pytest.raises(FormatError) as refused:
        _checked(formats)
    assert str(refused.value).startswith(message)
