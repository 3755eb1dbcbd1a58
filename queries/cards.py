"""Look up a card by name and gather everything a card page shows about it.

Names repeat across documents (The Bastard is in Treachery 1.1 and 6.0) and a split or door
card answers to each half ("Bottomless Pool" is "Bottomless Pool // Locker Room"), so a
lookup returns the preferred card and lists the others.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from typing import Literal

import sqlite_utils
from pydantic import Field
from rapidfuzz import fuzz

from rulebook.db.card_texts import name_key
from rulebook.db.families import documents_in_preference_order
from rulebook.db.lineage import comparable
from rulebook.db.tables import mentioning_tables
from rulebook.ingest.records import mechanic_keyword
from rulebook.urls import card_url, mechanic_url

from .card_history import notes_in_every_set
from .citations import cite
from .compare import DiffRun
from .declaring import DUSKMOURN_EXAMPLE, Declared, Document, PageAnswer, Reference, Url, stored
from .entries import entry_row_link
from .rules import cited_rules

# The card page's JSON (/cards/{name}.json), declared once: the OpenAPI document's CardAnswer
# and the field tables of docs/api.md are generated from it (rulebook/web/openapi.py).

CARD_TEXT_FIELDS = (
    "name",
    "role",
    "type_line",
    "mana_cost",
    "unveil_cost",
    "flavor",
    "rarity",
    "artist",
    "source_url",
    "line_start",
    "line_end",
)
Card = stored("Card", "A card as stored.", "cards", base=PageAnswer)
CardNote = stored(
    "CardNote",
    "A ruling of the card, as its document prints it.",
    "card_notes",
    base=PageAnswer,
    citation=(str, Field(description="How a judge cites it: Treachery CR 6.0, The Oracle, note 3.")),
)
CardTextRuling = stored("CardTextRuling", "A ruling of the card data.", "card_text_rulings", base=PageAnswer)
CardText = stored(
    "CardText",
    "The identity card as printed (mtgtreachery.net's card data), with the rulings that repeat none of its notes.",
    "card_texts",
    *CARD_TEXT_FIELDS,
    base=PageAnswer,
    abilities=(list[str], Field(description="Its abilities, one per item, in order.")),
    document=(str, Field(description="The card data's document.")),
    rulings=(list[CardTextRuling], Field(description="Its rulings that repeat none of the card's notes, in order.")),
    repeated_rulings=(int, Field(description="How many of its rulings repeat a note, and are shown as the note.")),
)


class OtherCard(Declared):
    """The same card in another document."""

    name: str = Field(description="Its name there.")
    document: str = Field(description="That document's slug.")
    url: Url = Field(description="Its page there.")


class PrintedIn(Declared):
    """A set (release notes) or edition that printed a note."""

    document: str = Field(description="Its document's slug.")
    set: str = Field(description="The set or edition as judges cite it.")
    date: str | None = Field(description="Its release date, or its effective date; null when it has none.")
    url: Url = Field(description="The card's page in that document.")


class ChangedFrom(PrintedIn):
    """The older set's wording a note changes, with the word diff."""

    text: str = Field(description="The older wording.")
    diff: list[DiffRun] = Field(description="Runs of words, from the older wording to this one.")


SetNote = stored(
    "SetNote",
    "A note as this set printed it.",
    "card_notes",
    "id",
    "document_id",
    "text",
    "group_heading",
    "position",
    url=(Url, Field(description="The note on the card's page of its document.")),
    citation=(str, Field(description="How a judge cites it: Duskmourn: House of Horror Release Notes, Jump Scare, "
                                     "note 1.")),
    also_in=(list[PrintedIn], Field(description="Older sets that printed it word for word.")),
    changed_from=(ChangedFrom | None, Field(description="The older set's wording it changes (null when it is new).")),
)  # fmt: skip


class SetNotes(PrintedIn):
    """One set's (or edition's) notes on the card."""

    notes: list[SetNote] = Field(description="Its notes no newer set printed again, in order.")


class Mention(Declared):
    """A card the card's notes name."""

    named_as: str = Field(description="The name as written.")
    card: str | None = Field(description="The card it resolved to, or null.")
    url: Url | None = Field(description="Its page, or null.")


