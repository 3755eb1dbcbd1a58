"""Turn stored text into safe HTML where rule numbers and mentioned cards are links.

Every page (rule, card, search, Datasette's own table and row pages) renders text through
``LinkContext.render``, so a rule number is a link everywhere, a mana symbol is drawn as one,
and nothing is ever shown unescaped. Rule numbers are found with ``find_citations``, the function
the build used to fill ``rule_references``, and point at the same documents the build linked them to.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from urllib.parse import quote

import sqlite_utils
from markupsafe import Markup, escape

from rulebook.db.links import Citations, Resolved
from rulebook.ingest.references import find_citations
from rulebook.queries.compare import stale_citations
from rulebook.urls import card_url, rule_url

from .symbols import SYMBOL, symbol_markup


@dataclass(frozen=True)
class _Span:
    """A stretch of text drawn as markup: a link to a rule or card, or a mana symbol."""

    start: int
    end: int
    html: Markup


def _anchor(css_class: str, url: str, text: str) -> Markup:
    return Markup('<a class="{}" href="{}">{}</a>').format(css_class, url, text)


def _symbol_spans(text: str) -> list[_Span]:
    spans = []
    for match in SYMBOL.finditer(text):
        markup = symbol_markup(match.group(0))
        if markup:
            spans.append(_Span(match.start(), match.end(), markup))
    return spans


def _joined(text: str, spans: list[_Span]) -> Markup:
    """``text`` escaped, with ``spans`` drawn in place; of two overlapping spans the first wins."""
    parts, position = [], 0
    for span in sorted(spans, key=lambda span: span.start):
        if span.start < position:
            continue  # a rule number inside a card name, or the reverse
        parts.append(escape(text[position : span.start]))
        parts.append(span.html)
        position = span.end
    parts.append(escape(text[position:]))
    return Markup("").join(parts)


def render_symbols(text: str | None) -> Markup:
    """A mana cost such as {2}{W}, escaped, its symbols drawn."""
    return _joined(text or "", _symbol_spans(text or ""))


@dataclass
class LinkContext:
    """What linking needs from a built database, read once: it never changes while served."""

    slugs: dict[int, str]  # document id -> slug
    citations: Citations  # where each rule number points (db/links.py, as the build linked it)
    mentions: dict[tuple[str, int], dict[str, str]]  # (table, row id) -> {name as written: card name}
    stale: dict[tuple[str, int], list[dict]]  # (table, row id) -> rules it cites that changed since
    base_url: str = "/"  # Datasette's base_url setting: every link starts with it

    @classmethod
    def load(cls, db: sqlite_utils.Database) -> LinkContext:
        documents = list(db.query("select id, slug from documents"))
        mentions: dict[tuple[str, int], dict[str, str]] = {}
        for row in db.query(
            """select m.source_table, m.source_id, m.card_name, c.name as card
               from card_mentions m join cards c on c.id = m.card_id order by m.id"""
        ):
            mentions.setdefault((row["source_table"], row["source_id"]), {})[row["card_name"]] = row["card"]
        return cls(
            slugs={doc["id"]: doc["slug"] for doc in documents},
            citations=Citations(db),
            mentions=mentions,
            stale=stale_citations(db),
        )

    @cached_property
    def document_ids(self) -> dict[str, int]:
        """Document slug -> id."""
        return {slug: document_id for document_id, slug in self.slugs.items()}

    def _path(self, url: str) -> str:
        return self.base_url + url.lstrip("/")

    def _linked_citations(self, text: str, document_id: int) -> list[Resolved]:
        """The citations of ``text`` that lead somewhere: a number that leads nowhere is no link."""
        return [found for found in self.citations.resolve(text, document_id) if found.resolution != "unresolved"]

    def _rule_links(self, text: str, linked: list[Resolved]) -> list[_Span]:
        return [
            _Span(
                found.citation.start,
                found.citation.end,
                _anchor(
                    "rule-link",
                    self._path(rule_url(self.slugs[found.document_id], found.citation.number)),
                    text[found.citation.start : found.citation.end],  # as printed: "10" of "119.9–10"
                ),
            )
            for found in linked
        ]

    def _stale_flags(self, linked: list[Resolved], source: tuple[str, int] | None) -> list[Markup]:
        """ "rule 702.19b changed on 2022-04-29 (what changed)" for each rule the text cites that
        changed after its document's date (the flag goes with the text that cites it)."""
        cited = {quote(found.citation.number) for found in linked}
        return [
            Markup(' <span class="stale">rule {} {} on {} (<a href="{}">what changed</a>)</span>').format(
                flag["number"],
                "was removed" if flag["status"] == "removed" else "changed",
                flag["changed_on"],
                self._path(flag["url"]),
            )
            for flag in (self.stale.get(source, []) if source else [])
            if quote(flag["cited_as"]) in cited
        ]

    def _card_links(self, text: str, source: tuple[str, int] | None) -> list[_Span]:
        names = self.mentions.get(source, {}) if source else {}
        if not names:
            return []
        pattern = re.compile(
            r"(?<!\w)(" + "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)) + r")(?!\w)"
        )
        return [
            _Span(
                match.start(),
                match.end(),
                _anchor("card-link", self._path(card_url(names[match.group(1)])), match.group(0)),
            )
            for match in pattern.finditer(text)
        ]

    def render(self, text: str | None, document_id: int, source: tuple[str, int] | None = None) -> Markup:
        """``text`` escaped, with its rule numbers and the cards its row mentions as links.

        ``source`` is the (table, row id) the text was read from; it says which card names
        in it the build recognised as mentions.
        """
        if not text:
            return Markup("")
        cited = self._linked_citations(text, document_id)
        linked = _joined(text, self._rule_links(text, cited) + self._card_links(text, source) + _symbol_spans(text))
        return Markup("").join([linked, *self._stale_flags(cited, source)])


_SAYS_MISSING = re.compile(r"\bno rule\s*$", re.IGNORECASE)


def _numbers_linked(text: str, base_url: str) -> Markup:
    """Plain text escaped, each rule number in it a link to the page that finds it in any document
    (except a number the text says is missing: "There is no rule 907.88")."""
    links = [
        _Span(
            citation.start,
            citation.end,
            _anchor(
                "rule-link", base_url + rule_url(None, citation.number).lstrip("/"), text[citation.start : citation.end]
            ),
        )
        for citation in find_citations(text)
        if not _SAYS_MISSING.search(text[: citation.start])
    ]
    return _joined(text, links + _symbol_spans(text))


_MARK = re.compile(r"(</?mark>)")


def safe_snippet(snippet: str, base_url: str = "/", linked: Callable[[str], Markup] | None = None) -> Markup:
    """A search snippet (or message) as HTML that can hold nothing but text, <mark> highlights
    and links on its rule numbers.

    The search function escapes its snippets already; normalising them here means a page
    never trusts HTML that it did not make itself. A result's snippet is ``linked`` as the text
    of its document is (LinkContext.render: "see rule 116" in the official rules opens their
    116); a message quotes no document, so its rule numbers open /rules/NUMBER, which finds the
    number in the newest Treachery rules, else the official rules.
    """
    linked = linked or (lambda text: _numbers_linked(text, base_url))
    return Markup("").join(
        Markup(part) if _MARK.fullmatch(part) else linked(html.unescape(part)) for part in _MARK.split(snippet or "")
    )
