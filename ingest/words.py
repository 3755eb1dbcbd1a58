"""How text is cut into the words search finds it by: folding, stemming, stop words.

One module for both sides of search: the build indexes every entry's words with these functions
(db/search_index.py) and a query's words are read with the same ones (queries/search/), so a word
typed finds the word printed. "Unveiled" is stemmed to "unveil", "Ætherist" folded to
"aetherist", "who" and "the" are stop words; rule numbers ("907.8b") stay one word.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from whoosh.analysis import Token, Tokenizer
from whoosh.analysis.filters import STOP_WORDS as ENGLISH_STOP_WORDS
from whoosh.lang.porter import stem as porter_stem
from whoosh.support.charset import accent_map

# accent_map folds é to e and ø to o, but leaves ligatures alone: Æ would stay æ and
# "Aetherist" would never find The Ætherist.
FOLDING = {**accent_map, ord("æ"): "ae", ord("œ"): "oe", ord("ß"): "ss", ord("þ"): "th"}

# Question words carry no meaning in "who goes first in treachery" or "how many cards is the
# starting hand"; dropping them keeps a question from ranking rules by how often they say "who",
# "does" or "many" (the SMART stop list, which IR systems use, has "many" and "much" too).
STOP_WORDS = ENGLISH_STOP_WORDS | frozenset(
    [
        "about",
        "after",
        "am",
        "all",
        "also",
        "any",
        "do",
        "does",
        "did",
        "doing",
        "how",
        "i",
        "me",
        "my",
        "mine",
        "many",
        "much",
        "our",
        "she",
        "he",
        "his",
        "its",
        "than",
        "then",
        "there",
        "these",
        "they",
        "them",
        "their",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "why",
        "where",
        "would",
        "should",
        "could",
        "has",
        "had",
        "was",
        "were",
        "been",
        "being",
        "happen",
        "happens",
        "happened",
    ]
)

# Power and toughness as printed: 3/3, -3/-3, +1/+1, X/X, */*. They are game numbers, not words:
# "my 4/4" must not find every example that prints a 4/4, nor "4" a rule number.
POWER_TOUGHNESS = r"[+-]?(?:\d+|[xX*])/[+-]?(?:\d+|[xX*])(?![\w/])"
# The two the rules name as things: +1/+1 and -1/-1 counters (122.1a, 704.5q). Each is one word,
# so "+1/+1 counter" stays one phrase and finds neither "1" nor -1/-1 counters.
COUNTER_WORDS = {"+1/+1": "plus1plus1", "-1/-1": "minus1minus1"}

# whoosh's default word pattern, which keeps rule numbers ("907.8b") in one piece; power and
# toughness first, whole.
# Numbers as the rules spell them out ("ten or more poison counters", 704.5c; "seven cards", 103.5)
_SPELLED_OUT = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty hundred"
)
SPELLED_NUMBERS = dict(zip([*range(21), 30, 40, 50, 100], _SPELLED_OUT.split()))
WORD_PATTERN = re.compile(rf"{POWER_TOUGHNESS}|\w+(?:\.?\w+)*")


def is_stop_word(word: str) -> bool:
    """Too common to search by; single letters too, but not digits ("6 players") nor X, the
    variable of costs and numbers (107.3: "ward X cost" is 702.21b); and power and toughness
    ("3/3", "-2/-2"), but for the two counters the rules name (COUNTER_WORDS)."""
    return (
        word in STOP_WORDS
        or (len(word) < 2 and not word.isdigit() and word != "x")
        or ("/" in word and word not in COUNTER_WORDS)
    )


def is_game_number(word: str) -> bool:
    """A count or a power and toughness ("2 copies", "3/3"): it says how many, not what about."""
    return word.isdigit() or ("/" in word and word not in COUNTER_WORDS)


@cache
def stem_word(word: str) -> str:
    """Porter stem, remembered (the same few thousand words recur). Words with digits are kept
    as they are: rule number 702.TR01s must not become 702.tr01; a counter's +1/+1 is its word."""
    return porter_stem(word) if word.isalpha() else COUNTER_WORDS.get(word, word)


@lru_cache(maxsize=65536)
def search_form(word: str) -> str:
    """The form a word is indexed under: lower case, folded, stemmed unless a stop word."""
    word = word.lower().translate(FOLDING)
    return word if is_stop_word(word) else stem_word(word)


def word_spans(text: str):
    """(start, end, indexed form) of every word of ``text``, as the index's tokenizer splits it."""
    return ((match.start(), match.end(), search_form(match.group())) for match in WORD_PATTERN.finditer(text))


class FoldedWords(Tokenizer):
    """Words lower-cased, folded, without stop words and (if ``stemming``) stemmed, in one pass.

    It does what RegexTokenizer | LowercaseFilter | CharsetFilter(FOLDING) | StopFilter |
    StemFilter does, but whoosh's chain runs five generators per word; fused, indexing takes
    half the time, which keeps `rulebook build` under two seconds.
    """

    def __init__(self, stemming: bool):
        self.stemming = stemming

    def __eq__(self, other):
        return self.__class__ is other.__class__ and self.stemming == other.stemming

    def __call__(
        self,
        value,
        positions=False,
        chars=False,
        keeporiginal=False,
        removestops=True,
        start_pos=0,
        start_char=0,
        mode="",
        **kwargs,
    ):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        position = start_pos
        for match in WORD_PATTERN.finditer(value):
            word = match.group().lower().translate(FOLDING)
            stopped = is_stop_word(word)
            if stopped and removestops:
                continue
            token.text = stem_word(word) if self.stemming and not stopped else word
            token.stopped = stopped
            token.boost = 1.0
            if keeporiginal:
                token.original = match.group()
            if positions:
                token.pos = position
                position += 1
            if chars:
                token.startchar = start_char + match.start()
                token.endchar = start_char + match.end()
            yield token


WORDS = FoldedWords(stemming=False)
STEMMED_WORDS = FoldedWords(stemming=True)


def fold(text: str) -> str:
    """Lower case without accents or ligatures: "The Ætherist" -> "the aetherist"."""
    return " ".join(text.lower().translate(FOLDING).split())


def indexed_words(text: str | None) -> str:
    """The words FTS5 indexes for ``text``: folded, stemmed, stop words left out."""
    return " ".join(token.text for token in STEMMED_WORDS(text or ""))


def written_words(name: str) -> str:
    """A name's words as a query's are read, folded and unstemmed: "Two-Headed Giant" -> "two headed giant"."""
    return " ".join(token.text for token in WORDS(name))


def inflections(one: str, other: str) -> bool:
    """Whether two runs of words are the same words but for their inflections: "token" and
    "tokens", "goad" and "goaded", "ability" and "abilities", "restart" and "restarting" are one
    word. The stemmer also makes one stem of "command" (the zone) and "commander" (the variant),
    "equip" and "equipment": those are other words. (Runs of one stem have as many words.)"""
    words, others = one.split(), other.split()
    return len(words) == len(others) and all(_inflected(a, b) or _inflected(b, a) for a, b in zip(words, others))


def _inflected(word: str, form: str) -> bool:
    """Whether ``form`` is ``word`` or its plural, past or -ing form: token(s), goad(ed),
    saddle(d), abilit(y/ies), restart(ing), merg(e/ing)."""
    if form == word:
        return True
    if word.endswith("y") and form == word[:-1] + "ies":
        return True
    if word.endswith("e") and form == word[:-1] + "ing":
        return True
    return any(form == word + ending for ending in ("s", "es", "d", "ed", "ing"))
