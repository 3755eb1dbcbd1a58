"""The search tables of one build, read once: how many entries there are, how many use each
word, the vocabulary for corrections, the vectors, the phrases and the concepts. Every search of
that build shares them; each search reads the tables themselves on its own connection.

One cache: ``index_of`` keeps the last few builds' indexes (functools.lru_cache keyed by the
database file and its build id), so a rebuilt file is read afresh and nothing else is kept.
"""

from __future__ import annotations

import sqlite3
from dataclasses import MISSING, dataclass, fields
from functools import lru_cache

import sqlite_utils

from rulebook.db.publish import build_id_of
from rulebook.db.search_index import read_vocabulary

from .concepts import Concepts, Counts
from .meaning import Meanings
from .words import Phrases, Speller, is_english_word, judges_phrases, read_phrases

COMMON_SHARE = 0.15  # a word in more entries than this share is too common to find partial matches by, and
# only ranks the entries with the query's other words ("creature" in "look at my face-down creature")


@dataclass
class Candidate:
    """An entry a search may show, read from the ``search_entries`` columns named as its fields
    (ENTRY_COLUMNS), and its score."""

    id: int
    kind: str
    family: str
    body: str
    name: str | None
    owner: str | None
    number: str | None
    words: str
    superseded: bool
    identity: str  # what the entry is within its document: a rule's number, a card's name, an FAQ's question
    said_words: str  # a rule with examples: its words without them (ranking.said_in_its_examples); else empty
    score: float = 0.0
    relevance: float = 0.0  # how well its words match (bm25, reranked), where it places by words
    word_place: int | None = None  # its place in the ranking by words, in the first places (fusion.py)
    meaning_place: int | None = None  # its place among the closest in meaning
    about: float = 0.0  # how much it is about the concepts the question names (concepts.py)

    def __post_init__(self):
        self.superseded = bool(self.superseded)  # SQLite stores it as 0 or 1


ENTRY_COLUMNS = tuple(field.name for field in fields(Candidate) if field.default is MISSING)
RANKING_FIELDS = tuple(field.name for field in fields(Candidate) if field.default is not MISSING)  # its place


def read_entries(connection: sqlite3.Connection, ids: list[int], scores: dict[int, float] | None = None):
    """The candidates with these ids, in the order given, each with its score from ``scores``.
    The statement selects ENTRY_COLUMNS, Candidate's fields, so a row is its fields in their order:
    no dict of each row, which for some 30 entries a search cost about as much as reading them."""
    if not ids:
        return []
    found = {
        row[0]: row
        for row in connection.execute(
            f"select {', '.join(ENTRY_COLUMNS)} from search_entries where id in ({', '.join('?' * len(ids))})", ids
        )
    }
    scores = scores or {}
    return [Candidate(*found[entry_id], score=scores.get(entry_id, 0.0)) for entry_id in ids if entry_id in found]


class SearchIndex:
    """What every search of one build reads once."""

    def __init__(self, connection: sqlite3.Connection):
        connection.execute(
            f"select {', '.join(ENTRY_COLUMNS)} from search_entries limit 0"
        )  # none: an older rulebook's
        # as many as search_entries_fts holds, whose counts these are: each entry's newest text
        self.entry_count = connection.execute("select count(*) from search_entries where latest").fetchone()[0]
        connection.execute("select rowid from search_editions_fts limit 0")  # none: an older rulebook's
        self.frequency = _term_counts(connection)
        # the entries only older editions have (tiers.WordRanking reranks more places when they are
        # among a tier's best): a set read once, not a statement each search
        self.old = frozenset(row[0] for row in connection.execute("select id from search_entries where superseded"))
        judges = judges_phrases()
        players_words = [typed[0] for typed in judges if len(typed) == 1]
        self.speller = Speller(read_vocabulary(sqlite_utils.Database(connection)), self.frequency, players_words)
        # what a concept's name is counted by (concepts.Concepts.named_in): its stems in the newest
        # entries, or its words as written in every edition's, which the vocabulary counts
        self.stem_counts = Counts(self.frequency, self.entry_count)
        every_entry_count = connection.execute("select count(*) from search_entries").fetchone()[0]
        self.written_counts = Counts(self.speller.vocabulary, every_entry_count)
        self.meanings = Meanings.read(connection)
        # the words that say which family a question asks of (db/search_family_words.py): its
        # name ("treachery") or a word only its rules use ("unveil")
        self.family_names, self.family_words = {}, {}
        for word, family, names in connection.execute("select word, family, names from search_family_words"):
            (self.family_names if names else self.family_words)[word] = family
        self.concepts = Concepts.read(connection, set(self.family_names))
        # what the documents call a thing otherwise (db/search_synonyms.py), the judges' words first
        derived = "\n".join(row[0] for row in connection.execute("select rules from search_synonyms"))
        self.phrases = Phrases({**read_phrases(derived, "search_synonyms"), **judges}, inflectable=judges)
        is_english_word("judge")  # load the English word list now, not during a judge's search

    def count(self, stems: list[str], number: str | None = None) -> int:
        """How many entries use any of ``stems`` (one more for a rule number: it is rare)."""
        return sum(self.frequency.get(stem, 0) for stem in stems) + (1 if number else 0)

    def is_common(self, stems: list[str], number: str | None = None) -> bool:
        """In more than COMMON_SHARE of all entries: such a word ranks entries, but never finds them."""
        return self.count(stems, number) > self.entry_count * COMMON_SHARE


def _term_counts(connection: sqlite3.Connection) -> dict[str, int]:
    """How many entries use each indexed word, in their newest text: FTS5's own counts
    (fts5vocab, in a temporary table of this connection: the served file is read-only)."""
    connection.execute(
        "create virtual table if not exists temp.search_terms using fts5vocab(main, search_entries_fts, row)"
    )
    return dict(connection.execute("select term, doc from temp.search_terms").fetchall())


def index_of(db: sqlite_utils.Database) -> SearchIndex | None:
    """The search index of ``db``'s build (None when the database has no search tables: an older
    rulebook made it)."""
    file = next((row[2] for row in db.conn.execute("pragma database_list") if row[1] == "main"), "")
    try:
        if not file:  # a database in memory: nothing to key a cache by
            return SearchIndex(db.conn)
        return _cached_index(file, build_id_of(db.conn))
    except sqlite3.Error:
        return None


@lru_cache(maxsize=4)  # the tests open several databases; a server one
def _cached_index(file: str, build_id: int) -> SearchIndex:
    connection = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    try:
        return SearchIndex(connection)
    finally:
        connection.close()
