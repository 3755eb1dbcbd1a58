"""Which cells of Datasette's own pages link to our pages: the name of a card, a FAQ question,
a glossary term or a mechanic in its table, the card, question, mechanic or rule a canned
query's row belongs to, and which document a canned query's text comes from (so its rule
numbers link). The plugin datasette-plugins/linked_cells.py asks here."""

from __future__ import annotations

from collections.abc import Callable

from rulebook.urls import card_url, faq_url, glossary_url, mechanic_url, rule_url

# table -> (the column that names the row, the page of that name in a document)
NAMED_ROWS: dict[str, tuple[str, Callable[[str, str], str]]] = {
    "cards": ("name", lambda document, name: card_url(name, document)),
    "faq": ("question", faq_url),
    "glossary": ("term", glossary_url),
    "mechanics": ("name", mechanic_url),
}

# A canned query's "belongs_to" column names a card, question, rule or mechanic, as its "kind" says.
BELONGS_TO: dict[str, Callable[[str, str], str]] = {
    "card_notes": lambda document, name: card_url(name, document),
    "card note": lambda document, name: card_url(name, document),
    "faq": faq_url,
    "FAQ": faq_url,
    "rule note": rule_url,
    "mechanics": mechanic_url,
    "mechanic_rulings": mechanic_url,
}


def _get(row, column: str):
    try:
        value = row[column]
    except (IndexError, KeyError):
        return None
    return value["value"] if isinstance(value, dict) else value  # table pages expand foreign keys


def table_cell_url(table: str, column: str, row, slugs: dict[int, str]) -> str | None:
    """The page a table cell names, e.g. the card page of a name in the cards table."""
    named = NAMED_ROWS.get(table)
    if not named or named[0] != column:
        return None
    document = slugs.get(_get(row, "document_id"))
    value = _get(row, column)
    return named[1](document, value) if document and isinstance(value, str) else None


def query_cell_url(column: str, row) -> str | None:
    """The page a canned query's cell names: its card, its rule, what a ruling belongs to."""
    value = _get(row, column)
    if not isinstance(value, str) or not value:
        return None
    if column == "card" and _get(row, "document"):
        return card_url(value, _get(row, "document"))
    if column == "citing_rule" and _get(row, "citing_document"):
        return rule_url(_get(row, "citing_document"), value)
    if column == "belongs_to" and _get(row, "document") and _get(row, "kind") in BELONGS_TO:
        return BELONGS_TO[_get(row, "kind")](_get(row, "document"), value)
    return None


# A canned query's text columns, and the column naming the document the text belongs to.
QUERY_TEXTS = {"citing_text": "citing_document", "note_text": "document", "text": "document", "rules_text": "document"}


def query_text_document(column: str, row) -> str | None:
    """The slug of the document a canned query's text cell was read from, so its rule numbers can link."""
    return _get(row, QUERY_TEXTS[column]) if column in QUERY_TEXTS else None
