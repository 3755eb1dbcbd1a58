"""Search the rulebook the way judges ask: rule numbers, card names, questions, misspellings.

`search()` is the one search behind `rulebook search`, the /search page and /search.json, so
they all answer alike. In order, it:

1. sends a rule number ("907.8b", "rule 104.3", "CR 508.6", "702.TrUnv-3") straight to that
   rule, and an exact card name ("the ætherist") straight to that card (``redirect``);
2. corrects words neither the rulebook nor English uses from the rulebook's own vocabulary
   ("assasin" -> "assassin") and says so (words.py);
3. ranks every entry that matches any word (a question's "who" or "the" never excludes an
   answer): entries matching all words first (a word in a fifth of all entries, like
   "creature" or "card", only ranks them), names and titles above body text, each entry
   once per family (its newest edition, or the edition in force on ``as_of``), entries only
   older editions have below current ones unless the query names an old rule number;
4. for a question, fuses that ranking with the entries closest in meaning (meaning.py), so
   "knocked out" finds the rules on leaving the game;
5. gives the first result whole (``answer``) when it clearly answers: its words match
   CLEAR_MARGIN times better than any other result's.

Speed: candidates are found and ranked by SQLite FTS5's bm25 (C, the GIL released) in the
database's search tables (db/search_index.py); Python only re-reads the best few dozen for words side by side and cuts
their snippets, so a search costs about as much as any page and never holds the server up.

Bad input never raises: an empty query, punctuation, search syntax, a 10,000-character paste
or text in another script all get results or an empty list with a ``message``.

The response, a public contract (/search.json returns it as is)::

    {
      "query": str,                   # the query as typed
      "corrected_query": str | null,  # the query that was searched instead, misspellings corrected
      "message": str | null,          # a sentence for the judge: the correction, or why nothing matched
      "redirect": str | null,         # URL to go straight to: the rule a rule number names, the card
                                      #   an exact card name names
      "offset": int,                  # results skipped (paging): 0 for the first page
      "limit": int,                   # results asked for
      "total": int,                   # results there are in all
      "as_of": str | null,            # YYYY-MM-DD: per family, the edition in force that day was searched
      "editions": [                   # with as_of: the edition searched in each family
        {"family": str, "document": str, "version": str | null, "effective_date": str | null,
         "current": str}              #   current: the slug of the family's current edition
      ],
      "answer": {                     # or null: the first result whole, when it clearly answers
        "kind": str, "document": str, "title": str, "url": str,   # as in its result
        "text": str,                  # its whole text: a rule with its notes, a whole ruling or FAQ answer
        "subrules": [{"number": str, "text": str, "url": str}]    # a rule's subrules, in order
      },
      "results": [                    # best first
        {
          "kind": "rule" | "card" | "card_note" | "faq" | "glossary" | "mechanic" | "mechanic_ruling",
          "document": str,            # document slug: "treachery-6.0"
          "version": str | null,      # the document's version: "6.0"
          "number": str | null,       # rules: the number as printed: "702.TR02a"
          "card": str | null,         # cards and card notes: the card's name
          "question": str | null,     # FAQ entries: the question
          "title": str,               # "907.8b", "702.TR02 — Undercover", "The Great Martyr — note 3",
                                      #   the FAQ question, the glossary term, the mechanic's name,
                                      #   "Manifest Dread — ruling 4"
          "snippet": str,             # HTML, escaped: the matching text, matched words in <mark>…</mark>
          "url": str,                 # the result's page: /rules/treachery-6.0/907.8b, /cards/The%20Spy#note-1
          "score": float,             # higher is better; comparable within one response only
          "earlier_editions": int     # how many earlier editions of its family also have this entry
        }
      ]
    }
"""

from __future__ import annotations

import datetime
import itertools
import json
import re
import sqlite3
import threading
from dataclasses import dataclass
from functools import lru_cache

import sqlite_utils

from rulebook.db.families import FAMILY_PREFERENCE, edition_in_force
from rulebook.db.publish import build_id_of
from rulebook.db.search_index import SEARCHED_COLUMNS, read_vocabulary, scope_word
from rulebook.ingest.words import STEMMED_WORDS, fold
from rulebook.kinds import SEARCHED
from rulebook.urls import card_url, rule_url

from ..rules import as_rule_number, find_rule, listed_rules
from .meaning import Meanings
from .snippets import snippet
from .words import (
    Query,
    Speller,
    Word,
    corrected_text,
    finds_longer_words,
    is_english_word,
    judges_phrases,
    parse,
    read_phrases,
)

SEARCH_KINDS = SEARCHED  # the kinds search finds (rulebook/kinds.py): the kind= filter takes one of these

