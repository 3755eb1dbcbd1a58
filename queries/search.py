"""Search the rulebook the way judges ask: rule numbers, card names, questions, misspellings.

`search()` is the one search behind `rulebook search`, the /search page and /search.json, so
they all answer alike. In order, it:

1. sends a rule number ("907.8b", "rule 104.3", "CR 508.6", "702.TrUnv-3") straight to that
   rule, and an exact card name ("the ætherist") straight to that card (``redirect``);
2. corrects words the rulebook never uses from its own vocabulary ("assasin" -> "assassin")
   and says so ("did you mean");
3. ranks every entry that matches any word (a question's "who" or "the" never excludes an
   answer): entries matching all words first, names and titles above body text, the current
   Treachery rules above the old ones unless the query names an old rule number.

Bad input never raises: an empty query, punctuation, search syntax, a 10,000-character paste
or text in another script all get results or an empty list with a ``message``.

The response, a public contract (/search.json returns it as is)::

    {
      "query": str,                   # the query as typed
      "corrected_query": str | null,  # the query that was searched instead, misspellings corrected
      "message": str | null,          # a sentence for the judge: the correction, or why nothing matched
      "redirect": str | null,         # URL to go straight to: the rule a rule number names, the card
                                      #   an exact card name names
      "results": [                    # best first
        {
          "kind": "rule" | "card" | "card_note" | "faq" | "glossary" | "mechanic",
          "document": str,            # document slug: "treachery-6.0"
          "version": str | null,      # the document's version: "6.0"
          "number": str | null,       # rules: the number as printed: "702.TR02a"
          "card": str | null,         # cards and card notes: the card's name
          "question": str | null,     # FAQ entries: the question
          "title": str,               # "907.8b", "702.TR02 — Undercover", "The Great Martyr — note 3",
                                      #   the FAQ question, the glossary term, the mechanic's name
          "snippet": str,             # HTML, escaped: the matching text, matched words in <mark>…</mark>
          "url": str,                 # the result's page: /rules/treachery-6.0/907.8b, /cards/The%20Spy#note-1
          "score": float              # higher is better; comparable within one response only
        }
      ]
    }
"""

from __future__ import annotations

import copy
import itertools
import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import sqlite_utils
from markupsafe import Markup, escape
from whoosh import index as whoosh_index
from whoosh.query import And, AndMaybe, Or, Query, Term
from whoosh.scoring import BM25F
from whoosh.searching import Hit
from whoosh.spelling import ListCorrector

from rulebook.db.search_index import (
    STEMMED_WORDS,
    WORDS,
    fold,
    open_search_index,
    read_vocabulary,
    stem_word,
    word_spans,
)
from rulebook.ingest.numbers import NUMBER, canonical
from rulebook.urls import card_url

from .rules import as_rule_number, find_rule

KINDS = ("rule", "card", "card_note", "faq", "glossary", "mechanic")

_RULE_NUMBER = re.compile(rf"(?<![\w.]){NUMBER}(?![\w-])", re.IGNORECASE)  # 907.8b, 702.TrUnv-3 in a query

MAX_WORDS = 24  # a pasted paragraph is cut here: more words only slow the search down
MAX_QUERY_CHARACTERS = 1000
MAX_LIMIT = 200
CANDIDATES = 100  # entries whoosh ranks before our own ranking reorders them

# How much a word counts where it is found: a card's name or a rule's title says what the
# entry is about; the section it sits in only hints at it.
FIELD_BOOSTS = {"name": 3.0, "title": 2.5, "text": 1.0, "context": 0.5}
NUMBER_BOOST = 6.0
PHRASE_BONUS = 0.5  # score * 1.5 for an entry with every two neighbouring words side by side
PHRASE_WINDOW = 30  # the best entries checked for words side by side
COMMON_SHARE = 0.2  # a word in more entries than this share is too common to find partial matches by
SUPERSEDED_FACTOR = 0.5  # Treachery 1.1 below 6.0, unless the query names an old number


class _Weighting(BM25F):
    """BM25F with one rarity (idf) per word, whichever field it is found in.

    whoosh measures a word's rarity field by field, so "game" is rare among card names and
    "Sadistic Shell Game" would outrank every rule about games. Names, titles and sections are
    a few words long and most entries have none, so BM25's length normalization would punish
    "702.TR02 — Undercover" for having a title at all: those fields are not normalized.
    """

    def __init__(self):
        super().__init__(name_B=0.0, title_B=0.0, context_B=0.0)

    def idf(self, searcher, fieldname, text):
        fields = FIELD_BOOSTS if fieldname in FIELD_BOOSTS else [fieldname]
        frequency = max(searcher.doc_frequency(name, text) for name in fields)
        return math.log(searcher.doc_count_all() / (frequency + 1)) + 1


