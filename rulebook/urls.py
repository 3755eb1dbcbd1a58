"""The one place that knows the site's URLs, so pages, JSON and search results agree."""

from __future__ import annotations

from urllib.parse import quote

DATABASE = "rulebook"  # Datasette names the database after the file: rulebook.db


def rule_url(document: str, number: str) -> str:
    return f"/rules/{quote(document)}/{quote(number)}"


def card_url(name: str, document: str | None = None, suffix: str = "") -> str:
    """A card's page (suffix ".json": its JSON); names repeat across versions, so a document
    slug picks one."""
    url = f"/cards/{quote(name, safe='')}{suffix}"
    return f"{url}?document={quote(document)}" if document else url


def row_url(table: str, row_id: int, database: str = DATABASE) -> str:
    """Datasette's own page for one row, e.g. /rulebook/faq/3."""
    return f"/{database}/{table}/{row_id}"


def compare_url(old: str, new: str, number: str | None = None, suffix: str = "") -> str:
    """The comparison of two editions (suffix ".json": its JSON), at one rule's change if given."""
    url = f"/compare/{quote(old)}/{quote(new)}{suffix}"
    return f"{url}#rule-{quote(number)}" if number else url
