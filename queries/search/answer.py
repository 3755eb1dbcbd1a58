"""The search answer (a public contract: /search.json returns it as is, `rulebook search --json`
prints it), declared once: the OpenAPI document's SearchAnswer and the field table of
docs/api.md are generated from these models, and the tests hold real answers to them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulebook.kinds import SEARCHED
from rulebook.queries.declaring import Declared, Url

from .answer_box import CLEAR_MARGIN, FUSED_MARGIN

SearchKind = Literal[SEARCHED]  # rulebook/kinds.py: every kind search finds


class SearchResult(Declared):
    """One search result."""

    kind: SearchKind = Field(description="What it is.")
    document: str = Field(description="Its document's slug: treachery-6.0.")
    version: str | None = Field(description="Its document's version, or null.")
    number: str | None = Field(description="For rules, the number as printed; otherwise null.")
    rule_title: str | None = Field(
        description="For rules, what the rule is about: its own title or heading, else its parent's, else its "
        "section's (Trample for 702.19b, Two-Headed Giant Variant for 810.1); otherwise null."
    )
    card: str | None = Field(description="For cards and card notes, the card's name; otherwise null.")
    question: str | None = Field(description="For FAQ entries, the question; otherwise null.")
    title: str = Field(
        description="What to show: 702.19b · Trample (a rule's number and rule_title), The Great Martyr — note 3, "
        "the FAQ question, the term."
    )
    snippet: str = Field(description="HTML: the matching passage, escaped, matched words in <mark>…</mark>.")
    url: Url = Field(description="The result's page: /rules/treachery-6.0/907.8b, /cards/The%20Spy#note-1.")
    score: float = Field(description="Relevance, higher is better; comparable within one answer.")
    earlier_editions: int = Field(
        description="How many earlier editions of the document's family also have this entry."
    )
    not_in: str | None = Field(
        description="For an entry only older editions have (a later one removed or replaced it), the slug of its "
        "family's current edition, which does not have it: treachery-6.0; otherwise null."
    )


class SearchedEdition(Declared):
    """The edition of one family that was searched."""

    family: str = Field(description="The family: treachery, comprehensive-rules, a set's release notes.")
    document: str = Field(description="The edition's slug.")
    version: str | None = Field(description="Its version, or null.")
    effective_date: str | None = Field(description="Its effective date, or null.")
    edition: int = Field(description="Its place in the family (1 = oldest).")
    current: str = Field(description="The slug of the family's current edition.")


class AnswerSubrule(Declared):
    """A subrule of the rule shown whole."""

    number: str = Field(description="The subrule's number.")
    text: str = Field(description="Its text.")
    url: Url = Field(description="Its page.")


class WholeAnswer(Declared):
    """The first result whole, when it clearly answers (queries/search/answer_box.py)."""

    kind: SearchKind = Field(description="Its kind, as in results.")
    document: str = Field(description="Its document's slug.")
    title: str = Field(description="Its title, as in results.")
    rule_title: str | None = Field(description="For a rule, what it is about, as in results; otherwise null.")
    url: Url = Field(description="Its page.")
    text: str = Field(description="Its whole text: a rule with its notes, a whole ruling, a FAQ answer, a card's text.")
    subrules: list[AnswerSubrule] = Field(description="For a rule, its subrules in order; otherwise empty.")


class SearchAnswer(Declared):
    """The search answer: a redirect, ranked results and a message (queries/search/__init__.py)."""

    query: str = Field(description="The query as typed.")
    corrected_query: str | None = Field(
        description="The query searched instead, misspellings corrected (assasin: assassin), or null."
    )
    message: str | None = Field(
        description="A sentence for the reader: the correction, or why nothing matched; or null."
    )
    redirect: Url | None = Field(
        description="The page to go straight to: the rule a rule number names, the card an exact card name "
        "names; or null."
    )
    offset: int = Field(description="How many results this page skips (paging): 0 for the first page.")
    limit: int = Field(description="How many results were asked for.")
    total: int = Field(description="How many results there are in all.")
    as_of: str | None = Field(
        description="The date asked for (YYYY-MM-DD): per family, the edition in force that day was searched; or null."
    )
    editions: list[SearchedEdition] = Field(
        description="With as_of (or when an edition is published before it takes effect): per family, the "
        "edition searched; otherwise empty."
    )
    answer: WholeAnswer | None = Field(
        description=f"When the first result clearly answers (its words match {CLEAR_MARGIN:g} times better than any "
        f"other's, or words and meaning place it {FUSED_MARGIN:g} times ahead of the second; an FAQ answer, only "
        "when the query has its question's words, and then whatever the margin): the whole of it, which the page "
        "shows above the list; otherwise null."
    )
    results: list[SearchResult] = Field(description="The results, best first.")


# An example, as the bundled documents answer it (the OpenAPI document's example for the endpoint)
SEARCH_EXAMPLE = {
    "query": "assasin win",
    "corrected_query": "assassin win",
    "message": 'Showing results for "assassin win".',
    "redirect": None,
    "offset": 0,
    "limit": 20,
    "total": 61,
    "as_of": None,
    "editions": [],
    "answer": None,
    "results": [
        {
            "kind": "rule",
            "document": "treachery-6.0",
            "version": "6.0",
            "number": "907.8b",
            "rule_title": "Treachery",
            "card": None,
            "question": None,
            "title": "907.8b · Treachery",
            "url": "/rules/treachery-6.0/907.8b",
            "snippet": "…from losing the game (such as <mark>Platinum</mark> <mark>Angel</mark>).",
            "score": 18.868,
            "earlier_editions": 0,
            "not_in": None,
        }
    ],
}