WEIGHTING = _Weighting()

# Judges' words for what the rules call something else: the phrase is searched as the rules'
# words (and the snippet marks those).
JUDGE_PHRASES = {
    ("goes", "first"): ("starting", "player"),
    ("go", "first"): ("starting", "player"),
    ("plays", "first"): ("starting", "player"),
    ("play", "first"): ("starting", "player"),
}


def search(
    db: sqlite_utils.Database,
    index_dir: Path,
    query: str,
    kind: str | None = None,
    document: str | None = None,
    limit: int = 20,
) -> dict:
    """Answer ``query`` with a redirect, ranked results and a message; see the module docstring."""
    text = query if isinstance(query, str) else ""
    response = {"query": text, "corrected_query": None, "message": None, "redirect": None, "results": []}
    kind, document = kind or None, document or None  # an empty form field filters nothing
    problem = _filter_problem(db, kind, document)
    if problem:
        return {**response, "message": problem}
    index = _open(Path(index_dir))
    if index is None:
        return {
            **response,
            "message": "Search is not available: the search index is missing or unreadable. "
            "Run `rulebook build` to create it.",
        }
    # A lone surrogate (half an emoji from a broken form) cannot become a whoosh term.
    searched = text[:MAX_QUERY_CHARACTERS].encode("utf-8", "replace").decode("utf-8")
    with index.lock:
        found = index.cached_answer(db, searched, kind, document, max(0, min(int(limit), MAX_LIMIT)))
    return {**response, **found}


def _filter_problem(db: sqlite_utils.Database, kind: str | None, document: str | None) -> str | None:
    if kind and kind not in KINDS:
        return f'There is nothing of the kind "{kind}" to search; choose one of: {", ".join(KINDS)}.'
    if document:
        slugs = [row["slug"] for row in db.query("select slug from documents order by slug")]
        if document not in slugs:
            return f'There is no document "{document}"; the documents are: {", ".join(slugs)}.'
    return None


def _open(index_dir: Path) -> _SearchIndex | None:
    """The open index for this folder, reopened only when a rebuild swapped a new one in."""
    try:
        path = index_dir.resolve()
        status = path.stat()
    except OSError:
        return None
    return _open_cached(str(path), status.st_ino, status.st_mtime_ns)


@lru_cache(maxsize=4)
def _open_cached(path: str, inode: int, modified: int) -> _SearchIndex | None:
    try:
        return _SearchIndex(Path(path))
    except (OSError, ValueError, EOFError, whoosh_index.IndexError):
        return None


@dataclass
class _Word:
    """One word of the query, where it was typed, and what is searched for it."""

    start: int
    end: int
    typed: str  # folded
    stems: list[str] = field(default_factory=list)  # empty: a word the rulebook never uses
    correction: str | None = None
    number: str | None = None  # canonical rule number, for a word like 907.8b


