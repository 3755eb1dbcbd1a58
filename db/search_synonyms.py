"""The documents' own vocabulary: what else the rules call a thing, read from the rules at build
time into the table ``search_synonyms`` of rulebook.db, so a judge typing "role" also finds what
the rules call an identity ("the subtypes are called identity types (or roles)", 205.3tr).

Each synonym is a line of the judges' words syntax (queries/search/judges-words.txt), with the
rule or glossary entry that says so:

- "X (or Y)" after "called", "X are also called Y" or "also known as Y": Y, one word, finds
  X's first word as well (``roles = roles|identity``); a longer Y is searched as X's words;
- a glossary entry that only points elsewhere ("Forestwalk: See Landwalk.") or names an older
  term ("In Play (Obsolete): An obsolete term for the battlefield."): the term finds the entry
  it points to.

Only the current edition of each family is read: an old name the rules dropped is in the
glossary's "(Obsolete)" entries.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator

from rulebook.ingest.words import WORDS

SCHEMA = """create table search_synonyms (  -- what else the rules call a thing (db/search_synonyms.py)
    typed text not null,   -- what a judge may type
    rules text not null,   -- the rules' words searched for it, in the judges' words syntax
    source text not null   -- the rule or glossary entry that says so
)"""

_CALLED = re.compile(
    r"\b(?:called|known as) (?:the )?\"?(?P<name>[A-Za-z]+(?: [A-Za-z-]+){0,3}?)\"? "
    r"(?:\(or (?P<parenthesis>[A-Za-z]+)\)|or (?P<other>[A-Za-z]+)\b)"
)
_ALSO_CALLED = re.compile(
    r"\b(?P<name>[A-Za-z]+(?: [A-Za-z]+)?) (?:are|is) also (?:called|known as) (?:the )?\"?"
    r"(?P<alias>[A-Za-z]+(?: [A-Za-z-]+){0,3}?)\"?(?: or (?P<other>[A-Za-z]+))?[.,;(]"
)
_POINTER = re.compile(r"^See (?P<target>[A-Z][\w ,'-]+?)\.$")
_OLDER_NAME = re.compile(r"^An? (?:older|obsolete|former) (?:name|term) for (?:the |an? )?(?P<target>[\w ,'-]+?)[.,]")
_OBSOLETE = re.compile(r"\s*\(obsolete\)\s*$", re.IGNORECASE)
MAX_WORDS = 4  # a longer name is a description, not another name


def _words(text: str, stops: bool = False) -> list[str]:
    return [token.text for token in WORDS(text, removestops=not stops)]


def synonym_line(typed: str, meaning: str) -> str | None:
    """The judges' words line saying that ``typed`` means ``meaning``: one word typed finds the
    meaning's first word too ("roles" finds "identity" of "identity types": the word that says
    what kind); several words typed ("in play") are searched as the meaning's words."""
    typed_words, meaning_words = _words(typed, stops=True), _words(meaning)
    if not _words(typed):  # only stop words: "by", "it"
        return None
    if not typed_words or not meaning_words or len(typed_words) > MAX_WORDS or len(meaning_words) > MAX_WORDS:
        return None
    if typed_words == meaning_words:
        return None
    if len(typed_words) == 1:
        first = meaning_words[0]
        return None if first == typed_words[0] else f"{typed_words[0]} = {typed_words[0]}|{first}"
    return f"{' '.join(typed_words)} = {' '.join(meaning_words)}"


def _named(text: str) -> Iterator[tuple[str, str]]:
    """(another name, the name the rules use) in a rule's text."""
    for match in _CALLED.finditer(text):
        yield match["parenthesis"] or match["other"], match["name"]
    for match in _ALSO_CALLED.finditer(text):
        yield match["alias"], match["name"]
        if match["other"]:
            yield match["other"], match["name"]


def derived_synonyms(connection: sqlite3.Connection) -> list[tuple[str, str, str]]:
    """(typed, the judges' words line, source) for every other name the current editions give."""
    found: dict[str, tuple[str, str, str]] = {}

    def add(typed: str, meaning: str, source: str) -> None:
        line = synonym_line(typed, meaning)
        if line:
            found.setdefault(line, (typed.lower(), line, source))
            singular = typed.lower().removesuffix("s")
            if singular != typed.lower() and len(_words(typed)) == 1 and len(singular) > 2:
                add(singular, meaning, source)

    for number, text, slug in connection.execute(
        "select r.number, r.text, d.slug from rules r join documents d on d.id = r.document_id "
        "where d.is_current = 1 and d.id = d.primary_id order by d.id, r.position"
    ):
        for alias, name in _named(text or ""):
            add(alias, name, f"{slug} {number}")
    for term, text, slug in connection.execute(
        "select g.term, g.text, d.slug from glossary g join documents d on d.id = g.document_id "
        "where d.is_current = 1 order by d.id, g.position"
    ):
        pointed = _POINTER.match((text or "").strip()) or _OLDER_NAME.match((text or "").strip())
        if pointed:
            add(_OBSOLETE.sub("", term), pointed["target"], f"{slug} glossary: {term}")
    return list(found.values())


def write_synonyms(connection: sqlite3.Connection) -> None:
    connection.execute(SCHEMA)
    connection.executemany("insert into search_synonyms values (?, ?, ?)", derived_synonyms(connection))
