"""The rule numbers a text cites (ingest/references.py), read from strings."""

from __future__ import annotations

import dataclasses

import pytest

from rulebook.ingest.references import find_citations
from rulebook.web.rendering import LinkContext


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("see rules 119.9–10.", ["119.9", "119.10"]),
        ("Follow rules 601.2f–h.", ["601.2f", "601.2h"]),
        ("Follow rules 601.2f-h.", ["601.2f", "601.2h"]),  # older editions print a hyphen
        ("see rules 100.1-100.4", ["100.1", "100.4"]),
        ("see rules 903.6–903.11.", ["903.6", "903.11"]),
        ("rules 111.10j–r", ["111.10j", "111.10r"]),
        # no range the rules could mean: a letter or number before the first, or no plain rule
        ("601.2f–c", ["601.2f"]),
        ("119.10–9", ["119.10"]),
        ("702.TR01–02", ["702.TR01"]),
        ("702.TrUnv-3–5", ["702.TrUnv-3"]),
        ("702.19–19b", ["702.19"]),
    ],
)
def test_the_end_of_a_range_of_rules_is_cited_too(text, cited):
    assert [citation.number for citation in find_citations(text)] == cited


def test_a_range_end_is_marked_where_it_is_printed():
    text = "see rules 119.9–10."
    assert [text[citation.start : citation.end] for citation in find_citations(text)] == ["119.9", "10"]


def test_a_range_end_that_changed_since_is_flagged(built_db):
    """A text citing "601.2f–h" is flagged for 601.2h when that rule changed after it was written,
    as for 601.2f: the flags read the numbers cited, not the links' text ("h")."""
    official = built_db.execute("select id from documents where slug = 'comprehensive-rules-2026-01-16'").fetchone()[0]
    source = ("faq", 1)
    flags = [
        {"number": number, "cited_as": number, "status": "changed", "changed_on": "2026-02-01", "url": "/compare"}
        for number in ("601.2f", "601.2h")
    ]
    context = dataclasses.replace(LinkContext.load(built_db), stale={source: flags})
    rendered = context.render("Follow rules 601.2f–h.", official, source)
    assert 'href="/rules/comprehensive-rules-2026-01-16/601.2h">h</a>' in rendered
    assert [flag for flag in ("rule 601.2f changed", "rule 601.2h changed") if flag in rendered] == [
        "rule 601.2f changed",
        "rule 601.2h changed",
    ]
