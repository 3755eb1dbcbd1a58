"""Turn stored text into safe HTML where rule numbers and mentioned cards are links.

Every page (rule, card, search, Datasette's own table and row pages) renders text through
``LinkContext.render``, so a rule number is a link everywhere and nothing is ever shown
unescaped. Rule numbers are found with ``find_citations``, the function the build used to
fill ``rule_references``, and point at the same documents the build linked them to.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from urllib.parse import quote

import sqlite_utils
from markupsafe import Markup, escape

from rulebook.db.links import Citations
from rulebook.queries.compare import stale_citations
from rulebook.urls import card_url, rule_url


@dataclass(frozen=True)
class _Link:
    start: int
    end: int
    url: str
    css_class: str


@dataclass
class LinkContext:
    """What linking needs from a built database, read once: it never changes while served."""

    slugs: dict[int, str]  # document id -> slug
    citations: Citations  # where each rule number points (db/links.py, as the build linked it)
    mentions: dict[tuple[str, int], dict[str, str]]  # (table, row id) -> {name as written: card name}
    stale: dict[tuple[str, int], list[dict]]  # (table, row id) -> rules it cites that changed since

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

    def _rule_links(self, text: str, document_id: int) -> list[_Link]:
        links = []
        for found in self.citations.resolve(text, document_id):
            if found.resolution != "unresolved":  # a number that leads nowhere is not a link
                citation = found.citation
                url = rule_url(self.slugs[found.document_id], citation.number)
                links.append(_Link(citation.start, citation.end, url, "rule-link"))
        return links

    def _card_links(self, text: str, source: tuple[str, int] | None) -> list[_Link]:
        names = self.mentions.get(source, {}) if source else {}
        if not names:
            return []
        pattern = re.compile(
            r"(?<!\w)(" + "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)) + r")(?!\w)"
        )
        return [
            _Link(match.start(), match.end(), card_url(names[match.group(1)]), "card-link")
            for match in pattern.finditer(text)
        ]

    def render(self, text: str | None, document_id: int, source: tuple[str, int] | None = None) -> Markup:
        """``text`` escaped, with its rule numbers and the cards its row mentions as links.

        ``source`` is the (table, row id) the text was read from; it says which card names
        in it the build recognised as mentions.
        """
        if not text:
            return Markup("")
        links = sorted(
            self._rule_links(text, document_id) + self._card_links(text, source), key=lambda link: link.start
        )
        html, position = [], 0
        for link in links:
            if link.start < position:
                continue  # a rule number inside a card name, or the reverse: the first one wins
            html.append(escape(text[position : link.start]))
            html.append(
                Markup('<a class="{}" href="{}">{}</a>').format(link.css_class, link.url, text[link.start : link.end])
            )
            position = link.end
        html.append(escape(text[position:]))
        cited = {link.url.rsplit("/", 1)[-1] for link in links if link.css_class == "rule-link"}
        for flag in self.stale.get(source, []) if source else []:
            if quote(flag["cited_as"]) not in cited:
                continue  # the flag goes with the text that cites the rule (an answer, not its question)
            html.append(
                Markup(' <span class="stale">rule {} {} on {} (<a href="{}">what changed</a>)</span>').format(
                    flag["number"],
                    "was removed" if flag["status"] == "removed" else "changed",
                    flag["changed_on"],
                    flag["url"],
                )
            )
        return Markup("").join(html)


_MARK = re.compile(r"(</?mark>)")


def safe_snippet(snippet: str) -> Markup:
    """A search snippet as HTML that can hold nothing but text and <mark> highlights.

    The search function escapes its snippets already; normalising them here means a page
    never trusts HTML that it did not make itself.
    """
    return Markup("").join(
        Markup(part) if _MARK.fullmatch(part) else escape(html.unescape(part)) for part in _MARK.split(snippet or "")
    )
