"""The word tiers: the entries with every word of the query (its common words only ranking),
then those with some of its less common words, each tier ranked by FTS5's bm25 in C.

A tier is a ``Matching``: an FTS5 expression and the entries left out (the rule or card the
query names, listed first). ``WordRanking`` counts each tier once and reads a slice at a time
(a small tier of several words counted by the statement that ranks it: COUNTED_TIER).
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, replace

from rulebook.db.search_index import SEARCHED_COLUMNS

from .index import Candidate, SearchIndex, read_entries
from .scope import Scope, quoted
from .words import Word, english_zipf, finds_longer_words, has

RERANKED = 20  # the best entries of each tier read again for what bm25 cannot see (ranking.py)
OLD_RERANKED = 20  # and at most this many more, as many as only older editions have among them: with
# every official edition loaded, old texts of the same rules (114.6d, now 115.7d) filled the places
# reranked, and the current rule that answers (800.4a) was never read again
PARTIAL_CANDIDATES = 1000  # entries with only some of the words: at most about this many are ranked
# A tier shown is counted by the statement that ranks it (_BEST_COUNTED) when its words' counts say
# it has at most about this many entries: counting them apart went through FTS5's matches again
# (0.12 ms a search more on serve_load's questions), and reading them all into Python to count them
# cost 1.1 million instructions a search more than SQLite keeping them for the count. A larger
# tier, or a single word's (FTS5 counts one word's entries from its list alone), is counted apart:
# reading all 716 entries "game" finds cost more than counting them.
COUNTED_TIER = 1000
READ_AHEAD = 40  # entries a counted tier reads at least: the first places (fusion.WINDOW, 20) and those
# the entries of older editions among them push down (fusion.OLD_ROUNDS); reading on costs a statement

CHATTER_KEYNESS = 1.7  # log10 of a word's share of entries over its English frequency (is_chatter). An
# entry has about 42 words, so a word the rules use as often as English does is in about 42 times its
# English share of entries: log10 42 = 1.6. Under 1.7, "paper" (5 entries; Zipf 5.1: 0.94), "store" 1.14,
# "exactly" 1.61, "tried" 1.66; over it "same" 2.07, "respond" 2.10, "attack" 2.70, "counter" 3.39. Fitted
# on the blind sets' fit half: hit@5 0.854 -> 0.859, MRR@10 0.686 -> 0.688 ("two different replacement
# effects would both change what happens when my creature dies. Who picks...": 616.1 from past the 10th to
# 4th); at 1.3 no change, at 2.3 0.859 / 0.686. In the first tier they only rank, as common words do:
# MRR@10 0.688 -> 0.692, with the 8 official editions 0.826 / 0.665 -> 0.831 / 0.672, queries.json and the
# typed set the same (before answer_box.AGREED_MARGIN, that lost queries.json a right answer box)

# bm25 weight of each FTS5 column (db/search_index.py SEARCHED_COLUMNS): a card's name or a
# rule's title says what the entry is about; the section it sits in only hints at it.
COLUMN_WEIGHTS = (3.0, 2.5, 1.0, 0.5, 6.0, 0.0)  # name, title, text, context, number; scope is no match

_MATCHING = "{table} match ?{skipping}"
# only when the query names a rule or card: otherwise the empty list cost FTS5's every match a look-up
_SKIPPING = " and rowid not in (select value from json_each(?))"
_COUNT = f"select count(*) from {{table}} where {_MATCHING}"
_RANKED = f"""select rowid, -bm25({{table}}, {", ".join(map(str, COLUMN_WEIGHTS))}) as score
               from {{table}} where {_MATCHING}"""
_BEST = f"{_RANKED} order by score desc, rowid limit ?"
# the count of a tier's entries beside each of its best: its matches are ranked once, kept by
# SQLite (a table expression used twice), and only the best come back to Python
_BEST_COUNTED = f"""with ranked as ({_RANKED})
    select (select count(*) from ranked), rowid, score from ranked order by score desc, rowid limit ?"""


@dataclass(frozen=True)
class Matching:
    """The entries an FTS5 ``expression`` matches, but those ``skipped``; ``finds`` says the same
    of an entry's indexed words, in Python, for the few entries read already; ``counted``, whether
    the statement reading its best counts it too (COUNTED_TIER); ``table``, the FTS5 table of the
    scope (Scope.table); ``alone``, its expression when the tiers before it match nothing: without
    "NOT" their entries, which FTS5 would read every word's entries again to leave out, and none
    left out. It finds the same entries, and bm25 ranks them alike (the phrases after "NOT" match
    no entry kept, so they add nothing to its score). Of 300 relevance questions, 213 had an empty
    first tier: their second tiers, read so, took 1.3 ms less a search over the 300 (3.55 -> 2.24)."""

    expression: str
    skipped: tuple[int, ...]
    finds: Callable[[str], bool]
    counted: bool
    table: str
    alone: str | None = None

    def parameters(self) -> list:
        return [self.expression, json.dumps(self.skipped)] if self.skipped else [self.expression]

    def sql(self, statement: str) -> str:
        """``statement`` (_COUNT, _BEST, _BEST_COUNTED) on this tier's table, leaving out the entries
        skipped."""
        return statement.format(table=self.table, skipping=_SKIPPING if self.skipped else "")


def match(word: Word) -> str:
    """The FTS5 expression for one word: any of its stems or a longer word they begin ("own"
    finds owner, "team" teammates, "know" known), or its rule number, in any column. Every term
    is quoted, so nothing a judge types is read as search syntax."""
    terms = [quoted(stem) + (" *" if finds_longer_words(stem) else "") for stem in word.stems]
    if word.number and word.number not in word.stems:
        terms.append(quoted(word.number))
    return "{" + " ".join(SEARCHED_COLUMNS) + "} : (" + " OR ".join(terms) + ")"


def ranking_only(expression: str, in_scope: str) -> str:
    """``expression`` as a word that ranks the entries having it but excludes none: every entry
    searched matches ``in_scope`` (the scope's words), which adds nothing to bm25 (the scope
    column weighs 0)."""
    return f"({expression} OR {in_scope})"


def every_word(index: SearchIndex, searched: list[Word], in_scope: str) -> tuple[str, list[Word]]:
    """The first tier: entries with every word of the query but its common ones and those of the
    player's talk (is_chatter), which only rank (as Lucene's common terms query does). "can I look
    at my face-down creature" finds the rules on looking at face-down permanents, which never say
    "creature". Its expression, and the words an entry must have."""
    common = [is_common(index, word) or is_chatter(index, word) for word in searched]
    alternatives = [match(word) for word in searched]
    if all(common):
        return " AND ".join(alternatives), searched
    expression = " AND ".join(
        ranking_only(expression, in_scope) if common else expression for expression, common in zip(alternatives, common)
    )
    return expression, [word for word, common in zip(searched, common) if not common]


def some_words(index: SearchIndex, searched: list[Word], in_scope: str) -> tuple[str, list[Word]]:
    """Entries with any of the less common words, the rarest first (words of the player's talk
    last, is_chatter), as many as keep the candidates under PARTIAL_CANDIDATES: ranking every
    entry that says "player" is what would make a search slow, and the common words add little to
    the ranking. The query's other words that are not common still rank these entries: in
    "someone just unveiled and their ability is waiting to resolve, can I counter it", the rarer
    words find the entries, and "counter" ranks the FAQ "Can I counter an unveil ability?" among
    them. Its expression, and the words of which an entry must have one."""
    # a game number ("turn 6", in 24 entries) is common by fiat, not by count: taken as the
    # rarest, it found entries, then ended the choice before the query's keywords ("guardian",
    # "leader"), and only "standing" and "here" found entries. It only ranks (unless it is all)
    finding = [word for word in searched if not word.game_number] or searched
    by_rarity = sorted(finding, key=lambda word: (is_chatter(index, word), count(index, word)))
    chosen, candidates = [], 0
    for word in by_rarity:
        frequency = count(index, word)
        if chosen and (is_common(index, word) or candidates + frequency > PARTIAL_CANDIDATES):
            break
        chosen.append(word)
        candidates += frequency
    finding = " OR ".join(map(match, chosen))
    ranking = [match(word) for word in searched if word not in chosen and not is_common(index, word)]
    if not ranking:
        return finding, chosen
    return f"({finding}) AND {ranking_only(' OR '.join(ranking), in_scope)}", chosen


def count(index: SearchIndex, word: Word) -> int:
    return index.count(word.stems, word.number)


def is_chatter(index: SearchIndex, word: Word) -> bool:
    """A word of the player's talk, not of the game ("paper", "store", "tried", "exactly"): the
    rules use it no more than English does (its keyness, log10 of its share of entries over its
    English frequency, under CHATTER_KEYNESS), it is no word of a concept's name
    (concepts.Concepts.may_name), and it is searched in one form only (no players' word translated
    to the rules', nor a word with an opposite: "tapped" searches "untapped" too). Rare in the
    rules, it would find entries by the rarity of chance."""
    if len(word.stems) != 1 or word.number or word.game_number:
        return False
    if index.concepts is not None and index.concepts.may_name(word.stems[0]):
        return False
    zipf = english_zipf(word.correction or word.typed)
    if not zipf:  # a word English does not use ("trample", "untapped") is the game's own
        return False
    share = max(count(index, word), 1) / index.entry_count
    return math.log10(share) - (zipf - 9) < CHATTER_KEYNESS


def is_common(index: SearchIndex, word: Word) -> bool:
    """Too common to find entries by: in more than COMMON_SHARE of them, or a game number
    ("2 copies", "3/3"), which says how many, not what about."""
    return word.game_number or index.is_common(word.stems, word.number)


def word_tiers(index: SearchIndex, searched: list[Word], scope: Scope, skipped: tuple[int, ...]) -> list[Matching]:
    """The entries with the query's words, in tiers: every word (its common words only
    ranking), then some of the less common words; in the FTS5 table of the scope."""
    in_scope, table = scope.fts(), scope.table
    every, required = every_word(index, searched, in_scope)

    def has_every(words: str) -> bool:
        return all(has(words, word) for word in required)

    def within(expression: str) -> str:
        return f"({expression}) AND {in_scope}" if scope.narrowed else expression

    few = min(count(index, word) for word in required) <= COUNTED_TIER
    tiers = [Matching(within(every), skipped, has_every, few and len(searched) > 1, table)]
    if len(searched) > 1:
        some, chosen = some_words(index, searched, in_scope)
        tiers.append(
            Matching(
                within(f"({some}) NOT ({every})"),
                skipped,
                lambda words: any(has(words, word) for word in chosen) and not has_every(words),
                sum(count(index, word) for word in chosen) <= COUNTED_TIER,
                table,
                alone=within(some),
            )
        )
    return tiers


class WordRanking:
    """The entries with a query's words, tier after tier, each tier ranked by bm25 and its best
    reranked (``rerank``): counted, and read a slice at a time. ``old``: the entries only older
    editions have (SearchIndex.old), or None when they rank as the others (a day's editions, an
    old number asked for)."""

    def __init__(
        self, connection: sqlite3.Connection, tiers: list[Matching], rerank, old: frozenset[int] | None = None
    ):
        self.connection, self.tiers, self.rerank, self.old = connection, tiers, rerank, old
        self._read: dict[int, list[tuple[int, float]]] = {}
        self._counts: dict[int, int] = {}
        self._reaches: dict[int, int] = {}

    def total(self) -> int:
        return sum(self._count(tier) for tier in range(len(self.tiers)))

    def entries(self, start: int, stop: int) -> list[Candidate]:
        """Places ``start`` to ``stop`` of the ranking, across the tiers."""
        found, before = [], 0
        for tier in range(len(self.tiers)):
            first, last = max(0, start - before), max(0, stop - before)
            if last <= first:
                break
            found += self._page(tier, first, last)
            before += self._count(tier)
        return found

    def matching_of(self, candidates: list[Candidate]) -> set[int]:
        """Which of ``candidates`` some tier matches (the others only meaning found), from the
        words they were read with."""
        skipped = set(self.tiers[0].skipped) if self.tiers else set()
        return {
            candidate.id
            for candidate in candidates
            if candidate.id not in skipped and any(tier.finds(candidate.words) for tier in self.tiers)
        }

    def _page(self, tier: int, start: int, stop: int) -> list[Candidate]:
        """Entries ``start``..``stop`` of a tier: by bm25, the best RERANKED current entries (and
        the old ones among them) then reordered (the same window whatever the page, so pages
        agree)."""
        reach = self._reach(tier)
        fetch_from, fetch_to = (0, max(stop, reach)) if start < reach else (start, stop)
        best = self._best(tier, fetch_to)[fetch_from:fetch_to]
        if start >= len(best) + fetch_from:  # past the tier's last entry
            return []
        candidates = read_entries(self.connection, [entry_id for entry_id, _ in best], dict(best))
        if fetch_from == 0:
            candidates = self.rerank(candidates[:reach]) + candidates[reach:]
        return candidates[start - fetch_from : stop - fetch_from]

    def _reach(self, tier: int) -> int:
        """How many of a tier's best are reranked: RERANKED, and unless the old are kept (fusion.py
        ranks them below the current ones, SUPERSEDED_FACTOR) as many more as only older editions
        have among them (OLD_RERANKED at most)."""
        if self.old is None:
            return RERANKED
        if tier not in self._reaches:
            best = self._best(tier, RERANKED + OLD_RERANKED)
            self._reaches[tier] = reranked_reach([entry_id in self.old for entry_id, _ in best])
        return self._reaches[tier]

    def _matching(self, tier: int) -> Matching:
        """A tier's matching, in its ``alone`` form if the tiers before it are counted and empty
        (``alone`` leaves out exactly those: word_tiers); else as it is, which finds the same."""
        matching = self.tiers[tier]
        if matching.alone and all(self._counts.get(before) == 0 for before in range(tier)):
            return replace(matching, expression=matching.alone)
        return matching

    def _best(self, tier: int, stop: int) -> list[tuple[int, float]]:
        """(id, bm25 score) of the best ``stop`` entries of a tier or more, best first. Reading
        counts a tier counted as it is read (COUNTED_TIER), and any tier with fewer entries than
        were asked for."""
        best = self._read.get(tier, [])
        if len(best) < min(stop, self._counts.get(tier, stop)):  # the tier may hold more than was read
            matching = self._matching(tier)
            if matching.counted:
                rows = self.connection.execute(
                    matching.sql(_BEST_COUNTED), [*matching.parameters(), max(stop, READ_AHEAD)]
                ).fetchall()
                self._counts[tier] = rows[0][0] if rows else 0
                best = [(entry_id, score) for _, entry_id, score in rows]
            else:
                best = self.connection.execute(matching.sql(_BEST), [*matching.parameters(), stop]).fetchall()
                if len(best) < stop:
                    self._counts[tier] = len(best)
            self._read[tier] = best
        return best

    def _count(self, tier: int) -> int:
        if tier not in self._counts:
            matching = self._matching(tier)
            self._counts[tier] = self.connection.execute(matching.sql(_COUNT), matching.parameters()).fetchone()[0]
        return self._counts[tier]


def reranked_reach(old: list[bool]) -> int:
    """How many of a tier's best (``old``: whether only older editions have each, best first)
    are reranked: up to the RERANKED-th current one, never fewer than RERANKED, never more than
    RERANKED + OLD_RERANKED."""
    current = 0
    for reach, is_old in enumerate(old[: RERANKED + OLD_RERANKED], start=1):
        current += not is_old
        if current == RERANKED:
            return reach
    return max(RERANKED, min(len(old), RERANKED + OLD_RERANKED))
