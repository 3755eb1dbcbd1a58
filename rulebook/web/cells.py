"""Which cells of Datasette's own pages link to our pages: the name of a card, a FAQ question,
a glossary term or a mechanic in its table, the card, question, mechanic or rule a canned
query's row belongs to, and which document a canned query's text comes from (so its rule
numbers link). The plugin datasette-plugins/linked_cells.py asks here."""

from __future__ import annotations

from rulebook.kinds import KINDS_BY_NAME, Kind
from rulebook.urls import card_url, rule_url

# table -> the kind whose rows it holds, for the kinds a page is named by a column of their own
# (a card's name, a FAQ question, a glossary term, a mechanic's name, a rule's number)
NAMED_ROWS: dict[str, Kind] = {kind.table: kind for kind in KINDS_BY_NAME.values() if kind.owner is None}


def _page_named(kind: Kind, document: str, value: str) -> str:
    """The page of the entry of ``kind`` whose naming column holds ``value``."""
    return kind.url(document, {kind.title: value})


def belongs_to_url(kind_name: str, document: str, value: str) -> str | None:
    """A canned query's "belongs_to" cell: the card, rule, question or mechanic that an entry of
    ``kind_name`` (the registry's spelling) belongs to, or the entry itself when it belongs to none."""
    kind = KINDS_BY_NAME.get(kind_name)
    if kind is None:
        return None
    return _page_named(KINDS_BY_NAME[kind.owner] if kind.owner else kind, document, value)


def _get(row, column: str):
    try:
        value = row[column]
    except (IndexError, KeyError):
        return None
    return value["value"] if isinstance(value, dict) else value  # table pages expand foreign keys


def table_cell_url(table: str, column: str, row, slugs: dict[int, str]) -> str | None:
    """The page a table cell names, e.g. the card page of a name in the cards table."""
    kind = NAMED_ROWS.get(table)
    if not kind or kind.title != column:
        return None
    document = slugs.get(_get(row, "document_id"))
    value = _get(row, column)
    return _page_named(kind, document, value) if document and isinstance(value, str) else None


def query_cell_url(column: str, row) -> str | None:
    """The page a canned query's cell names: its card, its rule, what a ruling belongs to."""
    value = _get(row, column)
    if not isinstance(value, str) or not value:
        return None
    if column == "card" and _get(row, "document"):
        return card_url(value, _get(row, "document"))
    if column == "citing_rule" and _get(row, "citing_document"):
        return rule_url(_get(row, "citing_document"), value)
    if column == "belongs_to" and _get(row, "document"):
        return belongs_to_url(_get(row, "kind"), _get(row, "document"), value)
    return None


# A canned query's text columns, and the column naming the document the text belongs to.
QUERY_TEXTS = {"citing_text": "citing_document", "note_text": "document", "text": "document", "rules_text": "document"}


def query_text_document(column: str, row) -> str | None:
    """The slug of the document a canned query's text cell was read from, so its rule numbers can link."""
    return _get(row, QUERY_TEXTS[column]) if column in QUERY_TEXTS else None
