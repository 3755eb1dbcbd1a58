"""The rules the checker cites, read from the database once per database file.

Every rule, note, official rule and FAQ answer the checker may cite is listed in ``CITED``
below and loaded when the checker starts: if the database lacks one, loading fails with the
list of what is missing, instead of an answer silently citing nothing. The numbers the
checker needs (starting life, hand size, recommended identity decks) are read out of the
rule texts too, so they always say what the bundled rules say.

Official rules (104.2a, 104.2c, 104.3g) are cited from the official edition loaded, with
the Treachery glossary's "Reminder:" entry that quotes them named in ``quoted_in``. Where
the loaded official rules lack one (only an excerpt is loaded), it is cited the way the
Treachery rules quote it: number and document of the official rules, text from that
Reminder entry, and a link to the nearest official rule the database has (104.2), where the
site's rule pages resolve such references too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sqlite_utils

from rulebook.db import families
from rulebook.db.families import current_document, documents_in_preference_order
from rulebook.ingest.formats import FORMATS
from rulebook.ingest.numbers import ancestors, canonical
from rulebook.urls import faq_url, glossary_url, rule_url

from .scenario import IDENTITIES

TREACHERY = "treachery"
OFFICIAL = "official"
NOTE = "note"
FAQ = "faq"

# label used by the reasoning -> (where it comes from, what to look up)
CITED: dict[str, tuple[str, str]] = {
    **{
        number: (TREACHERY, number)
        for number in (
            "109.4tr",
            "116.2tr",
            "372.3a",
            "372.4a",
            "372.7",
            "372.8",
            "702.TR01a",
            "702.TR01b",
            "702.TR01c",
            "702.TR01f",
            "702.TR02a",
            "907.2",
            "907.3a",
            "907.3b",
            "907.3c",
            "907.3d",
            "907.3e",
            "907.4",
            "907.4a",
            "907.4b",
            "907.4c",
            "907.5a",
            "907.5b",
            "907.5c",
            "907.5d",
            "907.6",
            "907.7",
            "907.8a",
            "907.8b",
            "907.8c",
            "907.8d",
            "907.8e",
            "907.11",
            "907.11a",
            "907.11b",
            "907.12",
            "907.13",
        )
    },
    "702.TR02a note": (NOTE, "702.TR02a"),
    "907.6 note": (NOTE, "907.6"),
    **{
        number: (OFFICIAL, number)
        for number in (
            "101.1",
            "101.2",
            "102.3",
            "104.1",
            "104.2a",
            "104.2c",
            "104.3",
            "104.3g",
            "104.4",
            "104.5",
            "508.1",
            "508.6",
        )
    },
    # FAQ answers, found by a phrase of their question
    "FAQ Platinum Angel": (FAQ, "Platinum Angel"),
    "FAQ you win the game": (FAQ, "You win the game"),
    "FAQ Traitor and Guardian": (FAQ, "Traitor need to defeat the Guardian"),
}

_NUMBER_WORDS = {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


class CheckerSetupError(RuntimeError):
    """The database lacks something the checker cites: it can't answer from these rules."""


@dataclass(frozen=True)
class Citation:
    label: str
    kind: str  # "rule", "note", "official" or "faq"
    document: str
    number: str | None
    text: str
    url: str
    question: str | None = None  # FAQ answers only
    quoted_in: dict | None = None  # official rules quoted by a glossary reminder only

    def as_json(self) -> dict:
        shown = {
            "document": self.document,
            "number": self.number,
            "text": self.text,
            "url": self.url,
            "label": self.label,
            "kind": self.kind,
        }
        if self.question:
            shown["question"] = self.question
        if self.quoted_in:
            shown["quoted_in"] = self.quoted_in
        return shown


@dataclass(frozen=True)
class Rulebook:
    """What the checker knows from the database: citations and the numbers in the rules."""

    citations: dict[str, Citation]
    recommended_decks: dict[int, dict[str, int]]  # 907.3c
    starting_life: int  # 907.6
    commander_life: int  # 907.6 note
    starting_hand: int  # 907.6

    def cite(self, label: str) -> Citation:
        return self.citations[label]


