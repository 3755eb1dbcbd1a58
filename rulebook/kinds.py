"""The kinds of entry a judge looks up, each declared once: rule, card, card text, card note, FAQ,
glossary term, mechanic and mechanic ruling.

A kind says which table holds it (db/tables.py declares the table's columns, from the record the
parser makes), how a page and the JSON name one and many, the one spelling search, the API and
canned queries use ("card_note"), where its page is and which template draws it, whether search
finds it, whether its text rules on the rules (so it is flagged when a rule it cites changes),
and the schema of one entry in the API. The build, the search tables, the pages, Datasette's
linked cells, compare's stale flags and the OpenAPI document loop over ``KINDS_BY_NAME``; adding a kind
is adding it here, with its parser and its template.

A mistake here fails at import, naming the kind: a spelling used twice, a table or column that is
not declared, an owner that is no kind, a kind without a template.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rulebook.db.tables import TABLES
from rulebook.resources import package_folder
from rulebook.urls import card_url, faq_url, glossary_url, mechanic_url, rule_url


class KindError(Exception):
    """A kind declared wrong: the message names it."""


@dataclass(frozen=True)
class Kind:
    name: str  # the one spelling: in search results, the API, canned queries ("card_note")
    label: str  # how a page names one ("card note")
    plural: str  # and many ("card notes")
    table: str  # the table of its rows (db/tables.py)
    title: str  # the column that names one: "number", "name", "question", "term", or "position" under its owner
    template: str  # the template that draws it: its own page's, or its owner's page's
    # (document slug, row with its title or its owner and position, suffix ".json") -> its page
    url: Callable[..., str]
    owner: str | None = None  # the kind it belongs to and is shown with: a card note's card
    path: str | None = None  # its own pages' first step, /faq/DOCUMENT/QUESTION, for the entry kinds
    searched: bool = True  # search finds it (db/search_index.py indexes it)
    rules_on_rules: bool = False  # a ruling: flagged when a rule it cites changed after its date


def _numbered(page: Callable[..., str], anchor: str) -> Callable[..., str]:
    """Where an item numbered under its owner is: its owner's page, at its anchor (#note-3)."""
    return lambda document, row, suffix="": f"{page(document, row['owner'], suffix)}#{anchor}-{row['position']}"


_DECLARED = (
    Kind(
        "rule", "rule", "rules", "rules", "number", "rulebook_rule.html",
        url=lambda document, row, suffix="": rule_url(document, row["number"], suffix),
    ),
    Kind(
        "rule_note", "rule note", "rule notes", "rule_paragraphs", "position", "rulebook_rule.html",
        url=lambda document, row, suffix="": rule_url(document, row["owner"], suffix),
        owner="rule", searched=False,
    ),
    Kind(
        "card", "card", "cards", "cards", "name", "rulebook_card.html",
        url=lambda document, row, suffix="": card_url(row["name"], document, suffix),
    ),
    Kind(
        "card_text", "card text", "card texts", "card_texts", "name", "rulebook_card.html",
        url=lambda document, row, suffix="": card_url(row["name"], suffix=suffix),
        owner="card", searched=False,
    ),
    Kind(
        "card_note", "card note", "card notes", "card_notes", "position", "rulebook_card.html",
        url=_numbered(lambda document, card, suffix: card_url(card, document, suffix), "note"),
        owner="card", rules_on_rules=True,
    ),
    Kind(
        "faq", "FAQ", "FAQ", "faq", "question", "rulebook_faq.html",
        url=lambda document, row, suffix="": faq_url(document, row["question"], suffix),
        path="faq", rules_on_rules=True,
    ),
    Kind(
        "glossary", "glossary entry", "glossary entries", "glossary", "term", "rulebook_glossary.html",
        url=lambda document, row, suffix="": glossary_url(document, row["term"], suffix),
        path="glossary",
    ),
    Kind(
        "mechanic", "mechanic", "mechanics", "mechanics", "name", "rulebook_mechanic.html",
        url=lambda document, row, suffix="": mechanic_url(document, row["name"], suffix),
        path="mechanics",
    ),
    Kind(
        "mechanic_ruling", "mechanic ruling", "mechanic rulings", "mechanic_rulings", "position",
        "rulebook_mechanic.html",
        url=_numbered(mechanic_url, "ruling"),
        owner="mechanic", rules_on_rules=True,
    ),
)  # fmt: skip

_SPELLING = re.compile(r"^[a-z]+(?:_[a-z]+)*$")


def _checked(kinds: tuple[Kind, ...]) -> dict[str, Kind]:
    """{name: kind}, or KindError naming the first kind declared wrong."""
    found: dict[str, Kind] = {}
    templates = package_folder("rulebook.plugins") / "templates"
    for kind in kinds:
        where = f"kind {kind.name!r} (rulebook/kinds.py)"
        if not _SPELLING.match(kind.name):
            raise KindError(f"{where}: a kind is spelled in lower case with underscores, like card_note.")
        if kind.name in found or any(other.table == kind.table for other in found.values()):
            raise KindError(f"{where}: its name or its table {kind.table!r} is another kind's already.")
        if kind.table not in TABLES:
            raise KindError(f"{where}: there is no table {kind.table!r} in db/tables.py.")
        if kind.title not in TABLES[kind.table].columns:
            raise KindError(f"{where}: its table {kind.table} has no column {kind.title!r} to name it by.")
        if kind.owner is not None and kind.owner not in found:
            raise KindError(f"{where}: its owner {kind.owner!r} is no kind declared before it.")
        if not kind.template or not (templates / kind.template).is_file():
            raise KindError(f"{where}: it has no template ({kind.template!r} is not in {templates}).")
        found[kind.name] = kind
    return found


KINDS_BY_NAME: dict[str, Kind] = _checked(_DECLARED)
SEARCHED = tuple(name for name, kind in KINDS_BY_NAME.items() if kind.searched)
BY_TABLE: dict[str, Kind] = {kind.table: kind for kind in KINDS_BY_NAME.values()}
ENTRY_KINDS: dict[str, Kind] = {kind.path: kind for kind in KINDS_BY_NAME.values() if kind.path}
RULINGS = tuple(kind.table for kind in KINDS_BY_NAME.values() if kind.rules_on_rules)


def label_of(table: str) -> str:
    """What a page calls a row of ``table``: its kind's label ("card note"), or the table's own."""
    return BY_TABLE[table].label if table in BY_TABLE else TABLES[table].row_kind


def kind_rows() -> list[dict]:
    """The registry as rows of the kinds table, so canned queries name kinds as search does."""
    return [
        {
            "name": kind.name,
            "label": kind.label,
            "plural": kind.plural,
            "table_name": kind.table,
            "owner": kind.owner,
            "searched": int(kind.searched),
        }
        for kind in KINDS_BY_NAME.values()
    ]
