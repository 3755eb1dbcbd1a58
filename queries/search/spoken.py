"""Rule numbers as a player dictates them to a phone: "seven oh four point five f" is 704.5f.

A phone's dictation writes a spoken rule number in words, the way people read it aloud: its
section digit by digit ("nine oh three", "seven zero four", "one one six") or as one number
("seven hundred four", "one twenty"), then "point" or "dot", the rule's number ("nine",
"nineteen", "one nine", "one oh one", "one twenty three") and the subrule's letter ("b", or "5f"
written in digits). Read so, the number opens its rule like a typed one (words.py).

A sentence's own numbers are never read as a rule's: words are a rule number only with "point"
or "dot" between a section of three digits and what follows, and only spaces or hyphens between
its words ("is that the rule? two twenty life" is no rule 220.). A section alone is a number only
as the whole query, after "rule", "section" or "CR" ("rule nine oh three"), as a typed one is:
in a sentence it is searched as words. A subrule letter "a" or "i" is only one ending the query
("one oh four point three a"): elsewhere it is a word ("point three a player").

text2num (PyPI) turns "seven oh four point five f" into "7 oh 4.5 f" and "one twenty point three"
into "1 20.3": it reads "seven hundred four point five" but not "oh" for zero, "dot", or a section
read digit by digit or hyphenated, hence this grammar.
"""

from __future__ import annotations

import re

