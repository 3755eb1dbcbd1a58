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
   CLEAR_MARGIN times better than any other result's (answer_box.py).

The package follows the search's seams: ``request`` (one SearchRequest value from the CLI, the
page and the JSON through the worker), ``scope`` (which entries it sees), ``index`` (what a build's
search tables hold, read once), ``words`` and ``concepts`` (what a query says), ``named`` (a rule
or card it names), ``tiers`` (the word tiers, bm25), ``ranking`` (the signals bm25 cannot see),
``fusion`` (words and meaning in the first places) and ``shaping`` (the results as shown).

Speed: candidates are found and ranked by SQLite FTS5's bm25 (C, the GIL released) in the
database's search tables (db/search_index.py); Python only re-reads the best few dozen for words
side by side and cuts their snippets, so a search costs about as much as any page and never
holds the server up.

Bad input never raises: an empty query, punctuation, search syntax, a 10,000-character paste
or text in another script all get results or an empty list with a ``message``.

The answer is a public contract (/search.json returns it as is), declared once in ``answer.py``
(``SearchAnswer``: every field described), from which the API's schema and docs are generated.
"""

from __future__ import annotations

import re

import sqlite_utils

from rulebook.db.families import upcoming_day

from ..rules import as_rule_number
from .answer_box import is_clear
from .concepts import About
from .fusion import WINDOW, fused_window
from .index import Candidate, SearchIndex, index_of
from .named import card_named, family_named, rule_named
from .ranking import Asked, reranked
from .request import MAX_LIMIT, SearchInputError, SearchRequest
from .scope import Scope, editions_in_force, filter_problem
from .shaping import results, whole
from .tiers import WordRanking, word_tiers
from .words import Query, Word, as_searched, corrected_text, parse, spliced

__all__ = ["MAX_LIMIT", "SearchInputError", "SearchRequest", "search"]

MAX_WORDS = 24  # a pasted paragraph is cut here: more words only slow the search down
UNKNOWN_SHARE = 1 / 3  # a third of the words or more that nothing in the rules uses: the results are for the
# others, which the query is not about ("Unholy Annex"), so the list says so and shows no answer box. On the
# blind sets' fit half no box was lost ("got", "kinda" in a long question are no third of it)


def search(db: sqlite_utils.Database, request: SearchRequest | str, **fields) -> dict:
    """Answer a request (or a query and the request's ``fields``) with a redirect, ranked
    results and a message; see the module docstring."""
    if not isinstance(request, SearchRequest):
        request = SearchRequest(request, **fields)
    response = {
        "query": request.query,
        "corrected_query": None,
        "message": None,
        "redirect": None,
        "offset": request.offset,
        "limit": request.limit,
        "total": 0,
        "as_of": request.as_of,
        "editions": [],
        "answer": None,
        "results": [],
    }
    # with as_of, or when an edition is published before it takes effect, the editions in force that day
    day = request.day if request.as_of else upcoming_day(db)
    if day:
        response["editions"] = editions_in_force(db, day)
        if not response["editions"] and request.as_of:
            return {**response, "message": f"No document loaded was in force on {request.as_of}."}
        day = day if response["editions"] else None
    problem = filter_problem(db, request)
    if problem:
        return {**response, "message": problem}
    index = index_of(db)
    if index is None:
        return {
            **response,
            "message": "Search is not available: this database has no search tables, or older ones (an older "
            "rulebook made it). Run `rulebook build` to build it again.",
        }
    scope = Scope(request.kind, request.document, response["editions"] if day else None, request.as_of)
    return {**response, **_answer(db, index, request, scope)}


def _answer(db: sqlite_utils.Database, index: SearchIndex, request: SearchRequest, scope: Scope) -> dict:
    text, limit, offset = request.searched_text, request.limit, request.offset
    messages = []
    query = parse(text, index.phrases)
    words = query.words
    if len(words) > MAX_WORDS:
        words = words[:MAX_WORDS]
        messages.append(f"That search is long: only its first {MAX_WORDS} words were used.")
    number = named_number(text, words)
    if number:
        before = text[: next((word.start for word in words if word.number == number), text.lower().rfind(number))]
        redirect, named, missing = rule_named(db, number, scope, family_named(before, index.family_names))
        words = [word for word in words if word.number]  # "rule", "CR", "what does ... say" are not searched
        messages.extend(filter(None, [missing]))
    else:
        redirect, named = card_named(db, text, scope)
    words = index.speller.look_up(words, correct=not request.as_typed)
    corrected, typed = None, text
    if any(word.correction for word in words) and not redirect:
        corrected = corrected_text(text, Query(words, query.stop_words, query.spans))
        messages.insert(0, f'Showing results for "{corrected}".')
        # the corrected query is searched as if typed ("who goes frist": "goes first" is the
        # starting player, "reveel" is "reveal", which players say for unveil)
        text = spliced(text, words)
        query = parse(text, index.phrases)
        words = index.speller.look_up(query.words[:MAX_WORDS], correct=False)
    # what the query means is read from the words typed, the corrections after them (meaning.py)
    meant = as_searched(typed, [word for word in words if word.searched])
    # The rule or card named leads the list, and is not ranked again among the rest.
    shown = [result for _, result in named[offset : offset + limit]]
    skipped = tuple(entry_id for entry_id, _ in named)
    total, ranked, clear = _ranked(
        db, index, words, scope, max(0, offset - len(named)), limit - len(shown), skipped, text, meant
    )
    found = shown + ranked
    total += len(named)
    if not found and limit and not messages and not redirect:  # a section's page lists its rules
        if offset and total:
            messages.append(f"There are only {total} results: this page is past the last one.")
        else:
            messages.append(_nothing_found(text, words, query.stop_words))
    unknown = [word.typed for word in words if not word.searched]
    if found and not named and len(unknown) >= UNKNOWN_SHARE * len(words):
        # "Unholy Annex", a card the documents don't have: "Unholy Heat" is no answer, only a result
        messages.append(f"Nothing in the rules uses {_listed(unknown)}: these results have the other words.")
        clear = None
    return {
        "corrected_query": corrected,
        "message": " ".join(messages) or None,
        "redirect": redirect,
        "total": total,
        "answer": whole(db, clear, found[0]) if clear and not named and offset == 0 and found else None,
        "results": found,
    }


def _ranked(
    db,
    index: SearchIndex,
    words: list[Word],
    scope: Scope,
    offset: int,
    limit: int,
    skipped: tuple[int, ...],
    text: str,
    meant: str,
) -> tuple[int, list[dict], Candidate | None]:
    """(how many entries match, the page of them from ``offset``, the first when it clearly
    answers: answer_box.py), the entries ``skipped``
    (the rule or card the query names, listed first) left out. The first WINDOW places fuse the
    rankings by words and by meaning (fusion.py), the query's ``text`` read for its words and
    ``meant`` for its meaning; the places after the window go on by words."""
    searched = [word for word in words if word.searched]
    if not searched:
        return 0, [], None
    asked = Asked(searched, index, asked_for(text, searched), all_searched=len(searched) == len(words))
    keep_old = scope.all_in_force or any(_is_old_number(db, word.number) for word in searched if word.number)
    by_words = WordRanking(
        db.conn,
        word_tiers(index, searched, scope, skipped),
        lambda found: reranked(found, asked),
        None if keep_old else index.old,
    )
    about = concepts_named(index, searched, scope)
    window, only_by_meaning = fused_window(index, by_words, asked, meant, scope, skipped, keep_old, about)
    page = window[offset : offset + limit]
    if offset + limit > len(window) and len(window) == WINDOW:  # past the window: the word ranking goes on
        shown = {candidate.id for candidate in window}
        after = offset + limit - WINDOW
        rest = [candidate for candidate in by_words.entries(0, after + WINDOW) if candidate.id not in shown]
        page += rest[max(0, offset - WINDOW) : after]
    stems = {stem for word in searched for stem in word.stems}
    clear = window[0] if is_clear(window, stems, index, len(searched)) else None
    return by_words.total() + only_by_meaning, results(db, page, scope, stems), clear


_ASKING = re.compile(r"\b(?:which|what|whose)\s+(\w)", re.IGNORECASE)


def asked_for(text: str, searched: list[Word]) -> Word | None:
    """The word right after "which", "what" or "whose": what a question asks for."""
    starts = {match.start(1) for match in _ASKING.finditer(text)}
    return next((word for word in searched if word.start in starts and not word.game_number), None)


def concepts_named(index: SearchIndex, searched: list[Word], scope: Scope) -> About:
    """How much entries are about the concepts the question names (concepts.py): of the current
    editions, so not when the scope is an edition or a document."""
    if index.concepts is None or scope.all_in_force:
        return About()
    return index.concepts.about(searched, index.stem_counts, index.written_counts, scope.kind)


def named_number(text: str, words: list[Word]) -> str | None:
    """The one rule number a query names, wherever it stands: "104.3a?", "what does 104.3a say",
    "rule 104.3a.", "CR 702.19b,"; or the section it is all of ("903", "CR 903"). A query naming
    two rules names neither alone."""
    numbers = list(dict.fromkeys(word.number for word in words if word.number))
    if len(numbers) == 1:
        return numbers[0]
    whole = as_rule_number(text)  # "rule 104" is no number in a sentence, but a number typed alone
    return whole if whole and not numbers else None


def _is_old_number(db, number: str) -> bool:
    """A number only superseded editions use (702.TrUnv-3, 906.6d): the judge wants the old rules."""
    row = db.conn.execute("select min(superseded) from search_entries where number = ?", [number]).fetchone()
    return row[0] == 1


def _nothing_found(text: str, words: list[Word], stop_words: list[str]) -> str:
    unknown = [word.typed for word in words if not word.searched]
    if unknown:
        return f"Nothing in the rules uses {_listed(unknown)}. Try other words, a rule number (907.8b) or a card name."
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


def _listed(words: list[str]) -> str:
    return ", ".join(f'"{_shortened(word)}"' for word in words[:5])


def _shortened(word: str, length: int = 30) -> str:
    return word if len(word) <= length else word[:length] + "…"
