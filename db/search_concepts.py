"""The rules' own concepts, read from the documents at build time into ``search_concepts``: what
a question can be about, and which entries are about each.

The documents name their concepts themselves:

- a rule's heading or title ("702.19. Trample", "702.TR01 — Unveil"): its subrules are about it;
- a section's title ("810. Two-Headed Giant Variant"): its rules are about it;
- a glossary term ("Mulligan", "Block"): the entry, and the rules it sends the reader to ("See
  rule 103.5", "See rule 509");
- a release-notes mechanic ("New Keyword Action: Manifest Dread") and its rulings, a card and its
  notes.

Each concept keeps its name's stems (to recognise it in a question, queries/search/concepts.py),
its ``home`` (the current entries about it) and its ``profile``: the words its home uses most
that the rest of the rules use rarely ("lethal", "excess", "assign" for trample), which is how a
rule under one concept's heading is seen to speak of another ("702.2c ... lethal damage ... excess
damage" is deathtouch's rule about trample). Concepts with the same name are one (the glossary's
Trample and rule 702.19), and so are a name's plural, past and -ing forms (Token and Tokens, Restart
and Restarting the Game); two words the stemmer makes one stem of are two (Command, the zone, and
Commander, the variant: ingest/words.inflections).
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections import Counter, defaultdict

from rulebook.ingest.numbers import NUMBER
from rulebook.ingest.records import mechanic_keyword
from rulebook.ingest.rule_titles import heading_text, section_title
from rulebook.ingest.words import indexed_words, inflections, written_words

SCHEMA = """create table search_concepts (  -- the rules' concepts (db/search_concepts.py)
    id integer primary key,
    name text not null,      -- as the documents print it: Trample, Two-Headed Giant Variant
    stems text not null,     -- its words as indexed, space-separated
    home text not null,      -- JSON: the ids of the search entries about it
    profile text not null    -- the words its home uses most and the rest of the rules rarely
)"""

MAX_HOME = 150  # a concept about more entries than this ("Keyword Abilities") says nothing specific
PROFILE_WORDS = 12
PROFILE_MAX_SHARE = 0.15  # a word in more entries than this ("creature") says nothing of a concept
_CITED = re.compile(rf"\brules? ((?:{NUMBER})|\d{{3}})\b", re.IGNORECASE)
_MORE_CITED = re.compile(rf"(?:,| and| or) ((?:{NUMBER})|\d{{3}})\b")
# A rule saying its variant uses an option of play, and the option's rule: "uses the shared team turns option. (See
# rule 805.)", "Emperor games use the deploy creatures option (see rule 804)", "The attack multiple players option (see
# rule 802) and the shared team turns option (see rule 805) are used"; not "isn't used", nor "without the ... option"
_USES = re.compile(
    r"\buses? the [\w\s-]+? options?\b[^.;]*?[.;]?\s*\(?see rules? (\d{3}(?:\.\w+)?)"
    r"|\boptions? \(see rules? (\d{3}(?:\.\w+)?)\)(?=[^.;]*?\b(?:is|are) used\b)",
    re.IGNORECASE,
)
# the title of an option's section: "805. Shared Team Turns Option", "803. Attack Left and Attack Right Options"
_OPTION_TITLE = re.compile(r"\boptions?$", re.IGNORECASE)
_OBSOLETE = re.compile(r"\s*\((?:obsolete|\w+ variant)\)\s*$", re.IGNORECASE)


def write_concepts(connection: sqlite3.Connection) -> None:
    """Read every concept of the current editions and write ``search_concepts``."""
    connection.execute(SCHEMA)
    entries = _current_entries(connection)
    homes: dict[tuple[str, str], tuple[str, set[int]]] = {}  # (stems, words as written) -> (name, home)
    written_by_stems: dict[str, list[str]] = defaultdict(list)  # the keys of homes, by stems: found without a scan

    def add(name: str, home: set[int]) -> None:
        stems = indexed_words(name)
        if not stems or not home:
            return
        written = written_words(name)
        same = next((known for known in written_by_stems[stems] if inflections(known, written)), None)
        if same is None:
            written_by_stems[stems].append(written)
        homes.setdefault((stems, same or written), (name, set()))[1].update(home)

    for name, home in _headed(connection, entries):
        add(name, home)
    for name, home in _glossary(connection, entries):
        add(name, home)
    for name, home in _owned(entries):
        add(name, home)
    words = {entry_id: set(entry["words"].split()) for entry_id, entry in entries.items()}
    frequency = Counter(word for entry_words in words.values() for word in entry_words)
    rows = []
    for (stems, _), (name, home) in sorted(homes.items()):
        if len(home) > MAX_HOME:
            continue
        ordered = sorted(home)
        rows.append(
            (name, stems, json.dumps(ordered), " ".join(_profile(ordered, set(stems.split()), words, frequency)))
        )
    connection.executemany("insert into search_concepts (name, stems, home, profile) values (?, ?, ?, ?)", rows)


def _current_entries(connection: sqlite3.Connection) -> dict[int, dict]:
    """The entries a plain search shows of each family's current edition, by id."""
    cursor = connection.execute(
        "select id, kind, family, number, name, owner, words from search_entries where latest = 1 and superseded = 0"
    )
    names = [column[0] for column in cursor.description]
    return {row[0]: dict(zip(names, row)) for row in cursor}