MAX_WORDS = 24  # a pasted paragraph is cut here: more words only slow the search down
MAX_QUERY_CHARACTERS = 1000
MAX_LIMIT = 200
MAX_OFFSET = 10_000
RERANKED = 20  # the best entries of each tier read again for words side by side
WINDOW = 20  # the first places, where the rankings by words and by meaning are fused
RANK_K = 3  # how fast the score of a place in the word ranking falls: 1, 0.8, 0.67, 0.57...
MEANING_WEIGHT = 0.15  # what being the closest in meaning adds to the score of a place
MEANING_MIN_WORDS = 3  # meaning joins in for a question; a name or a keyword or two is found by its words
MIN_SIMILARITY = 0.4  # cosine: below it, an entry is no closer in meaning than a random one
SUPERSEDED_FACTOR = 0.35  # in the window, an entry only older editions have, below current ones
CLEAR_MARGIN = 1.5  # the first result answers clearly when its words match this many times better than the next's

# bm25 weight of each FTS5 column (db/search_index.py SEARCHED_COLUMNS): a card's name or a
# rule's title says what the entry is about; the section it sits in only hints at it.
COLUMN_WEIGHTS = (3.0, 2.5, 1.0, 0.5, 6.0, 0.0)  # name, title, text, context, number; scope is no match
PARTIAL_CANDIDATES = 500  # entries with only some of the words: at most about this many are ranked
PHRASE_BONUS = 0.5  # score * 1.5 for an entry with every two neighbouring words side by side
NAME_BONUS = 1.0  # score * 2 for a card, glossary term or mechanic whose name has every word
POINTER_FACTOR = 0.5  # a glossary entry that sends the reader to a rule ("See rule 103.5"), below that rule
FAMILY_BONUS = 0.2  # score * 1.2 in the family judges reach for first (db/families.py: the Treachery rules)
OWNER_BONUS = 0.5  # score * 1.5 for a card note or mechanic ruling with more of the query than the
# name of its card or mechanic, which the query names
UNNAMED_CARD_FACTOR = 0.6  # a card the query does not name, matched by a common word of its name ("game")
UNNAMED_NOTE_FACTOR = 0.7  # a card note the query does not name the card of: a question without a card name
# asks about the rules in general ("can I look at my face-down creature"), not one card
COMMON_SHARE = 0.15  # a word in more entries than this share is too common to find partial matches by, and
# only ranks the entries with the query's other words ("creature" in "look at my face-down creature")


_MATCHING = "search_entries_fts match ? and rowid not in (select value from json_each(?))"
_COUNT = f"select count(*) from search_entries_fts where {_MATCHING}"
_BEST = f"""select rowid, -bm25(search_entries_fts, {", ".join(map(str, COLUMN_WEIGHTS))}) as score
            from search_entries_fts where {_MATCHING} order by score desc, rowid limit ? offset ?"""


class SearchInputError(ValueError):
    """A parameter the search cannot take (an ``as_of`` that is not a date): the web answers 400."""


def search(
    db: sqlite_utils.Database,
    query: str,
    kind: str | None = None,
    document: str | None = None,
    limit: int = 20,
    offset: int = 0,
    as_of: str | None = None,
    as_typed: bool = False,
) -> dict:
    """Answer ``query`` with a redirect, ranked results and a message; see the module docstring.

    ``as_typed``: search the words as typed, without corrections (the link under a correction).
    """
    text = query if isinstance(query, str) else ""
    kind, document, as_of = kind or None, document or None, as_of or None  # an empty form field filters nothing
    limit, offset = max(0, min(int(limit), MAX_LIMIT)), max(0, min(int(offset), MAX_OFFSET))
    response = {
        "query": text,
        "corrected_query": None,
        "message": None,
        "redirect": None,
        "offset": offset,
        "limit": limit,
        "total": 0,
        "as_of": as_of,
        "editions": [],
        "answer": None,
        "results": [],
    }
    if as_of:
        response["editions"] = editions_in_force(db, as_of)
        if not response["editions"]:
            return {**response, "message": f"No document loaded was in force on {as_of}."}
    problem = _filter_problem(db, kind, document)
    if problem:
        return {**response, "message": problem}
    index = search_index_of(db)
    if index is None:
        return {
            **response,
            "message": "Search is not available: this database has no search tables (an older rulebook "
            "made it). Run `rulebook build` to build it again.",
        }
    # A lone surrogate (half an emoji from a broken form) cannot become a search term.
    searched = text[:MAX_QUERY_CHARACTERS].encode("utf-8", "replace").decode("utf-8")
    scope = Scope(kind, document, response["editions"] if as_of else None, as_of)
    return {**response, **index.answer(db, searched, scope, limit, offset, as_typed)}


def editions_in_force(db: sqlite_utils.Database, as_of: str) -> list[dict]:
    """Per family, the edition in force on ``as_of`` (families with none that old are left out)."""
    try:
        day = datetime.date.fromisoformat(as_of)
    except (TypeError, ValueError):
        raise SearchInputError(f'as_of must be a date written YYYY-MM-DD, e.g. 2021-06-09, not "{as_of}".') from None
    editions = []
    for family in [row["family"] for row in db.query("select distinct family from documents order by family")]:
        edition = edition_in_force(db, family, day.isoformat())
        if edition:
            current = next(
                db.query("select slug from documents where family = ? and is_current = 1 and id = primary_id", [family])
            )
            editions.append(
                {
                    "family": family,
                    "document": edition["slug"],
                    "version": edition["version"],
                    "effective_date": edition["effective_date"],
                    "edition": edition["edition"],
                    "current": current["slug"],
                }
            )
    return editions