class _SearchIndex:
    """An open index with its vocabulary; built once per index folder and reused."""

    def __init__(self, path: Path):
        self.searcher = open_search_index(path).searcher(weighting=WEIGHTING)
        self.reader = self.searcher.reader()
        self.superseded = {docnum for docnum, stored in self.reader.iter_docs() if stored["superseded"]}
        self.vocabulary = read_vocabulary(path)
        self.stems = {stem_word(word) for word in self.vocabulary}
        self.corrector = ListCorrector(sorted(self.vocabulary))
        self.correct = lru_cache(maxsize=4096)(self.closest_word)  # judges repeat their searches
        self.lock = threading.Lock()  # whoosh searchers are not meant to be shared between threads
        self.answers: OrderedDict[tuple, dict] = OrderedDict()

    def cached_answer(self, db, text: str, kind: str | None, document: str | None, limit: int) -> dict:
        """``answer``, remembered for the ANSWERS_REMEMBERED latest searches: neither the index nor
        its database changes while served (a rebuild opens a new ``_SearchIndex``), and judges
        at a tournament repeat the same searches."""
        key = (text, kind, document, limit)
        if key in self.answers:
            self.answers.move_to_end(key)
        else:
            self.answers[key] = self.answer(db, text, kind, document, limit)
            if len(self.answers) > ANSWERS_REMEMBERED:
                self.answers.popitem(last=False)
        return copy.deepcopy(self.answers[key])

    def answer(self, db, text: str, kind: str | None, document: str | None, limit: int) -> dict:
        messages = []
        words, stop_words = self.understand(text)
        if len(words) > MAX_WORDS:
            words = words[:MAX_WORDS]
            messages.append(f"That search is long: only its first {MAX_WORDS} words were used.")
        number = as_rule_number(text)
        if number and not number.isdigit():  # a bare section ("907") is searched like a word
            redirect, first, missing = self.rule_named(db, number, kind, document)
            words = [word for word in words if word.number]  # "rule" and "CR" are not searched
            messages.extend(filter(None, [missing]))
        else:
            redirect, first = self.card_named(text, kind, document)
        corrected = None
        corrections = [word for word in words if word.correction]
        if corrections and not redirect:
            corrected = _corrected(text, corrections)
            messages.insert(0, f'Showing results for "{corrected}".')
        results = _first_then_rest(first, self.ranked(words, kind, document, limit), limit)
        if not results and limit and not messages:
            messages.append(_nothing_found(text, words, stop_words))
        return {
            "corrected_query": corrected,
            "message": " ".join(messages) or None,
            "redirect": redirect,
            "results": results,
        }

    # -- understanding the query --------------------------------------------------------

    def understand(self, text: str) -> tuple[list[_Word], list[str]]:
        """The query's searchable words (judges' phrases translated) and the stop words typed."""
        numbers = [(match.start(), match.end()) for match in _RULE_NUMBER.finditer(text)]
        words, stop_words = [], []
        for token in WORDS(text, chars=True, removestops=False):
            start, end = next(((a, b) for a, b in numbers if a <= token.startchar < b), (None, None))
            if start is not None:  # 702.TrUnv-3 is one word here, whatever the tokenizer says
                if not words or words[-1].start != start:
                    words.append(self.number_word(start, end, text[start:end].lower()))
            elif token.stopped:
                stop_words.append(token.text)
            else:
                words.append(_Word(token.startchar, token.endchar, token.text))
        return [self.looked_up(word) for word in _translated(words)], stop_words

    def number_word(self, start: int, end: int, typed: str) -> _Word:
        """A rule number: its own field, and the body text where it is cited ("see rule 907.8b")."""
        in_text = [token.text for token in WORDS(typed)]
        return _Word(start, end, typed, stems=in_text if len(in_text) == 1 else [], number=canonical(typed))

    def looked_up(self, word: _Word) -> _Word:
        """The word's stems in the index, through a correction if the rulebook never uses the word."""
        if word.number or word.stems:
            return word
        if stem_word(word.typed) in self.stems or word.typed in self.vocabulary:
            word.stems = [stem_word(word.typed)]
        else:
            word.correction = self.correct(word.typed)
            word.stems = [stem_word(word.correction)] if word.correction else []
        return word

    def closest_word(self, word: str) -> str | None:
        """The rulebook's closest word: fewest edits (swapping two letters is one), then most used.

        Only words of letters are corrected: "20" or "2hg" are not typos of other numbers."""
        allowed = 0 if len(word) < 4 or len(word) > 30 or not word.isalpha() else 1 if len(word) < 6 else 2
        if not allowed:
            return None
        for levenshtein in (1, 2):  # one edit is quick to look for; a swap ("angle") is two
            candidates = [
                (_edit_distance(word, candidate), -self.vocabulary[candidate], candidate)
                for candidate in self.corrector.suggest(word, limit=20, maxdist=levenshtein, prefix=1)
            ]
            close = [candidate for candidate in candidates if candidate[0] <= allowed]
            if close:
                return min(close)[2]
        return None

    # -- the rule number or card the query names ------------------------------------------

    def rule_named(self, db, number: str, kind, document) -> tuple[str | None, list[dict], str | None]:
        """The rule's URL and the rule in each document that has it, or why there is none."""
        found = find_rule(db, number, document)
        if not found.rule:
            where = f" in {document}" if document else ""
            close = f" Close numbers: {', '.join(found.suggestions)}." if found.suggestions and not document else ""
            return None, [], f"There is no rule {number}{where}.{close}"
        if kind not in (None, "rule"):
            return None, [], None
        versions = [(found.rule["canonical"], found.document_slug)] + [
            (canonical(other["number"]), other["document"]) for other in found.candidates
        ]
        entries = [self.searcher.document(number=version, document=slug) for version, slug in versions]
        rules = [_plain_result(entry) for entry in entries if entry]  # an older copy indexed once, as the newest
        return rules[0]["url"], rules, None

    def card_named(self, text: str, kind, document) -> tuple[str | None, list[dict]]:
        """The card whose exact name (any case, accents optional) is the query, current version first."""
        if kind not in (None, "card"):
            return None, []
        cards = [
            entry
            for entry in self.searcher.documents(name_key=fold(text))
            if document in (None, entry["result"]["document"])
        ]
        if not cards:
            return None, []
        cards.sort(key=lambda entry: entry["superseded"])
        # Without a document filter the card page itself shows the current version first.
        return card_url(cards[0]["result"]["card"], document), [_plain_result(entry) for entry in cards]

    # -- ranking ------------------------------------------------------------------------

    def ranked(self, words: list[_Word], kind, document, limit: int) -> list[dict]:
        """Entries with every word first, then entries with some, each ranked by relevance.

        Entries with only some of the words are looked for only when those with all of them do
        not fill the page, and only among entries with a word that is not everywhere: scoring
        every entry that says "player" is what makes whoosh slow.
        """
        searched = [word for word in words if word.stems or word.number]
        if not searched or not limit:
            return []
        restrict = _restriction(kind, document)
        word_queries = [self.word_query(word) for word in searched]
        keep_old = any(self.is_old_number(word.number) for word in searched if word.number)
        every_stem = {stem for word in searched for stem in word.stems}
        complete = self.searcher.search(And(word_queries), limit=CANDIDATES, filter=restrict)
        candidates = [_Candidate(hit, True, self.adjusted(hit, 1.0, keep_old), every_stem) for hit in complete]
        if len(candidates) < limit and len(searched) > 1:
            partial = self.searcher.search(
                self.some_words(word_queries), limit=CANDIDATES, filter=restrict, mask=set(complete.docs()), terms=True
            )
            for hit in partial:
                matched = {term.decode("utf-8") for _, term in hit.matched_terms()}
                share = sum(1 for word in searched if matched.intersection(word.stems)) / len(searched)
                candidates.append(_Candidate(hit, False, self.adjusted(hit, share, keep_old), matched))
        candidates.sort(key=_Candidate.rank, reverse=True)
        # The same window whatever the limit, so a short page is the top of a long one.
        best = _with_phrase_bonus(candidates[: max(limit, PHRASE_WINDOW)], searched)
        return [
            {
                **candidate.hit["result"],
                "snippet": snippet(candidate.hit["body"], every_stem),
                "score": round(candidate.score, 3),
            }
            for candidate in sorted(best, key=_Candidate.rank, reverse=True)[:limit]
        ]

    def some_words(self, word_queries: list[Query]) -> Query:
        """Entries with any of the less common words; the common ones only add to their score."""
        common_above = self.searcher.doc_count() * COMMON_SHARE
        common = [query for query in word_queries if query.estimate_size(self.reader) > common_above]
        rare = [query for query in word_queries if query not in common]
        if not rare or not common:
            return _any(word_queries)
        return AndMaybe(_any(rare), _any(common))

    def adjusted(self, hit, share: float, keep_old: bool) -> float:
        """whoosh's score, lowered for entries with few of the words and for superseded rules."""
        score = hit.score * ((1 + share) / 2) ** 2
        if hit.docnum in self.superseded and not keep_old:
            score *= SUPERSEDED_FACTOR
        return score

    def word_query(self, word: _Word) -> Query:
        """The word in any field that has it, weighted by what the field says about the entry."""
        alternatives = [
            Term(name, stem, boost=boost)
            for stem in word.stems
            for name, boost in FIELD_BOOSTS.items()
            if (name, stem) in self.reader
        ]
        if word.number:
            alternatives.append(Term("number", word.number, boost=NUMBER_BOOST))
        return _any(alternatives)

    def is_old_number(self, number: str) -> bool:
        """A number only superseded documents use (702.TrUnv-3, 906.6d): the judge wants the old rules."""
        docnums = list(self.searcher.document_numbers(number=number))
        return bool(docnums) and self.superseded.issuperset(docnums)


