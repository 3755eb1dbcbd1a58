"""What a query says: its words, rule numbers, judges' phrases and corrected misspellings.

A judge's query becomes a list of ``Word``: where it was typed, and the indexed forms (folded
stems, ingest/words.py) searched for it. Three things change what is searched:

- judges' phrases ("goes first") become the rules' words ("starting player"), from the data
  file ``judges-words.txt`` beside this module and from what the documents themselves say
  another name is ("roles", "in play": db/search_synonyms.py);
- a word the rulebook never uses is corrected from the rulebook's own vocabulary (and the
  players' words of judges-words.txt, after the rules' own) by whoosh's corrector, closest by
  whoosh's Damerau–Levenshtein distance, then most used;
- but a real English word (wordfreq's English list) is never "corrected": "anyone" stays
  "anyone" even though no rule says it.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources

from whoosh.spelling import ListCorrector
from whoosh.support.levenshtein import damerau_levenshtein
from wordfreq import zipf_frequency

from rulebook.ingest.numbers import NUMBER, canonical
from rulebook.ingest.words import SPELLED_NUMBERS, STOP_WORDS, WORDS, is_game_number, stem_word

from .spoken import LETTERS, QUERY_END, spoken_numbers

# 907.8b, 702.TrUnv-3 in a query; and a subrule's letter typed apart on a phone, "907.8 b": any
# letter but "a" and "i" (words of their own: "104.3 a player concedes"), or those ending the query
_SPACED_LETTER = rf"(?: [{''.join(sorted(LETTERS - {'a', 'i'}))}](?![\w'])| [ai](?={QUERY_END}))?"
# and a comma for its dot, as a phone's keyboard in many languages types it ("702,19b"), or a
# hyphen before a subrule's letter ("702-19b": "100-102" is a range); or the dot left out, on a
# phone a keyboard away: a space for it before a subrule's letter or ending the query ("702 21a",
# "rule 702 19"; "100 3 drops" is a count), or nothing before a subrule's letter ("7045f"; "1990s"
# is no 199.0s: no rule number begins with 0)
_MISTYPED = (
    r"\d{3}(?:,\d{1,3}[a-z]?|-\d{1,3}[a-z])"
    r"|[1-9]\d{2}(?: [1-9]\d{0,2}(?:[a-z]|(?=[\s?.!]*$))|[1-9]\d{0,2}[a-z])"
)
_RULE_NUMBER = re.compile(rf"(?<![\w.])(?:{NUMBER}{_SPACED_LETTER}|{_MISTYPED})(?![\w-])", re.IGNORECASE)
# A player's "+1 counter" (or "-1 counters", "+1 and -1 counters") is the rules' +1/+1 counter (122.1a):
# the sign and the 1 before "counter", alone or with the other one of the two
_BEFORE_COUNTER = re.compile(r"(?:\s+(?:and|or|&)\s+[+-]1)?\s+counters?\b", re.IGNORECASE)

# A word at least this common in English (Zipf scale: 3 = once per million words) is a real
# word, never a misspelling: "anyone" 5.4, "whenever" 4.6; "assasin" 1.8, "platnum" 0. wordfreq's
# small English list holds these words but 352 just at the threshold ("sphinx", "quell"), which
# count as rare: 4 MB in each search worker where its large list takes 34 MB (benchmarks/
# serve_load.py measures the served processes' memory).
ENGLISH_WORD_ZIPF = 3.0
ENGLISH_WORDS = "small"
# "tapped" also finds "untapped": the rules state a condition by its opposite ("must be untapped",
# 509.1a), so an entry saying either speaks of the same property
NEGATIONS = ("un", "non")
NEGATED_MIN = 4  # letters a stem needs to have opposites (negations())
AGAIN, AGAIN_MIN = "re", 3  # "recast" is casting again; the word after "re" has at least 3 letters ("rest" is no "st")
SOUNDS_ALIKE = (("f", "ph"),)  # a letter typed for the pair that sounds as it: "fase" (phase), "fasing" (phasing)
CLIPPED_MIN = 5  # letters a word needs to be read as the start of a longer one ("prolif": proliferate);
# fewer begin too many words ("inst": instant, instance, instead, instruction)
SLIP_AT_MOST, SLIP_RATIO = 2, 50  # a stem in this many entries at most, one edit or two from a word 50 times as used
_CLAUSE_END = re.compile(r"[,.;:?!]")  # between two words, they are no phrase found in another form
# The rules spell small numbers out (ingest/words.py): a number typed in digits searches its word too
NUMBER_WORDS = {str(number): word for number, word in SPELLED_NUMBERS.items()}
# Words a question leans on that say nothing of the rules ("I just cast it", "does it even work",
# "is that really legal"): rare in the rules, so a search by them ranks whatever entry happens to say
# "just" or "even" first. A question's stop words, never the index's: matched as typed, since
# "basically" stems to "basic" (basic lands). Fitted on the blind sets' fit half: hit@5 0.868 -> 0.871,
# MRR@10 0.689 -> 0.696, with the 8 official editions 0.837/0.675 -> 0.840/0.678, the phrased and typed
# sets the same. "still" and "though" stay searched: dropping "still" ("is still on the stack", as the
# rules say it too) cost a right answer box, and dropping "though" showed a wrong one. "How does ward
# work" asks what ward is: by "work", 701.58a (cloak, "ward {2}"; "works" in 702.x "each works separately")
# came first, 702.21a 4th (the blind sets, queries.json and the judge audit the same without it).
# Only those two forms: "worked" and "working" tell of what happened, and stay searched
QUESTION_FILLER = frozenset(
    ["just", "even", "really", "actually", "anyway", "ok", "okay", "basically", "literally", "work", "works"]
)
# Words too common to search for: a misspelled one is that word, searched for no more ("thier" is their,
# not thief, a card's word one letter from it)
FUNCTION_WORDS = frozenset(word for word in STOP_WORDS | QUESTION_FILLER if word.isalpha())
MAX_CORRECTED = 4  # misspelled words corrected per query: a pasted paragraph in another language has dozens


@dataclass
class Word:
    """One word of the query, where it was typed, and what is searched for it."""

    start: int
    end: int
    typed: str  # folded
    stems: list[str] = field(default_factory=list)  # empty: nothing in the rulebook to search for
    correction: str | None = None
    number: str | None = None  # canonical rule number, for a word like 907.8b
    game_number: bool = False  # a count or power/toughness ("2 copies", "3/3"): it ranks, never finds
    as_typed: bool = True  # false for a rules' word a phrase put in place of what was typed ("types": subtypes)
    stop: bool = False  # too common to search for ("the", "at"): only a judges' phrase reads it ("at once")

    @property
    def searched(self) -> bool:
        return bool(self.stems or self.number)


@dataclass
class Query:
    words: list[Word]  # the searched words, judges' phrases translated
    stop_words: list[str]  # the words too common to search for
    spans: list[tuple[int, int]]  # every word typed (stop words too), for the corrected text


def parse(text: str, phrases: Phrases | None = None) -> Query:
    """The query's words (rule numbers whole, ``phrases`` translated: the judges' words unless
    given) and its stop words."""
    typed = [
        (match.start(), match.end(), _with_its_dot("".join(match.group().lower().split())))
        for match in _RULE_NUMBER.finditer(text)
    ]
    # a number dictated in words, but for words of a typed one ("seven oh four point 702 19")
    spoken = [
        (a, b, n) for a, b, n in spoken_numbers(text) if not any(a < end and start < b for start, end, _ in typed)
    ]
    numbers = typed + spoken
    words, stop_words, spans = [], [], []
    for token in WORDS(text, chars=True, removestops=False):
        start, end, number = next(((a, b, n) for a, b, n in numbers if a <= token.startchar < b), (None, None, None))
        if start is not None:  # 702.TrUnv-3 (or "seven oh four point five f") is one word here
            if not words or words[-1].start != start:
                words.append(_number_word(start, end, number))
                spans.append((start, end))
            continue
        spans.append((token.startchar, token.endchar))
        typed = text[token.startchar : token.endchar].lower()
        stopped = token.stopped or typed in QUESTION_FILLER
        if stopped:
            stop_words.append(token.text if token.stopped else typed)
        counter = _counter_word(text, token.startchar, token.endchar)
        if counter:
            words.append(Word(token.startchar - 1, token.endchar, counter))
            continue
        words.append(
            Word(token.startchar, token.endchar, token.text, game_number=is_game_number(token.text), stop=stopped)
        )
    return Query(_translated(words, judges_phrases() if phrases is None else phrases, text), stop_words, spans)


def _counter_word(text: str, start: int, end: int) -> str | None:
    """The counter a player's "+1" or "-1" before "counter" names: "+1/+1" or "-1/-1" (or None)."""
    if not start or text[start - 1] not in ("+", "-") or text[start:end] != "1":
        return None  # "1 counter" is a count
    if start > 1 and text[start - 2].isalnum():
        return None  # "x+1 counters" is a sum
    sign = text[start - 1]
    return f"{sign}1/{sign}1" if _BEFORE_COUNTER.match(text, end) else None