def _filter_problem(db: sqlite_utils.Database, kind: str | None, document: str | None) -> str | None:
    if kind and kind not in SEARCH_KINDS:
        return f'There is nothing of the kind "{kind}" to search; choose one of: {", ".join(SEARCH_KINDS)}.'
    if document:
        slugs = [row["slug"] for row in db.query("select slug from documents order by slug")]
        if document not in slugs:
            return f'There is no document "{document}"; the documents are: {", ".join(slugs)}.'
    return None


_INDEXES: dict[tuple[str, int], SearchIndex] = {}


def search_index_of(db: sqlite_utils.Database) -> SearchIndex | None:
    """The search tables of ``db``, their vocabulary and word counts read once per build of a
    database file (None when the database has none: an older rulebook made it)."""
    file = next((row[2] for row in db.conn.execute("pragma database_list") if row[1] == "main"), "")
    key = (file, build_id_of(db.conn))
    if key not in _INDEXES:
        try:
            index = SearchIndex(db.conn)
        except sqlite3.Error:
            return None
        if len(_INDEXES) >= 4:  # the tests open several databases; a server one
            _INDEXES.pop(next(iter(_INDEXES)))
        _INDEXES[key] = index
    return _INDEXES[key]


@dataclass
class Scope:
    """Which entries a search sees: of a kind, of a document, of the editions in force on a day."""

    kind: str | None
    document: str | None
    editions: list[dict] | None  # as_of: the edition searched in each family
    as_of: str | None = None

    def where(self) -> tuple[str, list]:
        """The SQL condition on ``entries e`` and its parameters."""
        conditions, parameters = [], []
        if self.kind:
            conditions.append("e.kind = ?")
            parameters.append(self.kind)
        if self.document:
            conditions.append("exists (select 1 from search_sources s where s.entry_id = e.id and s.document = ?)")
            parameters.append(self.document)
        elif self.editions is not None:
            families = [
                "(e.family = ? and exists (select 1 from search_sources s where s.entry_id = e.id and s.edition = ?))"
                for _ in self.editions
            ]
            conditions.append(f"({' or '.join(families) or '0'})")
            parameters.extend(value for edition in self.editions for value in (edition["family"], edition["edition"]))
        else:
            conditions.append("e.latest = 1")
        return " and ".join(conditions), parameters

    def fts(self) -> str:
        """The same condition as an FTS5 expression on the ``scope`` column (db/search_index.py)."""
        conditions = []
        if self.kind:
            conditions.append(_quoted(scope_word("kind", self.kind)))
        if self.document:
            conditions.append(_quoted(scope_word("document", self.document)))
        elif self.editions is not None:
            in_force = [_quoted(scope_word("edition", f"{e['family']}.{e['edition']}")) for e in self.editions]
            conditions.append(f"({' OR '.join(in_force)})")
        else:
            conditions.append(_quoted(scope_word("latest")))
        return "{scope} : (" + " AND ".join(conditions) + ")"

    @property
    def all_in_force(self) -> bool:
        """Every entry seen is of the edition asked for: none is ranked lower as superseded."""
        return bool(self.document) or self.editions is not None

    def sources_condition(self) -> tuple[str, list]:
        """Which sources of an entry to read: the newest (a rule of 26 editions has 26), the
        document's, or all of them for ``source`` to choose by family."""
        if self.document:
            return "document = ?", [self.document]
        if self.editions is not None:
            return "1", []
        return (
            "edition = (select max(edition) from search_sources newest where newest.entry_id = search_sources.entry_id)",
            [],
        )

    def source(self, sources: list[dict], family: str) -> dict:
        """Which of the entry's sources (newest first) the result shows."""
        if self.document:
            return next(source for source in sources if source["document"] == self.document)
        if self.editions is not None:
            edition = next(edition["edition"] for edition in self.editions if edition["family"] == family)
            return next(source for source in sources if source["edition"] == edition)
        return sources[0]


_ENTRY_COLUMNS = "id, kind, family, body, name, words, superseded, owner"


def _term_counts(connection: sqlite3.Connection) -> dict[str, int]:
    """How many entries use each indexed word: FTS5's own counts (fts5vocab, in a temporary
    table of this connection: the served file is read-only)."""
    connection.execute(
        "create virtual table if not exists temp.search_terms using fts5vocab(main, search_entries_fts, row)"
    )
    return dict(connection.execute("select term, doc from temp.search_terms").fetchall())


