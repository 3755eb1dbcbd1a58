"""Rule numbers as a player dictates them to a phone: "seven oh four point five f" is 704.5f.

A phone's dictation writes a spoken rule number in words, the way people read it aloud: its
section digit by digit ("nine oh three", "seven zero four", "one one six") or as one number
("seven hundred four", "one twenty"), then "point" or "dot", the rule's number ("nine",
"nineteen", "one nine") and the subrule's letter ("b"). Read so, the number opens its rule
like a typed one (words.py).

A sentence's own numbers are never read as a rule's: words are only a rule number with "point"
or "dot" between a section of three digits and what follows, or after "rule", "section" or "CR"
("rule nine oh three"). A subrule letter "a" or "i" is only one ending the query ("one oh four
point three a"): elsewhere it is a word ("point three a player").

text2num (PyPI) reads "seven hundred four point five" but not "oh" for zero, "dot", a section
read digit by digit or hyphenated ("7 oh 4.5 f", "1 20.3", "seven-oh-four"), hence this grammar.
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
BEFORE_A_NUMBER = ("rule", "rules", "section", "cr")
# A subrule's letter: the rules skip "l" and "o" (which reads as zero here)
LETTERS = frozenset("abcdefghijkmnpqrstuvwxyz")
# Between two words of one spoken number: spaces or a hyphen ("seven-oh-four"), never a comma
# or a full stop, which end a sentence's own number ("I have one. Four of them...")
_TOKEN = re.compile(r"[^\W_]+")
_JOINED = re.compile(r"[ \t-]*")
_ENDING = re.compile(r"[\s?.!,]*")


def spoken_numbers(text: str) -> list[tuple[int, int, str]]:
    """Each rule number dictated in words in ``text``: (start, end, the number as printed)."""
    found = []
    runs = _runs(text)
    for run in runs:
        words = [word for word, _, _ in run]
        # the run's words up to the end of the query, but for punctuation: a last "a" is a letter
        ending = len(words) if run is runs[-1] and _ENDING.fullmatch(text, run[-1][2]) else None
        at = 0
        while at < len(run):
            before = words[at - 1] if at else _word_before(text, run[0][1])
            read = _rule_number(words, at, before, ending)
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


def _word_before(text: str, start: int) -> str:
    words = _TOKEN.findall(text, 0, start)
    return words[-1].lower() if words else ""


def _rule_number(words: list[str], at: int, before: str, ending: int | None) -> tuple[str, int] | None:
    """The rule number spoken from ``words[at]`` on (``before`` is the word before it; the query
    ends after ``words[ending - 1]``, if it does in these words), and the index after it; or None."""
    section = _section(words, at)
    if section is None:
        return None
    value, after = section
    if _word(words, after) in POINT:
        rule = _rule(words, after + 1)
        if rule is None:
            return None
        number, after = f"{value}.{rule[0]}", rule[1]
        letter = _word(words, after)
        if letter in LETTERS and (letter not in ("a", "i") or after + 1 == ending):
            number, after = number + letter, after + 1
    elif before in BEFORE_A_NUMBER:
        number = str(value)
    else:
        return None
    if all(_is_digits(word) for word in words[at:after] if word not in POINT):
        return None  # typed in digits: words.py reads those ("rule 903" in a sentence is no number)
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
    """A section's three digits: "nine oh three", "nine zero three", "nine hundred (and) three",
    "one twelve", "one twenty one", "one one six", or "903" itself."""
    word = words[at]
    if len(word) == 3 and _is_digits(word) and word[0] != "0":
        return int(word), at + 1
    first = _digit(words, at)
    if first is None:
        return None
    at += 1
    if _word(words, at) == "hundred":
        after_and = at + 1 + (_word(words, at + 1) == "and")
        rest = _below_hundred(words, after_and) or (_digit(words, after_and), after_and + 1)
        return (first * 100, at + 1) if rest[0] is None else (first * 100 + rest[0], rest[1])
    rest = _below_hundred(words, at)
    if rest:
        return first * 100 + rest[0], rest[1]
    tens, ones = _digit(words, at, zero=True), _digit(words, at + 1, zero=True)
    if tens is None or ones is None:
        return None
    return first * 100 + tens * 10 + ones, at + 2


def _below_hundred(words: list[str], at: int) -> tuple[int, int] | None:
    """ "twelve", "twenty", "twenty one" (10 to 99 in words)."""
    word = _word(words, at)
    if word in TEENS:
        return TEENS[word], at + 1
    if word in TENS:
        ones = _digit(words, at + 1)
        return (TENS[word], at + 1) if ones is None else (TENS[word] + ones, at + 2)
    return None


def _rule(words: list[str], at: int) -> tuple[int, int] | None:
    """A rule's number after the point: "nine", "nineteen", "twenty one", "one nine", "19"."""
    word = _word(words, at)
    if _is_digits(word) and word[0] != "0" and len(word) <= 3:
        return int(word), at + 1
    rest = _below_hundred(words, at)
    if rest:
        return rest
    first = _digit(words, at)
    if first is None:
        return None
    second = _digit(words, at + 1, zero=True)
    return (first, at + 1) if second is None else (first * 10 + second, at + 2)