def load_rulebook(db: sqlite_utils.Database) -> Rulebook:
    """The checker's rulebook for this database: every rule it cites, or CheckerSetupError saying
    which are missing. A server reads it once, at startup (rulebook.web.state)."""
    documents = documents_in_preference_order(db)
    treachery = current_document(db, families.TREACHERY)
    official = current_document(db, families.OFFICIAL)
    if treachery is None or official is None:
        wanted = [
            "the Treachery rules" if treachery is None else None,
            "the official comprehensive rules" if official is None else None,
        ]
        raise CheckerSetupError(
            "The rule checker answers from the current Treachery rules and the official "
            f"comprehensive rules; this database is missing {' and '.join(w for w in wanted if w)}. "
            "Rebuild it with `rulebook build`, which includes the bundled Treachery rules."
        )
    readers = {
        TREACHERY: lambda number: _rule(db, treachery, number),
        NOTE: lambda number: _note(db, treachery, number),
        OFFICIAL: lambda number: _official(db, documents, official, treachery, number),
        FAQ: lambda phrase: _faq(db, treachery, phrase),
    }
    citations, missing = {}, []
    for label, (source, wanted) in CITED.items():
        found = readers[source](wanted)
        if found is None:
            missing.append(label)
        else:
            citations[label] = Citation(label=_display_label(label, found), **found)
    if missing:
        raise CheckerSetupError(
            f"The rule checker cites rules this database doesn't have: {', '.join(missing)}. "
            "Rebuild the database from the bundled documents with `rulebook build`."
        )
    return Rulebook(
        citations=citations,
        recommended_decks=_recommended_decks(citations["907.3c"].text),
        starting_life=_number_after(citations["907.6"].text, r"starting life total is (\w+)"),
        commander_life=_number_after(
            citations["907.6 note"].text, r"Commander/EDH variant, each player's starting life total is (\w+)"
        ),
        starting_hand=_number_after(citations["907.6"].text, r"starting hand size is (\w+) cards"),
    )


def _display_label(label: str, found: dict) -> str:
    if found["kind"] == FAQ:
        return f"FAQ: {found['question']}"
    if found["kind"] == NOTE:
        return f"{found['number']} (note)"
    return found["number"]


def _rule(db, document: dict, number: str) -> dict | None:
    row = next(
        db.query(
            "select number, text from rules where document_id = ? and canonical = ?",
            [document["id"], canonical(number)],
        ),
        None,
    )
    if row is None:
        return None
    return {
        "kind": "rule",
        "document": document["slug"],
        "number": row["number"],
        "text": row["text"],
        "url": rule_url(document["slug"], row["number"]),
    }


def _note(db, document: dict, number: str) -> dict | None:
    row = next(
        db.query(
            """select rules.number, rule_paragraphs.text from rule_paragraphs join rules on rules.id = rule_paragraphs.rule_id
           where rules.document_id = ? and rules.canonical = ? and rule_paragraphs.kind = 'note'
           order by rule_paragraphs.position limit 1""",
            [document["id"], canonical(number)],
        ),
        None,
    )
    if row is None:
        return None
    return {
        "kind": NOTE,
        "document": document["slug"],
        "number": row["number"],
        "text": row["text"],
        "url": rule_url(document["slug"], row["number"]),
    }


def _official(db, documents: list[dict], official: dict, treachery: dict, number: str) -> dict | None:
    """The official rule itself if a comprehensive-rules document has it, else the Treachery
    quote of it; either way ``quoted_in`` names the Treachery glossary's "Reminder:" entry
    that quotes it, if there is one."""
    reminder = next(
        db.query(
            "select id, term, text from glossary where document_id = ? and quotes_rule = ?", [treachery["id"], number]
        ),
        None,
    )
    quoted_in = (
        {
            "document": treachery["slug"],
            "term": reminder["term"],
            "url": glossary_url(treachery["slug"], reminder["term"]),
        }
        if reminder
        else None
    )
    for document in documents:
        if FORMATS[document["kind"]].official:
            found = _rule(db, document, number)
            if found:
                return {**found, "kind": OFFICIAL, **({"quoted_in": quoted_in} if quoted_in else {})}
    if reminder is None:
        return None
    nearest = next(
        (found["number"] for found in map(lambda n: _rule(db, official, n), ancestors(number)) if found), None
    )
    return {
        "kind": OFFICIAL,
        "document": official["slug"],
        "number": number,
        "text": reminder["text"],
        "url": rule_url(official["slug"], nearest or number),
        "quoted_in": quoted_in,
    }


def _faq(db, document: dict, phrase: str) -> dict | None:
    rows = list(
        db.query(
            "select id, question, answer from faq where document_id = ? and question like ?",
            [document["id"], f"%{phrase}%"],
        )
    )
    if len(rows) != 1:
        return None
    row = rows[0]
    return {
        "kind": FAQ,
        "document": document["slug"],
        "number": None,
        "text": row["answer"],
        "url": faq_url(document["slug"], row["question"]),
        "question": row["question"],
    }


def _number_after(text: str, pattern: str) -> int:
    match = re.search(pattern, text)
    word = match.group(1).lower() if match else ""
    number = int(word) if word.isdigit() else _NUMBER_WORDS.get(word)
    if number is None:
        raise CheckerSetupError(f"The rule checker can't read a number from this rule text: {text!r}")
    return number


def _recommended_decks(text: str) -> dict[int, dict[str, int]]:
    """907.3c's lines "8 players: 1 Leader, 2 Traitors, 3 Assassins, 2 Guardians." as decks."""
    decks = {}
    for players, cards in re.findall(r"^(\d+) players: (.+)$", text, flags=re.MULTILINE):
        deck = dict.fromkeys(IDENTITIES, 0)
        for count, identity in re.findall(r"(\d+) (Leader|Guardian|Assassin|Traitor)", cards):
            deck[identity] += int(count)
        decks[int(players)] = deck
    if not decks:
        raise CheckerSetupError(f"The rule checker can't read the recommended setups of 907.3c: {text!r}")
    return decks