@dataclass(frozen=True)
class Matching:
    """The entries an FTS5 ``expression`` matches, but those ``skipped``."""

    expression: str
    skipped: tuple[int, ...]

    def narrowed(self, condition: str) -> Matching:
        return Matching(f"({self.expression}) {condition}", self.skipped)

    def parameters(self) -> list:
        return [self.expression, json.dumps(self.skipped)]


@dataclass
class Candidate:
    entry_id: int
    kind: str
    family: str
    body: str
    score: float
    superseded: bool = False  # only editions older than its family's current one have it
    relevance: float = 0.0  # how well its words match (bm25, reranked), where it places by words


class WordRanking:
    """The entries with a query's words, tier after tier (``Matching`` each), each tier ranked by
    bm25 and its best reranked: counted, and read a slice at a time."""

    def __init__(self, index: SearchIndex, tiers: list[Matching], searched: list[Word]):
        self.index, self.tiers, self.searched = index, tiers, searched
        self.counts = [index.count_matching(tier) for tier in tiers]

    def total(self) -> int:
        return sum(self.counts)

    def entries(self, start: int, stop: int) -> list[Candidate]:
        """Places ``start`` to ``stop`` of the ranking, across the tiers."""
        found, before = [], 0
        for tier, count in zip(self.tiers, self.counts):
            first, last = max(0, start - before), max(0, stop - before)
            if last > first and first < count:
                found += self.index.tier_page(tier, count, self.searched, first, last)
            before += count
        return found

    def matching_of(self, entry_ids: list[int]) -> set[int]:
        """Which of ``entry_ids`` some tier matches (the others only meaning found), in one query."""
        if not entry_ids:
            return set()
        either = Matching(" OR ".join(f"({tier.expression})" for tier in self.tiers), self.tiers[0].skipped)
        return {
            row[0]
            for row in self.index.connection().execute(
                f"select rowid from search_entries_fts where {_MATCHING} and rowid in ({', '.join('?' * len(entry_ids))})",
                [*either.parameters(), *entry_ids],
            )
        }