class MentionedBy(PageAnswer):
    """A note, FAQ answer or ruling of something else that names this card."""

    source_table: str = Field(
        description="The table of the text naming it: " + ", ".join(table.name for table in mentioning_tables()) + "."
    )
    document: str = Field(description="Its document.")
    owner: str = Field(description="The card, question or mechanic it belongs to.")
    owner_url: Url = Field(description="The owner's page.")
    named_as: str = Field(description="The name as written.")
    text: str = Field(description="The text naming the card.")


class MechanicLink(Declared):
    """A mechanic the card is an example of."""

    name: str = Field(description="The mechanic.")
    url: Url = Field(description="Its page.")


class CardAnswer(PageAnswer):
    """A card with its text, notes in order, the rules it cites and the cards that name it."""

    kind: Literal["card"] = Field(description="card.")
    others: list[OtherCard] = Field(description="The same card in other documents.")
    document: Document = Field(description="The card's document.")
    card: Card = Field(description="The card.")
    card_text: CardText | None = Field(
        description="For an identity card, the card as printed (card data), when the data has it; otherwise null."
    )
    url: Url = Field(description="The card's page.")
    json_url: Url = Field(description="This answer.")
    notes: list[CardNote] = Field(description="Its notes, in order.")
    sets: list[SetNotes] = Field(
        description="Every loaded set's notes on this card, newest set first; a note printed again is shown once, "
        "under the newest set, and a reworded one with its changes."
    )
    references: list[Reference] = Field(description="Rule numbers its text and notes cite.")
    mentions: list[Mention] = Field(description="Cards its notes name.")
    mentioned_by: list[MentionedBy] = Field(description="Who names this card.")
    mechanics: list[MechanicLink] = Field(
        description="Mechanics it is an example of, or whose keyword its type line or text uses."
    )


# An example, as the bundled documents answer it (the OpenAPI document's example for the endpoint)
CARD_EXAMPLE = {
    "kind": "card",
    "others": [],
    "document": DUSKMOURN_EXAMPLE,
    "card": {
        "position": 61,
        "name": "Jump Scare",
        "kind": "set card",
        "role": None,
        "section": "main set",
        "mana_cost": "{W}",
        "type_line": "Instant",
        "power": None,
        "toughness": None,
        "loyalty": None,
        "rules_text": "Until end of turn, target creature gets +2/+2, gains flying, and becomes a Horror "
        "enchantment creature in addition to its other types.",
        "no_notes_statement": None,
        "note_count": 1,
        "line_start": 894,
        "line_end": 894,
    },
    "card_text": None,
    "url": "/cards/Jump%20Scare?document=duskmourn-release-notes",
    "json_url": "/cards/Jump%20Scare.json?document=duskmourn-release-notes",
    "notes": [
        {
            "position": 1,
            "group_heading": None,
            "text": "Jump Scare's versatility makes it an excellent example for card interactions explained "
            "in many other release notes entries. Boo!",
            "line_start": 896,
            "line_end": 896,
            "citation": "Duskmourn: House of Horror Release Notes, Jump Scare, note 1",
        }
    ],
    "sets": [
        {
            "document": "duskmourn-release-notes",
            "set": "Duskmourn: House of Horror",
            "date": "2024-09-16",
            "url": "/cards/Jump%20Scare?document=duskmourn-release-notes",
            "notes": [
                {
                    "id": 243,
                    "document_id": 1,
                    "text": "Jump Scare's versatility makes it an excellent example for card interactions "
                    "explained in many other release notes entries. Boo!",
                    "group_heading": None,
                    "position": 1,
                    "url": "/cards/Jump%20Scare?document=duskmourn-release-notes#note-1",
                    "citation": "Duskmourn: House of Horror Release Notes, Jump Scare, note 1",
                    "also_in": [],
                    "changed_from": None,
                }
            ],
        }
    ],
    "references": [],
    "mentions": [],
    "mentioned_by": [
        {
            "source_table": "card_notes",
            "document": "duskmourn-release-notes",
            "owner": "Fear of Falling",
            "owner_url": "/cards/Fear%20of%20Falling?document=duskmourn-release-notes",
            "named_as": "Jump Scare",
            "text": "A creature that loses flying due to the effect of Fear of Falling's last ability can "
            "still gain flying from the effect of another spell or ability, such as Jump Scare.",
        }
    ],
    "mechanics": [],
}


