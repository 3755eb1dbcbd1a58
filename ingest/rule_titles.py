"""What a rule is about, in words: its title, or the heading it sits under.

The official rules print a keyword's rule as a heading ("702.19. Trample") and its subrules
without one ("702.19b The controller of an attacking creature with trample first assigns..."), so
"702.19b" alone tells a judge nothing. A rule's title is its own title or heading, else its
parent's, else its grandparent's, else its section's ("810.1" is about Two-Headed Giant Variant).
Search results, rule pages, the answer box and the JSON show "702.19b · Trample".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MAX_HEADING_WORDS = 6  # "Trample", "Two-Headed Giant", "Partner with": a sentence is longer
# a sentence's end or its inner stops: a keyword's name may end with "!" ("For Mirrodin!", "Start
# Your Engines!"), a rule never does
_SENTENCE = re.compile(r"[.:;?]\s*$|[.;:]\s")


def heading_text(text: str | None) -> str | None:
    """The text if it reads as a heading (a few capitalised words, no sentence): "Trample", "For
    Mirrodin!", "∞ Infinity" (its first letter capitalised, after a symbol)."""
    text = (text or "").strip()
    first_letter = next((character for character in text if character.isalpha()), "")
    if not text or len(text.split()) > MAX_HEADING_WORDS or _SENTENCE.search(text) or not first_letter.isupper():
        return None
    return text


def section_title(section: str | None) -> str | None:
    """ "810. Two-Headed Giant Variant" -> "Two-Headed Giant Variant"."""
    title = (section or "").partition(". ")[2].strip()
    return title or None


def rule_title(rules: Iterable[tuple[str | None, str | None]], section: str | None) -> str | None:
    """The title of the first of ``rules`` (the rule, then its parent, then its grandparent: each
    its own title and its text) that has one, else the section's."""
    for title, text in rules:
        found = (title or "").strip() or heading_text(text)
        if found:
            return found
    return section_title(section)


def titled(number: str, title: str | None) -> str:
    """How a rule is named where a judge reads a list: "702.19b · Trample", or its number alone."""
    return f"{number} · {title}" if title else number


def is_empty_heading(text: str | None, paragraphs: str | None) -> bool:
    """A rule that is only a heading ("702.2. Deathtouch", over its subrules or, in an excerpt,
    alone): nothing to read of its own, so not a search result (its subrules are found, and its
    number opens it)."""
    return not paragraphs and (not (text or "").strip() or heading_text(text) is not None)