class SearchIndex:
    """The search tables of one build: what a search reads once (how many entries, how many use
    each word, the vocabulary for corrections), shared by every search of that build. Each search
    reads the tables on the connection it was given (thread by thread)."""

    def __init__(self, connection: sqlite3.Connection):
        self.local = threading.local()  # the connection of the search running in this thread
        connection.execute(f"select {_ENTRY_COLUMNS} from search_entries limit 0")  # none: an older rulebook's
        self.entry_count = connection.execute("select count(*) from search_entries").fetchone()[0]
        self.frequency = _term_counts(connection)
        self.speller = Speller(read_vocabulary(sqlite_utils.Database(connection)), set(self.frequency))
        self.meanings = Meanings.read(connection)
        # what the documents call a thing otherwise (db/search_synonyms.py), the judges' words first
        derived = "\n".join(row[0] for row in connection.execute("select rules from search_synonyms"))
        self.phrases = {**read_phrases(derived, "search_synonyms"), **judges_phrases()}
        is_english_word("judge")  # load the English word list now, not during a judge's search

    def connection(self) -> sqlite3.Connection:
        return self.local.connection

    def answer(self, db, text: str, scope: Scope, limit: int, offset: int, as_typed: bool) -> dict:
        self.local.connection = db.conn
        messages = []
        query = parse(text, self.phrases)
        words = query.words
        if len(words) > MAX_WORDS:
            words = words[:MAX_WORDS]
            messages.append(f"That search is long: only its first {MAX_WORDS} words were used.")
        number = as_rule_number(text)
        if number and not number.isdigit():  # a bare section ("907") is searched like a word
            redirect, named, missing = self.rule_named(db, number, scope)
            words = [word for word in words if word.number]  # "rule" and "CR" are not searched
            messages.extend(filter(None, [missing]))
        else:
            redirect, named = self.card_named(text, scope)
        words = self.speller.look_up(words, correct=not as_typed)
        corrected = None
        if any(word.correction for word in words) and not redirect:
            corrected = corrected_text(text, Query(words, query.stop_words, query.spans))
            messages.insert(0, f'Showing results for "{corrected}".')
        # The rule or card named leads the list, and is not ranked again among the rest.
        shown = [result for _, result in named[offset : offset + limit]]
        skipped = tuple(entry_id for entry_id, _ in named)
        total, ranked, clear = self.ranked(words, scope, max(0, offset - len(named)), limit - len(shown), skipped, text)
        results = shown + ranked
        total += len(named)
        if not results and limit and not messages:
            if offset and total:
                messages.append(f"There are only {total} results: this page is past the last one.")
            else:
                messages.append(_nothing_found(text, words, query.stop_words))
        return {
            "corrected_query": corrected,
            "message": " ".join(messages) or None,
            "redirect": redirect,
            "total": total,
            "answer": self.whole(db, clear, results[0]) if clear and not named and offset == 0 and results else None,
            "results": results,
        }

    def whole(self, db, candidate: Candidate, result: dict) -> dict:
        """The first result in full, when it clearly answers: a rule with its notes and subrules
        (as its page lists them), the whole ruling, FAQ answer or entry (the page shows it above
        the list)."""
        subrules = []
        if result["kind"] == "rule":
            parent = "parent_id = (select r.id from rules r join documents d on d.id = r.document_id where d.slug = ? and r.number = ?)"
            subrules = [
                {key: subrule[key] for key in ("number", "text", "url")}
                for subrule in listed_rules(db, result["document"], parent, [result["document"], result["number"]])
            ]
        return {key: result[key] for key in ("kind", "document", "title", "url")} | {
            "text": candidate.body,
            "subrules": subrules,
        }

    # -- the rule number or card the query names ------------------------------------------

    def rule_named(self, db, number: str, scope: Scope) -> tuple[str | None, list[tuple[int, dict]], str | None]:
        """The rule's URL and the rule in each family that has it, or why there is none."""
        found = find_rule(db, number, scope.document)
        if not found.rule:
            where = f" in {scope.document}" if scope.document else ""
            close = (
                f" Close numbers: {', '.join(found.suggestions)}." if found.suggestions and not scope.document else ""
            )
            return None, [], f"There is no rule {number}{where}.{close}"
        if scope.kind not in (None, "rule"):
            return None, [], None
        where, parameters = scope.where()
        rows = self.connection().execute(
            f"select e.id, e.kind, e.family, e.body from search_entries e where e.number = ? and {where}",
            [found.rule["canonical"], *parameters],
        )
        rules = self.looked_up(rows, scope)
        named = f"{found.document_slug}/"
        rules.sort(key=lambda rule: named not in rule[1]["url"])  # the document find_rule chose first
        if scope.as_of and not scope.document:  # the rule as it stood that day: the page picks the edition
            return f"{rule_url(None, found.rule['number'])}?as_of={scope.as_of}", rules, None
        return rule_url(found.document_slug, found.rule["number"]), rules, None

    def card_named(self, text: str, scope: Scope) -> tuple[str | None, list[tuple[int, dict]]]:
        """The card whose exact name (any case, accents optional) is the query."""
        if scope.kind not in (None, "card"):
            return None, []
        where, parameters = scope.where()
        rows = self.connection().execute(
            f"select e.id, e.kind, e.family, e.body from search_entries e where e.name_key = ? and e.kind = 'card' and {where}"
            " order by e.superseded",
            [fold(text), *parameters],
        )
        cards = self.looked_up(rows, scope)
        if not cards:
            return None, []
        # Without a document filter the card page itself shows the current version first.
        return card_url(cards[0][1]["card"], scope.document), cards

    def looked_up(self, rows, scope: Scope) -> list[tuple[int, dict]]:
        """(entry id, result) of each entry looked up by number or name: no words to mark."""
        candidates = [Candidate(row[0], row[1], row[2], row[3], 0.0) for row in rows]
        return [
            (candidate.entry_id, result)
            for candidate, result in zip(candidates, self.results(candidates, scope, set()))
        ]

    # -- ranking ------------------------------------------------------------------------

    def ranked(
        self, words: list[Word], scope: Scope, offset: int, limit: int, skipped: tuple[int, ...], text: str
    ) -> tuple[int, list[dict], Candidate | None]:
        """(how many entries match, the page of them from ``offset``, the first when it clearly
        answers: its words match CLEAR_MARGIN times better than any other's), the entries ``skipped``
        (the rule or card the query names, listed first) left out.

        The first WINDOW places fuse two rankings by reciprocal rank: by words (entries with
        every word first, then those with the less common of them, each tier by bm25 and the
        reranking) and by meaning (the entries whose vectors are closest to the query's). There,
        an entry a later edition removed or replaced counts SUPERSEDED_FACTOR of its score, unless
        the query names an old rule or the scope is an edition. The places after the window go
        on by words."""
        searched = [word for word in words if word.searched]
        if not searched:
            return 0, [], None
        by_words = self.word_ranking(searched, scope, skipped)
        keep_old = scope.all_in_force or any(self.is_old_number(word.number) for word in searched if word.number)
        window, only_by_meaning = self.fused_window(by_words, text, scope, skipped, keep_old)
        page = window[offset : offset + limit]
        if offset + limit > len(window) and len(window) == WINDOW:  # past the window: the word ranking goes on
            shown = {candidate.entry_id for candidate in window}
            after = offset + limit - WINDOW
            rest = [candidate for candidate in by_words.entries(0, after + WINDOW) if candidate.entry_id not in shown]
            page += rest[max(0, offset - WINDOW) : after]
        stems = {stem for word in searched for stem in word.stems}
        others = [candidate.relevance for candidate in window[1:]]
        first = window[0] if window else None
        clear = (
            first
            if first and first.relevance > 0 and first.relevance >= CLEAR_MARGIN * max(others, default=0)
            else None
        )
        return by_words.total() + only_by_meaning, self.results(page, scope, stems), clear

    def word_ranking(self, searched: list[Word], scope: Scope, skipped: tuple[int, ...]) -> WordRanking:
        """The entries with the query's words, in tiers: every word (its common ones only
        ranking), then some of the less common words."""
        alternatives = [_match(word) for word in searched]
        in_scope = scope.fts()
        every = self.every_word(searched, alternatives, in_scope)
        tiers = [every]
        if len(searched) > 1:
            tiers.append(f"({self.some_words(searched, alternatives, in_scope)}) NOT ({every})")
        return WordRanking(self, [Matching(f"({tier}) AND {in_scope}", skipped) for tier in tiers], searched)

    def fused_window(
        self, by_words: WordRanking, text: str, scope: Scope, skipped: tuple[int, ...], keep_old: bool
    ) -> tuple[list[Candidate], int]:
        """The first WINDOW results, and how many of them no word of the query finds.

        For a question (MEANING_MIN_WORDS searched words or more) that its words find answers to,
        each candidate (the best WINDOW by words, the closest WINDOW in meaning) scores by its
        place in the word ranking, (RANK_K + 1) / (RANK_K + place), 1 for the first, plus
        MEANING_WEIGHT times how close it is in meaning, from 0 for the farthest of the closest
        to 1 for the closest."""
        words_first = by_words.entries(0, WINDOW)
        # a question, saying something more specific than "creature card player", with answers in words
        asks = (
            len(by_words.searched) >= MEANING_MIN_WORDS
            and not all(self.is_common(word) for word in by_words.searched)
            and by_words.total()
        )
        closest = self.closest_in_meaning(text, scope, set(skipped), not keep_old) if asks else []
        closest = [(entry_id, similarity) for entry_id, similarity in closest if similarity >= MIN_SIMILARITY]
        candidates = {candidate.entry_id: candidate for candidate in words_first}
        candidates.update(self.candidates([entry_id for entry_id, _ in closest if entry_id not in candidates]))
        place = {candidate.entry_id: number for number, candidate in enumerate(words_first, start=1)}
        nearness = _spread(dict(closest))
        for entry_id, candidate in candidates.items():
            candidate.relevance = candidate.score if entry_id in place else 0.0  # by its words
            by_place = (RANK_K + 1) / (RANK_K + place[entry_id]) if entry_id in place else 0.0
            score = by_place + MEANING_WEIGHT * nearness.get(entry_id, 0.0)
            candidate.score = score * (SUPERSEDED_FACTOR if candidate.superseded and not keep_old else 1.0)
        window = sorted(candidates.values(), key=lambda candidate: (-candidate.score, candidate.entry_id))[:WINDOW]
        new = [candidate.entry_id for candidate in window if candidate.entry_id not in place]
        return window, len(new) - len(by_words.matching_of(new))

    def closest_in_meaning(self, text: str, scope: Scope, skipped: set[int], current: bool) -> list[tuple[int, float]]:
        """(id, cosine) of the entries of the scope closest in meaning to the query, closest first
        (if ``current``, of the entries no later edition removed or replaced)."""
        if self.meanings is None:
            return []
        allowed = None
        if scope.document or scope.editions is not None:
            where, parameters = scope.where()
            allowed = {
                row[0]
                for row in self.connection().execute(f"select e.id from search_entries e where {where}", parameters)
            }
        return self.meanings.nearest(text, WINDOW, scope.kind, allowed, skipped, current)

    def candidates(self, entry_ids: list[int]) -> dict[int, Candidate]:
        rows = self.connection().execute(
            f"select {_ENTRY_COLUMNS} from search_entries where id in ({', '.join('?' * len(entry_ids))})", entry_ids
        )
        return {row[0]: Candidate(row[0], row[1], row[2], row[3], 0.0, bool(row[6])) for row in rows}

    def every_word(self, searched: list[Word], alternatives: list[str], in_scope: str) -> str:
        """The first tier: entries with every word of the query but its common ones, which only
        rank (as Lucene's common terms query does). "can I look at my face-down creature" finds
        the rules on looking at face-down permanents, which never say "creature"."""
        common = [self.is_common(word) for word in searched]
        if all(common):
            return " AND ".join(alternatives)
        return " AND ".join(
            _ranking_only(expression, in_scope) if is_common else expression
            for expression, is_common in zip(alternatives, common)
        )

    def some_words(self, searched: list[Word], alternatives: list[str], in_scope: str) -> str:
        """Entries with any of the less common words, the rarest first, as many as keep the
        candidates under PARTIAL_CANDIDATES: ranking every entry that says "player" is what
        would make a search slow, and the common words add little to the ranking. The query's
        other words that are not common still rank these entries: in "someone just unveiled and
        their ability is waiting to resolve, can I counter it", the rarer words find the
        entries, and "counter" ranks the FAQ "Can I counter an unveil ability?" among them."""
        by_rarity = sorted(zip(searched, alternatives), key=lambda pair: self.count(pair[0]))
        chosen, candidates = [], 0
        for word, expression in by_rarity:
            frequency = self.count(word)
            if chosen and (self.is_common(word) or candidates + frequency > PARTIAL_CANDIDATES):
                break
            chosen.append(expression)
            candidates += frequency
        ranking = [expression for word, expression in by_rarity[len(chosen) :] if not self.is_common(word)]
        if not ranking:
            return " OR ".join(chosen)
        return f"({' OR '.join(chosen)}) AND {_ranking_only(' OR '.join(ranking), in_scope)}"

    def tier_page(self, matching: Matching, count: int, searched: list[Word], start: int, stop: int) -> list[Candidate]:
        """Entries ``start``..``stop`` of a tier of ``count`` entries: by bm25, the best RERANKED
        then reordered by names and words side by side (the same window whatever the page, so
        pages agree)."""
        fetch_from, fetch_to = (0, max(stop, RERANKED)) if start < RERANKED else (start, stop)
        if start >= count:
            return []
        best = self.best(matching, fetch_to - fetch_from, fetch_from)
        entries = {
            row[0]: row
            for row in self.connection().execute(
                f"select {_ENTRY_COLUMNS} from search_entries where id in ({', '.join('?' * len(best))})",
                [entry_id for entry_id, _ in best],
            )
        }
        rows = [(entries[entry_id], score) for entry_id, score in best]
        candidates = [Candidate(row[0], row[1], row[2], row[3], score, bool(row[6])) for row, score in rows]
        if fetch_from == 0:
            reranked = _reranked(candidates[:RERANKED], [row for row, _ in rows[:RERANKED]], searched, self.names)
            candidates = reranked + candidates[RERANKED:]
        return candidates[start - fetch_from : stop - fetch_from]

    def best(self, matching: Matching, limit: int, offset: int) -> list[tuple[int, float]]:
        """(entry id, bm25 score) of the best matches, best first."""
        return self.connection().execute(_BEST, [*matching.parameters(), limit, offset]).fetchall()

    def count_matching(self, matching: Matching) -> int:
        return self.connection().execute(_COUNT, matching.parameters()).fetchone()[0]

    def results(self, candidates: list[Candidate], scope: Scope, stems: set[str]) -> list[dict]:
        """The public result of each candidate, from the source the scope shows."""
        if not candidates:
            return []
        sources_of: dict[int, list[dict]] = {candidate.entry_id: [] for candidate in candidates}
        which, parameters = scope.sources_condition()
        for entry_id, document, edition, earlier, result in self.connection().execute(
            f"select entry_id, document, edition, earlier, result from search_sources "
            f"where entry_id in ({', '.join('?' * len(sources_of))}) and {which} order by edition desc, rowid",
            [*sources_of, *parameters],
        ):
            sources_of[entry_id].append(
                {"document": document, "edition": edition, "earlier": earlier, "result": result}
            )
        results = []
        for candidate in candidates:
            source = scope.source(sources_of[candidate.entry_id], candidate.family)
            results.append(
                {
                    **json.loads(source["result"]),
                    "snippet": snippet(candidate.body, stems),
                    "score": round(candidate.score, 3),
                    "earlier_editions": source["earlier"],
                }
            )
        return results

    def names(self, owner: str, stems: set[str]) -> bool:
        """Whether a query's ``stems`` name ``owner`` (a card or mechanic): they have the rarest
        word of its name. "martyr" names The Great Martyr; "game" does not name Sadistic Shell Game."""
        return _rarest_stem(owner, self.frequency) in stems

    def is_common(self, word: Word) -> bool:
        """In more than COMMON_SHARE of all entries: it ranks entries, but never finds them."""
        return self.count(word) > self.entry_count * COMMON_SHARE

    def count(self, word: Word) -> int:
        return sum(self.frequency.get(stem, 0) for stem in word.stems) + (1 if word.number else 0)

    def is_old_number(self, number: str) -> bool:
        """A number only superseded editions use (702.TrUnv-3, 906.6d): the judge wants the old rules."""
        row = (
            self.connection()
            .execute("select min(superseded) from search_entries where number = ?", [number])
            .fetchone()
        )
        return row[0] == 1


