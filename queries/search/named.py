"""The rule or card a query names: it is where the search goes (``redirect``), and it leads the
list, left out of the ranking of the rest."""

from __future__ import annotations

import sqlite3

import sqlite_utils

from rulebook.ingest.words import fold
from rulebook.urls import card_url, rule_url

from ..rules import find_rule
from .index import read_entries
from .scope import Scope
from .shaping import results

Named = list[tuple[int, dict]]  # (entry id, result) of each entry looked up


def rule_named(db: sqlite_utils.Database, number: str, scope: Scope) -> tuple[str | None, Named, str | None]:
    """The rule's URL and the rule in each family that has it, or why there is none."""
    found = find_rule(db, number, scope.document)
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
    rules = looked_up(db.conn, ids, scope)
    named = f"{found.document_slug}/"
    rules.sort(key=lambda rule: named not in rule[1]["url"])  # the document find_rule chose first
    if scope.as_of and not scope.document:  # the rule as it stood that day: the page picks the edition
        return f"{rule_url(None, found.rule['number'])}?as_of={scope.as_of}", rules, None
    return rule_url(found.document_slug, found.rule["number"]), rules, None


def card_named(connection: sqlite3.Connection, text: str, scope: Scope) -> tuple[str | None, Named]:
    """The card whose exact name (any case, accents optional) is the query."""
    if scope.kind not in (None, "card"):
        return None, []
    where, parameters = scope.where()
    ids = [
        row[0]
        for row in connection.execute(
            f"select e.id from search_entries e where e.name_key = ? and e.kind = 'card' and {where} order by e.superseded",
            [fold(text), *parameters],
        )
    ]
    cards = looked_up(connection, ids, scope)
    if not cards:
        return None, []
    # Without a document filter the card page itself shows the current version first.
    return card_url(cards[0][1]["card"], scope.document), cards


def looked_up(connection: sqlite3.Connection, ids: list[int], scope: Scope) -> Named:
    """(entry id, result) of each entry looked up by number or name: no words to mark."""
    candidates = read_entries(connection, ids)
    return [
        (candidate.id, result) for candidate, result in zip(candidates, results(connection, candidates, scope, set()))
    ]