def _with_its_dot(typed: str) -> str:
    """A rule number as the rules print it: "702,19b", "702-19b" and "70219b" are 702.19b."""
    if typed[3] in ",-":
        return typed[:3] + "." + typed[4:]
    return typed[:3] + "." + typed[3:] if typed[3].isdigit() else typed


def _number_word(start: int, end: int, typed: str) -> Word:
    """A rule number: its own column, and the body text where it is cited ("see rule 907.8b")."""
    in_text = [token.text for token in WORDS(typed)]
    return Word(start, end, typed, stems=in_text if len(in_text) == 1 else [], number=canonical(typed))


class Phrases(dict[tuple[str, ...], list[list[str]]]):
    """{typed words: [alternatives of each rules word]}: what a judge types and what the rules say,
    built whole and never changed. A phrase of two words or more of ``inflectable`` (all unless
    given: SearchIndex gives the judges' own, each with its reason; a phrase the build read from
    the documents is theirs as written) is also found in another form with the same stems
    ("double blocked" is "double block", "float mana" "floating mana"; "held" is no "hold"). A
    single word only as written: by its stem, "generic" would be "general", "survival" "survive"."""

    def __init__(
        self,
        phrases: Mapping[tuple[str, ...], list[list[str]]] | None = None,
        inflectable: Collection[tuple[str, ...]] | None = None,
    ):
        super().__init__(phrases or {})
        # by its words' stems, each inflectable phrase; of two with the same stems, the one read last
        self._by_stems = {
            tuple(map(stem_word, typed)): typed
            for typed in (self if inflectable is None else inflectable)
            if len(typed) > 1 and typed in self
        }
        self._first_pairs = frozenset(stems[:2] for stems in self._by_stems)  # most pairs of words begin none
        self.longest = max(map(len, self), default=0)  # how many words the longest phrase has

    def in_another_form(self, typed: tuple[str, ...], stems: tuple[str, ...]) -> list[list[str]] | None:
        """The rules' words for ``typed`` (of these ``stems``), a phrase in another form of its
        words, unless a word typed otherwise is listed on its own ("leader died": "died" is)."""
        written = self._by_stems.get(stems)
        if written is None or any((word,) in self for word, form in zip(typed, written) if word != form):
            return None
        return self[written]

    def begins_another_form(self, stems: tuple[str, ...]) -> bool:
        """Whether a phrase found in another form begins with these two stems."""
        return stems in self._first_pairs