_POINTS_TO_RULES = re.compile(r"\bSee (?:official )?rules? \d", re.IGNORECASE)


def _spread(similarities: dict[int, float]) -> dict[int, float]:
    """Cosine similarities spread over 0 (the least similar given) to 1 (the most)."""
    if not similarities:
        return {}
    low, high = min(similarities.values()), max(similarities.values())
    return {entry_id: (value - low) / (high - low) if high > low else 1.0 for entry_id, value in similarities.items()}


def _match(word: Word) -> str:
    """The FTS5 expression for one word: any of its stems or a longer word they begin ("own"
    finds owner, "team" teammates, "know" known), or its rule number, in any column. Every term
    is quoted, so nothing a judge types is read as search syntax."""
    terms = [_quoted(stem) + (" *" if finds_longer_words(stem) else "") for stem in word.stems]
    if word.number and word.number not in word.stems:
        terms.append(_quoted(word.number))
    return "{" + " ".join(SEARCHED_COLUMNS) + "} : (" + " OR ".join(terms) + ")"


def _ranking_only(expression: str, in_scope: str) -> str:
    """``expression`` as a word that ranks the entries having it but excludes none: every entry
    searched matches ``in_scope`` (the scope's words), which adds nothing to bm25 (the scope
    column weighs 0)."""
    return f"({expression} OR {in_scope})"