def _any(queries: list[Query]) -> Query:
    """Or, as a tree of unions: whoosh's default for small indexes loops over every entry in Python."""
    if len(queries) == 1:
        return queries[0]
    either = Or(queries)
    either.matcher_type = Or.DEFAULT_MATCHER
    return either


@dataclass
class _Candidate:
    hit: Hit
    complete: bool  # has every word
    score: float
    matched: set[str]  # the stems it has

    def rank(self) -> tuple:
        return self.complete, self.score, -self.hit.docnum


def _with_phrase_bonus(candidates: list[_Candidate], searched: list[_Word]) -> list[_Candidate]:
    """Raise entries that have two words side by side as typed ("starting player", not
    "player's starting"): only those with both words can, so only those are read again."""
    pairs = {
        (first.stems[0], second.stems[0])
        for first, second in itertools.pairwise(searched)
        if first.stems and second.stems
    }
    for candidate in candidates:
        possible = {pair for pair in pairs if candidate.matched.issuperset(pair)}
        if possible:
            text = f"{candidate.hit['result']['title']}\n{candidate.hit['body']}"
            stems = [token.text for token in STEMMED_WORDS(text)]
            found = len(possible.intersection(itertools.pairwise(stems)))
            candidate.score *= 1 + PHRASE_BONUS * found / len(pairs)
    return candidates