def read_phrases(text: str, where: str) -> Phrases:
    """Lines ``what a judge types = what the rules say`` (``|`` between a word's alternatives,
    ``#`` before the reason): {typed words: [alternatives of each rules word]}."""
    phrases = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        typed, equals, rules = line.partition("=")
        if not equals or not typed.strip() or not rules.strip():
            raise ValueError(f"{where} line {number}: expected 'what a judge types = what the rules say'")
        key = tuple(token.text for token in WORDS(typed, removestops=False))
        # the rules' side without its stop words, which no entry is searched for ("all players": players)
        translation = [
            [token.text for alternative in word.split("|") for token in WORDS(alternative)] for word in rules.split()
        ]
        phrases[key] = [alternatives for alternatives in translation if alternatives]
    return Phrases(phrases)


@cache
def judges_phrases() -> Phrases:
    """judges-words.txt: players' words for what the rules call something else."""
    text = resources.files(__package__).joinpath("judges-words.txt").read_text(encoding="utf-8")
    return read_phrases(text, "judges-words.txt")


def _translated(words: list[Word], phrases: Phrases, text: str) -> list[Word]:
    """Judges' phrases replaced by the rules' words, each spanning the phrase as typed in ``text``:
    first the phrases with a stop word ("at once"), over every word typed; then the others over the
    words searched, so "turn it over" is "turn over"."""
    typed = {id(word) for word in words}
    first = _replaced(words, phrases, set(), text, stop_words_only=True)
    done = {id(word) for word in first if id(word) not in typed}  # the rules' words a phrase became
    return _replaced([word for word in first if not word.stop], phrases, done, text, stop_words_only=False)