def _quoted(term: str) -> str:
    """A term as an FTS5 string: whatever it holds is a word to match, never syntax."""
    return '"' + term.replace('"', '""') + '"'


def _reranked(candidates: list[Candidate], rows: list[tuple], searched: list[Word], names) -> list[Candidate]:
    """The best few again, with what bm25 cannot see: how many of the query's words an entry has
    (bm25 only counts the less common ones when few entries have them all), whether its name
    has every word ("great martyr": The Great Martyr above its notes), whether the query names
    the card or mechanic an entry is about (``names``: "séance board morbid" prefers the Séance
    Board's notes, "players know how many traitors" not the notes of Sadistic Shell Game; a
    question naming no card asks about the rules, not one card's notes), words side by side as
    typed ("starting player", not "player's starting"; "leave the game" is also "left the game"),
    and the family judges reach for first."""
    pairs = [
        {f" {one} {other} " for one in first.stems for other in second.stems}
        for first, second in itertools.pairwise(searched)
        if first.stems and second.stems
    ]
    stems = {stem for word in searched for stem in word.stems}
    for candidate, (*_, name, words, _superseded, owner) in zip(candidates, rows):
        if candidate.kind in ("card_note", "mechanic_ruling") and names(owner, stems):
            about = set(_stems_of(owner))  # and has more of the query than its owner's name
            if any(_has(words, word) for word in searched if not about.intersection(word.stems)):
                candidate.score *= 1 + OWNER_BONUS
        elif candidate.kind == "card" and not names(owner, stems):
            candidate.score *= UNNAMED_CARD_FACTOR
        elif candidate.kind == "card_note" and not names(owner, stems):
            candidate.score *= UNNAMED_NOTE_FACTOR
        if candidate.kind == "glossary" and _POINTS_TO_RULES.search(candidate.body):
            candidate.score *= POINTER_FACTOR
        share = sum(1 for word in searched if _has(words, word)) / len(searched)
        candidate.score *= ((1 + share) / 2) ** 2
        if name:
            name_stems = set(_stems_of(name))
            if all(name_stems.intersection(word.stems) for word in searched):
                candidate.score *= 1 + NAME_BONUS
        if pairs:
            found = sum(1 for pair in pairs if any(side_by_side in words for side_by_side in pair))
            candidate.score *= 1 + PHRASE_BONUS * found / len(pairs)
        if candidate.family == FAMILY_PREFERENCE[0]:
            candidate.score *= 1 + FAMILY_BONUS
    return sorted(candidates, key=lambda candidate: (-candidate.score, candidate.entry_id))