def _numbered(entries: dict[int, dict]) -> dict[tuple[str, str], list[tuple[str, int]]]:
    """(family, section) -> [(number, entry id)] of the rules."""
    by_section: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    for entry_id, entry in entries.items():
        if entry["kind"] == "rule" and entry["number"]:
            by_section[(entry["family"], entry["number"].split(".", 1)[0])].append((entry["number"], entry_id))
    return by_section


def _under(by_section, family: str, number: str) -> set[int]:
    """The entries of rule ``number`` and its subrules (of a whole section for "509")."""
    number = number.lower().rstrip(".")
    section = number.split(".", 1)[0]
    rules = by_section.get((family, section), [])
    if "." not in number:
        return {entry_id for _, entry_id in rules}
    return {
        entry_id
        for rule, entry_id in rules
        if rule == number or (rule.startswith(number) and rule[len(number) :].isalpha())
    }


def _headed(connection: sqlite3.Connection, entries: dict[int, dict]):
    """(heading, entries under it) of every rule heading and section title of the current editions.
    A section's rules include those of the options it says it uses (_used_options)."""
    by_section = _numbered(entries)
    rules = connection.execute(
        "select d.family, r.canonical, r.title, r.text, r.section from rules r join documents d on d.id = r.document_id "
        "where d.is_current = 1 and d.id = d.primary_id"
    ).fetchall()
    used = _used_options([(family, text, section) for family, _, _, text, section in rules], by_section)
    sections = set()
    for family, canonical, title, text, section in rules:
        heading = (title or "").strip() or heading_text(text)
        if heading:
            yield heading, _under(by_section, family, canonical)
        if section and (family, section) not in sections:
            sections.add((family, section))
            name = section_title(section)
            if name:
                yield name, _under(by_section, family, section.split(".", 1)[0]) | used.get((family, section), set())


def _used_options(rules: list[tuple[str, str, str]], by_section) -> dict[tuple[str, str], set[int]]:
    """(family, section) -> the entries of the options of play its ``rules`` (family, text,
    section) say it uses (_USES): "810.2 The Two-Headed Giant variant uses the shared team turns
    option. (See rule 805.)" makes 805's rules on a team's shared turn, priority and draws rules of
    Two-Headed Giant too ("in 2HG does each of us get priority"). Only a section whose title names
    an option is one: a citation of 704 in the same sentence is no option of play."""
    sections = {(family, section) for family, _, section in rules if section}
    options = {
        (family, section.split(".", 1)[0])
        for family, section in sections
        if _OPTION_TITLE.search(section_title(section) or "")
    }
    used: dict[tuple[str, str], set[int]] = defaultdict(set)
    for family, text, section in rules:
        for cited in (one or other for one, other in _USES.findall(text or "")):
            if (family, cited.split(".", 1)[0]) in options:
                used[(family, section)] |= _under(by_section, family, cited)
    return used


def _glossary(connection: sqlite3.Connection, entries: dict[int, dict]):
    """(term, its entry and the rules it cites) of every glossary entry of the current editions."""
    by_section = _numbered(entries)
    glossary = {
        (entry["family"], entry["name"]): entry_id for entry_id, entry in entries.items() if entry["kind"] == "glossary"
    }
    for family, term, text in connection.execute(
        "select d.family, g.term, g.text from glossary g join documents d on d.id = g.document_id where d.is_current = 1"
    ):
        home = {glossary[(family, term)]} if (family, term) in glossary else set()
        for cited in _citations(text or ""):
            home |= _under(by_section, family, cited)
        yield _OBSOLETE.sub("", term), home


def _citations(text: str) -> list[str]:
    """The rule numbers a definition sends the reader to: "See rule 110.5 and rule 701.26", "See rules 702.19, 702.20"."""
    found = []
    for match in _CITED.finditer(text):
        found.append(match[1])
        rest = text[match.end() : match.end() + 60]
        found.extend(more[1] for more in _MORE_CITED.finditer(rest))
    return found


def _owned(entries: dict[int, dict]):
    """(name, the entry and everything about it) of every card and mechanic: a card's notes, a
    mechanic's rulings ("New Keyword Action: Manifest Dread" is named Manifest Dread)."""
    owned: dict[tuple[str, str], set[int]] = defaultdict(set)
    for entry_id, entry in entries.items():
        owner = _owner(entry)
        if owner:
            owned[(entry["family"], owner)].add(entry_id)
    for (_, name), home in owned.items():
        yield name, home


def _owner(entry: dict) -> str | None:
    """The card or mechanic an entry is or is about, by the name cards print: a mechanic by its
    keyword (ingest/records.mechanic_keyword)."""
    kind = entry["kind"]
    owner = (
        entry["name"]
        if kind in ("card", "mechanic")
        else entry["owner"]
        if kind in ("card_note", "mechanic_ruling")
        else None
    )
    if owner and kind.startswith("mechanic"):
        return mechanic_keyword(owner) or owner
    return owner


def _profile(home: list[int], own: set[str], words: dict[int, set[str]], frequency: Counter) -> list[str]:
    """The words of the home that set it apart: used by many of its entries, by few others."""
    total = len(words)
    counts = Counter(word for entry_id in home for word in words.get(entry_id, ()))
    scored = [
        (count * math.log(total / frequency[word]), word)
        for word, count in counts.items()
        if word not in own and word.isalpha() and len(word) > 2 and frequency[word] <= total * PROFILE_MAX_SHARE
    ]
    return [word for _, word in sorted(scored, key=lambda pair: (-pair[0], pair[1]))[:PROFILE_WORDS]]
