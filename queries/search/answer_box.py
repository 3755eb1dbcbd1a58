"""Whether the first result answers the question clearly enough to be shown whole above the list.

A wrong answer box on a phone is worse than none, so the box is shown only when the first result
stands out: its words match CLEAR_MARGIN times better than any other result's, or its place in
the fused ranking scores FUSED_MARGIN times the second's. The margins were fitted on the fit
half of the blind questions and on queries.json for precision first: at 1.5 the words' margin
was right on 16 of 24 blind questions it showed, at 2.5 on 5 of 5 (and 11 of 11 phrased
queries); the fused margin adds the first results the meaning agrees on. Neither agreement with
meaning alone nor the concepts named told a right first result from a wrong one more often; both
together do: when the closest in meaning is the first by words, and it is about the concepts the
question names, a margin of AGREED_MARGIN is enough. benchmarks/relevance/run.py reports how
often the box is shown and right on the report half.

An FAQ answer is shown whole only for its own question: the box needs every word of that question
among the query's. "does the traitor need to defeat the assassins" is not "Does the Traitor need
to defeat the Guardian?", whose "No, ..." would answer the wrong question. And a query that asks
an FAQ's question (two of its words or more), the FAQ first, is answered by it whatever the margin.
"""

from __future__ import annotations

from .index import Candidate, SearchIndex
from .ranking import names, question_words, sends_to, stands_for

CLEAR_MARGIN = 2.5  # the first result's words match this many times better than any other result's
FUSED_MARGIN = 2.6  # or its fused score (words and meaning, fusion.py) is this many times the second's. On
# the blind sets' fit half: 4 boxes more, all right (24 of 24; the typed set and queries.json as before);
# at 2.2, 7 more and a wrong one; with the 8 official editions 6 more, all right (and one of the typed set).
# At 2.5, with the 8 editions, one wrong box more ("double block on my 6/6 without trample": 702.19b)
AGREED_MARGIN = 1.6  # either margin, when the signals agree: the closest in meaning is the first by words
AGREED_ABOUT = 0.65  # too, and it is this much about the concepts the question names (concepts.py). Refitted on
# the fit half of 799 blind questions (four sets more): at 0.6 the box was right on 97 of 103 (0.94), at 0.65 on
# 97 of 101 (0.96); with the 8 official editions 98 of 100 -> 97 of 99; at 0.7, 93 of 97 and 95 of 97. First fitted on
# the blind sets' fit half for precision first (a grid of both, and of meaning's place up to 3): boxes 35 ->
# 57, 54 right (the 3 wrong: a card note where the set named its card, 302.6 beside convoke's 702.51a, a
# card note beside 907.11a); queries.json 18 -> 19, all right; the typed set 9 -> 10, all right; with the
# 8 official editions 36 -> 57, 54 right. At 1.4, 62 boxes and 5 wrong; at about 0.3, 62 and 5 wrong
# (then only the first result had to be the closest in meaning, not also the first by words: "how many
# asasins in a 6 player treachary game" showed 907.8c, second by words. Asking both, the fit half kept its
# 58 boxes, the report half 46 -> 45, the wrong one gone; with the 8 editions 59 -> 57 and 50 -> 48)
FEW_WORDS = 2  # a query of fewer words is answered only by an entry about a concept it names (concepts.py),
# a card it names or a note of that card: "fog" is in one rule only, 801.13b, as an example card, and that made
# it a clear answer; so did "twelve" (116.2) and "the mercenary" (700.12, a list of creature types). On
# the blind sets' fit half no box changes; at 3 words, "hidden teams" (907.2, queries.json) lost its box
ASKED_WORDS = 2  # an FAQ first whose question's words (this many at least) the query has all of is its
# answer, whatever the margin. On the blind sets' fit half: 5 boxes more, all right (20 of 20; the typed
# set 9 of 9, queries.json 18 of 18 as before); at 3 words, 2 more


def is_clear(window: list[Candidate], stems: set[str], index: SearchIndex, searched_count: int) -> bool:
    """Whether the first of the first places clearly answers the query, whose ``searched_count``
    words searched are ``stems`` (see the module docstring)."""
    if not window or window[0].relevance <= 0:
        return False
    first = window[0]
    # the glossary's other name for it ("APNAP Order", right behind its Active Player, Nonactive
    # Player Order: fusion.in_place_of_their_other_names) is no rival answer, nor a glossary entry
    # that sends the reader to it ("Commander Tax: See rule 903.8", behind 903.8)
    other_names = [other for other in window[1:] if first.kind == "glossary" and stands_for(other) == first.name]
    others = [
        other for other in window[1:] if not any(other is name for name in other_names) and not sends_to(other, first)
    ]
    if first.kind == "faq":
        if not asks_its_question(first, stems, index):
            return False
        if len(question_words(first, index)) >= ASKED_WORDS:
            return True
    named = any(names(entry.owner, stems, index.frequency) for entry in (first, *other_names))  # "apnap"
    if searched_count < FEW_WORDS and not (first.about or named):
        return False
    agreed = first.word_place == first.meaning_place == 1 and first.about >= AGREED_ABOUT
    fused_margin, clear_margin = (AGREED_MARGIN, AGREED_MARGIN) if agreed else (FUSED_MARGIN, CLEAR_MARGIN)
    if others and first.score >= fused_margin * others[0].score:
        return True
    return first.relevance >= clear_margin * max((other.relevance for other in others), default=0)


def asks_its_question(faq: Candidate, stems: set[str], index: SearchIndex) -> bool:
    """Whether the query has every word of the FAQ's question that names something
    (ranking.question_words)."""
    return all(stem in stems for stem in question_words(faq, index))