@lru_cache(maxsize=8192)
def _stems_of(name: str) -> tuple[str, ...]:
    return tuple(token.text for token in STEMMED_WORDS(name))


def _rarest_stem(name: str, frequency: dict[str, int]) -> str | None:
    """The word of ``name`` the fewest entries use (its stem): what sets the name apart."""
    return min(_stems_of(name), key=lambda stem: (frequency.get(stem, 0), stem), default=None)


def _has(words: str, word: Word) -> bool:
    """Whether an entry's indexed words (" name title body context ") include the query's word
    (or a longer one: "team" is in "teammates", as _match finds it)."""
    return any(f" {stem}{'' if finds_longer_words(stem) else ' '}" in words for stem in word.stems) or bool(
        word.number and f" {word.number} " in words
    )


def _nothing_found(text: str, words: list[Word], stop_words: list[str]) -> str:
    unknown = [word.typed for word in words if not word.searched]
    if unknown:
        listed = ", ".join(f'"{_shortened(word)}"' for word in unknown[:5])
        return f"Nothing in the rules uses {listed}. Try other words, a rule number (907.8b) or a card name."
    if stop_words and not words:  # only stop words; with words searched, a filter left nothing
        listed = " and ".join(f'"{word}"' for word in list(dict.fromkeys(stop_words))[:2])
        return (
            f"Words like {listed} are too common to search for: add a keyword, a rule number (907.8b) or a card name."
        )
    if words:
        return f'Nothing of that kind or in that document matches "{_shortened(text)}": try without the filter.'
    if text.strip():
        return "There are no words to search for: type a rule number (907.8b), a card name or a few words."
    return "Type a rule number (907.8b), a card name or a few words to search for."


def _shortened(word: str, length: int = 30) -> str:
    return word if len(word) <= length else word[:length] + "…"