def _replaced(words: list[Word], phrases: Phrases, done: set[int], text: str, stop_words_only: bool) -> list[Word]:
    """``words`` with each phrase of ``phrases`` replaced, the longest first, but none that holds a
    word of ``done`` (one a phrase already became); if ``stop_words_only``, only the phrases with
    a stop word, each asked when typed (picking them out of some 140 phrases cost a search 0.05 ms)."""
    translated, position = [], 0
    stems = tuple(stem_word(word.typed) for word in words)
    while position < len(words):
        found = _phrase_at(words, stems, position, phrases, done, text, stop_words_only)
        if found is None:
            translated.append(words[position])
            position += 1
            continue
        window, typed, rules = found
        translated.extend(
            Word(
                window[0].start,
                window[-1].end,
                alternatives[0],
                stems=list(dict.fromkeys(map(stem_word, alternatives))),
                as_typed=alternatives[0] in typed,
            )
            for alternatives in rules
        )
        position += len(window)
    return translated


def _phrase_at(
    words: list[Word],
    stems: tuple[str, ...],
    position: int,
    phrases: Phrases,
    done: set[int],
    text: str,
    stop_words_only: bool,
) -> tuple[list[Word], tuple[str, ...], list[list[str]]] | None:
    """The longest phrase typed at ``position``: its words, as typed, and the rules' words; as
    written, or in another form of its words (``stems``: each word's) within one clause of
    ``text`` ("who decides which applies first, me or the players" says no "first player")."""
    another_form = phrases.begins_another_form(stems[position : position + 2])
    for length in range(min(phrases.longest, len(words) - position), 0, -1):
        window = words[position : position + length]
        typed = tuple(word.typed for word in window)
        rules = phrases.get(typed)
        if rules is None and another_form and length > 1 and not _across_clauses(text, window):
            rules = phrases.in_another_form(typed, stems[position : position + length])
        if (
            rules is not None
            and (not stop_words_only or has_stop_word(typed))
            and not any(id(word) in done for word in window)
        ):
            return window, typed, rules
    return None


def _across_clauses(text: str, window: list[Word]) -> bool:
    """Whether a comma, a full stop or another mark that ends a clause stands between the words."""
    return any(_CLAUSE_END.search(text, before.end, after.start) for before, after in itertools.pairwise(window))


@cache
def is_stop_word(word: str) -> bool:
    return any(token.stopped for token in WORDS(word, removestops=False))


@cache
def has_stop_word(phrase: tuple[str, ...]) -> bool:
    return any(map(is_stop_word, phrase))


def finds_longer_words(stem: str) -> bool:
    """Whether a stem also finds the longer words it begins ("team": teammates, "own": owner):
    words of three letters or more; never numbers."""
    return len(stem) >= 3 and stem.isalpha()


def is_english_word(word: str) -> bool:
    return english_zipf(word) >= ENGLISH_WORD_ZIPF


@lru_cache(maxsize=65536)
def english_zipf(word: str) -> float:
    """How common a word is in English (wordfreq's Zipf scale: 3 = once per million words)."""
    return zipf_frequency(word, "en", wordlist=ENGLISH_WORDS)


def negations(stem: str, known_stems: Collection[str]) -> list[str]:
    """The stem's opposites the rulebook uses ("tapp": "untapp"), for stems of NEGATED_MIN letters
    or more ("di", dies, is no part of "undi", undying)."""
    if len(stem) < NEGATED_MIN:
        return []
    return [prefix + stem for prefix in NEGATIONS if prefix + stem in known_stems]