@dataclass
class CardLookup:
    card: dict | None
    document_slug: str | None
    others: list[dict] = field(default_factory=list)  # the same card in other documents
    suggestions: list[str] = field(default_factory=list)  # close names when nothing matched


def find_card(db: sqlite_utils.Database, name: str, document_slug: str | None = None) -> CardLookup:
    """The card called ``name`` (or one half of it): in ``document_slug``, else the newest document."""
    name = name.strip()
    rows = list(
        db.query(
            """select * from cards where name = :name collate nocase
           or name like :name || ' // %' or name like '% // ' || :name""",
            {"name": name},
        )
    )
    order = {doc["id"]: (rank, doc["slug"]) for rank, doc in enumerate(documents_in_preference_order(db))}
    rows.sort(key=lambda row: order[row["document_id"]][0])
    chosen = [row for row in rows if order[row["document_id"]][1] == document_slug] if document_slug else rows
    if not chosen:
        names = [row["name"] for row in db.query("select distinct name from cards")]
        by_lower = {known.lower(): known for known in names}
        close = difflib.get_close_matches(name.lower(), list(by_lower), n=5, cutoff=0.6)
        containing = [known for known in names if name and name.lower() in known.lower()]
        suggestions = list(dict.fromkeys(containing + [by_lower[match] for match in close]))[:8]
        return CardLookup(None, document_slug, others=_listed(rows, order), suggestions=suggestions)
    card = chosen[0]
    return CardLookup(
        card, order[card["document_id"]][1], others=_listed([row for row in rows if row is not card], order)
    )


def _listed(rows: list[dict], order: dict) -> list[dict]:
    return [
        {
            "name": row["name"],
            "document": order[row["document_id"]][1],
            "url": card_url(row["name"], order[row["document_id"]][1]),
        }
        for row in rows
    ]


_TEXT_COLUMN = {table.name: table.mention_column for table in mentioning_tables()}


def _mentioned_by(db: sqlite_utils.Database, card_id: int) -> list[dict]:
    """Notes, FAQ answers and rulings (of other cards) that name this card, in document order."""
    found = []
    for row in db.query(
        """select m.source_table, m.source_id, min(m.card_name) as card_name, d.slug as document from card_mentions m
           join documents d on d.id = m.document_id
           where m.card_id = :id and (m.from_card_id is null or m.from_card_id != :id)
           group by m.source_table, m.source_id order by min(m.id)""",
        {"id": card_id},
    ):
        table = row["source_table"]
        source = next(
            db.query(
                f"select id, document_id, {_TEXT_COLUMN[table]} as text from {table} where id = ?", [row["source_id"]]
            )
        )
        page = entry_row_link(db, table, source["id"])
        found.append(
            {
                "source_table": table,
                "id": source["id"],
                "document_id": source["document_id"],
                "document": row["document"],
                "owner": page["owner"],
                "owner_url": page["url"],
                "named_as": row["card_name"],
                "text": source["text"],
            }
        )
    return found


# A ruling of the card data that says what a note says (quotes, spaces, a letter's case aside)
# is shown once, as the note.
SAME_RULING = 90


def printed_card(db: sqlite_utils.Database, name: str) -> dict | None:
    """The card data's row of the identity card ``name`` (with its document's slug), matched by
    name as db/card_texts.py matches them, so an older edition's card finds the current text; None
    when the card data has no such card."""
    wanted = name_key(name)
    return next(
        (
            row
            for row in db.query(
                "select t.*, d.slug as document from card_texts t join documents d on d.id = t.document_id order by t.id"
            )
            if name_key(row["name"]) == wanted
        ),
        None,
    )


def card_text(db: sqlite_utils.Database, card: dict, notes: list[dict]) -> dict | None:
    """The identity card as printed (card data) with the rulings that repeat none of its notes;
    None when the card data has no such card."""
    if card["kind"] != "identity":
        return None
    row = printed_card(db, card["name"])
    if row is None:
        return None
    said = [comparable(note["text"]).casefold() for note in notes]
    rulings = [
        dict(ruling)
        for ruling in db.query("select * from card_text_rulings where card_text_id = ? order by position", [row["id"]])
    ]
    fresh = [
        ruling
        for ruling in rulings
        if not any(fuzz.ratio(comparable(ruling["text"]).casefold(), note) >= SAME_RULING for note in said)
    ]
    return {
        **{key: row[key] for key in CARD_TEXT_FIELDS},
        "abilities": (row["abilities"] or "").split("\n") if row["abilities"] else [],
        "document": row["document"],
        "rulings": fresh,
        "repeated_rulings": len(rulings) - len(fresh),
    }