ZERO = {"zero": 0, "oh": 0, "o": 0}
DIGITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
TEENS = dict(
    zip(
        ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"],
        range(10, 20),
    )
)
TENS = dict(zip(["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], range(20, 100, 10)))
POINT = ("point", "dot")
BEFORE_A_NUMBER = ("rule", "rules", "section", "sections", "cr")
NUMBER_WORDS = frozenset([*ZERO, *DIGITS, *TEENS, *TENS, "hundred"])
# A subrule's letter: the rules skip "l" and "o" ("o" reads as zero here); words.py reads a typed
# letter apart ("907.8 b") from the same letters
LETTERS = frozenset("abcdefghijkmnpqrstuvwxyz")
# The end of a query but for punctuation: "a" and "i" are a subrule's letter only before it
# (words.py's typed numbers too)
QUERY_END = r"[\s?.!,]*$"
_TOKEN = re.compile(r"[^\W_]+")
# Between two words of one spoken number: spaces or a hyphen ("seven-oh-four"), never a comma
# or a full stop, which end a sentence's own number ("I have one. Four of them...")
_JOINED = re.compile(r"[ \t-]*")
_ENDS_QUERY = re.compile(QUERY_END)
_RULE_AND_LETTER = re.compile(r"([1-9]\d{0,2})([a-z])")  # "5f" in "seven oh four point 5f"


def spoken_numbers(text: str) -> list[tuple[int, int, str]]:
    """Each rule number dictated in words in ``text``: (start, end, the number as printed)."""
    found = []
    runs = _runs(text)
    for place, run in enumerate(runs):
        words = [word for word, _, _ in run]
        # how many of the run's words there are if the query ends with them (but for punctuation)
        ending = len(words) if place == len(runs) - 1 and _ENDS_QUERY.match(text, run[-1][2]) else None
        at = 0
        while at < len(run):
            read = _rule_number(words, at, ending, whole_query=place == 0)
            if read is None:
                at += 1
                continue
            number, after = read
            found.append((run[at][1], run[after - 1][2], number))
            at = after
    return found


def _runs(text: str) -> list[list[tuple[str, int, int]]]:
    """The words of ``text`` (word, start, end), in runs that may be one spoken number: only
    spaces or hyphens between them."""
    runs: list[list[tuple[str, int, int]]] = []
    end = None
    for match in _TOKEN.finditer(text):
        if end is None or not _JOINED.fullmatch(text, end, match.start()):
            runs.append([])
        runs[-1].append((match.group().lower(), match.start(), match.end()))
        end = match.end()
    return runs


def _rule_number(words: list[str], at: int, ending: int | None, whole_query: bool) -> tuple[str, int] | None:
    """The rule number spoken from ``words[at]`` on, and the index after it; or None. ``ending``
    is how many words there are if the query ends with them; ``whole_query``, whether they begin it."""
    section = _section(words, at)
    if section is None:
        return None
    value, after = section
    if _word(words, after) in POINT:
        rule = _rule(words, after + 1)
        if rule is None:
            return None
        number, letter, after = rule
        number = f"{value}.{number}"
        if letter is None:
            letter = _word(words, after)
            if letter in LETTERS and (letter not in ("a", "i") or after + 1 == ending):
                number, after = number + letter, after + 1
        else:
            number += letter
        if _word(words, after) in NUMBER_WORDS:
            return None  # more number words than a rule's: no reading is sure
    elif whole_query and at == 1 and words[0] in BEFORE_A_NUMBER and after == ending:
        if all(map(_is_digits, words[at:after])):
            return None  # "rule 903" typed: words.py reads it
        number = str(value)
    else:
        return None
    return number, after


def _is_digits(word: str) -> bool:
    """0 to 9 only: "²" and "٣" are digits to str.isdigit, and no rule's."""
    return word.isascii() and word.isdigit()


def _word(words: list[str], at: int) -> str:
    return words[at] if at < len(words) else ""


def _digit(words: list[str], at: int, zero: bool = False) -> int | None:
    word = _word(words, at)
    if len(word) == 1 and _is_digits(word) and (zero or word != "0"):
        return int(word)
    return DIGITS.get(word, ZERO.get(word) if zero else None)


def _section(words: list[str], at: int) -> tuple[int, int] | None:
    """A section's three digits: in words (_hundreds), or "903" itself."""
    word = words[at]
    if len(word) == 3 and _is_digits(word) and word[0] != "0":
        return int(word), at + 1
    return _hundreds(words, at)


def _hundreds(words: list[str], at: int) -> tuple[int, int] | None:
    """A number of three digits in words, and the index after it: "nine oh three", "nine zero
    three", "one one six", "one twelve", "one twenty one", "nine hundred (and) three", "seven
    hundred"."""
    first = _digit(words, at)
    if first is None:
        return None
    if _word(words, at + 1) == "hundred":
        after_and = at + 2 + (_word(words, at + 2) == "and")
        rest = _below_hundred(words, after_and) or _one_digit(words, after_and)
        return (first * 100, at + 2) if rest is None else (first * 100 + rest[0], rest[1])
    rest = _below_hundred(words, at + 1)
    if rest:
        return first * 100 + rest[0], rest[1]
    tens, ones = _digit(words, at + 1, zero=True), _digit(words, at + 2, zero=True)
    if tens is None or ones is None:
        return None
    return first * 100 + tens * 10 + ones, at + 3


def _below_hundred(words: list[str], at: int) -> tuple[int, int] | None:
    """ "twelve", "twenty", "twenty one" (10 to 99 in words)."""
    word = _word(words, at)
    if word in TEENS:
        return TEENS[word], at + 1
    if word in TENS:
        ones = _digit(words, at + 1)
        return (TENS[word], at + 1) if ones is None else (TENS[word] + ones, at + 2)
    return None


def _rule(words: list[str], at: int) -> tuple[int, str | None, int] | None:
    """A rule's number after the point, any letter written with it, and the index after it:
    "nine", "nineteen", "twenty one", "one nine" (19), "one oh one" (101), "one twenty three",
    "one hundred (and) one", "19", "5f"."""
    word = _word(words, at)
    typed = _RULE_AND_LETTER.fullmatch(word)
    if typed and typed[2] in LETTERS:
        return int(typed[1]), typed[2], at + 1
    if _is_digits(word) and word[0] != "0" and len(word) <= 3:
        return int(word), None, at + 1
    rest = _below_hundred(words, at) or _hundreds(words, at)
    if rest:
        return rest[0], None, rest[1]
    first = _digit(words, at)
    if first is None:
        return None
    second = _digit(words, at + 1, zero=True)
    return (first, None, at + 1) if second is None else (first * 10 + second, None, at + 2)


def _one_digit(words: list[str], at: int) -> tuple[int, int] | None:
    digit = _digit(words, at)
    return None if digit is None else (digit, at + 1)