class Speller:
    """The rulebook's vocabulary, and the closest of its words (or of the players' words) to a
    misspelled one."""

    def __init__(self, vocabulary: dict[str, int], known_stems: dict[str, int], players_words: Collection[str] = ()):
        self.vocabulary = vocabulary
        self.known_stems = known_stems  # how many entries use each stem
        # a misspelled players' word is corrected to it, then read as the rules' words it means
        # ("counterspel": counterspell, which counters a spell); as the least used, after the rules' own
        self.words = sorted({*vocabulary, *players_words, *FUNCTION_WORDS})
        self.corrector = ListCorrector(self.words)
        self.correct = lru_cache(maxsize=4096)(self.closest_word)  # judges repeat their searches

    def look_up(self, words: list[Word], correct: bool = True) -> list[Word]:
        """Each word's stems in the index; a correction (``correct``, for the first
        MAX_CORRECTED only: each costs milliseconds) if neither the rulebook nor English uses it."""
        attempts = 0
        for word in words:
            if word.searched:
                continue
            stem = stem_word(word.typed)
            again = self.done_again(word.typed)
            if word.typed in NUMBER_WORDS:
                word.stems = [each for each in (stem, NUMBER_WORDS[word.typed]) if each in self.known_stems]
            elif (
                word.typed not in self.vocabulary and correct and attempts < MAX_CORRECTED and self.slipped(word.typed)
            ):
                attempts += 1
                word.correction = self.correct(word.typed)
                word.stems = [stem_word(word.correction)]
            elif stem in self.known_stems or word.typed in self.vocabulary:
                word.stems = [stem, *negations(stem, self.known_stems)]
            elif again:
                word.stems = [again]
            elif correct and attempts < MAX_CORRECTED and not is_english_word(word.typed):
                attempts += 1
                word.correction = self.correct(word.typed)
                word.stems = [stem_word(word.correction)] if word.correction else []
        return words

    def slipped(self, typed: str) -> bool:
        """Whether a word the rulebook never prints, whose stem it barely uses (SLIP_AT_MOST entries),
        is a slip for a word it uses SLIP_RATIO times as often: "plainswalker" stems to the
        glossary's one Plainswalk, and means planeswalker."""
        used = self.known_stems.get(stem_word(typed), 0)
        if not used or used > SLIP_AT_MOST or is_english_word(typed):
            return False
        correction = self.correct(typed)
        return bool(correction) and self.known_stems.get(stem_word(correction), 0) >= SLIP_RATIO * used

    def done_again(self, word: str) -> str | None:
        """The stem of the rules' word that ``word`` is "re" and ("recast": cast, "replay": play):
        doing it again is doing it, and no misspelling of another word ("recast" is not "recent")."""
        if not word.startswith(AGAIN) or len(word) - len(AGAIN) < AGAIN_MIN:
            return None
        stem = stem_word(word[len(AGAIN) :])
        return stem if stem in self.known_stems else None

    def closest_word(self, word: str) -> str | None:
        """The closest word, the rulebook's or a player's: fewest edits (swapping two letters is
        one, a letter typed for the pair it sounds as none: _sounded), then the rules' own words
        and the FUNCTION_WORDS before the players' ("conceed": concede, not conceded), then a word
        the typed one swaps two letters of or misses letters of, the slips typists make most
        ("thier": their, not thief; "hnad": hand, not had), then a word it misses letters of
        ("commandr": commander, not command; typists drop letters more often than they add them),
        then most used.

        Only words of letters are corrected: "20" or "2hg" are not typos of other numbers."""
        allowed = 0 if len(word) < 4 or len(word) > 30 or not word.isalpha() else 1 if len(word) < 6 else 2
        if not allowed:
            return None
        completed = self.completed(word)
        if completed:
            return completed
        sounded = self._sounded(word)
        swapped = self._swapped(word)
        for distance in range(1, allowed + 1):  # one edit is quick to look for; two only when one finds nothing
            suggested = self.corrector.suggest(word, limit=20, maxdist=distance, prefix=1)
            # whoosh's automaton counts a swap as two edits ("frist" is one from frost, two from
            # first); Damerau–Levenshtein counts it as one, so the swaps are looked up too
            candidates = [
                self._likeness(word, candidate, sounded, swapped)
                for candidate in dict.fromkeys([*suggested, *swapped, *sounded])
            ]
            close = [candidate for candidate in candidates if candidate[0] <= allowed]
            if close:
                return min(close)[-1]
        return None

    def completed(self, word: str) -> str | None:
        """The rulebook's word that ``word`` begins, when players clip it ("prolif": proliferate,
        "indestruct": indestructible, "deatht": deathtouch, not death): of the stem that finds
        the most uses of the words beginning so, its shortest word ("identi": identity, not
        identify, whose stem "identifi" finds no identity card)."""
        if len(word) < CLIPPED_MIN or not word.isalpha():
            return None
        start = bisect.bisect_left(self.words, word)
        begun = itertools.takewhile(lambda candidate: candidate.startswith(word), self.words[start:])
        longer = [candidate for candidate in begun if candidate in self.vocabulary]  # the rules' own words
        uses: Counter[str] = Counter()
        for candidate in longer:
            uses[stem_word(candidate)] += self.vocabulary[candidate]
        if not uses:
            return None
        # a stem also finds the longer ones it begins ("prolifer" finds "proliferat", proliferated)
        found = {stem: sum(count for other, count in uses.items() if other.startswith(stem)) for stem in uses}
        stem = max(found, key=lambda each: (found[each], each))
        return min(
            (candidate for candidate in longer if stem_word(candidate) == stem), key=lambda each: (len(each), each)
        )

    def _likeness(self, word: str, candidate: str, sounded: list[str], swapped: list[str]) -> tuple:
        """How far ``candidate`` is from the typed ``word``, in closest_word's order (the least
        first), and the candidate last."""
        omits = _omits_from(word, candidate)
        return (
            0 if candidate in sounded else damerau_levenshtein(word, candidate),
            not self._is_own(candidate),  # a players' word only after the rules' own
            candidate not in swapped and not omits,
            not omits,
            -self.vocabulary.get(candidate, 0),
            candidate,
        )

    def _is_own(self, word: str) -> bool:
        """Whether a correction to ``word`` is to the rules' own words or a word every sentence has,
        not a players' word."""
        return word in self.vocabulary or word in FUNCTION_WORDS

    def _sounded(self, word: str) -> list[str]:
        """The rulebook's words (in any form its stems have) that ``word`` is as it sounds, a letter
        typed for a pair (SOUNDS_ALIKE), one at a time: "fase" is phase, though two edits from it
        and one from false, "morf" morph, "morfs" morphs. The corrector only suggests words of the
        typed first letter."""
        return [
            respelled
            for sound, spelling in SOUNDS_ALIKE
            for at in _positions_of(word, sound)
            if (respelled := word[:at] + spelling + word[at + len(sound) :]) in self.vocabulary
            or stem_word(respelled) in self.known_stems
        ]

    def _swapped(self, word: str) -> list[str]:
        """The rulebook's words, and the FUNCTION_WORDS, that are ``word`` with two neighbouring
        letters swapped."""
        swaps = (word[:at] + word[at + 1] + word[at] + word[at + 2 :] for at in range(len(word) - 1))
        return [swap for swap in swaps if swap != word and self._is_own(swap)]


