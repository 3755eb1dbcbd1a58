"""The one place that knows the site's URLs, so pages, JSON and search results agree.

Every path here is relative to the site's root ("/rules/..."); the web layer adds Datasette's
``base_url`` when it emits them. What a path names is stable across rebuilds: document slugs,
rule numbers as printed, card names, and the slugs of FAQ questions, glossary terms and
mechanics (made from their text by ``entry_slug``), never row ids.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

DATABASE = "rulebook"  # Datasette names the database after the file: rulebook.db


def rule_url(document: str | None, number: str, suffix: str = "") -> str:
    """A rule's page; without a document, the newest Treachery rules that have it, else the official rules."""
    if document is None:
        return f"/rules/{quote(number)}{suffix}"
    return f"/rules/{quote(document)}/{quote(number)}{suffix}"


def card_url(name: str, document: str | None = None, suffix: str = "") -> str:
    """A card's page (suffix ".json": its JSON); names repeat across versions, so a document
    slug picks one."""
    url = f"/cards/{quote(name, safe='')}{suffix}"
    return f"{url}?document={quote(document)}" if document else url


def entry_slug(text: str) -> str:
    """The URL name of a FAQ question, glossary term or mechanic: "Reminder: 104.2c" -> "reminder-104.2c"."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    folded = re.sub(r"['\u2019`\"]", "", folded)
    words = [word.strip(".") for word in re.split(r"[^a-z0-9.]+", folded)]
    return "-".join(word for word in words if word) or "-"


def faq_url(document: str, question: str, suffix: str = "") -> str:
    return f"/faq/{quote(document)}/{entry_slug(question)}{suffix}"


def glossary_url(document: str, term: str, suffix: str = "") -> str:
    return f"/glossary/{quote(document)}/{entry_slug(term)}{suffix}"


def mechanic_url(document: str, name: str, suffix: str = "") -> str:
    return f"/mechanics/{quote(document)}/{entry_slug(name)}{suffix}"


def document_url(document: str, suffix: str = "") -> str:
    """A document's contents page: its parts, sections and rules, its cards and entries."""
    return f"/documents/{quote(document)}{suffix}"


def row_url(table: str, row_id: int, database: str = DATABASE) -> str:
    """Datasette's own page for one row, e.g. /rulebook/passages/3."""
    return f"/{database}/{table}/{row_id}"


def compare_url(old: str, new: str, number: str | None = None, suffix: str = "") -> str:
    """The comparison of two editions (suffix ".json": its JSON), at one rule's change if given:
    with the rule's section open (a long comparison opens the others only when asked)."""
    url = f"/compare/{quote(old)}/{quote(new)}{suffix}"
    return f"{url}?section={quote(number.split('.', 1)[0])}#rule-{quote(number)}" if number else url
