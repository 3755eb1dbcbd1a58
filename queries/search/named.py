"""The rule or card a query names: it is where the search goes (``redirect``), and it leads the
list, left out of the ranking of the rest."""

from __future__ import annotations

import re

import sqlite_utils

from rulebook.db.families import OFFICIAL
from rulebook.ingest.words import fold, stem_word
from rulebook.urls import card_url, rule_url

from ..rules import OFFICIAL_NAME, RULE_PREFIX, find_rule, locate_rule_page
from .index import read_entries
from .scope import Scope
from .shaping import results

Named = list[tuple[int, dict]]  # (entry id, result) of each entry looked up


def family_named(before: str, family_names: dict[str, str]) -> str | None:
    """The family the query names a rule in, by what it typed ``before`` the number: the official
    rules' for "CR 109.1" or "cr 109,1"; the Treachery rules' for "treachery 314.5" or "treachery's
    rule 314.5", whose own 314.5 is not the official rules' (``family_names``: the stem of the word
    that names each family, SearchIndex.family_names)."""
    if re.search(rf"\b{OFFICIAL_NAME}\W*(?:{RULE_PREFIX}\W*)?$", before, re.IGNORECASE):
        return OFFICIAL
    named = re.search(rf"(\w+?)(?:'s)?\W*(?:{RULE_PREFIX}\W*)?$", before, re.IGNORECASE)
    return family_names.get(stem_word(fold(named[1]))) if named else None


def rule_named(
    db: sqlite_utils.Database, number: str, scope: Scope, family: str | None = None
) -> tuple[str | None, Named, str | None]:
    """The rule's URL and the rule in each family that has it (``family``'s first), or why there
    is none. A section number ("903", "CR 903") opens the section's page."""
    if number.isdigit():
        return section_named(db, number, scope, family)
    found = find_rule(db, number, scope.document, family=family)
    if not found.rule:
        where = f" in {scope.document}" if scope.document else ""
        close = f" Close numbers: {', '.join(found.suggestions)}." if found.suggestions and not scope.document else ""
        return None, [], f"There is no rule {number}{where}.{close}"
    if scope.kind not in (None, "rule"):
        return None, [], None
    where, parameters = scope.where()
    ids = [
        row[0]
        for row in db.conn.execute(
            f"select e.id from search_entries e where e.number = ? and {where}", [found.rule["canonical"], *parameters]
        )
    ]
    rules = looked_up(db, ids, scope)
    named = f"{found.document_slug}/"
    rules.sort(key=lambda rule: named not in rule[1]["url"])  # the document find_rule chose first
    if scope.as_of and not scope.document:  # the rule as it stood that day: the page picks the edition
        return f"{rule_url(None, found.rule['number'])}?as_of={scope.as_of}", rules, None
    return rule_url(found.document_slug, found.rule["number"]), rules, None


def section_named(
    db: sqlite_utils.Database, number: str, scope: Scope, family: str | None
) -> tuple[str | None, Named, str | None]:
    """The section's page (the rules it holds, listed there), or why there is none."""
    if scope.kind not in (None, "rule"):
        return None, [], None
    page = locate_rule_page(db, number, scope.document, scope.as_of, family)
    if page.kind != "section":
        where = f" in {scope.document}" if scope.document else ""
        return None, [], f"There is no section {number}{where}."
    if scope.as_of and not scope.document:
        return f"{rule_url(None, number)}?as_of={scope.as_of}", [], None
    return rule_url(page.document_slug, number), [], None


def card_named(db: sqlite_utils.Database, text: str, scope: Scope) -> tuple[str | None, Named]:
    """The card whose exact name (any case, accents optional) is the query, unless a glossary
    defines that name too and the query does not ask for cards."""
    if scope.kind not in (None, "card"):
        return None, []
    where, parameters = scope.where()
    ids = [
        row[0]
        for row in db.conn.execute(
            f"select e.id from search_entries e where e.name_key = ? and e.kind = 'card' and {where} order by e.superseded",
            [fold(text), *parameters],
        )
    ]
    if not ids or (scope.kind != "card" and _glossary_defines(db, text)):
        return None, []
    cards = looked_up(db, ids, scope)
    if not cards:
        return None, []
    # Without a document filter the card page itself shows the current version first.
    return card_url(cards[0][1]["card"], scope.document), cards


def _glossary_defines(db: sqlite_utils.Database, text: str) -> bool:
    """Whether a glossary defines ``text``: "sacrifice" and "manifest dread" are the rules' words
    before they are the names of Duskmourn's cards, whose pages the query does not open (they
    rank among the results), unless it asks for cards."""
    found = db.conn.execute(
        "select 1 from search_entries where name_key = ? and kind = 'glossary' limit 1", [fold(text)]
    ).fetchone()
    return found is not None


def looked_up(db: sqlite_utils.Database, ids: list[int], scope: Scope) -> Named:
    """(entry id, result) of each entry looked up by number or name: no words to mark."""
    candidates = read_entries(db.conn, ids)
    return [(candidate.id, result) for candidate, result in zip(candidates, results(db, candidates, scope, set()))]