def _positions_of(word: str, part: str) -> list[int]:
    """Where ``part`` begins in ``word``, each place."""
    return [at for at in range(len(word)) if word.startswith(part, at)]


def _omits_from(typed: str, word: str) -> bool:
    """Whether ``typed`` is ``word`` with letters left out: every typed letter in it, in order."""
    letters = iter(word)
    return len(typed) < len(word) and all(letter in letters for letter in typed)


def as_searched(text: str, words: list[Word]) -> str:
    """The query as typed, then the words searched that it does not say: each misspelled word's
    correction and the rules' words a players' phrase became ("opp bounced my token":
    "... opponent return"). What the query means is read from this (meaning.py): a misspelling
    means nothing to the model, and the rules say what they mean in their own words."""
    typed = text.lower()
    added = [word.correction or word.typed for word in words if word.correction or word.typed not in typed]
    return " ".join([text, *dict.fromkeys(added)])


def corrected_text(text: str, query: Query) -> str:
    """The query's words as typed, each misspelled one replaced by its correction, without the
    query's punctuation: "before anyone attacked the Leader?" -> "before anyone attacked the Leader"."""
    corrections = {(word.start, word.end): word.correction for word in query.words if word.correction}
    return " ".join(corrections.get(span, text[span[0] : span[1]]) for span in query.spans)


def spliced(text: str, words: list[Word]) -> str:
    """``text`` with each misspelled word replaced by its correction, all else as typed:
    "who goes frist?" -> "who goes first?"."""
    for word in sorted((word for word in words if word.correction), key=lambda word: -word.start):
        text = text[: word.start] + word.correction + text[word.end :]
    return text


def has(words: str, word: Word) -> bool:
    """Whether an entry's indexed words (" name title body context ") include the query's word
    (or a longer one: "team" is in "teammates", as tiers.match finds it)."""
    return any(string in words for string in _search_strings(tuple(word.stems), word.number))


@lru_cache(maxsize=4096)  # a search asks it of every candidate, for the same few words
def _search_strings(stems: tuple[str, ...], number: str | None) -> tuple[str, ...]:
    """What an entry's indexed words hold if they have the word: each stem, at a word's start
    (followed by its end unless it finds longer words), or the rule number whole."""
    found = [f" {stem}{'' if finds_longer_words(stem) else ' '}" for stem in stems]
    return (*found, f" {number} ") if number else tuple(found)