def card_details(db: sqlite_utils.Database, card_id: int) -> dict:
    """Everything a card page shows: text, notes in order, rules cited, cards named, who names it."""
    card = dict(next(db.query("select * from cards where id = ?", [card_id])))
    document = dict(next(db.query("select * from documents where id = ?", [card["document_id"]])))
    mentions = [
        {
            "named_as": row["card_name"],
            "card": row["card"],
            "url": card_url(row["card"], row["document"]) if row["card"] else None,
        }
        for row in db.query(
            """select m.card_name, c.name as card, d.slug as document from card_mentions m
               left join cards c on c.id = m.card_id left join documents d on d.id = c.document_id
               where m.from_card_id = ? order by m.id""",
            [card_id],
        )
    ]
    notes = [
        {**dict(row), "citation": cite(document, card["name"], f"note {row['position']}")}
        for row in db.query("select * from card_notes where card_id = ? order by position", [card_id])
    ]
    return {
        "document": document,
        "card": card,
        "url": card_url(card["name"], document["slug"]),
        "json_url": card_url(card["name"], document["slug"], ".json"),
        "card_text": card_text(db, card, notes),
        "notes": notes,
        "sets": notes_in_every_set(db, card["name"]),
        "references": cited_rules(db, "r.from_card_id = :id", {"id": card_id}),
        "mentions": mentions,
        "mentioned_by": _mentioned_by(db, card_id),
        "mechanics": [
            {"name": row["name"], "url": mechanic_url(row["document"], row["name"])} for row in _mechanics_of(db, card)
        ],
    }


def _mechanics_of(db: sqlite_utils.Database, card: dict) -> list[dict]:
    """The mechanics a card is an example of, or whose keyword its type line or text uses: the
    sorcery Manifest Dread says "Manifest dread.", so its page leads to New Keyword Action: Manifest
    Dread, where the keyword's rulings are (its own page has no notes)."""
    examples = {
        row["mechanic_id"]
        for row in db.query("select mechanic_id from mechanic_examples where card_id = ?", [card["id"]])
    }
    text = f"{card['type_line'] or ''}\n{card['rules_text'] or ''}"
    return [
        row
        for row in db.query(
            """select m.id, m.name, d.slug as document from mechanics m join documents d on d.id = m.document_id
               where m.document_id = ? or m.id in (select value from json_each(?)) order by m.position""",
            [card["document_id"], json.dumps(sorted(examples))],
        )
        if row["id"] in examples or _uses_keyword(text, row["name"])
    ]


def _uses_keyword(text: str, mechanic: str) -> bool:
    """Whether ``text`` uses the keyword a mechanic is named for ("New Keyword Action: Manifest
    Dread": "Manifest dread."; "New Enchantment Type: Room": "Enchantment — Room"), as whole words."""
    keyword = mechanic_keyword(mechanic)
    return keyword is not None and re.search(rf"(?<!\w){re.escape(keyword)}(?!\w)", text, re.IGNORECASE) is not None


def card_page_data(db: sqlite_utils.Database, name: str, document_slug: str | None = None) -> dict:
    """What /cards/{name} and its JSON show; kind "missing" carries the help instead."""
    found = find_card(db, name, document_slug)
    if found.card:
        return {"kind": "card", "others": found.others, **card_details(db, found.card["id"])}
    if found.others:
        error = f"{name} is not in {document_slug}; it is in another document."
        suggestions = [
            {"label": f"{other['name']} in {other['document']}", "url": other["url"]} for other in found.others
        ]
    else:
        error = f"There is no card called {name!r}." + (" Did you mean one of these?" if found.suggestions else "")
        suggestions = [{"label": close, "url": card_url(close)} for close in found.suggestions]
    return {"kind": "missing", "error": error, "suggestions": suggestions}