def _restriction(kind: str | None, document: str | None) -> Query | None:
    conditions = [Term(name, value) for name, value in (("kind", kind), ("document", document)) if value]
    return And(conditions) if conditions else None


def _translated(words: list[_Word]) -> list[_Word]:
    """Judges' phrases replaced by the rules' words, each spanning the phrase as typed."""
    translated, position = [], 0
    while position < len(words):
        for phrase, rules_words in JUDGE_PHRASES.items():
            typed = tuple(word.typed for word in words[position : position + len(phrase)])
            if typed == phrase:
                start, end = words[position].start, words[position + len(phrase) - 1].end
                translated.extend(_Word(start, end, word) for word in rules_words)
                position += len(phrase)
                break
        else:
            translated.append(words[position])
            position += 1
    return translated


def _corrected(text: str, corrections: list[_Word]) -> str:
    """The query as typed with each misspelled word replaced by its correction."""
    for word in sorted(corrections, key=lambda word: word.start, reverse=True):
        text = text[: word.start] + word.correction + text[word.end :]
    return " ".join(text.split())


def _edit_distance(first: str, second: str) -> int:
    """Optimal string alignment distance: like Levenshtein, but "angle" -> "angel" is one edit."""
    previous_row, row = None, list(range(len(second) + 1))
    for i, a in enumerate(first, start=1):
        before, previous_row, row = previous_row, row, [i] + [0] * len(second)
        for j, b in enumerate(second, start=1):
            row[j] = min(previous_row[j] + 1, row[j - 1] + 1, previous_row[j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                row[j] = min(row[j], before[j - 2] + 1)
    return row[-1]


def _plain_result(entry: dict) -> dict:
    """A stored entry as a result that was looked up rather than matched: the start of its text."""
    return {**entry["result"], "snippet": snippet(entry["body"], set()), "score": 0.0}


def _first_then_rest(first: list[dict], rest: list[dict], limit: int) -> list[dict]:
    urls = {result["url"] for result in first}
    return (first + [result for result in rest if result["url"] not in urls])[:limit]


def _nothing_found(text: str, words: list[_Word], stop_words: list[str]) -> str:
    unknown = [word.typed for word in words if not (word.stems or word.number)]
    if unknown:
        listed = ", ".join(f'"{_shortened(word)}"' for word in unknown[:5])
        return f"Nothing in the rules uses {listed}. Try other words, a rule number (907.8b) or a card name."
    if stop_words:
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


ANSWERS_REMEMBERED = 2048
SNIPPET_CHARACTERS = 240
SNIPPET_LEAD = 60  # characters shown before the first match


def snippet(body: str, terms: set[str]) -> str:
    """About SNIPPET_CHARACTERS of ``body`` where most matched words (stems) are, escaped, each
    match in <mark>; the start of the body when nothing matches.

    One pass of the index's own word splitting and folding, so a match is exactly what the
    search matched (stems, folded accents). whoosh's highlighter does the same in several
    times the time, and every result needs a snippet.
    """
    body = body or ""
    matches = [(start, end) for start, end, form in word_spans(body) if form in terms]
    start = 0
    if matches:
        best = max(
            matches,
            key=lambda match: sum(1 for other in matches if match[0] <= other[0] < match[0] + SNIPPET_CHARACTERS),
        )
        start = _word_start(body, max(0, best[0] - SNIPPET_LEAD))
    end = min(len(body), start + SNIPPET_CHARACTERS)
    end = _word_end(body, end)
    pieces, position = [], start
    for match_start, match_end in matches:
        if start <= match_start and match_end <= end:
            pieces += [
                escape(body[position:match_start]),
                Markup("<mark>{}</mark>").format(body[match_start:match_end]),
            ]
            position = match_end
    pieces.append(escape(body[position:end]))
    return ("…" if start else "") + str(Markup("").join(pieces)).strip() + ("…" if end < len(body) else "")


def _word_start(text: str, position: int) -> int:
    """The start of the word ``position`` falls in, so a snippet never begins mid-word."""
    while 0 < position < len(text) and text[position - 1].isalnum():
        position -= 1
    return position


def _word_end(text: str, position: int) -> int:
    """The end of the word ``position`` falls in, so a snippet never ends mid-word."""
    while position < len(text) and text[position].isalnum():
        position += 1
    return position
